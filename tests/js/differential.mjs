// Differential check: does the attention widget (compute-widget.js running the build's widget
// program in compute-lang.js on a reader's edited numbers) agree with src/compute/attention.rs?
//
//   node tests/js/differential.mjs CASES.json
//
// CASES.json is `[{ input: {steps, inputs: [[name, value], …]},
//                   expected: <the Rust `Attention` for the edited numbers, by its own serde impl>
//                             | {error: <the Rust error's message>} }]`,
// written by tests/cli/widget_differential.rs. Every entry must agree to 1e-9, absolutely or
// relative to the larger magnitude (for large values); masked weights must be exactly 0; a run
// Rust refuses must fail in JS too.
// Exits 0 with a summary line when all agree; exits 1 naming the first case, matrix and entry that
// differ; exits 2 on unusable input. Not a `node --test` file: it needs its cases file.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const lang = require('../../static/js/compute-lang.js');

const TOLERANCE = 1e-9;

/** True when a and b agree to TOLERANCE absolutely or relatively. */
export function agrees(a, b) {
  // NaN never agrees (Rust writes none); infinities agree only with themselves.
  if (!Number.isFinite(a) || !Number.isFinite(b)) return a === b;
  const diff = Math.abs(a - b);
  return diff <= TOLERANCE || diff <= TOLERANCE * Math.max(Math.abs(a), Math.abs(b));
}

/** The first disagreement between two vectors, as a sentence naming the entry, or null. */
export function compareVector(name, actual, expected) {
  if (!Array.isArray(actual) || actual.length !== expected.length) {
    return `${name}: JS has ${Array.isArray(actual) ? actual.length : 'no'} entries, Rust ${expected.length}`;
  }
  const i = expected.findIndex((x, j) => !agrees(actual[j], x));
  return i < 0 ? null
    : `${name}[${i}]: JS ${actual[i]} vs Rust ${expected[i]} (difference ${Math.abs(actual[i] - expected[i])})`;
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

/** Every matrix Rust reported, compared with the widget program's run; the first difference or null. */
export function compareCase(input, expected) {
  const ran = lang.runFully(input.steps, input.inputs);
  if (!ran.ok) {
    return expected.error === undefined ? `JS failed (${ran.error.message}), Rust computed a result` : null;
  }
  if (expected.error !== undefined) return `JS computed a result, Rust failed with "${expected.error}"`;
  const actual = Object.fromEntries(ran.values);
  // One head: Rust's top-level scores, scaled and weights are the program's unsuffixed steps;
  // several: Rust's heads[h] are the program's steps suffixed _1, _2, ….
  const several = Array.isArray(expected.heads);
  const heads = several ? expected.heads : [{ scores: expected.scores, scaled: expected.scaled, weights: expected.weights }];
  const wanted = [['q', expected.q], ['k', expected.k], ['v', expected.v], ['concat', expected.concat], ['output', expected.output]];
  heads.forEach((head, h) => {
    const s = several ? `_${h + 1}` : '';
    for (const name of ['scores', 'scaled', 'weights']) wanted.push([name + s, head[name]]);
    if (several) {
      for (const name of ['q', 'k', 'v']) wanted.push([`head_${name}${s}`, head[name]]);
      wanted.push([`out${s}`, head.output]);
    }
  });
  for (const [name, matrix] of wanted) {
    if (matrix === undefined || matrix === null) continue;
    const problem = compareMatrix(name, actual[name], matrix);
    if (problem) return problem;
  }
  // Masked weights must be exactly 0, not merely within tolerance.
  const causal = input.inputs.find((pair) => pair[0] === 'causal')[1] === 1;
  for (const [h] of heads.entries()) {
    const weights = actual[several ? `weights_${h + 1}` : 'weights'];
    for (let i = 0; i < weights.length; i++) {
      for (let j = i + 1; j < weights[i].length; j++) {
        if (causal && weights[i][j] !== 0) return `weights of head ${h + 1} [${i}][${j}] is masked but ${weights[i][j]}`;
      }
    }
  }
  return null;
}

/**
 * The command-line driver of every differential script: read the cases file named by `argv`,
 * compare each case (a comparison that throws disagrees, saying so), print a summary that
 * tests/cli/common.rs `Node::differential` reads; returns the exit code.
 */
export function runCases(name, argv, compare) {
  if (argv.length !== 1) {
    console.error(`usage: node tests/js/${name}.mjs CASES.json`);
    return 2;
  }
  let cases;
  try {
    cases = JSON.parse(readFileSync(argv[0], 'utf8'));
  } catch (error) {
    console.error(`${name}: cannot read ${argv[0]}: ${error.message}`);
    return 2;
  }
  if (!Array.isArray(cases) || cases.length === 0) {
    console.error(`${name}: ${argv[0]} holds no cases`);
    return 2;
  }
  for (const [n, { input, expected }] of cases.entries()) {
    let problem;
    try {
      problem = compare(input, expected);
    } catch (error) {
      problem = `JS threw ${error.name}: ${error.message}`;
    }
    if (problem) {
      console.error(`${name}: case ${n} disagrees with Rust: ${problem}`);
      console.error(`input: ${JSON.stringify(input)}`);
      return 1;
    }
  }
  console.log(`${name}: all ${cases.length} cases agree with the Rust core to ${TOLERANCE}`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = runCases('differential', process.argv.slice(2), compareCase);
}
