// Unit tests for the reader-side attention compute module (formatting has its own
// file, worked-format.test.mjs). Run with `node --test tests/js/`. Expected values are derived by
// hand for the lesson's "cat" example (content/transformers/attention.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const compute = require('../../static/js/attention-compute.js');
const differential = await import('./differential.mjs');

const seed = {
  tokens: ['the', 'cat', 'sat'],
  embeddings: [[1, 0], [0, 1], [1, 1]],
  w_q: [[1, 0], [1, 2]],
  w_k: [[2, 0], [0, 1]],
  w_v: [[1, 0], [0, 2]],
  w_o: null,
  causal: false,
  heads: 1,
};

const round3 = (m) => m.map((row) => row.map((x) => Math.round(x * 1000) / 1000));

function assertClose(actual, expected, epsilon = 1e-12) {
  assert.equal(actual.length, expected.length);
  actual.forEach((row, i) =>
    row.forEach((x, j) =>
      assert.ok(Math.abs(x - expected[i][j]) <= epsilon, `(${i}, ${j}): ${x} vs ${expected[i][j]}`),
    ),
  );
}

test('projects the seed example into the hand-computed q, k and v', () => {
  const r = compute.attend(seed);
  assert.deepEqual(r.q, [[1, 0], [1, 2], [2, 2]]);
  assert.deepEqual(r.k, [[2, 0], [0, 1], [2, 1]]);
  assert.deepEqual(r.v, [[1, 0], [0, 2], [1, 2]]);
  assert.deepEqual(r.scores, [[2, 0, 2], [2, 2, 4], [4, 2, 6]]);
  assert.equal(r.d_k, 2);
});

test('scales the seed scores by the square root of d_k', () => {
  const r = compute.attend(seed);
  const s = Math.SQRT2;
  assertClose(r.scaled, [[s, 0, s], [s, s, 2 * s], [2 * s, s, 3 * s]]);
});

test('gives the seed weights and outputs of the worked example', () => {
  const r = compute.attend(seed);
  assert.deepEqual(round3(r.weights), [[0.446, 0.108, 0.446], [0.164, 0.164, 0.673], [0.187, 0.045, 0.768]]);
  assert.deepEqual(round3(r.output), [[0.892, 1.108], [0.836, 1.673], [0.955, 1.627]]);
  // Row "the": e^√2 twice and e^0 once.
  const e = Math.exp(Math.SQRT2);
  assert.ok(Math.abs(r.weights[0][1] - 1 / (2 * e + 1)) < 1e-15);
  r.weights.forEach((row) => assert.ok(Math.abs(row.reduce((a, b) => a + b) - 1) < 1e-15));
});

test('a causal mask gives masked weights of exactly zero', () => {
  const r = compute.attend({ ...seed, causal: true });
  assert.deepEqual(r.weights[0], [1, 0, 0]);
  assert.equal(r.weights[1][0], 0.5);
  assert.equal(r.weights[1][1], 0.5);
  assert.ok(Object.is(r.weights[1][2], 0));
  assert.deepEqual(round3([r.weights[2]]), [[0.187, 0.045, 0.768]]);
  // Scaled scores are reported before masking, as in Rust.
  assert.ok(r.scaled[0][2] > 1.41);
});

test('huge finite scores still give finite weights', () => {
  const r = compute.attend({ ...seed, embeddings: [[1e5, 0], [0, 1e5], [1e5, 1e5]] });
  r.weights.flat().forEach((w) => assert.ok(Number.isFinite(w)));
  assert.deepEqual(r.weights[2], [0, 0, 1]);
});

test('splits heads by columns and applies w_o to the concatenation', () => {
  const input = {
    tokens: ['a', 'b'],
    embeddings: [[1, 2], [3, -1]],
    w_q: [[1, 0], [0, 1]],
    w_k: [[1, 0], [0, 1]],
    w_v: [[1, 0], [0, 1]],
    w_o: [[0, 1], [1, 0]],
    causal: false,
    heads: 2,
  };
  const r = compute.attend(input);
  assert.equal(r.heads.length, 2);
  assert.equal(r.heads[0].d_k, 1);
  // Head 1 sees column 1 only: q = k = v = (1, 3); scores 1·1, 1·3 / 3·1, 3·3; √1 = 1.
  assert.deepEqual(r.heads[0].scores, [[1, 3], [3, 9]]);
  const w = 1 / (1 + Math.exp(2));
  assertClose(r.heads[0].weights, [[w, 1 - w], [1 / (1 + Math.exp(6)), 1 - 1 / (1 + Math.exp(6))]]);
  assert.equal(r.scores, undefined);
  assert.deepEqual(r.concat.map((row) => row.length), [2, 2]);
  // w_o swaps the two columns.
  assertClose(r.output, r.concat.map(([x, y]) => [y, x]));
});

