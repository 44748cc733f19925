// Differential check of exercises: does the browser read a reader's answer as the Rust twin
// (src/present/answer.rs) does, to the same bits?
//
//   node tests/js/exercise-differential.mjs CASES.json
//
// and does "New numbers" draw, compute and print what Rust does for every seed?
//
// CASES.json is `[{ input, expected }]`, written by tests/cli/exercise_differential.rs:
// `{ kind: "answer", text }` → Rust's `Reading` (`{ kind: "number", value, percent }`,
// `{ kind: "decimalComma", withPoint }` or `{ kind: "unread" }`), or
// `{ kind: "draw", vary, seed }` (an exercise's page data) → `{ inputs, printed, answer,
// answerPrinted, tolerance }`: the drawn inputs bit for bit, every number as printed, the answer
// to 1e-9, and its printed entries and tolerance.
// Exits 0 with a summary line when all agree, 1 naming the first disagreement, 2 on bad input.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { runCases } from './differential.mjs';

const require = createRequire(import.meta.url);
const answer = require('../../static/js/exercise-answer.js');
const lang = require('../../static/js/compute-lang.js');
const format = require('../../static/js/worked-format.js');
const vary = require('../../static/js/exercise-vary.js');

/** Values within 1e-9 (relative above 1), as the language's own differential test holds them. */
function close(a, b) {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

function compareDraw(input, expected) {
  const plan = input.vary.plan;
  const drawn = vary.draw(plan, input.seed, lang);
  if (!drawn.ok) return `seed ${input.seed}: JS fails (${drawn.message}), Rust draws`;
  const inputs = drawn.inputs.map(vary.entries);
  if (JSON.stringify(inputs) !== JSON.stringify(expected.inputs)) {
    return `seed ${input.seed}: JS draws ${JSON.stringify(inputs)}, Rust ${JSON.stringify(expected.inputs)}`;
  }
  const refs = input.vary.refs;
  for (let i = 0; i < refs.length; i++) {
    const text = vary.prose(refs[i].rule, drawn.outputs[i], refs[i].list, refs[i].percent, format);
    if (text !== expected.printed[i]) {
      return `seed ${input.seed}, ${refs[i].ref}: JS prints ${text}, Rust ${expected.printed[i]}`;
    }
  }
  const answerRef = refs[input.vary.answer];
  const values = vary.entries(drawn.outputs[input.vary.answer]);
  for (let i = 0; i < values.length; i++) {
    if (!close(values[i], expected.answer[i])) {
      return `seed ${input.seed}: answer entry ${i} is ${values[i]} in JS, ${expected.answer[i]} in Rust`;
    }
    const printed = vary.number(vary.sharedRule(answerRef.rule, values, format), values[i], format);
    const tolerance = input.vary.tolerance !== null ? input.vary.tolerance : vary.halfUnit(printed);
    if (printed !== expected.answerPrinted[i] || tolerance !== expected.tolerance[i]) {
      return `seed ${input.seed}: answer entry ${i} prints ${printed} ± ${tolerance} in JS, ${expected.answerPrinted[i]} ± ${expected.tolerance[i]} in Rust`;
    }
  }
  return null;
}

/** The first disagreement of one case, as a sentence, or null. */
export function compareCase(input, expected) {
  if (input.kind === 'answer') {
    const reading = answer.read(input.text);
    const same = reading.kind === expected.kind
      && (reading.kind !== 'number'
        || (Object.is(reading.value, expected.value) && reading.percent === expected.percent))
      && reading.withPoint === expected.withPoint;
    return same
      ? null
      : `reading ${JSON.stringify(input.text)}: JS ${JSON.stringify(reading)}, Rust ${JSON.stringify(expected)}`;
  }
  if (input.kind === 'draw') return compareDraw(input, expected);
  return `unknown case kind ${JSON.stringify(input.kind)}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = runCases('exercise-differential', process.argv.slice(2), compareCase);
}
