// Unit tests for compute-lang.js's runInSteps, the run a widget spreads over several frames
// (issue 41). Run with `node --test tests/js/`. A run in steps must give what run() gives, bit for
// bit, errors included, however it is paused and whatever other runs do between its steps.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import vm from 'node:vm';
import { identical } from './compute-lang-kept.mjs';

const require = createRequire(import.meta.url);
const lang = require('../../static/js/compute-lang.js');

/** Whether two runs' results agree: the same values and whole steps, or the same error. */
function same(a, b) {
  return a.ok === b.ok && (a.ok
    ? identical(a.values.flat(), b.values.flat()) && identical(a.whole, b.whole)
    : ['kind', 'message', 'hint', 'start', 'end'].every((field) => a.error[field] === b.error[field]));
}

/**
 * `steps` run in steps, a second run of it advanced between every two of its steps (as two
 * widgets' runs interleave, sharing the kept statements): its result and how often it paused.
 */
function runPaused(steps, inputs) {
  const paused = lang.runInSteps(steps, structuredClone(inputs));
  const beside = lang.runInSteps(steps, structuredClone(inputs));
  let pauses = 0;
  let next = paused.next();
  let other = beside.next();
  while (!next.done) {
    pauses += 1;
    if (!other.done) other = beside.next();
    next = paused.next();
  }
  return { result: next.value, pauses };
}

const LINE_FIT = `w = zeros(2)
repeat steps:
    err = x @ w - y
    grad = 2 * (x.T @ err) / n
    w = w - lr * grad
    loss = mean((x @ w - y) ^ 2)
curve = history(loss)
best = argmin(curve)
`;
const LINE_INPUTS = [['x', [[1, 1], [1, 2], [1, 3], [1, 4]]], ['y', [6, 5, 7, 10]], ['n', 4], ['lr', 0.05], ['steps', 1000]];

const LOGISTIC = `w = w0
b = b0
repeat steps:
    P = sigmoid(X @ w + b)
    L = -mean(T * log(P) + (1 - T) * log(1 - P))
    g = grad(L, [w, b])
    w = w - lr * g_w
    b = b - lr * g_b
curve = history(L)
`;
const LOGISTIC_INPUTS = [['X', [[1, 4], [2, 8], [3, 5], [4, 7], [5, 6], [6, 8]]], ['T', [0, 0, 1, 0, 1, 1]],
  ['w0', [0, 0]], ['b0', 0], ['lr', 0.1], ['steps', 300]];

/** Programs whose loops count enough work to pause: results, a work-limit error, `until` undoing
 *  an iteration, nested loops with counters. */
const CASES = [
  ['a straight-line fit of 1,000 steps', LINE_FIT, LINE_INPUTS],
  ['a logistic regression trained with grad', LOGISTIC, LOGISTIC_INPUTS],
  ['a loop stopped by the work limit', 'x = zeros(1000)\nrepeat 100000:\n    x = x + 1\n', []],
  ['a loop that `until` stops, undoing its last iteration',
    'x = ones(100)\nrepeat 10000 until s > 1000000:\n    x = x * 1.01\n    s = sum(x)\nh = history(s)\n', []],
  ['nested loops with counters', 'a = 0\nrepeat 300 as i:\n    repeat 300 as j:\n        a = a + i * j\n', []],
  ['a loop of tiny iterations', 'x = 0\nrepeat 60000:\n    x = x + 0.1\n', []],
];

for (const [what, steps, inputs] of CASES) {
  test(`a run in steps gives what run gives, paused and interleaved: ${what}`, () => {
    const full = lang.runFully(steps, structuredClone(inputs));
    const { result, pauses } = runPaused(steps, inputs);
    assert.ok(pauses > 0, 'the run paused');
    assert.ok(same(result, full), `${JSON.stringify(result).slice(0, 300)}`);
    assert.ok(same(lang.run(steps, structuredClone(inputs)), full));
  });
}

test('a run in steps left unfinished changes nothing a later run reads', () => {
  const edited = structuredClone(LINE_INPUTS);
  edited[3][1] = 0.04;
  const dropped = lang.runInSteps(LINE_FIT, edited);
  for (let k = 0; k < 3; k++) assert.equal(dropped.next().done, false);
  const full = lang.runFully(LINE_FIT, structuredClone(edited));
  const after = lang.run(LINE_FIT, structuredClone(edited));
  assert.ok(same(after, full));
});

test('the worker built from the script answers with what run gives; a newer message or a stop drops a run', async () => {
  const replies = [];
  const worker = vm.createContext({ setTimeout, Date, postMessage: (message) => replies.push(message) });
  vm.runInContext(lang.workerSource(), worker);
  worker.onmessage({ data: { id: 1, steps: LINE_FIT, inputs: structuredClone(LINE_INPUTS) } });
  worker.onmessage({ data: { id: 2, steps: LOGISTIC, inputs: structuredClone(LOGISTIC_INPUTS) } });
  worker.onmessage({ data: { id: 3, steps: LINE_FIT, inputs: structuredClone(LINE_INPUTS) } });
  worker.onmessage({ data: { stop: true } });
  worker.onmessage({ data: { id: 4, steps: LOGISTIC, inputs: structuredClone(LOGISTIC_INPUTS) } });
  while (replies.length === 0) await new Promise((done) => setTimeout(done, 10));
  await new Promise((done) => setTimeout(done, 50));
  assert.deepEqual(replies.map((reply) => reply.id), [4]);
  assert.ok(same(replies[0].result, lang.runFully(LOGISTIC, structuredClone(LOGISTIC_INPUTS))));
});
