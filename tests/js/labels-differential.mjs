// Differential check: does static/js/compute-lang.js `labels` name a value's rows and columns as
// the build's `Labels::quantity` (src/compute/computed.rs) does?
//
//   node tests/js/labels-differential.mjs CASES.json
//
// CASES.json is `[{ input: { value, rows, cols, sides }, expected: { rows, cols } }]`, written by
// tests/cli/labels_differential.rs: `sides` is the value's `[labels]` entry as the page's JSON
// holds it (null, a side word, or `{ rows, cols }` of its own names). Exits 0 with a summary
// line when all agree, 1 naming the first disagreement.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { runCases } from './differential.mjs';

const require = createRequire(import.meta.url);
const { labels } = require('../../static/js/compute-lang.js');

/** The first disagreement of one case, as a sentence, or null. */
export function compareCase(input, expected) {
  const actual = labels(input.value, input.rows, input.cols, input.sides === null ? undefined : input.sides);
  const same = JSON.stringify(actual.rows) === JSON.stringify(expected.rows) &&
    JSON.stringify(actual.cols) === JSON.stringify(expected.cols);
  return same ? null : `JS ${JSON.stringify(actual)}, Rust ${JSON.stringify(expected)}`;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = runCases('labels-differential', process.argv.slice(2), compareCase);
}
