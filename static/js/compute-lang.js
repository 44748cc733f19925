/*
 * compute-lang.js — the reader-side twin of the compute language (src/compute/lang/).
 * Pure: no DOM, no globals read, no I/O. A widget calls `run(stepsText, inputs)` after each edit;
 * a statement whose every name holds what it held in a recent run is not run again, its effects
 * are put back ("kept statements"), so an edit reruns only what depends on it. A page runs its
 * widgets' programs in a worker built from this very script (`worker()`, `workerSource()`), which
 * runs each with `runInSteps` so that a newer edit drops it (issue 41).
 *
 * The file mirrors the Rust modules section by section, in the same order and with the same names,
 * so a reader of one finds the other: limits (mod.rs), value (value.rs), lexer (lexer.rs), parser
 * (parser.rs), statements (statements.rs), suggest (suggest.rs), context (context.rs), index
 * (index.rs), eval (eval.rs), run (run.rs), functions (functions/mod.rs) and one section per file
 * of functions/ (signatures, elementwise, axis, combine, shape, linalg, construct), tape (tape.rs)
 * and grad (grad/), api (mod.rs),
 * labels (computed.rs). The rules — broadcasting, axes, the −∞ mask, limits,
 * error kinds and messages — are stated once, in the module doc of src/compute/lang/mod.rs and in
 * README's "The compute language"; tests/cli/compute_lang_differential.rs holds the two
 * interpreters to 1e-9 (or the same kind of error) on thousands of random programs.
 *
 * Why a classic script and not an ES module: Chromium refuses to run `<script type="module">`
 * loaded from file://, and a `worked` site must work when opened from disk. So this file attaches
 * itself to `globalThis.worked.computeLang` (also reachable as `globalThis.WorkedComputeLang`)
 * and exports through `module.exports` for Node.
 */
