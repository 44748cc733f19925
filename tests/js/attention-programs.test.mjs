// Unit tests for the attention part of static/js/kind-programs.js. Run with `node --test tests/js/`.
// The programs here are written as src/compute/attention.rs writes them; the differential test
// (tests/cli/widget_differential.rs) holds the build's own programs to the Rust kind. Expected
// values are derived by hand for the lesson's "cat" example (content/transformers/attention.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const kinds = require('../../static/js/kind-programs.js');
const differential = await import('./differential.mjs');

/** An example's programs, as the build writes them, for `heads` heads of width d_k and d_v. */
function programOf({ embeddings, w_q, w_k, w_v, w_o = null, causal = false, heads = 1 }) {
  const n = embeddings.length;
  const dk = w_q[0].length / heads;
  const dv = w_v[0].length / heads;
  const head = (h) => ({
    steps: 'hidden = (causal_mask(n) < 0) * causal\n' +
      `head_q = cols(q, ${h * dk}, ${(h + 1) * dk})\nhead_k = cols(k, ${h * dk}, ${(h + 1) * dk})\n` +
      `head_v = cols(v, ${h * dv}, ${(h + 1) * dv})\nscores = head_q @ head_k.T\nscaled = scores / sqrt(d_k)\n` +
      'weights = softmax(scaled + where(hidden == 1, -inf, 0), axis=1)\nout = weights @ head_v\n',
    inputs: [['n', n], ['d_k', dk], ['causal', causal ? 1 : 0]],
  });
  const outs = Array.from({ length: heads }, (_, h) => `out_${h + 1}`).join(', ');
  return {
    projections: {
      steps: 'q = embeddings @ w_q\nk = embeddings @ w_k\nv = embeddings @ w_v\n',
      inputs: [['embeddings', embeddings], ['w_q', w_q], ['w_k', w_k], ['w_v', w_v]],
    },
    heads: Array.from({ length: heads }, (_, h) => head(h)),
    output: {
      steps: `concat = concat(${outs}, axis=1)\noutput = ${w_o ? 'concat @ w_o' : 'concat'}\n`,
      inputs: w_o ? [['w_o', w_o]] : [],
    },
    explain_row: 'query = head_q[r]\nproducts = query * head_k\nopen = 1 - hidden[r]\n' +
      'top = max(where(open == 1, scaled[r], scaled[r, 0]))\n' +
      'exps = where(open == 1, exp(where(open == 1, scaled[r] - shifted * top, 0)), 0)\ntotal = sum(exps)\n',
    overflowing: [['q', 'the queries Q'], ['k', 'the keys K'], ['v', 'the values V'],
      ['out', "the heads' outputs"], ['concat', "the heads' outputs"], ['output', 'the output'],
      ['scores', 'the scores Q\u00b7K\u1d40']],
  };
}

const seed = {
  embeddings: [[1, 0], [0, 1], [1, 1]],
  w_q: [[1, 0], [1, 2]],
  w_k: [[2, 0], [0, 1]],
  w_v: [[1, 0], [0, 2]],
};
const program = programOf(seed);
const round3 = (m) => m.map((row) => row.map((x) => Math.round(x * 1000) / 1000));

test('runs the seed example into the hand-computed projections, weights and outputs', () => {
  const r = kinds.attention(program, {});
  assert.deepEqual(r.q, [[1, 0], [1, 2], [2, 2]]);
  assert.deepEqual(r.k, [[2, 0], [0, 1], [2, 1]]);
  assert.deepEqual(r.heads[0].scores, [[2, 0, 2], [2, 2, 4], [4, 2, 6]]);
  assert.equal(r.heads[0].d_k, 2);
  assert.deepEqual(round3(r.heads[0].weights), [[0.446, 0.108, 0.446], [0.164, 0.164, 0.673], [0.187, 0.045, 0.768]]);
  assert.deepEqual(round3(r.output), [[0.892, 1.108], [0.836, 1.673], [0.955, 1.627]]);
  assert.deepEqual(r.heads[0].hidden.flat(), Array(9).fill(0));
});

test("the reader's numbers and mask replace the lesson's; masked weights are exactly zero", () => {
  const r = kinds.attention(program, { causal: 1, w_v: [[2, 0], [0, 2]] });
  assert.deepEqual(r.heads[0].hidden, [[0, 1, 1], [0, 0, 1], [0, 0, 0]]);
  assert.deepEqual(r.heads[0].weights[0], [1, 0, 0]);
  assert.ok(Object.is(r.heads[0].weights[1][2], 0));
  assert.deepEqual(r.output[0], [2, 0]);
  // Scaled scores are reported before masking, as in Rust.
  assert.ok(r.heads[0].scaled[0][2] > 1.41);
});

