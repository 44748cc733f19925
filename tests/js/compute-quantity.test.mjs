// The labels rule of compute examples in static/js/compute-lang.js (labels), case for case the
// rule of src/compute/computed.rs (Labels), whose unit tests use the same shapes.
// Run with `node --test tests/js/`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const lang = require('../../static/js/compute-lang.js');

const tokens = ['the', 'cat', 'sat'];
const zeros = (n, m) => Array.from({ length: n }, () => new Array(m).fill(0));

test('rows label every matrix with that many rows, and square ones on both sides', () => {
  assert.deepEqual(lang.labels(zeros(3, 2), tokens, null), { rows: tokens, cols: null });
  assert.deepEqual(lang.labels(zeros(3, 3), tokens, null), { rows: tokens, cols: tokens });
  assert.deepEqual(lang.labels(zeros(2, 2), tokens, null), { rows: null, cols: null });
  assert.equal(lang.labels([1, 2, 3], tokens, null).cols, null);
});

test('cols label columns, vector entries and square feature matrices', () => {
  const cols = ['x', 'y'];
  assert.deepEqual(lang.labels(zeros(3, 2), tokens, cols).cols, cols);
  assert.deepEqual(lang.labels([1, 2], tokens, cols).cols, cols);
  assert.deepEqual(lang.labels(zeros(2, 2), tokens, cols), { rows: cols, cols: cols });
  assert.deepEqual(lang.labels(zeros(3, 3), tokens, cols), { rows: tokens, cols: tokens });
  assert.deepEqual(lang.labels(2.5, tokens, cols), { rows: null, cols: null });
});

test('a value named in [labels] keeps only the sides it names, as the Rust rule does', () => {
  const square = zeros(3, 3);
  assert.deepEqual(lang.labels(square, tokens, null, undefined), { rows: tokens, cols: tokens });
  assert.deepEqual(lang.labels(square, tokens, null, 'rows'), { rows: tokens, cols: null });
  assert.deepEqual(lang.labels(square, tokens, null, 'cols'), { rows: null, cols: tokens });
  assert.deepEqual(lang.labels(square, tokens, null, 'none'), { rows: null, cols: null });
  const cols = ['p', 'q', 'r'];
  assert.deepEqual(lang.labels([1, 2, 3], tokens, cols, 'cols').cols, cols);
  assert.equal(lang.labels([1, 2, 3], tokens, cols, 'rows').cols, null);
  assert.equal(lang.labels([1, 2, 3], tokens, cols, 'none').cols, null);
});
