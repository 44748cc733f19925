// Differential check: does the vectors widget (compute-widget.js running the build's widget
// program in compute-lang.js on a reader's vectors) agree with src/compute/vectors.rs?
//
//   node tests/js/vectors-differential.mjs CASES.json
//
// CASES.json is `[{ input: {steps, vectors},
//                   expected: <the Rust `Vectors` of those vectors, by its own serde impl> | {error: true}}]`,
// written by tests/cli/sliders_differential.rs. Every number must agree to 1e-9, absolutely or
// relative to the larger magnitude; a run Rust cannot compute (a zero vector, an overflow) must
// fail in JS too.
// Exits 0 with a summary line when all agree, 1 naming the first disagreement, 2 on unusable input.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { agrees, compareVector, runCases } from './differential.mjs';

const require = createRequire(import.meta.url);
const lang = require('../../static/js/compute-lang.js');

function compareRows(name, actual, expected) {
  if (!Array.isArray(actual) || actual.length !== expected.length) return `${name}: JS and Rust have different rows`;
  for (let i = 0; i < expected.length; i++) {
    const problem = compareVector(`${name}[${i}]`, actual[i], expected[i]);
    if (problem) return problem;
  }
  return null;
}

/** The first disagreement between the JS result for `input` and Rust's, as a sentence, or null. */
export function compareCase(input, expected) {
  const ran = lang.runFully(input.steps, [['vectors', input.vectors]]);
  if (!ran.ok) {
    return expected.error === true ? null : `JS failed (${ran.error.message}), Rust computed a result`;
  }
  if (expected.error === true) return 'JS computed a result, Rust failed';
  const actual = Object.fromEntries(ran.values);
  const projection = expected.projection;
  return compareVector('norms', actual.norms, expected.norms) ||
    compareRows('dots', actual.dots, expected.dots) ||
    compareRows('cosines', actual.cosines, expected.cosines) ||
    compareRows('angles', actual.angles, expected.angles) ||
    (projection && !agrees(actual.projection_scalar, projection.scalar)
      ? `projection_scalar: JS ${actual.projection_scalar} vs Rust ${projection.scalar}` : null) ||
    (projection ? compareVector('projection', actual.projection, projection.vector) : null);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = runCases('vectors-differential', process.argv.slice(2), compareCase);
}
