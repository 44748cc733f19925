// Differential check: does the softmax widget (compute-widget.js running the build's widget
// program in compute-lang.js) agree with src/compute/softmax.rs?
//
//   node tests/js/softmax-differential.mjs CASES.json
//
// CASES.json is `[{ input: {steps, logits, temperature},
//                   expected: <the Rust `Softmax` at that temperature, by its own serde impl> | {error: true}}]`,
// written by tests/cli/sliders_differential.rs. Every number must agree to 1e-9, absolutely or
// relative to the larger magnitude; the program has a loss and a gradient exactly when Rust does;
// a run Rust cannot compute must fail in JS too.
// Exits 0 with a summary line when all agree, 1 naming the first disagreement, 2 on unusable input.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { agrees, compareVector, runCases } from './differential.mjs';

const require = createRequire(import.meta.url);
const lang = require('../../static/js/compute-lang.js');

/** Compare an optional vector; absent (null or missing) on both sides agrees. */
function compareOptional(name, actual, expected) {
  if (expected === null || expected === undefined) {
    return actual === null || actual === undefined ? null : `${name}: JS has a value, Rust has none`;
  }
  return compareVector(name, actual, expected);
}

function compareScalar(name, actual, expected) {
  if (expected === null) return actual === null ? null : `${name}: JS ${actual}, Rust null`;
  return agrees(actual, expected) ? null : `${name}: JS ${actual} vs Rust ${expected}`;
}

/** The first disagreement between the JS result for `input` and Rust's, as a sentence, or null. */
export function compareCase(input, expected) {
  const ran = lang.runFully(input.steps, [['logits', input.logits], ['T', input.temperature]]);
  if (!ran.ok) {
    return expected.error === true ? null : `JS failed (${ran.error.message}), Rust computed a result`;
  }
  if (expected.error === true) return 'JS computed a result, Rust failed';
  const actual = Object.fromEntries(ran.values);
  return compareVector('probabilities', actual.probabilities, expected.probabilities) ||
    compareVector('log_probabilities', actual.log_probabilities, expected.log_probabilities) ||
    compareScalar('loss', actual.loss === undefined ? null : actual.loss, expected.loss) ||
    compareOptional('gradient', actual.gradient, expected.gradient);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = runCases('softmax-differential', process.argv.slice(2), compareCase);
}
