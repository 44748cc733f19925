// Prints the JS twin's function table and limits as JSON, for tests/cli/lang_twins.rs to hold
// against the Rust core's (src/compute/lang/functions/signatures.rs, the one list):
//
//   node tests/js/compute-lang-table.mjs
//
// Any number of positional arguments (Infinity) is written as null.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const lang = require('../../static/js/compute-lang.js');

const limits = {};
for (const name of ['MAX_SIDE', 'MAX_WORK', 'MAX_DEPTH', 'MAX_LINES', 'MAX_LINE_BYTES', 'MAX_LOOP_DEPTH',
  'MAX_KEPT_ENTRIES']) {
  limits[name] = lang[name] ?? null;
}
const functions = lang.SIGNATURES.map((s) => ({
  name: s.name,
  positional: s.positional.map((n) => (Number.isFinite(n) ? n : null)),
  keywords: s.keywords,
  usage: s.usage,
  accepts_mask: s.acceptsMask,
  whole: s.whole,
}));
process.stdout.write(JSON.stringify({ functions, limits }));
