// Unit tests for static/js/worked-search.js: the index format, word matching and ranking.
// Run with `node --test tests/js/`. The cutting of words is held to the Rust index by
// tests/cli/search_differential.rs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const search = require('../../static/js/worked-search.js');

const index = {
  docs: [
    ['a.html', 'Attention', '', 'Tokens look at each other.'],
    ['a.html#scaled-scores', 'Attention', 'Scaled scores', 'Divide by the root of d.'],
    ['s.html#softmax', 'Softmax', 'Softmax', 'Scores become weights.'],
  ],
  words: { attention: '0,1', scores: '1,1', scaled: '1', softmax: '2', tokens: '0', weights: '2' },
};

test('section lists are gaps in base 36', () => {
  assert.deepEqual(search.decodeGaps('3,2,y'), [3, 5, 39]);
  assert.deepEqual(search.decodeGaps('0'), [0]);
});

test('every word must match; the last may be the start of one', () => {
  const searcher = new search.Searcher(index);
  assert.deepEqual(searcher.search('attention sca').map((r) => r.url), ['a.html#scaled-scores']);
  assert.equal(searcher.search('tokens softmax').length, 0);
  assert.equal(searcher.search('attention').total, 2);
  assert.equal(searcher.search('   ').total, 0);
});

test('a match in a heading ranks above a match in the text', () => {
  const searcher = new search.Searcher(index);
  const urls = searcher.search('scores').map((r) => r.url);
  assert.deepEqual(urls, ['a.html#scaled-scores', 's.html#softmax']);
});

test('words are lowercased and cut at punctuation like the Rust index', () => {
  assert.deepEqual(search.tokenize('Über-Kernel: a 3x3 λ-map'), ['über', 'kernel', '3x3', 'map']);
});
