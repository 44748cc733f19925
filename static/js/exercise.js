/*
 * exercise.js — the reader's side of ```exercise blocks (src/expand/exercise.rs): the fields
 * and buttons the build rendered hidden are shown; "Check" (or Enter in a field) reads each
 * field with exercise-answer.js and says "Correct" or "Not yet" in the live verdict; "Hint"
 * moves the next hint out of the closed <details> that readers without JavaScript open; "Show
 * solution" opens it, and from then on a verdict also says what was expected. Solved exercises
 * are remembered in localStorage (never sent anywhere). With [vary], "New numbers" draws a seed
 * from the ones the build proved, reprints every number of the exercise with exercise-vary.js
 * and keeps the seed in the URL fragment (`#vary-<name>=<seed>`, several joined by "&"), so a
 * teacher can share one draw. No innerHTML: every text is a text node.
 *
 * Classic script, deferred; mounts on DOMContentLoaded, once every deferred helper has run.
 */
(function () {
  'use strict';

  /** localStorage key: { "<page path>": ["<exercise name>", …] }. */
  var PROGRESS_KEY = 'worked-exercises';

  function readProgress() {
    try {
      var stored = JSON.parse(window.localStorage.getItem(PROGRESS_KEY) || '{}');
      return stored && typeof stored === 'object' ? stored : {};
    } catch (error) {
      return {};
    }
  }

  function remember(name) {
    var progress = readProgress();
    var page = window.location.pathname;
    var solved = Array.isArray(progress[page]) ? progress[page] : [];
    if (solved.indexOf(name) < 0) solved.push(name);
    progress[page] = solved;
    try {
      window.localStorage.setItem(PROGRESS_KEY, JSON.stringify(progress));
    } catch (error) {
      // Private windows and file:// may refuse storage; the exercise works without it.
    }
  }

  function wasSolved(name) {
    var solved = readProgress()[window.location.pathname];
    return Array.isArray(solved) && solved.indexOf(name) >= 0;
  }

  function markSolved(section) {
    if (section.classList.contains('exercise-solved')) return;
    section.classList.add('exercise-solved');
    var title = section.querySelector('.exercise-title');
    var badge = document.createElement('span');
    badge.className = 'exercise-badge';
    badge.textContent = 'Solved';
    title.appendChild(document.createTextNode(' '));
    title.appendChild(badge);
  }

  function mount(section) {
    var dataNode = section.querySelector('script[data-exercise-data]');
    var controls = section.querySelector('.exercise-controls');
    var details = section.querySelector('details.exercise-solution');
    if (!dataNode || !controls || !details) return;
    var data = JSON.parse(dataNode.textContent);
    var fields = Array.prototype.slice.call(controls.querySelectorAll('.exercise-field'));
    var verdict = controls.querySelector('.exercise-verdict');
    var shownHints = controls.querySelector('.exercise-shown-hints');
    var hintButton = controls.querySelector('[data-action="hint"]');
    var state = { solutionShown: false, lastVerdict: null, seed: null };

    controls.hidden = false;
    details.hidden = true;
    if (wasSolved(data.name)) markSolved(section);

    function expected() {
      return data.printed.length === 1 ? data.printed[0] : '(' + data.printed.join(', ') + ')';
    }

    function say(kind, text) {
      state.lastVerdict = { kind: kind, text: text };
      var words = text;
      if (state.solutionShown && kind !== 'correct') {
        words += (/\.$/.test(words) ? ' ' : '. ') + 'The answer is ' + expected() + '.';
      }
      verdict.textContent = words;
      verdict.className = 'exercise-verdict exercise-verdict-' + kind;
    }

    /** A number as a verdict writes it, with the minus sign of the page. */
    function asWritten(value) {
      return String(value).replace('-', '\u2212');
    }

    /** Marks `field` as refused and points it at the verdict that says why (or clears both). */
    function markField(field, refused) {
      if (refused) {
        field.setAttribute('aria-invalid', 'true');
        field.setAttribute('aria-describedby', verdict.id);
      } else {
        field.removeAttribute('aria-invalid');
        field.removeAttribute('aria-describedby');
      }
    }

    function check() {
      var readings = fields.map(function (field) { return worked.answer.read(field.value); });
      readings.forEach(function (reading, i) { markField(fields[i], reading.kind !== 'number'); });
      for (var i = 0; i < readings.length; i++) {
        if (readings[i].kind === 'number') continue;
        var typed = fields[i].value.trim();
        if (typed === '') say('unread', 'Not yet: type a number first.');
        else if (readings[i].kind === 'decimalComma') {
          say('unread', '\u201c' + typed + '\u201d is not a number here: write ' + readings[i].withPoint + ', with a point.');
        } else say('unread', 'Not yet: write a number such as 0.67, .67, 2/3, 24.5% or \u22120.5.');
        return;
      }
      var right = readings.every(function (reading, i) {
        // A hair of slack so that an answer exactly on the boundary is not lost to rounding.
        return Math.abs(reading.value - data.answer[i]) <= data.tolerance[i] * (1 + 1e-9);
      });
      // A percentage is read as a fraction; the verdict says so, so a reader who meant
      // something else sees why.
      var notes = [];
      readings.forEach(function (reading, i) {
        if (reading.percent) notes.push(fields[i].value.trim() + ' read as ' + asWritten(reading.value));
      });
      var note = notes.length ? ' (' + notes.join('; ') + ')' : '';
      if (right) {
        say('correct', 'Correct' + note);
        remember(data.name);
        markSolved(section);
      } else {
        say('wrong', 'Not yet' + note);
      }
    }

    function nextHint() {
      var hint = details.querySelector('.exercise-hint');
      if (!hint) return;
      shownHints.appendChild(hint);
      if (!details.querySelector('.exercise-hint')) {
        hintButton.disabled = true;
        var hints = details.querySelector('.exercise-hints');
        if (hints) hints.hidden = true;
      }
    }

    function showSolution() {
      state.solutionShown = true;
      details.hidden = false;
      details.open = true;
      if (state.lastVerdict) say(state.lastVerdict.kind, state.lastVerdict.text);
      else {
        verdict.textContent = 'The answer is ' + expected() + '.';
        verdict.className = 'exercise-verdict';
      }
    }

    /** Reprints the exercise (and its printed solution) with the numbers of `seed`. */
    function useSeed(seed) {
      var drawn = worked.exerciseVary.draw(data.vary.plan, seed);
      if (!drawn.ok) {
        say('unread', 'These numbers cannot be computed (' + drawn.message + '). Try New numbers again.');
        return false;
      }
      var refs = data.vary.refs;
      var texts = {};
      refs.forEach(function (ref, i) {
        texts[ref.ref] = worked.exerciseVary.prose(ref.rule, drawn.outputs[i], ref.list, ref.percent);
      });
      var copies = document.querySelectorAll('.exercise-printed[data-exercise="' + data.name + '"]');
      [section].concat(Array.prototype.slice.call(copies)).forEach(function (root) {
        Array.prototype.forEach.call(root.querySelectorAll('.worked-ref[data-ref]'), function (node) {
          var text = texts[node.getAttribute('data-ref')];
          if (text !== undefined) node.textContent = text;
        });
        // "1 merge", "3 merges": the noun after a count agrees with the number drawn.
        Array.prototype.forEach.call(root.querySelectorAll('.vary-noun'), function (noun) {
          var count = noun.previousElementSibling;
          if (!count) return;
          var form = count.textContent === '1' ? 'data-one' : 'data-many';
          noun.textContent = noun.getAttribute(form);
        });
      });
      var answer = refs[data.vary.answer];
      var values = worked.exerciseVary.entries(drawn.outputs[data.vary.answer]);
      data.answer = values;
      // One precision for every entry, as the sentences print them.
      var rule = worked.exerciseVary.sharedRule(answer.rule, values);
      data.printed = values.map(function (x) { return worked.exerciseVary.number(rule, x); });
      data.tolerance = data.printed.map(function (printed) {
        return data.vary.tolerance !== null ? data.vary.tolerance : worked.exerciseVary.halfUnit(printed);
      });
      state.seed = seed;
      fields.forEach(function (field) { field.value = ''; markField(field, false); });
      state.solutionShown = false;
      state.lastVerdict = null;
      details.hidden = true;
      details.open = false;
      return true;
    }

    function fragmentSeeds() {
      var seeds = {};
      window.location.hash.replace(/^#/, '').split('&').forEach(function (part) {
        var match = /^vary-(.+)=([0-9]{1,15})$/.exec(part);
        if (match) seeds[decodeURIComponent(match[1])] = Number(match[2]);
      });
      return seeds;
    }

    function keepSeed(seed) {
      var parts = window.location.hash.replace(/^#/, '').split('&').filter(function (part) {
        return part !== '' && part.indexOf('vary-' + data.name + '=') !== 0;
      });
      parts.push('vary-' + data.name + '=' + seed);
      try {
        window.history.replaceState(null, '', '#' + parts.join('&'));
      } catch (error) {
        // Some file:// contexts refuse history changes; the draw still shows.
      }
    }

    function newNumbers() {
      var count = data.vary.seeds;
      var seed = state.seed;
      while (seed === state.seed) seed = 1 + Math.floor(Math.random() * count);
      if (useSeed(seed)) {
        keepSeed(seed);
        verdict.textContent = 'New numbers.';
        verdict.className = 'exercise-verdict';
      }
    }

    if (data.vary) {
      var shared = fragmentSeeds()[data.name];
      if (shared !== undefined) shared = worked.exerciseVary.provenSeed(shared, data.vary.seeds);
      if (shared !== undefined && useSeed(shared)) {
        verdict.textContent = 'The numbers of the shared link.';
      }
    }

    controls.addEventListener('click', function (event) {
      var button = event.target.closest('button[data-action]');
      if (!button) return;
      var action = button.getAttribute('data-action');
      if (action === 'check') check();
      else if (action === 'hint') nextHint();
      else if (action === 'solution') showSolution();
      else if (action === 'vary' && data.vary) newNumbers();
    });
    fields.forEach(function (field) {
      field.addEventListener('keydown', function (event) {
        if (event.key === 'Enter') {
          event.preventDefault();
          check();
        }
      });
    });
  }

  var mounted = false;
  function mountAll() {
    if (mounted) return;
    mounted = true;
    Array.prototype.forEach.call(document.querySelectorAll('section.worked-exercise'), mount);
  }

  // A deferred script runs before DOMContentLoaded, while the helpers listed after it (the
  // language and exercise-vary.js) may not have run yet: mount once all of them have.
  if (document.readyState === 'complete') mountAll();
  else {
    document.addEventListener('DOMContentLoaded', mountAll);
    window.addEventListener('load', mountAll);
  }
})();
