/*
 * worked-search.js — full-text search over the book, in the reader's browser.
 *
 * Opened with the Search button, `/` or `s`; closed with Escape. On first use it loads
 * `search-index.js` (written by `worked build`) by adding a classic script element, which
 * works from file:// where `fetch` does not; that script assigns `window.WORKED_SEARCH_INDEX`:
 *   { docs: [[url, pageTitle, heading, snippet], …],        one per section of a page
 *     words: { word: "gap,gap,…" } }                         section numbers as base-36 gaps
 * A result links to its section's heading anchor. Results are built with createElement and
 * textContent only: no innerHTML, so nothing typed or indexed can become markup.
 *
 * `tokenize` is the twin of `worked::layout::search::tokenize` in Rust (a differential test
 * keeps them equal): the query is cut into words exactly as the index was. Every word but the
 * last must match a whole indexed word; the last may be the start of one, so results appear as
 * you type.
 *
 * Classic script: attaches to `globalThis.worked.search` and exports through `module.exports`
 * for Node.
 */
(function (factory) {
  'use strict';
  var api = factory();
  if (typeof module !== 'undefined' && module.exports) module.exports = api;
  (globalThis.worked = globalThis.worked || {}).search = api;
  if (typeof document !== 'undefined') api.attach(document);
})(function () {
  'use strict';

  var MIN_WORD_CHARS = 2;
  var MAX_WORD_CHARS = 24;
  var MAX_RESULTS = 20;
  var MAX_PREFIX_WORDS = 200;
  var WORD = /[\p{Alphabetic}\p{N}]+/gu;

  /** The words of `text`, as `worked::layout::search::tokenize` cuts them. */
  function tokenize(text) {
    var words = String(text).toLowerCase().match(WORD) || [];
    var out = [];
    for (var i = 0; i < words.length; i++) {
      var chars = Array.from(words[i]);
      if (chars.length < MIN_WORD_CHARS) continue;
      out.push(chars.slice(0, MAX_WORD_CHARS).join(''));
    }
    return out;
  }

  /** "3,2,y" → [3, 5, 39]. */
  function decodeGaps(text) {
    var numbers = [];
    var at = 0;
    var parts = text.split(',');
    for (var i = 0; i < parts.length; i++) {
      at += parseInt(parts[i], 36);
      numbers.push(at);
    }
    return numbers;
  }

  /** A searcher over one loaded index. */
  function Searcher(index) {
    this.docs = index.docs;
    this.words = index.words;
    this.sorted = Object.keys(index.words).sort();
    this.cache = {};
  }

  Searcher.prototype.postings = function (word) {
    if (!Object.prototype.hasOwnProperty.call(this.words, word)) return [];
    if (!this.cache[word]) this.cache[word] = decodeGaps(this.words[word]);
    return this.cache[word];
  };

  /** Indexed words starting with `prefix`, found by binary search in the sorted list. */
  Searcher.prototype.wordsStartingWith = function (prefix) {
    var low = 0;
    var high = this.sorted.length;
    while (low < high) {
      var mid = (low + high) >> 1;
      if (this.sorted[mid] < prefix) low = mid + 1; else high = mid;
    }
    var found = [];
    for (var i = low; i < this.sorted.length && found.length < MAX_PREFIX_WORDS; i++) {
      if (this.sorted[i].lastIndexOf(prefix, 0) !== 0) break;
      found.push(this.sorted[i]);
    }
    return found;
  };

  /**
   * Sections holding every query word (the last as a prefix), best first: a match in the
   * heading or page title counts more than one in the text; ties keep reading order.
   */
  Searcher.prototype.search = function (query) {
    var terms = tokenize(query);
    if (terms.length === 0) {
      var none = [];
      none.total = 0;
      return none;
    }
    var scores = null;
    for (var t = 0; t < terms.length; t++) {
      var words = t === terms.length - 1 ? this.wordsStartingWith(terms[t]) : [terms[t]];
      var hits = {};
      for (var w = 0; w < words.length; w++) {
        var list = this.postings(words[w]);
        for (var p = 0; p < list.length; p++) hits[list[p]] = true;
      }
      var next = {};
      for (var doc in hits) {
        if (scores === null || Object.prototype.hasOwnProperty.call(scores, doc)) next[doc] = 0;
      }
      scores = next;
    }
    var results = [];
    for (var key in scores) {
      var number = Number(key);
      var entry = this.docs[number];
      var titleWords = tokenize(entry[1] + ' ' + entry[2]);
      var score = 0;
      for (var i = 0; i < terms.length; i++) {
        for (var j = 0; j < titleWords.length; j++) {
          if (titleWords[j].lastIndexOf(terms[i], 0) === 0) { score += 1; break; }
        }
      }
      results.push({ number: number, score: score });
    }
    results.sort(function (a, b) { return b.score - a.score || a.number - b.number; });
    var docs = this.docs;
    var shown = results.slice(0, MAX_RESULTS).map(function (result) {
      var entry = docs[result.number];
      return { url: entry[0], page: entry[1], heading: entry[2], snippet: entry[3] };
    });
    // How many sections matched in all, beyond the ones returned.
    shown.total = results.length;
    return shown;
  };

  /** Wires the search panel of a page (see templates/base.html). */
  function attach(doc) {
    var openButton = doc.querySelector('.search-open');
    var panel = doc.getElementById('search');
    var input = doc.getElementById('search-input');
    if (!openButton || !panel || !input) return;
    var list = panel.querySelector('.search-results');
    var status = panel.querySelector('.search-status');
    var root = doc.body.getAttribute('data-root') || '';
    var searcher = null;
    var loading = false;
    openButton.hidden = false;

    function load() {
      if (searcher || loading) return;
      if (globalThis.WORKED_SEARCH_INDEX) {
        searcher = new Searcher(globalThis.WORKED_SEARCH_INDEX);
        return;
      }
      loading = true;
      status.textContent = 'Loading the index…';
      var script = doc.createElement('script');
      script.src = root + 'search-index.js';
      script.onload = function () {
        loading = false;
        if (globalThis.WORKED_SEARCH_INDEX) searcher = new Searcher(globalThis.WORKED_SEARCH_INDEX);
        show();
      };
      script.onerror = function () {
        loading = false;
        status.textContent = 'The search index could not be loaded.';
      };
      doc.head.appendChild(script);
    }

    function show() {
      if (!searcher) return;
      var query = input.value;
      while (list.firstChild) list.removeChild(list.firstChild);
      if (tokenize(query).length === 0) {
        status.textContent = 'Type a word to search titles, headings and text.';
        return;
      }
      var results = searcher.search(query);
      status.textContent = results.total === 0 ? 'Nothing found.'
        : results.total === 1 ? '1 section found.'
        : results.total > results.length ? results.total + ' sections found; the first ' + results.length + ' are shown.'
        : results.total + ' sections found.';
      for (var i = 0; i < results.length; i++) {
        var result = results[i];
        var item = doc.createElement('li');
        var link = doc.createElement('a');
        link.href = root + result.url;
        var title = doc.createElement('span');
        title.className = 'search-result-title';
        title.textContent = result.heading ? result.page + ' › ' + result.heading : result.page;
        var snippet = doc.createElement('span');
        snippet.className = 'search-result-snippet';
        snippet.textContent = result.snippet;
        link.appendChild(title);
        link.appendChild(snippet);
        item.appendChild(link);
        list.appendChild(item);
      }
    }

    function open() {
      panel.hidden = false;
      openButton.setAttribute('aria-expanded', 'true');
      input.focus();
      input.select();
      load();
      show();
    }

    function close() {
      panel.hidden = true;
      openButton.setAttribute('aria-expanded', 'false');
      openButton.focus();
    }

    openButton.addEventListener('click', open);
    // A link to `…#search` (the 404 page's "search the book") opens the panel on arrival,
    // once the page has loaded (the browser's own move to the fragment would take focus back).
    if (doc.location && doc.location.hash === '#search') {
      if (doc.readyState === 'complete') open();
      else doc.defaultView.addEventListener('load', open);
    }
    input.addEventListener('input', show);
    panel.addEventListener('click', function (event) {
      // Following a result to a section of this same page must close the panel too.
      if (event.target.closest && event.target.closest('a')) panel.hidden = true;
    });
    doc.addEventListener('keydown', function (event) {
      if (event.key === 'Escape' && !panel.hidden) {
        event.preventDefault();
        close();
        return;
      }
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key !== '/' && event.key !== 's') return;
      var target = event.target;
      if (target && target.closest && target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return;
      event.preventDefault();
      open();
    });
  }

  return {
    tokenize: tokenize,
    decodeGaps: decodeGaps,
    Searcher: Searcher,
    attach: attach,
  };
});
