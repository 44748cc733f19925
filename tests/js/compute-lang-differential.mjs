// Differential check: does static/js/compute-lang.js run programs as src/compute/lang does?
//
//   node tests/js/compute-lang-differential.mjs CASES.json
//
// CASES.json is `[{ input: {steps, inputs: [[name, value], ...]},
//                   expected: {values: [[name, value], ...], whole: [names]} | {error: {kind, message, start, end}} }]`,
// written by tests/cli/compute_lang_differential.rs from `worked::compute::lang::evaluate`.
// JSON has no infinity, so both sides write a −∞ entry as the string "-inf".
// Every step's value must agree to 1e-9, the names marked whole must be the same, (absolutely or relative to the larger magnitude) with the
// same shape, or both must fail with the same error kind and the same message once the decimals in
// it (computed operands, which may differ in the last bit) are masked, and (for ASCII programs,
// where bytes and UTF-16 units coincide) the same span.
// Exits 0 with a summary line when all agree, 1 naming the first disagreement, 2 on unusable input.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { agrees, compareMatrix, compareVector, runCases } from './differential.mjs';

const require = createRequire(import.meta.url);
const lang = require('../../static/js/compute-lang.js');

/** A value with its "-inf" strings turned back into numbers. */
export function decode(value) {
  if (Array.isArray(value)) return value.map(decode);
  return value === '-inf' ? -Infinity : value;
}

/** Masks decimals in a message: `exp(709.8) overflows` and `exp(709.80000000001) overflows` agree. */
export function maskDecimals(message) {
  return message.replace(/-?\d+\.\d+(e[+-]?\d+)?|-?\d+e[+-]?\d+/g, '#');
}

/** The first disagreement between one step's JS value and Rust's, as a sentence, or null. */
export function compareValue(name, actual, expected) {
  if (typeof expected === 'number') {
    return typeof actual === 'number' && agrees(actual, expected) ? null
      : `${name}: JS ${JSON.stringify(actual)} vs Rust ${expected}`;
  }
  if (Array.isArray(expected[0])) {
    return Array.isArray(actual) && Array.isArray(actual[0]) ? compareMatrix(name, actual, expected)
      : `${name}: JS ${JSON.stringify(actual)} is not a matrix, Rust's is`;
  }
  return Array.isArray(actual) && !Array.isArray(actual[0]) ? compareVector(name, actual, expected)
    : `${name}: JS ${JSON.stringify(actual)} is not a vector, Rust's is`;
}

/** The first disagreement between the JS run of `input` and Rust's, as a sentence, or null. */
export function compareCase(input, expected) {
  const result = lang.run(input.steps, decode(input.inputs));
  if (expected.error) {
    if (result.ok) return `JS ran the program, Rust reported ${expected.error.kind}: ${expected.error.message}`;
    if (result.error.kind !== expected.error.kind) {
      return `JS reports ${result.error.kind} (${result.error.message}), Rust ${expected.error.kind} (${expected.error.message})`;
    }
    if (maskDecimals(result.error.message) !== maskDecimals(expected.error.message)) {
      return `messages differ: JS "${result.error.message}", Rust "${expected.error.message}"`;
    }
    // Rust's offsets are bytes, JavaScript's UTF-16 units: they agree on ASCII programs.
    const ascii = /^[\x00-\x7f]*$/.test(input.steps);
    if (ascii && expected.error.start !== undefined &&
        (result.error.start !== expected.error.start || result.error.end !== expected.error.end)) {
      return `error spans differ: JS ${result.error.start}..${result.error.end}, ` +
        `Rust ${expected.error.start}..${expected.error.end}`;
    }
    return null;
  }
  if (!result.ok) return `JS reports ${result.error.kind} (${result.error.message}), Rust ran the program`;
  const values = decode(expected.values);
  if (result.values.length !== values.length) return `JS has ${result.values.length} steps, Rust ${values.length}`;
  if (expected.whole && JSON.stringify(result.whole) !== JSON.stringify(expected.whole)) {
    return `whole numbers differ: JS ${JSON.stringify(result.whole)}, Rust ${JSON.stringify(expected.whole)}`;
  }
  for (const [k, [name, value]] of values.entries()) {
    if (result.values[k][0] !== name) return `step ${k}: JS names it ${result.values[k][0]}, Rust ${name}`;
    const problem = compareValue(name, result.values[k][1], value);
    if (problem) return problem;
  }
  return null;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = runCases('compute-lang-differential', process.argv.slice(2), compareCase);
}
