// Unit tests for static/js/descent-compute.js. Run with `node --test tests/js/`.
// The points (0, 1), (1, 3), (2, 5), (3, 7) lie exactly on y = 2x + 1, so the least-squares fit
// is w = 2, b = 1 with loss 0. The loss's Hessian is (2/4)·[[14, 6], [6, 4]] = [[7, 3], [3, 2]],
// eigenvalues (9 ± √61) / 2 ≈ 8.405 and 0.595, so rates below 2 / 8.405 ≈ 0.238 converge.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const compute = require('../../static/js/descent-compute.js');
const differential = await import('./descent-differential.mjs');

const fit = { points: [[0, 1], [1, 3], [2, 5], [3, 7]], start: [0, 0], learning_rate: 0.05, steps: 50 };

test('the first step from (0, 0) follows the hand-computed gradient', () => {
  const r = compute.descend({ ...fit, steps: 1 });
  // Residuals −1, −3, −5, −7: loss (1 + 9 + 25 + 49) / 4 = 21;
  // ∂L/∂w = (2/4)(0 − 3 − 10 − 21) = −17, ∂L/∂b = (2/4)(−16) = −8.
  assert.deepEqual(r.losses[0], 21);
  assert.deepEqual(r.gradients[0], [-17, -8]);
  assert.deepEqual(r.iterates, [[0, 0], [0.05 * 17, 0.05 * 8]]);
  assert.equal(r.diverged_at, null);
});

test('a small rate converges to w = 2, b = 1 and the loss never rises', () => {
  const r = compute.descend({ ...fit, learning_rate: 0.05, steps: 2000 });
  const [w, b] = r.iterates[r.iterates.length - 1];
  assert.ok(Math.abs(w - 2) < 1e-9 && Math.abs(b - 1) < 1e-9, `${w}, ${b}`);
  assert.equal(r.diverged_at, null);
  assert.equal(r.iterates.length, 2001);
  for (let k = 1; k < r.losses.length; k++) assert.ok(r.losses[k] <= r.losses[k - 1] + 1e-15);
  assert.ok(Math.abs(r.optimum.w - 2) < 1e-15 && Math.abs(r.optimum.b - 1) < 1e-15);
  assert.ok(r.optimum.loss < 1e-28);
});

test('a large rate diverges, keeping only the finite iterates before diverged_at', () => {
  const r = compute.descend({ ...fit, learning_rate: 1 });
  assert.ok(Number.isInteger(r.diverged_at) && r.diverged_at >= 2 && r.diverged_at <= 50, String(r.diverged_at));
  assert.equal(r.iterates.length, r.diverged_at);
  assert.equal(r.losses.length, r.diverged_at);
  assert.ok(r.losses.every(Number.isFinite) && r.iterates.flat().every(Number.isFinite));
  // Every kept loss is within the limit of 1e12 × the starting loss; the next would not be.
  assert.ok(Math.max(...r.losses) <= 1e12 * 21);
  assert.ok(r.losses[r.losses.length - 1] > r.losses[0]);
});

test('divergence is decided on the first non-finite or too-large iterate, like Rust', () => {
  // Rate 0.25 is just past the edge: the loss grows ×1.2 a step, too slowly to pass 1e12 in 50.
  const slow = compute.descend({ ...fit, learning_rate: 0.25 });
  assert.equal(slow.diverged_at, null);
  assert.ok(slow.losses[50] > slow.losses[0]);
  const fast = compute.descend({ ...fit, learning_rate: 1e200, steps: 3 });
  assert.equal(fast.diverged_at, 1);
  assert.deepEqual(fast.iterates, [[0, 0]]);
});

test('the stable limit is 2 over the largest Hessian eigenvalue', () => {
  const limit = compute.stableLimit(fit.points);
  assert.ok(Math.abs(limit - 4 / (9 + Math.sqrt(61))) < 1e-15);
  assert.equal(compute.descend({ ...fit, learning_rate: limit * 0.99, steps: 400 }).diverged_at, null);
  assert.notEqual(compute.descend({ ...fit, learning_rate: limit * 1.5, steps: 400 }).diverged_at, null);
});

test('bad inputs are errors on the same fields as in Rust', () => {
  const field = (input) => {
    try {
      compute.descend(input);
    } catch (e) {
      return e.field;
    }
    return null;
  };
  assert.equal(field({ ...fit, points: [[1, 2]] }), 'points');
  assert.equal(field({ ...fit, points: [[1, 2], [1, 5]] }), 'points');
  assert.equal(field({ ...fit, points: [[1, 2], [NaN, 5]] }), 'points');
  assert.equal(field({ ...fit, points: [[1e300, 0], [-1e300, 1]] }), 'points');
  assert.equal(field({ ...fit, start: [Infinity, 0] }), 'start');
  assert.equal(field({ ...fit, start: [1e200, 1e200] }), 'start');
  for (const rate of [0, -0.1, Infinity, NaN]) assert.equal(field({ ...fit, learning_rate: rate }), 'learning_rate');
  for (const steps of [0, 10001, 1.5]) assert.equal(field({ ...fit, steps }), 'steps');
});

test('the differential comparison notices a different divergence step or iterate', () => {
  const r = compute.descend(fit);
  assert.equal(differential.compareCase(fit, r), null);
  assert.match(differential.compareCase(fit, { ...r, diverged_at: 50 }), /diverged_at/);
  const moved = { ...r, iterates: r.iterates.map((row, k) => (k === 7 ? [row[0] + 1e-6, row[1]] : row)) };
  assert.match(differential.compareCase(fit, moved), /iterates\[7\]\[0\]/);
  assert.equal(differential.compareCase({ ...fit, steps: 0 }, { error: 'steps' }), null);
  assert.match(differential.compareCase({ ...fit, steps: 0 }, { error: 'points' }), /steps/);
});
