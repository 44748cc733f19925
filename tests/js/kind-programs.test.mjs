// Unit tests for static/js/kind-programs.js. Run with `node --test tests/js/`.
// The differential tests (tests/cli/sliders_differential.rs) hold it to the Rust kinds; these
// pin what a widget relies on with small hand-written programs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const kinds = require('../../static/js/kind-programs.js');

test('a descent stops at the first update past its limit or that overflows, and runs in parts as in one', () => {
  const steps = [
    'w = start_w', 'b = start_b', 'loss = w * w', 'gradient_w = w', 'gradient_b = b', 'kept = 0',
    'repeat steps + 1 as t until loss > limit:',
    '    w = w * where(t > 0, learning_rate, 1)', '    b = b', '    loss = w * w', '    gradient_w = w',
    '    gradient_b = b', '    kept = t',
    'ws = history(w)', 'bs = history(b)', 'losses = history(loss)', 'gradients_w = history(gradient_w)',
    'gradients_b = history(gradient_b)',
  ].join('\n');
  const example = {
    steps: 10, start: [1, 0], optimum: { w: 0, b: 0, loss: 0 },
    program: {
      descent: {
        steps,
        inputs: [['start_w', 1], ['start_b', 0], ['learning_rate', 1], ['limit', 1e4], ['steps', 10]],
      },
      steps_per_run: 1000,
    },
  };
  const growing = kinds.descend(example, 10);
  assert.equal(growing.diverged_at, 3);
  assert.deepEqual(growing.losses, [1, 100, 10000]);
  assert.deepEqual(growing.iterates.map((wb) => wb[0]), [1, 10, 100]);
  const steady = kinds.descend(example, 0.5);
  assert.equal(steady.diverged_at, null);
  assert.equal(steady.losses.length, 11);
  const inParts = { ...example, program: { ...example.program, steps_per_run: 3 } };
  assert.deepEqual(kinds.descend(inParts, 0.5), steady);
  assert.deepEqual(kinds.descend(inParts, 10), growing);
  const overflowing = kinds.descend(example, 1e200);
  assert.equal(overflowing.diverged_at, 1);
  assert.deepEqual(overflowing.iterates, [[1, 0]]);
});
