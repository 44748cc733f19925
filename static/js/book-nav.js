/*
 * book-nav.js — moving around the book: the Contents button that opens the sidebar on narrow
 * screens, and the arrow keys for the previous and next page in reading order.
 *
 * Classic script (browsers refuse ES modules from file://), loaded with `defer` on every page.
 * It reads the page's own links (`a[rel=prev]`, `a[rel=next]`) and never builds markup from
 * text. Without JavaScript the sidebar simply stays open above the lesson on narrow screens.
 */
(function () {
  'use strict';

  /** True when a key press belongs to what the reader is typing or operating. */
  function isEditing(target) {
    if (!target || !target.closest) return false;
    return Boolean(target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="slider"]'));
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
      if (isEditing(event.target)) return;
      var link = document.querySelector(event.key === 'ArrowLeft' ? 'a[rel="prev"]' : 'a[rel="next"]');
      if (!link) return;
      event.preventDefault();
      window.location.href = link.href;
    });
  }

  setUpToggle();
  setUpArrowKeys();
})();
