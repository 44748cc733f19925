/*
 * scroll-regions.js — keyboard access to boxes that scroll sideways, and only to those.
 *
 * A wide formula or table scrolls inside its own box, and a box that scrolls must be reachable
 * by keyboard, or a reader without a mouse cannot see its right-hand part (WCAG 2.1.1). The
 * build gives every such box (`.scroll-region`: display formulas, tables of computed values) a
 * name, `role="group"` and `tabindex="0"`, and every plain Markdown table a name and
 * `tabindex="0"`, so without JavaScript every one is a tab stop. This
 * script keeps the tab stop only where the content is wider than the box, and re-decides when
 * the box or its table changes size (a phone turned sideways), when a widget redraws, and once
 * the fonts have loaded (KaTeX's fonts, or the math font of MathML formulas, make formulas wider
 * than the fallback fonts did).
 * Boxes the build cannot mark are handled the same way and named here: the widgets' table boxes
 * and worked rows (`.ww-scroll`, `.ww-explain`, drawn by their scripts) and code blocks. A box that holds a link, a field or a button is reachable already and is left
 * alone. Every box that scrolls also gets a visible cue under it (`.scroll-cue`), and a display
 * formula that has a line-broken drawing shows it instead of scrolling.
 *
 * Classic script (browsers refuse ES modules from file://), loaded with `defer` on every page.
 */
