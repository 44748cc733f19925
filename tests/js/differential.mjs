// Differential check: does the reader-side compute agree with the Rust core?
//
//   node tests/js/differential.mjs CASES.json
//
// CASES.json is `[{ input: {tokens, embeddings, w_q, w_k, w_v, w_o, causal, heads},
//                   expected: {q, k, v, scores, scaled, weights, output, heads?: [...], concat?} }]`,
// written by tests/widget_differential.rs from `worked::compute::attention::attend`. Every entry
// must agree to 1e-9, absolutely or relative to the larger magnitude (for large values).
// Exits 0 with a summary line when all agree; exits 1 naming the first case, matrix and entry that
// differ; exits 2 on unusable input. Not a `node --test` file: it needs its cases file.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const compute = require('../../static/js/attention-compute.js');

const TOLERANCE = 1e-9;

/** True when a and b agree to TOLERANCE absolutely or relatively. */
export function agrees(a, b) {
  // NaN never agrees (Rust writes none); infinities agree only with themselves.
  if (!Number.isFinite(a) || !Number.isFinite(b)) return a === b;
  const diff = Math.abs(a - b);
  return diff <= TOLERANCE || diff <= TOLERANCE * Math.max(Math.abs(a), Math.abs(b));
}

/** The first disagreement between two matrices, as a sentence, or null. */
export function compareMatrix(name, actual, expected) {
  if (!Array.isArray(actual) || actual.length !== expected.length) {
    return `${name}: JS has ${Array.isArray(actual) ? actual.length : 'no'} rows, Rust ${expected.length}`;
  }
  for (let i = 0; i < expected.length; i++) {
    if (actual[i].length !== expected[i].length) {
      return `${name} row ${i}: JS has ${actual[i].length} columns, Rust ${expected[i].length}`;
    }
    for (let j = 0; j < expected[i].length; j++) {
      if (!agrees(actual[i][j], expected[i][j])) {
        return `${name}[${i}][${j}]: JS ${actual[i][j]} vs Rust ${expected[i][j]} ` +
          `(difference ${Math.abs(actual[i][j] - expected[i][j])})`;
      }
    }
  }
  return null;
}

/** Every matrix Rust reported, compared with the JS result; the first difference or null. */
export function compareCase(input, expected) {
  const actual = compute.attend(input);
  const names = ['q', 'k', 'v', 'scores', 'scaled', 'weights', 'concat', 'output'];
  for (const name of names) {
    if (expected[name] === undefined || expected[name] === null) continue;
    const problem = compareMatrix(name, actual[name], expected[name]);
    if (problem) return problem;
  }
  // Rust reports per-head matrices only when there is more than one head.
  for (const [h, head] of (Array.isArray(expected.heads) ? expected.heads : []).entries()) {
    for (const name of ['q', 'k', 'v', 'scores', 'scaled', 'weights', 'output']) {
      const problem = compareMatrix(`heads[${h}].${name}`, actual.heads[h]?.[name], head[name]);
      if (problem) return problem;
    }
  }
  // Masked weights must be exactly 0, not merely within tolerance.
  if (input.causal) {
    for (const [h, head] of actual.heads.entries()) {
      for (let i = 0; i < head.weights.length; i++) {
        for (let j = i + 1; j < head.weights[i].length; j++) {
          if (head.weights[i][j] !== 0) return `heads[${h}].weights[${i}][${j}] is masked but ${head.weights[i][j]}`;
        }
      }
    }
  }
  return null;
}

function main(argv) {
  if (argv.length !== 1) {
    console.error('usage: node tests/js/differential.mjs CASES.json');
    return 2;
  }
  let cases;
  try {
    cases = JSON.parse(readFileSync(argv[0], 'utf8'));
  } catch (error) {
    console.error(`differential: cannot read ${argv[0]}: ${error.message}`);
    return 2;
  }
  if (!Array.isArray(cases) || cases.length === 0) {
    console.error(`differential: ${argv[0]} holds no cases`);
    return 2;
  }
  for (const [n, { input, expected }] of cases.entries()) {
    let problem;
    try {
      problem = compareCase(input, expected);
    } catch (error) {
      problem = `JS threw ${error.name}: ${error.message}`;
    }
    if (problem) {
      console.error(`differential: case ${n} disagrees with Rust: ${problem}`);
      console.error(`input: ${JSON.stringify(input)}`);
      return 1;
    }
  }
  console.log(`differential: all ${cases.length} cases agree with the Rust core to ${TOLERANCE}`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
