// Differential check: does worked-format.js print every number exactly as the Rust formatter
// (src/present/number.rs) prints it, by the book's one number rule?
//
//   node tests/js/format-differential.mjs CASES.json
//
// CASES.json is `[{ input: { bits, precision, style }, expected: { text } }]`, written by
// tests/cli/format_differential.rs: `bits` the f64's 64 bits as a decimal string (JSON has no
// −0, ∞ or NaN and may round a long decimal), `precision` `{ kind, n }` and `style` 'prose' or
// 'latex'. A case with `values` (rows of bits) instead of `bits` is one vector or matrix,
// expected as `texts`, every entry printed at the precision the array shares. Exits 0 with a
// summary line when all agree, 1 naming the first disagreement.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { runCases } from './differential.mjs';

const require = createRequire(import.meta.url);
const format = require('../../static/js/worked-format.js');

/** The double whose bits are the decimal string `bits`. */
function fromBits(bits) {
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, BigInt(bits));
  return view.getFloat64(0);
}

/** The first disagreement of one case, as a sentence, or null. */
export function compareCase(input, expected) {
  if (input.values) {
    // One vector or matrix: every entry at the precision the whole array shares.
    const values = input.values.map((row) => row.map(fromBits));
    const precision = format.sharedPrecision(values, input.precision);
    const texts = values.map((row) => row.map((x) => format.formatNumber(x, precision, input.style)));
    if (JSON.stringify(texts) !== JSON.stringify(expected.texts)) {
      return `array ${JSON.stringify(values)} at ${JSON.stringify(input.precision)} (${input.style}): JS ${JSON.stringify(texts)}, Rust ${JSON.stringify(expected.texts)}`;
    }
    return null;
  }
  const value = fromBits(input.bits);
  const text = format.formatNumber(value, input.precision, input.style);
  if (text !== expected.text) {
    return `${value} at ${JSON.stringify(input.precision)} (${input.style}): JS ${JSON.stringify(text)}, Rust ${JSON.stringify(expected.text)}`;
  }
  return null;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = runCases('format-differential', process.argv.slice(2), compareCase);
}
