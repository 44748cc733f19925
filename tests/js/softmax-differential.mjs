// Differential check: does static/js/softmax-compute.js agree with src/compute/softmax.rs?
//
//   node tests/js/softmax-differential.mjs CASES.json
//
// CASES.json is `[{ input: {logits, labels, temperature, target, temperatures},
//                   expected: <the Rust `Softmax` serialized by its own serde impl> | {error: FIELD}}]`,
// written by tests/sliders_differential.rs. Every number must agree to 1e-9, absolutely or
// relative to the larger magnitude; `target` and the presence of loss/gradient/sweep must match
// exactly; an input Rust rejects must make the JS throw an error naming the same input key.
// Exits 0 with a summary line when all agree, 1 naming the first disagreement, 2 on unusable input.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { agrees, compareMatrix } from './differential.mjs';
import { compareVector, runCases } from './descent-differential.mjs';

const require = createRequire(import.meta.url);
const compute = require('../../static/js/softmax-compute.js');

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
  let actual;
  try {
    actual = compute.softmax(input);
  } catch (error) {
    if (expected.error === undefined) return `JS threw ${error.name} (${error.field}): ${error.message}`;
    return error.field === expected.error ? null
      : `JS blames ${error.field} (${error.message}), Rust blames ${expected.error}`;
  }
  if (expected.error !== undefined) return `JS computed a result, Rust rejected the input (${expected.error})`;
  if (actual.target !== expected.target) return `target: JS ${actual.target}, Rust ${expected.target}`;
  return compareScalar('temperature', actual.temperature, expected.temperature) ||
    compareVector('logits', actual.logits, expected.logits) ||
    compareVector('probabilities', actual.probabilities, expected.probabilities) ||
    compareVector('log_probabilities', actual.log_probabilities, expected.log_probabilities) ||
    compareScalar('loss', actual.loss, expected.loss) ||
    compareOptional('gradient', actual.gradient, expected.gradient) ||
    compareOptional('temperatures', actual.temperatures, expected.temperatures) ||
    (expected.sweep === undefined
      ? (actual.sweep === undefined ? null : 'sweep: JS has one, Rust has none')
      : compareMatrix('sweep', actual.sweep, expected.sweep));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = runCases('softmax-differential', process.argv.slice(2), compareCase);
}
