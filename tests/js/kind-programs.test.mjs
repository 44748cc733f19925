// Unit tests for static/js/kind-programs.js. Run with `node --test tests/js/`.
// The differential tests (tests/cli/sliders_differential.rs) hold it to the Rust kinds; these
// pin what a widget relies on with small hand-written programs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const kinds = require('../../static/js/kind-programs.js');

test('a softmax program runs at the temperature asked for, and a run that cannot compute throws', () => {
  const example = {
    logits: [2, 0], target: 0,
    program: {
      steps: 'probabilities = softmax(logits / T)\nlog_probabilities = log(probabilities)\n' +
        'loss = -log_probabilities[target]\ngradient = probabilities / T',
      inputs: [['logits', [2, 0]], ['T', 1], ['target', 0]],
    },
  };
  const sharp = kinds.softmax(example, 0.5);
  assert.equal(sharp.temperature, 0.5);
  assert.equal(sharp.probabilities[0], 1 / (1 + Math.exp(-4)));
  assert.equal(sharp.loss, -Math.log(sharp.probabilities[0]));
  assert.throws(() => kinds.softmax(example, 1e-320), /overflows/);
  assert.equal(kinds.softmax({ ...example, target: undefined }, 1).loss, null);
});

test('a descent stops at the first step past its limit or that fails, keeping the steps before', () => {
  const example = {
    steps: 10, optimum: { w: 0, b: 0, loss: 0 },
    program: {
      step: {
        steps: 'w = previous_w * learning_rate\nb = previous_b\nloss = w * w\ngradient_w = w\ngradient_b = b',
        inputs: [['previous_w', 1], ['previous_b', 0], ['previous_gradient_w', 1], ['previous_gradient_b', 0],
          ['learning_rate', 1]],
      },
      start_loss: 1,
      limit: 1e4,
    },
  };
  const growing = kinds.descend(example, 10);
  assert.equal(growing.diverged_at, 3);
  assert.deepEqual(growing.losses, [1, 100, 10000]);
  assert.deepEqual(growing.iterates.map((wb) => wb[0]), [1, 10, 100]);
  const steady = kinds.descend(example, 0.5);
  assert.equal(steady.diverged_at, null);
  assert.equal(steady.losses.length, 11);
  const failing = kinds.descend({ ...example, program: { ...example.program, limit: Infinity } }, 1e100);
  assert.equal(failing.diverged_at, 2);
});
