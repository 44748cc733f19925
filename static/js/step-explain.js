/*
 * step-explain.js — how one entry of a compute widget's step was computed, read from the
 * program's own syntax tree (compute-lang.js `parse`) and the values of the last run: a matrix
 * product's entry as its sum of products, a softmax's as e to the entry over the row's sum of
 * exponentials, an elementwise step's (+ − × ÷ ^) as its operands and the operator; any other
 * step as its line of code and the entry's value.
 *
 * `explain` is pure (`{ kind, … }` of numbers); `typeset` turns it into MathML lines as the
 * attention widget's row explanation is typeset (widget-common.js `math`), numbers printed by
 * the widget's own formatter.
 *
 * It also holds the shape of a run's values, `isMatrix` and `asRows`, which compute-widget.js
 * reads from here: the page lists this file before the widget, and the Node tests load it alone.
 *
 * Classic script (see compute-lang.js for why): attaches to `globalThis.worked.stepExplain`
 * and exports through `module.exports` for Node.
 */
(function (factory) {
  'use strict';
  var api = factory();
  if (typeof module !== 'undefined' && module.exports) module.exports = api;
  (globalThis.worked = globalThis.worked || {}).stepExplain = api;
})(function () {
  'use strict';

  /** Most terms a sum shows one by one; a longer one is summed without its terms. */
  var MOST_TERMS = 16;
  /** The parser's names of the elementwise operators, as typeset. */
  var ELEMENTWISE = { add: '+', subtract: '\u2212', multiply: '\u00d7', divide: '\u00f7', power: '^' };

  /** Whether a run's value is a matrix (rows of numbers), not a number or a vector. */
  function isMatrix(value) {
    return Array.isArray(value) && Array.isArray(value[0]);
  }

  /** Any value as rows of numbers: a number is 1×1, a vector one row. */
  function asRows(value) {
    if (typeof value === 'number') return [[value]];
    return isMatrix(value) ? value : [value];
  }

  /** Entry (i, j) of `value` broadcast to a step's shape (a scalar everywhere, a vector as a row). */
  function broadcast(value, i, j) {
    if (typeof value === 'number') return value;
    if (!isMatrix(value)) return value[value.length === 1 ? 0 : j];
    var row = value[value.length === 1 ? 0 : i];
    return row[row.length === 1 ? 0 : j];
  }

  /** The top-level assignment of step `name`, or null (a step set inside a loop). */
  function assignment(statements, name) {
    var found = statements.filter(function (s) { return s.kind === 'assign' && s.name === name; });
    return found.length === 1 ? found[0] : null;
  }

  /**
   * How entry (i, j) of step `name` (row and column as the widget's table shows them) was
   * computed. `valueOf(node)` gives an expression's value in the last run (a name's value, a
   * literal, or null when it cannot). Returns `{ kind: 'product', terms: [[a, b]…], result }`,
   * `{ kind: 'softmax', entry, row: [x…] (a column's when `column`), result }`, `{ kind: 'elementwise', op, left, right,
   * result }` or `{ kind: 'value', result }`, each with the step's `line` of code.
   */
  function explain(statements, name, value, i, j, valueOf) {
    var result = asRows(value)[i][j];
    var statement = assignment(statements, name);
    var plain = { kind: 'value', result: result };
    if (!statement) return plain;
    var expr = statement.expr;
    if (expr.kind === 'binary' && expr.op === 'matmul') {
      var left = valueOf(expr.left);
      var right = valueOf(expr.right);
      if (left === null || right === null || typeof left === 'number' || typeof right === 'number') return plain;
      var leftRows = isMatrix(left) ? left : [left];
      var rightRows = isMatrix(right) ? right : right.map(function (x) { return [x]; });
      // A vector result is shown as one row: its entry j is row j (matrix @ vector) or
      // column j (vector @ matrix) of the product.
      var r = isMatrix(value) ? i : isMatrix(left) ? j : 0;
      var c = isMatrix(value) ? j : isMatrix(left) ? 0 : j;
      if (!leftRows[r] || rightRows.length !== leftRows[r].length) return plain;
      return {
        kind: 'product',
        terms: leftRows[r].map(function (a, k) { return [a, rightRows[k][c]]; }),
        result: result,
      };
    }
    var axisArg = expr.kind === 'call' && expr.args.length === 2 && expr.args[1].keyword &&
      expr.args[1].keyword.name === 'axis' ? expr.args[1].value : null;
    if (expr.kind === 'call' && expr.fn === 'softmax' && (expr.args.length === 1 || axisArg)) {
      var logits = valueOf(expr.args[0].value);
      // A matrix's softmax runs along its rows (axis=1, or -1, the default: an attention's
      // weights) or down its columns (axis=0); a vector's along the vector.
      var axis = axisArg ? valueOf(axisArg) : -1;
      if (logits === null || typeof logits === 'number') return plain;
      var down = isMatrix(logits) && axis === 0;
      if (isMatrix(logits) && !down && axis !== 1 && axis !== -1) return plain;
      var logitRow = down ? logits.map(function (row) { return row[j]; }) : asRows(logits)[isMatrix(logits) ? i : 0];
      if (!logitRow || logitRow.some(function (x) { return x === Infinity || Number.isNaN(x); })) return plain;
      return { kind: 'softmax', entry: logitRow[down ? i : j], row: logitRow, column: down, result: result };
    }
    if (expr.kind === 'binary' && ELEMENTWISE[expr.op]) {
      var a = valueOf(expr.left);
      var b = valueOf(expr.right);
      if (a === null || b === null) return plain;
      return { kind: 'elementwise', op: expr.op, left: broadcast(a, i, j), right: broadcast(b, i, j), result: result };
    }
    return plain;
  }

  /**
   * The explanation as lines of MathML: `M` is widget-common.js `math`, `number(x)` prints a
   * number as the widget does. `where` names the entry ("A[the, cat]").
   */
  function typeset(x, where, line, M, number) {
    function mo(text) { return M('mo', null, text); }
    function num(value) {
      var text = number(value);
      return text.charAt(0) === '\u2212' ? M('mrow', null, mo('\u2212'), M('mn', null, text.slice(1))) : M('mn', null, text);
    }
    function factor(value) {
      return number(value).charAt(0) === '\u2212' ? M('mrow', null, mo('('), num(value), mo(')')) : num(value);
    }
    function exp(value) {
      return M('msup', null, M('mi', null, 'e'), value === -Infinity ? M('mrow', null, mo('\u2212'), M('mi', null, '\u221e')) : num(value));
    }
    function spread(terms, op) {
      var parts = [];
      terms.forEach(function (term, k) {
        if (k > 0) parts.push(mo(op));
        parts.push(term);
      });
      return parts;
    }
    function formula(parts) {
      return M('math', { displaystyle: 'true' }, M('mrow', null, parts));
    }
    var entry = M('mtext', null, where);
    if (x.kind === 'product') {
      var shown = x.terms.length <= MOST_TERMS;
      var products = x.terms.map(function (t) { return M('mrow', null, factor(t[0]), mo('\u00d7'), factor(t[1])); });
      return [
        'A sum of products: row by column, ' + x.terms.length + ' terms.',
        formula([entry, mo('='), shown ? spread(products, '+') : products.slice(0, 3).concat([mo('+'), mo('\u2026')]),
          mo('='), num(x.result)]),
      ];
    }
    if (x.kind === 'softmax') {
      var exps = x.row.map(exp);
      return [
        'e to the entry, over the sum of e to every entry of its ' + (x.column ? 'column.' : 'row.'),
        formula([entry, mo('='), M('mfrac', null, exp(x.entry),
          x.row.length <= MOST_TERMS ? M('mrow', null, spread(exps, '+')) : M('mrow', null, M('mo', null, '\u2211'), exp(x.row[0]), mo('\u2026'))),
        mo('='), num(x.result)]),
      ];
    }
    if (x.kind === 'elementwise') {
      var op = ELEMENTWISE[x.op];
      var body = x.op === 'power' ? M('msup', null, factor(x.left), num(x.right)) : M('mrow', null, factor(x.left), mo(op), factor(x.right));
      return ['Entry by entry, from the operands at the same place.', formula([entry, mo('='), body, mo('='), num(x.result)])];
    }
    return ['Computed by ' + line + '.', formula([entry, mo('='), num(x.result)])];
  }

  return { explain: explain, typeset: typeset, isMatrix: isMatrix, asRows: asRows, MOST_TERMS: MOST_TERMS };
});
