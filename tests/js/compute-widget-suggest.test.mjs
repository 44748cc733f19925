// Unit tests for the compute widget's suggestions (static/js/compute-widget.js `suggest` and
// `roundedTowards`): after a refused edit the widget offers nearby values that work, each
// tried, and at the fewest significant digits that still work. The search runs here as in the
// page, on compute-lang.js, without a page: the widget's job yields each program to run and this
// file runs it. Run with `node --test tests/js/`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { requireComputeWidget } from './tools/compute-widget-page.mjs';

const require = createRequire(import.meta.url);
const lang = require('../../static/js/compute-lang.js');
const { roundedTowards, Widget } = requireComputeWidget();

test('a found value is rounded towards the value that worked, fewest digits first, each once', () => {
  assert.deepEqual(roundedTowards(9.371341361223948e153, 1).slice(0, 3), [9e153, 9.3e153, 9.37e153]);
  // Towards a larger `before` the rounding goes up; a negative value rounds towards it too.
  assert.deepEqual(roundedTowards(0.0234, 1), [0.03, 0.024]);
  assert.deepEqual(roundedTowards(-0.37, 0), [-0.3]);
  // Rounding to the nearest would pass the value (9.96 → 10): one unit back instead.
  assert.deepEqual(roundedTowards(9.96, 1), [9, 9.9]);
  // Whole numbers stay whole, and nothing is offered at or past `before`.
  assert.deepEqual(roundedTowards(682, 6), [600, 680]);
  assert.deepEqual(roundedTowards(1.5, 1.2), []);
  assert.deepEqual(roundedTowards(1e153, 1), []);
});

/** The values `suggest` offers for `input` = `x` refused, the widget on `example`, its
 *  programs run to the end here; with `tried`, the values it ran. */
function suggested(example, input, x, tried = []) {
  const widget = new Widget(null, example);
  const index = example.inputs.findIndex((entry) => entry[0] === input);
  const field = { input: index, row: 0, col: 0 };
  const before = widget.entry(index, 0, 0);
  const refused = widget.judge(lang.runFully(example.steps, widget.withEntry(field, x)));
  const search = widget.suggest(field, x, before, refused.problem || { kind: 'domain' });
  let next = search.next();
  while (!next.done) {
    tried.push(widget.entry.call({ inputs: next.value.inputs }, index, 0, 0));
    next = search.next(lang.runFully(next.value.steps, next.value.inputs));
  }
  return next.value;
}

test('an overflow is answered with the value that works at the fewest significant digits', () => {
  // y overflows past √(1.8 × 10³⁰⁸) ≈ 1.34 × 10¹⁵⁴: the bisection ends near that, unrounded.
  const square = { name: 'sq', steps: 'y = x * x', inputs: [['x', 1]] };
  const tried = [];
  assert.deepEqual(suggested(square, 'x', 1e300, tried), [1e154]);
  assert.ok(tried.length <= 14, `within the runs a search may make: ${tried}`);
  // Each offered value was tried, and works.
  assert.ok(tried.includes(1e154));
  // Whole numbers stay whole, and negative ones round towards the value that worked.
  assert.deepEqual(suggested(square, 'x', -1e300), [-1e154]);
  const decimal = { name: 'sq', steps: 'y = x * x', inputs: [['x', 0.5]] };
  assert.deepEqual(suggested(decimal, 'x', 1e300), [1e154]);
});

test('a size past what the widget draws is answered with a round count that fits', () => {
  // 7 × n numbers, at most 4,096 drawn: 585 fits, 586 does not, and 500 is offered.
  const table = { name: 'grid', steps: 'g = zeros(n, 7)', inputs: [['n', 2]] };
  assert.deepEqual(suggested(table, 'n', 100000), [500]);
});

test('past a domain bound, the nearest working value between it and the field is rounded too', () => {
  // x may be up to 10¹⁰⁰ and overflows past 1.34 × 10¹⁵⁴... so the bound itself works;
  // at most 10²⁰⁰ it does not, and the search between the bound and the field's value rounds.
  const bounded = {
    name: 'b', steps: 'y = x * x', inputs: [['x', 1]],
    domains: { x: { max: 1e200, words: 'a number up to 10²⁰⁰' } },
  };
  assert.deepEqual(suggested(bounded, 'x', 1e250), [1e154]);
});
