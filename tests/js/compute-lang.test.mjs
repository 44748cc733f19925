// Unit tests for static/js/compute-lang.js. Run with `node --test tests/js/`.
// The Rust unit tests (src/compute/lang/mod.rs) pin the language's rules; the differential test
// holds the two interpreters together. These check what the browser relies on: the run() result
// shape, plain values in and out, offsets for the widget, −∞ masks, and a few hand-derived values.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const lang = require('../../static/js/compute-lang.js');
const differential = await import('./compute-lang-differential.mjs');

/** The values of a successful run as an object, name → plain value. */
function values(steps, inputs = []) {
  const result = lang.run(steps, inputs);
  assert.ok(result.ok, JSON.stringify(result.error));
  return Object.fromEntries(result.values);
}

function failure(steps, inputs = []) {
  const result = lang.run(steps, inputs);
  assert.equal(result.ok, false, `${steps} ran`);
  return result.error;
}

test('the script attaches one API to the worked namespace and to WorkedComputeLang', () => {
  assert.equal(globalThis.worked.computeLang, lang);
  assert.equal(globalThis.WorkedComputeLang, lang);
  assert.ok(lang.FUNCTIONS.includes('softmax') && lang.FUNCTIONS.includes('randn'));
});

test('steps come back in order with scalars, vectors and matrices as plain values', () => {
  const out = lang.run('a = x * 2\nb = row(v)\nc = sum(m, axis=0)', [
    ['x', 1.5], ['v', [1, 2]], ['m', [[1, 2], [3, 4]]],
  ]);
  assert.deepEqual(out, {
    ok: true,
    values: [['a', 3], ['b', [[1, 2]]], ['c', [[4, 6]]]],
    whole: ['b', 'c'],
    reused: 0,
  });
});

test('a loop keeps its state, history stacks it, subscripts and comparisons read it', () => {
  const out = lang.run('w = w0\nrepeat n as t:\n    w = w * 2 + t\n    loss = sum(w)\ncurve = history(loss)\n' +
    'best = argmax(curve)\nlast = w[-1]\nflip = w[::-1]\nbig = where(w > 10, w, -inf)',
  [['w0', [1, 2]], ['n', 3]]);
  assert.deepEqual(out.values, [['w', [12, 20]], ['loss', 32], ['curve', [6, 14, 32]], ['best', 2],
    ['last', 20], ['flip', [20, 12]], ['big', [12, 20]]]);
  assert.deepEqual(out.whole, ['w', 'loss', 'curve', 'best', 'last', 'flip']);
});

test('constructs from other languages name themselves, and sort does not suggest sqrt', () => {
  assert.equal(lang.run('for i in range(3):', []).error.message,
    '`for` starts a loop, which the language does not have');
  const sorted = lang.run('y = sortt(x)', [['x', [2, 1]]]);
  assert.equal(sorted.error.hint, 'did you mean `sort`?');
  const unknown = lang.run('y = srot(x)', [['x', [2, 1]]]);
  assert.notEqual(unknown.error.hint, 'did you mean `sqrt`?');
});

test('a causal mask gives exact zeros after softmax and stays -Infinity as a step', () => {
  const out = values('m = causal_mask(2)\ns = softmax(m)');
  assert.deepEqual(out.m, [[0, -Infinity], [0, 0]]);
  assert.deepEqual(out.s, [[1, 0], [0.5, 0.5]]);
});

test('the attention pattern computes the hand-derived weights', () => {
  // q = k = [[1, 0], [0, 1]]: scores = I / √2, so row 1 is (e^(1/√2), 1) / (e^(1/√2) + 1).
  const out = values('w = softmax(q @ k.T / sqrt(2))', [['q', [[1, 0], [0, 1]]], ['k', [[1, 0], [0, 1]]]]);
  const e = Math.exp(1 / Math.SQRT2);
  assert.ok(Math.abs(out.w[0][0] - e / (e + 1)) < 1e-15);
  assert.ok(Math.abs(out.w[0][1] - 1 / (e + 1)) < 1e-15);
});

