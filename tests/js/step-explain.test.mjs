// Unit tests of static/js/step-explain.js: each entry of a step explains itself from the
// program's syntax tree (compute-lang.js `parse`) and the run's values.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const lang = require('../../static/js/compute-lang.js');
const { explain, isMatrix, asRows } = require('../../static/js/step-explain.js');

/** Runs `steps` on `inputs` and explains entry (i, j) of `name`. */
function explained(steps, inputs, name, i, j) {
  const run = lang.run(steps, inputs);
  assert.ok(run.ok, JSON.stringify(run.error));
  const values = inputs.concat(run.values);
  const valueOf = (node) => {
    if (node.kind === 'number') return node.value;
    if (node.kind === 'name') return values.find((e) => e[0] === node.name)[1];
    const again = lang.run(steps + '\n__explained = ' + steps.slice(node.span[0], node.span[1]), inputs);
    return again.values.find((e) => e[0] === '__explained')[1];
  };
  return explain(lang.parse(steps), name, values.find((e) => e[0] === name)[1], i, j, valueOf);
}

test('a value is seen as rows: a number 1×1, a vector one row, a matrix as it is', () => {
  assert.deepEqual([2, [1, 2], [[1, 2], [3, 4]]].map(isMatrix), [false, false, true]);
  assert.deepEqual(asRows(2), [[2]]);
  assert.deepEqual(asRows([1, 2]), [[1, 2]]);
  assert.deepEqual(asRows([[1, 2], [3, 4]]), [[1, 2], [3, 4]]);
});

test('a matrix product entry is the sum of its row-by-column products', () => {
  const x = explained('h = a @ b', [['a', [[1, 2], [3, 4]]], ['b', [[5, 6], [7, 8]]]], 'h', 1, 0);
  assert.equal(x.kind, 'product');
  assert.deepEqual(x.terms, [[3, 5], [4, 7]]);
  assert.equal(x.result, 3 * 5 + 4 * 7);
  const v = explained('h = a @ v', [['a', [[1, 2], [3, 4]]], ['v', [10, 100]]], 'h', 0, 1);
  assert.deepEqual(v.terms, [[3, 10], [4, 100]], 'matrix @ vector: entry 1 is row 1 of a');
});

test('a softmax entry is e to it over its row, the argument evaluated when it is an expression', () => {
  const x = explained('p = softmax(z / t)', [['z', [[1, 2, 3], [0, 0, 1]]], ['t', 2]], 'p', 1, 2);
  assert.equal(x.kind, 'softmax');
  assert.deepEqual(x.row, [0, 0, 0.5]);
  assert.equal(x.entry, 0.5);
  const sum = 1 + 1 + Math.exp(0.5);
  assert.ok(Math.abs(x.result - Math.exp(0.5) / sum) < 1e-15);
});

test('a softmax along an axis: rows for axis=1 (a masked entry e to minus infinity), columns for axis=0', () => {
  const inputs = [['s', [[1, 2, 3], [0, 0, 1]]], ['hidden', [[0, 1, 1], [0, 0, 1]]]];
  const rows = explained('w = softmax(s + where(hidden == 1, -inf, 0), axis=1)', inputs, 'w', 1, 0);
  assert.equal(rows.kind, 'softmax');
  assert.deepEqual([rows.row, rows.entry, rows.column], [[0, 0, -Infinity], 0, false]);
  assert.equal(rows.result, 0.5);
  const last = explained('w = softmax(s, axis=-1)', inputs, 'w', 0, 2);
  assert.deepEqual([last.row, last.entry], [[1, 2, 3], 3]);
  const down = explained('w = softmax(s, axis=0)', inputs, 'w', 0, 2);
  assert.deepEqual([down.row, down.entry, down.column], [[3, 1], 3, true]);
  assert.ok(Math.abs(down.result - Math.exp(3) / (Math.exp(3) + Math.exp(1))) < 1e-15);
});

test('an elementwise entry shows its operands, broadcast to its place', () => {
  const x = explained('y = m * s + 0', [['m', [[1, 2], [3, 4]]], ['s', [10, 20]]], 'y', 1, 1);
  assert.equal(x.kind, 'elementwise');
  assert.equal(x.op, 'add');
  assert.deepEqual([x.left, x.right, x.result], [80, 0, 80]);
  const power = explained('y = s ^ 2', [['s', [3, 4]]], 'y', 0, 1);
  assert.deepEqual([power.op, power.left, power.right, power.result], ['power', 4, 2, 16]);
});

test('any other step, or one set inside a loop, says its value', () => {
  assert.equal(explained('y = exp(s)', [['s', [0, 1]]], 'y', 0, 0).kind, 'value');
  assert.equal(explained('x = 1\nrepeat 2:\n    x = x * 2\ny = x', [], 'x', 0, 0).kind, 'value');
});
