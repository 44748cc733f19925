// Unit tests for static/js/softmax-compute.js. Run with `node --test tests/js/`.
// Expected values are derived by hand: softmax([2, 1, 0.1]) = e^z / Σ e^z with
// e^2 = 7.389, e^1 = 2.718, e^0.1 = 1.105, Σ = 11.212 → (0.659, 0.242, 0.099).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const compute = require('../../static/js/softmax-compute.js');
const differential = await import('./softmax-differential.mjs');

const temps = {
  logits: [2, 1, 0.1],
  labels: ['cat', 'dog', 'fish'],
  temperature: 1,
  target: 0,
  temperatures: [0.5, 1, 2],
};

const round3 = (xs) => xs.map((x) => Math.round(x * 1000) / 1000);
const sum = (xs) => xs.reduce((a, b) => a + b, 0);

test('softmax([2, 1, 0.1]) at T = 1 is the hand-computed distribution', () => {
  const r = compute.softmax(temps);
  assert.deepEqual(round3(r.probabilities), [0.659, 0.242, 0.099]);
  const total = Math.exp(2) + Math.exp(1) + Math.exp(0.1);
  assert.ok(Math.abs(r.probabilities[0] - Math.exp(2) / total) < 1e-15);
  assert.ok(Math.abs(sum(r.probabilities) - 1) < 1e-15);
  // The largest shifted logit is 0, so its exp is exactly 1.
  assert.equal(r.exps[0], 1);
});

test('the loss is −log p_target and the gradient is p − onehot, summing to 0', () => {
  const r = compute.softmax(temps);
  assert.ok(Math.abs(r.loss - -Math.log(r.probabilities[0])) < 1e-15);
  assert.equal(Math.round(r.loss * 1000) / 1000, 0.417);
  assert.ok(Math.abs(r.gradient[0] - (r.probabilities[0] - 1)) < 1e-15);
  assert.equal(r.gradient[1], r.probabilities[1]);
  assert.ok(Math.abs(sum(r.gradient)) < 1e-15);
});

test('temperature 2 halves the logits and the gradient', () => {
  const r = compute.softmax({ ...temps, temperature: 2 });
  const half = compute.softmax({ ...temps, logits: [1, 0.5, 0.05], temperature: 1 });
  r.probabilities.forEach((p, i) => assert.ok(Math.abs(p - half.probabilities[i]) < 1e-15));
  r.gradient.forEach((g, i) => assert.ok(Math.abs(g - half.gradient[i] / 2) < 1e-15));
  assert.ok(Math.abs(sum(r.gradient)) < 1e-15);
});

test('a lower temperature sharpens and a higher one flattens', () => {
  const cold = compute.softmax({ ...temps, temperature: 0.5 });
  const hot = compute.softmax({ ...temps, temperature: 2 });
  assert.equal(Math.round(cold.probabilities[0] * 1000) / 1000, 0.864);
  assert.ok(cold.probabilities[0] > 0.659 && hot.probabilities[0] < 0.659);
  assert.ok(cold.loss < hot.loss);
});

test('the sweep has one row per temperature, equal to a run at that temperature', () => {
  const r = compute.softmax(temps);
  assert.deepEqual(r.temperatures, [0.5, 1, 2]);
  assert.equal(r.sweep.length, 3);
  r.sweep.forEach((row, k) => {
    assert.deepEqual(row, compute.softmax({ ...temps, temperature: temps.temperatures[k] }).probabilities);
  });
});

test('huge logits and tiny temperatures give finite numbers', () => {
  const r = compute.softmax({ logits: [1000, 999, -1000], labels: null, temperature: 1, target: 2 });
  assert.ok(Math.abs(r.probabilities[0] - 1 / (1 + Math.exp(-1))) < 1e-15);
  assert.equal(r.probabilities[2], 0);
  assert.ok(Number.isFinite(r.log_probabilities[2]));
  assert.ok(Math.abs(r.loss - (2000 + Math.log(1 + Math.exp(-1)))) < 1e-9);
  const cold = compute.softmax({ logits: [1e300, -1e300, 0], temperature: 1e-5, target: 0 });
  assert.deepEqual(cold.probabilities, [1, 0, 0]);
  assert.ok([...cold.log_probabilities, cold.loss, ...cold.gradient].every(Number.isFinite));
});

test('a result too small to represent is an error on temperature, not −∞', () => {
  assert.throws(() => compute.softmax({ logits: [1e308, -1e308], temperature: 0.05 }),
    (e) => e.field === 'temperature' && /too small/.test(e.message));
  assert.throws(() => compute.softmax({ logits: [1, 1], temperature: 1e-310, target: 0 }),
    (e) => e.field === 'temperature' && /gradient overflows/.test(e.message));
});

test('bad inputs are errors on the same fields as in Rust', () => {
  const field = (input) => {
    try {
      compute.softmax(input);
    } catch (e) {
      return e.field;
    }
    return null;
  };
  assert.equal(field({ logits: [], temperature: 1 }), 'logits');
  assert.equal(field({ logits: [1, NaN], temperature: 1 }), 'logits');
  assert.equal(field({ logits: new Array(1025).fill(0), temperature: 1 }), 'logits');
  for (const t of [0, -1, Infinity, NaN]) assert.equal(field({ logits: [1], temperature: t }), 'temperature');
  assert.equal(field({ logits: [1, 2], labels: ['a'], temperature: 1 }), 'labels');
  assert.equal(field({ logits: [1, 2], labels: ['a', 'a'], temperature: 1 }), 'labels');
  assert.equal(field({ logits: [1, 2], temperature: 1, target: 2 }), 'target');
  assert.equal(field({ logits: [1, 2], temperature: 1, target: 'a' }), 'target');
  assert.equal(field({ logits: [1, 2], labels: ['a', 'b'], temperature: 1, target: 'c' }), 'target');
  assert.equal(field({ logits: [1, 2], temperature: 1, temperatures: [] }), 'temperatures');
  assert.equal(field({ logits: [1, 2], temperature: 1, temperatures: [1, 0] }), 'temperatures');
  assert.equal(compute.softmax({ logits: [1, 2], labels: ['a', 'b'], temperature: 1, target: 'b' }).target, 1);
});

test('the differential comparison notices a disagreement and an error on the wrong field', () => {
  const input = { logits: [2, 1, 0.1], labels: null, temperature: 1, target: 0, temperatures: null };
  const r = compute.softmax(input);
  const expected = { ...r, probabilities: r.probabilities.map((p, i) => (i === 1 ? p + 1e-6 : p)) };
  assert.match(differential.compareCase(input, expected), /probabilities\[1\]/);
  assert.equal(differential.compareCase(input, r), null);
  assert.match(differential.compareCase(input, { error: 'logits' }), /JS computed a result/);
  const bad = { logits: [1e308, -1e308], temperature: 0.05 };
  assert.equal(differential.compareCase(bad, { error: 'temperature' }), null);
  assert.match(differential.compareCase(bad, { error: 'logits' }), /temperature/);
});
