// Differential check: does the descent widget (compute-widget.js running the kind's one
// program, src/compute/gradient_descent/program.rs `TEMPLATE`, in compute-lang.js) agree with the
// same program run in Rust?
//
//   node tests/js/descent-differential.mjs CASES.json
//
// CASES.json is `[{ input: {steps, inputs: [[name, value]…]},
//                   expected: <the Rust `GradientDescent` at that rate, by its own serde impl>}]`,
// written by tests/cli/sliders_differential.rs. `diverged_at` (the program's 0 for none) and the
// number of iterates must agree exactly; every number to 1e-9, absolutely or relative to the
// larger magnitude.
// Exits 0 with a summary line when all agree, 1 naming the first disagreement, 2 on unusable input.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { compareMatrix, compareVector, runCases } from './differential.mjs';

const require = createRequire(import.meta.url);
const lang = require('../../static/js/compute-lang.js');

/** The first disagreement between the JS result for `input` and Rust's, as a sentence, or null. */
export function compareCase(input, expected) {
  const ran = lang.runFully(input.steps, input.inputs);
  if (!ran.ok) return `JS failed (${ran.error.message}), Rust computed a result`;
  const actual = Object.fromEntries(ran.values);
  const divergedAt = actual.diverged_at === 0 ? null : actual.diverged_at;
  if (divergedAt !== expected.diverged_at) {
    return `diverged_at: JS ${divergedAt}, Rust ${expected.diverged_at}`;
  }
  const gradients = actual.gradients_w.map((w, k) => [w, actual.gradients_b[k]]);
  return compareMatrix('iterates', actual.path, expected.iterates) ||
    compareVector('losses', actual.losses, expected.losses) ||
    compareMatrix('gradients', gradients, expected.gradients);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = runCases('descent-differential', process.argv.slice(2), compareCase);
}
