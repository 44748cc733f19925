/*
 * compute-widget.js — the "Try it" widget of a ```compute example, and of an ```attention,
 * ```softmax, ```gradient_descent or ```vectors example (whose block writes its program and
 * presentation in the same JSON). Finds every `[data-widget="compute"]`, `[data-widget="attention"]`,
 * `[data-widget="softmax"]`, `[data-widget="gradient_descent"]` and `[data-widget="vectors"]` figure, reads the program and inputs the build embedded as JSON
 * (`{ name, steps, inputs: [[name, value]…], stepNames, rows, cols, decimals }`, no fetch, so
 * file:// works), and replaces the static tables (what readers without JavaScript see) with a
 * field for every input entry and a live table for every step (or for the steps the lesson's
 * `show` list names, the JSON's `show`; the steps its `lines` list names, vector steps such as a
 * loss history, as one line chart drawn by line-chart.js exactly as the build draws a figure of
 * them, their tables kept below it, marked by the steps `line_marks` names: a dashed reference, where
 * a run diverged; lone numbers share one box). Each edit reruns the program with the language's JavaScript
 * interpreter (compute-lang.js, `WorkedComputeLang.run`), the twin of the Rust one that computed
 * the page, which runs again only the statements the edit can change (the others' values are kept
 * from the last runs, so an edit of a lesson's sampling settings does not retrain its model, nor
 * does each value the suggestion search tries); matrices are shaded as heatmaps, masked entries (−∞)
 * hatched. An edit that makes a step fail keeps the last good tables and says so at the input
 * that was edited. The prose keeps describing the lesson's example; the edited inputs live in the
 * URL fragment (`#try-<example>=x:1,2_3,4;eps:0.1`) so the state can be shared.
 *
 * Runs never hold the page (issue 41): each widget runs its programs in a worker built from
 * compute-lang.js's own source (`WorkedComputeLang.worker`, a Blob, which file:// pages may start);
 * the mount's runs, and any where there is no worker, go here in slices of SLICE_MS (`runInSteps`
 * pauses at loop iterations);
 * the next edit drops the run in progress; a refused edit is said as soon as its run fails, and
 * the search for values that work (at most SUGGESTION_RUNS runs and SUGGESTION_MS) follows.
 *
 * The widget block's `[controls]` (the JSON's `controls`) give an input a slider (log scale
 * optional, its number field beside it, landing exactly on the lesson's value, with a button to
 * each of its `marks`), a checkbox or radio buttons instead of its number fields, or, to a
 * matrix whose rows the example's `rows` label, text fields for those labels (`names`: an
 * attention's token names or a vectors example's names, which every table and view follows);
 * its `[views]` (`views`) draw a step (or an input: a vectors example's vectors) as the build's heatmap or bars (step-views.js, a heatmap
 * hatching the entries where the step `masked` names holds −∞), scatter or arrows
 * (plane-views.js, with a projection dashed among the arrows from the steps the JSON's
 * `projections` names, a vectors example's), or contour (contour-view.js, with the steps of its
 * grid's x and y and a path from `contours`), the table kept below in a disclosure; the steps
 * drawn so come first, under the inputs, the others after them in the program's order. Every entry of a step's table explains itself on a click or Enter
 * (step-explain.js, from the program's syntax tree), in the `[data-explain]` box under the steps.
 * A kind's block may name `notes`: scalar steps that are 0 when a run went through and else
 * say where it stopped (a descent's `diverged_at`), each said in the block's words above the
 * steps (renderNotes); and `step_words`, its steps in the lesson's words, which a refusal says
 * beside the step's name (an attention's "step “scores”, the scores Q·Kᵀ, overflow"), and
 * `step_failures`, what a step's failure means in the kind's words, said instead of the
 * language's (a vectors example's "“cat” is the zero vector…").
 * The JSON's `highlight` (the widget block's, or a softmax's target) tags in words the entry at
 * the position a step holds in every vector's table and beside its bars (`[data-highlight]`);
 * its `sentences` are written under their step with each run's numbers (`[data-sentence]`, a
 * softmax's loss in words), the twins of Rust's `Sentence::fill`, which writes them for readers
 * without JavaScript.
 * Once an edit rests, a screen reader hears the notes, the first step drawn and the sentences
 * (`[data-summary]`).
 *
 * Everything every widget does alike (DOM building, number parsing, the fragment, mounting) is
 * in widget-common.js; labels follow the block's rule and a value's own names (the JSON's
 * `labels`), compute-lang.js `labels`; an input's fields are named by the JSON's `field_names`
 * (an attention's W_Q) or else by the input's name.
 * DOM is built with createElement/textContent only: names and numbers are reader input. A classic
 * script, not an ES module, because Chromium blocks module scripts on file:// pages.
 */