(function () {
  'use strict';

  /** Every box that may scroll sideways: the build's, the widgets', plain tables and code. */
  var SELECTOR = '.scroll-region, .ww-scroll, .ww-explain, .lesson-content table:not(.worked-matrix), pre';

  /** What a reader can already tab to; a box holding one needs no tab stop of its own. */
  var FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

  /** Whether `box` has content hidden to its left or right. */
  function scrolls(box) {
    return box.scrollWidth > box.clientWidth + 1;
  }

  /** A name for a box: its table's caption, else its field group's legend, else its kind. */
  function nameOf(box) {
    var caption = box.tagName === 'TABLE' ? box.caption : box.querySelector('caption');
    var group = box.closest('fieldset');
    var legend = group && group.querySelector('legend');
    var source = caption || legend;
    var text = source ? source.textContent.replace(/\s+/g, ' ').trim() : '';
    if (text) return text;
    if (box.tagName === 'PRE') return 'Code';
    return box.classList.contains('ww-explain') ? 'Calculation' : 'Table';
  }

  /** Whether `box` holds something the keyboard already reaches (other than itself). */
  function holdsFocusable(box) {
    var inside = box.querySelectorAll(FOCUSABLE);
    for (var i = 0; i < inside.length; i++) if (inside[i] !== box) return true;
    return false;
  }

  /**
   * A display formula with a line-broken drawing (`.math-narrow`, see src/layout/math/narrow.rs)
   * shows that drawing exactly when the formula as written would scroll.
   */
  function chooseDrawing(box) {
    if (!box.querySelector(':scope > .math-narrow')) return;
    box.setAttribute('data-layout', 'wide');
    if (scrolls(box)) box.setAttribute('data-layout', 'narrow');
  }

  /** Hides the cue under `box` once the reader has scrolled to its right end. */
  function markEnd(box) {
    var cue = box.nextElementSibling;
    if (!cue || !cue.classList.contains('scroll-cue')) return;
    var atEnd = box.scrollLeft + box.clientWidth >= box.scrollWidth - 1;
    if (atEnd) cue.setAttribute('data-at-end', '');
    else cue.removeAttribute('data-at-end');
  }

  function onScroll(event) {
    markEnd(event.currentTarget);
  }

  /**
   * Puts a visible "scroll" cue under a box that scrolls (overlay scrollbars show only while
   * scrolling, so the box alone can look cut off), and takes it away when the box fits. The
   * cue is for the eyes; screen readers have the box's name and tab stop.
   */
  function showCue(box, scrolling) {
    var next = box.nextElementSibling;
    var cue = next && next.classList.contains('scroll-cue') ? next : null;
    if (scrolling && !cue) {
      cue = document.createElement('span');
      cue.className = 'scroll-cue';
      cue.setAttribute('aria-hidden', 'true');
      cue.textContent = 'Scroll sideways for more \u2192';
      box.insertAdjacentElement('afterend', cue);
      box.addEventListener('scroll', onScroll, { passive: true });
    } else if (!scrolling && cue) {
      cue.parentNode.removeChild(cue);
    }
    if (scrolling) markEnd(box);
  }

  /** Removes cues whose box has gone (a widget redrew its table). */
  function dropStrayCues(root) {
    var cues = root.querySelectorAll ? root.querySelectorAll('.scroll-cue') : [];
    for (var i = 0; i < cues.length; i++) {
      var box = cues[i].previousElementSibling;
      if (!box || !box.matches(SELECTOR) || !scrolls(box)) cues[i].parentNode.removeChild(cues[i]);
    }
  }

  /** Makes `box` a named tab stop if and only if it scrolls and nothing inside is one. */
  function decide(box) {
    chooseDrawing(box);
    var scrolling = scrolls(box);
    showCue(box, scrolling);
    if (scrolling && !holdsFocusable(box)) {
      // A table keeps its own role; a named region of any other kind is a group.
      if (box.tagName !== 'TABLE' && !box.hasAttribute('role')) box.setAttribute('role', 'group');
      if (!box.hasAttribute('aria-label') && !box.hasAttribute('aria-labelledby')) {
        box.setAttribute('aria-label', nameOf(box));
      }
      if (box.getAttribute('tabindex') !== '0') box.setAttribute('tabindex', '0');
    } else if (box.hasAttribute('tabindex') && document.activeElement !== box) {
      box.removeAttribute('tabindex');
    }
  }

  var watched = typeof WeakSet === 'function' ? new WeakSet() : null;
  var resizes = typeof ResizeObserver === 'function'
    ? new ResizeObserver(function (entries) {
      entries.forEach(function (entry) {
        var box = entry.target.matches(SELECTOR) ? entry.target : entry.target.parentElement;
        if (box) decide(box);
      });
    })
    : null;

  /** Decides for every box under `root` and watches the new ones (the box and its content). */
  function watch(root) {
    dropStrayCues(root);
    var boxes = root.querySelectorAll ? root.querySelectorAll(SELECTOR) : [];
    for (var i = 0; i < boxes.length; i++) {
      var box = boxes[i];
      decide(box);
      if (!resizes || !watched || watched.has(box)) continue;
      watched.add(box);
      resizes.observe(box);
      if (box.firstElementChild) resizes.observe(box.firstElementChild);
    }
  }

  /** The smallest a printed table is scaled to; a wider one prints in bands of columns. */
  var LEAST_ZOOM = 0.5;

  /**
   * Prints `table`, too wide for `room` even at LEAST_ZOOM, as bands of its columns one under
   * the other (the way a spreadsheet prints across pages), each band repeating the row labels:
   * a loss curve of 100 steps prints as rows of steps rather than as 100 unreadable columns.
   * The bands are print-only copies (`.print-band`, hidden on screen, without the original's
   * data attributes, so widgets never find them); the original is hidden in print
   * (`.print-banded`). Tables with merged cells are left to the zoom. Returns whether it banded.
   */
  function printInBands(table, room) {
    var rows = Array.prototype.slice.call(table.rows);
    var columns = rows.length ? rows[0].cells.length : 0;
    var simple = rows.every(function (row) {
      return row.cells.length === columns && Array.prototype.every.call(row.cells, function (cell) {
        return cell.colSpan === 1 && cell.rowSpan === 1;
      });
    });
    if (!simple || columns < 2) return false;
    var labelled = rows.slice(1).every(function (row) { return row.cells[0].tagName === 'TH'; }) && rows.length > 1;
    var widths = Array.prototype.map.call(rows[0].cells, function (cell) { return cell.getBoundingClientRect().width; });
    var first = labelled ? 1 : 0;
    var label = labelled ? widths[0] : 0;
    var bands = [];
    for (var start = first; start < columns;) {
      var end = start + 1;
      var used = label + widths[start];
      while (end < columns && used + widths[end] <= room) used += widths[end++];
      bands.push([start, end]);
      start = end;
    }
    var after = table.parentElement.classList.contains('worked-matrix-scroll') ? table.parentElement : table;
    var sections = [table.tHead].concat(Array.prototype.slice.call(table.tBodies)).filter(Boolean);
    bands.reverse().forEach(function (band, index) {
      var copy = document.createElement('table');
      copy.className = table.className + ' print-band';
      copy.setAttribute('aria-hidden', 'true');
      if (index === bands.length - 1 && table.caption) copy.appendChild(table.caption.cloneNode(true));
      sections.forEach(function (section) {
        var part = document.createElement(section.tagName);
        Array.prototype.forEach.call(section.rows, function (row) {
          var line = document.createElement('tr');
          var cells = Array.prototype.slice.call(row.cells);
          if (labelled) line.appendChild(cells[0].cloneNode(true));
          cells.slice(band[0], band[1]).forEach(function (cell) { line.appendChild(cell.cloneNode(true)); });
          part.appendChild(line);
        });
        copy.appendChild(part);
      });
      after.insertAdjacentElement('afterend', copy);
    });
    table.classList.add('print-banded');
    return true;
  }

  /** Takes away the print-only bands of every table. */
  function dropBands() {
    var bands = document.querySelectorAll('.print-band');
    for (var i = 0; i < bands.length; i++) bands[i].parentNode.removeChild(bands[i]);
    var banded = document.querySelectorAll('.print-banded');
    for (var j = 0; j < banded.length; j++) banded[j].classList.remove('print-banded');
  }

  /**
   * The width `box` may take on paper: up to the nearest right edge, inside its padding and
   * border, of the boxes around it up to the printed `column` (a widget's printed tables sit
   * inside its padding, and inside the flex row that sets them side by side).
   */
  function roomFor(box, column) {
    var right = column.getBoundingClientRect().right;
    for (var node = box.parentElement; node && node !== column; node = node.parentElement) {
      var style = getComputedStyle(node);
      if (style.display === 'inline' || style.display === 'contents') continue;
      var edge = node.getBoundingClientRect().right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth);
      right = Math.min(right, edge);
    }
    return right - box.getBoundingClientRect().left;
  }

  /**
   * On paper nothing scrolls: formulas take their line-broken drawing where the printed column
   * needs it, and a table or formula still wider than the column is scaled down to fit it
   * (CSS `zoom` on the table, or on the formula's drawing), so every column prints; a table
   * that would have to shrink below LEAST_ZOOM prints in bands of columns instead. Measured
   * once print layout applies, undone after.
   */
  function fitForPrint(printing) {
    dropBands();
    watch(document);
    var boxes = document.querySelectorAll('main table, main .math-display');
    for (var i = 0; i < boxes.length; i++) {
      var box = boxes[i];
      var scaled = box.tagName === 'TABLE' ? box
        : box.querySelector(box.getAttribute('data-layout') === 'narrow' ? ':scope > .math-narrow' : ':scope > .katex-display, :scope > math');
      if (!scaled) continue;
      scaled.style.zoom = '';
      if (!printing) continue;
      var column = box.closest('.lesson-content') || document.getElementById('main');
      var room = roomFor(box, column);
      var width = box.scrollWidth;
      if (width <= room + 1 || room <= 0) continue;
      if (box.tagName === 'TABLE' && room / width < LEAST_ZOOM && printInBands(box, room)) continue;
      scaled.style.zoom = String(Math.max(0.3, room / width));
    }
  }

  if (window.matchMedia) {
    var print = window.matchMedia('print');
    var onPrint = function (event) { fitForPrint(event.matches); };
    if (print.addEventListener) print.addEventListener('change', onPrint);
    else if (print.addListener) print.addListener(onPrint);
    // A page that opens already printing (headless --print-to-pdf) sees no change.
    window.addEventListener('load', function () { if (print.matches) fitForPrint(true); });
  }

  watch(document);
  var again = function () { watch(document); };
  if (!resizes) window.addEventListener('resize', again);
  // A formula's box keeps its width when its web fonts arrive and the formula inside grows, so
  // no resize is seen then: decide again once the fonts and the whole page have loaded.
  if (document.fonts && document.fonts.ready) document.fonts.ready.then(again);
  window.addEventListener('load', again);
  // Widgets draw their tables after this script has run, and redraw them on every edit.
  if (typeof MutationObserver === 'function') {
    var pending = false;
    new MutationObserver(function () {
      if (pending) return;
      pending = true;
      window.requestAnimationFrame(function () {
        pending = false;
        watch(document);
      });
    }).observe(document.body, { childList: true, subtree: true });
  }
})();