(function (factory) {
  'use strict';
  var api = factory();

  /**
   * A worker's side (issue 41): each message `{ id, steps, inputs }` runs with runInSteps, in
   * slices, so that the next message (a newer edit, or `{ stop: true }`) drops it; the answer is
   * `{ id, result }`, result being what run() returns.
   */
  function serve(lang) {
    var current = null;
    var scheduled = false;
    onmessage = function (event) {
      current = event.data.stop ? null : { id: event.data.id, steps: lang.runInSteps(event.data.steps, event.data.inputs) };
      if (current && !scheduled) {
        scheduled = true;
        setTimeout(pump, 0);
      }
    };
    function pump() {
      scheduled = false;
      if (!current) return;
      var end = Date.now() + 50;
      var next;
      do next = current.steps.next(); while (!next.done && Date.now() < end);
      if (!next.done) {
        scheduled = true;
        setTimeout(pump, 0);
        return;
      }
      postMessage({ id: current.id, result: next.value });
      current = null;
    }
  }

  /** The source of a worker that runs programs off the page's thread: this script, then serve. */
  api.workerSource = function () {
    return '(' + serve + ')((' + factory + ')());';
  };

  /**
   * A Worker built from workerSource (a Blob, which a page opened from file:// may start where a
   * script file may not), or null where there are no workers.
   */
  api.worker = function () {
    if (typeof Worker !== 'function' || typeof Blob !== 'function') return null;
    try {
      return new Worker(URL.createObjectURL(new Blob([api.workerSource()], { type: 'text/javascript' })));
    } catch (error) {
      return null;
    }
  };

  if (typeof module !== 'undefined' && module.exports) module.exports = api;
  (globalThis.worked = globalThis.worked || {}).computeLang = api;
  globalThis.WorkedComputeLang = api;
})(function () {
  'use strict';

  /* ---- limits (mod.rs) ---- */
  var MAX_SIDE = 1024;
  var MAX_WORK = 10000000;
  var MAX_DEPTH = 64;
  var MAX_LINES = 1000;
  var MAX_LINE_BYTES = 1000;
  var MAX_LOOP_DEPTH = 4;
  /** Most numbers the values of one run (inputs excluded) may hold together (memory.rs). */
  var MAX_KEPT_ENTRIES = 4 * 1024 * 1024;

  /** A LangError: `kind` is one of ErrorKind::as_str; start/end are offsets in the steps text. */
  function LangError(kind, message, span, hint) {
    var error = new Error(message);
    error.name = 'LangError';
    error.kind = kind;
    error.start = span[0];
    error.end = span[1];
    error.hint = hint === undefined ? null : hint;
    return error;
  }

  /* ---- value (value.rs) ---- */
  // A value is { rank: 0|1|2, rows, cols, data } with data in reading order; a scalar is 1×1 and
  // a vector one row, exactly the matrix view broadcasting uses.

  function makeValue(rank, rows, cols, data) {
    return { rank: rank, rows: rows, cols: cols, data: data };
  }

  function scalar(x) { return makeValue(0, 1, 1, [x]); }

  function describeShape(value) {
    if (value.rank === 0) return 'scalar';
    if (value.rank === 1) return 'vector of ' + value.cols;
    return value.rows + '×' + value.cols;
  }

  /** Where the flat-th entry is, 1-based: '' for a scalar, ' at [3]', ' at [2, 3]'. */
  function describePosition(value, flat) {
    if (value.rank === 0) return '';
    if (value.rank === 1) return ' at [' + (flat + 1) + ']';
    var cols = Math.max(value.cols, 1);
    return ' at [' + (Math.floor(flat / cols) + 1) + ', ' + (flat % cols + 1) + ']';
  }

  /** Numbers in messages: JavaScript's own String(x), with inf for Rust's spelling. */
  function formatNumber(x) {
    if (x === Infinity) return 'inf';
    if (x === -Infinity) return '-inf';
    return String(x);
  }

  /** A plain JS value (number | number[] | number[][]) as an internal value, or null if ragged. */
  function fromPlain(plain) {
    if (typeof plain === 'number') return scalar(plain);
    if (!Array.isArray(plain)) return null;
    if (plain.length > 0 && Array.isArray(plain[0])) {
      var cols = plain[0].length;
      var data = [];
      for (var i = 0; i < plain.length; i++) {
        if (!Array.isArray(plain[i]) || plain[i].length !== cols) return null;
        for (var j = 0; j < cols; j++) {
          if (typeof plain[i][j] !== 'number') return null;
          data.push(plain[i][j]);
        }
      }
      return makeValue(2, plain.length, cols, data);
    }
    for (var k = 0; k < plain.length; k++) if (typeof plain[k] !== 'number') return null;
    return makeValue(1, 1, plain.length, plain.slice());
  }

  /** The inverse of fromPlain: a scalar as a number, a vector as a list, a matrix as rows. */
  function toPlain(value) {
    if (value.rank === 0) return value.data[0];
    if (value.rank === 1) return value.data.slice();
    var rows = [];
    for (var i = 0; i < value.rows; i++) rows.push(value.data.slice(i * value.cols, (i + 1) * value.cols));
    return rows;
  }

  function mapValue(value, f) {
    return makeValue(value.rank, value.rows, value.cols, value.data.map(function (x) { return f(x); }));
  }

  /** x.T: a matrix transposed, a vector as an n×1 column, a scalar unchanged. */
  function transpose(value) {
    if (value.rank === 0) return value;
    var out = [];
    for (var j = 0; j < value.cols; j++) for (var i = 0; i < value.rows; i++) out.push(value.data[i * value.cols + j]);
    return makeValue(2, value.cols, value.rows, out);
  }


  /* ---- lexer (lexer.rs) ---- */

  function isNameStart(c) { return /^[A-Za-z_]$/.test(c); }
  function isNameChar(c) { return /^[A-Za-z0-9_]$/.test(c); }
  function isDigit(c) { return c >= '0' && c <= '9' && c.length === 1; }

  var SINGLE = { '+': 'plus', '-': 'minus', '*': 'star', '/': 'slash', '%': 'percent', '@': 'at', '^': 'caret',
    '(': 'open', ')': 'close', ',': 'comma', '=': 'equals' };

  var SINGLE_MORE = { '<': ['compare', '<'], '>': ['compare', '>'], '[': ['open_bracket'], ']': ['close_bracket'],
    ':': ['colon'] };

  var AND_OR = 'there is no `and` or `or`: multiply comparisons for both, (a > 0) * (b > 0), and use maximum(…) for either';
  var LOOKALIKES = {
    '−': 'write `-` (the ASCII minus)', '–': 'write `-` (the ASCII minus)',
    '×': 'write `*` (elementwise) or `@` (matrix product)', '·': 'write `*` (elementwise) or `@` (matrix product)',
    '÷': 'write `/`', '≤': 'write `<=`', '≥': 'write `>=`', '≠': 'write `!=`', '&': AND_OR, '|': AND_OR,
  };

  /** The token as an error message quotes it. */
  function describeToken(token) {
    if (token.kind === 'number') return '`' + formatNumber(token.value) + '`';
    if (token.kind === 'name') return '`' + token.value + '`';
    if (token.kind === 'transpose') return '`.T`';
    if (token.kind === 'compare') return '`' + token.value + '`';
    if (token.kind === 'open_bracket') return '`[`';
    if (token.kind === 'close_bracket') return '`]`';
    if (token.kind === 'colon') return '`:`';
    if (token.kind === 'slash_slash') return '`//`';
    for (var symbol in SINGLE) if (SINGLE[symbol] === token.kind) return '`' + symbol + '`';
    return token.kind;
  }

  /** Where the number starting at `start` ends (an exponent only when digits follow it). */
  function numberEnd(line, start) {
    function digits(i) { while (isDigit(line.charAt(i))) i++; return i; }
    var i = digits(start);
    if (line.charAt(i) === '.' && line.charAt(i + 1) !== 'T') i = digits(i + 1);
    if (line.charAt(i) === 'e' || line.charAt(i) === 'E') {
      var j = i + 1;
      if (line.charAt(j) === '+' || line.charAt(j) === '-') j++;
      if (isDigit(line.charAt(j))) i = digits(j);
    }
    return i;
  }

  function nameEnd(line, i) {
    while (i < line.length && isNameChar(line.charAt(i))) i++;
    return i;
  }

  /** The tokens of `line`, which starts at `offset` of the steps text. */
  function tokenize(line, offset) {
    var tokens = [];
    var i = 0;
    while (i < line.length) {
      var c = String.fromCodePoint(line.codePointAt(i));
      var start = i;
      // The two-character comparisons first, so `<=` is not `<` then `=`.
      var pair = c + line.charAt(i + 1);
      if (pair === '<=' || pair === '>=' || pair === '==' || pair === '!=') {
        tokens.push({ kind: 'compare', value: pair, span: [offset + i, offset + i + 2] });
        i += 2;
        continue;
      }
      if (pair === '//') {
        tokens.push({ kind: 'slash_slash', span: [offset + i, offset + i + 2] });
        i += 2;
        continue;
      }
      if (c === '!') {
        throw LangError('syntax', 'unexpected character `!`: the only use of `!` is `!=` (not equal)',
          [offset + i, offset + i + 1], 'for "not c" of a 0/1 value write 1 - c, or c == 0');
      }
      if (SINGLE_MORE[c]) {
        tokens.push({ kind: SINGLE_MORE[c][0], value: SINGLE_MORE[c][1], span: [offset + i, offset + i + 1] });
        i++;
        continue;
      }
      if (SINGLE[c]) {
        tokens.push({ kind: SINGLE[c], span: [offset + i, offset + i + 1] });
        i++;
        continue;
      }
      if (c === ' ' || c === '\t' || c === '\r') { i++; continue; }
      if (c === '.') {
        var next = line.charAt(i + 1);
        if (next === 'T' && !isNameChar(line.charAt(i + 2))) {
          tokens.push({ kind: 'transpose', span: [offset + i, offset + i + 2] });
          i += 2;
          continue;
        }
        if (isDigit(next)) {
          throw LangError('syntax', 'a number must start with a digit', [offset + i, offset + i + 1],
            'write 0.5 rather than .5');
        }
        throw LangError('syntax', 'unexpected `.`: the only use of a dot after a value is `.T` (transpose)',
          [offset + i, offset + i + 1], 'write x.T for the transpose of x');
      }
      if (isDigit(c)) {
        i = numberEnd(line, i);
        var text = line.slice(start, i);
        if (isNameStart(line.charAt(i))) {
          var end = nameEnd(line, i);
          var name = line.slice(i, end);
          throw LangError('syntax', 'a number directly followed by a name: `' + text + name + '`',
            [offset + start, offset + end], 'write `' + text + ' * ' + name + '`: there is no implicit multiplication');
        }
        var value = Number(text);
        if (!isFinite(value)) {
          throw LangError('limit', 'the number ' + text + ' is too large', [offset + start, offset + i],
            'numbers must be below about 1.8e308');
        }
        tokens.push({ kind: 'number', value: value, span: [offset + start, offset + i] });
        continue;
      }
      if (isNameStart(c)) {
        i = nameEnd(line, i);
        tokens.push({ kind: 'name', value: line.slice(start, i), span: [offset + start, offset + i] });
        continue;
      }
      throw LangError('syntax', 'unexpected character `' + c + '`', [offset + i, offset + i + c.length],
        LOOKALIKES[c] || 'a step uses names, numbers, + - * / @ ^ .T, comparisons, [subscripts], parentheses and function calls');
    }
    return tokens;
  }

  /* ---- parser (parser.rs) ---- */
  // Expressions: { kind: 'number'|'name'|'negate'|'transpose'|'binary'|'call'|'index', span, depth, ... }.

  var SYMBOLS = { add: '+', subtract: '-', multiply: '*', divide: '/', floor_divide: '//', modulo: '%', matmul: '@', power: '^',
    less: '<', less_equal: '<=', greater: '>', greater_equal: '>=', equal: '==', not_equal: '!=' };
  var COMPARISONS = { '<': 'less', '<=': 'less_equal', '>': 'greater', '>=': 'greater_equal', '==': 'equal', '!=': 'not_equal' };

  function isComparison(op) { return Object.prototype.hasOwnProperty.call(COMPARISONS, SYMBOLS[op]); }

  /** Bytes of `text` in UTF-8, so the line limit counts what Rust counts. */
  function utf8Length(text) {
    var bytes = 0;
    for (var i = 0; i < text.length; i++) {
      var code = text.codePointAt(i);
      if (code > 0xffff) i++;
      bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    }
    return bytes;
  }

  function tooDeep(span) {
    return LangError('limit', 'the expression nests more than ' + MAX_DEPTH + ' levels deep', span,
      'split it into several steps');
  }

  /** A node above a child of height childDepth (0 for a leaf); fails when the tree grows too tall. */
  function node(fields, span, childDepth) {
    var depth = 1 + childDepth;
    if (depth > MAX_DEPTH) throw tooDeep(span);
    fields.span = span;
    fields.depth = depth;
    return fields;
  }

  function binary(op, opSpan, left, right) {
    var depth = 1 + Math.max(left.depth, right.depth);
    if (depth > MAX_DEPTH) throw tooDeep(opSpan);
    return { kind: 'binary', op: op, opSpan: opSpan, left: left, right: right,
      span: [left.span[0], right.span[1]], depth: depth };
  }

  /** A recursive-descent parser over one line's tokens after `name =`. */
  function Parser(tokens, end) {
    this.tokens = tokens;
    this.position = 0;
    this.end = end;
  }

  Parser.prototype.peek = function () { return this.tokens[this.position]; };
  Parser.prototype.peekKind = function () { var t = this.peek(); return t ? t.kind : null; };
  Parser.prototype.here = function () { var t = this.peek(); return t ? t.span : [this.end, this.end]; };
  Parser.prototype.next = function () { return this.tokens[this.position++]; };
  Parser.prototype.enter = function (nesting) { if (nesting > MAX_DEPTH) throw tooDeep(this.here()); };

  /** `sum [compare sum]`: at most one comparison, looser than everything else. */
  Parser.prototype.expr = function (nesting) {
    this.enter(nesting);
    var left = this.sum(nesting);
    if (this.peekKind() !== 'compare') return left;
    var token = this.next();
    var op = COMPARISONS[token.value];
    var right = this.sum(nesting);
    if (this.peekKind() === 'compare') {
      throw LangError('syntax', 'two comparisons in a row (`' + token.value + '` then `' + this.peek().value +
        '`): an expression compares once', this.here(),
        'for a < b < c write (a < b) * (b < c): both conditions hold where the product is 1');
    }
    return binary(op, token.span, left, right);
  };

  Parser.prototype.sum = function (nesting) {
    var left = this.term(nesting);
    for (;;) {
      var op = { plus: 'add', minus: 'subtract' }[this.peekKind()];
      if (!op) return left;
      var opSpan = this.next().span;
      left = binary(op, opSpan, left, this.term(nesting));
    }
  };

  Parser.prototype.term = function (nesting) {
    var left = this.unary(nesting);
    for (;;) {
      var op = { star: 'multiply', slash: 'divide', slash_slash: 'floor_divide', percent: 'modulo', at: 'matmul' }[this.peekKind()];
      if (!op) return left;
      var opSpan = this.next().span;
      if (op === 'multiply' && this.peekKind() === 'star') {
        throw LangError('syntax', '`**` is not an operator', [opSpan[0], this.here()[1]], 'powers are written x ^ 2');
      }
      left = binary(op, opSpan, left, this.unary(nesting));
    }
  };

  Parser.prototype.unary = function (nesting) {
    this.enter(nesting);
    if (this.peekKind() === 'minus') {
      var minus = this.next().span;
      var operand = this.unary(nesting + 1);
      return node({ kind: 'negate', operand: operand }, [minus[0], operand.span[1]], operand.depth);
    }
    return this.power(nesting);
  };

  Parser.prototype.power = function (nesting) {
    var base = this.postfix(nesting);
    if (this.peekKind() !== 'caret') return base;
    var opSpan = this.next().span;
    var exponent = this.unary(nesting + 1);
    return binary('power', opSpan, base, exponent);
  };

  Parser.prototype.postfix = function (nesting) {
    var value = this.atom(nesting);
    for (;;) {
      if (this.peekKind() === 'transpose') {
        var end = this.next().span[1];
        value = node({ kind: 'transpose', operand: value }, [value.span[0], end], value.depth);
      } else if (this.peekKind() === 'open_bracket') {
        value = this.index(value, nesting);
      } else {
        return value;
      }
    }
  };

  var SUBSCRIPT_USAGE = 'write v[0] for one entry, v[1:3] for a range, m[:, 0] for a column';

  /** `target[` is next: parses one or two subscripts and the `]`. */
  Parser.prototype.index = function (target, nesting) {
    this.enter(nesting + 1);
    var open = this.next().span;
    if (this.peekKind() === 'close_bracket') {
      throw LangError('syntax', 'empty brackets: a subscript says which entries to take', [open[0], this.here()[1]],
        SUBSCRIPT_USAGE);
    }
    var subscripts = [this.subscript(nesting + 1)];
    while (this.peekKind() === 'comma') {
      var comma = this.next().span;
      if (subscripts.length === 2) {
        throw LangError('syntax', 'more than two subscripts: a value has at most two axes', comma,
          'write m[i, j] for a matrix entry, v[i] for a vector entry');
      }
      subscripts.push(this.subscript(nesting + 1));
    }
    if (this.peekKind() !== 'close_bracket') {
      var token = this.peek();
      throw LangError('syntax', 'expected `]` to close the `[`, found ' + (token ? describeToken(token) : 'the end of the line'),
        this.here(), 'a subscript is written v[i], m[i, j] or v[start:stop:step]');
    }
    var close = this.next().span;
    var childDepth = target.depth;
    subscripts.forEach(function (s) { subscriptParts(s).forEach(function (e) { childDepth = Math.max(childDepth, e.depth); }); });
    return node({ kind: 'index', target: target, subscripts: subscripts, bracketSpan: [open[0], close[1]] },
      [target.span[0], close[1]], childDepth);
  };

  /** The expressions a subscript holds, in written order. */
  function subscriptParts(subscript) {
    if (subscript.kind === 'at') return [subscript.expr];
    return [subscript.start, subscript.stop, subscript.step].filter(function (e) { return e; });
  }

  /** One subscript: `expr`, or a slice `[expr] : [expr] [: [expr]]`. */
  Parser.prototype.subscript = function (nesting) {
    var startSpan = this.here();
    var self = this;
    function endsPart() {
      var kind = self.peekKind();
      return kind === null || kind === 'colon' || kind === 'comma' || kind === 'close_bracket';
    }
    var first = endsPart() ? null : this.expr(nesting);
    if (this.peekKind() !== 'colon') {
      if (first) return { kind: 'at', expr: first };
      throw LangError('syntax', 'expected a subscript', startSpan, SUBSCRIPT_USAGE);
    }
    var end = this.next().span[1];
    var stop = null;
    if (!endsPart()) { stop = this.expr(nesting); end = stop.span[1]; }
    var step = null;
    if (this.peekKind() === 'colon') {
      end = this.next().span[1];
      if (!endsPart()) { step = this.expr(nesting); end = step.span[1]; }
    }
    return { kind: 'slice', start: first, stop: stop, step: step, span: [startSpan[0], end] };
  };

  Parser.prototype.atom = function (nesting) {
    var here = this.here();
    var token = this.next();
    if (!token) {
      throw LangError('syntax', 'expected a value, found the end of the line', here,
        'an operator needs a value on each side');
    }
    if (token.kind === 'number') return node({ kind: 'number', value: token.value }, token.span, 0);
    if (token.kind === 'name' && this.peekKind() === 'open') return this.call(token.value, token.span, nesting);
    if (token.kind === 'name') return node({ kind: 'name', name: token.value }, token.span, 0);
    if (token.kind === 'open') {
      var inner = this.expr(nesting + 1);
      this.close();
      return inner;
    }
    if (token.kind === 'open_bracket') {
      throw LangError('syntax', 'a list cannot be written inside a step', token.span,
        "write lists as inputs, or build one with concat(1, 2, 3); a list of names is only grad's, in its own step: g = grad(loss, [a, b])");
    }
    throw LangError('syntax', 'expected a value, found ' + describeToken(token), token.span,
      'a value is a number, a name, a call such as exp(x), or (…)');
  };

  Parser.prototype.close = function () {
    if (this.peekKind() === 'close') { this.next(); return; }
    var token = this.peek();
    var found = token ? describeToken(token) : 'the end of the line';
    throw LangError('syntax', 'expected `)` to close the `(`, found ' + found, this.here(),
      'every `(` needs a matching `)`; arguments are separated by `,`');
  };

  Parser.prototype.call = function (fn, fnSpan, nesting) {
    this.next();
    var args = [];
    if (this.peekKind() !== 'close') {
      for (;;) {
        var keyword = null;
        var following = this.tokens[this.position + 1];
        if (this.peekKind() === 'name' && following && following.kind === 'equals') {
          var token = this.next();
          this.next();
          keyword = { name: token.value, span: token.span };
        }
        var valueStart = this.here();
        var value = this.expr(nesting + 1);
        if (!keyword && args.some(function (a) { return a.keyword; })) {
          throw LangError('syntax', 'a positional argument after a keyword argument',
            [valueStart[0], value.span[1]], 'put keyword arguments such as axis=1 last');
        }
        args.push({ keyword: keyword, value: value });
        if (this.peekKind() === 'comma') { this.next(); continue; }
        break;
      }
    }
    var end = this.here()[1];
    this.close();
    var span = [fnSpan[0], end];
    var depth = 1 + args.reduce(function (d, a) { return Math.max(d, a.value.depth); }, 0);
    if (depth > MAX_DEPTH) throw tooDeep(span);
    return { kind: 'call', fn: fn, fnSpan: fnSpan, args: args, span: span, depth: depth };
  };

  /* ---- statements (statements.rs) ---- */
  // Statements: { kind: 'assign', name, nameSpan, line, expr, index }
  //           | { kind: 'repeat', count, counter: {name, span}|null, until: expr|null, body, line, keywordSpan, nextStep }.

  /** Every assignment in `statement` and the bodies inside it, in written order. */
  function statementSteps(statement) {
    if (statement.kind === 'assign') return [statement];
    return [].concat.apply([], statement.body.map(statementSteps));
  }

  function parseSteps(steps) {
    var lines = codeLines(steps);
    if (lines.length === 0) return [];
    var position = { at: 0 };
    var statements = block(lines, position, lines[0].indent, 0);
    if (position.at < lines.length) {
      throw LangError('syntax', 'this line is indented less than the first line', lines[position.at].tokens[0].span,
        "line the program's lines up on the left; only a repeat's body is indented");
    }
    number(statements, { next: 0 });
    return statements;
  }

  /** Sets each step's position in written order, and each repeat's next one. */
  function number(statements, counter) {
    statements.forEach(function (statement) {
      if (statement.kind === 'assign') statement.index = counter.next++;
      else { statement.nextStep = counter.next; number(statement.body, counter); }
    });
  }

  /** The lines that hold code, each tokenised, with the limits on length checked. */
  function codeLines(steps) {
    var out = [];
    var offset = 0;
    var lines = steps.split('\n');
    for (var index = 0; index < lines.length; index++) {
      var rawLine = lines[index];
      var lineStart = offset;
      offset += rawLine.length + 1;
      if (index >= MAX_LINES) {
        throw LangError('limit', 'the steps have more than ' + MAX_LINES + ' lines',
          [lineStart, lineStart + rawLine.length], 'split the computation over several compute blocks');
      }
      if (utf8Length(rawLine) > MAX_LINE_BYTES) {
        throw LangError('limit', 'line ' + (index + 1) + ' is longer than ' + MAX_LINE_BYTES + ' characters',
          [lineStart, lineStart + rawLine.length], 'split the expression into several steps');
      }
      var code = rawLine.split('#')[0];
      var tokens = tokenize(code, lineStart);
      if (tokens.length === 0) continue;
      var leading = code.slice(0, tokens[0].span[0] - lineStart);
      var tab = leading.indexOf('\t');
      if (tab >= 0) {
        throw LangError('syntax', 'a tab in the indentation', [lineStart + tab, lineStart + tab + 1],
          "indent with spaces: a tab's width is not the same everywhere");
      }
      out.push({ tokens: tokens, indent: leading.length, end: lineStart + code.replace(/\s+$/, '').length, number: index + 1 });
    }
    return out;
  }

  /** The statements of one block indented by `indent`, from position.at on. */
  function block(lines, position, indent, loops) {
    var statements = [];
    while (position.at < lines.length) {
      var line = lines[position.at];
      if (line.indent < indent) break;
      if (line.indent > indent) {
        throw LangError('syntax', 'unexpected indentation', line.tokens[0].span,
          'only the body of a `repeat N:` is indented; line this up with the line before');
      }
      position.at++;
      if (isRepeat(line.tokens)) statements.push(repeat(lines, position, line, loops));
      else (gradList(line) || [line]).forEach(function (one) { statements.push(assignment(one)); });
    }
    return statements;
  }

  function isRepeat(tokens) {
    return tokens[0].kind === 'name' && tokens[0].value === 'repeat' && (!tokens[1] || tokens[1].kind !== 'equals');
  }

  function repeat(lines, position, line, loops) {
    var keywordSpan = line.tokens[0].span;
    if (loops >= MAX_LOOP_DEPTH) {
      throw LangError('limit', 'loops nest more than ' + MAX_LOOP_DEPTH + ' deep', keywordSpan,
        'move the inner work into fewer loops; a worked example rarely needs more');
    }
    var usage = 'write `repeat 10:`, `repeat steps as t:` or `repeat steps as t until loss > limit:`, then the body indented below';
    var tokens = line.tokens.slice(1);
    var parser = new Parser(tokens, line.end);
    var count = parser.expr(0);
    var counter = null;
    var token;
    if (parser.peekKind() === 'name' && parser.peek().value === 'as') {
      parser.next();
      token = parser.next();
      if (!token || token.kind !== 'name') {
        throw LangError('syntax', '`as` names the counter: a name must follow it', token ? token.span : [line.end, line.end], usage);
      }
      counter = { name: token.value, span: token.span };
    }
    var until = null;
    if (parser.peekKind() === 'name' && parser.peek().value === 'until') {
      parser.next();
      if (!parser.peek() || parser.peekKind() === 'colon') {
        throw LangError('syntax', '`until` needs a condition before the `:`', parser.peek() ? parser.peek().span : [line.end, line.end], usage);
      }
      until = parser.expr(0);
    }
    token = parser.next();
    if (!token || token.kind !== 'colon') {
      throw LangError('syntax', 'expected `:` at the end of the `repeat` line, found ' +
        (token ? describeToken(token) : 'the end of the line'), token ? token.span : [line.end, line.end], usage);
    }
    var extra = tokens[parser.position];
    if (extra) {
      throw LangError('syntax', 'unexpected ' + describeToken(extra) + ' after the `:`', extra.span,
        'the body goes on the lines below, indented');
    }
    var next = lines[position.at];
    if (!next || next.indent <= line.indent) {
      throw LangError('syntax', 'the `repeat` has no body', keywordSpan,
        'indent the lines to repeat under the `repeat … :` line');
    }
    var body = block(lines, position, next.indent, loops + 1);
    var after = lines[position.at];
    if (after && after.indent > line.indent) {
      throw LangError('syntax', "this line's indentation matches no block above it", after.tokens[0].span,
        'indent it as far as the body of the repeat, or as far as the repeat itself');
    }
    return { kind: 'repeat', count: count, counter: counter, until: until, body: body, line: line.number, keywordSpan: keywordSpan, nextStep: 0 };
  }

  var FOREIGN = {
    'for': ['a loop', 'loops are written `repeat N as t:` with the body indented below'],
    'while': ['a loop', 'loops are written `repeat N as t:` with the body indented below'],
    'if': ['a condition', 'choose entries with where(c, a, b): c is a comparison such as x > 0'],
    'else': ['a condition', 'choose entries with where(c, a, b): c is a comparison such as x > 0'],
    'elif': ['a condition', 'choose entries with where(c, a, b): c is a comparison such as x > 0'],
    'def': ['a function definition', 'write the computation as steps; the functions are listed in the README'],
    'return': ['a function definition', 'write the computation as steps; the functions are listed in the README'],
    'function': ['a function definition', 'write the computation as steps; the functions are listed in the README'],
    'let': ['a declaration', 'write `name = expression`'],
    'var': ['a declaration', 'write `name = expression`'],
    'const': ['a declaration', 'write `name = expression`'],
  };

  function assignment(line) {
    var tokens = line.tokens;
    var next = tokens[1];
    if (tokens[0].kind !== 'name' || !next || next.kind !== 'equals') {
      var message = 'a step is written `name = expression`';
      var hint = 'each line defines one name, as in `y = x + 1`; `#` starts a comment';
      if (tokens[0].kind === 'name') {
        var word = tokens[0].value;
        var op = next && { plus: '+', minus: '-', star: '*', slash: '/' }[next.kind];
        if (Object.prototype.hasOwnProperty.call(FOREIGN, word)) {
          message = '`' + word + '` starts ' + FOREIGN[word][0] + ', which the language does not have';
          hint = FOREIGN[word][1];
        } else if (next && next.kind === 'open_bracket') {
          message = 'a subscript cannot be assigned: indexing reads, it never writes';
          hint = 'build the changed value instead, e.g. v2 = where(arange(n) == 0, 1, v)';
        } else if (op && tokens[2] && tokens[2].kind === 'equals') {
          message = '`' + op + '=` is not an operator';
          hint = 'write `' + word + ' = ' + word + ' ' + op + ' …` (inside a repeat, a name may be reassigned)';
        }
      }
      throw LangError('syntax', message, tokens[0].span, hint);
    }
    var parser = new Parser(tokens.slice(2), line.end);
    var expr = parser.expr(0);
    var token = parser.peek();
    if (token) {
      var hints = { name: 'is an operator missing? write `a * b`, not `a b`',
        number: 'is an operator missing? write `a * b`, not `a b`',
        open: 'is an operator missing? write `a * b`, not `a b`',
        equals: 'a line defines one name; `=` cannot appear in an expression (`==` compares)',
        close: 'this `)` has no matching `(`',
        close_bracket: 'this `]` has no matching `[`',
        colon: 'a `:` belongs in a slice such as v[1:3] or at the end of a repeat' };
      throw LangError('syntax', 'unexpected ' + describeToken(token) + ' after a complete expression', token.span,
        hints[token.kind] || 'a step is one expression');
    }
    return { kind: 'assign', name: tokens[0].value, nameSpan: tokens[0].span, line: line.number, expr: expr, index: 0 };
  }

  /* ---- suggest (suggest.rs) ---- */

  /** Edits from a to b: insertions, deletions and neighbour swaps cost 1, a replacement `replace`. */
  function editDistance(a, b, replace) {
    var table = [];
    var i;
    var j;
    for (i = 0; i <= a.length; i++) { table.push([]); table[i][0] = i; }
    for (j = 0; j <= b.length; j++) table[0][j] = j;
    for (i = 1; i <= a.length; i++) {
      for (j = 1; j <= b.length; j++) {
        var cost = a[i - 1] === b[j - 1] ? 0 : replace;
        var best = Math.min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost);
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, table[i - 2][j - 2] + 1);
        table[i][j] = best;
      }
    }
    return table[a.length][b.length];
  }

  /** The candidate closest to `name`, if close enough to be a likely typo. */
  function nearest(name, candidates) {
    var allowed = Math.max(Math.floor(name.length / 3), 1);
    var best = null;
    var bestDistance = Infinity;
    candidates.forEach(function (candidate) {
      var replace = Math.min(name.length, candidate.length) <= 4 ? 2 : 1;
      var distance = editDistance(name, candidate, replace);
      if (distance <= allowed && distance < bestDistance) { best = candidate; bestDistance = distance; }
    });
    return best;
  }

  /** What the language calls a function other tools name differently (suggest.rs's other_name_for). */
  function otherNameFor(name) {
    switch (name) {
      case 'length': case 'size': case 'numel': case 'count': case 'nrows':
        return 'len(x) (the entries of a vector, the rows of a matrix) or shape(x)';
      case 'ncols': case 'dims': case 'dim': return 'shape(x), the vector (rows, cols)';
      case 'mod': case 'fmod': case 'remainder': return 'a % b (the remainder with the sign of b)';
      case 'floor_divide': case 'div': case 'idiv': return 'a // b (floor division)';
      case 'gather': case 'index_select': case 'take_along_axis': return 'x[idx] or take(x, idx, axis=0)';
      case 'argpartition': case 'top_k': return 'topk(x, k) or argtopk(x, k)';
      default: return null;
    }
  }

  /* ---- context (context.rs) ---- */

  var CONSTANTS = ['pi', 'inf'];

  /** What the names refer to while a program runs (Rust's Scope). */
  function Scope() {
    this.values = new Map();
    this.whole = new Map();
    this.order = [];
    this.counters = [];
    this.histories = new Map();
    this.neverRan = new Map();
  }

  /** Evaluation state of one run (Rust's Context): the work done so far and what is running. */
  function Context(text, steps, inputs) {
    this.text = text;
    this.steps = steps;
    this.inputs = inputs;
    this.step = 0;
    this.running = '';
    this.line = 0;
    this.work = 0;
  }

  Context.prototype.stepName = function () { return this.running; };

  Context.prototype.charge = function (operations, span) {
    this.work += operations;
    if (this.work > MAX_WORK) {
      throw LangError('limit', 'the steps need more than ' + MAX_WORK + ' element operations (step ' + this.stepName() +
        ', line ' + this.line + ')', span,
        'use smaller values, fewer steps or fewer iterations: a block is meant for a worked example');
    }
  };

  Context.prototype.checkSize = function (what, rows, cols, span) {
    if (rows > MAX_SIDE || cols > MAX_SIDE) {
      throw LangError('limit', what + ' would be ' + rows + '×' + cols + ', larger than the limit', span,
        'values are at most ' + MAX_SIDE + '×' + MAX_SIDE);
    }
  };

  Context.prototype.admit = function (value, what, acceptsMask, span) {
    var flat = value.data.findIndex(function (x) {
      return isNaN(x) || x === Infinity || (x === -Infinity && !acceptsMask);
    });
    if (flat < 0) return;
    var position = describePosition(value, flat);
    if (value.data[flat] === -Infinity) {
      throw LangError('non_finite', '-inf (a masked entry) reaches ' + what + ' in step ' + this.stepName() + position, span,
        '-inf passes only through +, comparisons, where, subscripts, functions that move entries (concat, take, reshape, …), argsort, topk, argtopk and softmax/log_softmax: add a mask to scores before softmax, or replace -inf first, as in where(x == -inf, 0, x)');
    }
    throw LangError('non_finite', formatNumber(value.data[flat]) + ' reaches ' + what + ' in step ' + this.stepName() + position,
      span, 'inf may only be negated, as the mask -inf');
  };

  Context.prototype.ensureFinite = function (result, span, maskAllowed, reason) {
    var flat = result.data.findIndex(function (x, k) {
      return isNaN(x) || x === Infinity || (x === -Infinity && !maskAllowed(k));
    });
    if (flat < 0) return;
    throw LangError('non_finite', reason(flat) + ' in step ' + this.stepName() + describePosition(result, flat), span,
      'every number a step computes must be finite; check the inputs this step uses');
  };

  Context.prototype.quote = function (span) {
    var text = this.text.slice(span[0], span[1]).trim();
    return text.length <= 24 ? text : text.slice(0, 20) + '…';
  };


  /* ---- index (index.rs) ---- */

  function indexError(message, span, hint) { return LangError('index', message, span, hint); }

  /** The whole number a subscript part holds. */
  function wholeSubscript(value, span) {
    var hint = 'a subscript is a whole number such as 0, -1 or n - 1; slices take ranges, v[1:3]';
    if (value.rank === 0) {
      var x = value.data[0];
      if (x % 1 === 0 && Math.abs(x) <= 9007199254740992) return x;
      throw indexError('a subscript must be a whole number, got ' + formatNumber(x), span, hint);
    }
    throw indexError('a subscript must be a whole number, got a ' + describeShape(value), span, hint);
  }

  /** A subscript that is not a slice: a whole number, or a vector of them (a gather); index.rs's at_or_gather. */
  function atOrGather(value, span) {
    if (value.rank === 1) {
      return { kind: 'gather', values: value.data.map(function (x) { return wholeSubscript(scalar(x), span); }), span: span };
    }
    if (value.rank === 2) {
      throw indexError('a subscript must be a whole number or a vector of them, got a ' + describeShape(value) + ' matrix', span,
        'gather rows with m[idx] and columns with m[:, idx], idx a vector of positions');
    }
    return { kind: 'at', value: wholeSubscript(value, span), span: span };
  }

  /** Position i on an axis of n entries, negative ones counting from the end. */
  function position(i, n, what, span) {
    var at = i < 0 ? i + n : i;
    if (at < 0 || at >= n) {
      throw indexError('index ' + i + ' is outside ' + what, span,
        'positions count from 0: 0 to ' + (n - 1) + ', or -' + n + ' to -1 from the end');
    }
    return at;
  }

  /** The positions one subscript selects on an axis of `size` entries, and whether the axis stays. */
  function positions(size, subscript, what) {
    var n = size;
    if (subscript.kind === 'at') return { positions: [position(subscript.value, n, what, subscript.span)], keep: false };
    if (subscript.kind === 'gather') {
      return { positions: subscript.values.map(function (i) { return position(i, n, what, subscript.span); }), keep: true };
    }
    var step = subscript.step === null ? 1 : subscript.step;
    if (step === 0) {
      throw indexError("a slice's step cannot be 0", subscript.span,
        'write v[::2] for every second entry, v[::-1] for the entries reversed');
    }
    function clip(bound) {
      var b = bound < 0 ? bound + n : bound;
      return step > 0 ? Math.min(Math.max(b, 0), n) : Math.min(Math.max(b, -1), n - 1);
    }
    var first = subscript.start === null ? (step > 0 ? 0 : n - 1) : clip(subscript.start);
    var end = subscript.stop === null ? (step > 0 ? n : -1) : clip(subscript.stop);
    var selected = [];
    for (var p = first; (step > 0 && p < end) || (step < 0 && p > end); p += step) selected.push(p);
    if (selected.length === 0) {
      throw indexError('the slice selects no entries of ' + what, subscript.span,
        'a value holds at least one entry: v[1:3] takes positions 1 and 2, and a negative step needs start > stop');
    }
    return { positions: selected, keep: true };
  }

  /** target[subscripts], the brackets at bracketSpan. */
  function take(context, target, subscripts, bracketSpan) {
    var full = { kind: 'slice', start: null, stop: null, step: null, span: bracketSpan };
    var rows;
    var cols;
    if (target.rank === 0) {
      throw indexError('a scalar has no entries to index', bracketSpan, 'only vectors and matrices take subscripts');
    }
    if (target.rank === 1) {
      if (subscripts.length !== 1) {
        throw indexError('a vector has one axis, so it takes one subscript', bracketSpan, 'write v[i] or v[a:b]');
      }
      rows = { positions: [0], keep: false };
      cols = positions(target.cols, subscripts[0], 'a vector of ' + target.cols);
    } else if (subscripts.length === 2 && subscripts[0].kind === 'gather' && subscripts[1].kind === 'gather') {
      return paired(context, target, subscripts, bracketSpan);
    } else {
      rows = positions(target.rows, subscripts[0], 'a matrix of ' + target.rows + ' rows');
      cols = positions(target.cols, subscripts[1] || full, 'a matrix of ' + target.cols + ' columns');
    }
    context.charge(rows.positions.length * cols.positions.length, bracketSpan);
    var data = [];
    rows.positions.forEach(function (i) {
      cols.positions.forEach(function (j) { data.push(target.data[i * target.cols + j]); });
    });
    if (rows.keep && cols.keep) return makeValue(2, rows.positions.length, cols.positions.length, data);
    if (rows.keep) return makeValue(1, 1, rows.positions.length, data);
    if (cols.keep) return makeValue(1, 1, cols.positions.length, data);
    return scalar(data[0]);
  }

  /** m[i, j] with two vectors of positions: the entries m[i[k], j[k]] (index.rs's paired). */
  function paired(context, target, subscripts, bracketSpan) {
    var r = positions(target.rows, subscripts[0], 'a matrix of ' + target.rows + ' rows').positions;
    var c = positions(target.cols, subscripts[1], 'a matrix of ' + target.cols + ' columns').positions;
    if (r.length !== c.length && r.length !== 1 && c.length !== 1) {
      throw indexError(r.length + ' row positions and ' + c.length + ' column positions do not pair up',
        [subscripts[0].span[0], subscripts[1].span[1]],
        'm[i, j] with two vectors takes the entries m[i[k], j[k]]: give both the same length');
    }
    var count = Math.max(r.length, c.length);
    context.charge(count, bracketSpan);
    var data = [];
    for (var k = 0; k < count; k++) {
      data.push(target.data[r[Math.min(k, r.length - 1)] * target.cols + c[Math.min(k, c.length - 1)]]);
    }
    return makeValue(1, 1, count, data);
  }

  /* ---- eval (eval.rs) ---- */

  /** A value as an expression gave it, and whether it is whole by construction (Rust's Evaluated). */
  function evaluated(value, whole) { return { value: value, whole: whole }; }

  /** Whether every entry is a whole number a float holds exactly. */
  function entriesAreWhole(value) {
    return value.data.every(function (x) { return x % 1 === 0 && Math.abs(x) <= 9007199254740992; });
  }

  Context.prototype.eval = function (scope, expr) {
    var operand;
    switch (expr.kind) {
      case 'number': return evaluated(scalar(expr.value), expr.value % 1 === 0);
      case 'name': return this.lookup(scope, expr.name, expr.span);
      case 'negate':
        operand = this.eval(scope, expr.operand);
        var flat = operand.value.data.indexOf(-Infinity);
        if (flat >= 0) {
          throw LangError('non_finite', 'negating -inf gives +inf in step ' + this.stepName() +
            describePosition(operand.value, flat), expr.span, 'only -inf, as a mask, may appear');
        }
        this.charge(operand.value.data.length, expr.span);
        return evaluated(mapValue(operand.value, function (x) { return -x; }), operand.whole);
      case 'transpose':
        operand = this.eval(scope, expr.operand);
        this.charge(operand.value.data.length, expr.span);
        return evaluated(transpose(operand.value), operand.whole);
      case 'binary':
        var a = this.eval(scope, expr.left);
        var b = this.eval(scope, expr.right);
        var quoted = [this.quote(expr.left.span), this.quote(expr.right.span)];
        var result = expr.op === 'matmul' ? this.matmul(a.value, b.value, expr.opSpan, quoted)
          : this.elementwise(expr.op, a.value, b.value, expr.opSpan, quoted);
        var whole;
        if (expr.op === 'add' || expr.op === 'subtract' || expr.op === 'multiply' || expr.op === 'matmul' ||
          expr.op === 'floor_divide' || expr.op === 'modulo') whole = a.whole && b.whole;
        else if (expr.op === 'divide') whole = false;
        else if (expr.op === 'power') whole = a.whole && b.whole && b.value.data.every(function (y) { return y >= 0; });
        else whole = true;
        return evaluated(result, whole);
      case 'index':
        var target = this.eval(scope, expr.target);
        var self = this;
        var resolved = expr.subscripts.map(function (subscript) { return self.resolve(scope, subscript); });
        return evaluated(take(this, target.value, resolved, expr.bracketSpan), target.whole);
      default:
        var sig = check(expr.fn, expr.fnSpan, expr.args, expr.span, scope.values.has(expr.fn));
        if (sig.name === 'history') return this.history(scope, expr.args[0].value);
        if (sig.name === 'grad') return evaluated(this.grad(scope, expr.args, expr.span), false);
        var positional = [];
        var wholes = [];
        var keywords = {};
        for (var k = 0; k < expr.args.length; k++) {
          var arg = expr.args[k];
          var given = this.eval(scope, arg.value);
          var entry = { value: given.value, span: arg.value.span, named: isNamedValue(scope, arg.value) };
          if (arg.keyword) keywords[arg.keyword.name] = entry;
          else { wholes.push(given.whole); positional.push(entry); }
        }
        return evaluated(apply(this, sig, positional, keywords, expr.span), wholeOf(sig.whole, wholes));
    }
  };

  /** The parts of one subscript as whole numbers, evaluated in written order. */
  Context.prototype.resolve = function (scope, subscript) {
    var self = this;
    function part(expr) {
      if (!expr) return null;
      return wholeSubscript(self.eval(scope, expr).value, expr.span);
    }
    if (subscript.kind === 'at') return atOrGather(this.eval(scope, subscript.expr).value, subscript.expr.span);
    var start = part(subscript.start);
    var stop = part(subscript.stop);
    var step = part(subscript.step);
    return { kind: 'slice', start: start, stop: stop, step: step, span: subscript.span };
  };

  /** history(name): the values loops assigned to name, stacked. */
  Context.prototype.history = function (scope, argument) {
    if (argument.kind !== 'name') {
      throw LangError('arguments', '`history` takes the name of a step', argument.span,
        'write history(loss) after a repeat that assigns loss');
    }
    var name = argument.name;
    var history = scope.histories.get(name);
    if (!history) {
      this.lookup(scope, name, argument.span);
      throw LangError('arguments', '`' + name + '` has no history: no repeat has assigned it', argument.span,
        "history(name) collects the values a repeat's body assigns to name; a loop that runs 0 times assigns nothing");
    }
    if (history.matrix) {
      throw LangError('arguments', '`' + name + '` is a matrix, and only numbers and vectors have a history', argument.span,
        'take the history of a number or a vector computed from it, such as a row or a norm');
    }
    var steps = history.values.length;
    var width = history.values[0].data.length;
    this.charge(steps * width, argument.span);
    var data = [];
    history.values.forEach(function (v) { data.push.apply(data, v.data); });
    var value = history.values[0].rank === 0 ? makeValue(1, 1, steps, data) : makeValue(2, steps, width, data);
    return evaluated(value, history.whole);
  };

  Context.prototype.lookup = function (scope, name, span) {
    if (scope.values.has(name)) return evaluated(scope.values.get(name), Boolean(scope.whole.get(name)));
    if (name === 'pi') return evaluated(scalar(Math.PI), false);
    if (name === 'inf') return evaluated(scalar(Infinity), false);
    if (scope.neverRan.has(name)) {
      // [line, undone]: the loop's line, and whether its `until` undid the one it ran (eval.rs).
      var never = scope.neverRan.get(name);
      var why = never[1] ? 'kept no iteration: its `until` undid the first' : 'ran 0 times';
      var cure = never[1] ? 'let the loop keep an iteration' : 'give the loop a count of at least 1';
      throw LangError('unknown_name', '`' + name + '` has no value: the repeat on line ' + never[0] +
        ' that assigns it ' + why, span, cure + ', or assign ' + name + ' before the loop');
    }
    var later = this.steps.slice(this.step).find(function (s) { return s.name === name; });
    var known = this.inputs.map(function (input) { return input[0]; })
      .concat(scope.order, scope.counters.map(function (c) { return c[0]; }), CONSTANTS);
    var hint;
    var near = nearest(name, known);
    if (later) hint = '`' + name + '` is defined later, on line ' + later.line + '; steps run in order';
    else if (isFunction(name)) hint = '`' + name + '` is a function: call it, as in ' + name + '(x)';
    else if (near) hint = 'did you mean `' + near + '`?';
    else hint = 'defined so far: ' + known.join(', ');
    throw LangError('unknown_name', 'unknown name `' + name + '`', span, hint);
  };

  Context.prototype.elementwise = function (op, a, b, span, quoted) {
    var symbol = SYMBOLS[op];
    var rows = broadcast(a.rows, b.rows);
    var cols = broadcast(a.cols, b.cols);
    if (rows === null || cols === null) {
      var detail;
      if (a.rank < 2 && b.rank < 2) detail = 'lengths ' + a.cols + ' and ' + b.cols + ' differ';
      else if (rows === null) detail = 'rows ' + a.rows + ' and ' + b.rows + ' differ';
      else detail = 'columns ' + a.cols + ' and ' + b.cols + ' differ';
      throw LangError('shape', quoted[0] + ' ' + symbol + ' ' + quoted[1] + ': ' + describeShape(a) + ' ' + symbol + ' ' +
        describeShape(b) + ', ' + detail, span,
        'sizes must be equal or 1 (NumPy broadcasting); a vector counts as one row, col(v) makes it a column');
    }
    this.charge(rows * cols, span);
    var acceptsMask = op === 'add' || isComparison(op);
    this.admit(a, '`' + symbol + '`', acceptsMask, span);
    this.admit(b, '`' + symbol + '`', acceptsMask, span);
    function pair(flat) {
      var i = Math.floor(flat / cols);
      var j = flat % cols;
      return [a.data[(a.rows === 1 ? 0 : i) * a.cols + (a.cols === 1 ? 0 : j)],
        b.data[(b.rows === 1 ? 0 : i) * b.cols + (b.cols === 1 ? 0 : j)]];
    }
    var data = [];
    for (var flat = 0; flat < rows * cols; flat++) {
      var xy = pair(flat);
      data.push(applyBinary(op, xy[0], xy[1]));
    }
    var result = makeValue(Math.max(a.rank, b.rank), rows, cols, data);
    this.ensureFinite(result, span, function (k) {
      var xy = pair(k);
      return acceptsMask && (xy[0] === -Infinity || xy[1] === -Infinity);
    }, function (k) {
      var xy = pair(k);
      return binaryFailure(op, xy[0], xy[1]);
    });
    return result;
  };

  Context.prototype.matmul = function (a, b, span, quoted) {
    var shapes = quoted[0] + ' @ ' + quoted[1] + ': ' + describeShape(a) + ' @ ' + describeShape(b);
    if (a.rank === 0 || b.rank === 0) {
      throw LangError('shape', shapes + ', `@` needs vectors or matrices', span, 'use * to multiply by a scalar');
    }
    // A vector on the left is one row; on the right, one column.
    var rows = a.rows;
    var inner = a.cols;
    var rightInner = b.rank === 1 ? b.cols : b.rows;
    var cols = b.rank === 1 ? 1 : b.cols;
    if (inner !== rightInner) {
      var hint = b.rank === 2 && inner === cols
        ? "the left side's columns must equal the right side's rows; did you mean " + quoted[0] + ' @ ' + quoted[1] + '.T?'
        : "the left side's columns must equal the right side's rows";
      var detail = a.rank === 1 && b.rank === 1 ? 'lengths ' + inner + ' and ' + rightInner + ' differ'
        : 'inner sizes ' + inner + ' and ' + rightInner + ' differ';
      throw LangError('shape', shapes + ', ' + detail, span, hint);
    }
    this.charge(rows * inner * cols, span);
    this.admit(a, '`@`', false, span);
    this.admit(b, '`@`', false, span);
    // b's data in reading order serves both views: as a column vector, entry t is data[t].
    var data = [];
    for (var i = 0; i < rows; i++) {
      for (var j = 0; j < cols; j++) {
        var sum = 0;
        for (var t = 0; t < inner; t++) sum += a.data[i * inner + t] * b.data[t * cols + j];
        data.push(sum);
      }
    }
    var result;
    if (a.rank === 1 && b.rank === 1) result = scalar(data[0]);
    else if (a.rank === 1) result = makeValue(1, 1, cols, data);
    else if (b.rank === 1) result = makeValue(1, 1, rows, data);
    else result = makeValue(2, rows, cols, data);
    var what = quoted[0] + ' @ ' + quoted[1] + ' overflows';
    this.ensureFinite(result, span, function () { return false; }, function () { return what; });
    return result;
  };


  function broadcast(a, b) {
    if (a === b) return a;
    if (a === 1) return b;
    if (b === 1) return a;
    return null;
  }

  function applyBinary(op, x, y) {
    switch (op) {
      case 'add': return x + y;
      case 'subtract': return x - y;
      case 'multiply': return x * y;
      case 'divide': return x / y;
      case 'floor_divide': return floorDivideAndModulo(x, y)[0];
      case 'modulo': return floorDivideAndModulo(x, y)[1];
      case 'less': return x < y ? 1 : 0;
      case 'less_equal': return x <= y ? 1 : 0;
      case 'greater': return x > y ? 1 : 0;
      case 'greater_equal': return x >= y ? 1 : 0;
      case 'equal': return x === y ? 1 : 0;
      case 'not_equal': return x !== y ? 1 : 0;
      default: return Math.pow(x, y);
    }
  }

  /** NumPy's divmod of two floats, as eval.rs's floor_divide_and_modulo (JS `%` is C's fmod). */
  function floorDivideAndModulo(a, b) {
    var modulo = a % b;
    if (b === 0) return [a / b, modulo];
    var quotient = (a - modulo) / b;
    if (modulo !== 0) {
      if ((b < 0) !== (modulo < 0)) {
        modulo += b;
        quotient -= 1;
      }
    } else {
      modulo = b < 0 || Object.is(b, -0) ? -0 : 0;
    }
    var floor;
    if (quotient !== 0) {
      floor = Math.floor(quotient);
      if (quotient - floor > 0.5) floor += 1;
    } else {
      var sign = a / b;
      floor = sign < 0 || Object.is(sign, -0) ? -0 : 0;
    }
    return [floor, modulo];
  }

  function binaryFailure(op, x, y) {
    var a = formatNumber(x);
    var b = formatNumber(y);
    if ((op === 'divide' || op === 'floor_divide' || op === 'modulo') && y === 0) return 'division by 0';
    if (op === 'power' && x < 0 && y % 1 !== 0) return '(' + a + ') ^ ' + b + ' is not a real number';
    if (op === 'power' && x === 0 && y < 0) return '0 ^ ' + b + ' divides by 0';
    return a + ' ' + SYMBOLS[op] + ' ' + b + ' overflows';
  }


  /* ---- run (run.rs) ---- */

  /** The names history(name) reads anywhere in `statement`. */
  function historiesRead(statement) {
    var found = [];
    function visit(expr) {
      switch (expr.kind) {
        case 'number': case 'name': return;
        case 'negate': case 'transpose': visit(expr.operand); return;
        case 'binary': visit(expr.left); visit(expr.right); return;
        case 'call':
          if (expr.fn === 'history' && expr.args.length === 1 && expr.args[0].value.kind === 'name') {
            found.push(expr.args[0].value.name);
          }
          expr.args.forEach(function (arg) { visit(arg.value); });
          return;
        default:
          visit(expr.target);
          expr.subscripts.forEach(function (s) { subscriptParts(s).forEach(visit); });
      }
    }
    if (statement.kind === 'assign') visit(statement.expr);
    else {
      visit(statement.count);
      if (statement.until) visit(statement.until);
      statement.body.forEach(function (inner) { found.push.apply(found, historiesRead(inner)); });
    }
    return found;
  }

  function isName(name) { return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name); }

  function inputError(kind, message, hint) { return LangError(kind, message, [0, 0], hint); }

  function checkInput(name, value, scope) {
    if (!isName(name)) {
      throw inputError('syntax', 'input `' + name + '` is not a name a step can use',
        'names are letters, digits and `_`, starting with a letter or `_`');
    }
    if (CONSTANTS.indexOf(name) >= 0 || scope.values.has(name)) {
      throw inputError('redefinition', 'input `' + name + '` is defined twice or is a constant', 'rename the input');
    }
    if (value.data.length === 0) throw inputError('arguments', 'input `' + name + '` is empty', 'give it at least one number');
    if (value.rows > MAX_SIDE || value.cols > MAX_SIDE) {
      throw inputError('limit', 'input `' + name + '` is ' + describeShape(value) + ', larger than the limit',
        'values are at most ' + MAX_SIDE + '×' + MAX_SIDE);
    }
    var flat = value.data.findIndex(function (x) { return !isFinite(x); });
    if (flat >= 0) {
      throw inputError('non_finite', 'input `' + name + '` has ' + formatNumber(value.data[flat]) + describePosition(value, flat),
        'inputs must be finite; a mask is built in the steps, e.g. with causal_mask(n) or -inf');
    }
  }


  /**
   * Operations between two pauses of a run in steps: about a millisecond of a browser's time, and
   * rare enough that a loop of tiny iterations does not pay for pausing.
   */
  var PAUSE_WORK = 10000;

  /** The state of one run (Rust's Runner). */
  function Runner(context, scope, recorded) {
    this.context = context;
    this.scope = scope;
    this.recorded = recorded;
    this.loops = 0;
    /** The numbers the steps' values hold, against MAX_KEPT_ENTRIES. */
    this.keptEntries = 0;
    /** The work past which the next loop iteration pauses first (see runInSteps). */
    this.pauseAt = PAUSE_WORK;
  }

  /** Counts the value of step `name` (at `span`), or refuses it past MAX_KEPT_ENTRIES (Rust's Kept). */
  Runner.prototype.keep = function (value, name, span) {
    this.keptEntries += value.data.length;
    if (this.keptEntries <= MAX_KEPT_ENTRIES) return;
    throw LangError('limit', 'the steps keep more than ' + MAX_KEPT_ENTRIES + ' numbers (step ' + name + ')', span,
      "every step's value is kept: use smaller values or fewer steps");
  };

  /**
   * Runs `statements`, pausing (a bare `yield`) at the start of a loop iteration once PAUSE_WORK
   * more operations have been counted since the last pause.
   */
  Runner.prototype.block = function* (statements) {
    for (var i = 0; i < statements.length; i++) {
      if (statements[i].kind === 'assign') this.assign(statements[i]);
      else yield* this.repeat(statements[i]);
    }
  };

  /** Why `step` may not assign its name here, if it may not. */
  Runner.prototype.forbidden = function (step) {
    var name = step.name;
    var counter = this.scope.counters.find(function (c) { return c[0] === name; });
    if (counter) {
      return '`' + name + '` counts the iterations of the repeat on line ' + counter[1] +
        ' and cannot be assigned; give the step a new name';
    }
    if (this.context.inputs.some(function (input) { return input[0] === name; })) {
      return this.loops > 0
        ? '`' + name + '` is an input, and inputs cannot be reassigned; copy it into a step before the loop, as in `' +
          name + '_now = ' + name + '`, and assign that'
        : '`' + name + '` is an input, and inputs cannot be reassigned; give the step a new name';
    }
    if (CONSTANTS.indexOf(name) >= 0) return '`' + name + '` is a constant; give the step another name';
    if (this.loops === 0 && this.scope.values.has(name)) {
      var first = this.context.steps.find(function (s) { return s.name === name; });
      return '`' + name + '` is already defined on line ' + (first ? first.line : step.line) +
        '; give this step a new name (only inside a repeat may a name be assigned again)';
    }
    return null;
  };

  Runner.prototype.assign = function (step) {
    var context = this.context;
    var scope = this.scope;
    context.step = step.index;
    context.running = step.name;
    context.line = step.line;
    context.charge(1, step.nameSpan);
    var hint = this.forbidden(step);
    if (hint) throw LangError('redefinition', '`' + step.name + '` is defined twice', step.nameSpan, hint);
    var result = context.eval(scope, step.expr);
    var value = result.value;
    var flat = value.data.indexOf(Infinity);
    if (flat >= 0) {
      throw LangError('non_finite', '+inf in step ' + step.name + describePosition(value, flat), step.expr.span,
        'only -inf, as a mask, may be a value; write -inf');
    }
    var before = scope.values.get(step.name);
    if (before && (before.rank !== value.rank || before.rows !== value.rows || before.cols !== value.cols)) {
      throw LangError('shape', '`' + step.name + '` changes shape in the loop: ' + describeShape(before) + ' before, ' +
        describeShape(value) + ' now', step.expr.span,
        'a name a loop assigns again keeps its shape; give the new value another name');
    }
    context.charge(value.data.length, step.nameSpan);
    var inHistory = this.loops > 0 && this.recorded.has(step.name);
    var taped = scope.tape.record(step, value, scope.values, scope.counters, inHistory);
    if (taped > 0) {
      context.charge(taped, step.nameSpan);
      this.keep(value, step.name, step.expr.span);
    }
    if (inHistory) this.record(step, value, result.whole);
    if (!scope.values.has(step.name)) {
      // Only a new name keeps more: a loop's reassignment replaces a value of one shape.
      this.keep(value, step.name, step.expr.span);
      scope.order.push(step.name);
    }
    scope.neverRan.delete(step.name);
    scope.whole.set(step.name, result.whole);
    scope.values.set(step.name, value);
  };

  /** Keeps `value` in the history of step's name; a history counts against the size limit. */
  Runner.prototype.record = function (step, value, whole) {
    var history = this.scope.histories.get(step.name);
    if (!history) {
      history = { values: [], whole: true, matrix: false };
      this.scope.histories.set(step.name, history);
    }
    if (value.rank === 2) { history.matrix = true; return; }
    if (history.values.length === MAX_SIDE) {
      throw LangError('limit', 'history(' + step.name + ') would hold more than ' + MAX_SIDE + ' values (line ' + step.line + ')',
        step.nameSpan, 'run fewer iterations: a history is a value, and values hold at most ' + MAX_SIDE + ' rows');
    }
    history.whole = history.whole && whole;
    history.values.push(value);
    this.context.charge(value.data.length, step.nameSpan);
  };

  Runner.prototype.repeat = function* (repeat) {
    var context = this.context;
    var scope = this.scope;
    context.step = repeat.nextStep;
    context.running = 'repeat';
    context.line = repeat.line;
    context.charge(1, repeat.keywordSpan);
    var count = context.eval(scope, repeat.count).value;
    if (count.rank !== 0 || count.data[0] % 1 !== 0 || !(count.data[0] >= 0)) {
      var got = count.rank === 0 ? formatNumber(count.data[0]) : 'a ' + describeShape(count);
      throw LangError('arguments', '`repeat` needs a whole number of at least 0, got ' + got, repeat.count.span,
        'write repeat 10: or repeat steps as t: with steps a whole-number input or step');
    }
    var n = count.data[0];
    var counter = repeat.counter;
    if (counter) {
      var taken = scope.values.has(counter.name) ? '`' + counter.name + '` already has a value'
        : CONSTANTS.indexOf(counter.name) >= 0 ? '`' + counter.name + '` is a constant' : null;
      if (taken) {
        // Suggest a name that is free, never the one just refused (as run.rs does).
        var free = ['t', 'k', 'i', 'j', 'n', 'iteration'].filter(function (candidate) {
          return candidate !== counter.name && !scope.values.has(candidate) && CONSTANTS.indexOf(candidate) < 0;
        })[0] || 'iteration_count';
        throw LangError('redefinition', '`' + counter.name + '` is defined twice', counter.span,
          taken + '; name the counter something new, such as `' + free + '`');
      }
    }
    var iteration;
    for (iteration = 0; iteration < n; iteration++) {
      if (context.work >= this.pauseAt) {
        this.pauseAt = context.work + PAUSE_WORK;
        yield;
      }
      context.step = repeat.nextStep;
      context.running = 'repeat';
      context.line = repeat.line;
      context.charge(1, repeat.keywordSpan);
      var saved = repeat.until ? this.save(repeat) : null;
      if (counter) {
        scope.values.set(counter.name, scalar(iteration));
        scope.whole.set(counter.name, true);
        scope.counters.push([counter.name, repeat.line]);
      }
      this.loops++;
      scope.tape.enterIteration();
      var stop;
      try {
        // The body's statements run here rather than through block(): one generator less per iteration.
        for (var i = 0; i < repeat.body.length; i++) {
          if (repeat.body[i].kind === 'assign') this.assign(repeat.body[i]);
          else yield* this.repeat(repeat.body[i]);
        }
        stop = this.stops(repeat);
      } catch (error) {
        if (!saved || error.name !== 'LangError' || error.kind !== 'non_finite') throw error;
        stop = true;
      } finally {
        scope.tape.leaveIteration();
        this.loops--;
        if (counter) {
          scope.values.delete(counter.name);
          scope.whole.delete(counter.name);
          scope.counters.pop();
        }
      }
      if (stop) {
        this.undo(saved);
        break;
      }
    }
    // No iteration kept: none ran, or `until` undid the first.
    if (iteration === 0) {
      repeat.body.forEach(function (inner) {
        statementSteps(inner).forEach(function (step) {
          if (!scope.values.has(step.name)) scope.neverRan.set(step.name, [repeat.line, n > 0]);
        });
      });
    }
  };

  /** Whether the `until` condition of `repeat` holds after an iteration; false without one. */
  Runner.prototype.stops = function (repeat) {
    if (!repeat.until) return false;
    var context = this.context;
    context.step = repeat.nextStep;
    context.running = 'repeat';
    context.line = repeat.line;
    var holds = context.eval(this.scope, repeat.until).value;
    if (holds.rank !== 0) {
      throw LangError('arguments', '`until` needs one number, got a ' + describeShape(holds), repeat.until.span,
        'write a comparison of numbers, such as loss > limit; any(v > 1) or all(…) reduce a vector to one');
    }
    return holds.data[0] !== 0;
  };

  /** What an iteration of `repeat` may change, kept for undo (run.rs); the copies are charged as work. */
  Runner.prototype.save = function (repeat) {
    var scope = this.scope;
    var tape = scope.tape;
    var names = [];
    repeat.body.forEach(function (inner) {
      statementSteps(inner).forEach(function (step) {
        if (names.indexOf(step.name) < 0) names.push(step.name);
      });
    });
    var copied = 0;
    var states = names.map(function (name) {
      var value = scope.values.get(name);
      if (value) copied += value.data.length;
      var history = scope.histories.get(name);
      var taped = tape.histories.get(name);
      return {
        name: name, value: value, whole: scope.whole.get(name), neverRan: scope.neverRan.get(name),
        history: history && { length: history.values.length, whole: history.whole, matrix: history.matrix },
        taped: tape.current.get(name), tapedHistory: taped && taped.length,
      };
    });
    this.context.charge(copied, repeat.keywordSpan);
    return { states: states, order: scope.order.length, nextRecord: tape.first + tape.records.length };
  };

  /** Puts back what save kept: the stopped iteration leaves no trace. */
  Runner.prototype.undo = function (saved) {
    var scope = this.scope;
    var tape = scope.tape;
    function put(map, name, x) { if (x === undefined) map.delete(name); else map.set(name, x); }
    saved.states.forEach(function (state) {
      var name = state.name;
      put(scope.values, name, state.value);
      put(scope.whole, name, state.whole);
      put(scope.neverRan, name, state.neverRan);
      var history = scope.histories.get(name);
      if (!state.history) scope.histories.delete(name);
      else if (history) {
        history.values.length = state.history.length;
        history.whole = state.history.whole;
        history.matrix = state.history.matrix;
      }
      put(tape.current, name, state.taped);
      var list = tape.histories.get(name);
      if (state.tapedHistory === undefined) tape.histories.delete(name);
      else if (list) list.length = state.tapedHistory;
    });
    scope.order.length = saved.order;
    if (tape.first <= saved.nextRecord) tape.records.length = saved.nextRecord - tape.first;
    else {
      tape.records = [];
      tape.first = saved.nextRecord;
    }
  };

  /**
   * Runs the statements on the internal inputs; each name once, in first-assignment order, and
   * how many top-level statements `keptOrNull` (a Kept, or null for a full run) spared running.
   */
  function* runProgram(stepsText, statements, inputs, keptOrNull) {
    var scope = new Scope();
    scope.tape = new Tape(statements);
    // A sweep reads the record of every assignment, so a program that calls grad runs in full.
    if (scope.tape.enabled) keptOrNull = null;
    inputs.forEach(function (input) {
      checkInput(input[0], input[1], scope);
      scope.values.set(input[0], input[1]);
      scope.whole.set(input[0], entriesAreWhole(input[1]));
    });
    var steps = [].concat.apply([], statements.map(statementSteps));
    var recorded = new Set([].concat.apply([], statements.map(historiesRead)));
    var runner = new Runner(new Context(stepsText, steps, inputs), scope, recorded);
    var reused = 0;
    if (keptOrNull) {
      // Inputs' names decide what a step may assign, so they are part of the program.
      var program = JSON.stringify([stepsText, inputs.map(function (input) { return input[0]; })]);
      for (var index = 0; index < statements.length; index++) {
        if (yield* keptOrNull.replay(program, index, statements[index], runner)) reused++;
      }
    } else yield* runner.block(statements);
    var outputs = scope.order.map(function (name) {
      var value = scope.values.get(name);
      return { name: name, value: value, whole: scope.whole.get(name) && entriesAreWhole(value) };
    });
    return { outputs: outputs, reused: reused };
  }

  /* ---- kept statements (the widget's reruns; no Rust twin: the same values, computed less often) ---- */

  // A widget runs the same program again after every edit, and an edit changes one input. So the
  // effects of every top-level statement are kept, with the state of every name it could read;
  // when a statement comes round again and each of those names holds the same value bit for bit
  // (and the same history, wholeness and never-ran mark), its effects are put back instead of
  // running it. A statement is deterministic in those names, so the result is the full run's:
  // the same values, the same errors, the same work counted against MAX_WORK.

  /** Most statements whose effects are kept, and most numbers the kept states hold together. */
  var KEPT_STATEMENTS = 256;
  var KEPT_NUMBERS = 2000000;

  /**
   * Every name whose state can change what `statement` does: the names it reads, the functions it
   * calls (a step of that name would shadow them), the names it assigns (defined before or not,
   * and their shape) and its loops' counters.
   */
  function namesTouched(statement) {
    var names = new Set();
    function visit(expr) {
      if (!expr) return;
      switch (expr.kind) {
        case 'number': return;
        case 'name': names.add(expr.name); return;
        case 'negate': case 'transpose': visit(expr.operand); return;
        case 'binary': visit(expr.left); visit(expr.right); return;
        case 'call':
          names.add(expr.fn);
          expr.args.forEach(function (arg) { visit(arg.value); });
          return;
        default:
          visit(expr.target);
          expr.subscripts.forEach(function (s) { subscriptParts(s).forEach(visit); });
      }
    }
    function statementNames(inner) {
      if (inner.kind === 'assign') {
        names.add(inner.name);
        visit(inner.expr);
        return;
      }
      if (inner.counter) names.add(inner.counter.name);
      visit(inner.count);
      if (inner.until) visit(inner.until);
      inner.body.forEach(statementNames);
    }
    statementNames(statement);
    return Array.from(names);
  }

  /** A history as kept: its own list, since a later loop appends to the scope's. */
  function copyHistory(history) {
    return history && { values: history.values.slice(), whole: history.whole, matrix: history.matrix };
  }

  /** What the scope holds for `name`; values are never changed in place, so they are shared. */
  function nameState(scope, name) {
    return { value: scope.values.get(name), whole: scope.whole.get(name), neverRan: scope.neverRan.get(name),
      history: copyHistory(scope.histories.get(name)) };
  }

  function numbersIn(state) {
    var n = state.value ? state.value.data.length : 0;
    if (state.history) state.history.values.forEach(function (v) { n += v.data.length; });
    return n;
  }

  /** The same value to the bit: −0 is not 0 (1 / x tells them apart). */
  function sameValue(a, b) {
    if (a === b) return true;
    if (!a || !b || a.rank !== b.rank || a.rows !== b.rows || a.cols !== b.cols) return false;
    for (var k = 0; k < a.data.length; k++) if (!Object.is(a.data[k], b.data[k])) return false;
    return true;
  }

  function sameHistory(a, b) {
    if (!a || !b) return a === b;
    return a.whole === b.whole && a.matrix === b.matrix && a.values.length === b.values.length &&
      a.values.every(function (v, k) { return sameValue(v, b.values[k]); });
  }

  function sameState(a, b) {
    return a.whole === b.whole && String(a.neverRan) === String(b.neverRan) && sameValue(a.value, b.value) && sameHistory(a.history, b.history);
  }

  /** Puts `state` back as the scope's state of `name`. */
  function restore(scope, name, state) {
    function put(map, x) { if (x === undefined) map.delete(name); else map.set(name, x); }
    put(scope.values, state.value);
    put(scope.whole, state.whole);
    put(scope.neverRan, state.neverRan);
    put(scope.histories, copyHistory(state.history));
  }

  /** The kept effects of top-level statements, least recently used first. */
  function Kept() {
    this.entries = [];
    this.numbers = 0;
  }

  /**
   * Runs top-level `statement` (position `index` of `program`) in `runner`, or puts back the
   * effects kept from a run in which it read the same states; true when it put them back.
   */
  Kept.prototype.replay = function* (program, index, statement, runner) {
    var scope = runner.scope;
    var context = runner.context;
    var touched = namesTouched(statement);
    var found = -1;
    for (var e = this.entries.length - 1; e >= 0 && found < 0; e--) {
      var entry = this.entries[e];
      if (entry.program === program && entry.index === index &&
          entry.reads.every(function (read) { return sameState(read[1], nameState(scope, read[0])); })) found = e;
    }
    // Past the work or memory limit the statement runs, so that it stops where a full run stops.
    if (found >= 0 && context.work + this.entries[found].work <= MAX_WORK &&
        runner.keptEntries + this.entries[found].kept <= MAX_KEPT_ENTRIES) {
      var hit = this.entries.splice(found, 1)[0];
      this.entries.push(hit);
      hit.effects.forEach(function (effect) { restore(scope, effect[0], effect[1]); });
      scope.order.push.apply(scope.order, hit.order);
      context.work += hit.work;
      runner.keptEntries += hit.kept;
      return true;
    }
    var reads = touched.map(function (name) { return [name, nameState(scope, name)]; });
    var orderBefore = scope.order.length;
    var workBefore = context.work;
    var keptBefore = runner.keptEntries;
    yield* runner.block([statement]);
    var assigned = statementSteps(statement).map(function (step) { return step.name; });
    var effects = assigned.filter(function (name, k) { return assigned.indexOf(name) === k; })
      .map(function (name) { return [name, nameState(scope, name)]; });
    this.keep({ program: program, index: index, reads: reads, effects: effects, order: scope.order.slice(orderBefore),
      work: context.work - workBefore, kept: runner.keptEntries - keptBefore,
      numbers: reads.concat(effects).reduce(function (n, pair) { return n + numbersIn(pair[1]); }, 0) });
    return false;
  };

  Kept.prototype.keep = function (entry) {
    if (entry.numbers > KEPT_NUMBERS) return;
    this.entries.push(entry);
    this.numbers += entry.numbers;
    while (this.entries.length > KEPT_STATEMENTS || this.numbers > KEPT_NUMBERS) this.numbers -= this.entries.shift().numbers;
  };

  /** What this page's runs keep. */
  var keptStatements = new Kept();

  /* ---- tape (tape.rs) and grad (grad/) ---- */

  // While a program that calls grad runs, each assignment is recorded with, for every name its
  // expression reads, which assignment (or input) gave that name its value then. grad(L, x) sweeps
  // that record back from L's latest assignment, re-evaluating each assignment it passes through
  // once and applying one local rule per operation. Inside a repeat body it stops at the current
  // iteration's start; outside loops it goes back through every iteration and history.

  function callsGrad(expr) {
    switch (expr.kind) {
      case 'number': case 'name': return false;
      case 'negate': case 'transpose': return callsGrad(expr.operand);
      case 'binary': return callsGrad(expr.left) || callsGrad(expr.right);
      case 'call': return expr.fn === 'grad' || expr.args.some(function (a) { return callsGrad(a.value); });
      default:
        return callsGrad(expr.target) || expr.subscripts.some(function (s) { return subscriptParts(s).some(callsGrad); });
    }
  }

  /** The names an expression reads: plain names, and `history:name` for each history. */
  function namesRead(expr, found) {
    switch (expr.kind) {
      case 'number': return;
      case 'name': if (found.indexOf(expr.name) < 0) found.push(expr.name); return;
      case 'negate': case 'transpose': namesRead(expr.operand, found); return;
      case 'binary': namesRead(expr.left, found); namesRead(expr.right, found); return;
      case 'call':
        if (expr.fn === 'history' && expr.args.length === 1 && expr.args[0].value.kind === 'name') {
          found.push('history:' + expr.args[0].value.name);
          return;
        }
        expr.args.forEach(function (a) { namesRead(a.value, found); });
        return;
      default:
        namesRead(expr.target, found);
        expr.subscripts.forEach(function (s) { subscriptParts(s).forEach(function (p) { namesRead(p, found); }); });
    }
  }

  function Tape(statements) {
    var steps = [].concat.apply([], statements.map(statementSteps));
    this.enabled = steps.some(function (s) { return callsGrad(s.expr); });
    this.keepsAll = statements.some(function (s) { return s.kind === 'assign' && callsGrad(s.expr); });
    this.first = 0;
    this.records = [];
    this.current = new Map();
    this.histories = new Map();
    this.iterations = [];
  }

  /** Records step's new value; returns how many numbers the tape keeps beyond the run's values. */
  Tape.prototype.record = function (step, value, values, counters, inHistory) {
    if (!this.enabled) return 0;
    var self = this;
    var names = [];
    namesRead(step.expr, names);
    var reads = [];
    names.forEach(function (name) {
      var binding;
      if (name.indexOf('history:') === 0) {
        binding = { kind: 'history', list: (self.histories.get(name.slice(8)) || []).slice() };
      } else if (counters.some(function (c) { return c[0] === name; })) {
        if (!values.has(name)) return;
        binding = { kind: 'fixed', value: values.get(name) };
      } else if (self.current.has(name)) {
        var at = self.current.get(name);
        binding = { kind: 'step', id: at.id, value: at.value };
      } else if (values.has(name)) {
        binding = { kind: 'input' };
      } else if (name === 'pi') {
        binding = { kind: 'fixed', value: scalar(Math.PI) };
      } else return;
      reads.push([name, binding]);
    });
    var id = this.first + this.records.length;
    if (inHistory) {
      if (!this.histories.has(step.name)) this.histories.set(step.name, []);
      this.histories.get(step.name).push({ id: id, value: value });
    }
    var again = this.current.has(step.name);
    this.current.set(step.name, { id: id, value: value });
    this.records.push({ step: step.index, reads: reads });
    return again && this.keepsAll ? value.data.length : 0;
  };

  Tape.prototype.enterIteration = function () {
    var start = this.first + this.records.length;
    if (this.enabled && !this.keepsAll) { this.records = []; this.first = start; }
    this.iterations.push(start);
  };

  Tape.prototype.leaveIteration = function () { this.iterations.pop(); };

  Tape.prototype.recordAt = function (id) {
    return id >= this.first ? this.records[id - this.first] : undefined;
  };

  /** `g = grad(L, [a, b])` after `g =`: one token list per name, or null. */
  function gradCalls(tokens) {
    var open = tokens.findIndex(function (t) { return t.kind === 'open_bracket'; });
    if (open < 0) return null;
    var isGrad = tokens[0] && tokens[0].kind === 'name' && tokens[0].value === 'grad' && tokens[1] &&
      tokens[1].kind === 'open' && open >= 3 && tokens[open - 1].kind === 'comma';
    if (!isGrad) return null;
    var close = -1;
    for (var k = open; k < tokens.length; k++) if (tokens[k].kind === 'close_bracket') { close = k; break; }
    if (close < 0) return null;
    var inside = tokens.slice(open + 1, close);
    var names = [];
    for (var i = 0; i < inside.length; i++) {
      if (i % 2 === 0 && inside[i].kind === 'name') names.push(inside[i]);
      else if (!(i % 2 === 1 && inside[i].kind === 'comma')) return null;
    }
    if (names.length === 0 || inside.length % 2 === 0) return null;
    return names.map(function (token) {
      return { name: token.value, tokens: tokens.slice(0, open).concat([token], tokens.slice(close + 1)) };
    });
  }

  /** `g = grad(L, [a, b])` as the lines `g_a = grad(L, a)` and `g_b = grad(L, b)`. */
  function gradList(line) {
    var tokens = line.tokens;
    if (tokens[0].kind !== 'name' || !tokens[1] || tokens[1].kind !== 'equals') return null;
    var calls = gradCalls(tokens.slice(2));
    if (!calls) return null;
    return calls.map(function (call) {
      var name = { kind: 'name', value: tokens[0].value + '_' + call.name, span: tokens[0].span };
      return { tokens: [name, tokens[1]].concat(call.tokens), indent: line.indent, end: line.end, number: line.number };
    });
  }

  function gradError(message, span, hint) { return LangError('arguments', message, span, hint); }

  function nameArgument(arg, what) {
    if (!arg.keyword && arg.value.kind === 'name') return arg.value.name;
    throw gradError('`grad` takes the name of ' + what, arg.value.span,
      'write grad(loss, w): loss a scalar step, w an input or a step loss depends on; to differentiate an expression, make it a step first');
  }

  /** A matrix-view gradient: rows × cols entries in reading order. */
  function grid(rows, cols, data) { return { rows: rows, cols: cols, data: data }; }
  function zerosGrid(rows, cols) { return grid(rows, cols, new Array(rows * cols).fill(0)); }

  Context.prototype.grad = function (scope, args, span) {
    var loss = nameArgument(args[0], 'a scalar step');
    var x = nameArgument(args[1], 'an input or a step');
    var tape = scope.tape;
    var at = tape.current.get(loss);
    if (!at) {
      this.lookup(scope, loss, args[0].value.span);
      throw gradError('`' + loss + '` is not a step, so `grad` has nothing to differentiate', args[0].value.span,
        'grad(L, x) differentiates a step L computed from x');
    }
    if (at.value.rank !== 0) {
      throw gradError('grad needs a scalar to differentiate, and `' + loss + '` is a ' + describeShape(at.value),
        args[0].value.span, 'reduce it to one number first, e.g. loss = sum(…) or mean(…)');
    }
    var xSpan = args[1].value.span;
    var target;
    var shape;
    if (tape.current.has(x)) {
      target = { step: tape.current.get(x).id };
      shape = tape.current.get(x).value;
    } else if (scope.counters.some(function (c) { return c[0] === x; })) {
      throw gradError('`' + x + "` counts a loop's iterations and has no gradient", xSpan,
        'differentiate with respect to an input or a step');
    } else {
      shape = this.lookup(scope, x, xSpan).value;
      target = { input: x };
    }
    var boundary = Math.max(tape.iterations.length ? tape.iterations[tape.iterations.length - 1] : 0, tape.first);
    var sweep = new Sweep(this, tape, target, boundary, at.id);
    var gradient = sweep.run(at.id, loss, x, xSpan) || zerosGrid(shape.rows, shape.cols);
    var value = makeValue(shape.rank, shape.rows, shape.cols, gradient.data);
    this.ensureFinite(value, span, function () { return false; }, function () {
      return 'the gradient of ' + loss + ' with respect to ' + x + ' is not finite (a slope of sqrt, log, norm or std at 0?)';
    });
    return value;
  };

  function Sweep(context, tape, target, boundary, record) {
    this.context = context;
    this.tape = tape;
    this.target = target;
    this.boundary = boundary;
    this.depends = new Map();
    this.adjoints = new Map();
    this.parents = new Map();
    this.result = null;
    this.record = record;
  }

  Sweep.prototype.isTarget = function (id) { return this.target.step === id; };

  Sweep.prototype.stepDepends = function (id) {
    return this.isTarget(id) || (id >= this.boundary && this.depends.get(id) === true);
  };

  Sweep.prototype.bindingDepends = function (binding, name) {
    var self = this;
    switch (binding.kind) {
      case 'step': return this.stepDepends(binding.id);
      case 'input': return this.target.input === name;
      case 'history': return binding.list.some(function (h) { return self.stepDepends(h.id); });
      default: return false;
    }
  };

  Sweep.prototype.run = function (lossId, loss, x, xSpan) {
    if (this.isTarget(lossId)) return grid(1, 1, [1]);
    var self = this;
    var id;
    for (id = this.boundary; id <= lossId; id++) {
      if (this.isTarget(id)) continue;
      var record = this.tape.recordAt(id);
      if (!record) continue;
      this.depends.set(id, record.reads.some(function (r) { return self.bindingDepends(r[1], r[0]); }));
    }
    if (this.depends.get(lossId) !== true) {
      throw gradError('`' + loss + '` does not depend on `' + x + '`, so grad(' + loss + ', ' + x + ') has nothing to differentiate',
        xSpan, 'L must be computed from x; inside a repeat, grad sees only the current iteration, so x must be read by the steps that compute L there');
    }
    this.adjoints.set(lossId, grid(1, 1, [1]));
    for (id = lossId; id >= this.boundary; id--) {
      if (this.isTarget(id) || !this.stepDepends(id) || !this.adjoints.has(id)) continue;
      var adjoint = this.adjoints.get(id);
      this.adjoints.delete(id);
      var rec = this.tape.recordAt(id);
      this.record = id;
      var step = this.context.steps[rec.step];
      var node = this.forward(rec.reads, step.expr);
      this.backward(rec.reads, step.expr, node, adjoint);
    }
    if (this.target.step !== undefined) return this.adjoints.get(this.target.step) || null;
    return this.result;
  };

  function addInto(a, b) {
    if (!a) return b;
    for (var k = 0; k < a.data.length; k++) a.data[k] += b.data[k];
    return a;
  }

  Sweep.prototype.reach = function (name, binding, adjoint) {
    var self = this;
    if (binding.kind === 'step') this.reachStep(binding.id, adjoint);
    else if (binding.kind === 'input' && this.target.input === name) this.result = addInto(this.result, adjoint);
    else if (binding.kind === 'history') {
      binding.list.forEach(function (h, row) {
        var width = h.value.data.length;
        var part = h.value.rank === 0 ? grid(1, 1, [adjoint.data[row]])
          : grid(1, width, adjoint.data.slice(row * width, row * width + width));
        self.reachStep(h.id, part);
      });
    }
  };

  Sweep.prototype.reachStep = function (id, adjoint) {
    if (!this.stepDepends(id)) return;
    if (!this.parents.has(id)) this.parents.set(id, this.record);
    this.adjoints.set(id, addInto(this.adjoints.get(id), adjoint));
  };

  Sweep.prototype.path = function () {
    var names = [];
    var id = this.record;
    for (;;) {
      names.push(this.context.steps[this.tape.recordAt(id).step].name);
      if (!this.parents.has(id)) break;
      id = this.parents.get(id);
    }
    return names.reverse().join(' → ');
  };

  Sweep.prototype.notDifferentiable = function (what, span) {
    var step = this.context.steps[this.tape.recordAt(this.record).step].name;
    return gradError('grad cannot pass through ' + what + ' in step ' + step + ' (the path from the loss: ' + this.path() +
      '): it has no useful derivative', span,
      'compute that part from values that do not depend on x (a mask or an index is a constant), or write the gradient rule as steps');
  };

  function findBinding(reads, name) {
    for (var k = 0; k < reads.length; k++) if (reads[k][0] === name) return reads[k][1];
    return null;
  }

  Sweep.prototype.boundValue = function (binding, name) {
    switch (binding.kind) {
      case 'step': case 'fixed': return binding.value;
      case 'input': return this.context.inputs.find(function (i) { return i[0] === name; })[1];
      default:
        var first = binding.list[0].value;
        var data = [];
        binding.list.forEach(function (h) { for (var k = 0; k < h.value.data.length; k++) data.push(h.value.data[k]); });
        return first.rank === 0 ? makeValue(1, 1, binding.list.length, data)
          : makeValue(2, binding.list.length, first.data.length, data);
    }
  };

  function gradNode(value, children) {
    return { value: value, depends: children.some(function (c) { return c.depends; }), children: children, resolved: null };
  }

  /** Evaluates `expr` with the record's reads, keeping every operation's value. */
  Sweep.prototype.forward = function (reads, expr) {
    var self = this;
    var context = this.context;
    var bound;
    switch (expr.kind) {
      case 'number': return { value: scalar(expr.value), depends: false, children: [] };
      case 'name':
        bound = findBinding(reads, expr.name);
        if (!bound) return { value: scalar(Infinity), depends: false, children: [] };
        return { value: this.boundValue(bound, expr.name), depends: this.bindingDepends(bound, expr.name), children: [] };
      case 'negate': case 'transpose':
        var child = this.forward(reads, expr.operand);
        context.charge(child.value.data.length, expr.span);
        return gradNode(expr.kind === 'negate' ? mapValue(child.value, function (v) { return -v; }) : transpose(child.value), [child]);
      case 'binary':
        var a = this.forward(reads, expr.left);
        var b = this.forward(reads, expr.right);
        var quoted = [context.quote(expr.left.span), context.quote(expr.right.span)];
        return gradNode(expr.op === 'matmul' ? context.matmul(a.value, b.value, expr.opSpan, quoted)
          : context.elementwise(expr.op, a.value, b.value, expr.opSpan, quoted), [a, b]);
      case 'index':
        var target = this.forward(reads, expr.target);
        var resolved = this.resolveAll(reads, expr.subscripts);
        var indexed = gradNode(take(context, target.value, resolved, expr.bracketSpan), [target]);
        indexed.resolved = resolved;
        return indexed;
      default:
        if (expr.fn === 'history') {
          var key = 'history:' + (expr.args[0].value.kind === 'name' ? expr.args[0].value.name : '');
          bound = findBinding(reads, key);
          return { value: this.boundValue(bound, key), depends: this.bindingDepends(bound, key), children: [] };
        }
        var children = expr.args.map(function (arg) { return self.forward(reads, arg.value); });
        if (expr.fn === 'grad') throw this.notDifferentiable('`grad` itself', expr.span);
        var sig = check(expr.fn, expr.fnSpan, expr.args, expr.span, false);
        var positional = [];
        var keywords = {};
        expr.args.forEach(function (arg, k) {
          var entry = { value: children[k].value, span: arg.value.span };
          if (arg.keyword) keywords[arg.keyword.name] = entry;
          else positional.push(entry);
        });
        return gradNode(apply(context, sig, positional, keywords, expr.span), children);
    }
  };

  Sweep.prototype.resolveAll = function (reads, subscripts) {
    var self = this;
    var scope = new Scope();
    scope.tape = new Tape([]);
    var names = [];
    subscripts.forEach(function (s) { subscriptParts(s).forEach(function (p) { namesRead(p, names); }); });
    names.forEach(function (name) {
      var bound = findBinding(reads, name);
      if (bound) scope.values.set(name, self.boundValue(bound, name));
    });
    return subscripts.map(function (s) { return self.context.resolve(scope, s); });
  };

  /** Sums a gradient over the axes an operand of rows × cols was broadcast along. */
  function unbroadcast(g, rows, cols) {
    var i;
    var j;
    if (rows === 1 && g.rows > 1) {
      var down = new Array(g.cols).fill(0);
      for (i = 0; i < g.rows; i++) for (j = 0; j < g.cols; j++) down[j] += g.data[i * g.cols + j];
      g = grid(1, g.cols, down);
    }
    if (cols === 1 && g.cols > 1) {
      var across = new Array(g.rows).fill(0);
      for (i = 0; i < g.rows; i++) for (j = 0; j < g.cols; j++) across[i] += g.data[i * g.cols + j];
      g = grid(g.rows, 1, across);
    }
    return g;
  }

  /** adjoint * f(entries of parts, broadcast to the adjoint's shape), entry by entry. */
  function times(adjoint, parts, f) {
    var out = new Array(adjoint.data.length);
    var v = new Array(parts.length);
    for (var i = 0; i < adjoint.rows; i++) {
      for (var j = 0; j < adjoint.cols; j++) {
        for (var p = 0; p < parts.length; p++) {
          var part = parts[p];
          v[p] = part.data[(part.rows === 1 ? 0 : i) * part.cols + (part.cols === 1 ? 0 : j)];
        }
        out[i * adjoint.cols + j] = adjoint.data[i * adjoint.cols + j] * f(v);
      }
    }
    return grid(adjoint.rows, adjoint.cols, out);
  }

  function flag(c) { return c ? 1 : 0; }

  function elementwiseSlope(name, x, y) {
    switch (name) {
      case 'exp': return y;
      case 'log': return 1 / x;
      case 'sqrt': return 0.5 / y;
      case 'abs': return x > 0 ? 1 : x < 0 ? -1 : 0;
      case 'sin': return Math.cos(x);
      case 'cos': return -Math.sin(x);
      case 'tanh': return 1 - y * y;
      case 'sigmoid': return y * (1 - y);
      case 'relu': return flag(x > 0);
      case 'gelu':
        var c = Math.sqrt(2 / Math.PI);
        var t = Math.tanh(c * (x + 0.044715 * x * x * x));
        return 0.5 * (1 + t) + 0.5 * x * (1 - t * t) * c * (1 + 3 * 0.044715 * x * x);
      case 'acos': return -1 / Math.sqrt(1 - x * x);
      case 'asin': return 1 / Math.sqrt(1 - x * x);
      default: return 1 / (1 + x * x);
    }
  }

  function transposeGrid(g) {
    var out = new Array(g.data.length);
    for (var i = 0; i < g.rows; i++) for (var j = 0; j < g.cols; j++) out[j * g.rows + i] = g.data[i * g.cols + j];
    return grid(g.cols, g.rows, out);
  }

  /** a @ b over matrix views, summing in reading order. */
  function gridProduct(a, b) {
    var out = new Array(a.rows * b.cols);
    for (var i = 0; i < a.rows; i++) {
      for (var j = 0; j < b.cols; j++) {
        var sum = 0;
        for (var t = 0; t < a.cols; t++) sum += a.data[i * a.cols + t] * b.data[t * b.cols + j];
        out[i * b.cols + j] = sum;
      }
    }
    return grid(a.rows, b.cols, out);
  }

  function matmulRule(a, b, adjoint) {
    var left = grid(a.rows, a.cols, a.data);
    var rightIsVector = b.rank === 1;
    var right = rightIsVector ? grid(b.cols, 1, b.data) : grid(b.rows, b.cols, b.data);
    var g = rightIsVector ? transposeGrid(adjoint) : adjoint;
    var ga = gridProduct(g, transposeGrid(right));
    var gb = gridProduct(transposeGrid(left), g);
    return [ga, rightIsVector ? transposeGrid(gb) : gb];
  }

  Sweep.prototype.backward = function (reads, expr, node, adjoint) {
    if (!node.depends) return;
    this.context.charge(adjoint.data.length, expr.span);
    var self = this;
    var bound;
    switch (expr.kind) {
      case 'number': return;
      case 'name':
        bound = findBinding(reads, expr.name);
        if (bound) this.reach(expr.name, bound, adjoint);
        return;
      case 'negate':
        this.backward(reads, expr.operand, node.children[0],
          grid(adjoint.rows, adjoint.cols, adjoint.data.map(function (v) { return -v; })));
        return;
      case 'transpose':
        this.backward(reads, expr.operand, node.children[0], transposeGrid(adjoint));
        return;
      case 'binary':
        var a = node.children[0];
        var b = node.children[1];
        var grads;
        if (expr.op === 'matmul') {
          this.context.charge(2 * adjoint.data.length * Math.max(a.value.cols, 1), expr.opSpan);
          grads = matmulRule(a.value, b.value, adjoint);
        } else {
          var rules = {
            add: [function () { return 1; }, function () { return 1; }],
            subtract: [function () { return 1; }, function () { return -1; }],
            multiply: [function (v) { return v[1]; }, function (v) { return v[0]; }],
            divide: [function (v) { return 1 / v[1]; }, function (v) { return -v[0] / (v[1] * v[1]); }],
            power: [function (v) { return v[1] * Math.pow(v[0], v[1] - 1); },
              function (v) { return v[2] === 0 ? 0 : v[2] * Math.log(v[0]); }],
          }[expr.op];
          if (!rules) throw this.notDifferentiable('the comparison `' + SYMBOLS[expr.op] + '`', expr.opSpan);
          var parts = [a.value, b.value, node.value];
          grads = [unbroadcast(times(adjoint, parts, rules[0]), a.value.rows, a.value.cols),
            unbroadcast(times(adjoint, parts, rules[1]), b.value.rows, b.value.cols)];
        }
        this.backward(reads, expr.left, a, grads[0]);
        this.backward(reads, expr.right, b, grads[1]);
        return;
      case 'index':
        var child = node.children[0];
        var gradients = this.throughPositions([child.value], [true], adjoint, function (coded) {
          return take(self.context, coded[0], node.resolved, expr.bracketSpan);
        });
        this.backward(reads, expr.target, child, gradients[0]);
        return;
      default:
        if (expr.fn === 'history') {
          if (expr.args[0].value.kind !== 'name') return;
          var key = 'history:' + expr.args[0].value.name;
          bound = findBinding(reads, key);
          if (bound) this.reach(key, bound, adjoint);
          return;
        }
        var out = this.callRule(expr.fn, expr.args, expr.span, node, adjoint);
        expr.args.forEach(function (arg, k) {
          if (out[k]) self.backward(reads, arg.value, node.children[k], out[k]);
        });
    }
  };

  /** Runs a selection on its operands' positions and sends each adjoint entry back to its position. */
  Sweep.prototype.throughPositions = function (operands, wanted, adjoint, select) {
    var offset = 0;
    var starts = [];
    var coded = operands.map(function (value, k) {
      starts.push(offset);
      var n = value.data.length;
      var data = new Array(n);
      for (var p = 0; p < n; p++) data[p] = wanted[k] ? offset + p + 1 : 0;
      if (wanted[k]) offset += n;
      return makeValue(value.rank, value.rows, value.cols, data);
    });
    var selected = select(coded);
    var flat = operands.map(function (v) { return new Array(v.data.length).fill(0); });
    for (var i = 0; i < selected.data.length; i++) {
      var code = selected.data[i];
      if (code <= 0) continue;
      var position = code - 1;
      var owner = operands.length - 1;
      while (!(wanted[owner] && starts[owner] <= position)) owner--;
      flat[owner][position - starts[owner]] += adjoint.data[i];
    }
    return operands.map(function (v, k) { return wanted[k] ? grid(v.rows, v.cols, flat[k]) : null; });
  };

  function laneRule(fn, x, y, g, eps) {
    var n = x.length;
    var k;
    var s = 0;
    var out = new Array(n);
    switch (fn) {
      case 'softmax':
        for (k = 0; k < n; k++) s += g[k] * y[k];
        for (k = 0; k < n; k++) out[k] = y[k] * (g[k] - s);
        return out;
      case 'log_softmax':
        for (k = 0; k < n; k++) s += g[k];
        for (k = 0; k < n; k++) out[k] = g[k] - Math.exp(y[k]) * s;
        return out;
      case 'logsumexp':
        for (k = 0; k < n; k++) out[k] = y[0] === -Infinity ? 0 : g[0] * Math.exp(x[k] - y[0]);
        return out;
      case 'sum': return out.fill(g[0]);
      case 'mean': return out.fill(g[0] / n);
      case 'var': case 'std':
        var mean = 0;
        for (k = 0; k < n; k++) mean += x[k];
        mean /= n;
        var scale = fn === 'var' ? 2 / n : 1 / (n * y[0]);
        for (k = 0; k < n; k++) out[k] = g[0] * scale * (x[k] - mean);
        return out;
      case 'max': case 'min':
        var best = 0;
        for (k = 0; k < n; k++) if ((fn === 'max' && x[k] > x[best]) || (fn === 'min' && x[k] < x[best])) best = k;
        for (k = 0; k < n; k++) out[k] = k === best ? g[0] : 0;
        return out;
      case 'norm':
        for (k = 0; k < n; k++) out[k] = g[0] * x[k] / y[0];
        return out;
      case 'cumsum':
        for (k = n - 1; k >= 0; k--) { s += g[k]; out[k] = s; }
        return out;
      case 'cumprod':
        for (var i = 0; i < n; i++) {
          var total = 0;
          for (var j = i; j < n; j++) {
            var others = 1;
            for (k = 0; k <= j; k++) if (k !== i) others *= x[k];
            total += g[j] * others;
          }
          out[i] = total;
        }
        return out;
      case 'sort':
        var order = x.map(function (_, p) { return p; });
        order.sort(function (p, q) { return x[p] < x[q] ? -1 : x[p] > x[q] ? 1 : p - q; });
        order.forEach(function (p, r) { out[p] = g[r]; });
        return out;
      default:
        var m = 0;
        for (k = 0; k < n; k++) m += x[k];
        m /= n;
        var variance = 0;
        for (k = 0; k < n; k++) variance += (x[k] - m) * (x[k] - m);
        variance /= n;
        var sigma = Math.sqrt(variance + eps);
        var meanG = 0;
        var meanGY = 0;
        for (k = 0; k < n; k++) meanG += g[k];
        meanG /= n;
        for (k = 0; k < n; k++) meanGY += g[k] * y[k];
        meanGY /= n;
        for (k = 0; k < n; k++) out[k] = (g[k] - meanG - y[k] * meanGY) / sigma;
        return out;
    }
  }

  var GRAD_ELEMENTWISE = ['exp', 'log', 'sqrt', 'abs', 'sin', 'cos', 'tanh', 'sigmoid', 'relu', 'gelu', 'acos', 'asin', 'atan'];
  var GRAD_LANES = ['softmax', 'log_softmax', 'logsumexp', 'sum', 'mean', 'var', 'std', 'max', 'min', 'norm', 'cumsum',
    'cumprod', 'sort', 'layer_norm'];
  var GRAD_SELECTIONS = ['transpose', 'concat', 'row', 'col', 'rows', 'cols', 'reshape', 'flatten', 'tril', 'triu', 'diag', 'take'];

  /** The gradients of a call's arguments, in written order (null for one that gets none). */
  Sweep.prototype.callRule = function (fn, args, span, node, adjoint) {
    var self = this;
    var children = node.children;
    var positional = children.filter(function (_, k) { return !args[k].keyword; });
    function keyword(name) {
      for (var k = 0; k < args.length; k++) if (args[k].keyword && args[k].keyword.name === name) return children[k].value;
      return null;
    }
    var x = positional[0].value;
    var out = args.map(function () { return null; });
    if (GRAD_ELEMENTWISE.indexOf(fn) >= 0) {
      out[0] = times(adjoint, [x, node.value], function (v) { return elementwiseSlope(fn, v[0], v[1]); });
      return out;
    }
    if (BROADCAST.indexOf(fn) >= 0) {
      var values = positional.map(function (c) { return c.value; });
      return positional.map(function (operand, k) {
        if (!operand.depends || (fn === 'where' && k === 0)) return null;
        var slope = function (v) {
          switch (fn + k) {
            case 'maximum0': return flag(v[0] >= v[1]);
            case 'maximum1': return flag(v[0] < v[1]);
            case 'minimum0': return flag(v[0] <= v[1]);
            case 'minimum1': return flag(v[0] > v[1]);
            case 'atan20': return v[1] / (v[0] * v[0] + v[1] * v[1]);
            case 'atan21': return -v[0] / (v[0] * v[0] + v[1] * v[1]);
            case 'xlogy0': return Math.log(v[1]);
            case 'xlogy1': return v[0] / v[1];
            case 'clip0': return flag(v[0] >= v[1] && Math.max(v[0], v[1]) <= v[2]);
            case 'clip1': return flag(v[0] < v[1] && Math.max(v[0], v[1]) <= v[2]);
            case 'clip2': return flag(Math.max(v[0], v[1]) > v[2]);
            case 'where1': return flag(v[0] !== 0);
            default: return flag(v[0] === 0);
          }
        };
        return unbroadcast(times(adjoint, values, slope), operand.value.rows, operand.value.cols);
      });
    }
    if (GRAD_LANES.indexOf(fn) >= 0) {
      var keepsShape = ['softmax', 'log_softmax', 'cumsum', 'cumprod', 'sort', 'layer_norm'].indexOf(fn) >= 0;
      if (fn === 'layer_norm' && args.some(function (a, k) { return a.keyword && children[k].depends; })) {
        throw this.notDifferentiable("`layer_norm`'s eps", span);
      }
      var axisValue = keyword('axis');
      var requested = axisValue && axisValue.rank === 0 ? axisValue.data[0] : keepsShape ? -1 : null;
      var laneList;
      if (requested === null || x.rank === 0) {
        laneList = [x.data.map(function (_, p) { return p; })];
      } else if (x.rank === 1 || requested === 1 || requested === -1) laneList = lanes(x.rows, x.cols, 1);
      else laneList = lanes(x.rows, x.cols, 0);
      var epsValue = keyword('eps');
      var eps = epsValue && epsValue.rank === 0 ? epsValue.data[0] : 1e-5;
      var dx = new Array(x.data.length).fill(0);
      laneList.forEach(function (lane, index) {
        var xl = lane.map(function (p) { return x.data[p]; });
        var yl = keepsShape ? lane.map(function (p) { return node.value.data[p]; }) : [node.value.data[index]];
        var gl = keepsShape ? lane.map(function (p) { return adjoint.data[p]; }) : [adjoint.data[index]];
        var laneDx = laneRule(fn, xl, yl, gl, eps);
        self.context.charge(lane.length, span);
        lane.forEach(function (p, k) { dx[p] = laneDx[k]; });
      });
      out[0] = grid(x.rows, x.cols, dx);
      return out;
    }
    if (fn === 'dot' || fn === 'outer') {
      var a = positional[0].value.data;
      var b = positional[1].value.data;
      var ga;
      var gb;
      if (fn === 'dot') {
        ga = b.map(function (v) { return adjoint.data[0] * v; });
        gb = a.map(function (v) { return adjoint.data[0] * v; });
      } else {
        ga = a.map(function (_, i) { var s = 0; for (var j = 0; j < b.length; j++) s += adjoint.data[i * b.length + j] * b[j]; return s; });
        gb = b.map(function (_, j) { var s = 0; for (var i = 0; i < a.length; i++) s += adjoint.data[i * b.length + j] * a[i]; return s; });
      }
      return [grid(positional[0].value.rows, positional[0].value.cols, ga),
        grid(positional[1].value.rows, positional[1].value.cols, gb)];
    }
    if (fn === 'trace') {
      out[0] = zerosGrid(x.rows, x.cols);
      for (var d = 0; d < Math.min(x.rows, x.cols); d++) out[0].data[d * x.cols + d] = adjoint.data[0];
      return out;
    }
    if (GRAD_SELECTIONS.indexOf(fn) >= 0) {
      var sig = check(fn, span, args, span, false);
      var data = fn === 'concat' ? positional.length : 1;
      var operands = positional.slice(0, data).map(function (c) { return c.value; });
      var wanted = positional.slice(0, data).map(function (c) { return c.depends; });
      var gradients = this.throughPositions(operands, wanted, adjoint, function (coded) {
        var given = [];
        var keywords = {};
        args.forEach(function (arg, k) {
          var value = !arg.keyword && given.length < data ? coded[given.length] : children[k].value;
          var entry = { value: value, span: arg.value.span };
          if (arg.keyword) keywords[arg.keyword.name] = entry;
          else given.push(entry);
        });
        return apply(self.context, sig, given, keywords, span);
      });
      var next = 0;
      return args.map(function (arg, k) { return !arg.keyword && k < data ? gradients[next++] : null; });
    }
    throw this.notDifferentiable('`' + fn + '`', span);
  };


  /* ---- functions (functions/mod.rs) ---- */

  function findSignature(name) {
    return SIGNATURES.find(function (s) { return s.name === name; });
  }

  function isFunction(name) { return Boolean(findSignature(name)); }

  function argumentsError(message, span, hint) { return LangError('arguments', message, span, hint); }

  function plural(count, noun) { return count + ' ' + noun + (count === 1 ? '' : 's'); }

  /** Checks a call before its arguments are evaluated (Rust's functions::check). */
  function check(fn, fnSpan, args, span, isValue) {
    var sig = findSignature(fn);
    if (!sig) {
      var near = nearest(fn, SIGNATURES.map(function (s) { return s.name; }));
      var instead = otherNameFor(fn);
      var hint = isValue ? '`' + fn + '` is a value, not a function; multiply with `*`'
        : instead ? 'write ' + instead
        : near ? 'did you mean `' + near + '`?'
          : 'see "The compute language" in the README for the list of functions';
      throw LangError('unknown_function', 'unknown function `' + fn + '`', fnSpan, hint);
    }
    var count = args.filter(function (a) { return !a.keyword; }).length;
    var fewest = sig.positional[0];
    var most = sig.positional[1];
    if (count < fewest || count > most) {
      var expected = fewest === most ? plural(fewest, 'argument')
        : most === MANY ? 'at least ' + plural(fewest, 'argument')
          : fewest + ' or ' + plural(most, 'argument');
      var usage = (fn === 'max' || fn === 'min') && count === 2
        ? '`' + fn + '` reduces one value to its ' + fn + 'imum; entry by entry, the larger or smaller of two values is ' +
          fn + 'imum(a, b)'
        : 'write ' + sig.usage;
      throw argumentsError('`' + fn + '` takes ' + expected + ', got ' + count, span, usage);
    }
    var seen = [];
    args.forEach(function (a) {
      if (!a.keyword) return;
      var keyword = a.keyword.name;
      if (sig.keywords.indexOf(keyword) < 0) {
        var nearKeyword = nearest(keyword, sig.keywords);
        throw argumentsError('`' + fn + '` has no keyword `' + keyword + '`', a.keyword.span,
          nearKeyword ? 'did you mean `' + nearKeyword + '`? write ' + sig.usage : 'write ' + sig.usage);
      }
      if (seen.indexOf(keyword) >= 0) {
        throw argumentsError('keyword `' + keyword + '` is given twice', a.keyword.span, 'write ' + sig.usage);
      }
      seen.push(keyword);
    });
    return sig;
  }

  /**
   * Whether an argument names a value the scope holds (an input or a step, never NaN or +inf),
   * which a function that accepts masks need not scan again (Rust's functions::is_named_value).
   */
  function isNamedValue(scope, expr) {
    return expr.kind === 'name' && scope.values.has(expr.name);
  }

  /** Runs a checked call on its evaluated arguments (Rust's functions::apply). */
  function apply(context, sig, positional, keywords, span) {
    var given = { fn: sig.name, positional: positional, keywords: keywords, span: span };
    positional.forEach(function (argument) {
      if (sig.acceptsMask && argument.named) return;
      context.admit(argument.value, '`' + sig.name + '`', sig.acceptsMask, span);
    });
    return dispatch(context, given);
  }

  var ELEMENTWISE = ['exp', 'log', 'sqrt', 'abs', 'sin', 'cos', 'tanh', 'sigmoid', 'relu', 'gelu',
    'acos', 'asin', 'atan', 'sign', 'floor', 'ceil', 'round'];
  var BROADCAST = ['maximum', 'minimum', 'atan2', 'xlogy', 'clip', 'where'];
  var REDUCTIONS = ['sum', 'mean', 'var', 'std', 'max', 'min', 'argmax', 'argmin', 'norm', 'logsumexp'];
  var SCANS = ['cumsum', 'cumprod', 'sort', 'argsort'];

  function dispatch(context, args) {
    var name = args.fn;
    var x = args.positional[0].value;
    if (ELEMENTWISE.indexOf(name) >= 0) return elementwise(context, args, name);
    if (BROADCAST.indexOf(name) >= 0) return broadcastFunction(context, args);
    if (name === 'softmax' || name === 'log_softmax') return softmax(context, args, name === 'log_softmax');
    if (name === 'layer_norm') return layerNorm(context, args);
    if (REDUCTIONS.indexOf(name) >= 0) return reduce(context, args);
    if (SCANS.indexOf(name) >= 0) return scan(context, args);
    if (name === 'dot') return dot(context, args);
    if (name === 'outer') return outer(context, args);
    if (name === 'transpose') { context.charge(x.data.length, args.span); return transpose(x); }
    if (name === 'concat') return concat(context, args);
    if (name === 'row' || name === 'col') return rowOrCol(context, args, name === 'col');
    if (name === 'rows' || name === 'cols') return slice(context, args, name === 'cols');
    if (name === 'reshape') return reshape(context, args);
    if (name === 'flatten') return flatten(context, args);
    if (name === 'tril' || name === 'triu') return triangle(context, args, name === 'triu');
    if (name === 'diag') return diag(context, args);
    if (name === 'trace') return trace(context, args);
    if (name === 'solve') return solve(context, args);
    if (name === 'inv') return inv(context, args);
    if (name === 'det') return det(context, args);
    if (name === 'lstsq') return lstsq(context, args);
    if (name === 'eigvals') return eigvals(context, args);
    if (name === 'eigvecs') return eigvecs(context, args);
    if (name === 'one_hot') return oneHot(context, args);
    if (name === 'take') return takeFunction(context, args);
    if (name === 'topk' || name === 'argtopk') return topk(context, args, name === 'argtopk');
    if (name === 'len') { needsArray(args, x); return scalar(x.rank === 1 ? x.cols : x.rows); }
    if (name === 'shape') { needsArray(args, x); return makeValue(1, 1, 2, [x.rows, x.cols]); }
    return construct(context, args);
  }

  /* ---- functions: signatures (functions/signatures.rs) ---- */

  var MANY = Infinity;
  var AXIS = ['axis'];
  var NONE = [];
  var ONE = [1, 1];
  var TWO = [2, 2];

  /** When a result is whole, from whether its positional arguments are (Rust's Whole). */
  function wholeOf(rule, wholes) {
    switch (rule) {
      case 'always': return true;
      case 'first': return wholes.length > 0 && wholes[0];
      case 'all': return wholes.every(function (w) { return w; });
      case 'all_but_first': return wholes.slice(1).every(function (w) { return w; });
      default: return false;
    }
  }

  function signature(name, positional, keywords, usage, acceptsMask, whole) {
    return { name: name, positional: positional, keywords: keywords, usage: usage, acceptsMask: acceptsMask, whole: whole };
  }

  /** Every function, in the order the README lists them (the same table as signatures.rs). */
  var SIGNATURES = [
    signature('exp', ONE, NONE, 'exp(x)', false, 'never'),
    signature('log', ONE, NONE, 'log(x)', false, 'never'),
    signature('sqrt', ONE, NONE, 'sqrt(x)', false, 'never'),
    signature('abs', ONE, NONE, 'abs(x)', false, 'first'),
    signature('sin', ONE, NONE, 'sin(x)', false, 'never'),
    signature('cos', ONE, NONE, 'cos(x)', false, 'never'),
    signature('tanh', ONE, NONE, 'tanh(x)', false, 'never'),
    signature('sigmoid', ONE, NONE, 'sigmoid(x)', false, 'never'),
    signature('relu', ONE, NONE, 'relu(x)', false, 'first'),
    signature('gelu', ONE, NONE, 'gelu(x)', false, 'never'),
    signature('acos', ONE, NONE, 'acos(x)', false, 'never'),
    signature('asin', ONE, NONE, 'asin(x)', false, 'never'),
    signature('atan', ONE, NONE, 'atan(x)', false, 'never'),
    signature('sign', ONE, NONE, 'sign(x)', false, 'always'),
    signature('floor', ONE, NONE, 'floor(x)', false, 'always'),
    signature('ceil', ONE, NONE, 'ceil(x)', false, 'always'),
    signature('round', ONE, NONE, 'round(x)', false, 'always'),
    signature('maximum', TWO, NONE, 'maximum(a, b)', true, 'all'),
    signature('minimum', TWO, NONE, 'minimum(a, b)', true, 'all'),
    signature('atan2', TWO, NONE, 'atan2(y, x)', false, 'never'),
    signature('xlogy', TWO, NONE, 'xlogy(x, y)', false, 'never'),
    signature('clip', [3, 3], NONE, 'clip(x, low, high)', false, 'all'),
    signature('where', [3, 3], NONE, 'where(c, a, b)', true, 'all_but_first'),
    signature('softmax', ONE, AXIS, 'softmax(x, axis=-1)', true, 'never'),
    signature('log_softmax', ONE, AXIS, 'log_softmax(x, axis=-1)', true, 'never'),
    signature('logsumexp', ONE, AXIS, 'logsumexp(x) or logsumexp(x, axis=1)', true, 'never'),
    signature('layer_norm', ONE, ['eps'], 'layer_norm(x, eps=0.00001)', false, 'never'),
    signature('sum', ONE, AXIS, 'sum(x) or sum(x, axis=0)', false, 'first'),
    signature('mean', ONE, AXIS, 'mean(x) or mean(x, axis=0)', false, 'never'),
    signature('var', ONE, AXIS, 'var(x) or var(x, axis=0)', false, 'never'),
    signature('std', ONE, AXIS, 'std(x) or std(x, axis=0)', false, 'never'),
    signature('max', ONE, AXIS, 'max(x) or max(x, axis=0)', false, 'first'),
    signature('min', ONE, AXIS, 'min(x) or min(x, axis=0)', false, 'first'),
    signature('argmax', ONE, AXIS, 'argmax(x) or argmax(x, axis=0)', false, 'always'),
    signature('argmin', ONE, AXIS, 'argmin(x) or argmin(x, axis=0)', false, 'always'),
    signature('norm', ONE, AXIS, 'norm(x) or norm(x, axis=0)', false, 'never'),
    signature('cumsum', ONE, AXIS, 'cumsum(x, axis=-1)', false, 'first'),
    signature('cumprod', ONE, AXIS, 'cumprod(x, axis=-1)', false, 'first'),
    signature('sort', ONE, AXIS, 'sort(x, axis=-1)', false, 'first'),
    signature('argsort', ONE, AXIS, 'argsort(x, axis=-1)', true, 'always'),
    signature('dot', TWO, NONE, 'dot(a, b)', false, 'all'),
    signature('outer', TWO, NONE, 'outer(a, b)', false, 'all'),
    signature('transpose', ONE, NONE, 'transpose(x)', true, 'first'),
    signature('concat', [1, MANY], AXIS, 'concat(a, b, axis=0)', true, 'all'),
    signature('row', ONE, NONE, 'row(v)', true, 'first'),
    signature('col', ONE, NONE, 'col(v)', true, 'first'),
    signature('rows', [3, 3], NONE, 'rows(x, start, end)', true, 'first'),
    signature('cols', [3, 3], NONE, 'cols(x, start, end)', true, 'first'),
    signature('reshape', [2, 3], NONE, 'reshape(x, rows, cols) or reshape(x, n)', true, 'first'),
    signature('flatten', ONE, NONE, 'flatten(x)', true, 'first'),
    signature('tril', ONE, ['k'], 'tril(m) or tril(m, k=-1)', true, 'first'),
    signature('triu', ONE, ['k'], 'triu(m) or triu(m, k=1)', true, 'first'),
    signature('diag', ONE, NONE, 'diag(v) or diag(m)', false, 'first'),
    signature('trace', ONE, NONE, 'trace(m)', false, 'first'),
    signature('history', ONE, NONE, 'history(name)', false, 'never'),
    signature('grad', TWO, NONE, 'grad(loss, w) or g = grad(loss, [w, b])', false, 'never'),
    signature('take', TWO, AXIS, 'take(x, idx, axis=0)', true, 'first'),
    signature('topk', TWO, NONE, 'topk(x, k)', true, 'first'),
    signature('argtopk', TWO, NONE, 'argtopk(x, k)', true, 'always'),
    signature('len', ONE, NONE, 'len(x)', true, 'always'),
    signature('shape', ONE, NONE, 'shape(x)', true, 'always'),
    signature('solve', TWO, NONE, 'solve(a, b)', false, 'never'),
    signature('inv', ONE, NONE, 'inv(a)', false, 'never'),
    signature('det', ONE, NONE, 'det(a)', false, 'never'),
    signature('lstsq', TWO, NONE, 'lstsq(a, b)', false, 'never'),
    signature('eigvals', ONE, NONE, 'eigvals(a)', false, 'never'),
    signature('eigvecs', ONE, NONE, 'eigvecs(a)', false, 'never'),
    signature('arange', ONE, NONE, 'arange(n)', false, 'always'),
    signature('eye', ONE, NONE, 'eye(n)', false, 'always'),
    signature('zeros', [1, 2], NONE, 'zeros(rows, cols) or zeros(n)', false, 'always'),
    signature('ones', [1, 2], NONE, 'ones(rows, cols) or ones(n)', false, 'always'),
    signature('randn', [1, 2], ['seed'], 'randn(rows, cols, seed=0)', false, 'never'),
    signature('causal_mask', ONE, NONE, 'causal_mask(n)', false, 'never'),
    signature('one_hot', TWO, NONE, 'one_hot(i, n)', false, 'always'),
  ];

  function wholeNumber(given, what) {
    var value = given.value;
    if (value.rank === 0) {
      var x = value.data[0];
      if (x % 1 === 0 && Math.abs(x) <= 9007199254740992) return x;
      throw argumentsError(what + ' must be a whole number, got ' + formatNumber(x), given.span,
        'write a whole number such as 0 or 3');
    }
    throw argumentsError(what + ' must be a whole number, got a ' + describeShape(value), given.span,
      'write a whole number such as 0 or 3');
  }

  function needsArray(args, x) {
    if (x.rank === 0) {
      throw argumentsError('`' + args.fn + '` needs a vector or a matrix, got a scalar', args.positional[0].span,
        'pass a vector or a matrix');
    }
  }

  function vectorArgument(args, index, hint) {
    var value = args.positional[index].value;
    if (value.rank === 1) return value;
    throw argumentsError('`' + args.fn + '` takes vectors, got a ' + describeShape(value), args.positional[index].span, hint);
  }

  /* ---- functions: elementwise (functions/elementwise.rs) ---- */

  var SQRT_2_OVER_PI = Math.sqrt(2 / Math.PI);

  /** x rounded to the nearest whole number, halves to the even one (as functions/elementwise.rs). */
  function roundHalfEven(x) {
    var below = Math.floor(x);
    var fraction = x - below;
    if (fraction < 0.5) return below;
    if (fraction > 0.5 || below % 2 !== 0) return below + 1;
    return below;
  }

  function applyElementwise(name, x) {
    switch (name) {
      case 'exp': return Math.exp(x);
      case 'log': return Math.log(x);
      case 'sqrt': return Math.sqrt(x);
      case 'abs': return Math.abs(x);
      case 'sin': return Math.sin(x);
      case 'cos': return Math.cos(x);
      case 'tanh': return Math.tanh(x);
      case 'sigmoid': return 1 / (1 + Math.exp(-x));
      case 'relu': return x > 0 ? x : 0;
      case 'acos': return Math.acos(x);
      case 'asin': return Math.asin(x);
      case 'atan': return Math.atan(x);
      case 'sign': return x > 0 ? 1 : x < 0 ? -1 : 0;
      case 'floor': return Math.floor(x);
      case 'ceil': return Math.ceil(x);
      case 'round': return roundHalfEven(x);
      // The tanh approximation of GELU: ½x(1 + tanh(√(2/π)(x + 0.044715x³))).
      default: return 0.5 * x * (1 + Math.tanh(SQRT_2_OVER_PI * (x + 0.044715 * x * x * x)));
    }
  }

  function elementwise(context, args, name) {
    var x = args.positional[0].value;
    context.charge(x.data.length, args.span);
    var result = mapValue(x, function (entry) { return applyElementwise(name, entry); });
    context.ensureFinite(result, args.span, function () { return false; }, function (flat) {
      var entry = x.data[flat];
      if (name === 'log' && entry === 0) return 'log of 0';
      if ((name === 'log' || name === 'sqrt') && entry < 0) return name + ' of a negative number (' + formatNumber(entry) + ')';
      if (name === 'acos' || name === 'asin') return name + ' of ' + formatNumber(entry) + ', outside -1 to 1';
      return name + '(' + formatNumber(entry) + ') overflows';
    });
    return result;
  }

  /* ---- functions: axis (functions/axis.rs) ---- */

  /** The axis of x in the matrix view (0: down columns, 1: along rows), or null. */
  function axis(args, x, fallback) {
    var given = args.keywords.axis;
    var requested;
    if (given) requested = wholeNumber(given, 'axis');
    else if (fallback === null) return null;
    else requested = fallback;
    var span = given ? given.span : args.span;
    if (x.rank === 0) throw argumentsError('`' + args.fn + '` of a scalar has no axis', span, 'leave out axis=…');
    if (x.rank === 1) {
      // A vector is one row in the matrix view: its only axis runs along that row.
      if (requested === 0 || requested === -1) return 1;
      throw argumentsError('axis=' + requested + ' does not exist for a vector', span, 'a vector has one axis: axis=0 (or -1)');
    }
    if (requested === 0 || requested === -2) return 0;
    if (requested === 1 || requested === -1) return 1;
    throw argumentsError('axis=' + requested + ' does not exist for a matrix', span,
      'use axis=0 (down each column) or axis=1 (along each row)');
  }

  /** The lanes along `along`, each a list of flat positions in the matrix view. */
  function lanes(rows, cols, along) {
    var out = [];
    var i;
    var j;
    if (along === 0) {
      for (j = 0; j < cols; j++) { var column = []; for (i = 0; i < rows; i++) column.push(i * cols + j); out.push(column); }
    } else {
      for (i = 0; i < rows; i++) { var row = []; for (j = 0; j < cols; j++) row.push(i * cols + j); out.push(row); }
    }
    return out;
  }

  function mapLanes(x, along, f) {
    var data = new Array(x.data.length);
    lanes(x.rows, x.cols, along).forEach(function (lane) {
      var mapped = f(lane.map(function (p) { return x.data[p]; }));
      lane.forEach(function (p, k) { data[p] = mapped[k]; });
    });
    return makeValue(x.rank, x.rows, x.cols, data);
  }

  function sumInOrder(values) {
    var total = 0;
    for (var i = 0; i < values.length; i++) total += values[i];
    return total;
  }

  function softmax(context, args, log) {
    var x = args.positional[0].value;
    needsArray(args, x);
    var along = axis(args, x, -1);
    context.charge(x.data.length, args.span);
    var result = mapLanes(x, along, function (lane) {
      var largest = lane.reduce(function (m, v) { return Math.max(m, v); }, -Infinity);
      var shifted = lane.map(function (v) { return v - largest; });
      var exps = shifted.map(function (s) { return Math.exp(s); });
      var total = sumInOrder(exps);
      return log ? shifted.map(function (s) { return s - Math.log(total); })
        : exps.map(function (e) { return e / total; });
    });
    context.ensureFinite(result, args.span, function (flat) { return log && x.data[flat] === -Infinity; },
      function () { return args.fn + ' over entries that are all -inf'; });
    return result;
  }

  function layerNorm(context, args) {
    var x = args.positional[0].value;
    needsArray(args, x);
    var eps = 1e-5;
    var given = args.keywords.eps;
    if (given) {
      if (given.value.rank !== 0 || !(given.value.data[0] >= 0) || !isFinite(given.value.data[0])) {
        throw argumentsError('eps must be a number of at least 0', given.span, 'write, e.g., eps=0.00001');
      }
      eps = given.value.data[0];
    }
    context.charge(x.data.length, args.span);
    var result = mapLanes(x, 1, function (lane) {
      var n = lane.length;
      var mean = sumInOrder(lane) / n;
      var variance = sumInOrder(lane.map(function (v) { return (v - mean) * (v - mean); })) / n;
      var scale = Math.sqrt(variance + eps);
      return lane.map(function (v) { return (v - mean) / scale; });
    });
    context.ensureFinite(result, args.span, function () { return false; }, function () {
      return eps === 0 ? 'layer_norm of a constant row with eps=0 divides by 0' : 'layer_norm overflows';
    });
    return result;
  }

  function reduceLane(name, lane) {
    switch (name) {
      case 'sum': return sumInOrder(lane);
      case 'mean': return sumInOrder(lane) / lane.length;
      case 'max': return lane.reduce(function (m, v) { return Math.max(m, v); }, -Infinity);
      case 'min': return lane.reduce(function (m, v) { return Math.min(m, v); }, Infinity);
      case 'argmax':
      case 'argmin':
        var best = 0;
        for (var i = 0; i < lane.length; i++) {
          if ((name === 'argmax' && lane[i] > lane[best]) || (name === 'argmin' && lane[i] < lane[best])) best = i;
        }
        return best;
      case 'var':
      case 'std':
        var mean = sumInOrder(lane) / lane.length;
        var variance = sumInOrder(lane.map(function (v) { return (v - mean) * (v - mean); })) / lane.length;
        return name === 'std' ? Math.sqrt(variance) : variance;
      case 'logsumexp':
        var largest = lane.reduce(function (m, v) { return Math.max(m, v); }, -Infinity);
        if (largest === -Infinity) return largest;
        return largest + Math.log(sumInOrder(lane.map(function (v) { return Math.exp(v - largest); })));
      default: return Math.sqrt(sumInOrder(lane.map(function (v) { return v * v; })));
    }
  }

  function reduce(context, args) {
    var x = args.positional[0].value;
    var name = args.fn;
    var along = axis(args, x, null);
    context.charge(x.data.length, args.span);
    var result;
    if (along === null) {
      result = scalar(reduceLane(name, x.data));
    } else {
      var reduced = lanes(x.rows, x.cols, along).map(function (lane) {
        return reduceLane(name, lane.map(function (p) { return x.data[p]; }));
      });
      result = along === 0 ? makeValue(x.rank, 1, x.cols, reduced) : makeValue(x.rank, x.rows, 1, reduced);
    }
    // Only logsumexp takes masks; its result is −∞ exactly where a whole lane was.
    context.ensureFinite(result, args.span, function () { return name === 'logsumexp'; },
      function () { return name + ' overflows'; });
    return result;
  }

  function scanLane(name, lane) {
    if (name === 'cumsum' || name === 'cumprod') {
      var running = name === 'cumsum' ? 0 : 1;
      return lane.map(function (v) { running = name === 'cumsum' ? running + v : running * v; return running; });
    }
    // Stable, as Array.prototype.sort is: equal entries keep their order.
    var order = lane.map(function (_, i) { return i; });
    order.sort(function (a, b) { return lane[a] < lane[b] ? -1 : lane[a] > lane[b] ? 1 : 0; });
    return name === 'sort' ? order.map(function (i) { return lane[i]; }) : order;
  }

  function scan(context, args) {
    var x = args.positional[0].value;
    needsArray(args, x);
    var name = args.fn;
    var along = axis(args, x, -1);
    context.charge(x.data.length, args.span);
    var result = mapLanes(x, along, function (lane) { return scanLane(name, lane); });
    context.ensureFinite(result, args.span, function () { return false; }, function () { return name + ' overflows'; });
    return result;
  }

  /* ---- functions: gather (functions/gather.rs) ---- */

  /** take(x, idx, axis=0): x[idx] along the axis (rows of a matrix by default). */
  function takeFunction(context, args) {
    var x = args.positional[0].value;
    needsArray(args, x);
    var along = axis(args, x, 0);
    var idx = args.positional[1];
    var picked = atOrGather(idx.value, idx.span);
    var subscripts = x.rank === 2 && along === 1
      ? [{ kind: 'slice', start: null, stop: null, step: null, span: args.span }, picked] : [picked];
    return take(context, x, subscripts, args.span);
  }

  /** topk(x, k) and argtopk(x, k): the k largest entries of each lane along the last axis, largest first. */
  function topk(context, args, positionsOnly) {
    var x = args.positional[0].value;
    needsArray(args, x);
    var k = wholeNumber(args.positional[1], 'k');
    if (k < 1 || k > x.cols) {
      throw argumentsError('k = ' + k + " is not between 1 and the lane's " + x.cols + ' entries', args.positional[1].span,
        '`' + args.fn + '` takes 1 to ' + x.cols + ' entries of each row');
    }
    context.charge(x.data.length, args.span);
    var out = [];
    for (var r = 0; r < x.rows; r++) {
      var lane = x.data.slice(r * x.cols, (r + 1) * x.cols);
      var order = lane.map(function (_, i) { return i; });
      order.sort(function (a, b) { return lane[b] < lane[a] ? -1 : lane[b] > lane[a] ? 1 : 0; });
      order.slice(0, k).forEach(function (p) { out.push(positionsOnly ? p : lane[p]); });
    }
    return makeValue(x.rank, x.rows, k, out);
  }

  /* ---- functions: combine (functions/combine.rs) ---- */

  function dot(context, args) {
    var a = vectorArgument(args, 0, 'use @ for matrices');
    var b = vectorArgument(args, 1, 'use @ for matrices');
    var n = a.data.length;
    var m = b.data.length;
    if (n !== m) {
      throw LangError('shape', 'dot: vector of ' + n + ' and vector of ' + m + ', lengths ' + n + ' and ' + m + ' differ',
        args.span, 'both vectors must have the same length');
    }
    context.charge(n, args.span);
    var sum = 0;
    for (var i = 0; i < n; i++) sum += a.data[i] * b.data[i];
    var result = scalar(sum);
    context.ensureFinite(result, args.span, function () { return false; }, function () { return 'dot overflows'; });
    return result;
  }

  function outer(context, args) {
    var a = vectorArgument(args, 0, 'outer multiplies two vectors');
    var b = vectorArgument(args, 1, 'outer multiplies two vectors');
    context.charge(a.data.length * b.data.length, args.span);
    var data = [];
    a.data.forEach(function (x) { b.data.forEach(function (y) { data.push(x * y); }); });
    var result = makeValue(2, a.data.length, b.data.length, data);
    context.ensureFinite(result, args.span, function () { return false; }, function () { return 'outer overflows'; });
    return result;
  }

  function concat(context, args) {
    var values = args.positional.map(function (g) { return g.value; });
    var hasMatrix = values.some(function (v) { return v.rank === 2; });
    var along = axis(args, makeValue(hasMatrix ? 2 : 1, 1, 1, [0]), 0);
    if (!hasMatrix) {
      var entries = [].concat.apply([], values.map(function (v) { return v.data; }));
      context.checkSize('concat', 1, entries.length, args.span);
      context.charge(entries.length, args.span);
      return makeValue(1, 1, entries.length, entries);
    }
    // Along axis 0 the columns must agree; along axis 1 the rows.
    function kept(v) { return along === 0 ? v.cols : v.rows; }
    var index = values.findIndex(function (v) { return kept(v) !== kept(values[0]); });
    if (index >= 0) {
      var what = along === 0 ? 'columns' : 'rows';
      throw LangError('shape', 'concat along axis ' + along + ': ' + describeShape(values[0]) + ' and ' +
        describeShape(values[index]) + ', ' + what + ' ' + kept(values[0]) + ' and ' + kept(values[index]) + ' differ',
        args.positional[index].span,
        'axis=0 stacks rows (columns must agree), axis=1 joins side by side (rows must agree)');
    }
    var total = sumInOrder(values.map(function (v) { return along === 0 ? v.rows : v.cols; }));
    var rows = along === 0 ? total : kept(values[0]);
    var cols = along === 0 ? kept(values[0]) : total;
    context.checkSize('concat', rows, cols, args.span);
    context.charge(rows * cols, args.span);
    var data = [];
    if (along === 0) {
      values.forEach(function (v) { data.push.apply(data, v.data); });
    } else {
      for (var i = 0; i < rows; i++) {
        values.forEach(function (v) { data.push.apply(data, v.data.slice(i * v.cols, (i + 1) * v.cols)); });
      }
    }
    return makeValue(2, rows, cols, data);
  }

  function rowOrCol(context, args, column) {
    var x = args.positional[0].value;
    if (x.rank === 2) {
      throw argumentsError('`' + args.fn + '` takes a vector, got a ' + describeShape(x), args.positional[0].span,
        'a matrix is already rows and columns; use .T to transpose it');
    }
    context.charge(x.data.length, args.span);
    var row = makeValue(2, 1, x.data.length, x.data.slice());
    return column ? transpose(row) : row;
  }

  function slice(context, args, columns) {
    var x = args.positional[0].value;
    var name = args.fn;
    if (x.rank === 0 || (x.rank === 1 && !columns)) {
      throw argumentsError('`' + name + '` needs a matrix, got a ' + describeShape(x), args.positional[0].span,
        'rows(x, a, b) takes rows of a matrix; cols(v, a, b) takes entries of a vector');
    }
    var start = wholeNumber(args.positional[1], 'the start of `' + name + '`');
    var end = wholeNumber(args.positional[2], 'the end of `' + name + '`');
    var available = columns ? x.cols : x.rows;
    var unit = !columns ? 'rows' : x.rank === 1 ? 'entries' : 'columns';
    var outside = null;
    if (start < 0) {
      outside = '`' + name + '` cannot start at ' + start + ': ' + unit + ' count from 0';
    } else if (start >= end) {
      outside = '`' + name + '` from ' + start + ' to ' + end + ' takes no ' + unit +
        ': the end must be greater than the start';
    } else if (end > available) {
      outside = '`' + name + '` from ' + start + ' to ' + end + ' needs ' + unit + ' up to ' + (end - 1) +
        ', and there are ' + available + ' (' + unit + ' 0 to ' + (available - 1) + ')';
    }
    if (outside !== null) {
      throw argumentsError(outside, args.span, 'positions count from 0 and need 0 ≤ start < end ≤ ' + available);
    }
    var count = end - start;
    context.charge(columns ? x.rows * count : x.cols * count, args.span);
    // Only the entries taken are read: a slice costs what it returns.
    var data = [];
    var firstRow = columns ? 0 : start;
    var lastRow = columns ? x.rows : end;
    var firstCol = columns ? start : 0;
    var lastCol = columns ? end : x.cols;
    for (var i = firstRow; i < lastRow; i++) {
      for (var j = firstCol; j < lastCol; j++) data.push(x.data[i * x.cols + j]);
    }
    return columns ? makeValue(x.rank, x.rows, count, data) : makeValue(x.rank, count, x.cols, data);
  }


  /** The shape several values broadcast to: [rank, rows, cols]. */
  function broadcastShape(args) {
    var rows = 1;
    var cols = 1;
    var rank = 0;
    args.positional.forEach(function (given) {
      var v = given.value;
      function fits(size, other) { return size === other || size === 1 || other === 1; }
      if (!fits(rows, v.rows) || !fits(cols, v.cols)) {
        throw LangError('shape', args.fn + ': ' + args.positional.map(function (g) { return describeShape(g.value); }).join(', ') +
          ' do not broadcast together', args.span,
          'sizes must be equal or 1 (NumPy broadcasting); a vector counts as one row, col(v) makes it a column');
      }
      rows = Math.max(rows, v.rows);
      cols = Math.max(cols, v.cols);
      rank = Math.max(rank, v.rank);
    });
    return [rank, rows, cols];
  }

  function broadcastEntry(value, i, j) {
    return value.data[(value.rows === 1 ? 0 : i * value.cols) + (value.cols === 1 ? 0 : j)];
  }

  function combineEntries(name, x) {
    switch (name) {
      case 'maximum': return Math.max(x[0], x[1]);
      case 'minimum': return Math.min(x[0], x[1]);
      case 'atan2': return Math.atan2(x[0], x[1]);
      // x · log y, and 0 where x is 0 (even where y is 0), as scipy.special.xlogy.
      case 'xlogy': return x[0] === 0 ? 0 : x[0] * Math.log(x[1]);
      case 'clip': return Math.min(Math.max(x[0], x[1]), x[2]);
      default: return x[0] !== 0 ? x[1] : x[2];
    }
  }

  /** maximum, minimum, atan2, xlogy, clip, where: entry by entry with broadcasting. */
  function broadcastFunction(context, args) {
    var shape = broadcastShape(args);
    var rows = shape[1];
    var cols = shape[2];
    var name = args.fn;
    context.charge(rows * cols * args.positional.length, args.span);
    function at(i, j) { return args.positional.map(function (g) { return broadcastEntry(g.value, i, j); }); }
    var data = [];
    for (var i = 0; i < rows; i++) for (var j = 0; j < cols; j++) data.push(combineEntries(name, at(i, j)));
    var result = makeValue(shape[0], rows, cols, data);
    context.ensureFinite(result, args.span, function (flat) {
      return at(Math.floor(flat / cols), flat % cols).indexOf(-Infinity) >= 0;
    }, function (flat) {
      var x = at(Math.floor(flat / cols), flat % cols);
      return x[1] === 0 ? 'xlogy of a positive x and y = 0 (log of 0)'
        : 'xlogy with y = ' + formatNumber(x[1]) + ': log of a negative number';
    });
    return result;
  }

  /* ---- functions: shape (functions/shape.rs) ---- */

  function matrixArgument(args, hint) {
    var x = args.positional[0].value;
    if (x.rank !== 2) {
      throw argumentsError('`' + args.fn + '` takes a matrix, got a ' + describeShape(x), args.positional[0].span, hint);
    }
    return x;
  }

  function reshape(context, args) {
    var x = args.positional[0].value;
    var rows = size(args, 1);
    var cols = args.positional.length === 3 ? size(args, 2) : null;
    var wanted = rows * (cols === null ? 1 : cols);
    if (wanted !== x.data.length) {
      var target = cols === null ? 'a vector of ' + rows : rows + '×' + cols;
      throw LangError('shape', 'reshape: the ' + x.data.length + ' entries of a ' + describeShape(x) + ' cannot fill ' + target,
        args.span, 'the new sizes must multiply to ' + x.data.length + ', the number of entries');
    }
    context.charge(x.data.length, args.span);
    return cols === null ? makeValue(1, 1, rows, x.data.slice()) : makeValue(2, rows, cols, x.data.slice());
  }

  function flatten(context, args) {
    var x = args.positional[0].value;
    context.charge(x.data.length, args.span);
    return makeValue(1, 1, x.data.length, x.data.slice());
  }

  function triangle(context, args, upper) {
    var x = matrixArgument(args, 'tril and triu take a matrix; build one with ones(n, n)');
    var k = args.keywords.k ? wholeNumber(args.keywords.k, 'k') : 0;
    context.charge(x.rows * x.cols, args.span);
    var data = x.data.map(function (v, flat) {
      var offset = (flat % x.cols) - Math.floor(flat / x.cols);
      return (upper ? offset >= k : offset <= k) ? v : 0;
    });
    return makeValue(2, x.rows, x.cols, data);
  }

  function diag(context, args) {
    var x = args.positional[0].value;
    var data = [];
    var n;
    if (x.rank === 1) {
      n = x.data.length;
      context.charge(n * n, args.span);
      for (var flat = 0; flat < n * n; flat++) data.push(Math.floor(flat / n) === flat % n ? x.data[Math.floor(flat / n)] : 0);
      return makeValue(2, n, n, data);
    }
    if (x.rank === 2) {
      n = Math.min(x.rows, x.cols);
      context.charge(n, args.span);
      for (var i = 0; i < n; i++) data.push(x.data[i * x.cols + i]);
      return makeValue(1, 1, n, data);
    }
    throw argumentsError('`diag` takes a vector or a matrix, got a scalar', args.positional[0].span,
      'diag(v) builds a diagonal matrix; diag(m) reads one');
  }

  function trace(context, args) {
    var x = matrixArgument(args, "trace sums a matrix's diagonal");
    var n = Math.min(x.rows, x.cols);
    context.charge(n, args.span);
    var total = 0;
    for (var i = 0; i < n; i++) total += x.data[i * x.cols + i];
    var result = scalar(total);
    context.ensureFinite(result, args.span, function () { return false; }, function () { return 'trace overflows'; });
    return result;
  }

  /* ---- functions: linalg (functions/linalg.rs) ---- */
  // The same algorithms in the same order as linalg.rs: LU with partial pivoting, Householder QR,
  // cyclic Jacobi. Only + − × ÷ and √, which IEEE arithmetic rounds the same in both.

  var SINGULAR = 1e-12;
  var ASYMMETRIC = 1e-9;
  var MAX_SWEEPS = 64;

  function squareArgument(args, index) {
    var given = args.positional[index];
    var value = given.value;
    if (value.rank !== 2 || value.rows !== value.cols) {
      throw argumentsError('`' + args.fn + '` needs a square matrix, got a ' + describeShape(value), given.span,
        'linear algebra works on n×n matrices; lstsq fits a tall one');
    }
    return { n: value.rows, a: value.data.slice() };
  }

  function largestMagnitude(entries) {
    return entries.reduce(function (m, x) { return Math.max(m, Math.abs(x)); }, 0);
  }

  function matrixError(context, args, problem, hint) {
    return LangError('arguments', args.fn + ': ' + problem + ' in step ' + context.stepName(), args.span, hint);
  }

  /** LU with partial pivoting in place; returns { n, lu, order, sign } or { singularAt: k }. */
  function factorise(n, a, tolerance) {
    var order = [];
    var i;
    var j;
    for (i = 0; i < n; i++) order.push(i);
    var sign = 1;
    for (var k = 0; k < n; k++) {
      var pivot = k;
      var best = Math.abs(a[k * n + k]);
      for (i = k + 1; i < n; i++) {
        if (Math.abs(a[i * n + k]) > best) { best = Math.abs(a[i * n + k]); pivot = i; }
      }
      if (best <= tolerance) return { singularAt: k };
      if (pivot !== k) {
        for (j = 0; j < n; j++) {
          var t = a[k * n + j]; a[k * n + j] = a[pivot * n + j]; a[pivot * n + j] = t;
        }
        var o = order[k]; order[k] = order[pivot]; order[pivot] = o;
        sign = -sign;
      }
      for (i = k + 1; i < n; i++) {
        var factor = a[i * n + k] / a[k * n + k];
        a[i * n + k] = factor;
        for (j = k + 1; j < n; j++) a[i * n + j] -= factor * a[k * n + j];
      }
    }
    return { n: n, lu: a, order: order, sign: sign };
  }

  function luSolve(lu, b) {
    var n = lu.n;
    var y = lu.order.map(function (i) { return b[i]; });
    var i;
    var j;
    var value;
    for (i = 0; i < n; i++) {
      value = y[i];
      for (j = 0; j < i; j++) value -= lu.lu[i * n + j] * y[j];
      y[i] = value;
    }
    for (i = n - 1; i >= 0; i--) {
      value = y[i];
      for (j = i + 1; j < n; j++) value -= lu.lu[i * n + j] * y[j];
      y[i] = value / lu.lu[i * n + i];
    }
    return y;
  }

  function rightHandSide(args, rows, quotedShape) {
    var b = args.positional[1].value;
    var bRows = b.rank === 1 ? b.cols : b.rows;
    var bCols = b.rank === 1 ? 1 : b.cols;
    if (b.rank === 0 || bRows !== rows) {
      throw LangError('shape', args.fn + ': ' + quotedShape + ' and ' + describeShape(b) + ', b needs ' + rows + ' rows',
        args.span, 'b is a vector with one entry per row of a, or a matrix of such columns');
    }
    var columns = [];
    for (var j = 0; j < bCols; j++) {
      var column = [];
      for (var i = 0; i < bRows; i++) column.push(b.data[i * bCols + j]);
      columns.push(column);
    }
    return { columns: columns, vector: b.rank === 1 };
  }

  function fromColumns(columns, rows, vector) {
    if (vector) return makeValue(1, 1, rows, columns[0].slice());
    var cols = columns.length;
    var data = [];
    for (var flat = 0; flat < rows * cols; flat++) data.push(columns[flat % cols][Math.floor(flat / cols)]);
    return makeValue(2, rows, cols, data);
  }

  // The twin of power_of_two_near in linalg.rs: scaling by it is exact.
  function powerOfTwoNear(largest) {
    if (largest === 0 || !isFinite(largest)) return 1;
    var exponent = Math.min(1000, Math.max(-1000, Math.floor(Math.log2(largest))));
    return Math.pow(2, -exponent);
  }

  function singular(context, args, column) {
    return matrixError(context, args, 'the matrix is singular (no pivot in column ' + (column + 1) + ')',
      'its rows are linearly dependent, so there is no unique solution; lstsq fits the best one when a has more rows than columns');
  }

  function linalgFinite(context, args, result) {
    context.ensureFinite(result, args.span, function () { return false; }, function () {
      return args.fn + ' overflows (the matrix is nearly singular)';
    });
    return result;
  }

  function solve(context, args) {
    var square = squareArgument(args, 0);
    var n = square.n;
    var rhs = rightHandSide(args, n, n + '×' + n);
    context.charge(n * n * n + rhs.columns.length * n * n, args.span);
    var lu = factorise(n, square.a, SINGULAR * largestMagnitude(square.a));
    if (lu.singularAt !== undefined) throw singular(context, args, lu.singularAt);
    return linalgFinite(context, args, fromColumns(rhs.columns.map(function (b) { return luSolve(lu, b); }), n, rhs.vector));
  }

  function inv(context, args) {
    var square = squareArgument(args, 0);
    var n = square.n;
    context.charge(2 * n * n * n, args.span);
    var s = powerOfTwoNear(largestMagnitude(square.a));
    var a = square.a.map(function (x) { return x * s; });
    var lu = factorise(n, a, SINGULAR * largestMagnitude(a));
    if (lu.singularAt !== undefined) throw singular(context, args, lu.singularAt);
    var columns = [];
    for (var j = 0; j < n; j++) {
      var unit = [];
      for (var i = 0; i < n; i++) unit.push(i === j ? 1 : 0);
      columns.push(luSolve(lu, unit).map(function (x) { return x * s; }));
    }
    return linalgFinite(context, args, fromColumns(columns, n, false));
  }

  function det(context, args) {
    var square = squareArgument(args, 0);
    var n = square.n;
    context.charge(n * n * n, args.span);
    var lu = factorise(n, square.a, 0);
    var result = 0;
    if (lu.singularAt === undefined) {
      result = lu.sign;
      for (var k = 0; k < n; k++) result *= lu.lu[k * n + k];
    }
    context.ensureFinite(scalar(result), args.span, function () { return false; }, function () {
      return 'det overflows: the determinant is larger than about 1.8e308, the largest number there is';
    });
    return scalar(result);
  }

  function reflect(v, length, values, first, stride) {
    var projection = 0;
    var offset;
    for (offset = 0; offset < v.length; offset++) projection += v[offset] * values[first + offset * stride];
    var factor = 2 * projection / length;
    for (offset = 0; offset < v.length; offset++) values[first + offset * stride] -= factor * v[offset];
  }

  function lstsq(context, args) {
    var given = args.positional[0];
    var a = given.value;
    var m = a.rows;
    var n = a.cols;
    if (a.rank !== 2 || m < n) {
      throw argumentsError('`lstsq` needs a matrix with at least as many rows as columns, got a ' + describeShape(a), given.span,
        'each row is one equation, each column one unknown: more equations than unknowns');
    }
    var rhs = rightHandSide(args, m, describeShape(a));
    var columns = rhs.columns;
    context.charge(2 * m * n * (n + columns.length), args.span);
    var r = a.data.slice();
    var tolerance = SINGULAR * largestMagnitude(r);
    var i;
    var j;
    for (var k = 0; k < n; k++) {
      var squares = 0;
      for (i = k; i < m; i++) squares += r[i * n + k] * r[i * n + k];
      var norm = Math.sqrt(squares);
      if (norm <= tolerance) {
        throw matrixError(context, args, 'the columns of a are linearly dependent (column ' + (k + 1) + ')',
          'a least-squares fit needs columns that are not combinations of the others; drop the repeated one');
      }
      var alpha = r[k * n + k] > 0 ? -norm : norm;
      var v = [];
      for (i = k; i < m; i++) v.push(r[i * n + k]);
      v[0] -= alpha;
      var length = 0;
      for (i = 0; i < v.length; i++) length += v[i] * v[i];
      for (j = k; j < n; j++) reflect(v, length, r, k * n + j, n);
      for (j = 0; j < columns.length; j++) reflect(v, length, columns[j], k, 1);
    }
    var solved = columns.map(function (b) {
      var x = [];
      for (var p = 0; p < n; p++) x.push(0);
      for (var row = n - 1; row >= 0; row--) {
        var value = b[row];
        for (var q = row + 1; q < n; q++) value -= r[row * n + q] * x[q];
        x[row] = value / r[row * n + row];
      }
      return x;
    });
    return linalgFinite(context, args, fromColumns(solved, n, rhs.vector));
  }

  /** Eigenvalues ascending and eigenvectors (columns) of a symmetric matrix by cyclic Jacobi. */
  function jacobi(context, args) {
    var square = squareArgument(args, 0);
    var n = square.n;
    var a = square.a;
    var largest = largestMagnitude(a);
    var i;
    var j;
    var k;
    for (i = 0; i < n; i++) {
      for (j = i + 1; j < n; j++) {
        if (Math.abs(a[i * n + j] - a[j * n + i]) > ASYMMETRIC * largest) {
          throw matrixError(context, args, 'the matrix is not symmetric (entry [' + (i + 1) + ', ' + (j + 1) +
            '] differs from [' + (j + 1) + ', ' + (i + 1) + '])',
            'eigvals and eigvecs take symmetric matrices, such as x.T @ x; symmetrise with (a + a.T) / 2');
        }
      }
    }
    var m = [];
    var v = [];
    var flat;
    var scaleBy = powerOfTwoNear(largest);
    for (flat = 0; flat < n * n; flat++) {
      m.push((a[flat] * scaleBy + a[(flat % n) * n + Math.floor(flat / n)] * scaleBy) / 2);
      v.push(Math.floor(flat / n) === flat % n ? 1 : 0);
    }
    var total = 0;
    for (flat = 0; flat < n * n; flat++) total += m[flat] * m[flat];
    var threshold = total * 1e-32;
    for (var sweep = 0; sweep < MAX_SWEEPS; sweep++) {
      var off = 0;
      for (i = 0; i < n; i++) for (j = i + 1; j < n; j++) off += m[i * n + j] * m[i * n + j];
      if (off <= threshold) break;
      context.charge(3 * n * n * n, args.span);
      for (var p = 0; p < n; p++) {
        for (var q = p + 1; q < n; q++) {
          var apq = m[p * n + q];
          if (apq === 0) continue;
          var theta = (m[q * n + q] - m[p * n + p]) / (2 * apq);
          var sign = theta >= 0 ? 1 : -1;
          var t = sign / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
          var c = 1 / Math.sqrt(t * t + 1);
          var s = t * c;
          var x;
          var y;
          for (k = 0; k < n; k++) {
            x = m[k * n + p]; y = m[k * n + q];
            m[k * n + p] = c * x - s * y; m[k * n + q] = s * x + c * y;
          }
          for (k = 0; k < n; k++) {
            x = m[p * n + k]; y = m[q * n + k];
            m[p * n + k] = c * x - s * y; m[q * n + k] = s * x + c * y;
          }
          for (k = 0; k < n; k++) {
            x = v[k * n + p]; y = v[k * n + q];
            v[k * n + p] = c * x - s * y; v[k * n + q] = s * x + c * y;
          }
        }
      }
    }
    var order = [];
    for (i = 0; i < n; i++) order.push(i);
    order.sort(function (x1, y1) {
      var d1 = m[x1 * n + x1];
      var d2 = m[y1 * n + y1];
      return d1 < d2 ? -1 : d1 > d2 ? 1 : 0;
    });
    var values = order.map(function (i1) { return m[i1 * n + i1] / scaleBy; });
    var vectors = new Array(n * n);
    order.forEach(function (source, column) {
      var biggest = 0;
      for (var r1 = 0; r1 < n; r1++) if (Math.abs(v[r1 * n + source]) > Math.abs(v[biggest * n + source])) biggest = r1;
      var flip = v[biggest * n + source] < 0 ? -1 : 1;
      for (var r2 = 0; r2 < n; r2++) vectors[r2 * n + column] = flip * v[r2 * n + source];
    });
    return { n: n, values: values, vectors: vectors };
  }

  function eigvals(context, args) {
    var result = jacobi(context, args);
    return linalgFinite(context, args, makeValue(1, 1, result.n, result.values));
  }

  function eigvecs(context, args) {
    var result = jacobi(context, args);
    return linalgFinite(context, args, makeValue(2, result.n, result.n, result.vectors));
  }

  /* ---- functions: construct (functions/construct.rs) ---- */

  function size(args, index) {
    var given = args.positional[index];
    var n = wholeNumber(given, 'a size');
    if (n < 1) {
      throw argumentsError('`' + args.fn + '` needs sizes of at least 1, got ' + n, given.span,
        'every value holds at least one number');
    }
    if (n > MAX_SIDE) {
      throw LangError('limit', '`' + args.fn + '` of size ' + n + ' is larger than the limit of ' + MAX_SIDE, given.span,
        'values are at most ' + MAX_SIDE + '×' + MAX_SIDE);
    }
    return n;
  }

  var MASK_64 = (BigInt(1) << BigInt(64)) - BigInt(1);

  /** One SplitMix64 step on a BigInt state, exactly as functions.rs `next_random`. */
  function nextRandom(generator) {
    generator.state = (generator.state + BigInt('0x9e3779b97f4a7c15')) & MASK_64;
    var z = ((generator.state ^ (generator.state >> BigInt(30))) * BigInt('0xbf58476d1ce4e5b9')) & MASK_64;
    z = ((z ^ (z >> BigInt(27))) * BigInt('0x94d049bb133111eb')) & MASK_64;
    return z ^ (z >> BigInt(31));
  }

  /** `count` standard normals from `seed`: SplitMix64 uniforms, Box–Muller pairs. */
  function standardNormals(seed, count) {
    var generator = { state: BigInt(seed) };
    function uniform() { return Number(nextRandom(generator) >> BigInt(11)) / 9007199254740992; }
    var out = [];
    while (out.length < count) {
      var radius = Math.sqrt(-2 * Math.log(1 - uniform()));
      var angle = 2 * Math.PI * uniform();
      out.push(radius * Math.cos(angle));
      out.push(radius * Math.sin(angle));
    }
    return out.slice(0, count);
  }

  function construct(context, args) {
    var rows = size(args, 0);
    var cols = args.positional.length === 2 ? size(args, 1) : null;
    var name = args.fn;
    var seed = 0;
    var given = args.keywords.seed;
    if (given) {
      seed = wholeNumber(given, 'seed');
      if (seed < 0) throw argumentsError('seed must be at least 0, got ' + seed, given.span, 'write, e.g., seed=1');
    }
    var square = name === 'eye' || name === 'causal_mask';
    var count = rows * (cols !== null ? cols : square ? rows : 1);
    context.charge(count, args.span);
    var data = [];
    var k;
    if (name === 'randn') data = standardNormals(seed, count);
    else {
      for (k = 0; k < count; k++) {
        var i = Math.floor(k / rows);
        var j = k % rows;
        if (name === 'arange') data.push(k);
        else if (name === 'eye') data.push(i === j ? 1 : 0);
        else if (name === 'causal_mask') data.push(j > i ? -Infinity : 0);
        else data.push(name === 'ones' ? 1 : 0);
      }
    }
    if (cols !== null) return makeValue(2, rows, cols, data);
    if (square) return makeValue(2, rows, rows, data);
    return makeValue(1, 1, rows, data);
  }

  /** one_hot(i, n): a 1 at position i of n zeros; one row each for a vector of positions. */
  function oneHot(context, args) {
    var n = size(args, 1);
    var positions = args.positional[0];
    var value = positions.value;
    if (value.rank === 2) {
      throw argumentsError('`one_hot` takes a position or a vector of positions, got a ' + describeShape(value), positions.span,
        'write one_hot(2, 4), or one_hot(labels, 4) for a vector of labels');
    }
    var count = value.data.length;
    context.checkSize('one_hot', count, n, args.span);
    context.charge(count * n, args.span);
    var data = [];
    for (var k = 0; k < count * n; k++) data.push(0);
    value.data.forEach(function (position, row) {
      if (position % 1 !== 0 || position < 0 || position >= n) {
        var what = position % 1 !== 0 || !isFinite(position) ? 'is not a whole number' : 'is outside the positions';
        throw argumentsError('one_hot: position ' + formatNumber(position) + ' ' + what + ' from 0 to ' + (n - 1),
          positions.span, 'positions count from 0, as argmax gives them');
      }
      data[row * n + position] = 1;
    });
    return value.rank === 0 ? makeValue(1, 1, n, data) : makeValue(2, count, n, data);
  }

  /* ---- api (mod.rs) ---- */

  function reported(error) {
    if (error.name !== 'LangError') throw error;
    return { ok: false, error: { kind: error.kind, message: error.message, hint: error.hint, start: error.start, end: error.end } };
  }

  /**
   * Parses and runs `stepsText` with `inputs` ([[name, value], ...], values as plain numbers and
   * arrays). Returns { ok: true, values: [[name, value], ...], whole: [names] } with every name
   * once in the order of first assignment (its last value) and the names whose values are whole
   * by construction, and `reused`, how many top-level statements it did not need to run again
   * (see "kept statements"); or { ok: false, error: { kind, message, hint, start, end } } with
   * UTF-16 offsets in stepsText.
   */
  function run(stepsText, inputs) {
    return finish(evaluate(stepsText, inputs, keptStatements));
  }

  /** run() with every statement computed and nothing kept: what kept statements must equal. */
  function runFully(stepsText, inputs) {
    return finish(evaluate(stepsText, inputs, null));
  }

  /**
   * run() as an iterator that pauses at the start of every loop iteration, so that a page can
   * spread a long run over several frames and drop it when the reader edits again: each `next()`
   * runs on to the next iteration, and the last returns `{ done: true, value }` with what run()
   * returns. Runs paused side by side do not disturb each other.
   */
  function runInSteps(stepsText, inputs) {
    return evaluate(stepsText, inputs, keptStatements);
  }

  /** Drives a run to its end without pausing. */
  function finish(steps) {
    var next = steps.next();
    while (!next.done) next = steps.next();
    return next.value;
  }

  function* evaluate(stepsText, inputs, keptOrNull) {
    try {
      var statements = parseSteps(stepsText);
      var internal = inputs.map(function (input) {
        var value = fromPlain(input[1]);
        if (value === null) {
          throw inputError('arguments', 'input `' + input[0] + '` is not a number, a list or a table of equal rows',
            'write a number, [1, 2] or [[1, 2], [3, 4]]');
        }
        return [input[0], value];
      });
      var result = yield* runProgram(stepsText, statements, internal, keptOrNull);
      return {
        ok: true,
        values: result.outputs.map(function (o) { return [o.name, toPlain(o.value)]; }),
        whole: result.outputs.filter(function (o) { return o.whole; }).map(function (o) { return o.name; }),
        reused: result.reused,
      };
    } catch (error) {
      return reported(error);
    }
  }

  /** The names the steps assign, once each in order of first assignment, with spans; or the syntax error. */
  function stepNames(stepsText) {
    try {
      var names = [];
      parseSteps(stepsText).forEach(function (statement) {
        statementSteps(statement).forEach(function (s) {
          if (!names.some(function (n) { return n[0] === s.name; })) names.push([s.name, s.nameSpan[0], s.nameSpan[1]]);
        });
      });
      return { ok: true, names: names };
    } catch (error) {
      return reported(error);
    }
  }

  /* ---- labels (computed.rs) ---- */

  /**
   * The row and column labels of a value (number, list, or list of rows), by the block's `rows`
   * and `cols` as Rust's `compute::computed::Labels` gives them: `rows` name the rows of every
   * matrix with that many rows, `cols` its columns and the entries of vectors of that length; a
   * square matrix whose size matches only one of them takes those labels on both sides. `sides`,
   * the value's entry in the block's `[labels]` ('rows', 'cols' or 'none'; undefined when it has
   * none), keeps only the labels of the sides it names; an entry `{ rows, cols }` gives the value
   * names of its own (a descent's points x, y), which a side it gives takes where they fit, and
   * nothing else. Sides without labels are null (the widget numbers them).
   */
  function labels(value, rows, cols, sides) {
    function fitting(names, count) {
      return names && names.length === count ? names : null;
    }
    var own = sides !== null && typeof sides === 'object' ? sides : {};
    var rowsToo = sides !== 'cols' && sides !== 'none';
    var colsToo = sides !== 'rows' && sides !== 'none';
    /** A side's names: its own where the entry gives them, else the block's rule's. */
    function side(key, count, rule) {
      return own[key] ? fitting(own[key], count) : rule;
    }
    if (typeof value === 'number') return { rows: null, cols: null };
    if (!Array.isArray(value[0])) {
      return { rows: null, cols: side('cols', value.length, colsToo ? fitting(cols, value.length) : null) };
    }
    var n = value.length;
    var m = value[0].length;
    var square = n === m;
    return {
      rows: side('rows', n, rowsToo ? fitting(rows, n) || (square ? fitting(cols, n) : null) : null),
      cols: side('cols', m, colsToo ? fitting(cols, m) || (square ? fitting(rows, m) : null) : null),
    };
  }

  return {
    labels: labels,
    MAX_SIDE: MAX_SIDE,
    MAX_WORK: MAX_WORK,
    MAX_DEPTH: MAX_DEPTH,
    MAX_LINES: MAX_LINES,
    MAX_LINE_BYTES: MAX_LINE_BYTES,
    MAX_LOOP_DEPTH: MAX_LOOP_DEPTH,
    MAX_KEPT_ENTRIES: MAX_KEPT_ENTRIES,
    FUNCTIONS: SIGNATURES.map(function (s) { return s.name; }),
    SIGNATURES: SIGNATURES,
    run: run,
    runFully: runFully,
    runInSteps: runInSteps,
    parse: parseSteps,
    stepNames: stepNames,
    nextRandom: nextRandom,
    tokenize: tokenize,
    formatNumber: formatNumber,
  };
});
