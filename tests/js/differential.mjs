// Differential check: does the attention widget (static/js/kind-programs.js running the build's
// programs in compute-lang.js on a reader's edited numbers) agree with src/compute/attention.rs?
//
//   node tests/js/differential.mjs CASES.json
//
// CASES.json is `[{ input: {program, edits, explain: [head, row] | null},
//                   expected: <the Rust `Attention` for the edited numbers, by its own serde impl,
//                              with `explanation`: the explain_row program's values run in Rust>
//                             | {error: <the Rust error's message>} }]`,
// written by tests/cli/widget_differential.rs. Every entry must agree to 1e-9, absolutely or
// relative to the larger magnitude (for large values); masked weights must be exactly 0; a run
// Rust refuses must fail in JS with the same message.
// Exits 0 with a summary line when all agree; exits 1 naming the first case, matrix and entry that
// differ; exits 2 on unusable input. Not a `node --test` file: it needs its cases file.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const kinds = require('../../static/js/kind-programs.js');

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

/** The first disagreement between a row's explanation in JS and the Rust run of its program. */
function compareExplanation(actual, expected) {
  if (actual.shift !== expected.shift && !agrees(actual.shift, expected.shift)) {
    return `explanation shift: JS ${actual.shift}, Rust ${expected.shift}`;
  }
  if (!agrees(actual.expSum, expected.total)) return `explanation sum: JS ${actual.expSum}, Rust ${expected.total}`;
  return compareMatrix('explanation query', [actual.query], [expected.query]) ||
    compareMatrix('explanation products', actual.keys.map((k) => k.products), expected.products) ||
    compareMatrix('explanation exps', [actual.keys.map((k) => k.exp)], [expected.exps]);
}

/** Every matrix Rust reported, compared with the JS result; the first difference or null. */
export function compareCase(input, expected) {
  let actual;
  try {
    actual = kinds.attention(input.program, input.edits);
  } catch (error) {
    if (expected.error === undefined) return `JS failed (${error.message}), Rust computed a result`;
    return error.message === expected.error ? null : `JS failed with "${error.message}", Rust with "${expected.error}"`;
  }
  if (expected.error !== undefined) return `JS computed a result, Rust failed with "${expected.error}"`;
  const only = actual.heads.length === 1 ? actual.heads[0] : {};
  for (const name of ['q', 'k', 'v', 'scores', 'scaled', 'weights', 'concat', 'output']) {
    if (expected[name] === undefined || expected[name] === null) continue;
    const value = actual[name] ?? only[name];
    const problem = compareMatrix(name, value, expected[name]);
    if (problem) return problem;
  }
  // Rust reports per-head matrices only when there is more than one head.
  for (const [h, head] of (Array.isArray(expected.heads) ? expected.heads : []).entries()) {
    for (const name of ['q', 'k', 'v', 'scores', 'scaled', 'weights', 'output']) {
      const problem = compareMatrix(`heads[${h}].${name}`, actual.heads[h]?.[name], head[name]);
      if (problem) return problem;
    }
  }
  // Masked weights must be exactly 0, not merely within tolerance, and only they are hidden.
  for (const [h, head] of actual.heads.entries()) {
    for (let i = 0; i < head.weights.length; i++) {
      for (let j = 0; j < head.weights[i].length; j++) {
        const masked = input.edits.causal === 1 && j > i;
        if (head.hidden[i][j] !== (masked ? 1 : 0)) return `heads[${h}].hidden[${i}][${j}] is ${head.hidden[i][j]}`;
        if (masked && head.weights[i][j] !== 0) return `heads[${h}].weights[${i}][${j}] is masked but ${head.weights[i][j]}`;
      }
    }
  }
  if (!input.explain) return null;
  const [h, row] = input.explain;
  return compareExplanation(kinds.explainRow(input.program, actual, h, row), expected.explanation);
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
