// Differential check: does the reader-side search cut text into words exactly as the Rust index
// does, and read the index's section lists back as Rust wrote them?
//
//   node tests/js/search-differential.mjs CASES.json
//
// CASES.json is `[{ input: { text, index }, expected: { words, sections } }]`, written by
// tests/cli/search_differential.rs from `worked::layout::search`: `words` is `tokenize(text)` in Rust,
// `index` the object `search-index.js` assigns for an index of that text cut into sections, and
// `sections` each indexed word's section numbers.
// Exits 0 with a summary line when all agree, 1 naming the first disagreement, 2 on bad input.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { runCases } from './differential.mjs';

const require = createRequire(import.meta.url);
const search = require('../../static/js/worked-search.js');

/** The first disagreement of one case, as a sentence, or null. */
export function compareCase(input, expected) {
  const words = search.tokenize(input.text);
  if (JSON.stringify(words) !== JSON.stringify(expected.words)) {
    return `words: JS ${JSON.stringify(words)}, Rust ${JSON.stringify(expected.words)}`;
  }
  const searcher = new search.Searcher(input.index);
  for (const [word, sections] of Object.entries(expected.sections)) {
    const found = searcher.postings(word);
    if (JSON.stringify(found) !== JSON.stringify(sections)) {
      return `sections of ${JSON.stringify(word)}: JS ${JSON.stringify(found)}, Rust ${JSON.stringify(sections)}`;
    }
    // Every word of the text is found by its own query, read as typed, in the sections that
    // hold it (`search` adds other readings of a query, such as a long word split in two).
    const hits = Math.min(Object.keys(searcher.matching([word])).length, 20);
    if (hits !== Math.min(sections.length, 20) && searcher.wordsStartingWith(word).length === 1) {
      return `query ${JSON.stringify(word)}: JS finds ${hits} sections, the index lists ${sections.length}`;
    }
  }
  return null;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = runCases('search-differential', process.argv.slice(2), compareCase);
}
