/*
 * exercise.js — the reader's side of ```exercise blocks (src/expand/exercise.rs): the fields
 * and buttons the build rendered hidden are shown; "Check" (or Enter in a field) reads each
 * field with exercise-answer.js and says "Correct" or "Not yet" in the live verdict; "Hint"
 * moves the next hint out of the closed <details> that readers without JavaScript open; "Show
 * solution" opens it, and from then on a verdict also says what was expected. Solved exercises
 * are remembered in localStorage (never sent anywhere). No innerHTML: every text is a text node.
 *
 * Classic script, deferred: runs once the page is parsed; needs exercise-answer.js before it.
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
    var state = { solutionShown: false, lastVerdict: null };

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

    function check() {
      var values = fields.map(function (field) { return worked.answer.readAnswer(field.value); });
      fields.forEach(function (field, i) {
        if (values[i] === null) field.setAttribute('aria-invalid', 'true');
        else field.removeAttribute('aria-invalid');
      });
      var unread = values.indexOf(null);
      if (unread >= 0) {
        say('unread', fields[unread].value.trim() === ''
          ? 'Not yet: type a number first.'
          : 'Not yet: write a number such as 0.67, .67, 2/3 or \u22120.5.');
        return;
      }
      var right = values.every(function (value, i) {
        // A hair of slack so that an answer exactly on the boundary is not lost to rounding.
        return Math.abs(value - data.answer[i]) <= data.tolerance[i] * (1 + 1e-9);
      });
      if (right) {
        say('correct', 'Correct');
        remember(data.name);
        markSolved(section);
      } else {
        say('wrong', 'Not yet');
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

    controls.addEventListener('click', function (event) {
      var button = event.target.closest('button[data-action]');
      if (!button) return;
      var action = button.getAttribute('data-action');
      if (action === 'check') check();
      else if (action === 'hint') nextHint();
      else if (action === 'solution') showSolution();
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

  Array.prototype.forEach.call(document.querySelectorAll('section.worked-exercise'), mount);
})();
