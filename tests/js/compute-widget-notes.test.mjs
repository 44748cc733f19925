// Unit tests for the compute widget's notes (static/js/compute-widget.js `noteParts`): a step
// that is 0 when a run went through and else says where it stopped, such as a descent's
// `diverged_at`, said in the block's words. Run with `node --test tests/js/`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { requireComputeWidget } from './tools/compute-widget-page.mjs';

const require = createRequire(import.meta.url);
const format = require('../../static/js/worked-format.js');
const { noteParts } = requireComputeWidget();

const diverged = {
  says: 'Diverged at step {}.',
  why: 'That step would take the loss past 10\u00b9\u00b2 times where it started, so the run stops.',
};

test('a note is silent while its step is 0 or the run has no such step', () => {
  assert.equal(noteParts(diverged, 0, format), null);
  assert.equal(noteParts(diverged, undefined, format), null);
  assert.equal(noteParts(diverged, [1, 2], format), null);
});

test('a note says its step as a count where its {} stands, then why', () => {
  assert.deepEqual(noteParts(diverged, 33, format), ['Diverged at step ', '33', '.', diverged.why]);
  // Counts print grouped, as the build prints them.
  assert.equal(noteParts(diverged, 1024, format)[1], '1,024');
  // Without a why, nothing follows; without a {}, the words alone.
  assert.deepEqual(noteParts({ says: 'Stopped early: {} left.' }, 2.5, format), ['Stopped early: ', '2.5', ' left.', '']);
  assert.deepEqual(noteParts({ says: 'Stopped early.' }, 1, format), ['Stopped early.', '', '', '']);
});

// What the descent's note counts: its program's `repeat … until` loop (src/compute/
// gradient_descent/program.compute) stops at the first update past its limit or that
// overflows, undone, so `kept` is the updates made and the note's step is the next one.
const lang = require('../../static/js/compute-lang.js');

test('a loop stops at the first update past its limit or that overflows, and the note counts it', () => {
  const steps = [
    'w = start_w', 'loss = w * w', 'kept = 0',
    'repeat steps + 1 as t until loss > limit:',
    '    w = w * where(t > 0, learning_rate, 1)', '    loss = w * w', '    kept = t',
    'losses = history(loss)', 'diverged_at = (kept < steps) * (kept + 1)',
  ].join('\n');
  const run = (rate) => {
    const ran = lang.runFully(steps, [['start_w', 1], ['learning_rate', rate], ['limit', 1e4], ['steps', 10]]);
    assert.ok(ran.ok);
    return Object.fromEntries(ran.values);
  };
  const growing = run(10);
  assert.deepEqual(growing.losses, [1, 100, 10000]);
  assert.equal(growing.diverged_at, 3);
  assert.deepEqual(noteParts(diverged, growing.diverged_at, format).slice(0, 3), ['Diverged at step ', '3', '.']);
  const steady = run(0.5);
  assert.equal(steady.losses.length, 11);
  assert.equal(noteParts(diverged, steady.diverged_at, format), null);
  // An update that overflows is undone as one past the limit is.
  const overflowing = run(1e200);
  assert.deepEqual(overflowing.losses, [1]);
  assert.equal(overflowing.diverged_at, 1);
});
