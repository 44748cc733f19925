/*
 * attention-widget.js — the "Try it" attention widget. Finds every `[data-widget="attention"]`
 * figure, reads the example inputs the build embedded as JSON (no fetch, so file:// works),
 * replaces the static generated matrices (`.worked-widget-static`, what readers without
 * JavaScript see, kept hidden as the print copy) with editable inputs and live matrices, explains
 * a row of A on request as MathML built here, and mirrors the edit in the URL fragment
 * (`#try-<example>=…`) so it can be shared. The prose and its formulas keep describing the
 * lesson's example: the widget is the reader's own copy, and "Reset to the lesson's numbers"
 * brings it back to the lesson.
 *
 * Arithmetic is the build's own programs run again in compute-lang.js (kind-programs.js: the
 * projections, each head, the output and a row's explanation), number formatting is in
 * worked-format.js; this file only builds DOM (createElement/createElementNS/textContent, never innerHTML: token names are
 * reader input).
 *
 * What every widget does alike (DOM building, number parsing, the URL fragment, mounting) is in widget-common.js. A classic script, not an ES module, because Chromium blocks
 * module scripts on file:// pages; helpers the page did not list are loaded next to it.
 */
(function () {
  'use strict';

  var ns = (globalThis.worked = globalThis.worked || {});
  var DEPENDENCIES = [
    ['computeLang', 'compute-lang.js'],
    ['kindPrograms', 'kind-programs.js'],
    ['format', 'worked-format.js'],
  ];
  // `currentScript` is null when a page loads this file as a module; fall back to the element.
  var ownScript = document.currentScript || document.querySelector('script[src$="attention-widget.js"]');

  var common; // widget-common.js
  var K; // kind-programs.js
  var F; // worked-format.js
  var el; // common.el
  var M; // common.math
  var widgetCount = 0;

  var MATRIX_INPUTS = [
    { key: 'w_q', name: 'W', sub: 'Q', label: 'W_Q', code: 'q' },
    { key: 'w_k', name: 'W', sub: 'K', label: 'W_K', code: 'k' },
    { key: 'w_v', name: 'W', sub: 'V', label: 'W_V', code: 'v' },
    { key: 'w_o', name: 'W', sub: 'O', label: 'W_O', code: 'o' },
  ];

  /** "W" with a subscript "Q", as DOM. */
  function subscripted(name, sub) {
    return [name, el('sub', null, sub)];
  }

  function clone(matrix) {
    return matrix ? matrix.map(function (row) { return row.slice(); }) : null;
  }

  // ---------------------------------------------------------------- URL fragment (shareable state)

  /*
   * `#try-cat=t:the,dog,sat;e:1,0_0,1_1,1;q:…;k:…;v:…;o:…;c:1` — only the parts that differ from
   * the example; rows joined by "_", entries by ",", token names percent-encoded. Several widgets'
   * states are joined by "&".
   */
  function encodeState(original, state) {
    var parts = [];
    if (state.tokens.join('\u0000') !== original.tokens.join('\u0000')) {
      parts.push('t:' + state.tokens.map(encodeURIComponent).join(','));
    }
    if (JSON.stringify(state.embeddings) !== JSON.stringify(original.embeddings)) {
      parts.push('e:' + encodeMatrix(state.embeddings));
    }
    MATRIX_INPUTS.forEach(function (m) {
      if (state[m.key] && JSON.stringify(state[m.key]) !== JSON.stringify(original[m.key])) {
        parts.push(m.code + ':' + encodeMatrix(state[m.key]));
      }
    });
    if (state.causal !== Boolean(original.causal)) parts.push('c:' + (state.causal ? 1 : 0));
    return parts.join(';');
  }

  function encodeMatrix(matrix) {
    return matrix.map(function (row) { return row.map(String).join(','); }).join('_');
  }

  /** The state a fragment describes, or null when it does not fit this example's shape. */
  function decodeState(original, text) {
    var state = {
      tokens: original.tokens.slice(), embeddings: clone(original.embeddings), causal: Boolean(original.causal),
    };
    MATRIX_INPUTS.forEach(function (m) { state[m.key] = clone(original[m.key]); });
    if (text === '') return state;
    var ok = text.split(';').every(function (part) {
      var colon = part.indexOf(':');
      var key = part.slice(0, colon);
      var value = part.slice(colon + 1);
      if (colon < 0) return false;
      if (key === 't') {
        var names = value.split(',').map(function (s) {
          try { return decodeURIComponent(s); } catch (e) { return ''; }
        });
        if (names.length !== original.tokens.length || names.some(function (s) { return s === ''; })) return false;
        state.tokens = names;
        return true;
      }
      if (key === 'c') {
        state.causal = value === '1';
        return value === '0' || value === '1';
      }
      var target = key === 'e' ? 'embeddings' : (MATRIX_INPUTS.filter(function (m) { return m.code === key; })[0] || {}).key;
      if (!target || !original[target]) return false;
      var rows = value.split('_').map(function (row) { return row.split(',').map(common.parseNumber); });
      var fits = rows.length === original[target].length && rows.every(function (row, i) {
        return row.length === original[target][i].length && row.every(function (x) { return x !== null; });
      });
      if (fits) state[target] = rows;
      return fits;
    });
    return ok ? state : null;
  }

  // ------------------------------------------------------------------------------------ the widget

  function Widget(figure, example) {
    this.figure = figure;
    this.example = example;
    this.decimals = typeof example.decimals === 'number' ? example.decimals : 3;
    this.id = 'ww' + ++widgetCount;
    this.inputs = []; // { node, kind, row, col, message }
    this.selected = null; // { head, row }
    this.state = decodeState(example, '');
  }

  /** Computed numbers at the book's decimals; what an edit makes huge in scientific notation. */
  Widget.prototype.fmt = function (x) {
    return F.formatComputed(x, this.decimals);
  };

  Widget.prototype.mount = function () {
    var restored = common.readFragment(this.example.name);
    var fromUrl = restored !== null ? decodeState(this.example, restored) : null;
    // The lesson's own result, for marking what a reader's edit changed; a link's edit that
    // does not compute (one that overflows) is dropped like one that does not fit.
    this.lessonResult = this.compute();
    if (fromUrl) {
      this.state = fromUrl;
      if (this.attempt() !== null) {
        fromUrl = null;
        this.state = decodeState(this.example, '');
      }
    }
    this.result = this.compute();

    var live = el('div', { className: 'ww', id: this.id });
    common.append(live, [
      el('p', { className: 'ww-intro' },
        'Try it: change any number or token name and every matrix follows; the lesson\u2019s ' +
        'text keeps its own numbers. Choose a row of the weights A to see that token\u2019s calculation.'),
      restored !== null && !fromUrl
        ? el('p', { className: 'ww-note', role: 'status' },
          'The link\u2019s edit does not fit this example any more, so the example\u2019s own numbers are shown.')
        : null,
      this.buildControls(),
      // The weights A between the embeddings and the weight matrices, and the output after them:
      // on a phone each input is then within a screen of A; a wide screen puts the inputs on the
      // left and A and Z on the right (widget.css). The steps between (Q, K, V, the scores)
      // follow.
      el('div', { className: 'ww-attention-layout' },
        this.buildEmbeddings(),
        this.keyResults = el('div', { className: 'ww-key-results' }),
        el('div', { className: 'ww-inputs ww-weight-inputs' }, this.buildWeights()),
        this.keyOutput = el('div', { className: 'ww-key-output' })),
      this.explain = el('div', { className: 'ww-explain', 'data-explain': true, 'aria-live': 'polite' }),
      el('p', { className: 'ww-steps-title' }, 'The steps in between'),
      this.results = el('div', { className: 'ww-results' }),
    ]);
    common.showLive(this.figure, live);
    this.render();
  };

  /**
   * The example's programs run on the last valid values everywhere, so a half-typed number never
   * shows NaN; throws the build's error when they do not compute.
   */
  Widget.prototype.compute = function () {
    var edits = {
      embeddings: this.state.embeddings,
      w_q: this.state.w_q,
      w_k: this.state.w_k,
      w_v: this.state.w_v,
      causal: this.state.causal ? 1 : 0,
    };
    if (this.state.w_o) edits.w_o = this.state.w_o;
    return K.attention(this.example.program, edits);
  };

  Widget.prototype.buildControls = function () {
    var self = this;
    this.causalBox = el('input', { type: 'checkbox', 'data-input': 'causal', id: this.id + '-causal' });
    this.causalBox.checked = this.state.causal;
    this.causalBox.addEventListener('change', function () {
      self.state.causal = self.causalBox.checked;
      self.changed();
    });
    var reset = el('button', { type: 'button', 'data-action': 'reset', className: 'ww-button' }, 'Reset to the lesson\u2019s numbers');
    reset.addEventListener('click', function () { self.reset(); });
    return el('div', { className: 'ww-controls' },
      el('label', { className: 'ww-check', for: this.id + '-causal' }, this.causalBox,
        ' Causal mask: each token attends only to itself and the tokens before it'),
      reset);
  };

  /** A text field for one number; its message slot says what is wrong without relying on colour. */
  Widget.prototype.numberInput = function (kind, row, col, label) {
    var self = this;
    var node = el('input', {
      type: 'text', className: 'ww-num-input', 'data-input': kind, 'data-row': row, 'data-col': col,
      'aria-label': label, autocomplete: 'off', spellcheck: 'false', inputmode: 'decimal', size: 6,
    });
    var field = { node: node, kind: kind, row: row, col: col, label: label };
    node.value = String(this.state[kind][row][col]);
    node.addEventListener('input', function () {
      var typed = node.value.trim();
      var x = common.parseNumber(typed);
      if (x === null) {
        self.markInvalid(field, typed === '' ? 'the field is empty.' : common.notANumber(typed));
        return;
      }
      var before = self.state[kind][row][col];
      self.state[kind][row][col] = x;
      var error = self.attempt();
      if (error) {
        self.state[kind][row][col] = before;
        self.markInvalid(field, self.overflowProblem(field, x, error));
        return;
      }
      self.markValid(field);
      self.changed();
    });
    this.inputs.push(field);
    return node;
  };

  Widget.prototype.tokenInput = function (row) {
    var self = this;
    var node = el('input', {
      type: 'text', className: 'ww-token-input', 'data-input': 'tokens', 'data-row': row,
      'aria-label': 'Name of token ' + (row + 1), autocomplete: 'off', spellcheck: 'false', maxlength: 40, size: 7,
    });
    var field = { node: node, kind: 'tokens', row: row, label: 'Token ' + (row + 1) };
    node.value = this.state.tokens[row];
    node.addEventListener('input', function () {
      if (node.value.trim() === '') {
        self.markInvalid(field, 'the name is empty.');
        return;
      }
      self.markValid(field);
      self.state.tokens[row] = node.value;
      self.relabelInputs();
      self.changed();
    });
    this.inputs.push(field);
    return node;
  };

  Widget.prototype.messageList = function () {
    return el('ul', { className: 'ww-messages' });
  };

  /**
   * Runs the attention on the current state: null when it computes (and `this.result` is the
   * new result), else the error (an overflow: shapes cannot change here).
   */
  Widget.prototype.attempt = function () {
    try {
      this.result = this.compute();
      return null;
    } catch (error) {
      return error;
    }
  };

  /**
   * Why x cannot be used in `field`, with the nearest power of ten that can: the
   * state is tried with ±10ᵏ for k below x's exponent, so the suggestion is one that computes.
   */
  Widget.prototype.overflowProblem = function (field, x, error) {
    var what = error.overflow || 'the result';
    var problem = F.formatShortest(x) + ' makes ' + what + ' overflow: some numbers would pass 1.8 \u00d7 10\u00b3\u2070\u2078, ' +
      'the largest a browser can hold.';
    var entries = this.state[field.kind][field.row];
    var before = entries[field.col];
    var sign = x < 0 ? -1 : 1;
    for (var e = Math.floor(Math.log10(Math.abs(x))) - 1; e >= 0; e--) {
      // The number a reader gets by typing "1e<e>", which is what the message suggests.
      entries[field.col] = sign * Number('1e' + e);
      if (this.attempt() === null) {
        problem += ' ' + common.suggestion(entries[field.col]) + ' still works.';
        break;
      }
    }
    entries[field.col] = before;
    this.result = this.compute();
    return problem;
  };

  /** "Label: problem. Still using 1 until it is fixed.", at the field and named by it. */
  Widget.prototype.markInvalid = function (field, problem) {
    var kept = field.kind === 'tokens' ? '\u201c' + this.state.tokens[field.row] + '\u201d'
      : F.formatShortest(this.state[field.kind][field.row][field.col]);
    var text = field.label + ': ' + problem + ' Still using ' + kept + ' until it is fixed.';
    if (!field.message) {
      field.message = el('li', { id: this.id + '-msg-' + this.inputs.indexOf(field) });
      field.node.closest('fieldset').querySelector('.ww-messages').appendChild(field.message);
    }
    field.message.textContent = text;
    field.node.setAttribute('aria-invalid', 'true');
    field.node.setAttribute('aria-describedby', field.message.id);
  };

  Widget.prototype.markValid = function (field) {
    if (!field.message) return;
    field.message.remove();
    field.message = null;
    field.node.removeAttribute('aria-invalid');
    field.node.removeAttribute('aria-describedby');
  };

  Widget.prototype.buildEmbeddings = function () {
    var width = this.state.embeddings[0].length;
    var head = el('tr', null, el('th', { scope: 'col' }, 'token'));
    for (var j = 0; j < width; j++) head.appendChild(el('th', { scope: 'col' }, 'x', el('sub', null, String(j + 1))));
    var body = el('tbody');
    for (var i = 0; i < this.state.tokens.length; i++) {
      var tr = el('tr', null, el('td', null, this.tokenInput(i)));
      for (j = 0; j < width; j++) {
        tr.appendChild(el('td', null, this.numberInput('embeddings', i, j, '')));
      }
      body.appendChild(tr);
    }
    var fieldset = el('fieldset', { className: 'ww-block ww-embeddings-input' },
      el('legend', null, 'Tokens and their embeddings X'),
      el('div', { className: 'ww-scroll' }, el('table', { className: 'ww-table ww-input-table' }, el('thead', null, head), body)),
      this.messageList());
    this.relabelInputs();
    return fieldset;
  };

  Widget.prototype.buildWeights = function () {
    var self = this;
    return MATRIX_INPUTS.filter(function (m) { return self.state[m.key]; }).map(function (m) {
      var matrix = self.state[m.key];
      var head = el('tr', null, el('td'));
      matrix[0].forEach(function (_, j) { head.appendChild(el('th', { scope: 'col' }, String(j + 1))); });
      var body = el('tbody');
      matrix.forEach(function (row, i) {
        var tr = el('tr', null, el('th', { scope: 'row' }, String(i + 1)));
        row.forEach(function (_, j) {
          tr.appendChild(el('td', null, self.numberInput(m.key, i, j,
            m.label + ' row ' + (i + 1) + ', column ' + (j + 1))));
        });
        body.appendChild(tr);
      });
      return el('fieldset', { className: 'ww-block' },
        el('legend', null, subscripted(m.name, m.sub)),
        el('div', { className: 'ww-scroll' }, el('table', { className: 'ww-table ww-input-table' }, el('thead', null, head), body)),
        self.messageList());
    });
  };

  /** Embedding inputs are labelled by token name, which the reader may change. */
  Widget.prototype.relabelInputs = function () {
    var tokens = this.state.tokens;
    this.inputs.forEach(function (f) {
      if (f.kind !== 'embeddings') return;
      f.label = 'Embedding of \u201c' + tokens[f.row] + '\u201d, dimension ' + (f.col + 1);
      f.node.setAttribute('aria-label', f.label);
    });
  };

  Widget.prototype.reset = function () {
    var self = this;
    this.state = decodeState(this.example, '');
    this.inputs.forEach(function (f) {
      self.markValid(f);
      f.node.value = f.kind === 'tokens' ? self.state.tokens[f.row] : String(self.state[f.kind][f.row][f.col]);
    });
    this.causalBox.checked = this.state.causal;
    this.relabelInputs();
    this.changed();
  };

  /** After an edit that computed (`this.result` is its result) or a reset. */
  Widget.prototype.changed = function () {
    this.result = this.compute();
    this.render();
    common.writeFragment(this.example.name, encodeState(this.example, this.state));
  };

  // ----------------------------------------------------------------------------- results and A

  /**
   * A labelled matrix as a table: `data-matrix` on the table, `data-row`/`data-col` on each number
   * cell whose text is exactly the formatted number (extra marks live in CSS generated content).
   */
  Widget.prototype.matrixTable = function (code, caption, values, colLabels, options) {
    var self = this;
    options = options || {};
    // One precision for the whole matrix: all whole, or every entry at the book's decimals.
    var format = F.computedFormatter(values, this.decimals);
    var tokens = this.state.tokens;
    var head = el('tr', null, el('td'));
    values[0].forEach(function (_, j) {
      head.appendChild(el('th', { scope: 'col' }, el('span', { className: 'ww-label' }, colLabels ? colLabels[j] : String(j + 1))));
    });
    var body = el('tbody');
    values.forEach(function (row, i) {
      var rowHead = el('th', { scope: 'row' }, el('span', { className: 'ww-label' }, tokens[i]));
      var tr = el('tr', { 'data-row': i }, rowHead);
      row.forEach(function (x, j) {
        var masked = Boolean(options.masked) && options.masked[i][j] === 1;
        var text = format(x);
        var lesson = options.lesson && options.lesson[i] ? options.lesson[i][j] : undefined;
        var changed = lesson !== undefined && format(lesson) !== text;
        var cell = el('td', {
          'data-row': i, 'data-col': j, className: masked ? 'ww-masked' : null, 'data-changed': changed,
        }, el('span', { className: 'ww-n' }, text));
        if (options.heat) {
          cell.classList.add('ww-heat');
          cell.style.setProperty('--ww-w', masked ? 0 : Math.max(0, Math.min(1, x)).toFixed(4));
        }
        tr.appendChild(cell);
      });
      if (options.rows) options.rows(tr, rowHead, i);
      body.appendChild(tr);
    });
    var attrs = { className: 'ww-table ww-matrix' + (options.heat ? ' ww-heatmap' : ''), 'data-matrix': code };
    if (options.head !== undefined) attrs['data-head'] = options.head + 1;
    return el('div', { className: 'ww-block' },
      el('div', { className: 'ww-scroll' },
        el('table', attrs, el('caption', null, caption), el('thead', null, head), body)),
      options.after || null);
  };

  Widget.prototype.legend = function () {
    var items = [
      el('span', { 'aria-hidden': 'true' }, '0'),
      el('span', { className: 'ww-legend-scale', 'aria-hidden': 'true' }),
      el('span', { 'aria-hidden': 'true' }, '1'),
      el('span', { className: 'ww-legend-text' }, 'colour deepens with the weight, from 0 to 1'),
    ];
    if (this.state.causal) {
      items.push(el('span', { className: 'ww-legend-masked', 'aria-hidden': 'true' }));
      items.push(el('span', { className: 'ww-legend-text' }, 'hatched and marked \u201cmasked\u201d: a later token, weight exactly 0'));
    }
    return el('p', { className: 'ww-legend' }, items);
  };

  /**
   * The weights A of every head and the output Z beside the inputs (`keyResults`), the steps
   * between them below (`results`); every number that differs from the lesson's as printed is
   * marked `data-changed`.
   */
  Widget.prototype.render = function () {
    var self = this;
    var r = this.result;
    var lesson = this.lessonResult;
    var tokens = this.state.tokens;
    var many = r.heads.length > 1;
    var steps = [
      this.matrixTable('q', ['Q = X', subscripted('W', 'Q')], r.q, null, { lesson: lesson.q }),
      this.matrixTable('k', ['K = X', subscripted('W', 'K')], r.k, null, { lesson: lesson.k }),
      this.matrixTable('v', ['V = X', subscripted('W', 'V')], r.v, null, { lesson: lesson.v }),
    ];
    var key = [];
    r.heads.forEach(function (head, h) {
      var label = many ? ' (head ' + (h + 1) + ')' : '';
      var was = lesson.heads[h];
      var options = function (extra) {
        return Object.assign({ head: many ? h : undefined }, extra);
      };
      steps.push(self.matrixTable('scores', ['scores QK\u1d40' + label], head.scores, tokens,
        options({ lesson: was.scores })));
      steps.push(self.matrixTable('scaled', ['scaled scores QK\u1d40 / \u221a' + head.d_k + label],
        head.scaled, tokens, options({ masked: head.hidden, lesson: was.scaled })));
      key.push(self.matrixTable('weights', ['weights A = softmax(QK\u1d40 / \u221a' + head.d_k + ')' + label],
        head.weights, tokens, options({
          masked: head.hidden,
          heat: true,
          lesson: was.weights,
          after: self.legend(),
          rows: function (tr, rowHead, i) { self.makeSelectable(tr, rowHead, h, i); },
        })));
    });
    if (many) steps.push(this.matrixTable('concat', ['heads side by side'], r.concat, null, { lesson: lesson.concat }));
    var product = many ? '(heads side by side) ' : '(A V) ';
    var output = (this.matrixTable('output', this.state.w_o ? ['output Z = ' + product, subscripted('W', 'O')]
      : [many ? 'output Z = heads side by side' : 'output Z = A V'], r.output, null, { lesson: lesson.output }));
    var note = common.changedNote();
    note.hidden = !this.differsFromLesson();
    this.keyOutput.replaceChildren(output, note);

    var active = document.activeElement;
    var refocus = active && this.keyResults.contains(active) ? active.getAttribute('data-focus') : null;
    this.keyResults.replaceChildren.apply(this.keyResults, key);
    this.results.replaceChildren.apply(this.results, steps);
    if (refocus) {
      var again = this.keyResults.querySelector('[data-focus="' + refocus + '"]');
      if (again) again.focus();
    }
    this.renderExplanation();
  };

  /** Whether any number shown differs, as printed, from the lesson's. */
  Widget.prototype.differsFromLesson = function () {
    var self = this;
    var r = this.result;
    var lesson = this.lessonResult;
    var pairs = [[r.q, lesson.q], [r.k, lesson.k], [r.v, lesson.v], [r.output, lesson.output]];
    r.heads.forEach(function (head, h) {
      pairs.push([head.scores, lesson.heads[h].scores], [head.weights, lesson.heads[h].weights]);
    });
    return pairs.some(function (pair) {
      return pair[0].some(function (row, i) {
        return row.some(function (x, j) { return self.fmt(x) !== self.fmt(pair[1][i][j]); });
      });
    });
  };

  /** Rows of A are chosen by clicking anywhere on them, or with the button in their header. */
  Widget.prototype.makeSelectable = function (tr, rowHead, head, row) {
    var self = this;
    var chosen = this.selected && this.selected.head === head && this.selected.row === row;
    var button = el('button', {
      type: 'button', className: 'ww-row-button', 'aria-pressed': chosen ? 'true' : 'false',
      'data-focus': head + '-' + row,
    }, el('span', { className: 'ww-visually-hidden' }, 'Explain row '), this.state.tokens[row]);
    rowHead.replaceChildren(button);
    tr.classList.add('ww-selectable');
    if (chosen) tr.classList.add('ww-selected');
    tr.addEventListener('click', function () {
      self.selected = { head: head, row: row };
      self.render();
    });
  };

  // ------------------------------------------------------------------------------- explanation

  // MathML pieces of the explanation: `M(tag, attrs, children…)` is common.math.
  function mn(text) { return M('mn', null, text); }
  function mo(text) { return M('mo', null, text); }
  function mi(text) { return M('mi', null, text); }
  function row() { return M('mrow', null, Array.prototype.slice.call(arguments)); }
  /** A symbol with a token name as its subscript: q with "sat" below. */
  function named(symbol, token) { return M('msub', null, mi(symbol), M('mtext', null, token)); }
  /** Where a long line may wrap: MathML does not break lines, so a line is split into formulas. */
  var BREAK = {};

  /**
   * One line of the explanation: `parts` (nested arrays allowed) as inline formulas, a new one
   * after every BREAK, with spaces between so a phone wraps the line there.
   */
  function formula(parts) {
    var pieces = [[]];
    (function walk(list) {
      list.forEach(function (part) {
        if (Array.isArray(part)) walk(part);
        else if (part === BREAK) pieces.push([]);
        else if (part) pieces[pieces.length - 1].push(part);
      });
    })(parts);
    var line = el('span', { className: 'ww-formula' });
    pieces.forEach(function (piece, i) {
      if (i > 0) line.appendChild(document.createTextNode(' '));
      // Display style: fractions at full size, as on paper.
      line.appendChild(M('math', { displaystyle: 'true' }, M('mrow', null, piece)));
    });
    return line;
  }

  /** Terms joined by `op`, with a place to wrap after each operator. */
  function spread(terms, op) {
    var parts = [];
    terms.forEach(function (term, i) {
      if (i > 0) parts.push(mo(op), BREAK);
      parts.push(term);
    });
    return parts;
  }

  /** A number as MathML: the minus of a negative number as an operator, as KaTeX writes it. */
  Widget.prototype.number = function (x) {
    var text = this.fmt(x);
    return text.charAt(0) === F.MINUS ? row(mo('\u2212'), mn(text.slice(1))) : mn(text);
  };

  /** A factor inside a product: negative numbers get parentheses, as on paper. */
  Widget.prototype.factor = function (x) {
    var text = this.fmt(x);
    return text.charAt(0) === F.MINUS ? row(mo('('), this.number(x), mo(')')) : mn(text);
  };

  /** A row vector (a, b, c). */
  Widget.prototype.vector = function (xs) {
    var self = this;
    var parts = [mo('(')];
    xs.forEach(function (x, i) {
      if (i > 0) parts.push(mo(','));
      parts.push(self.number(x));
    });
    parts.push(mo(')'));
    return row.apply(null, parts);
  };


  Widget.prototype.renderExplanation = function () {
    var self = this;
    if (!this.selected) {
      this.explain.replaceChildren(el('p', { className: 'ww-hint' },
        'Choose a row of A (click it, or Tab to its token and press Enter) to see how that token\u2019s output is calculated.'));
      return;
    }
    var x = K.explainRow(this.example.program, this.result, this.selected.head, this.selected.row);
    var tokens = this.state.tokens;
    var me = tokens[x.row];
    var many = this.result.heads.length > 1;
    var steps = el('ol', { className: 'ww-steps' });
    /** A step: its title in words, then one formula (or sentence) per line. */
    function step(title, lines) {
      var list = el('ul');
      lines.forEach(function (line) {
        if (!line) return;
        list.appendChild(el('li', line.key === undefined ? null : { 'data-key': line.key }, line.node || line));
      });
      steps.appendChild(el('li', null, el('span', { className: 'ww-step-title' }, title), list));
    }
    var open = x.keys.filter(function (k) { return !k.masked; });
    var maskedNote = x.keys.length > open.length
      ? 'Masked (they come after \u201c' + me + '\u201d): ' +
        x.keys.filter(function (k) { return k.masked; }).map(function (k) { return '\u201c' + tokens[k.index] + '\u201d'; }).join(', ') +
        ' \u2014 left out, weight exactly 0.'
      : null;
    var sqrtDk = M('msqrt', null, mn(String(x.d_k)));

    step('Its query', [formula([named('q', me), mo('='), this.vector(x.query)])]);
    step('Dot product with each key', open.map(function (k) {
      var products = k.products.map(function (_, t) {
        return row(self.factor(x.query[t]), mo('\u00d7'), self.factor(k.key[t]));
      });
      return formula([named('q', me), mo('\u00b7'), named('k', tokens[k.index]), mo('='), BREAK,
        spread(products, '+'), mo('='), BREAK, self.number(k.score)]);
    }).concat([maskedNote]));
    step('Divide by the square root of d\u2096 = ' + x.d_k, open.map(function (k) {
      return formula([M('mfrac', null, self.number(k.score), sqrtDk.cloneNode(true)), mo('='), self.number(k.scaled)]);
    }));
    var shiftNote = x.shift !== 0
      ? 'e to these powers would overflow, so each exponent is first reduced by the largest, ' +
        this.fmt(x.shift) + '; the weights come out the same.'
      : null;
    step('Exponentiate and add up', [shiftNote].concat(open.map(function (k) {
      var power = x.shift !== 0 ? row(self.number(k.scaled), mo('\u2212'), self.factor(x.shift)) : self.number(k.scaled);
      return formula([M('msup', null, mi('e'), power), mo('='), self.number(k.exp)]);
    }), [formula([mi('sum'), mo('='), BREAK,
      spread(open.map(function (k) { return self.number(k.exp); }), '+'), mo('='), BREAK, this.number(x.expSum)])]));
    step('Weights: each exponential divided by the sum', x.keys.map(function (k) {
      var parts = k.masked
        ? [named('a', tokens[k.index]), mo('='), mn('0'), M('mspace', { width: '0.5em' }), M('mtext', null, '(masked)')]
        : [named('a', tokens[k.index]), mo('='), M('mfrac', null, self.number(k.exp), self.number(x.expSum)), mo('='), self.number(k.weight)];
      return { key: tokens[k.index], node: formula(parts) };
    }));
    var note = many || this.state.w_o
      ? (many ? 'This is head ' + (x.head + 1) + '\u2019s part; the heads\u2019 outputs are put side by side' : 'This') +
        (this.state.w_o ? ' and multiplied by W_O to give Z.' : ' to give Z.')
      : null;
    step('Weighted sum of the values', [
      { key: 'output', node: formula([named('z', me), mo('='), BREAK,
        spread(open.map(function (k) { return row(self.number(k.weight), mo('\u00d7'), self.vector(k.value)); }), '+'),
        mo('='), BREAK, this.vector(x.output)]) },
      note,
    ]);
    var title = 'How \u201c' + me + '\u201d (row ' + (x.row + 1) + ')' + (many ? ' in head ' + (x.head + 1) : '') + ' attends';
    this.explain.replaceChildren(el('p', { className: 'ww-explain-title' }, title), steps);
  };

  // --------------------------------------------------------------------------------- mounting

  /** A pasted link with another edit for this page restores it without a reload. */
  Widget.prototype.followFragment = function (encoded) {
    var state = decodeState(this.example, encoded);
    if (state && encodeState(this.example, state) !== encodeState(this.example, this.state)) this.restore(state);
  };

  /** Shows `state`, unless it overflows: then the widget keeps what it shows. */
  Widget.prototype.restore = function (state) {
    var self = this;
    var kept = this.state;
    this.state = state;
    if (this.attempt() !== null) {
      this.state = kept;
      this.result = this.compute();
      return;
    }
    this.inputs.forEach(function (f) {
      self.markValid(f);
      f.node.value = f.kind === 'tokens' ? state.tokens[f.row] : String(state[f.kind][f.row][f.col]);
    });
    this.causalBox.checked = state.causal;
    this.relabelInputs();
    this.result = this.compute();
    this.render();
  };

  var spec = {
    script: ownScript, needs: DEPENDENCIES, widget: 'attention', name: 'attention',
    ready: function () {
      common = ns.widgetCommon;
      el = common.el;
      M = common.math;
      K = ns.kindPrograms;
      F = ns.format;
    },
    create: function (figure, example) { return new Widget(figure, example); },
  };

  // The page lists widget-common.js (and the helpers it needs) before this file.
  ns.widgetCommon.start(spec);
})();
