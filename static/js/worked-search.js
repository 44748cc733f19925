/*
 * worked-search.js — full-text search over the book, in the reader's browser.
 *
 * Opened with the Search button, `/` or `s`; closed with Escape. On first use it loads
 * `search-index.js` (written by `worked build`) by adding a classic script element, which
 * works from file:// where `fetch` does not; that script assigns `window.WORKED_SEARCH_INDEX`:
 *   { docs: [[url, pageTitle, heading, snippet], …],        one per section of a page
 *     words: { word: "gap,gap,…" },                          section numbers as base-36 gaps
 *     synonyms: { abbreviation: "spelled out" } }            book.toml's [search] synonyms
 * A result links to its section's heading anchor, with the query's words in `?highlight=`
 * (read by `highlightPage` on the page opened, which marks them: a query parameter works from
 * file:// too, where text fragments do not). Results and marks are built with createElement,
 * textContent and splitText only: no innerHTML, so nothing typed or indexed can become markup.
 * In the panel ArrowDown/ArrowUp move between the field and the results, Enter opens one.
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
  if (typeof document !== 'undefined') {
    api.attach(document);
    api.highlightPage(document);
  }
})(function () {
  'use strict';

  var MIN_WORD_CHARS = 2;
  var MAX_WORD_CHARS = 24;
  var MAX_RESULTS = 20;
  var MAX_PREFIX_WORDS = 200;
  /** A run of words joined by single `_`, `-` or `.`: `w_q`, `top-p`, `0.25`. */
  var RUN = /[\p{Alphabetic}\p{N}]+(?:[_.\-][\p{Alphabetic}\p{N}]+)*/gu;
  var WORD = /[\p{Alphabetic}\p{N}]+/gu;
  var NOT_WORD = /[^\p{Alphabetic}\p{N}]/u;
  var JOINED = /[_.\-]/;
  var NUMBER = /^[0-9]+\.[0-9.]+$/;

  function keep(word, out) {
    var chars = Array.from(word);
    if (chars.length >= MIN_WORD_CHARS) out.push(chars.slice(0, MAX_WORD_CHARS).join(''));
  }

  /** The words of `text`, as `worked::layout::search::tokenize` cuts them: each word, and a
   *  joined run as written after its parts. */
  function tokenize(text) {
    var runs = String(text).toLowerCase().match(RUN) || [];
    var out = [];
    for (var i = 0; i < runs.length; i++) {
      var parts = runs[i].split(NOT_WORD);
      for (var p = 0; p < parts.length; p++) keep(parts[p], out);
      if (JOINED.test(runs[i])) keep(runs[i], out);
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
    this.synonyms = index.synonyms || {};
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
   * The ways of reading a query's words: as typed; without the joined words (`top-p` also
   * finds `top`, ranked below; not for a number, `0.25`); with two typed words run together (`layer norm` also finds
   * `LayerNorm`); with one typed word split in two indexed words (`layernorm` also finds
   * `layer norm` and `layer_norm`); and with the book's synonyms spelled out (`kv cache` also
   * finds `key-value cache`, when book.toml's `[search] synonyms` says `kv = "key-value"`).
   */
  Searcher.prototype.readings = function (terms) {
    var readings = [terms];
    var parts = terms.filter(function (term) { return !JOINED.test(term); });
    // A number's digits after its point are not a number of their own: `0.25` never finds `25`.
    var number = terms.some(function (term) { return NUMBER.test(term); });
    if (parts.length > 0 && parts.length < terms.length && !number) readings.push(parts);
    var base = parts.length > 0 ? parts : terms;
    if (base.length === 2) readings.push([base[0] + base[1]]);
    if (base.length === 1) {
      var word = base[0];
      for (var cut = MIN_WORD_CHARS; cut <= word.length - MIN_WORD_CHARS; cut++) {
        var head = word.slice(0, cut);
        var tail = word.slice(cut);
        if (this.postings(head).length > 0 && this.wordsStartingWith(tail).length > 0) {
          readings.push([head, tail]);
        }
      }
    }
    var synonyms = this.synonyms;
    var spelled = [];
    var changed = false;
    base.forEach(function (term) {
      if (Object.prototype.hasOwnProperty.call(synonyms, term)) {
        spelled = spelled.concat(tokenize(synonyms[term]));
        changed = true;
      } else spelled.push(term);
    });
    if (changed && spelled.length > 0) readings.push(spelled);
    return readings;
  };

  /** Section numbers holding every word of `terms` (the last as a prefix), as an object's keys. */
  Searcher.prototype.matching = function (terms) {
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
    return scores || {};
  };

  /**
   * Sections that match any reading of the query (see `readings`), best first: a match of the
   * query as typed first, then a match in the heading or page title before one in the text;
   * ties keep reading order. Each
   * result carries `terms`, every word of every reading, for highlighting.
   */
  Searcher.prototype.search = function (query) {
    var terms = tokenize(query);
    if (terms.length === 0) {
      var none = [];
      none.total = 0;
      none.terms = [];
      return none;
    }
    var readings = this.readings(terms);
    // Sections that match the query as typed rank above those only another reading finds.
    var found = {};
    var allTerms = [];
    for (var r = 0; r < readings.length; r++) {
      var matched = this.matching(readings[r]);
      for (var key in matched) if (!found[key]) found[key] = r === 0 ? 2 : 1;
      allTerms = allTerms.concat(readings[r]);
    }
    var results = [];
    for (var doc in found) {
      var number = Number(doc);
      var entry = this.docs[number];
      var titleWords = tokenize(entry[1] + ' ' + entry[2]);
      var score = found[doc] === 2 ? terms.length + 1 : 0;
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
    shown.terms = allTerms;
    return shown;
  };

  /**
   * Where `terms` occur in `text`: [start, end) offsets of every word that starts with one of
   * them, cut as `tokenize` cuts words, in order.
   */
  function matchRanges(text, terms) {
    var ranges = [];
    if (!terms.length) return ranges;
    function matches(word) {
      for (var i = 0; i < terms.length; i++) {
        if (terms[i].length >= MIN_WORD_CHARS && word.toLowerCase().lastIndexOf(terms[i], 0) === 0) return true;
      }
      return false;
    }
    var runs = new RegExp(RUN.source, 'gu');
    var run;
    while ((run = runs.exec(String(text))) !== null) {
      // A joined run (`top-p`) is marked whole when a term starts it, else word by word.
      if (matches(run[0])) {
        ranges.push([run.index, run.index + run[0].length]);
        continue;
      }
      var words = new RegExp(WORD.source, 'gu');
      var word;
      while ((word = words.exec(run[0])) !== null) {
        if (matches(word[0])) ranges.push([run.index + word.index, run.index + word.index + word[0].length]);
      }
    }
    return ranges;
  }

  /** Appends `text` to `parent` with the words matching `terms` in <mark>; no markup parsed. */
  function appendMarked(doc, parent, text, terms, className) {
    var ranges = matchRanges(text, terms);
    var at = 0;
    for (var i = 0; i < ranges.length; i++) {
      if (ranges[i][0] > at) parent.appendChild(doc.createTextNode(text.slice(at, ranges[i][0])));
      var mark = doc.createElement('mark');
      if (className) mark.className = className;
      mark.textContent = text.slice(ranges[i][0], ranges[i][1]);
      parent.appendChild(mark);
      at = ranges[i][1];
    }
    if (at < text.length) parent.appendChild(doc.createTextNode(text.slice(at)));
  }

  /** `url` (`page.html#anchor`) with the query's words as `?highlight=…` for the page opened. */
  function withHighlight(url, terms) {
    if (!terms.length) return url;
    var hash = url.indexOf('#');
    var path = hash < 0 ? url : url.slice(0, hash);
    var anchor = hash < 0 ? '' : url.slice(hash);
    return path + '?highlight=' + encodeURIComponent(terms.join(' ')) + anchor;
  }

  /** Most marks put on a page opened from a result. */
  var MAX_PAGE_MARKS = 200;

  /**
   * On a page opened from a result, marks the words of `?highlight=` in its main text (not in
   * formulas, code or the page's furniture) by splitting text nodes: nothing is parsed.
   */
  function highlightPage(doc) {
    var search = doc.location && doc.location.search;
    var found = /[?&]highlight=([^&]*)/.exec(search || '');
    var main = doc.getElementById('main');
    if (!found || !main) return 0;
    var terms;
    try {
      terms = tokenize(decodeURIComponent(found[1].replace(/\+/g, ' ')));
    } catch (error) {
      return 0;
    }
    var walker = doc.createTreeWalker(main, 4 /* NodeFilter.SHOW_TEXT */);
    var nodes = [];
    var node;
    while ((node = walker.nextNode())) {
      var parent = node.parentElement;
      if (parent && !parent.closest('.katex, math, pre, code, script, style, svg, .worked-widget, mark, nav')) nodes.push(node);
    }
    var marks = 0;
    for (var i = 0; i < nodes.length && marks < MAX_PAGE_MARKS; i++) {
      var ranges = matchRanges(nodes[i].nodeValue, terms);
      for (var r = ranges.length - 1; r >= 0; r--) {
        var hit = nodes[i].splitText(ranges[r][0]);
        hit.splitText(ranges[r][1] - ranges[r][0]);
        var mark = doc.createElement('mark');
        mark.className = 'search-hit';
        hit.parentNode.replaceChild(mark, hit);
        mark.appendChild(hit);
        marks++;
      }
    }
    return marks;
  }

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
        link.href = root + withHighlight(result.url, results.terms);
        var title = doc.createElement('span');
        title.className = 'search-result-title';
        appendMarked(doc, title, result.heading ? result.page + ' › ' + result.heading : result.page, results.terms);
        var snippet = doc.createElement('span');
        snippet.className = 'search-result-snippet';
        appendMarked(doc, snippet, result.snippet, results.terms);
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

    /** The result links, in order. */
    function resultLinks() {
      return Array.prototype.slice.call(list.querySelectorAll('a'));
    }

    // ArrowDown and ArrowUp move between the field and the results; Enter in the field opens
    // the first result (Enter on a result follows it, as on any link).
    input.addEventListener('keydown', function (event) {
      var links = resultLinks();
      if (event.key === 'ArrowDown' && links.length) {
        event.preventDefault();
        links[0].focus();
      } else if (event.key === 'Enter' && links.length) {
        event.preventDefault();
        panel.hidden = true;
        links[0].click();
      }
    });
    list.addEventListener('keydown', function (event) {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      var links = resultLinks();
      var at = links.indexOf(doc.activeElement);
      if (at < 0) return;
      event.preventDefault();
      var next = at + (event.key === 'ArrowDown' ? 1 : -1);
      if (next < 0) input.focus();
      else if (next < links.length) links[next].focus();
    });

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
    matchRanges: matchRanges,
    withHighlight: withHighlight,
    Searcher: Searcher,
    attach: attach,
    highlightPage: highlightPage,
  };
});
