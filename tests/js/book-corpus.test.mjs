// The checked-in book-style formula corpus (tests/katex-book-corpus.txt, read by
// tests/cli/katex_fidelity.rs) is exactly what its generator writes, so it cannot drift from it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

test('the book-style corpus is the generator output and holds over 3,000 formulas', () => {
  const generated = execFileSync(process.execPath, [`${root}tests/js/tools/book-corpus.mjs`], {
    encoding: 'utf8',
  });
  const checkedIn = readFileSync(`${root}tests/katex-book-corpus.txt`, 'utf8');
  assert.equal(checkedIn, generated, 'regenerate: node tests/js/tools/book-corpus.mjs > tests/katex-book-corpus.txt');
  const formulas = checkedIn.split('\n').filter((line) => line && !line.startsWith('#'));
  assert.ok(formulas.length >= 3000, `${formulas.length} formulas`);
  assert.ok(formulas.every((line) => /^(inline|display)\t/.test(line)));
});
