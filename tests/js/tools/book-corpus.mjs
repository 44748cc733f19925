// Writes tests/katex-book-corpus.txt: formulas in the styles real mdBook + mdbook-katex books
// use (protocol specifications, lecture notes), for tests/cli/katex_fidelity.rs.
//
//   node tests/js/tools/book-corpus.mjs > tests/katex-book-corpus.txt
//
// Deterministic (a fixed-seed generator), so the checked-in file is reproducible: each line is
// `inline|display<TAB>tex`. The styles: book macros (\abs, \norm, \set, \E, \R, \vect, \Var),
// `align`/`aligned`/`gather`, `\left…\right` pairs, `\text{…}` inside formulas, `cases`,
// matrices of several kinds and sizes, radicals with and without braces (`\sqrt x`, `\sqrt 2`,
// `\sqrt(2^M)`), operators with limits, fonts, accents, relations, and sums over sets.

let seed = 0x2545f491;
function random() {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 4294967296;
}
const pick = (items) => items[Math.floor(random() * items.length)];

const letters = ['x', 'y', 'z', 'a', 'b', 'n', 'k', 'm', 'p', 'q', 't', 'u', 'v', 'w', 'N', 'M', 'G', 'H', 'P', 'Q'];
const greek = ['\\alpha', '\\beta', '\\gamma', '\\delta', '\\epsilon', '\\lambda', '\\mu', '\\sigma', '\\theta', '\\phi', '\\psi', '\\omega', '\\pi', '\\rho', '\\tau', '\\chi', '\\Delta', '\\Sigma', '\\Omega', '\\Gamma'];
const fonts = ['\\mathbb{F}_p', '\\mathbb{Z}_q', '\\mathcal{O}', '\\mathcal{L}', '\\mathsf{pk}', '\\mathsf{sk}', '\\mathrm{H}', '\\mathbf{v}', '\\boldsymbol{\\beta}', '\\mathfrak{g}', '\\mathtt{hash}', '\\mathit{ct}'];
const accents = ['\\hat', '\\bar', '\\tilde', '\\vec', '\\dot', '\\ddot', '\\overline', '\\widehat', '\\widetilde', '\\mathring', '\\check', '\\breve'];
const relations = ['=', '\\neq', '\\leq', '\\geq', '<', '>', '\\approx', '\\equiv', '\\sim', '\\propto', '\\in', '\\subseteq', '\\mapsto', '\\to', '\\coloneqq', ':=', '\\stackrel{?}{=}', '\\cong'];
const operators = ['+', '-', '\\cdot', '\\times', '\\oplus', '\\otimes', '\\circ', '\\wedge', '\\vee', '\\cup', '\\cap', '\\setminus', '\\pm', '\\star'];
const texts = ['if', 'otherwise', 'for all ', 'where ', 'mod ', 'and ', 'such that', 'for some $i$', 'bits', 'is prime', 'with probability '];

function atom(depth = 0) {
  const roll = random();
  if (roll < 0.25) return pick(letters);
  if (roll < 0.4) return pick(greek);
  if (roll < 0.5) return String(Math.floor(random() * 1000));
  if (roll < 0.6) return pick(fonts);
  if (roll < 0.7) return `${pick(letters)}_{${pick(['i', 'j', 'k', 'i+1', 'n-1', '0', 't'])}}`;
  if (roll < 0.78) return `${pick(letters)}^{${pick(['2', 'n', '-1', 'T', '\\top', '(k)', "'"])}}`;
  if (roll < 0.86 && depth < 2) return `${pick(accents)}{${atom(depth + 1)}}`;
  if (roll < 0.93) return `${pick(letters)}_${pick(['i', 'j', '0', '1'])}`;
  return `${pick(letters)}'`;
}

function term(depth = 0) {
  const roll = random();
  if (depth > 2 || roll < 0.35) return atom(depth);
  if (roll < 0.45) return `\\frac{${term(depth + 1)}}{${term(depth + 1)}}`;
  if (roll < 0.5) return `\\sqrt{${term(depth + 1)}}`;
  if (roll < 0.56) return `\\sqrt ${pick(['x', '2', 'n', '3', 'p', 'q', 'N', '\\pi', '\\lambda'])}`;
  if (roll < 0.59) return `\\sqrt(${pick(['2^M', 'n', 'x+1'])})`;
  if (roll < 0.62) return `\\sqrt[${pick(['3', 'n', 'k'])}]{${term(depth + 1)}}`;
  if (roll < 0.7) return `${term(depth + 1)} ${pick(operators)} ${term(depth + 1)}`;
  if (roll < 0.76) return `${pick(['\\left(', '\\left[', '\\left\\{', '\\left|', '\\left\\langle', '\\left\\lfloor', '\\left\\lceil'])} ${term(depth + 1)} ${pick(operators)} ${term(depth + 1)} ${pick(['\\right)', '\\right]', '\\right\\}', '\\right|', '\\right\\rangle', '\\right\\rfloor', '\\right\\rceil', '\\right.'])}`;
  if (roll < 0.8) return `\\abs{${term(depth + 1)}}`;
  if (roll < 0.84) return `\\norm{${term(depth + 1)}}`;
  if (roll < 0.87) return `\\set{${atom()} \\given ${atom()} ${pick(relations)} ${atom()}}`;
  if (roll < 0.9) return `\\E[${term(depth + 1)}]`;
  if (roll < 0.92) return `\\Var(${atom()})`;
  if (roll < 0.95) return `${pick(['\\log', '\\ln', '\\exp', '\\sin', '\\cos', '\\max', '\\min', '\\deg', '\\gcd', '\\Pr', '\\det'])}${pick(['', '_2', '_{i}'])}\\left(${term(depth + 1)}\\right)`;
  return `\\vect{${atom()}}`;
}

