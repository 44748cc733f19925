/*
 * compute-widget.js — the "Try it" widget of a ```compute example. Finds every
 * `[data-widget="compute"]` figure, reads the program and inputs the build embedded as JSON
 * (`{ name, steps, inputs: [[name, value]…], stepNames, rows, cols, decimals }`, no fetch, so
 * file:// works), and replaces the static tables (what readers without JavaScript see) with a
 * field for every input entry and a live table for every step (or for the steps the lesson's
 * `show` list names, the JSON's `show`). Each edit reruns the whole program
 * with the language's JavaScript interpreter (compute-lang.js, `WorkedComputeLang.run`), the twin
 * of the Rust one that computed the page; matrices are shaded as heatmaps, masked entries (−∞)
 * hatched. An edit that makes a step fail keeps the last good tables and says so at the input
 * that was edited. The prose keeps describing the lesson's example; the edited inputs live in the
 * URL fragment (`#try-<example>=x:1,2_3,4;eps:0.1`) so the state can be shared.
 *
 * Everything every widget does alike (DOM building, number parsing, the fragment, mounting) is
 * in widget-common.js; labels follow the block's rule, compute-lang.js `labels`.
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

  var common; // widget-common.js
  var F; // worked-format.js
  var el; // common.el
  var widgetCount = 0;

  function clone(value) {
    return JSON.parse(JSON.stringify(value));
  }

  function isMatrix(value) {
    return Array.isArray(value) && Array.isArray(value[0]);
  }

  /** Any value as rows of numbers: a number is 1×1, a vector one row. */
  function asRows(value) {
    if (typeof value === 'number') return [[value]];
    return isMatrix(value) ? value : [value];
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

  // ------------------------------------------------------------------------------------ the widget

  function Widget(figure, example) {
    this.figure = figure;
    this.example = example;
    this.decimals = typeof example.decimals === 'number' ? example.decimals : 3;
    this.id = 'wc' + ++widgetCount;
    this.inputs = clone(example.inputs); // [[name, value]], the values the program runs on
    this.fields = []; // { node, input, row, col, label, message }
    this.values = null; // [[name, value]] of the last run that worked
    this.failure = null; // { field, error } when the last edit made the program fail
  }

  Widget.prototype.fmt = function (x) {
    return F.formatComputed(x, this.decimals);
  };

  /** How a step's numbers print: at the places the widget block's `decimals` gives it, else a
   *  whole number by construction (the core says which) without decimals, as the build prints
   *  it, and anything else at the book's decimals. */
  Widget.prototype.formatterOf = function (name) {
    var self = this;
    var places = this.example.decimals_of && this.example.decimals_of[name];
    if (typeof places === 'number') return function (x) { return F.formatDp(x, places); };
    var whole = Boolean(this.whole) && this.whole.indexOf(name) !== -1;
    return function (x) { return whole ? F.formatShortest(x) : self.fmt(x); };
  };

  Widget.prototype.mount = function () {
    var restored = common.readFragment(this.example.name);
    var fromUrl = restored !== null ? decodeState(this.example.inputs, restored) : null;
    if (fromUrl) this.inputs = fromUrl;
    // Without a working interpreter (a page that did not list it, a script that failed to load)
    // this throws before anything is replaced, so the static tables stay.
    if (!globalThis.WorkedComputeLang.run(this.example.steps, clone(this.example.inputs)).ok) {
      throw new Error('the example as written does not run in this browser');
    }
    var live = el('div', { className: 'ww', id: this.id });
    common.append(live, [
      el('p', { className: 'ww-intro' }, this.example.show
        ? 'Try it: change any input and the whole program runs again, in your browser; below are the steps this page follows.'
        : 'Try it: change any input and every step below is computed again, in your browser, by the same program.'),
      restored !== null && !fromUrl
        ? el('p', { className: 'ww-note', role: 'status' },
          'The link\u2019s edit does not fit this example any more, so the example\u2019s own numbers are shown.')
        : null,
      this.buildControls(),
      el('div', { className: 'ww-inputs' }, this.inputs.map(this.buildInput, this)),
      this.status = el('p', { className: 'ww-status', role: 'status', 'data-status': true }),
      this.results = el('div', { className: 'ww-results' }),
      this.buildNumpy(),
    ]);
    common.showLive(this.figure, live);
    this.run(null);
  };

  Widget.prototype.buildControls = function () {
    var self = this;
    var reset = el('button', { type: 'button', 'data-action': 'reset', className: 'ww-button' }, 'Reset to the lesson\u2019s numbers');
    reset.addEventListener('click', function () { self.restore(clone(self.example.inputs)); });
    return el('div', { className: 'ww-controls' }, reset);
  };

  /** Row and column labels of the value `name`: the block's labels rule (`rows`, `cols` and the
   * value's `[labels]` entry), else positions. */
  Widget.prototype.labelsOf = function (name, value) {
    var sides = this.example.labels && Object.prototype.hasOwnProperty.call(this.example.labels, name)
      ? this.example.labels[name] : undefined;
    var named = globalThis.WorkedComputeLang.labels(value, this.example.rows, this.example.cols, sides);
    var rows = asRows(value);
    var positions = function (n) { return Array.from({ length: n }, function (_, i) { return String(i + 1); }); };
    if (typeof value === 'number') return { rows: null, cols: null };
    if (!Array.isArray(value[0])) return { rows: null, cols: named.cols || positions(value.length) };
    return { rows: named.rows || positions(rows.length), cols: named.cols || positions(rows[0].length) };
  };

  /** One input: a fieldset with a text field per entry, labelled like the tables. */
  Widget.prototype.buildInput = function (entry, index) {
    var self = this;
    var name = entry[0];
    var value = entry[1];
    var labels = this.labelsOf(name, value);
    var rows = asRows(value);
    var table = el('table', { className: 'ww-table ww-input-table', 'data-input-table': name });
    if (labels.cols) {
      var head = el('tr', null, labels.rows ? el('td') : null);
      labels.cols.forEach(function (label) { head.appendChild(el('th', { scope: 'col' }, el('span', { className: 'ww-label' }, label))); });
      table.appendChild(el('thead', null, head));
    }
    var body = el('tbody');
    rows.forEach(function (row, i) {
      var tr = el('tr', null, labels.rows ? el('th', { scope: 'row' }, el('span', { className: 'ww-label' }, labels.rows[i])) : null);
      row.forEach(function (x, j) {
        var where = typeof value === 'number' ? ''
          : isMatrix(value) ? ' row ' + labels.rows[i] + ', column ' + labels.cols[j]
            : ' entry ' + labels.cols[j];
        tr.appendChild(el('td', null, self.numberField(index, i, j, name + where)));
      });
      body.appendChild(tr);
    });
    table.appendChild(body);
    return el('fieldset', { className: 'ww-block' + (rows[0].length > 3 ? ' ww-block-wide' : '') },
      el('legend', null, el('code', null, name)),
      el('div', { className: 'ww-scroll' }, table),
      el('ul', { className: 'ww-messages' }));
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
      var x = common.parseNumber(node.value);
      if (x === null) {
        self.say(field, (node.value.trim() === '' ? ' is empty' : ': \u201c' + node.value + '\u201d is not a number') +
          '; still using ' + F.formatShortest(self.entry(input, row, col)) + ' until it is fixed.');
        return;
      }
      self.setEntry(input, row, col, x);
      self.run(field);
      common.writeFragment(self.example.name, encodeState(self.example.inputs, self.inputs));
    });
    this.fields.push(field);
    return node;
  };

  Widget.prototype.entry = function (input, row, col) {
    var value = this.inputs[input][1];
    return typeof value === 'number' ? value : isMatrix(value) ? value[row][col] : value[col];
  };

  Widget.prototype.setEntry = function (input, row, col, x) {
    var value = this.inputs[input][1];
    if (typeof value === 'number') this.inputs[input][1] = x;
    else if (isMatrix(value)) value[row][col] = x;
    else value[col] = x;
  };

  /** Shows `problem` (a sentence after the field's label) at `field`, without relying on colour. */
  Widget.prototype.say = function (field, problem) {
    if (!field.message) {
      field.message = el('li', { id: this.id + '-msg-' + this.fields.indexOf(field) });
      field.node.closest('fieldset').querySelector('.ww-messages').appendChild(field.message);
    }
    field.message.textContent = field.label + problem;
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
   * Runs the program on the current inputs. `edited` is the field whose edit triggered the run:
   * the build ran this program without error, so an error now is that edit's doing and is shown
   * there; the tables keep the last values that worked.
   */
  Widget.prototype.run = function (edited) {
    var self = this;
    var outcome = globalThis.WorkedComputeLang.run(this.example.steps, clone(this.inputs));
    this.fields.forEach(function (f) { self.clear(f); });
    if (outcome.ok) {
      this.failure = null;
      this.values = this.inputs.map(function (entry) { return [entry[0], clone(entry[1])]; }).concat(outcome.values);
      this.whole = outcome.whole;
      this.updateNumpy();
      this.status.textContent = '';
      this.status.removeAttribute('data-error');
    } else {
      var error = outcome.error;
      var step = this.stepAt(error.start);
      var sentence = (step ? 'step ' + step + ' fails: ' : 'the program fails: ') + error.message +
        (error.hint ? ' (' + error.hint + ')' : '');
      this.failure = { field: edited, error: error };
      if (edited) this.say(edited, ' = ' + edited.node.value.trim() + ' makes ' + sentence + '.');
      this.status.textContent = 'With this edit ' + sentence + '. The tables show the last values that worked.';
      this.status.setAttribute('data-error', error.kind);
      if (!this.values) return;
    }
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
  Widget.prototype.stepLine = function (name) {
    var lines = this.example.steps.split('\n');
    for (var i = 0; i < lines.length; i++) {
      var code = lines[i].replace(/#.*$/, '').trim();
      var match = /^([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(code);
      if (match && match[1] === name) return code;
    }
    return name;
  };

  Widget.prototype.render = function () {
    var self = this;
    var show = this.example.show;
    // The whole program runs on every edit; the widget block's `show` list, when the lesson
    // gives one, only chooses which steps are drawn (in the program's order).
    var steps = this.values.slice(this.inputs.length).filter(function (entry) {
      return !show || show.indexOf(entry[0]) !== -1;
    });
    var blocks = steps.map(function (entry) { return self.valueBlock(entry[0], entry[1]); });
    this.results.replaceChildren.apply(this.results, blocks);
  };

  /** A step's value: a number as a line, a vector or matrix as a table shaded like a heatmap. */
  Widget.prototype.valueBlock = function (name, value) {
    var format = this.formatterOf(name);
    var caption = el('code', null, this.stepLine(name));
    if (typeof value === 'number') {
      return el('div', { className: 'ww-block' },
        el('p', { className: 'ww-scalar' }, caption, ' \u2192 ',
          el('span', { className: 'ww-n', 'data-value': name }, format(value))));
    }
    var rows = asRows(value);
    var labels = this.labelsOf(name, value);
    var largest = 0;
    rows.forEach(function (row) {
      row.forEach(function (x) { if (isFinite(x)) largest = Math.max(largest, Math.abs(x)); });
    });
    var shaded = isMatrix(value) && rows.length > 1 && rows[0].length > 1;
    var head = el('tr', null, labels.rows ? el('td') : null);
    labels.cols.forEach(function (label) { head.appendChild(el('th', { scope: 'col' }, el('span', { className: 'ww-label' }, label))); });
    var body = el('tbody');
    rows.forEach(function (row, i) {
      var tr = el('tr', null, labels.rows ? el('th', { scope: 'row' }, el('span', { className: 'ww-label' }, labels.rows[i])) : null);
      row.forEach(function (x, j) {
        var masked = x === -Infinity;
        var cell = el('td', { 'data-row': i, 'data-col': j, className: masked ? 'ww-masked' : null },
          el('span', { className: 'ww-n' }, format(x)));
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
    return el('div', { className: 'ww-block' + (rows[0].length > 3 ? ' ww-block-wide' : '') },
      el('p', { className: 'ww-code', 'aria-hidden': 'true' }, caption),
      el('div', { className: 'ww-scroll' },
        el('table', { className: 'ww-table ww-matrix' + (shaded ? ' ww-heatmap' : ''), 'data-matrix': name },
          el('caption', { className: 'ww-visually-hidden' }, this.stepLine(name)), el('thead', null, head), body)));
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
    var state = decodeState(this.example.inputs, encoded);
    if (state && encodeState(this.example.inputs, state) !== encodeState(this.example.inputs, this.inputs)) {
      this.restore(state);
    }
  };

  Widget.prototype.restore = function (inputs) {
    var self = this;
    this.inputs = inputs;
    this.fields.forEach(function (f) { f.node.value = String(self.entry(f.input, f.row, f.col)); });
    this.run(null);
    common.writeFragment(this.example.name, encodeState(this.example.inputs, this.inputs));
  };

  // The page lists widget-common.js and compute-lang.js (and the helpers) before this file.
  ns.widgetCommon.start({
    script: ownScript, needs: DEPENDENCIES, widget: 'compute', name: 'compute',
    ready: function () {
      common = ns.widgetCommon;
      el = common.el;
      F = ns.format;
    },
    create: function (figure, example) { return new Widget(figure, example); },
  });
})();
