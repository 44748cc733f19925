// The labels rule of compute examples in static/js/worked-refs.js (computeQuantity), case for
// case the rule of src/compute/computed.rs (Labels), whose unit tests use the same shapes.
// Run with `node --test tests/js/`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const refs = require('../../static/js/worked-refs.js');

const tokens = ['the', 'cat', 'sat'];
const zeros = (n, m) => Array.from({ length: n }, () => new Array(m).fill(0));

test('rows label every matrix with that many rows, and square ones on both sides', () => {
  const tall = refs.computeQuantity(zeros(3, 2), tokens, null);
  assert.deepEqual([tall.rowLabels, tall.colLabels], [tokens, null]);
  const square = refs.computeQuantity(zeros(3, 3), tokens, null);
  assert.deepEqual([square.rowLabels, square.colLabels], [tokens, tokens]);
  const other = refs.computeQuantity(zeros(2, 2), tokens, null);
  assert.deepEqual([other.rowLabels, other.colLabels], [null, null]);
  assert.equal(refs.computeQuantity([1, 2, 3], tokens, null).labels, null);
});

test('cols label columns, vector entries and square feature matrices', () => {
  const cols = ['x', 'y'];
  assert.deepEqual(refs.computeQuantity(zeros(3, 2), tokens, cols).colLabels, cols);
  assert.deepEqual(refs.computeQuantity([1, 2], tokens, cols).labels, cols);
  const features = refs.computeQuantity(zeros(2, 2), tokens, cols);
  assert.deepEqual([features.rowLabels, features.colLabels], [cols, cols]);
  const square = refs.computeQuantity(zeros(3, 3), tokens, cols);
  assert.deepEqual([square.rowLabels, square.colLabels], [tokens, tokens]);
  assert.deepEqual(refs.computeQuantity(2.5, tokens, cols), { kind: 'scalar', value: 2.5 });
});

test('a labelled compute quantity is selected by label like any other', () => {
  const weights = refs.computeQuantity([[0.25, 0.75], [1, 0]], ['a', 'b'], null);
  const ref = refs.parseRef('e.w[b,a]|2dp');
  const evaluated = refs.evaluate(ref, () => weights);
  assert.equal(refs.formatProse(evaluated), '1.00');
});

test('a value named in [labels] keeps only the sides it names, as the Rust rule does', () => {
  const sides = (value, side) => {
    const q = refs.computeQuantity(value, tokens, null, side);
    return q.kind === 'vector' ? q.labels : [q.rowLabels, q.colLabels];
  };
  assert.deepEqual(sides(zeros(3, 3), undefined), [tokens, tokens]);
  assert.deepEqual(sides(zeros(3, 3), 'rows'), [tokens, null]);
  assert.deepEqual(sides(zeros(3, 3), 'cols'), [null, tokens]);
  assert.deepEqual(sides(zeros(3, 3), 'none'), [null, null]);
  const cols = ['p', 'q', 'r'];
  assert.deepEqual(refs.computeQuantity([1, 2, 3], tokens, cols, 'cols').labels, cols);
  assert.equal(refs.computeQuantity([1, 2, 3], tokens, cols, 'rows').labels, null);
  assert.equal(refs.computeQuantity([1, 2, 3], tokens, cols, 'none').labels, null);
});