function relation() {
  return `${term()} ${pick(relations)} ${term()}`;
}

function bigOperator() {
  const op = pick(['\\sum', '\\prod', '\\bigoplus', '\\bigcup', '\\int', '\\oint', '\\bigwedge', '\\coprod']);
  const lower = pick(['i=1', 'i=0', 'k \\in K', 'j \\neq i', '\\substack{0 \\le i < n \\\\ i \\text{ odd}}', 'x \\in \\mathbb{F}_p', '0', '-\\infty']);
  const upper = pick(['n', 'N-1', 'm', '\\infty', '1', '2^k', 'T']);
  const limits = random() < 0.2 ? '\\limits' : '';
  return `${op}${limits}_{${lower}}^{${upper}} ${term()}`;
}

function matrix() {
  const kind = pick(['pmatrix', 'bmatrix', 'vmatrix', 'Bmatrix', 'Vmatrix', 'matrix', 'smallmatrix']);
  const rows = 2 + Math.floor(random() * 3);
  const cols = 2 + Math.floor(random() * 3);
  const body = [];
  for (let r = 0; r < rows; r++) {
    const row = [];
    for (let c = 0; c < cols; c++) {
      row.push(random() < 0.15 ? pick(['\\cdots', '\\vdots', '\\ddots', '0']) : atom());
    }
    body.push(row.join(' & '));
  }
  return `\\begin{${kind}} ${body.join(' \\\\ ')} \\end{${kind}}`;
}

function array() {
  const cols = 2 + Math.floor(random() * 3);
  const spec = Array.from({ length: cols }, () => pick(['c', 'l', 'r'])).join(pick(['', '|']));
  const rows = Array.from({ length: 2 + Math.floor(random() * 2) }, () =>
    Array.from({ length: cols }, () => atom()).join(' & '),
  );
  return `\\left[\\begin{array}{${spec}} ${rows.join(' \\\\ ')} \\end{array}\\right]`;
}

function cases() {
  const n = 2 + Math.floor(random() * 2);
  const lines = [];
  for (let i = 0; i < n; i++) {
    const condition = i === n - 1 && random() < 0.5 ? '\\text{otherwise}' : `\\text{${pick(['if ', 'when '])}} ${relation()}`;
    lines.push(`${term()} & ${condition}`);
  }
  const env = pick(['cases', 'cases', 'dcases', 'rcases']);
  return `${atom()}(${pick(letters)}) = \\begin{${env}} ${lines.join(' \\\\ ')} \\end{${env}}`;
}

function aligned(env, args = '') {
  const n = 2 + Math.floor(random() * 3);
  const lines = [];
  for (let i = 0; i < n; i++) {
    lines.push(`${i === 0 ? term() : ''} &${pick(relations)} ${term()}${random() < 0.2 ? ` && \\text{(${pick(texts).trim()})}` : ''}`);
  }
  return `\\begin{${env}}${args} ${lines.join(' \\\\ ')} \\end{${env}}`;
}

function gather() {
  const lines = Array.from({ length: 2 + Math.floor(random() * 2) }, relation);
  const env = pick(['gather', 'gathered']);
  return `\\begin{${env}} ${lines.join(' \\\\ ')} \\end{${env}}`;
}

function withText() {
  return `${relation()} \\quad \\text{${pick(texts)}} ${atom()}${random() < 0.3 ? ` \\pmod{${atom()}}` : ''}`;
}

const styles = [
  [relation, false, 700],
  [atom, false, 300],
  [term, false, 400],
  [bigOperator, true, 250],
  [bigOperator, false, 150],
  [matrix, true, 250],
  [matrix, false, 80],
  [array, true, 120],
  [cases, true, 250],
  [() => aligned('aligned'), true, 200],
  [() => aligned('align'), true, 120],
  [() => aligned('align*'), true, 60],
  [() => aligned('alignedat', '{2}'), true, 30],
  [gather, true, 100],
  [withText, false, 150],
  [withText, true, 100],
];

const seen = new Set();
const lines = [];
for (const [make, display, count] of styles) {
  let made = 0;
  for (let tries = 0; made < count && tries < count * 20; tries++) {
    const tex = make();
    const key = `${display}\t${tex}`;
    if (seen.has(key)) continue;
    seen.add(key);
    lines.push(`${display ? 'display' : 'inline'}\t${tex}`);
    made++;
  }
}
process.stdout.write(
  `# Generated by tests/js/tools/book-corpus.mjs (${lines.length} formulas); do not edit by hand.\n${lines.join('\n')}\n`,
);