test('splits heads by columns and applies w_o to the concatenation', () => {
  const two = programOf({
    embeddings: [[1, 2], [3, -1]], w_q: [[1, 0], [0, 1]], w_k: [[1, 0], [0, 1]], w_v: [[1, 0], [0, 1]],
    w_o: [[0, 1], [1, 0]], heads: 2,
  });
  const r = kinds.attention(two, {});
  assert.equal(r.heads.length, 2);
  assert.equal(r.heads[0].d_k, 1);
  assert.deepEqual(r.heads[0].scores, [[1, 3], [3, 9]]);
  // w_o swaps the two columns.
  assert.deepEqual(r.output, r.concat.map(([x, y]) => [y, x]));
});

test('an overflow is refused in the lesson\u2019s words, naming what overflowed', () => {
  assert.throws(() => kinds.attention(program, { embeddings: [[1e154, 0], [0, 1], [1, 1]] }), (error) => {
    assert.equal(error.message, 'the scores Q\u00b7K\u1d40 overflows: the inputs are too large to compute with');
    assert.equal(error.overflow, 'the scores Q\u00b7K\u1d40');
    return true;
  });
  assert.throws(() => kinds.attention(program, { embeddings: [[1e308, 1e308], [0, 1], [1, 1]] }),
    { overflow: 'the queries Q' });
  // Just below: finite scores of 10^306 compute.
  const large = kinds.attention(program, { embeddings: [[1e153, 0], [0, 1], [1, 1]] });
  assert.ok(large.heads[0].scores.every((row) => row.every(Number.isFinite)));
});

test('explains a row with its dot products, exps, sum and weighted values', () => {
  const r = kinds.attention(program, {});
  const x = kinds.explainRow(program, r, 0, 2);
  assert.deepEqual(x.query, [2, 2]);
  assert.deepEqual(x.keys.map((k) => k.products), [[4, 0], [0, 2], [4, 2]]);
  assert.deepEqual(x.keys.map((k) => k.score), [4, 2, 6]);
  assert.equal(x.shift, 0);
  const exps = [4, 2, 6].map((s) => Math.exp(s / Math.SQRT2));
  x.keys.forEach((k, j) => assert.ok(Math.abs(k.exp - exps[j]) < 1e-12));
  assert.ok(Math.abs(x.expSum - exps.reduce((a, b) => a + b)) < 1e-12);
  assert.deepEqual(x.keys.map((k) => k.weight), r.heads[0].weights[2]);
  assert.deepEqual(x.output, r.output[2]);
});

test('explains a masked row with zero exps for the future tokens', () => {
  const x = kinds.explainRow(program, kinds.attention(program, { causal: 1 }), 0, 0);
  assert.deepEqual(x.keys.map((k) => k.masked), [false, true, true]);
  assert.deepEqual(x.keys.map((k) => k.exp), [Math.exp(2 / Math.sqrt(2)), 0, 0]);
});

test('explains overflowing rows by subtracting the largest score', () => {
  const r = kinds.attention(program, { embeddings: [[1e3, 0], [0, 1e3], [1e3, 1e3]] });
  const x = kinds.explainRow(program, r, 0, 2);
  assert.equal(x.shift, r.heads[0].scaled[2][2]);
  assert.ok(x.shift > 700);
  assert.equal(x.keys[2].exp, 1);
  assert.ok(Number.isFinite(x.expSum));
});

test('explains a row again with the shift only when e to a score overflows, not after any error', () => {
  const r = kinds.attention(program, {});
  // A row index past the end without the shift, inside it with: only a retry could hide it.
  const probing = { ...program, explain_row: 'probe = head_q[r + 3 - 3 * shifted]\n' + program.explain_row };
  assert.throws(() => kinds.explainRow(probing, r, 0, 2), (error) => error.kind !== 'non_finite');
});

test('the differential checker accepts agreement and names the first difference', () => {
  const input = { program, edits: { causal: 1 }, explain: null };
  const r = kinds.attention(program, { causal: 1 });
  const h = r.heads[0];
  const expected = { q: r.q, k: r.k, v: r.v, scores: h.scores, scaled: h.scaled, weights: h.weights, output: r.output };
  assert.equal(differential.compareCase(input, expected), null);
  const off = structuredClone(expected);
  off.weights[2][0] += 2e-9;
  assert.match(differential.compareCase(input, off), /^weights\[2\]\[0\]/);
  assert.match(differential.compareCase(input, { error: 'the output overflows' }), /Rust failed/);
  assert.ok(differential.agrees(1e12, 1e12 + 1));
  assert.ok(!differential.agrees(1, 1 + 1e-8));
  assert.ok(!differential.agrees(NaN, NaN));
});