test('randn is deterministic per seed and its entries look standard normal', () => {
  assert.deepEqual(values('a = randn(3, seed=4)').a, values('a = randn(3, seed=4)').a);
  assert.notDeepEqual(values('a = randn(3, seed=4)').a, values('a = randn(3, seed=5)').a);
  const sample = values('a = randn(200, 50, seed=9)').a.flat();
  const mean = sample.reduce((s, x) => s + x, 0) / sample.length;
  const variance = sample.reduce((s, x) => s + (x - mean) ** 2, 0) / sample.length;
  assert.ok(Math.abs(mean) < 0.03 && Math.abs(variance - 1) < 0.05, `${mean} ${variance}`);
});

test('errors carry the kind, the message, a hint and UTF-16 offsets into the steps text', () => {
  const error = failure('# café\ny = x @ w', [['x', [[1, 2, 3]]], ['w', [[1, 2, 3]]]]);
  assert.equal(error.kind, 'shape');
  assert.equal(error.message, 'x @ w: 1×3 @ 1×3, inner sizes 3 and 1 differ');
  assert.equal('# café\ny = x @ w'.slice(error.start, error.end), '@');
  assert.match(error.hint, /x @ w\.T/);
  assert.equal(failure('lp = log(x)', [['x', [[1, 2, 3], [4, 5, 0]]]]).message, 'log of 0 in step lp at [2, 3]');
});

test('every kind of error is reported under the same name as in Rust', () => {
  const kinds = {
    syntax: 'y = 2x',
    unknown_name: 'y = nope',
    unknown_function: 'y = sofmax(1)',
    arguments: 'y = softmax(1, 2)',
    shape: 'y = arange(2) + arange(3)',
    redefinition: 'y = 1\ny = 2',
    non_finite: 'y = exp(causal_mask(2))',
    limit: 'y = zeros(5000, 1)',
  };
  for (const [kind, steps] of Object.entries(kinds)) assert.equal(failure(steps).kind, kind, steps);
});

test('inputs are checked: ragged tables, empty lists and non-finite entries are refused', () => {
  assert.equal(failure('y = x', [['x', [[1, 2], [3]]]]).kind, 'arguments');
  assert.equal(failure('y = x', [['x', []]]).kind, 'arguments');
  assert.equal(failure('y = x', [['x', [1, NaN]]]).message, 'input `x` has NaN at [2]');
  assert.equal(failure('y = x', [['x', 1], ['x', 2]]).kind, 'redefinition');
});

test('messages print numbers as Rust does', () => {
  assert.equal(lang.formatNumber(1e21), '1e+21');
  assert.equal(lang.formatNumber(-Infinity), '-inf');
  assert.equal(failure('y = 1e300 * 1e300').message, '1e+300 * 1e+300 overflows in step y');
});

test('the differential helpers decode -inf, mask decimals and catch a wrong value', () => {
  assert.deepEqual(differential.decode([[0, '-inf']]), [[0, -Infinity]]);
  assert.equal(differential.maskDecimals('exp(709.80000001) overflows at [1, 2]'), 'exp(#) overflows at [1, 2]');
  const input = { steps: 'y = 2 * x', inputs: [['x', [1, '-inf']]] };
  assert.equal(differential.compareCase(input, { error: { kind: 'non_finite', message: 'input `x` has -inf at [2]' } }), null);
  const ok = { steps: 'y = 2 * x', inputs: [['x', [1, 2]]] };
  assert.equal(differential.compareCase(ok, { values: [['y', [2, 4]]] }), null);
  assert.match(differential.compareCase(ok, { values: [['y', [2, 5]]] }), /y\[1\]/);
  assert.match(differential.compareCase(ok, { values: [['y', [[2, 4]]]] }), /not a matrix/);
  const typo = { steps: 'y = z', inputs: [] };
  const unknown = { kind: 'unknown_name', message: 'unknown name `z`' };
  assert.equal(differential.compareCase(typo, { error: { ...unknown, start: 4, end: 5 } }), null);
  assert.match(differential.compareCase(typo, { error: { ...unknown, start: 3, end: 5 } }), /spans differ/);
});