test('reports the input at fault like the Rust core', () => {
  assert.throws(() => compute.attend({ ...seed, tokens: [] }), { field: 'tokens' });
  assert.throws(() => compute.attend({ ...seed, embeddings: [[1, 0], [0, 1]] }), { field: 'embeddings' });
  assert.throws(() => compute.attend({ ...seed, w_k: [[1], [0]] }), { field: 'w_k' });
  assert.throws(() => compute.attend({ ...seed, heads: 3 }), { field: 'heads' });
  assert.throws(() => compute.attend({ ...seed, w_v: [[NaN, 0], [0, 2]] }), { field: 'w_v' });
});

test('explains a row with its dot products, exps, sum and weighted values', () => {
  const r = compute.attend(seed);
  const x = compute.explainRow(r, 0, 2);
  assert.deepEqual(x.query, [2, 2]);
  assert.deepEqual(x.keys.map((k) => k.products), [[4, 0], [0, 2], [4, 2]]);
  assert.deepEqual(x.keys.map((k) => k.score), [4, 2, 6]);
  assert.equal(x.shift, 0);
  const exps = [4, 2, 6].map((s) => Math.exp(s / Math.SQRT2));
  x.keys.forEach((k, j) => assert.ok(Math.abs(k.exp - exps[j]) < 1e-12));
  assert.ok(Math.abs(x.expSum - exps.reduce((a, b) => a + b)) < 1e-12);
  assert.deepEqual(x.keys.map((k) => k.weight), r.weights[2]);
  assert.deepEqual(x.output, r.output[2]);
});

test('explains a masked row with zero exps for the future tokens', () => {
  const r = compute.attend({ ...seed, causal: true });
  const x = compute.explainRow(r, 0, 0);
  assert.deepEqual(x.keys.map((k) => k.masked), [false, true, true]);
  assert.deepEqual(x.keys.map((k) => k.exp), [Math.exp(2 / Math.sqrt(2)), 0, 0]);
});

test('explains overflowing rows by subtracting the largest score', () => {
  const r = compute.attend({ ...seed, embeddings: [[1e3, 0], [0, 1e3], [1e3, 1e3]] });
  const x = compute.explainRow(r, 0, 2);
  assert.ok(x.shift > 700);
  assert.ok(Number.isFinite(x.expSum));
});

test('the differential checker accepts agreement and names the first difference', () => {
  const r = compute.attend({ ...seed, causal: true });
  const expected = { q: r.q, k: r.k, v: r.v, scores: r.scores, scaled: r.scaled, weights: r.weights, output: r.output };
  assert.equal(differential.compareCase({ ...seed, causal: true }, expected), null);
  const off = structuredClone(expected);
  off.weights[2][0] += 2e-9;
  assert.match(differential.compareCase({ ...seed, causal: true }, off), /^weights\[2\]\[0\]/);
  assert.ok(differential.agrees(1e12, 1e12 + 1));
  assert.ok(!differential.agrees(1, 1 + 1e-8));
  assert.ok(!differential.agrees(NaN, NaN));
});

test('an overflowing product is an error naming it, as in Rust, never an ∞ or NaN', () => {
  const huge = { ...seed, embeddings: [[1e154, 0], [0, 1], [1, 1]] };
  assert.throws(() => compute.attend(huge), (error) => {
    assert.equal(error.name, 'ComputeError');
    assert.equal(error.message, 'the scores Q\u00b7K\u1d40 overflows: the inputs are too large to compute with');
    assert.equal(error.hint, 'scale the inputs down');
    return true;
  });
  const projected = { ...seed, embeddings: [[1e308, 1e308], [0, 1], [1, 1]] };
  assert.throws(() => compute.attend(projected), /the queries Q overflows/);
  // Just below: finite scores of 10^306 compute.
  const large = compute.attend({ ...seed, embeddings: [[1e153, 0], [0, 1], [1, 1]] });
  assert.ok(large.scores.every((row) => row.every(Number.isFinite)));
});
