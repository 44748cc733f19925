// Unit tests for static/js/line-chart.js's marks (a dashed reference line, where a run diverged):
// that `draw` puts them in the picture as the build's lines.rs writes them. Where they go is the
// differential's (tests/cli/lines_differential.rs); this is what is drawn there. The drawing
// needs only createElementNS and text nodes, so a few lines of a document stand in for a browser.
// Run with `node --test tests/js/`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

/** Just enough of a DOM for `draw`: elements with attributes, children and text. */
function element(tag) {
  return {
    tag,
    attributes: {},
    children: [],
    setAttribute(name, value) { this.attributes[name] = String(value); },
    appendChild(child) { this.children.push(child); return child; },
    get textContent() { return this.children.map((c) => c.textContent).join(''); },
  };
}
globalThis.document = {
  createElementNS: (_, tag) => element(tag),
  createTextNode: (text) => ({ textContent: text }),
};

const require = createRequire(import.meta.url);
require('../../static/js/worked-format.js');
const chart = require('../../static/js/line-chart.js');

const classed = (svg, name) => svg.children.filter((c) => (c.attributes.class || '').split(' ').includes(name));
const losses = [4.5, 1.5, 0.5, 0.2, 0.1];
const series = [{ name: 'losses', values: losses, className: 'wf-s0' }];

test('a reference is a dashed line across the plot, labelled with its name and value', () => {
  const layout = chart.layout(series, true, 3, { reference: { name: 'optimum_loss', value: 0.075 }, divergedAt: null });
  const svg = chart.draw(layout, series, 'w');
  const [line] = classed(svg, 'wf-reference');
  assert.equal(line.tag, 'line');
  assert.equal(line.attributes.y1, line.attributes.y2);
  assert.equal(Number(line.attributes.y1).toFixed(2), layout.reference.at.toFixed(2));
  assert.equal(Number(line.attributes.x1), Number(layout.frame.left.toFixed(2)));
  const label = classed(svg, 'wf-note').find((t) => t.textContent === 'optimum_loss 0.075');
  assert.ok(label, 'the label names the reference and its value');
  assert.equal(label.attributes['text-anchor'], 'end');
  assert.match(layout.description, / A dashed line marks optimum_loss 0\.075\.$/);
  assert.equal(classed(svg, 'wf-diverged').length, 0);
});

test('a run that diverged is marked at its step, above the plot, and the x axis reaches it', () => {
  const layout = chart.layout(series, true, 3, { reference: null, divergedAt: 5 });
  const svg = chart.draw(layout, series, 'w');
  const [line] = classed(svg, 'wf-diverged');
  assert.equal(line.attributes.x1, line.attributes.x2);
  assert.equal(Number(line.attributes.y1), layout.frame.top);
  const label = classed(svg, 'wf-warning')[0];
  assert.equal(label.textContent, '\u2715 diverged at step 5');
  // The label's row is above the plot, and the last x tick is the divergence's step.
  assert.ok(Number(label.attributes.y) < layout.frame.top);
  assert.ok(layout.xTicks[layout.xTicks.length - 1].value >= 5);
  assert.match(layout.description, / The run diverged at step 5\.$/);
  // Without marks, the same chart draws neither and keeps its plot where it was.
  const plain = chart.layout(series, true, 3);
  assert.equal(plain.reference, null);
  assert.equal(plain.diverged, null);
  assert.equal(plain.frame.top, layout.frame.top - 16);
});

test('a diverged-at value marks a step only when it is a whole number from 1', () => {
  assert.equal(chart.divergedStep(33), 33);
  for (const none of [0, -1, 2.5, NaN, Infinity, chart.MOST_POINTS + 1, null, undefined]) {
    assert.equal(chart.divergedStep(none), null, String(none));
  }
});
