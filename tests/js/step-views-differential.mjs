// Differential check: does static/js/step-views.js draw a step's heatmap or bars as the build's
// figure of one step does (src/present/figure/heatmaps.rs `quantity_figure`), plane-views.js its
// scatter and arrows, contour-view.js its contour (src/present/figure/contour.rs)?
//
//   node tests/js/step-views-differential.mjs CASES.json
//
// CASES.json is `[{ input: { value: { matrix, rowLabels, colLabels } | { vector, labels },
// decimals, idPrefix, what, view?, parts?, full?, mask? }, expected: { svg } | { error } }]`, written by
// tests/cli/step_views_differential.rs (−∞ travels as null). The SVG markup must agree
// character for character, except that numbers may differ by 0.01 (a coordinate rounded at a
// tie). Exits 0 with a summary line when all agree, 1 naming the first disagreement.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { runCases } from './differential.mjs';

const require = createRequire(import.meta.url);
require('../../static/js/worked-format.js');
require('../../static/js/line-chart.js');
const views = require('../../static/js/step-views.js');
const planeViews = require('../../static/js/plane-views.js');
const contourView = require('../../static/js/contour-view.js');

const NUMBER = /-?\d+(?:\.\d+)?/g;

/** Decimal places of a number as written: a label at other places is a different label. */
function places(text) {
  return (text.split('.')[1] || '').length;
}

function decode(x) {
  return x === null ? -Infinity : x;
}

/** The view the widget draws for this value: `view` (scatter, arrows) when given, else a
 *  matrix of several rows and columns as a heatmap, anything else as bars (as
 *  `quantity_figure` picks). */
function draw({ value, decimals, idPrefix, what, view, parts, full, mask, projection, palette, highlight }) {
  const options = { decimals, idPrefix, full, mask, projection, palette, highlight };
  if (view === 'contour') {
    const decodeAll = (v) => (Array.isArray(v) ? v.map(decodeAll) : decode(v));
    const part = (p) => p && { name: p.name, value: decodeAll(p.value) };
    const all = {
      x: part(parts.x), y: part(parts.y), path: part(parts.path), levels: parts.levels,
      optimum: part(parts.optimum), directions: part(parts.directions),
      xLabel: parts.xLabel, yLabel: parts.yLabel,
    };
    return contourView.contour(decodeAll(value.matrix), what, all, options);
  }
  if (view === 'heatmap') return views.heatmap(value.matrix.map((row) => row.map(decode)), value.rowLabels, value.colLabels, what, options);
  if (view) return planeViews[view](value.matrix.map((row) => row.map(decode)), value.rowLabels, value.colLabels, what, options);
  if (value.matrix) {
    const rows = value.matrix.map((row) => row.map(decode));
    if (rows.length > 1 && rows[0].length > 1) return views.heatmap(rows, value.rowLabels, value.colLabels, what, options);
    const single = rows.length === 1;
    return views.bars(single ? rows[0] : rows.map((row) => row[0]), single ? value.colLabels : value.rowLabels, what, options);
  }
  return views.bars(value.vector.map(decode), value.labels, what, options);
}

/** The first disagreement of one case, as a sentence, or null. */
export function compareCase(input, expected) {
  const drawn = draw(input);
  if (expected.error !== undefined || drawn.error !== undefined) {
    if (expected.error !== undefined && drawn.error !== undefined) return null;
    return `JS ${drawn.error ? 'refuses (' + drawn.error + ')' : 'draws'}, Rust ${expected.error ? 'refuses: ' + expected.error : 'draws'}`;
  }
  const actual = views.markup(drawn.svg);
  const jsLines = actual.split('\n');
  const rustLines = expected.svg.split('\n');
  for (let i = 0; i < Math.max(jsLines.length, rustLines.length); i++) {
    const js = jsLines[i] ?? '';
    const rust = rustLines[i] ?? '';
    if (js === rust) continue;
    const jsNumbers = js.match(NUMBER) || [];
    const rustNumbers = rust.match(NUMBER) || [];
    const sameWords = js.replace(NUMBER, '#') === rust.replace(NUMBER, '#');
    const close = jsNumbers.length === rustNumbers.length &&
      jsNumbers.every((n, k) => Math.abs(Number(n) - Number(rustNumbers[k])) <= 0.0100001 &&
        places(n) === places(rustNumbers[k]));
    if (!sameWords || !close) return `line ${i + 1}:\n  JS   ${js}\n  Rust ${rust}`;
  }
  return null;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = runCases('step-views-differential', process.argv.slice(2), compareCase);
}
