/*
 * book-nav.js — moving around the book: the sidebar with the whole book as a tree, the
 * Contents button that opens it on narrow screens, and the arrow keys for the previous and
 * next page in reading order.
 *
 * Classic script (browsers refuse ES modules from file://), loaded with `defer` on every page
 * after `book-toc.js`, which assigns the tree to `window.WORKED_BOOK_TOC`: entries
 * `{ t: title, u: URL from the output root or null, c: [children] }` (`c` only on sections).
 * One file for the book keeps every page small. The tree is drawn with createElement and
 * textContent only; the page's own path (`data-page` on the nav) marks the current page and
 * opens the sections that hold it, and `data-root` on <body> leads back to the output root.
 * Without JavaScript the nav shows a link to the contents page.
 */
(function () {
  'use strict';

  /** True when a key press belongs to what the reader is typing or operating. */
  function isEditing(target) {
    if (!target || !target.closest) return false;
    return Boolean(target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="slider"]'));
  }

  /**
   * True when `target` is (inside) a box that scrolls sideways, such as a focused wide formula:
   * there the arrow keys scroll the box, as the browser does by itself, and never turn the page.
   */
  function inSidewaysScroller(target) {
    for (var node = target; node && node.nodeType === 1 && node !== document.body; node = node.parentElement) {
      if (node.scrollWidth > node.clientWidth + 1) {
        var overflow = window.getComputedStyle(node).overflowX;
        if (overflow === 'auto' || overflow === 'scroll') return true;
      }
    }
    return false;
  }

  var sectionCount = 0;

  /** Shows or hides a section's chapters and says so on its button. */
  function setOpen(toggle, children, open) {
    toggle.setAttribute('aria-expanded', open ? 'true' : 'false');
    children.hidden = !open;
  }

  function onToggle(event) {
    var toggle = event.currentTarget;
    var children = document.getElementById(toggle.getAttribute('aria-controls'));
    if (children) setOpen(toggle, children, toggle.getAttribute('aria-expanded') !== 'true');
  }

  /** Appends the entries of `toc` to the list `list`; returns whether one is the current page. */
  function drawEntries(list, toc, root, page, depth) {
    var holdsCurrent = false;
    for (var i = 0; i < toc.length && depth < 32; i++) {
      var entry = toc[i];
      var item = document.createElement('li');
      var label;
      if (entry.u) {
        label = document.createElement('a');
        label.href = root + entry.u;
        if (entry.u === page) {
          label.setAttribute('aria-current', 'page');
          holdsCurrent = true;
        }
      } else {
        label = document.createElement('span');
        label.className = 'book-nav-heading';
      }
      label.textContent = entry.t;
      if (Array.isArray(entry.c)) {
        // A section: a button that folds its chapters away, beside (never around) its link,
        // since a control inside another control is unreachable for some readers.
        item.className = 'book-nav-section';
        var children = document.createElement('ol');
        children.setAttribute('role', 'list');
        children.id = 'book-nav-' + (++sectionCount);
        var toggle = document.createElement('button');
        toggle.type = 'button';
        toggle.className = 'book-nav-toggle';
        toggle.setAttribute('aria-controls', children.id);
        var row = document.createElement('div');
        row.className = 'book-nav-row';
        if (entry.u) {
          toggle.setAttribute('aria-label', entry.t);
          row.appendChild(toggle);
          row.appendChild(label);
        } else {
          toggle.appendChild(label);
          row.appendChild(toggle);
        }
        item.appendChild(row);
        item.appendChild(children);
        var open = drawEntries(children, entry.c, root, page, depth + 1) || entry.u === page;
        setOpen(toggle, children, open);
        toggle.addEventListener('click', onToggle);
        holdsCurrent = holdsCurrent || open;
      } else {
        item.className = 'book-nav-chapter';
        item.appendChild(label);
      }
      list.appendChild(item);
    }
    return holdsCurrent;
  }

  function drawSidebar() {
    var nav = document.getElementById('book-nav');
    var toc = window.WORKED_BOOK_TOC;
    if (!nav || !Array.isArray(toc)) return;
    var list = document.createElement('ol');
    list.className = 'book-nav-list';
    list.setAttribute('role', 'list');
    drawEntries(list, toc, document.body.getAttribute('data-root') || '', nav.getAttribute('data-page'), 0);
    while (nav.firstChild) nav.removeChild(nav.firstChild);
    nav.appendChild(list);
  }

  function setUpToggle() {
    var button = document.querySelector('.sidebar-toggle');
    var nav = document.getElementById('book-nav');
    if (!button || !nav) return;
    document.body.classList.add('nav-ready');
    button.hidden = false;
    button.addEventListener('click', function () {
      var open = !nav.classList.contains('is-open');
      nav.classList.toggle('is-open', open);
      button.setAttribute('aria-expanded', open ? 'true' : 'false');
      if (open) {
        var current = nav.querySelector('[aria-current="page"]') || nav.querySelector('a');
        if (current) current.scrollIntoView({ block: 'nearest' });
      }
    });
  }

  function setUpArrowKeys() {
    document.addEventListener('keydown', function (event) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      if (isEditing(event.target) || inSidewaysScroller(event.target)) return;
      var link = document.querySelector(event.key === 'ArrowLeft' ? 'a[rel="prev"]' : 'a[rel="next"]');
      if (!link) return;
      event.preventDefault();
      window.location.href = link.href;
    });
  }

  drawSidebar();
  setUpToggle();
  setUpArrowKeys();
})();
