/*
 * compute-lang.js — the reader-side twin of the compute language (src/compute/lang/).
 * Pure: no DOM, no globals read, no I/O. A widget calls `run(stepsText, inputs)` after each edit.
 *
 * The file mirrors the Rust modules section by section, with the same names, so a reader of one
 * finds the other: value (value.rs), lexer (lexer.rs), parser (parser.rs), eval (eval.rs),
 * functions (functions.rs), run (mod.rs). The rules — broadcasting, axes, the −∞ mask, limits,
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

  /* ---- lexer (lexer.rs) ---- */

  function isNameStart(c) { return /^[A-Za-z_]$/.test(c); }
  function isNameChar(c) { return /^[A-Za-z0-9_]$/.test(c); }
  function isDigit(c) { return c >= '0' && c <= '9' && c.length === 1; }

  var SINGLE = { '+': 'plus', '-': 'minus', '*': 'star', '/': 'slash', '@': 'at', '^': 'caret',
    '(': 'open', ')': 'close', ',': 'comma', '=': 'equals' };

  var LOOKALIKES = {
    '−': 'write `-` (the ASCII minus)', '–': 'write `-` (the ASCII minus)',
    '×': 'write `*` (elementwise) or `@` (matrix product)', '·': 'write `*` (elementwise) or `@` (matrix product)',
    '÷': 'write `/`',
    '[': 'values are written as inputs; a step combines names, numbers and functions',
    ']': 'values are written as inputs; a step combines names, numbers and functions',
  };

  /** The token as an error message quotes it. */
  function describeToken(token) {
    if (token.kind === 'number') return '`' + formatNumber(token.value) + '`';
    if (token.kind === 'name') return '`' + token.value + '`';
    if (token.kind === 'transpose') return '`.T`';
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
        LOOKALIKES[c] || 'a step uses names, numbers, + - * / @ ^ .T, parentheses and function calls');
    }
    return tokens;
  }

  /* ---- parser (parser.rs) ---- */
  // Expressions: { kind: 'number'|'name'|'negate'|'transpose'|'binary'|'call', span, depth, ... }.

  var SYMBOLS = { add: '+', subtract: '-', multiply: '*', divide: '/', matmul: '@', power: '^' };

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

  function parseSteps(steps) {
    var parsed = [];
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
      parsed.push(parseLine(tokens, lineStart + code.replace(/\s+$/, '').length, index + 1));
    }
    return parsed;
  }

  function parseLine(tokens, end, line) {
    if (tokens[0].kind !== 'name' || !tokens[1] || tokens[1].kind !== 'equals') {
      throw LangError('syntax', 'a step is written `name = expression`', tokens[0].span,
        'each line defines one name, as in `y = x + 1`; `#` starts a comment');
    }
    var parser = new Parser(tokens.slice(2), end);
    var expr = parser.expr(0);
    var token = parser.peek();
    if (token) {
      var hint = { name: 'is an operator missing? write `a * b`, not `a b`',
        number: 'is an operator missing? write `a * b`, not `a b`',
        open: 'is an operator missing? write `a * b`, not `a b`',
        equals: 'a line defines one name; `=` cannot appear in an expression',
        close: 'this `)` has no matching `(`' }[token.kind] || 'a step is one expression';
      throw LangError('syntax', 'unexpected ' + describeToken(token) + ' after a complete expression', token.span, hint);
    }
    return { name: tokens[0].value, nameSpan: tokens[0].span, line: line, expr: expr };
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

  Parser.prototype.expr = function (nesting) {
    this.enter(nesting);
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
      var op = { star: 'multiply', slash: 'divide', at: 'matmul' }[this.peekKind()];
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
    while (this.peekKind() === 'transpose') {
      var end = this.next().span[1];
      value = node({ kind: 'transpose', operand: value }, [value.span[0], end], value.depth);
    }
    return value;
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

  /* ---- eval (eval.rs) ---- */

  var CONSTANTS = ['pi', 'inf'];

  function isName(name) { return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name); }

  function inputError(kind, message, hint) { return LangError(kind, message, [0, 0], hint); }

  function checkInput(name, value, env) {
    if (!isName(name)) {
      throw inputError('syntax', 'input `' + name + '` is not a name a step can use',
        'names are letters, digits and `_`, starting with a letter or `_`');
    }
    if (CONSTANTS.indexOf(name) >= 0 || env.has(name)) {
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

  function editDistance(a, b) {
    var previous = [];
    for (var j = 0; j <= b.length; j++) previous.push(j);
    for (var i = 0; i < a.length; i++) {
      var current = [i + 1];
      for (var k = 0; k < b.length; k++) {
        var substitute = previous[k] + (a[i] !== b[k] ? 1 : 0);
        current.push(Math.min(substitute, previous[k + 1] + 1, current[k] + 1));
      }
      previous = current;
    }
    return previous[b.length];
  }

  /** The candidate closest to `name`, if close enough to be a likely typo. */
  function nearest(name, candidates) {
    var allowed = Math.max(Math.floor(name.length / 3), 1);
    var best = null;
    var bestDistance = Infinity;
    candidates.forEach(function (candidate) {
      var distance = editDistance(name, candidate);
      if (distance <= allowed && distance < bestDistance) { best = candidate; bestDistance = distance; }
    });
    return best;
  }

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
      default: return Math.pow(x, y);
    }
  }

  function binaryFailure(op, x, y) {
    var a = formatNumber(x);
    var b = formatNumber(y);
    if (op === 'divide' && y === 0) return 'division by 0';
    if (op === 'power' && x < 0 && y % 1 !== 0) return '(' + a + ') ^ ' + b + ' is not a real number';
    if (op === 'power' && x === 0 && y < 0) return '0 ^ ' + b + ' divides by 0';
    return a + ' ' + SYMBOLS[op] + ' ' + b + ' overflows';
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

  /** Evaluation state of one run (Rust's Context). */
  function Context(text, steps, inputs) {
    this.text = text;
    this.steps = steps;
    this.inputs = inputs;
    this.step = 0;
    this.work = 0;
  }

  Context.prototype.stepName = function () { return this.steps[this.step].name; };

  Context.prototype.checkNewName = function (step, env) {
    var earlier = this.steps.slice(0, this.step).find(function (s) { return s.name === step.name; });
    var hint;
    if (earlier) hint = '`' + step.name + '` is already defined on line ' + earlier.line + '; give this step a new name';
    else if (env.has(step.name)) hint = '`' + step.name + '` is an input, and inputs cannot be reassigned; give the step a new name';
    else if (CONSTANTS.indexOf(step.name) >= 0) hint = '`' + step.name + '` is a constant; give the step another name';
    else return;
    throw LangError('redefinition', '`' + step.name + '` is defined twice', step.nameSpan, hint);
  };

  Context.prototype.charge = function (operations, span) {
    this.work += operations;
    if (this.work > MAX_WORK) {
      throw LangError('limit', 'the steps need more than ' + MAX_WORK + ' element operations (step ' + this.stepName() + ')',
        span, 'use smaller values or fewer steps: a block is meant for a worked example');
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
        'only + and softmax/log_softmax accept masked entries: add the mask to the scores, then take softmax');
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

  Context.prototype.eval = function (env, expr) {
    var value;
    switch (expr.kind) {
      case 'number': return scalar(expr.value);
      case 'name': return this.lookup(env, expr.name, expr.span);
      case 'negate':
        value = this.eval(env, expr.operand);
        var flat = value.data.indexOf(-Infinity);
        if (flat >= 0) {
          throw LangError('non_finite', 'negating -inf gives +inf in step ' + this.stepName() + describePosition(value, flat),
            expr.span, 'only -inf, as a mask, may appear');
        }
        this.charge(value.data.length, expr.span);
        return mapValue(value, function (x) { return -x; });
      case 'transpose':
        value = this.eval(env, expr.operand);
        this.charge(value.data.length, expr.span);
        return transpose(value);
      case 'binary':
        var a = this.eval(env, expr.left);
        var b = this.eval(env, expr.right);
        var quoted = [this.quote(expr.left.span), this.quote(expr.right.span)];
        if (expr.op === 'matmul') return this.matmul(a, b, expr.opSpan, quoted);
        return this.elementwise(expr.op, a, b, expr.opSpan, quoted);
      default:
        return call(this, env, expr.fn, expr.fnSpan, expr.args, expr.span);
    }
  };

  Context.prototype.lookup = function (env, name, span) {
    if (env.has(name)) return env.get(name);
    if (name === 'pi') return scalar(Math.PI);
    if (name === 'inf') return scalar(Infinity);
    var later = this.steps.slice(this.step).find(function (s) { return s.name === name; });
    var known = this.inputs.map(function (input) { return input[0]; })
      .concat(this.steps.slice(0, this.step).map(function (s) { return s.name; }), CONSTANTS);
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
    var acceptsMask = op === 'add';
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

  /* ---- functions (functions.rs) ---- */

  var AXIS = ['axis'];

  function signature(name, positional, keywords, usage, acceptsMask) {
    return { name: name, positional: positional, keywords: keywords, usage: usage, acceptsMask: acceptsMask };
  }

  var MANY = Infinity;

  /** Every function, in the order the README lists them (the same table as functions.rs). */
  var SIGNATURES = [
    signature('exp', [1, 1], [], 'exp(x)', false),
    signature('log', [1, 1], [], 'log(x)', false),
    signature('sqrt', [1, 1], [], 'sqrt(x)', false),
    signature('abs', [1, 1], [], 'abs(x)', false),
    signature('sin', [1, 1], [], 'sin(x)', false),
    signature('cos', [1, 1], [], 'cos(x)', false),
    signature('tanh', [1, 1], [], 'tanh(x)', false),
    signature('sigmoid', [1, 1], [], 'sigmoid(x)', false),
    signature('relu', [1, 1], [], 'relu(x)', false),
    signature('gelu', [1, 1], [], 'gelu(x)', false),
    signature('softmax', [1, 1], AXIS, 'softmax(x, axis=-1)', true),
    signature('log_softmax', [1, 1], AXIS, 'log_softmax(x, axis=-1)', true),
    signature('layer_norm', [1, 1], ['eps'], 'layer_norm(x, eps=0.00001)', false),
    signature('sum', [1, 1], AXIS, 'sum(x) or sum(x, axis=0)', false),
    signature('mean', [1, 1], AXIS, 'mean(x) or mean(x, axis=0)', false),
    signature('max', [1, 1], AXIS, 'max(x) or max(x, axis=0)', false),
    signature('min', [1, 1], AXIS, 'min(x) or min(x, axis=0)', false),
    signature('argmax', [1, 1], AXIS, 'argmax(x) or argmax(x, axis=0)', false),
    signature('norm', [1, 1], AXIS, 'norm(x) or norm(x, axis=0)', false),
    signature('dot', [2, 2], [], 'dot(a, b)', false),
    signature('outer', [2, 2], [], 'outer(a, b)', false),
    signature('transpose', [1, 1], [], 'transpose(x)', true),
    signature('concat', [1, MANY], AXIS, 'concat(a, b, axis=0)', true),
    signature('row', [1, 1], [], 'row(v)', true),
    signature('col', [1, 1], [], 'col(v)', true),
    signature('rows', [3, 3], [], 'rows(x, start, end)', true),
    signature('cols', [3, 3], [], 'cols(x, start, end)', true),
    signature('arange', [1, 1], [], 'arange(n)', false),
    signature('eye', [1, 1], [], 'eye(n)', false),
    signature('zeros', [1, 2], [], 'zeros(rows, cols) or zeros(n)', false),
    signature('ones', [1, 2], [], 'ones(rows, cols) or ones(n)', false),
    signature('randn', [1, 2], ['seed'], 'randn(rows, cols, seed=0)', false),
    signature('causal_mask', [1, 1], [], 'causal_mask(n)', false),
  ];

  function findSignature(name) {
    return SIGNATURES.find(function (s) { return s.name === name; });
  }

  function isFunction(name) { return Boolean(findSignature(name)); }

  function argumentsError(message, span, hint) { return LangError('arguments', message, span, hint); }

  function plural(count, noun) { return count + ' ' + noun + (count === 1 ? '' : 's'); }

  function call(context, env, fn, fnSpan, args, span) {
    var sig = findSignature(fn);
    if (!sig) {
      var near = nearest(fn, SIGNATURES.map(function (s) { return s.name; }));
      var hint = env.has(fn) ? '`' + fn + '` is a value, not a function; multiply with `*`'
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
      throw argumentsError('`' + fn + '` takes ' + expected + ', got ' + count, span, 'write ' + sig.usage);
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
    var given = { fn: sig.name, positional: [], keywords: {}, span: span };
    args.forEach(function (a) {
      var evaluated = { value: context.eval(env, a.value), span: a.value.span };
      if (a.keyword) given.keywords[a.keyword.name] = evaluated;
      else given.positional.push(evaluated);
    });
    given.positional.forEach(function (argument) {
      context.admit(argument.value, '`' + fn + '`', sig.acceptsMask, span);
    });
    return dispatch(context, given);
  }

  var ELEMENTWISE = ['exp', 'log', 'sqrt', 'abs', 'sin', 'cos', 'tanh', 'sigmoid', 'relu', 'gelu'];
  var REDUCTIONS = ['sum', 'mean', 'max', 'min', 'argmax', 'norm'];

  function dispatch(context, args) {
    var name = args.fn;
    var x = args.positional[0].value;
    if (ELEMENTWISE.indexOf(name) >= 0) return elementwise(context, args, name);
    if (name === 'softmax' || name === 'log_softmax') return softmax(context, args, name === 'log_softmax');
    if (name === 'layer_norm') return layerNorm(context, args);
    if (REDUCTIONS.indexOf(name) >= 0) return reduce(context, args);
    if (name === 'dot') return dot(context, args);
    if (name === 'outer') return outer(context, args);
    if (name === 'transpose') { context.charge(x.data.length, args.span); return transpose(x); }
    if (name === 'concat') return concat(context, args);
    if (name === 'row' || name === 'col') return rowOrCol(context, args, name === 'col');
    if (name === 'rows' || name === 'cols') return slice(context, args, name === 'cols');
    return construct(context, args);
  }

  var SQRT_2_OVER_PI = Math.sqrt(2 / Math.PI);

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
      return name + '(' + formatNumber(entry) + ') overflows';
    });
    return result;
  }

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

  function needsArray(args, x) {
    if (x.rank === 0) {
      throw argumentsError('`' + args.fn + '` needs a vector or a matrix, got a scalar', args.positional[0].span,
        'pass the vector or matrix to normalise');
    }
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
        var best = 0;
        for (var i = 0; i < lane.length; i++) if (lane[i] > lane[best]) best = i;
        return best;
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
    context.ensureFinite(result, args.span, function () { return false; }, function () { return name + ' overflows'; });
    return result;
  }

  function vectorArgument(args, index, hint) {
    var value = args.positional[index].value;
    if (value.rank === 1) return value;
    throw argumentsError('`' + args.fn + '` takes vectors, got a ' + describeShape(value), args.positional[index].span, hint);
  }

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
    var start = wholeNumber(args.positional[1], 'start');
    var end = wholeNumber(args.positional[2], 'end');
    var available = columns ? x.cols : x.rows;
    if (start < 0 || start >= end || end > available) {
      throw argumentsError(name + '(' + start + ', ' + end + ') is outside the ' + available + ' available', args.span,
        'positions count from 0 and need 0 ≤ start < end ≤ ' + available);
    }
    var count = end - start;
    context.charge(columns ? x.rows * count : x.cols * count, args.span);
    var data = [];
    for (var i = 0; i < x.rows; i++) {
      for (var j = 0; j < x.cols; j++) {
        var inside = columns ? j >= start && j < end : i >= start && i < end;
        if (inside) data.push(x.data[i * x.cols + j]);
      }
    }
    return columns ? makeValue(x.rank, x.rows, count, data) : makeValue(x.rank, count, x.cols, data);
  }

  function size(args, index) {
    var given = args.positional[index];
    var n = wholeNumber(given, 'a size');
    if (n < 1) {
      throw argumentsError('`' + args.fn + '` needs sizes of at least 1, got ' + n, given.span,
        'every value holds at least one number');
    }
    if (n > MAX_SIDE) {
      throw LangError('limit', '`' + args.fn + '` of size ' + n + ' is larger than the limit', given.span,
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

  /* ---- run (mod.rs) ---- */

  /**
   * Parses and evaluates `stepsText` with `inputs` ([[name, value], ...], values as plain numbers
   * and arrays). Returns { ok: true, values: [[name, value], ...] } for the steps in order, or
   * { ok: false, error: { kind, message, hint, start, end } } with UTF-16 offsets in stepsText.
   */
  function run(stepsText, inputs) {
    try {
      var steps = parseSteps(stepsText);
      var env = new Map();
      var internal = inputs.map(function (input) {
        var value = fromPlain(input[1]);
        if (value === null) {
          throw inputError('arguments', 'input `' + input[0] + '` is not a number, a list or a table of equal rows',
            'write a number, [1, 2] or [[1, 2], [3, 4]]');
        }
        checkInput(input[0], value, env);
        env.set(input[0], value);
        return [input[0], value];
      });
      var context = new Context(stepsText, steps, internal);
      var values = [];
      steps.forEach(function (step, index) {
        context.step = index;
        context.checkNewName(step, env);
        var value = context.eval(env, step.expr);
        var flat = value.data.indexOf(Infinity);
        if (flat >= 0) {
          throw LangError('non_finite', '+inf in step ' + step.name + describePosition(value, flat), step.expr.span,
            'only -inf, as a mask, may be a value; write -inf');
        }
        env.set(step.name, value);
        values.push([step.name, toPlain(value)]);
      });
      return { ok: true, values: values };
    } catch (error) {
      if (error.name !== 'LangError') throw error;
      return { ok: false, error: { kind: error.kind, message: error.message, hint: error.hint, start: error.start, end: error.end } };
    }
  }

  /** The names the steps define, in order, with their spans; or the syntax error. */
  function stepNames(stepsText) {
    try {
      return { ok: true, names: parseSteps(stepsText).map(function (s) { return [s.name, s.nameSpan[0], s.nameSpan[1]]; }) };
    } catch (error) {
      if (error.name !== 'LangError') throw error;
      return { ok: false, error: { kind: error.kind, message: error.message, hint: error.hint, start: error.start, end: error.end } };
    }
  }

  /* ---- labels (computed.rs) ---- */

  /**
   * The row and column labels of a value (number, list, or list of rows), by the block's `rows`
   * and `cols` as Rust's `compute::computed::Labels` gives them: `rows` name the rows of every
   * matrix with that many rows, `cols` its columns and the entries of vectors of that length; a
   * square matrix whose size matches only one of them takes those labels on both sides. `sides`,
   * the value's entry in the block's `[labels]` ('rows', 'cols' or 'none'; undefined when it has
   * none), keeps only the labels of the sides it names. Sides without labels are null (the
   * widget numbers them).
   */
  function labels(value, rows, cols, sides) {
    function fitting(names, count) {
      return names && names.length === count ? names : null;
    }
    var rowsToo = sides !== 'cols' && sides !== 'none';
    var colsToo = sides !== 'rows' && sides !== 'none';
    if (typeof value === 'number') return { rows: null, cols: null };
    if (!Array.isArray(value[0])) return { rows: null, cols: colsToo ? fitting(cols, value.length) : null };
    var n = value.length;
    var m = value[0].length;
    var square = n === m;
    return {
      rows: rowsToo ? fitting(rows, n) || (square ? fitting(cols, n) : null) : null,
      cols: colsToo ? fitting(cols, m) || (square ? fitting(rows, m) : null) : null,
    };
  }

  return {
    labels: labels,
    MAX_SIDE: MAX_SIDE,
    MAX_WORK: MAX_WORK,
    MAX_DEPTH: MAX_DEPTH,
    MAX_LINES: MAX_LINES,
    MAX_LINE_BYTES: MAX_LINE_BYTES,
    FUNCTIONS: SIGNATURES.map(function (s) { return s.name; }),
    run: run,
    stepNames: stepNames,
    tokenize: tokenize,
    formatNumber: formatNumber,
  };
});
