// Differential check: does static/js/line-chart.js lay out a line chart as the build's line
// figure does (src/present/figure/lines.rs `line_layout`)?
//
//   node tests/js/lines-differential.mjs CASES.json
//
// CASES.json is `[{ input: { series: [{ name, values }], logY, decimals, marks }, expected }]`, written
// by tests/cli/lines_differential.rs: `expected` is the Rust layout (frame, ticks with their
// values, labels and positions, y title, points, legend, title, description, the reference
// line and the divergence marker) or `{ error }`
// when the build refuses the chart, which the JS must refuse too. Labels and words must agree
// exactly, numbers to 1e-9. Exits 0 with a summary line when all agree, 1 naming the first
// disagreement.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { agrees, runCases } from './differential.mjs';

const require = createRequire(import.meta.url);
require('../../static/js/worked-format.js');
const chart = require('../../static/js/line-chart.js');

function compareTicks(name, actual, expected) {
  if (actual.length !== expected.length) {
    return `${name}: JS has ${actual.length} ticks (${actual.map((t) => t.label)}), Rust ${expected.length} (${expected.map((t) => t.label)})`;
  }
  for (const [i, tick] of expected.entries()) {
    const js = actual[i];
    if (js.label !== tick.label || !agrees(js.value, tick.value) || !agrees(js.at, tick.at)) {
      return `${name}[${i}]: JS ${JSON.stringify(js)}, Rust ${JSON.stringify(tick)}`;
    }
  }
  return null;
}

/** Where a mark's numbers (`numbers`, paths such as 'labelAt.x') or words disagree, or null. */
function compareMark(name, actual, expected, numbers, words) {
  if ((actual === null) !== (expected === null)) {
    return `${name}: JS ${JSON.stringify(actual)}, Rust ${JSON.stringify(expected)}`;
  }
  if (expected === null) return null;
  const at = (mark, path) => path.split('.').reduce((v, key) => v[key], mark);
  const wrong = numbers.find((path) => !agrees(at(actual, path), at(expected, path))) ||
    words.find((key) => actual[key] !== expected[key]);
  return wrong ? `${name}.${wrong}: JS ${JSON.stringify(actual)}, Rust ${JSON.stringify(expected)}` : null;
}

/** The first disagreement of one case, as a sentence, or null. */
export function compareCase(input, expected) {
  const actual = chart.layout(input.series, input.logY, input.decimals, input.marks);
  if (expected.error !== undefined || actual.error !== undefined) {
    if (expected.error !== undefined && actual.error !== undefined) return null;
    return `JS ${actual.error ? 'refuses (' + actual.error + ')' : 'draws'}, Rust ${expected.error ? 'refuses: ' + expected.error : 'draws'}`;
  }
  const frame = ['left', 'top', 'width', 'height'].find((k) => !agrees(actual.frame[k], expected.frame[k]));
  if (frame) return `frame.${frame}: JS ${actual.frame[frame]}, Rust ${expected.frame[frame]}`;
  const words = ['yTitle', 'title', 'description'].find((k) => actual[k] !== expected[k]);
  if (words) return `${words}: JS ${JSON.stringify(actual[words])}, Rust ${JSON.stringify(expected[words])}`;
  const ticks = compareTicks('xTicks', actual.xTicks, expected.xTicks) ||
    compareTicks('yTicks', actual.yTicks, expected.yTicks);
  if (ticks) return ticks;
  if (actual.legend.length !== expected.legend.length || actual.legend.some((x, i) => !agrees(x, expected.legend[i]))) {
    return `legend: JS ${actual.legend}, Rust ${expected.legend}`;
  }
  const marks = compareMark('reference', actual.reference, expected.reference, ['at', 'labelAt.x', 'labelAt.y'], ['label', 'below']) ||
    compareMark('diverged', actual.diverged, expected.diverged, ['at', 'labelX'], ['label']);
  if (marks) return marks;
  for (const [s, curve] of expected.curves.entries()) {
    const js = actual.curves[s];
    if (js.length !== curve.length) return `curve ${s}: JS ${js.length} points, Rust ${curve.length}`;
    const i = curve.findIndex((p, j) => !agrees(js[j].x, p.x) || !agrees(js[j].y, p.y));
    if (i >= 0) return `curve ${s} point ${i}: JS ${JSON.stringify(js[i])}, Rust ${JSON.stringify(curve[i])}`;
  }
  return null;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = runCases('lines-differential', process.argv.slice(2), compareCase);
}