(function () {
  'use strict';

  var ns = (globalThis.worked = globalThis.worked || {});
  var DEPENDENCIES = [
    ['format', 'worked-format.js'],
  ];
  var ownScript = document.currentScript || document.querySelector('script[src$="compute-widget.js"]');

  // The shape of a run's values, from step-explain.js, which the page lists before this file.
  var isMatrix = ns.stepExplain.isMatrix;
  var asRows = ns.stepExplain.asRows;
  var common; // widget-common.js
  var F; // worked-format.js
  var el; // common.el
  var widgetCount = 0;
  /**
   * Most numbers the step tables may hold together when the build does not say (it does, in
   * the JSON's `most_shown`: the same limit it holds the lesson's own example to). A million
   * table cells froze a tab for most of a minute; a few thousand draw in a blink.
   */
  var MOST_SHOWN = 4096;
  /** Runs the search for a suggestion may make, so a refused edit stays quick. */
  var SUGGESTION_RUNS = 14;
  /**
   * Of SUGGESTION_RUNS, the runs (and of SUGGESTION_MS, the share) a bisection leaves for
   * rounding what it found: a reader is offered 9 × 10¹⁵³, not 9.371341361223948 × 10¹⁵³.
   */
  var ROUNDING_RUNS = 3;
  var ROUNDING_SHARE = 0.3;
  /**
   * Milliseconds a widget computes at a time before it lets the browser draw and take the next
   * keystroke: a run of a training loop takes seconds, and a tab must never freeze for 100 ms.
   */
  var SLICE_MS = 20;
  /**
   * Milliseconds the search for a suggestion may take in all (in the worker, the page stays
   * live meanwhile); past them the refusal stays alone, or with the nearest value found so far.
   */
  var SUGGESTION_MS = 10000;

  /**
   * Calls `fn` in a task of its own, after what the browser has queued (a keystroke, a frame to
   * draw), without the 4 ms that nested timeouts wait.
   */
  var nextTask = (function () {
    if (typeof MessageChannel !== 'function') return function (fn) { setTimeout(fn, 0); };
    // Opened on first use: a port that listens keeps Node's event loop alive, so a channel opened
    // as the script loads would keep a Node test that only requires this file from ever exiting.
    var channel = null;
    var queue = [];
    return function (fn) {
      if (!channel) {
        channel = new MessageChannel();
        channel.port1.onmessage = function () { queue.shift()(); };
      }
      queue.push(fn);
      channel.port2.postMessage(null);
    };
  })();

  /** The entry `[name, value]` of `values` (a run's values, in order) named `name`, or
   *  undefined. */
  function entryNamed(values, name) {
    for (var i = 0; i < values.length; i++) if (values[i][0] === name) return values[i];
    return undefined;
  }

  function clone(value) {
    return JSON.parse(JSON.stringify(value));
  }


  // ---------------------------------------------------------------- URL fragment (shareable state)

  /** `x:1,2_3,4;eps:0.1`: the inputs that differ from the example; rows "_", entries ",". */
  function encodeState(original, state) {
    return original
      .filter(function (entry, i) { return JSON.stringify(entry[1]) !== JSON.stringify(state[i][1]); })
      .map(function (entry) {
        var value = state.filter(function (s) { return s[0] === entry[0]; })[0][1];
        return entry[0] + ':' + asRows(value).map(function (row) { return row.map(String).join(','); }).join('_');
      })
      .join(';');
  }

  /** The inputs a fragment describes, or null when it does not fit this example's shapes. */
  function decodeState(original, text) {
    var state = clone(original);
    if (text === '') return state;
    var ok = text.split(';').every(function (part) {
      var colon = part.indexOf(':');
      if (colon < 0) return false;
      var name = part.slice(0, colon);
      var index = original.map(function (entry) { return entry[0]; }).indexOf(name);
      if (index < 0) return false;
      var shape = asRows(original[index][1]);
      var rows = part.slice(colon + 1).split('_').map(function (row) { return row.split(',').map(common.parseNumber); });
      var fits = rows.length === shape.length && rows.every(function (row, i) {
        return row.length === shape[i].length && row.every(function (x) { return x !== null; });
      });
      if (!fits) return false;
      var value = original[index][1];
      state[index][1] = typeof value === 'number' ? rows[0][0] : isMatrix(value) ? rows : rows[0];
      return true;
    });
    return ok ? state : null;
  }

  /**
   * The keys of the links the kinds' own widgets wrote before they became this one (issue 43),
   * by kind, as this widget's input names: a descent's `#try-fit=lr:0.1`, a softmax's `t:0.5`,
   * an attention's `t:the,dog,sat;e:1,0_0,1;q:…;k:…;v:…;o:…;c:1`. Their values are written as
   * this widget writes them (rows "_", entries ",", names percent-encoded), so a link a reader
   * saved opens with its values. None is one of its kind's input names (`t` is not `T`).
   */
  var OLD_LINK_KEYS = {
    gradient_descent: { lr: 'learning_rate' },
    softmax: { t: 'T' },
    attention: { t: 'tokens', e: 'embeddings', q: 'w_q', k: 'w_k', v: 'w_v', o: 'w_o', c: 'causal' },
  };

  /** A widget's part of a link, `text`, in this widget's form: the old keys of a `kind`'s own
   *  widget (OLD_LINK_KEYS) renamed, any other part as it is. */
  function currentLink(kind, text) {
    var keys = OLD_LINK_KEYS[kind];
    if (!keys || !text) return text;
    return text.split(';').map(function (part) {
      var key = part.slice(0, part.indexOf(':'));
      return Object.prototype.hasOwnProperty.call(keys, key) ? keys[key] + part.slice(key.length) : part;
    }).join(';');
  }

  /** How a step's shape differs from the lesson's, in words ("50 entries instead of 100",
   *  "2 × 3 instead of 3 × 3"), or null when it has the same shape. */
  function sizeChange(lessonRows, value) {
    var rows = asRows(value);
    if (!lessonRows || (lessonRows.length === rows.length && lessonRows[0].length === rows[0].length)) return null;
    var size = function (r) {
      return r.length === 1 ? F.formatCount(r[0].length) + (r[0].length === 1 ? ' entry' : ' entries') : matrixWords(r);
    };
    var was = size(lessonRows);
    return size(rows) + ' instead of ' + (rows.length === 1 && lessonRows.length === 1 ? was.replace(/ entr(y|ies)$/, '') : was);
  }

  /** "“a”", "“a” and “b”", "“a”, “b” and “c”". */
  function listWords(items) {
    return items.length < 2 ? items.join('') : items.slice(0, -1).join(', ') + ' and ' + items[items.length - 1];
  }

  /**
   * A note's words for the value of its step (the JSON's `notes`, `{ step: { says, why } }`):
   * null when the value is 0 (the run went through), else `[before, number, after, why]`, the
   * number in `says` where its `{}` stands, printed as a count ("33", "1,024") by `format`
   * (worked-format.js), and `why` (optional) the sentence that follows. Pure, for
   * tests/js/compute-widget-notes.test.mjs.
   */
  function noteParts(note, value, format) {
    if (typeof value !== 'number' || value === 0) return null;
    var at = note.says.indexOf('{}');
    var number = Number.isInteger(value) && value > 0 ? format.formatCount(value) : format.formatShortest(value);
    if (at === -1) return [note.says, '', '', note.why || ''];
    return [note.says.slice(0, at), number, note.says.slice(at + 2), note.why || ''];
  }

  // ---------------------------------------------------------------------------- refused edits

  /** An overflow, a limit of the language, or more numbers than the widget draws. */
  function tooLarge(problem) {
    return problem.kind === 'size' || problem.kind === 'limit' ||
      (problem.kind === 'chart' && ['points', 'cells', 'bars', 'arrows'].indexOf(problem.reason) !== -1) ||
      (problem.kind === 'non_finite' && /overflows/.test(problem.error.message));
  }

  /**
   * `good` rounded towards `before` to 1, 2, … significant digits, each strictly between the
   * two, fewest digits first and each once: the values a suggestion tries before it offers
   * `good`, a bisection's last working value (9.371341361223948 × 10¹⁵³ from 1 gives 9 × 10¹⁵³,
   * 9.3 × 10¹⁵³, 9.37 × 10¹⁵³). Rounding towards the value that works keeps each on the side
   * that worked; whole numbers stay whole (rounding to digits past the units gives `good`
   * itself). Pure, for tests/js/compute-widget-suggest.test.mjs.
   */
  function roundedTowards(good, before) {
    var rounded = [];
    if (!isFinite(good) || !isFinite(before) || good === before) return rounded;
    var down = before < good;
    var exponent = Number(good.toExponential().split('e')[1]);
    for (var digits = 1; digits < 17; digits++) {
      var c = Number(good.toPrecision(digits));
      if (c === good) break;
      // Rounded to the nearest, it may have passed `good`: one unit of that digit back.
      if (down ? c > good : c < good) {
        var unit = Math.pow(10, exponent - digits + 1);
        c = Number((down ? c - unit : c + unit).toPrecision(digits));
      }
      var between = down ? c > before && c < good : c < before && c > good;
      if (between && rounded.indexOf(c) === -1) rounded.push(c);
    }
    return rounded;
  }

  /** A matrix's size by the number rule for counts: "3 × 16", "1,000 × 1,000". */
  function matrixWords(rows) {
    return F.formatCount(rows.length) + ' \u00d7 ' + F.formatCount(rows[0].length);
  }

  /** A value's shape in words: "1,000 × 1,000", "a vector of 1,000". */
  function shapeWords(value) {
    var rows = asRows(value);
    return isMatrix(value) ? matrixWords(rows) : 'a vector of ' + F.formatCount(rows[0].length);
  }

  /**
   * What a refused edit does, as the end of a sentence that starts with what the reader typed
   * ("d = 7 makes step “i” fail: …"): `full` for the field, `short` for the status line. A step
   * a kind's block gives words (`stepWords`, the JSON's `step_words`) is said with them too:
   * "makes step “scores”, the scores Q·Kᵀ, overflow". `failure`, when given, is what the step's
   * failure means in the kind's words (Widget.failureWords), said instead of the language's.
   */
  function problemWords(problem, stepWords, failure) {
    if (problem.kind === 'size') {
      return {
        short: 'would make the tables too large to draw',
        full: 'would make the tables hold ' + F.formatCount(problem.count) + ' numbers (step \u201c' +
          problem.step.name + '\u201d alone is ' + shapeWords(problem.step.value) + '), and the widget draws at most ' +
          F.formatCount(problem.most) + ', to keep the page quick.',
      };
    }
    if (problem.kind === 'chart') return chartWords(problem);
    var error = problem.error;
    var step = problem.stepName ? '\u201c' + problem.stepName + '\u201d' : null;
    var said = step && stepWords && Object.prototype.hasOwnProperty.call(stepWords, problem.stepName)
      ? ', ' + stepWords[problem.stepName] + ','
      : '';
    var where = step ? 'step ' + step + said : 'the program';
    if (tooLarge(problem) && problem.kind === 'non_finite') {
      return {
        short: 'makes ' + where + ' overflow',
        full: 'makes ' + where + ' overflow: its numbers would pass 1.8 \u00d7 10\u00b3\u2070\u2078, the largest a browser can hold.',
      };
    }
    if (failure) return { short: 'makes ' + where + ' fail', full: 'makes ' + where + ' fail: ' + failure + '.' };
    // The language's own words, less the step it names (said already), its hint for authors and
    // the program's line numbers, which a reader does not see.
    var message = common.readerWords(error.message.replace(/ in step [A-Za-z_][A-Za-z0-9_]*( at \[[^\]]*\])?/, '')
      .replace(/ \((step [A-Za-z_][A-Za-z0-9_]*, )?line \d+\)/g, ''));
    return { short: 'makes ' + where + ' fail', full: 'makes ' + where + ' fail: ' + message + '.' };
  }

  /** problemWords for an edit the line chart cannot draw. */
  function chartWords(problem) {
    var step = 'step \u201c' + problem.stepName + '\u201d';
    if (problem.view) {
      var drawing = { heatmap: 'heatmap', bars: 'bar chart', scatter: 'scatter', arrows: 'arrows', contour: 'contour' }[problem.view];
      if (problem.reason === 'mask') {
        // Both shapes, in the build's words (heatmaps.rs): "the mask of … is 3×3, and … 2×2".
        var mask = 'the mask \u201c' + problem.mask + '\u201d of ' + step;
        return {
          short: 'makes ' + mask + ' no longer fit it',
          full: 'makes ' + mask + ' ' + (typeof problem.maskValue === 'number' ? 'a number' : shapeWords(problem.maskValue)) +
            ', and the step ' + shapeWords(problem.value) +
            ': a mask marks the entries of the step it has the shape of, so the heatmap cannot mark the masked entries.',
        };
      }
      if (problem.reason === 'projection') {
        return {
          short: 'makes the projection among the arrows of ' + step + ' impossible to draw',
          full: 'makes the steps of the projection among the arrows of ' + step +
            ' no longer two positions of its rows, a tip (x, y) and a length, so it cannot be drawn.',
        };
      }
      if (['extent', 'path', 'optimum', 'directions'].indexOf(problem.reason) !== -1) {
        return {
          short: 'makes the contour of ' + step + ' impossible to draw',
          full: {
            extent: 'makes the steps of its x and y no longer one rising number per column and row of ' + step + ', so its contour cannot be drawn.',
            path: 'makes the path over the contour of ' + step + ' no longer a list of finite points (x, y) it can draw.',
            optimum: 'makes the optimum marked on the contour of ' + step + ' no longer one finite point (x, y).',
            directions: 'makes the directions through the optimum of ' + step + ' no longer two finite rows (x, y).',
          }[problem.reason],
        };
      }
      var picture = 'its ' + drawing;
      if (['cells', 'bars', 'points', 'arrows'].indexOf(problem.reason) !== -1) {
        return {
          short: 'would make the ' + drawing + ' of ' + step + ' too large to draw',
          full: 'would make ' + step + ' ' + F.formatCount(problem.count) + ' entries, and ' + picture + ' draws at most ' +
            F.formatCount(problem.most) + '.',
        };
      }
      return {
        short: 'makes ' + picture.replace('its', 'the') + ' of ' + step + ' impossible to draw',
        full: problem.reason === 'shape'
          ? 'makes ' + step + ' ' + (typeof problem.value === 'number' ? 'a single number' : shapeWords(problem.value)) +
            ', which ' + picture + ' cannot draw.'
          : 'makes ' + step + ' hold a number ' + picture + ' cannot draw (\u2212\u221e).',
      };
    }
    if (problem.reason === 'points') {
      return {
        short: 'would make the chart too large to draw',
        full: 'would make the chart draw ' + F.formatCount(problem.count) + ' points, and it draws at most ' +
          F.formatCount(problem.most) + ', to keep the page quick.',
      };
    }
    var why = problem.reason === 'log'
      ? 'makes ' + step + ' fall below 0, which its chart, on a log scale, cannot draw.'
      : problem.reason === 'shape'
        ? 'makes ' + step + ' ' + (typeof problem.value === 'number' ? 'a single number' : 'a matrix') +
          ', which its chart cannot draw as a line.'
        : 'makes ' + step + ' hold a number its chart cannot draw (\u2212\u221e).';
    return { short: 'makes the chart of ' + step + ' impossible to draw', full: why };
  }

  // ------------------------------------------------------------------------------- domains

  /** Whether `x` is one of the values `domain` allows (any number without a domain). */
  function inside(domain, x) {
    if (!domain) return isFinite(x);
    if (domain.choice) return domain.choice.indexOf(x) !== -1;
    if (!isFinite(x) || (domain.integer && !Number.isInteger(x))) return false;
    if (typeof domain.min === 'number' && (domain.exclusive_min ? x <= domain.min : x < domain.min)) return false;
    if (typeof domain.max === 'number' && (domain.exclusive_max ? x >= domain.max : x > domain.max)) return false;
    return true;
  }

  /**
   * The value of `domain` nearest `x` (x itself when inside): a choice's nearest value, a bound,
   * or, past an open bound, a round value just inside it, a tenth of the power of ten of the
   * lesson's distance from it (temperature > 0 from a lesson's 2: 0.1).
   */
  function nearestInside(domain, x, lesson) {
    if (inside(domain, x)) return x;
    if (domain.choice) {
      return domain.choice.slice().sort(function (a, b) { return Math.abs(a - x) - Math.abs(b - x) || a - b; })[0];
    }
    var y = domain.integer ? Math.round(x) : x;
    function inward(bound, open, sign) {
      if (!open) return domain.integer ? bound + sign * (Math.ceil(sign * bound) - sign * bound) : bound;
      if (domain.integer) return sign > 0 ? Math.floor(bound) + 1 : Math.ceil(bound) - 1;
      var gap = Math.abs(lesson - bound) || 1;
      return Number((bound + sign * Math.pow(10, Math.floor(Math.log10(gap))) / 10).toPrecision(6));
    }
    if (typeof domain.min === 'number' && !(domain.exclusive_min ? y > domain.min : y >= domain.min)) {
      y = inward(domain.min, domain.exclusive_min, 1);
    }
    if (typeof domain.max === 'number' && !(domain.exclusive_max ? y < domain.max : y <= domain.max)) {
      y = inward(domain.max, domain.exclusive_max, -1);
    }
    return y;
  }

  /** A switch declared by its domain gets its control when the widget block gives none: a
   *  checkbox for a choice of 0 and 1, radio buttons named by their values for another. */
  function defaultControls(controls, domains, inputs) {
    inputs.forEach(function (entry) {
      var domain = domains[entry[0]];
      if (controls[entry[0]] || !domain || !domain.choice || typeof entry[1] !== 'number') return;
      var sorted = domain.choice.slice().sort();
      controls[entry[0]] = sorted.length === 2 && sorted[0] === 0 && sorted[1] === 1
        ? { kind: 'toggle' }
        : { kind: 'choice', choices: domain.choice, labels: domain.choice.map(function (x) { return F.formatShortest(x); }) };
    });
  }

  // ------------------------------------------------------------------------------------ the widget

  function Widget(figure, example) {
    this.figure = figure;
    this.example = example;
    this.decimals = typeof example.decimals === 'number' ? example.decimals : 3;
    this.id = 'wc' + ++widgetCount;
    this.inputs = clone(example.inputs); // [[name, value]], the values the program runs on
    this.fields = []; // { node, input, row, col, label, message }
    this.values = null; // [[name, value]] of the last run that worked
    this.mostShown = typeof example.most_shown === 'number' ? example.most_shown : MOST_SHOWN;
    /** `[{ step, class }]`: the steps drawn as lines in one chart, each in its page colour. */
    this.lines = Array.isArray(example.lines) && example.lines.length ? example.lines : null;
    this.chart = null; // the line chart's layout of the last run that worked
    /** `{ input: { kind: 'slider' | 'toggle' | 'choice', … } }`: the widget block's `[controls]`. */
    this.controls = example.controls || {};
    /** `{ input: { min, max, exclusive_min, exclusive_max, integer, choice, means, words } }`:
     *  the values each input may take, declared in the compute block's `[inputs]`. */
    this.domains = example.domains || {};
    defaultControls(this.controls, this.domains, example.inputs);
    /** `{ step: 'heatmap' | 'bars' }`: steps drawn as pictures by step-views.js, tables below. */
    this.views = example.views || {};
    this.pictures = {}; // the views' pictures of the last run that worked, by step
    /** `{ step: words }`: what a kind's steps are in the lesson's words (an attention's
     *  `scores`: "the scores Q·Kᵀ"), said when an edit makes one overflow or fail. */
    this.stepWords = example.step_words || {};
    /** `{ step, says }`: the vector tables' column at the position `step` holds is tagged
     *  `says` (a softmax's target class). */
    this.highlight = example.highlight || null;
    /** `[{ after, parts }]`: sentences written under a step with the last run's numbers
     *  (a softmax's loss in words), the twins of Rust's `Sentence::fill`. */
    this.sentences = example.sentences || [];
    /** The row labels every table and view takes (the example's `rows`), which the reader
     *  renames when an input's control is `{ kind: 'names', called }` (an attention's tokens, a
     *  vectors example's names). */
    this.rows = Array.isArray(example.rows) ? example.rows.slice() : example.rows;
    this.names = Object.keys(this.controls).filter(function (input) {
      return this.controls[input].kind === 'names';
    }, this).map(function (input) { return this.controls[input].called; }, this)[0] || null;
    /** Redraws of the inputs' labels after a rename, one per input table. */
    this.relabels = [];
  }

  /** The column labels now: the example's `cols`, renamed with the rows when they are the
   *  rows' names (a vectors example names both sides of its pairwise tables, and its lengths,
   *  by its vectors), so a renamed vector is renamed everywhere. */
  Widget.prototype.cols = function () {
    var cols = this.example.cols;
    var rows = this.example.rows;
    var same = this.names && Array.isArray(cols) && Array.isArray(rows) && cols.join('\u0000') === rows.join('\u0000');
    return same ? this.rows : cols;
  };

  /** The page's colours by name (the JSON's `palette`), a renamed row's under its new name, so
   *  a renamed vector's arrow keeps its colour. */
  Widget.prototype.palette = function () {
    var rows = this.example.rows;
    var now = this.rows;
    return (this.example.palette || []).map(function (name) {
      var at = Array.isArray(rows) ? rows.indexOf(name) : -1;
      return at === -1 ? name : now[at];
    });
  };

  /** The widget's part of the link: the edited inputs, then the renamed rows
   *  (`tokens:the,dog,sat`, each name percent-encoded). */
  Widget.prototype.link = function () {
    var parts = [encodeState(this.example.inputs, this.inputs)];
    if (this.names && this.rows.join('\u0000') !== this.example.rows.join('\u0000')) {
      parts.push(this.names + ':' + this.rows.map(encodeURIComponent).join(','));
    }
    return parts.filter(Boolean).join(';');
  };

  /** A link's renamed rows, taken out of `text` (see link): `{ rest, rows }`, `rows` null when
   *  the link renames none, false when its names do not fit (another count, an empty name). */
  Widget.prototype.linkedRows = function (text) {
    var prefix = this.names + ':';
    var parts = text === '' ? [] : text.split(';');
    var named = this.names ? parts.filter(function (p) { return p.indexOf(prefix) === 0; })[0] : undefined;
    var rest = parts.filter(function (p) { return p !== named; }).join(';');
    if (named === undefined) return { rest: rest, rows: null };
    var rows;
    try {
      rows = named.slice(prefix.length).split(',').map(decodeURIComponent);
    } catch (e) {
      return { rest: rest, rows: false };
    }
    var fits = rows.length === this.example.rows.length && rows.every(function (r) { return r.trim() !== ''; });
    return { rest: rest, rows: fits ? rows : false };
  };

  /** Computed numbers at the book's decimals; what an edit makes huge in scientific notation. */
  Widget.prototype.fmt = function (x) {
    return F.formatComputed(x, this.decimals);
  };

  /** How a step's numbers print: at the places the widget block's `decimals` gives it, else a
   *  whole number by construction (the core says which) without decimals, as the build prints
   *  it, and anything else at the book's decimals, one precision for all entries of `value`
   *  (a vector or matrix prints all whole or all at the places). */
  Widget.prototype.formatterOf = function (name, value) {
    var places = this.example.decimals_of && this.example.decimals_of[name];
    if (typeof places === 'number') return function (x) { return F.formatDp(x, places); };
    var whole = Boolean(this.whole) && this.whole.indexOf(name) !== -1;
    if (whole) return F.formatShortest;
    return F.computedFormatter(asRows(value), this.decimals);
  };

  /**
   * What this widget's part of a link, `written`, restores: `{ inputs, rows, old }`, `inputs`
   * null when the link does not fit the example (another shape, a value outside its domain,
   * names that do not fit), `rows` its renamed rows (see linkedRows), and `old` whether it was
   * written by the kind's own widget before this one (currentLink).
   */
  Widget.prototype.fromLink = function (written) {
    var encoded = currentLink(this.example.kind, written);
    var linked = this.linkedRows(encoded);
    var inputs = linked.rows !== false ? decodeState(this.example.inputs, linked.rest) : null;
    return { inputs: inputs && this.inDomain(inputs) ? inputs : null, rows: linked.rows, old: encoded !== written };
  };

  Widget.prototype.mount = function () {
    var restored = common.readFragment(this.example.name);
    var link = this.fromLink(restored || '');
    if (link.rows) this.rows = link.rows;
    var fromUrl = restored !== null ? link.inputs : null;
    if (this.lines && !ns.lineChart) throw new Error('line-chart.js, which draws the lines, is not on the page');
    if (Object.keys(this.views).length && !ns.stepViews) throw new Error('step-views.js, which draws the views, is not on the page');
    var inPlane = Object.keys(this.views).some(function (step) { return /^(scatter|arrows)$/.test(this.views[step]); }, this);
    if (inPlane && !ns.planeViews) throw new Error('plane-views.js, which draws the scatter and arrows, is not on the page');
    var contoured = Object.keys(this.views).some(function (step) { return this.views[step] === 'contour'; }, this);
    if (contoured && !ns.contourView) throw new Error('contour-view.js, which draws the contours, is not on the page');
    var self = this;
    // The lesson's run (and the link's) goes in slices like any other; the static tables stay
    // until it ends. Without a working interpreter (a page that did not list it, a script that
    // failed to load) the first slice throws before anything is replaced.
    this.work((function* () {
      var lesson = yield { steps: self.example.steps, inputs: clone(self.example.inputs), here: true };
      if (!lesson.ok) {
        if (typeof console !== 'undefined') console.warn('worked: compute widget not started: the example as written does not run in this browser');
        return;
      }
      self.lessonValues = lesson.values;
      var outcome = self.judge(lesson, self.example.inputs);
      if (fromUrl) {
        var edited = self.judge(yield { steps: self.example.steps, inputs: clone(fromUrl), here: true }, fromUrl);
        if (!edited.problem) {
          self.inputs = fromUrl;
          outcome = edited;
          // An old widget's link, restored, is written again in this widget's form.
          if (link.old) common.writeFragment(self.example.name, self.link());
        }
      }
      self.build(restored !== null && !fromUrl);
      self.run(outcome);
    })());
  };

  /** Replaces the static tables with the live widget; `stale` when the link's edit did not fit. */
  Widget.prototype.build = function (stale) {
    var live = el('div', { className: 'ww', id: this.id });
    common.append(live, [
      el('p', { className: 'ww-intro' }, this.example.show
        ? 'Try it: change any input and the program runs again, in your browser; below are the steps this page follows.'
        : 'Try it: change any input and every step below is computed again, in your browser, by the same program.'),
      stale
        ? el('p', { className: 'ww-note', role: 'status' },
          'The link\u2019s edit does not fit this example any more, so the example\u2019s own numbers are shown.')
        : null,
      this.buildControls(),
      el('div', { className: 'ww-inputs' }, this.inputs.map(function (entry, index) {
        var control = this.controls[entry[0]];
        return control && control.kind !== 'names' ? this.buildControl(entry[0], index, control) : this.buildInput(entry, index, control);
      }, this)),
      this.status = el('p', { className: 'ww-status', role: 'status', 'data-status': true }),
      this.changedNote = el('p', { className: 'ww-changed-note', 'data-changed-steps': true, hidden: true }),
      this.notes = el('div', { className: 'ww-notes' }),
      this.summary = el('p', { className: 'ww-visually-hidden', 'aria-live': 'polite', 'data-summary': true }),
      this.results = el('div', { className: 'ww-results' }),
      this.explanation = el('div', { className: 'ww-explain', 'data-explain': true, 'aria-live': 'polite', hidden: true }),
      this.buildNumpy(),
    ]);
    common.showLive(this.figure, live);
  };

  /**
   * Runs `job`, a generator (the mount, an edit's run, its suggestion search), until it ends or
   * the widget's next job cancels it; the figure is `data-busy` meanwhile. The job yields a
   * program to run, `{ steps, inputs }`, and gets back what run() returns: the run goes to the
   * widget's worker, off the page's thread (or, without one, here in slices of SLICE_MS, each in
   * a task of its own, so that the browser draws and takes keystrokes between them).
   */
  Widget.prototype.work = function (job) {
    var self = this;
    var ticket = {};
    this.cancel();
    this.ticket = ticket;
    this.figure.setAttribute('data-busy', 'true');
    /** When the task running now has computed enough (without a worker). */
    this.sliceEnd = performance.now() + SLICE_MS;
    function advance(reply) {
      if (self.ticket !== ticket) return;
      var next;
      try {
        next = job.next(reply);
      } catch (error) {
        if (self.ticket === ticket) self.cancel();
        throw error;
      }
      if (self.ticket !== ticket) return;
      if (!next.done) {
        self.compute(next.value, ticket, advance);
        return;
      }
      self.ticket = null;
      self.figure.removeAttribute('data-busy');
    }
    advance();
  };

  /**
   * Runs `program` for the job holding `ticket`, then calls `done` with the result (see work);
   * `program.here` runs it on the page, in slices, without waiting for a worker to start (the
   * mount: a small example shows at once, as the page loads).
   */
  Widget.prototype.compute = function (program, ticket, done) {
    var self = this;
    if (!program.here && this.worker === undefined) this.worker = globalThis.WorkedComputeLang.worker();
    if (!program.here && this.worker) {
      var id = (this.requests = (this.requests || 0) + 1);
      this.worker.onmessage = function (event) {
        if (event.data.id === id && self.ticket === ticket) done(event.data.result);
      };
      // A worker that fails (it never should) leaves the widget running here.
      this.worker.onerror = function () {
        self.worker = null;
        if (self.ticket === ticket) self.compute(program, ticket, done);
      };
      this.worker.postMessage({ id: id, steps: program.steps, inputs: program.inputs });
      return;
    }
    var steps = globalThis.WorkedComputeLang.runInSteps(program.steps, program.inputs);
    (function slice() {
      if (self.ticket !== ticket) return;
      if (performance.now() >= self.sliceEnd) {
        nextTask(function () {
          self.sliceEnd = performance.now() + SLICE_MS;
          slice();
        });
        return;
      }
      var next;
      do next = steps.next(); while (!next.done && performance.now() < self.sliceEnd);
      if (next.done) done(next.value);
      else slice();
    })();
  };

  /** Drops the job in progress; a refusal still looking for a suggestion keeps its words. */
  Widget.prototype.cancel = function () {
    if (!this.ticket) return;
    this.ticket = null;
    if (this.worker) this.worker.postMessage({ stop: true });
    this.figure.removeAttribute('data-busy');
    if (this.searching) this.say(this.searching.field, this.searching.text);
    this.searching = null;
  };

  /** The steps the widget draws: all, or the lesson's `show` list (in the program's order). */
  Widget.prototype.drawn = function (steps) {
    var show = this.example.show;
    return steps.filter(function (entry) { return !show || show.indexOf(entry[0]) !== -1; });
  };

  /**
   * Runs the program on `inputs` (a generator for work()): `{ run }` when it works and its drawn steps fit
   * within `mostShown` numbers, else `{ run, problem }` with `problem.kind` 'size' (too many
   * numbers: `count` and the largest step `step`) or the language error's kind.
   */
  Widget.prototype.outcomeOf = function* (inputs) {
    return this.judge(yield { steps: this.example.steps, inputs: clone(inputs) }, inputs);
  };

  /** outcomeOf's verdict on a finished run of `inputs` (`[[name, value]…]`). */
  Widget.prototype.judge = function (run, inputs) {
    if (!run.ok) {
      return { run: run, problem: { kind: run.error.kind, error: run.error, stepName: this.stepAt(run.error.start) } };
    }
    var count = 0;
    var largest = null;
    this.drawn(run.values).forEach(function (entry) {
      var n = asRows(entry[1]).length * asRows(entry[1])[0].length;
      count += n;
      if (!largest || n > largest.n) largest = { name: entry[0], value: entry[1], n: n };
    });
    if (count > this.mostShown) {
      return { run: run, problem: { kind: 'size', count: count, step: largest, most: this.mostShown } };
    }
    var chart = this.lines ? this.layoutLines(run.values) : null;
    if (chart && chart.error) return { run: run, problem: chart.problem };
    // The inputs too: a view may draw one (a vectors example's vectors as arrows).
    var pictures = this.drawViews((inputs || []).concat(run.values));
    if (pictures.problem) return { run: run, problem: pictures.problem };
    return { run: run, problem: null, chart: chart, pictures: pictures };
  };

  /**
   * The views' pictures of `values` by step, as step-views.js draws them (the twins of the
   * build's figures), or `{ problem }` when an edit made one impossible to draw as the build
   * would (a heatmap step no longer a matrix, too many cells or bars, −∞ on a bar): kind
   * 'chart', with the view, what went wrong (`reason`) and the step.
   */
  Widget.prototype.drawViews = function (values) {
    var pictures = {};
    var names = Object.keys(this.views);
    for (var i = 0; i < names.length; i++) {
      var name = names[i];
      var view = this.views[name];
      var value = entryNamed(values, name)[1];
      var labels = globalThis.WorkedComputeLang.labels(value, this.rows, this.cols(),
        this.example.labels && this.example.labels[name]);
      var options = {
        decimals: this.decimals, idPrefix: this.id + '-' + name, full: this.example.full && this.example.full[name],
        mask: this.maskOf(name, values),
      };
      var rows = isMatrix(value) ? value : null;
      // bars.rs: the highlight's entry named bold under its bar.
      if (view === 'bars') options.highlight = this.highlighted(values);
      var picture;
      // A heatmap view draws any matrix as one, a single row or entry too (widget_presentation/views.rs).
      if (view === 'heatmap' && rows) {
        picture = ns.stepViews.heatmap(rows, labels.rows || null, labels.cols || null, name, options);
      } else if (view === 'bars' && Array.isArray(value) && !rows) {
        picture = ns.stepViews.bars(value, labels.cols || null, name, options);
      } else if (view === 'bars' && rows && (rows.length === 1 || rows[0].length === 1)) {
        picture = rows.length === 1
          ? ns.stepViews.bars(rows[0], labels.cols || null, name, options)
          : ns.stepViews.bars(rows.map(function (row) { return row[0]; }), labels.rows || null, name, options);
      } else if ((view === 'scatter' || view === 'arrows') && rows) {
        if (view === 'arrows') {
          options.projection = this.projectionOf(name, values, labels.rows, rows.length);
          options.palette = this.palette();
        }
        picture = options.projection === false ? { error: 'projection' }
          : ns.planeViews[view](rows, labels.rows || null, labels.cols || null, name, options);
      } else if (view === 'contour' && rows) {
        picture = ns.contourView.contour(rows, name, this.contourParts(name, values), options);
      } else {
        picture = { error: 'shape' };
      }
      if (picture.error) {
        return {
          problem: {
            kind: 'chart', view: view, reason: picture.error, stepName: name, value: value,
            count: picture.count, most: picture.most, mask: this.example.masked && this.example.masked[name],
            maskValue: options.mask && entryNamed(values, this.example.masked[name])[1],
          },
        };
      }
      pictures[name] = picture;
    }
    return pictures;
  };

  /** The entries of step `name`'s heatmap its mask step (the widget block's `masked`) marks, as
   *  rows of booleans, true where the mask step holds −∞ (view_figure in widget_presentation/views.rs);
   *  null without a mask; a mask step that is no matrix gives a shape step-views.js refuses. */
  Widget.prototype.maskOf = function (name, values) {
    var step = this.example.masked && this.example.masked[name];
    var entry = step && entryNamed(values, step);
    if (!entry) return null;
    return isMatrix(entry[1])
      ? entry[1].map(function (row) { return row.map(function (x) { return x === -Infinity; }); })
      : [];
  };

  /**
   * The projection an arrows view of `name` draws dashed (the JSON's `projections`: the steps
   * holding the positions of the vectors `of` and `onto`, the projection's tip and its signed
   * length, a vectors example's), as plane-views.js takes it from `values`, the rows named by
   * `rowNames` or by position; null without one, false when an edit made its steps no longer
   * two positions of the rows, a tip of two finite numbers and a finite length.
   */
  Widget.prototype.projectionOf = function (name, values, rowNames, count) {
    var spec = (this.example.projections || {})[name];
    if (!spec) return null;
    var step = function (s) { var entry = entryNamed(values, s); return entry && entry[1]; };
    var position = function (x) { return Number.isInteger(x) && x >= 0 && x < count; };
    var names = rowNames || Array.from({ length: count }, function (_, i) { return String(i + 1); });
    var of = step(spec.of);
    var onto = step(spec.onto);
    var vector = step(spec.vector);
    var scalar = step(spec.scalar);
    var tip = Array.isArray(vector) && vector.length === 2 && vector.every(isFinite);
    if (!position(of) || !position(onto) || !tip || typeof scalar !== 'number' || !isFinite(scalar)) return false;
    return { of: names[of], onto: names[onto], vector: vector, scalar: scalar };
  };

  /** The steps a contour view of `name` names (its x, y and path, as `{ name, value }`, from
   *  `values`), its levels and its axes' titles, as the widget block gave them. */
  Widget.prototype.contourParts = function (name, values) {
    var spec = (this.example.contours || {})[name] || {};
    var part = function (step) {
      var entry = step && entryNamed(values, step);
      return entry ? { name: step, value: entry[1] } : null;
    };
    return {
      x: part(spec.x), y: part(spec.y), path: part(spec.path), levels: spec.levels || 8,
      optimum: part(spec.optimum), directions: part(spec.directions),
      xLabel: spec.x_label || null, yLabel: spec.y_label || null,
    };
  };

  /**
   * The line chart of the `lines` steps in `values`, as line-chart.js lays it out, or
   * `{ error, problem }` when an edit made one impossible to draw as the build would (no
   * longer a vector, a value at or below 0 on a log scale, too many points): the problem's
   * kind is 'chart', with what went wrong (`reason`) and the step.
   */
  Widget.prototype.layoutLines = function (values) {
    var series = [];
    for (var i = 0; i < this.lines.length; i++) {
      var name = this.lines[i].step;
      var value = entryNamed(values, name);
      value = value && value[1];
      if (!Array.isArray(value) || isMatrix(value)) {
        return { error: 'shape', problem: { kind: 'chart', reason: 'shape', stepName: name, value: value } };
      }
      series.push({ name: name, values: value, className: this.lines[i].class });
    }
    var chart = ns.lineChart.layout(series, Boolean(this.example.log_y), this.decimals, this.lineMarks(values));
    if (chart.error) {
      var step = series.filter(function (s) {
        return s.values.some(function (v) { return !isFinite(v) || (chart.error === 'log' && v < 0); });
      })[0];
      return {
        error: chart.error,
        problem: {
          kind: 'chart', reason: chart.error, stepName: step ? step.name : series[0].name,
          count: chart.points, most: chart.most,
        },
      };
    }
    chart.series = series;
    return chart;
  };

  /**
   * The line chart's marks in `values` (the JSON's `line_marks`, the steps a line view's
   * `reference` and `diverged` name): the reference where it is a number, the step where the
   * run diverged where its step names one (line-chart.js `divergedStep`); as the build's
   * `LineMarkSteps::marks`.
   */
  Widget.prototype.lineMarks = function (values) {
    var steps = this.example.line_marks || {};
    var number = function (step) {
      var entry = step ? entryNamed(values, step) : null;
      return entry && typeof entry[1] === 'number' ? entry[1] : null;
    };
    var reference = number(steps.reference);
    var diverged = number(steps.diverged);
    return {
      reference: reference === null ? null : { name: steps.reference, value: reference },
      divergedAt: diverged === null ? null : ns.lineChart.divergedStep(diverged),
    };
  };

  Widget.prototype.buildControls = function () {
    var self = this;
    var reset = el('button', { type: 'button', 'data-action': 'reset', className: 'ww-button' }, 'Reset to the lesson\u2019s numbers');
    reset.addEventListener('click', function () {
      if (self.names) self.rows = self.example.rows.slice();
      self.restore(clone(self.example.inputs));
    });
    return el('div', { className: 'ww-controls' }, reset);
  };

  /** Row and column labels of the value `name`: the block's labels rule (`rows`, `cols` and the
   * value's `[labels]` entry), else positions. */
  Widget.prototype.labelsOf = function (name, value) {
    var sides = this.example.labels && Object.prototype.hasOwnProperty.call(this.example.labels, name)
      ? this.example.labels[name] : undefined;
    var named = globalThis.WorkedComputeLang.labels(value, this.rows, this.cols(), sides);
    var rows = asRows(value);
    var positions = function (n) { return Array.from({ length: n }, function (_, i) { return String(i + 1); }); };
    if (typeof value === 'number') return { rows: null, cols: null };
    if (!isMatrix(value)) return { rows: null, cols: named.cols || positions(value.length) };
    return { rows: named.rows || positions(rows.length), cols: named.cols || positions(rows[0].length) };
  };

  /** One input: a fieldset with a text field per entry, labelled like the tables; with the
   *  `names` control (`{ kind: 'names', called }`) its row labels are text fields too. */
  Widget.prototype.buildInput = function (entry, index, control) {
    var self = this;
    var name = entry[0];
    var value = entry[1];
    var labels = this.labelsOf(name, value);
    // The name the lesson gives the input (the JSON's `field_names`: an attention's W_Q), for
    // its fields' accessible names and the messages; else the program's.
    var called = this.example.field_names && Object.prototype.hasOwnProperty.call(this.example.field_names, name)
      ? this.example.field_names[name] : name;
    var rows = asRows(value);
    var heads = { rows: [], cols: [] }; // the label spans, redrawn after a rename
    var fields = [];
    var table = el('table', { className: 'ww-table ww-input-table', 'data-input-table': name });
    if (labels.cols) {
      var head = el('tr', null, labels.rows ? el('td') : null);
      labels.cols.forEach(function (label) {
        var span = el('span', { className: 'ww-label' }, label);
        heads.cols.push(span);
        head.appendChild(el('th', { scope: 'col' }, span));
      });
      table.appendChild(el('thead', null, head));
    }
    var body = el('tbody');
    rows.forEach(function (row, i) {
      var rowHead = null;
      if (control && control.kind === 'names') rowHead = el('th', { scope: 'row' }, self.nameField(i));
      else if (labels.rows) {
        var span = el('span', { className: 'ww-label' }, labels.rows[i]);
        heads.rows.push(span);
        rowHead = el('th', { scope: 'row' }, span);
      }
      var tr = el('tr', null, rowHead);
      row.forEach(function (x, j) {
        var node = self.numberField(index, i, j, name);
        fields.push(self.fields[self.fields.length - 1]);
        tr.appendChild(el('td', null, node));
      });
      body.appendChild(tr);
    });
    table.appendChild(body);
    /** The fields' names for screen readers and messages, and the labels, from the rows' names now. */
    function relabel() {
      var now = self.labelsOf(name, value);
      heads.cols.forEach(function (span, j) { span.textContent = now.cols[j]; });
      heads.rows.forEach(function (span, i) { span.textContent = now.rows[i]; });
      fields.forEach(function (field) {
        field.label = called + (typeof value === 'number' ? ''
          : isMatrix(value) ? ' row ' + now.rows[field.row] + ', column ' + now.cols[field.col]
            : ' entry ' + now.cols[field.col]);
        field.node.setAttribute('aria-label', field.label);
      });
    }
    relabel();
    this.relabels.push(relabel);
    return el('fieldset', { className: 'ww-block' + (rows[0].length > 3 ? ' ww-block-wide' : '') },
      el('legend', null, el('code', null, name)),
      el('div', { className: 'ww-scroll' }, table),
      el('ul', { className: 'ww-messages' }));
  };

  /**
   * The text field of row `row`'s name (`data-input` the names control's `called`): a name
   * taken relabels every table, view and field at once, without running the program again;
   * an empty one is refused at the field, the last name staying.
   */
  Widget.prototype.nameField = function (row) {
    var self = this;
    var label = 'Name ' + (row + 1) + ' of ' + this.names;
    var node = el('input', {
      type: 'text', className: 'ww-token-input', 'data-input': this.names, 'data-row': row,
      'aria-label': label, autocomplete: 'off', spellcheck: 'false', maxlength: 40, size: 7,
    });
    var field = { node: node, input: null, row: row, col: null, label: label, message: null };
    field.sync = function () { node.value = self.rows[row]; };
    field.sync();
    node.addEventListener('input', function () {
      if (node.value.trim() === '') {
        self.say(field, label + ': the name is empty. Still using \u201c' + self.rows[row] + '\u201d until it is fixed.');
        return;
      }
      self.clear(field);
      self.rows[row] = node.value;
      self.renamed();
    });
    this.fields.push(field);
    return node;
  };

  /** After a rename: the views drawn again with the new names, the tables, labels and link. */
  Widget.prototype.renamed = function () {
    if (this.values) {
      var pictures = this.drawViews(this.values);
      if (!pictures.problem) this.pictures = pictures;
      this.render();
    }
    this.relabels.forEach(function (relabel) { relabel(); });
    common.writeFragment(this.example.name, this.link());
  };

  // ------------------------------------------------------------------------------- controls

  /** Positions of a slider: fine enough to pass every round value a lesson picks. */
  var SLIDER_STEPS = 1000;

  /**
   * One input with the control the widget block gives it (`[controls]`), in a fieldset named
   * by the input, with its messages: a slider beside its editable number field, a checkbox, or
   * radio buttons. Each has a field object as the number fields do (`sync` shows the current
   * value), so guards, messages, the fragment and Reset treat them alike.
   */
  Widget.prototype.buildControl = function (name, index, control) {
    var self = this;
    var parts;
    if (control.kind === 'slider') {
      var lo = control.range[0];
      var hi = control.range[1];
      var lesson = this.example.inputs[index][1];
      var toValue = function (position) {
        // The lesson's own value, at its nearest position, exactly (T = 0.7, not 0.702).
        if (position === toPosition(lesson)) return lesson;
        var t = position / SLIDER_STEPS;
        var x = control.log ? lo * Math.pow(hi / lo, t) : lo + (hi - lo) * t;
        return Math.min(hi, Math.max(lo, Number(x.toPrecision(3))));
      };
      var toPosition = function (x) {
        var t = control.log ? Math.log(x / lo) / Math.log(hi / lo) : (x - lo) / (hi - lo);
        return Math.round(Math.min(1, Math.max(0, t)) * SLIDER_STEPS);
      };
      var range = el('input', {
        type: 'range', min: 0, max: SLIDER_STEPS, step: 1, 'aria-label': name, 'data-slider': name,
        className: 'ww-range',
      });
      var number = this.numberField(index, 0, 0, name);
      var numberField = this.fields[this.fields.length - 1];
      var field = { node: range, input: index, row: 0, col: 0, label: name, message: null };
      // A button to each value the widget block marks; the one in use is pressed.
      var marks = (control.marks || []).map(function (value) {
        var button = el('button', { type: 'button', className: 'ww-button ww-preset', 'data-mark': value },
          name + ' = ' + F.formatShortest(value));
        button.addEventListener('click', function () {
          self.tryEdit(field, value, false, function (taken) { if (taken) field.sync(); });
        });
        return button;
      });
      var press = function () {
        marks.forEach(function (button) {
          var pressed = Number(button.getAttribute('data-mark')) === self.entry(index, 0, 0);
          button.setAttribute('aria-pressed', pressed ? 'true' : 'false');
        });
      };
      field.sync = function () {
        var x = self.entry(index, 0, 0);
        range.value = String(toPosition(x));
        range.setAttribute('aria-valuetext', F.formatShortest(x));
        number.value = String(x);
        press();
      };
      numberField.sync = field.sync;
      range.addEventListener('input', function () {
        self.tryEdit(field, toValue(Number(range.value)), true, function (taken) {
          if (!taken) field.sync();
          else number.value = String(self.entry(index, 0, 0));
          range.setAttribute('aria-valuetext', F.formatShortest(self.entry(index, 0, 0)));
          press();
        });
      });
      number.addEventListener('input', function () {
        range.value = String(toPosition(self.entry(index, 0, 0)));
        press();
      });
      this.fields.push(field);
      field.sync();
      parts = [range, ' ', number,
        el('span', { className: 'ww-slider-range' }, ' (' + F.formatShortest(lo) + ' to ' + F.formatShortest(hi) +
          (control.log ? ', log scale' : '') + ')'),
        marks.length
          ? el('div', { className: 'ww-presets', role: 'group', 'aria-label': 'Values of ' + name + ' the lesson names' },
            el('span', { className: 'ww-presets-label', 'aria-hidden': 'true' }, 'Jump to:'), marks)
          : null];
    } else if (control.kind === 'toggle') {
      var box = el('input', { type: 'checkbox', 'data-toggle': name });
      var toggle = { node: box, input: index, row: 0, col: 0, label: name, message: null };
      toggle.sync = function () { box.checked = self.entry(index, 0, 0) === 1; };
      box.addEventListener('change', function () {
        self.tryEdit(toggle, box.checked ? 1 : 0, false, function (taken) { if (!taken) toggle.sync(); });
      });
      this.fields.push(toggle);
      toggle.sync();
      parts = [el('label', null, box, ' ', el('code', null, name))];
    } else {
      var group = this.id + '-' + name;
      parts = control.choices.map(function (value, k) {
        var radio = el('input', { type: 'radio', name: group, value: String(value), 'data-choice': name });
        var option = { node: radio, input: index, row: 0, col: 0, label: name, message: null };
        option.sync = function () { radio.checked = self.entry(index, 0, 0) === value; };
        radio.addEventListener('change', function () {
          if (!radio.checked) return;
          self.tryEdit(option, value, false, function (taken) {
            if (!taken) self.fields.forEach(function (f) { if (f.sync && f.input === index) f.sync(); });
          });
        });
        self.fields.push(option);
        option.sync();
        return el('label', { className: 'ww-choice' }, radio, ' ', control.labels[k]);
      });
    }
    return el('fieldset', { className: 'ww-block ww-control', 'data-control': control.kind, 'data-control-input': name },
      el('legend', null, el('code', null, name)),
      el('div', { className: 'ww-control-body' }, parts),
      el('ul', { className: 'ww-messages' }));
  };

  /** Whether every input with a control holds a value the control can show (a link may say
   *  causal:0.5): a toggle 0 or 1, a choice one of its values. */
  Widget.prototype.inDomain = function (state) {
    var controls = this.controls;
    var domains = this.domains;
    return state.every(function (entry) {
      var control = controls[entry[0]];
      var domain = domains[entry[0]];
      if (domain && !asRows(entry[1]).every(function (row) { return row.every(function (x) { return inside(domain, x); }); })) {
        return false;
      }
      if (!control || control.kind === 'slider' || control.kind === 'names') return true;
      return control.kind === 'toggle' ? entry[1] === 0 || entry[1] === 1 : control.choices.indexOf(entry[1]) !== -1;
    });
  };

  /**
   * What the failure of `problem`'s step means in the kind's words (the JSON's `step_failures`:
   * a vectors example's guard "“{at}” is the zero vector…"), `{at}` the row the language says it
   * failed at (its entry `at [i]`, counted from 1, names row i); null for any other problem.
   */
  Widget.prototype.failureWords = function (problem) {
    var failures = this.example.step_failures;
    if (!failures || !problem.error || !problem.stepName || problem.kind === 'non_finite' && tooLarge(problem) ||
        !Object.prototype.hasOwnProperty.call(failures, problem.stepName)) return null;
    var at = / at \[(\d+)/.exec(problem.error.message);
    if (!at) return null;
    var row = Array.isArray(this.rows) ? this.rows[Number(at[1]) - 1] : undefined;
    return failures[problem.stepName].replace('{at}', row === undefined ? at[1] : row);
  };

  /** Marks each control whose value differs from the lesson's (`data-changed`), as numbers are. */
  Widget.prototype.markControls = function () {
    var self = this;
    this.inputs.forEach(function (entry, index) {
      if (!self.controls[entry[0]]) return;
      var node = self.results && self.figure.querySelector('[data-control-input="' + entry[0] + '"]');
      if (!node) return;
      var differs = entry[1] !== self.example.inputs[index][1];
      if (differs) node.setAttribute('data-changed', 'true');
      else node.removeAttribute('data-changed');
    });
  };

  /** A text field for one entry; `label` names it for screen readers and messages. */
  Widget.prototype.numberField = function (input, row, col, label) {
    var self = this;
    var node = el('input', {
      type: 'text', className: 'ww-num-input', 'data-input': this.inputs[input][0], 'data-row': row, 'data-col': col,
      'aria-label': label, autocomplete: 'off', spellcheck: 'false', inputmode: 'decimal', size: 6,
    });
    var field = { node: node, input: input, row: row, col: col, label: label, message: null };
    node.value = String(this.entry(input, row, col));
    node.addEventListener('input', function () {
      var typed = node.value.trim();
      var x = common.parseNumber(typed);
      if (x === null) {
        self.cancel();
        var still = ' Still using ' + F.formatShortest(self.entry(input, row, col)) + ' until it is fixed.';
        self.say(field, label + ': ' + (typed === '' ? 'the field is empty.' : common.notANumber(typed)) + still);
        return;
      }
      self.tryEdit(field, x, true);
    });
    this.fields.push(field);
    return node;
  };

  /**
   * Runs the program with `field`'s entry set to `x` (in slices: see work) and takes the edit
   * when it works; an edit that fails is refused at the field as soon as that is known, the
   * inputs staying those of the last run that worked, and when `suggest` the nearby values that
   * work follow. `after(taken)`, when given, is called once the edit is taken or refused.
   */
  Widget.prototype.tryEdit = function (field, x, suggest, after) {
    var self = this;
    var before = this.entry(field.input, field.row, field.col);
    var still = ' Still using ' + F.formatShortest(before) + ' until it is fixed.';
    var name = this.inputs[field.input][0];
    var domain = this.domains[name];
    /** Says `refusal` at the field, then, when `suggest`, searches and offers what works. */
    function* refuse(refusal, problem) {
      self.say(field, refusal + (suggest ? ' Looking for a nearby value that works\u2026' : '') + still);
      if (after) after(false);
      if (!suggest) return;
      self.searching = { field: field, text: refusal + still };
      var offered = yield* self.suggest(field, x, before, problem);
      self.searching = null;
      self.say(field, refusal + (offered.length ? ' Try ' + offered.map(common.suggestion).join(' or ') + '.' : '') + still);
    }
    if (domain && !inside(domain, x)) {
      // Refused before it runs, in the lesson's terms: what the input is and what it may be.
      this.work(refuse(field.label + ' = ' + F.formatShortest(x) + ' is outside what ' + name + ' can be: ' + name + ' is ' +
        (domain.means ? domain.means + ', ' : '') + domain.words + '.', { kind: 'domain' }));
      this.status.textContent = 'Your edit of ' + field.label + ' is outside what ' + name + ' can be, so the tables show the last values that worked.';
      this.status.setAttribute('data-error', 'domain');
      return;
    }
    var trial = this.withEntry(field, x);
    this.work((function* () {
      var outcome = yield* self.outcomeOf(trial);
      if (!outcome.problem) {
        self.inputs = trial;
        self.run(outcome);
        common.announceLater(self);
        common.writeFragment(self.example.name, self.link());
        if (after) after(true);
        return;
      }
      // The inputs stay those of the last run that worked, so the tables, the link and the
      // next edit all start from there.
      var words = problemWords(outcome.problem, self.stepWords, self.failureWords(outcome.problem));
      self.status.textContent = 'Your edit of ' + field.label + ' ' + words.short + ', so the tables show the last values that worked.';
      self.status.setAttribute('data-error', outcome.problem.kind);
      yield* refuse(field.label + ' = ' + F.formatShortest(x) + ' ' + words.full, outcome.problem);
    })());
  };

  Widget.prototype.entry = function (input, row, col) {
    var value = this.inputs[input][1];
    return typeof value === 'number' ? value : isMatrix(value) ? value[row][col] : value[col];
  };

  /** The current inputs with `field`'s entry set to `x`, a copy. */
  Widget.prototype.withEntry = function (field, x) {
    var inputs = clone(this.inputs);
    var value = inputs[field.input][1];
    if (typeof value === 'number') inputs[field.input][1] = x;
    else if (isMatrix(value)) value[field.row][field.col] = x;
    else value[field.col] = x;
    return inputs;
  };

  /**
   * Values for `field` near the refused `x` that do run and fit, at most two (none when the
   * search finds none within SUGGESTION_RUNS runs and SUGGESTION_MS; a generator for work()): for a result too large (an overflow, a
   * size or work limit, too many numbers to draw) a bisection from x towards `before`, the last
   * value that worked, whose find is offered at the fewest significant digits that still work
   * (roundedTowards; ROUNDING_RUNS of the runs are kept for that); for any other failure (an odd width, a size of 0, a square root of a
   * negative number) the whole numbers next to x and −x, those of `before`'s sign first, and
   * when none of them works (a position far out of range) the bisection too. Each is tried, so
   * each is valid.
   */
  Widget.prototype.suggest = function* (field, x, before, problem) {
    var self = this;
    var runs = 0;
    var deadline = performance.now() + SUGGESTION_MS;
    var domain = this.domains[this.inputs[field.input][0]];
    /** Whether the search may make another run, leaving `reserve` runs (and their share of the
     *  time) for later. */
    function searching(reserve) {
      var leave = reserve ? ROUNDING_SHARE * SUGGESTION_MS : 0;
      return runs + (reserve || 0) < SUGGESTION_RUNS && performance.now() < deadline - leave;
    }
    function* works(candidate) {
      if (!searching() || !inside(domain, candidate) || candidate === x) return false;
      runs += 1;
      return !(yield* self.outcomeOf(self.withEntry(field, candidate))).problem;
    }
    var found = [];
    /** The working value nearest x on the way from `before`, rounded to the fewest significant
     *  digits that still work, when it is not `before` itself; returns the value found,
     *  `before` included. */
    function* bisect() {
      var whole = Number.isInteger(x) && Number.isInteger(before);
      var good = before;
      var bad = x;
      while (searching(ROUNDING_RUNS)) {
        // Geometric steps cover a wide range in few runs; from 0 they start at ±1, and across
        // 0 at −good, so that −10³⁰⁰ from 1 is searched as 10³⁰⁰ is.
        var from = good === 0 ? Math.sign(bad) : good;
        // √a·√b, not √(ab): the product of two large values overflows (10¹⁵⁰ · 10³⁰⁰).
        var mid = Math.sign(from) === Math.sign(bad)
          ? Math.sign(bad) * Math.sqrt(Math.abs(from)) * Math.sqrt(Math.abs(bad))
          : Math.abs(bad) > Math.abs(good) ? -good : (good + bad) / 2;
        mid = whole ? Math.round(mid) : Number(mid.toPrecision(2));
        if (mid === good || mid === bad) break;
        if (yield* works(mid)) good = mid;
        else bad = mid;
      }
      // Each rounding is tried, the fewest digits first; none that works leaves `good` as found.
      var rounded = roundedTowards(good, before);
      for (var r = 0; r < rounded.length; r++) {
        if (yield* works(rounded[r])) {
          good = rounded[r];
          break;
        }
      }
      if (good !== before) found.push(good);
      return good;
    }
    if (problem.kind === 'domain') {
      // The value of the domain nearest x, else the nearest that works between it and `before`.
      var lesson = this.example.inputs[field.input][1];
      var edge = nearestInside(domain, x, typeof lesson === 'number' ? lesson : before);
      if (yield* works(edge)) return [edge];
      if (domain.choice) {
        var choices = domain.choice.slice().sort(function (a, b) { return Math.abs(a - x) - Math.abs(b - x); });
        for (var k = 0; k < choices.length && found.length < 1; k++) {
          if (choices[k] !== edge && (yield* works(choices[k]))) found.push(choices[k]);
        }
        return found;
      }
      x = edge;
      // `before` works and lies inside too: offered when nothing nearer does (merges = 10 of
      // at most 5 from 5: "Try 5").
      if ((yield* bisect()) === before) found.push(before);
    } else if (tooLarge(problem)) {
      yield* bisect();
    } else {
      var near = Number.isInteger(x) ? [x - 1, x + 1, x - 2, x + 2] : [Math.floor(x), Math.ceil(x)];
      if (x < 0) near.unshift(-x);
      // −x can be one of the others (−1: 1 is also x + 2); each is offered once.
      near = near.filter(function (c, k) { return near.indexOf(c) === k; });
      // Values of the sign the field had first: h = 0 heads is answered with 1 or 2, not −1.
      var sameSign = function (c) { return Math.sign(c) === Math.sign(before); };
      near = near.filter(sameSign).concat(near.filter(function (c) { return !sameSign(c); }));
      for (var n = 0; n < near.length && found.length < 2; n++) {
        if (yield* works(near[n])) found.push(near[n]);
      }
      if (found.length === 0) yield* bisect();
    }
    return found;
  };

  /** Shows `text` at `field` (its own sentence, naming the field), without relying on colour. */
  Widget.prototype.say = function (field, text) {
    if (!field.message) {
      field.message = el('li', { id: this.id + '-msg-' + this.fields.indexOf(field) });
      field.node.closest('fieldset').querySelector('.ww-messages').appendChild(field.message);
    }
    field.message.textContent = text;
    field.node.setAttribute('aria-invalid', 'true');
    field.node.setAttribute('aria-describedby', field.message.id);
  };

  Widget.prototype.clear = function (field) {
    if (!field.message) return;
    field.message.remove();
    field.message = null;
    field.node.removeAttribute('aria-invalid');
    field.node.removeAttribute('aria-describedby');
  };

  /**
   * Shows `result`, the outcome of a run of the current inputs: its tables, or, when these
   * inputs do not work (a link's edit that no longer does), a status line and the last tables
   * that worked. An edit that does not work never gets here: it is refused at its field.
   */
  Widget.prototype.run = function (result) {
    var self = this;
    // A name field's refusal stays: runs leave the names alone.
    this.fields.forEach(function (f) { if (f.input !== null) self.clear(f); });
    if (result.problem) {
      this.status.textContent = 'This set of inputs ' + problemWords(result.problem, this.stepWords, this.failureWords(result.problem)).short +
        ', so the tables show the last values that worked.';
      this.status.setAttribute('data-error', result.problem.kind);
      if (!this.values) return;
    } else {
      this.values = this.inputs.map(function (entry) { return [entry[0], clone(entry[1])]; }).concat(result.run.values);
      this.whole = result.run.whole;
      this.chart = result.chart || null;
      this.pictures = result.pictures || {};
      this.updateNumpy();
      this.status.textContent = '';
      this.status.removeAttribute('data-error');
    }
    this.markControls();
    this.render();
  };

  /** The name of the step whose line holds `offset` (a UTF-16 offset into the steps text). */
  Widget.prototype.stepAt = function (offset) {
    var text = this.example.steps;
    var lineStart = text.lastIndexOf('\n', Math.max(0, offset - 1)) + 1;
    if (offset === 0) lineStart = 0;
    var match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(text.slice(lineStart));
    return match ? match[1] : null;
  };

  /** The step's own line, as written (comment removed), for its table's caption. */
  /**
   * The line of code a step is titled by: the last that assigns it, since the value shown is the
   * one that line gave (a loop-carried `w` is the update in the loop, not its start `w = w0`).
   */
  Widget.prototype.stepLine = function (name) {
    var lines = this.example.steps.split('\n');
    var last = name;
    for (var i = 0; i < lines.length; i++) {
      var code = lines[i].replace(/#.*$/, '').trim();
      var match = /^([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(code);
      if (match && match[1] === name) last = code;
    }
    return last;
  };

  Widget.prototype.render = function () {
    var self = this;
    var show = this.example.show;
    // Every step is computed (or kept, unchanged) on every edit; the widget block's `show` list, when the lesson
    // gives one, only chooses which steps are drawn (in the program's order).
    var steps = this.values.slice(this.inputs.length).filter(function (entry) {
      return !show || show.indexOf(entry[0]) !== -1;
    });
    // An input the block draws as a view (a vectors example's vectors as arrows) is drawn
    // first, as the input it is: the program needs no step that only repeats it.
    var drawnInputs = this.values.slice(0, this.inputs.length).filter(function (entry) {
      return self.pictures[entry[0]];
    });
    var changed = [];
    var lined = this.lines ? this.lines.map(function (line) { return line.step; }) : [];
    // The steps drawn as views are the results the lesson points at (an attention's weights):
    // they come first, right under the inputs they come from, so an edit and what it does are
    // within a screen of each other, as the attention widget had them; the other steps follow
    // in the program's order, under a title saying so.
    var pictured = [];
    var others = [];
    var blocks;
    var linesBlock = null;
    // Lone numbers side by side in one box (a descent's final w, b and loss), not each in a
    // box of its own as tall as the chart beside it.
    var numbers = null;
    drawnInputs.concat(steps).forEach(function (entry) {
      blocks = self.pictures[entry[0]] ? pictured : others;
      place(entry);
      self.sentences.forEach(function (sentence) {
        var text = sentence.after === entry[0] ? self.sentenceText(sentence) : null;
        if (text !== null) blocks.push(el('p', { className: 'ww-block ww-block-wide ww-sentence', 'data-sentence': sentence.after }, text));
      });
    });
    blocks = pictured.length && others.length
      ? pictured.concat([el('p', { className: 'ww-steps-title' }, 'The other steps, in the program’s order')], others)
      : pictured.concat(others);
    /** Puts a step's block (or its view, or its table in the line chart) among `blocks`. */
    function place(entry) {
      var block = self.valueBlock(entry[0], entry[1]);
      var resized = sizeChange(self.lessonRows(entry[0]), entry[1]);
      // An input the reader edited is no step the edit changed.
      if (drawnInputs.indexOf(entry) === -1 && (resized || block.querySelector('[data-changed]'))) {
        changed.push('\u201c' + entry[0] + '\u201d' + (resized ? ' (' + resized + ')' : ''));
      }
      if (self.pictures[entry[0]]) {
        blocks.push(self.viewBlock(entry[0], block));
        return;
      }
      if (typeof entry[1] === 'number') {
        if (!numbers || blocks[blocks.length - 1] !== numbers) blocks.push(numbers = el('div', { className: 'ww-block ww-numbers' }));
        numbers.append.apply(numbers, Array.prototype.slice.call(block.childNodes));
        return;
      }
      if (lined.indexOf(entry[0]) === -1 || !self.chart) {
        blocks.push(block);
        return;
      }
      // The chart stands where its first step would; the steps' tables go inside it.
      if (!linesBlock) blocks.push(linesBlock = self.linesBlock());
      linesBlock.querySelector('[data-lines-numbers]').appendChild(block);
    }
    this.results.replaceChildren.apply(this.results, blocks);
    // Beside the inputs, so a reader who edits sees at once which steps moved, however far
    // down their tables are.
    // The swatch looks like a marked number, as in the other widgets' notes.
    this.changedNote.replaceChildren();
    if (changed.length > 0) {
      this.changedNote.append(el('span', { className: 'ww-changed-swatch', 'aria-hidden': 'true' }, '0.5'),
        ' Your edits changed ' + (changed.length === 1 ? 'step ' : 'steps ') + listWords(changed) +
        '; outlined bold numbers differ from the lesson\u2019s.');
    }
    this.changedNote.hidden = changed.length === 0;
    this.renderNotes();
    this.renderExplanation();
  };

  /**
   * The notes a kind's block asks for (the JSON's `notes`): each is a scalar step that is 0
   * when a run went through and else says where it stopped (a descent's `diverged_at`: a
   * `repeat … until` loop undoes the update that passes its limit or overflows, so no huge
   * number reaches a table, and the program counts where that was). Said in words above the
   * steps, the number in `[data-value=<step>]`, which stays in the page, empty, while the note
   * is hidden; the step itself is best left out of `show`.
   */
  Widget.prototype.renderNotes = function () {
    var notes = this.example.notes || {};
    var values = this.values;
    var nodes = Object.keys(notes).map(function (step) {
      var entry = entryNamed(values, step);
      var parts = noteParts(notes[step], entry ? entry[1] : null, F);
      var number = el('span', { 'data-value': step }, parts ? parts[1] : '');
      if (!parts) return el('p', { className: 'ww-outcome', 'data-note': step, hidden: true }, number);
      return el('p', { className: 'ww-outcome ww-diverged', 'data-note': step },
        el('strong', null, parts[0], number, parts[2]), parts[3] ? ' ' + parts[3] : null);
    });
    this.notes.replaceChildren.apply(this.notes, nodes);
  };

  /** The notes shown, as one text: what a screen reader hears before the first step. */
  Widget.prototype.notesText = function () {
    return Array.prototype.filter.call(this.notes.children, function (node) { return !node.hidden; })
      .map(function (node) { return node.textContent; }).join(' ');
  };

  /** The value of `name` in the last run (an input or a step), or undefined. */
  Widget.prototype.valueNamed = function (name) {
    var found = entryNamed(this.values, name);
    return found ? found[1] : undefined;
  };

  /** The position the highlight's step holds, with its tag (`{ at, says }`), or null when there
   *  is none or the step holds no position; of the run `values` when given (a run being drawn,
   *  before it is the last), else of the last run. */
  Widget.prototype.highlighted = function (values) {
    var found = this.highlight && (values ? entryNamed(values, this.highlight.step) : [null, this.valueNamed(this.highlight.step)]);
    var at = found ? found[1] : undefined;
    return typeof at === 'number' && Number.isInteger(at) && at >= 0 ? { at: at, says: this.highlight.says } : null;
  };

  /** Entry `at` of vector `of`'s labels, as the language names it, else "entry 3" (Rust's
   *  `Sentence::fill` says the same). */
  Widget.prototype.entryLabel = function (of, value, at) {
    var sides = this.example.labels && Object.prototype.hasOwnProperty.call(this.example.labels, of)
      ? this.example.labels[of] : undefined;
    var named = globalThis.WorkedComputeLang.labels(value, this.rows, this.cols(), sides).cols;
    return named ? named[at] : 'entry ' + (at + 1);
  };

  /** A sentence with the last run's numbers, or null when a part names no number or an entry
   *  out of range: the twin of Rust's `Sentence::fill`. A number the places would print as 0
   *  (a tiny p) is printed at as many significant figures, so "−ln 0.000" never stands for a
   *  finite loss. */
  Widget.prototype.sentenceText = function (sentence) {
    var decimals = this.decimals;
    var fmt = function (x) {
      var shown = F.formatComputed(x, decimals);
      return x !== 0 && /^[0.\u2212]+$/.test(shown) ? F.formatSf(x, decimals) : shown;
    };
    var text = '';
    for (var k = 0; k < sentence.parts.length; k++) {
      var part = sentence.parts[k];
      if (typeof part.text === 'string') {
        text += part.text;
        continue;
      }
      if (typeof part.value === 'string') {
        var x = this.valueNamed(part.value);
        if (typeof x !== 'number') return null;
        text += fmt(x);
        continue;
      }
      var ref = part.entry || part.label;
      var of = ref && this.valueNamed(ref.of);
      // A step holding the position, or a position the kind wrote (Sentence::fill's twin).
      var at = ref && (/^[0-9]+$/.test(ref.at) ? Number(ref.at) : this.valueNamed(ref.at));
      if (!Array.isArray(of) || isMatrix(of) || typeof at !== 'number' || !Number.isInteger(at) || at < 0 || at >= of.length) {
        return null;
      }
      text += part.entry ? fmt(of[at]) : this.entryLabel(ref.of, of, at);
    }
    return text;
  };

  // ---------------------------------------------------------------------- explaining an entry

  /** Makes the cells of a step's table explain themselves: one tab stop per table (its first
   *  cell), arrow keys move between cells, Enter or a click explains the cell. */
  Widget.prototype.explainable = function (table, name) {
    var self = this;
    if (!this.explanation) return;
    var cells = Array.from(table.querySelectorAll('td[data-row]'));
    cells.forEach(function (cell, k) {
      cell.tabIndex = k === 0 ? 0 : -1;
      cell.setAttribute('data-explainable', 'true');
    });
    function choose(cell) {
      self.selected = { name: name, row: Number(cell.getAttribute('data-row')), col: Number(cell.getAttribute('data-col')) };
      self.renderExplanation();
    }
    table.addEventListener('click', function (event) {
      var cell = event.target.closest('td[data-row]');
      if (cell) choose(cell);
    });
    table.addEventListener('keydown', function (event) {
      var cell = event.target.closest('td[data-row]');
      if (!cell) return;
      var moves = { ArrowRight: [0, 1], ArrowLeft: [0, -1], ArrowDown: [1, 0], ArrowUp: [-1, 0] };
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        choose(cell);
      } else if (moves[event.key]) {
        var next = table.querySelector('td[data-row="' + (Number(cell.getAttribute('data-row')) + moves[event.key][0]) +
          '"][data-col="' + (Number(cell.getAttribute('data-col')) + moves[event.key][1]) + '"]');
        if (next) {
          event.preventDefault();
          cell.tabIndex = -1;
          next.tabIndex = 0;
          next.focus();
        }
      }
    });
  };

  /** The value of expression `node` of the program in the last run: a name's, a literal, or
   *  the expression run once more after the program (null when it does not run). */
  Widget.prototype.valueOf = function (node) {
    if (node.kind === 'number') return node.value;
    var values = this.values;
    if (node.kind === 'name') {
      var found = entryNamed(values, node.name);
      return found ? found[1] : null;
    }
    var text = this.example.steps.slice(node.span[0], node.span[1]);
    var run = globalThis.WorkedComputeLang.run(this.example.steps + '\n__explained = ' + text, clone(this.inputs));
    var result = run.ok && entryNamed(run.values, '__explained');
    return result ? result[1] : null;
  };

  /** How the chosen entry was computed, typeset (or nothing chosen yet: hidden). */
  Widget.prototype.renderExplanation = function () {
    var chosen = this.selected;
    var box = this.explanation;
    if (!box) return;
    var entry = chosen && this.values && entryNamed(this.values, chosen.name);
    var rows = entry && asRows(entry[1]);
    if (!rows || !rows[chosen.row] || rows[chosen.row][chosen.col] === undefined) {
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    var self = this;
    var statements;
    try {
      statements = globalThis.WorkedComputeLang.parse(this.example.steps);
    } catch (error) {
      statements = [];
    }
    var x = ns.stepExplain.explain(statements, chosen.name, entry[1], chosen.row, chosen.col,
      function (node) { return self.valueOf(node); });
    var labels = this.labelsOf(chosen.name, entry[1]);
    var where = chosen.name + (typeof entry[1] === 'number' ? ''
      : '[' + (labels.rows ? labels.rows[chosen.row] + ', ' : '') + labels.cols[chosen.col] + ']');
    var format = this.formatterOf(chosen.name, entry[1]);
    var plain = this.fmt.bind(this);
    var lines = ns.stepExplain.typeset(x, where, this.stepLine(chosen.name), common.math, function (n) {
      return n === x.result ? format(n) : plain(n);
    });
    box.setAttribute('data-explain', chosen.name);
    box.setAttribute('data-kind', x.kind);
    box.replaceChildren(el('p', { className: 'ww-explain-title' }, 'How ' + where + ' is computed: ' + lines[0]),
      el('p', { className: 'ww-formula' }, lines.slice(1)));
    box.hidden = false;
  };

  /**
   * The line chart of the `lines` steps (the last run's layout): their lines of code, the chart
   * as the build draws it (named and described for screen readers), and, in a disclosure, the
   * steps' tables, where every number can be read.
   */
  Widget.prototype.linesBlock = function () {
    var self = this;
    var names = this.chart.series.map(function (s) { return s.name; });
    var svg = ns.lineChart.draw(this.chart, this.chart.series, this.id + '-lines');
    return el('div', { className: 'ww-block ww-block-wide ww-lines', 'data-lines': names.join(' ') },
      el('p', { className: 'ww-code', 'aria-hidden': 'true' },
        names.map(function (name, i) { return [i ? '; ' : null, el('code', null, self.stepLine(name))]; })),
      el('figure', { className: 'worked-figure ww-lines-figure', 'data-figure': 'lines' },
        el('div', { className: 'wf-panels' }, svg)),
      el('details', { className: 'ww-lines-numbers', 'data-lines-numbers': true },
        el('summary', null, 'The numbers of ' + listWords(names.map(function (n) { return '\u201c' + n + '\u201d'; })))));
  };

  /**
   * A step drawn as its view (heatmap or bars, the last run's picture) as the build draws its
   * figure: its line of code, the picture (named and described for screen readers), and, in a
   * disclosure, its table, where every number can be read.
   */
  Widget.prototype.viewBlock = function (name, table) {
    var picture = this.pictures[name];
    var view = this.views[name];
    // The highlighted entry of a vector drawn as bars is named beside its line of code.
    var value = this.valueNamed(name);
    var mark = Array.isArray(value) && !isMatrix(value) ? this.highlighted() : null;
    var tagged = mark !== null && mark.at < value.length
      ? [' ', el('span', { className: 'ww-tag', 'data-highlight': mark.says }, mark.says + ': ' + this.entryLabel(name, value, mark.at))]
      : null;
    return el('div', { className: 'ww-block ww-block-wide ww-view', 'data-view': view, 'data-step': name },
      el('p', { className: 'ww-code' }, el('code', { 'aria-hidden': 'true' }, this.stepLine(name)), tagged),
      el('figure', { className: 'worked-figure', 'data-figure': view },
        el('div', { className: 'wf-panels' }, ns.stepViews.toDom(picture.svg))),
      el('details', { className: 'ww-lines-numbers', 'data-view-numbers': true },
        el('summary', null, 'The numbers of \u201c' + name + '\u201d'), table));
  };

  /** The lesson's value of step `name` as rows (null when the program as written has none). */
  Widget.prototype.lessonRows = function (name) {
    var entry = entryNamed(this.lessonValues, name);
    return entry ? asRows(entry[1]) : null;
  };

  /**
   * A step's value: a number as a line, a vector or matrix as a table shaded like a heatmap.
   * Numbers that print differently from the lesson's (or sit where the lesson has none) are
   * marked `data-changed`.
   */
  Widget.prototype.valueBlock = function (name, value) {
    var format = this.formatterOf(name, value);
    var lesson = this.lessonRows(name);
    function changed(x, i, j) {
      return !lesson || !lesson[i] || lesson[i][j] === undefined || format(lesson[i][j]) !== format(x);
    }
    var caption = el('code', null, this.stepLine(name));
    if (typeof value === 'number') {
      return el('div', { className: 'ww-block' },
        el('p', { className: 'ww-scalar' }, caption, ' \u2192 ',
          el('span', { className: 'ww-n', 'data-value': name, 'data-changed': changed(value, 0, 0) }, format(value))));
    }
    var rows = asRows(value);
    var labels = this.labelsOf(name, value);
    var largest = 0;
    rows.forEach(function (row) {
      row.forEach(function (x) { if (isFinite(x)) largest = Math.max(largest, Math.abs(x)); });
    });
    var shaded = isMatrix(value) && rows.length > 1 && rows[0].length > 1;
    // The entries its view's mask marks (a causal attention's removed weights, exactly 0) are
    // hatched and say "masked" here too, as −∞ entries do.
    var mask = this.views[name] === 'heatmap' ? this.maskOf(name, this.values) : null;
    var head = el('tr', null, labels.rows ? el('td') : null);
    // A vector's entry at the highlight's position is tagged in words (a softmax's target).
    var mark = isMatrix(value) ? null : this.highlighted();
    labels.cols.forEach(function (label, j) {
      var marked = mark !== null && mark.at === j;
      head.appendChild(el('th', { scope: 'col', className: marked ? 'ww-target' : null, 'data-highlight': marked ? mark.says : null },
        el('span', { className: 'ww-label' }, label), marked ? el('span', { className: 'ww-tag' }, mark.says) : null));
    });
    var body = el('tbody');
    rows.forEach(function (row, i) {
      var tr = el('tr', null, labels.rows ? el('th', { scope: 'row' }, el('span', { className: 'ww-label' }, labels.rows[i])) : null);
      row.forEach(function (x, j) {
        var masked = x === -Infinity || Boolean(mask && mask[i] && mask[i][j]);
        var cell = el('td', {
          'data-row': i, 'data-col': j, className: masked ? 'ww-masked' : null, 'data-changed': changed(x, i, j),
        }, el('span', { className: 'ww-n' }, format(x)));
        if (shaded && !masked) {
          cell.classList.add('ww-heat');
          if (x < 0) cell.classList.add('ww-heat-negative');
          cell.style.setProperty('--ww-w', (largest > 0 ? Math.abs(x) / largest : 0).toFixed(4));
        }
        tr.appendChild(cell);
      });
      body.appendChild(tr);
    });
    // The line of code sits above the table, as wide as the block; the caption names the table
    // for screen readers without squeezing the code into the table's width.
    var table = el('table', { className: 'ww-table ww-matrix' + (shaded ? ' ww-heatmap' : ''), 'data-matrix': name },
      el('caption', { className: 'ww-visually-hidden' }, this.stepLine(name)), el('thead', null, head), body);
    this.explainable(table, name);
    return el('div', { className: 'ww-block' + (rows[0].length > 3 ? ' ww-block-wide' : '') },
      el('p', { className: 'ww-code', 'aria-hidden': 'true' }, caption),
      el('div', { className: 'ww-scroll' }, table));
  };


  // ------------------------------------------------------------- "Copy as NumPy" (compute-numpy.js)

  /** The NumPy disclosure on the reader's inputs, or null when the build offers none. */
  Widget.prototype.buildNumpy = function () {
    if (!this.example.numpy || !ns.numpy) return null;
    this.numpy = ns.numpy.live(this.example.numpy, this.example.name);
    return this.numpy.node;
  };

  /** Writes the current inputs into the snippet (after a run that worked). */
  Widget.prototype.updateNumpy = function () {
    if (this.numpy) this.numpy.update(this.inputs);
  };

  /** A pasted link with another edit for this page restores it without a reload. */
  Widget.prototype.followFragment = function (encoded) {
    if (!this.results) return; // not mounted yet: the lesson's run is still going
    var link = this.fromLink(encoded);
    var state = link.inputs;
    if (!state) return;
    var rows = this.names ? link.rows || this.example.rows.slice() : this.rows;
    var renamed = this.names && rows.join('\u0000') !== this.rows.join('\u0000');
    if (this.names) this.rows = rows;
    if (encodeState(this.example.inputs, state) !== encodeState(this.example.inputs, this.inputs)) {
      this.restore(state);
    } else if (renamed) {
      this.fields.forEach(function (f) { if (f.input === null) f.sync(); });
      this.renamed();
    }
    if (link.old) common.writeFragment(this.example.name, this.link());
  };

  Widget.prototype.restore = function (inputs) {
    var self = this;
    this.inputs = inputs;
    this.fields.forEach(function (f) {
      if (f.sync) f.sync();
      else f.node.value = String(self.entry(f.input, f.row, f.col));
      if (f.input === null) self.clear(f);
    });
    this.work((function* () {
      self.run(yield* self.outcomeOf(inputs));
      common.announceLater(self);
    })());
    this.relabels.forEach(function (relabel) { relabel(); });
    common.writeFragment(this.example.name, this.link());
  };

  /**
   * What a screen reader hears once an edit rests: the notes, then the first step drawn that is
   * a number or a vector of at most a dozen entries, with its labels ("probabilities: cat 0.867,
   * dog 0.117, fish 0.016."), and when it is a number the numbers drawn right after it (a
   * descent's "final_w is 1.900, final_b is 0.900, final_loss is 0.175.", after its loss curve),
   * then the sentences (a softmax's loss in words); else the notes and sentences alone, the
   * changed steps' note being in view.
   */
  Widget.prototype.summaryText = function () {
    var self = this;
    var parts = [this.notesText()];
    var drawn = this.drawn(this.values.slice(this.inputs.length));
    var at = drawn.findIndex(function (entry) {
      return !isMatrix(entry[1]) && asRows(entry[1])[0].length <= 12;
    });
    if (at !== -1) {
      var first = drawn[at];
      if (typeof first[1] === 'number') {
        var numbers = [];
        for (var i = at; i < drawn.length && typeof drawn[i][1] === 'number'; i++) {
          numbers.push(drawn[i][0] + ' is ' + this.formatterOf(drawn[i][0], drawn[i][1])(drawn[i][1]));
        }
        parts.push(numbers.join(', ') + '.');
      } else {
        var format = this.formatterOf(first[0], first[1]);
        var labels = this.labelsOf(first[0], first[1]).cols;
        parts.push(first[0] + ': ' + first[1].map(function (x, j) { return labels[j] + ' ' + format(x); }).join(', ') + '.');
      }
    }
    this.sentences.forEach(function (sentence) { parts.push(self.sentenceText(sentence)); });
    return parts.filter(function (text) { return text; }).join(' ');
  };

  // For tests/js/domain-differential.mjs (the domain check beside its Rust twin),
  // tests/js/compute-widget-notes.test.mjs, compute-widget-suggest.test.mjs (the search for a
  // suggestion, driven without a page), compute-widget-links.test.mjs (fromLink) and
  // compute-widget-words.test.mjs (what a refused edit says, problemWords, and sentenceText).
  if (typeof module === 'object' && module.exports) module.exports = { inside: inside, noteParts: noteParts, problemWords: problemWords, roundedTowards: roundedTowards, Widget: Widget };

  // The page lists widget-common.js and compute-lang.js (and the helpers) before this file.
  ns.widgetCommon.start({
    // An attention, softmax or gradient_descent example's widget is this one on the kind's
    // program and presentation (src/expand/blocks/attention.rs, softmax.rs, gradient_descent.rs),
    // named by its kind for the page's scripts and styles.
    script: ownScript, needs: DEPENDENCIES, widget: ['compute', 'attention', 'softmax', 'gradient_descent', 'vectors'], name: 'compute',
    ready: function () {
      common = ns.widgetCommon;
      el = common.el;
      F = ns.format;
    },
    create: function (figure, example) { return new Widget(figure, example); },
  });
})();
