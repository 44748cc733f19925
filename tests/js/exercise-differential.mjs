// Differential check of exercises: does the browser read a reader's answer as the Rust twin
// (src/present/answer.rs) does, to the same bits?
//
//   node tests/js/exercise-differential.mjs CASES.json
//
// CASES.json is `[{ input: { kind: "answer", text }, expected: { value } }]`, written by
// tests/cli/exercise_differential.rs; `value` is null where Rust reads no number.
// Exits 0 with a summary line when all agree, 1 naming the first disagreement, 2 on bad input.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { runCases } from './descent-differential.mjs';

const require = createRequire(import.meta.url);
const answer = require('../../static/js/exercise-answer.js');

/** The first disagreement of one case, as a sentence, or null. */
export function compareCase(input, expected) {
  if (input.kind === 'answer') {
    const value = answer.readAnswer(input.text);
    const same = value === null || expected.value === null
      ? value === expected.value
      : Object.is(value, expected.value);
    return same ? null : `reading ${JSON.stringify(input.text)}: JS ${value}, Rust ${expected.value}`;
  }
  return `unknown case kind ${JSON.stringify(input.kind)}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = runCases('exercise-differential', process.argv.slice(2), compareCase);
}
