// Fidelity check: does the native typesetter (katex-rs) produce what KaTeX 0.18.5 produces?
//
//   node tests/js/katex-fidelity.mjs CASES.json OUT.json
//
// CASES.json is `{ macros: {"\\R": "\\mathbb{R}", …}, cases: [{ tex, display, ok, html | error }] }`,
// written by tests/cli/katex_fidelity.rs from `worked::layout::math::typeset_all`. Each formula is typeset
// again here by the `katex` npm package (pinned to 0.18.5 in package.json) with the settings
// worked uses: HTML + MathML, throw on error, no trust (a command that asks for trust is an
// error, as in worked), the same macros.
//
// Exits 1 naming every formula on which the two disagree about success or failure. Otherwise
// writes OUT.json, `{ agree, differences: [{ tex, display, rust, katex }] }`, listing the formulas
// whose HTML differs after normalising attribute order (both with their attributes sorted), and
// exits 0; the Rust test decides which differences are known and reviewed. Exits 2 on unusable
// input or a missing KaTeX.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let katex;
try {
  katex = require('katex');
} catch (error) {
  console.error(`cannot load the katex npm package (run \`npm ci\` at the repo root): ${error.message}`);
  process.exit(2);
}
if (katex.version !== '0.18.5') {
  console.error(`KaTeX ${katex.version} is installed; the reference is 0.18.5 (run \`npm ci\`)`);
  process.exit(2);
}

/** Markup with every tag's attributes in name order, so attribute order never counts as a difference. */
export function sortAttributes(html) {
  return html.replace(/<([A-Za-z][\w:-]*)((?:\s+[\w:-]+(?:="[^"]*")?)*)\s*(\/?)>/g, (_, name, attrs, slash) => {
    const list = attrs.match(/[\w:-]+(?:="[^"]*")?/g) || [];
    list.sort((a, b) => {
      const ka = a.split('=')[0];
      const kb = b.split('=')[0];
      return ka < kb ? -1 : ka > kb ? 1 : 0;
    });
    return `<${name}${list.map((attr) => ' ' + attr).join('')}${slash}>`;
  });
}

/** KaTeX 0.18.5's rendering of one formula: `{ ok, html }` or `{ ok: false, error }`. */
function typeset(tex, display, macros) {
  let refused = null;
  try {
    const html = katex.renderToString(tex, {
      displayMode: display,
      output: 'htmlAndMathml',
      throwOnError: true,
      strict: false,
      // worked refuses commands that need trust instead of printing them as red text.
      trust: (context) => {
        refused = refused || context.command;
        return false;
      },
      // A copy: \gdef inside one formula must not leak into the next.
      macros: { ...macros },
    });
    if (refused) return { ok: false, error: `${refused} is not allowed` };
    return { ok: true, html };
  } catch (error) {
    return { ok: false, error: String(error.message || error) };
  }
}

function main() {
  const [casesPath, outPath] = process.argv.slice(2);
  if (!casesPath || !outPath) {
    console.error('usage: node tests/js/katex-fidelity.mjs CASES.json OUT.json');
    process.exit(2);
  }
  const { macros, cases } = JSON.parse(readFileSync(casesPath, 'utf8'));
  const disagreements = [];
  const differences = [];
  let agree = 0;
  for (const { tex, display, ok, html, error } of cases) {
    const reference = typeset(tex, display, macros);
    if (reference.ok !== ok) {
      disagreements.push(
        `${display ? 'display' : 'inline'} ${JSON.stringify(tex)}: ` +
          (ok ? `worked typesets it, KaTeX fails: ${reference.error}` : `KaTeX typesets it, worked fails: ${error}`),
      );
      continue;
    }
    const katexHtml = ok ? sortAttributes(reference.html) : null;
    const rustHtml = ok ? sortAttributes(html) : null;
    if (ok && katexHtml !== rustHtml) {
      differences.push({ tex, display, rust: rustHtml, katex: katexHtml });
      continue;
    }
    agree += 1;
  }
  if (disagreements.length > 0) {
    console.log(`${disagreements.length} of ${cases.length} formulas succeed in one typesetter and fail in the other:`);
    for (const line of disagreements.slice(0, 40)) console.log(`  ${line}`);
    process.exit(1);
  }
  writeFileSync(outPath, JSON.stringify({ agree, differences }));
  console.log(`${cases.length} formulas: ${agree} identical, ${differences.length} with different HTML`);
}

main();
