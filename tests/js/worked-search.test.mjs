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
  assert.deepEqual(search.tokenize('Über-Kernel: a 3x3 λ-map'), ['über', 'kernel', 'über-kernel', '3x3', 'map', 'λ-map']);
  assert.deepEqual(search.tokenize('W_Q, top-p and 0.25.'), ['w_q', 'top', 'top-p', 'and', '25', '0.25']);
});

const normalising = {
  docs: [
    ['n.html#norm', 'Layer norm', 'Norm', 'Apply layer norm to every row.'],
    ['c.html#code', 'Code', 'Code', 'n1 = layer_norm(r1)'],
    ['m.html#math', 'Math', 'Math', 'N = LayerNorm(H + A)'],
    ['s.html#root', 'Scale', 'Root', 'Divide by √d_k.'],
  ],
  // As the Rust index words them: `layer_norm` is two words, formulas add their TeX names.
  words: { layer: '0,1', norm: '0,1', layernorm: '2', sqrt: '3', divide: '3', apply: '0' },
};

test('layernorm, layer_norm, Layer Norm and sqrt find what a reader means', () => {
  const searcher = new search.Searcher(normalising);
  const urls = (query) => searcher.search(query).map((r) => r.url).sort();
  const all = ['c.html#code', 'm.html#math', 'n.html#norm'];
  assert.deepEqual(urls('layernorm'), all);
  assert.deepEqual(urls('layer_norm'), all);
  assert.deepEqual(urls('Layer Norm'), all);
  assert.deepEqual(urls('LAYERNORM'), all);
  assert.deepEqual(urls('sqrt'), ['s.html#root']);
  assert.deepEqual(urls('layernor'), all, 'the split reading takes a prefix as its last word');
});

const written = {
  docs: [
    ['a.html#wq', 'A', 'Queries', 'The query weights W_Q.'],
    ['a.html#top', 'A', 'Top-p', 'Keep the top-p mass, p = 0.25.'],
    ['a.html#k', 'A', 'Top-k', 'Keep the top 25 tokens.'],
    ['a.html#kv', 'A', 'Cache', 'The key-value cache.'],
  ],
  // As the Rust index words them: joined runs after their parts, the book's synonyms beside.
  words: {
    query: '0', weights: '0', w_q: '0', top: '1,1', 'top-p': '1', 'top-k': '2', keep: '1,1',
    mass: '1', 25: '1,1', '0.25': '1', tokens: '2', key: '3', value: '3', 'key-value': '3', cache: '3',
  },
  synonyms: { kv: 'key-value' },
};

test('identifiers, hyphenated terms, numbers as written and synonyms find what a reader means', () => {
  const searcher = new search.Searcher(written);
  const urls = (query) => searcher.search(query).map((r) => r.url);
  assert.deepEqual(urls('W_Q'), ['a.html#wq']);
  assert.deepEqual(urls('top-p'), ['a.html#top', 'a.html#k'], 'top-p first, then top alone');
  assert.deepEqual(urls('0.25'), ['a.html#top'], 'a number is not its digits after the point');
  assert.deepEqual(urls('kv cache'), ['a.html#kv']);
  assert.deepEqual(search.matchRanges('the top-p mass', ['top-p']), [[4, 9]]);
});

test('the words of every reading are highlighted, whole words from their start', () => {
  const searcher = new search.Searcher(normalising);
  const results = searcher.search('layernorm');
  assert.deepEqual(search.matchRanges('Apply layer norm; LayerNorm.', results.terms), [[6, 11], [12, 16], [18, 27]]);
  assert.deepEqual(search.matchRanges('renormalise', ['norm']), [], 'only from a word\'s start');
  assert.deepEqual(search.matchRanges('0.735 and 0.7', ['735']), [[2, 5]]);
});

test('a result carries the query to the page it opens, before its anchor', () => {
  assert.equal(search.withHighlight('a/b.html#x', ['layer', 'norm']), 'a/b.html?highlight=layer%20norm#x');
  assert.equal(search.withHighlight('a.html', ['<b>']), 'a.html?highlight=%3Cb%3E');
  assert.equal(search.withHighlight('a.html#x', []), 'a.html#x');
});

test('sections matching the query as typed come before those another reading finds', () => {
  const searcher = new search.Searcher(normalising);
  assert.equal(searcher.search('layernorm')[0].url, 'm.html#math');
});
