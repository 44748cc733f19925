// Differential check: does static/js/compute-widget.js `inside` admit exactly the values of an
// input's domain that the build's `Domain::contains` (src/expand/blocks/domain.rs) admits?
//
//   node tests/js/domain-differential.mjs CASES.json
//
// CASES.json is `[{ input: { domain, x }, expected }]`, written by
// tests/cli/domain_differential.rs: `domain` as the page's JSON holds it, `x` a number or one
// of "NaN", "Infinity", "-Infinity" (which JSON cannot hold), `expected` Rust's answer. Exits 0
// with a summary line when all agree, 1 naming the first disagreement.
import { requireComputeWidget } from './tools/compute-widget-page.mjs';
import { pathToFileURL } from 'node:url';
import { runCases } from './differential.mjs';

const { inside } = requireComputeWidget();

/** The first disagreement of one case, as a sentence, or null. */
export function compareCase(input, expected) {
  const x = typeof input.x === 'string' ? Number(input.x) : input.x;
  const actual = inside(input.domain, x);
  return actual === expected ? null : `JS says ${actual}, Rust ${expected}, for ${input.x}`;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = runCases('domain-differential', process.argv.slice(2), compareCase);
}
