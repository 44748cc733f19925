/*
 * widget-common.js — what the "Try it" widget (compute-widget.js, which also runs the attention,
 * softmax and gradient_descent kinds') does beside its own controls and results:
 *
 * - loading the helpers a page did not list and mounting every `[data-widget=…]` figure from the
 *   JSON in its `script[data-example-data]` (no fetch, so file:// works), in place of the static
 *   tables that readers without JavaScript see (kept, hidden on screen, for printing);
 * - building DOM, SVG and MathML with createElement(NS) and text nodes — never innerHTML, since token names
 *   and URL fragments are reader input;
 * - strict parsing of typed numbers;
 * - the shareable state in the URL fragment (`#try-<example>=…`, several widgets joined by "&");
 * - never the prose: the text and its formulas describe the lesson's example, the widget is the
 *   reader's own copy, so nothing outside the widget's figure changes;
 *
 * A page need not list this file: each widget file loads it from its own folder when it is not
 * there yet. Classic script (see compute-lang.js for why): attaches to
 * `globalThis.worked.widgetCommon` and exports through `module.exports` so Node tests can check
 * the parts that need no DOM. Nothing here touches the DOM until a widget calls it.
 */
(function (factory) {
  'use strict';
  var api = factory();
  if (typeof module !== 'undefined' && module.exports) module.exports = api;
  (globalThis.worked = globalThis.worked || {}).widgetCommon = api;
})(function () {
  'use strict';

  var SVG = 'http://www.w3.org/2000/svg';
  var MATHML = 'http://www.w3.org/1998/Math/MathML';
  /** A summary is read out once the input rests, not at every step of a drag. */
  var SUMMARY_DELAY_MS = 400;

  // ------------------------------------------------------------------------------ DOM building

  /**
   * `el('p', { className: 'x', 'data-row': 2 }, 'text', child, [more])`: attributes are set with
   * setAttribute (null/undefined/false leave one out, true sets it empty), strings become text
   * nodes, arrays are flattened and null children skipped.
   */
  function el(tag, attrs) {
    var node = document.createElement(tag);
    setAttributes(node, attrs);
    for (var i = 2; i < arguments.length; i++) append(node, arguments[i]);
    return node;
  }

  /** The same for SVG elements. */
  function svg(tag, attrs) {
    var node = document.createElementNS(SVG, tag);
    setAttributes(node, attrs);
    for (var i = 2; i < arguments.length; i++) append(node, arguments[i]);
    return node;
  }

  /**
   * The same for MathML elements: typeset formulas built in the page, with no client-side
   * KaTeX. Strings become text nodes, so reader input (token names) is never markup.
   */
  function math(tag, attrs) {
    var node = document.createElementNS(MATHML, tag);
    setAttributes(node, attrs);
    for (var i = 2; i < arguments.length; i++) append(node, arguments[i]);
    return node;
  }

  function setAttributes(node, attrs) {
    Object.keys(attrs || {}).forEach(function (name) {
      var value = attrs[name];
      if (value === null || value === undefined || value === false) return;
      // `class` through setAttribute, since an SVG element's className is not a string.
      if (name === 'className') node.setAttribute('class', value);
      else node.setAttribute(name, value === true ? '' : String(value));
    });
  }

  function append(node, child) {
    if (child === null || child === undefined || child === false) return;
    if (Array.isArray(child)) child.forEach(function (c) { append(node, c); });
    else node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }

  // ---------------------------------------------------------------------------- typed numbers

  /** An integer part grouped in threes as the book prints counts ("1,024", "1 048 576"), with
   *  one separator throughout (as exercise-answer.js reads answers). */
  var GROUPED = /^[+-]?[1-9]\d{0,2}([, \u00a0\u202f\u2009])\d{3}(?:\1\d{3})*(?:\.\d*)?$/;

  /**
   * A number as a reader may type it: optional sign (ASCII or U+2212), digits with an optional
   * point (the integer part may be grouped as the book prints it, "1,024"), optional exponent.
   * Returns null for anything else, including "", "1,5", "∞", "1e999".
   */
  function parseNumber(text) {
    var t = String(text).trim().replace(/\u2212/g, '-');
    var grouped = GROUPED.exec(t);
    if (grouped) t = t.split(grouped[1]).join('');
    if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return null;
    var x = Number(t);
    return isFinite(x) ? x : null;
  }

  /**
   * Why a reader's text is not a number, as a sentence with a way to write one: a decimal comma
   * ("1,5") is answered with its point form, anything else with examples the parser takes.
   */
  function notANumber(typed) {
    var quoted = '\u201c' + typed + '\u201d';
    if (/^[+\-\u2212]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(typed)) {
      return typed + ' is too large: numbers here must be below about 1.8 \u00d7 10\u00b3\u2070\u2078.';
    }
    if (/^[+\-\u2212]?\d+,\d+$/.test(typed)) {
      return quoted + ' is not a number here: write ' + typed.replace(',', '.') + ', with a point.';
    }
    return quoted + ' is not a number: write one like 2, \u22120.5 or 1e-3.';
  }

  /** A number as a reader types it into a field: the shortest exact text, "1e150" not "1e+150". */
  function asTyped(x) {
    return String(x).replace('e+', 'e');
  }

  /**
   * A value a message suggests, by the number rule like every number in a message, followed by
   * what to type when the field would not take that text: "1 × 10⁻³⁰⁷ (type 1e-307)",
   * but plain "0.5", "−2" or "12,345".
   */
  function suggestion(x) {
    var shown = globalThis.worked.format.formatShortest(x);
    return parseNumber(shown) === x ? shown : shown + ' (type ' + asTyped(x) + ')';
  }

  /**
   * A core's message for a reader: names in `code` marks become quoted words, and its numbers
   * (not digits inside a name such as w_q2) print by the number rule, as the widget's own words
   * do: "(−5)", "1,000,000".
   */
  function readerWords(message) {
    return message.replace(/`([^`]*)`/g, '\u201c$1\u201d')
      // No lookbehind (Safari before 16.4 cannot parse one): the character before a number is
      // matched and put back.
      .replace(/(^|[^\w.])(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)(?![\w]|\.\d)/g, function (_, before, number) {
        return before + globalThis.worked.format.formatShortest(Number(number));
      });
  }

  // ---------------------------------------------------------------- URL fragment (shareable state)

  function fragmentParts() {
    var hash = location.hash.replace(/^#/, '');
    return hash ? hash.split('&') : [];
  }

  /** This widget's part of the fragment (`try-<name>=…`, without the prefix), or null. */
  function readFragment(name) {
    var prefix = 'try-' + name + '=';
    var part = fragmentParts().filter(function (p) { return p.indexOf(prefix) === 0; })[0];
    return part === undefined ? null : part.slice(prefix.length);
  }

  /**
   * Replace this widget's part of the fragment (dropped when `encoded` is empty, i.e. the example
   * as written) without adding a history entry or scrolling.
   */
  function writeFragment(name, encoded) {
    var prefix = 'try-' + name + '=';
    var parts = fragmentParts().filter(function (p) { return p.indexOf('try-') === 0 && p.indexOf(prefix) !== 0; });
    if (encoded) parts.push(prefix + encoded);
    var url = location.pathname + location.search + (parts.length ? '#' + parts.join('&') : '');
    try {
      history.replaceState(history.state, '', url);
    } catch (e) {
      // Some embedded viewers forbid it; sharing is then unavailable but the widget still works.
    }
  }

  // ------------------------------------------------------------------------- live figure parts

  /**
   * Put the live widget before the static tables, drop the note that the controls need
   * JavaScript, and mark the figure live. The static tables
   * (the lesson's own numbers) stay as the print copy: widget.css hides them on screen and hides
   * the input boxes on paper, so a printed page shows tables, not fields.
   */
  function showLive(figure, live) {
    // The build's note that the controls need JavaScript: they are here now.
    var note = figure.querySelector('.worked-widget-nojs');
    if (note) note.remove();
    var staticPart = figure.querySelector('.worked-widget-static');
    if (staticPart) {
      staticPart.classList.add('ww-print-copy');
      figure.insertBefore(live, staticPart);
    } else figure.appendChild(live);
    figure.classList.add('ww-live');
  }

  /**
   * The note that explains the `data-changed` marks on numbers that differ, as printed, from the
   * lesson's (widget.css outlines them in bold and adds "(changed)" for screen readers); hidden
   * until one shows. Its swatch looks like a marked number; `after` ends the sentence.
   */
  function changedNote(after) {
    return el('p', { className: 'ww-changed-note', 'data-changed-note': true, hidden: true },
      el('span', { className: 'ww-changed-swatch', 'aria-hidden': 'true' }, '0.5'),
      ' Outlined bold numbers differ from the lesson\u2019s' + (after || '') + '.');
  }

  /** Shows `note` (from changedNote) when `root` holds a marked number. */
  function showChanged(note, root) {
    note.hidden = !root.querySelector('[data-changed]');
  }

  /** Set `widget.summary`'s text from `widget.summaryText()` once the input has rested. */
  function announceLater(widget) {
    clearTimeout(widget.summaryTimer);
    widget.summaryTimer = setTimeout(function () {
      widget.summary.textContent = widget.summaryText();
    }, SUMMARY_DELAY_MS);
  }

  // --------------------------------------------------------------------------- loading, mounting

  /**
   * Load, in order, the scripts of `needs` (`[namespace key, file]`) that are not on the page yet,
   * from the folder `script` came from; then call `done`. Without a script URL nothing loads and
   * the static figures stay.
   */
  function loadMissing(script, needs, done) {
    var ns = globalThis.worked;
    var missing = needs.filter(function (d) { return !ns[d[0]]; });
    if (missing.length === 0) return done();
    if (!script || !script.src) return;
    var tag = document.createElement('script');
    tag.src = new URL(missing[0][1], script.src).href;
    tag.async = false;
    tag.addEventListener('load', function () { loadMissing(script, needs, done); });
    document.head.appendChild(tag);
  }

  /**
   * Start one kind of widget once its helpers are loaded and the page is parsed. `spec`:
   * - `script`: the widget file's own `<script>` element, `needs`: as for loadMissing,
   * - `widget`: the `data-widget` value (or a list of them), `name`: the kind in words, for the console,
   * - `ready()`: called once the helpers are loaded, before the first `create(figure, example)`,
   *   which returns a widget object with `mount()`, `example` and `followFragment(encoded)`.
   * A figure whose widget does not start (bad data, an example the build should have rejected)
   * keeps its static content. A pasted link for this page restores its state without a reload.
   */
  function start(spec) {
    loadMissing(spec.script, spec.needs, function () {
      if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mount);
      else mount();
    });

    function mount() {
      spec.ready();
      var widgets = [];
      var selector = [].concat(spec.widget).map(function (w) { return '[data-widget="' + w + '"]'; }).join(', ');
      document.querySelectorAll(selector).forEach(function (figure) {
        var data = figure.querySelector('script[data-example-data]');
        try {
          var widget = spec.create(figure, JSON.parse(data.textContent));
          widget.mount();
          widgets.push(widget);
        } catch (e) {
          if (typeof console !== 'undefined') console.warn('worked: ' + spec.name + ' widget not started:', e);
        }
      });
      window.addEventListener('hashchange', function () {
        widgets.forEach(function (w) {
          var encoded = readFragment(w.example.name);
          if (encoded !== null) w.followFragment(encoded);
        });
      });
    }
  }

  return {
    el: el,
    svg: svg,
    math: math,
    append: append,
    parseNumber: parseNumber,
    notANumber: notANumber,
    suggestion: suggestion,
    readerWords: readerWords,
    readFragment: readFragment,
    writeFragment: writeFragment,
    showLive: showLive,
    changedNote: changedNote,
    showChanged: showChanged,
    announceLater: announceLater,
    start: start,
  };
});
