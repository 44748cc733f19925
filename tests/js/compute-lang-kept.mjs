// Kept statements check: does static/js/compute-lang.js give, when it reuses the effects of
// statements kept from earlier runs, exactly what a full run gives?
//
//   node tests/js/compute-lang-kept.mjs CASES.json
//
// CASES.json is the cases file of compute-lang-differential.mjs, written by
// tests/cli/compute_lang_differential.rs as runs of one program after successive edits of its
// inputs. The cases run in order through `runInSteps` (run() paused at its loops' iterations, a
// second run of the case advanced between its steps; it keeps statements between runs, as a
// widget's edits do) and each through `runFully`; the two results must be identical (every
// number the same to the bit, −0 included; an error the same in every field), and the kept run
// must agree with Rust as compute-lang-differential.mjs requires. So that the comparison checks
// something, at least a quarter of the statements of the successful runs must have been reused.
// Exits 0 with a summary line when all agree, 1 naming the first disagreement, 2 on unusable input.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { runCases } from './differential.mjs';
import { compareCase, decode } from './compute-lang-differential.mjs';

const require = createRequire(import.meta.url);
const lang = require('../../static/js/compute-lang.js');

/** True when `a` and `b` are the same plain value, number for number by Object.is. */
export function identical(a, b) {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, k) => identical(x, b[k]));
  }
  return Object.is(a, b);
}

const counts = { reused: 0, statements: 0 };

/**
 * `run`'s result reached through runInSteps, a second run of the same case advanced between every
 * two of its steps: a widget's runs pause and interleave so, sharing the kept statements.
 */
function runInterleaved(steps, inputs) {
  const paused = lang.runInSteps(steps, inputs);
  const beside = lang.runInSteps(steps, structuredClone(inputs));
  let next = paused.next();
  let other = beside.next();
  while (!next.done) {
    if (!other.done) other = beside.next();
    next = paused.next();
  }
  return next.value;
}

/** The first difference between the kept and the full run of `input`, or its disagreement with Rust. */
function compareKept(input, expected) {
  const kept = runInterleaved(input.steps, decode(input.inputs));
  const full = lang.runFully(input.steps, decode(input.inputs));
  if (kept.ok !== full.ok) {
    return `the kept run ${kept.ok ? 'ran' : `failed (${kept.error.message})`}, the full run ${full.ok ? 'ran' : `failed (${full.error.message})`}`;
  }
  if (!kept.ok) {
    const fields = ['kind', 'message', 'hint', 'start', 'end'];
    const differ = fields.find((field) => kept.error[field] !== full.error[field]);
    return differ ? `the errors' ${differ} differ: kept ${JSON.stringify(kept.error)}, full ${JSON.stringify(full.error)}` : compareCase(input, expected);
  }
  if (!identical(kept.values.map((v) => v[0]), full.values.map((v) => v[0]))) return 'the steps differ';
  for (const [k, [name, value]] of full.values.entries()) {
    if (!identical(kept.values[k][1], value)) {
      return `${name}: kept ${JSON.stringify(kept.values[k][1])}, full ${JSON.stringify(value)} (or a −0 differs)`;
    }
  }
  if (!identical(kept.whole, full.whole)) return `whole numbers differ: kept ${kept.whole}, full ${full.whole}`;
  counts.reused += kept.reused;
  counts.statements += lang.stepNames(input.steps).ok ? topLevelStatements(input.steps) : 0;
  return compareCase(input, expected);
}

/** How many top-level statements `steps` has: its lines that hold code and are not indented. */
function topLevelStatements(steps) {
  return steps.split('\n').filter((line) => /^[^\s#]/.test(line)).length;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = runCases('compute-lang-kept', process.argv.slice(2), compareKept);
  console.log(`compute-lang-kept: ${counts.reused} of ${counts.statements} top-level statements of the successful runs were reused`);
  if (process.exitCode === 0 && counts.reused * 4 < counts.statements) {
    console.error('compute-lang-kept: too few statements were reused for the comparison to check the keeping');
    process.exitCode = 1;
  }
}
