// Unit tests of static/js/step-views.js: a heatmap hatches the entries its mask marks (the
// weights a causal mask removes, exactly 0), distinct from a weight that is merely small.
// tests/cli/step_views_differential.rs holds the whole picture to the Rust figure.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
require('../../static/js/worked-format.js');
require('../../static/js/line-chart.js');
const views = require('../../static/js/step-views.js');

const WEIGHTS = [[1, 0], [0.99, 0.01]];
const draw = (mask) => views.markup(views.heatmap(WEIGHTS, null, null, 'w', { decimals: 3, idPrefix: 'wc1-w', full: 1, mask }).svg);

test('a masked entry is hatched without its number, a small one keeps its colour and number', () => {
  const svg = draw([[false, true], [false, false]]);
  assert.equal(svg.match(/fill="url\(#wc1-w-hatch-0\)"/g).length, 2, 'the masked cell and its legend swatch');
  assert.match(svg, />masked<\/text>/, 'the legend says masked');
  assert.match(svg, /row 1: 1 1\.000, 2 masked; row 2: 1 0\.990, 2 0\.010\./);
  assert.match(svg, /hatched cells are masked/);
  assert.match(svg, />0\.010<\/text>/);
  assert.doesNotMatch(svg, />0\.000<\/text>/, 'the masked zero is not printed');
});

test('without a mask nothing is hatched, and a mask of another shape is refused', () => {
  assert.doesNotMatch(draw(null), /hatch/);
  assert.deepEqual(views.heatmap(WEIGHTS, null, null, 'w', { decimals: 3, idPrefix: 'p', mask: [[false, true]] }), { error: 'mask' });
});