test('an edit runs again only the statements whose names changed, and gives what a full run gives', () => {
  const steps = 'w = randn(4, 4, seed=seed)\ns = zeros(4)\nrepeat 3 as t:\n    s = s + w[t] * t\nh = history(s)\ny = s * scale';
  const inputs = (seed, scale) => [['seed', seed], ['scale', scale]];
  lang.run(steps, inputs(1, 2));
  const edited = lang.run(steps, inputs(1, 3));
  assert.equal(edited.reused, 4, 'w, s, the loop and its history are kept; y runs');
  assert.deepEqual(edited.values, lang.runFully(steps, inputs(1, 3)).values);
  const reseeded = lang.run(steps, inputs(2, 3));
  assert.equal(reseeded.reused, 1, 'only s = zeros(4) reads no seed');
  assert.deepEqual(reseeded.values, lang.runFully(steps, inputs(2, 3)).values);
});

test('a kept statement that an earlier edit pushes past the work limit fails where a full run does', () => {
  const steps = 'big = sum(zeros(n, 1000) * 2 * 2 * 2 * 2 + 1)\nother = sum(zeros(1000, 1000) * 2 + 1)';
  assert.ok(lang.run(steps, [['n', 1]]).ok);
  const kept = lang.run(steps, [['n', 1000]]);
  assert.equal(kept.ok, false);
  assert.match(kept.error.message, /step other, line 2/);
  assert.deepEqual(kept.error, lang.runFully(steps, [['n', 1000]]).error);
});

test('a kept statement keeps its result apart from a -0 input, which a full run tells from 0', () => {
  const steps = 'y = -x';
  const zero = lang.run(steps, [['x', 0]]);
  assert.ok(Object.is(zero.values[0][1], -0));
  const negativeZero = lang.run(steps, [['x', -0]]);
  assert.equal(negativeZero.reused, 0, 'x = -0 is not x = 0: y runs again');
  assert.deepStrictEqual(negativeZero.values, lang.runFully(steps, [['x', -0]]).values);
  assert.ok(Object.is(negativeZero.values[0][1], 0));
  assert.equal(lang.run(steps, [['x', -0]]).reused, 1, 'the same -0 again is kept');
});

test('grad differentiates a step, one step per name of a list, and names what it cannot pass through', () => {
  const x = [['x', [0.3, -1.2, 0.8]]];
  const out = lang.run('L = sum(x ^ 2)\ng = grad(L, [x])', x);
  assert.deepEqual(out.values, [['L', 2.17], ['g_x', [0.6, -2.4, 1.6]]]);
  const error = lang.run('h = round(x)\nL = sum(h)\ng = grad(L, x)', x).error;
  assert.equal(error.message, 'grad cannot pass through `round` in step h (the path from the loss: L → h): it has no useful derivative');
  // A training loop: grad inside the body sees the current iteration only.
  const loop = lang.run('w = x\nrepeat 3:\n    L = sum((w - 1) ^ 2)\n    g = grad(L, w)\n    w = w - 0.25 * g', x);
  const w = loop.values.find((v) => v[0] === 'w')[1];
  [0.3, -1.2, 0.8].forEach((start, k) => assert.ok(Math.abs(w[k] - (1 + (start - 1) / 8)) < 1e-12));
});

test('a name only a loop that kept no iteration assigns says why the loop kept none', () => {
  assert.equal(failure('repeat 5 until 1:\n    g = 1\nh = g').message,
    '`g` has no value: the repeat on line 1 that assigns it kept no iteration: its `until` undid the first');
  assert.equal(failure('repeat 0 until 1:\n    g = 1\nh = g').message,
    '`g` has no value: the repeat on line 1 that assigns it ran 0 times');
});

test('a value with names of its own takes them on the sides it gives, where they fit', () => {
  const labels = lang.labels;
  const points = [[0, 1], [1, 3], [2, 4]];
  const own = { cols: ['x', 'y'] };
  // The block's rows still name the rows; the value's own names its columns.
  assert.deepEqual(labels(points, ['a', 'b', 'c'], null, own), { rows: ['a', 'b', 'c'], cols: ['x', 'y'] });
  assert.deepEqual(labels([0, 0], null, null, { cols: ['w', 'b'] }), { rows: null, cols: ['w', 'b'] });
  // A reader's edit that changes the length leaves positions, not the block's names.
  assert.deepEqual(labels([0, 0, 1], null, ['p', 'q', 'r'], { cols: ['w', 'b'] }), { rows: null, cols: null });
  // The side words keep their meaning.
  assert.deepEqual(labels([0, 0], null, ['p', 'q'], 'none'), { rows: null, cols: null });
});
