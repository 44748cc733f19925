/*
 * toc-spy.js — the "On this page" list marks the section being read.
 *
 * While the reader scrolls, the link to the section whose heading last passed the upper part
 * of the window carries `aria-current="true"` (and the style that goes with it), so the list
 * beside the text says where in the lesson one is. Near the end of the page, where the last
 * headings can never reach the top, the last heading the reader can see wins; above the first
 * heading no link is marked.
 *
 * An IntersectionObserver on the headings says when one crosses that line; the choice is then
 * made from the headings' positions, so a fast scroll past several at once ends right. Pages
 * without the list, or browsers without IntersectionObserver, are left as they are.
 * Classic script (browsers refuse ES modules from file://), loaded with `defer` on every page.
 */
(function () {
  'use strict';

  /** How far down the window (as a fraction of its height) a heading counts as reached. */
  var READING_LINE = 0.25;

  var links = document.querySelectorAll('.toc a[href^="#"]');
  if (!links.length || typeof IntersectionObserver !== 'function') return;

  var sections = [];
  for (var i = 0; i < links.length; i++) {
    var id = decodeURIComponent(links[i].getAttribute('href').slice(1));
    var heading = document.getElementById(id);
    if (heading) sections.push({ link: links[i], heading: heading });
  }
  if (!sections.length) return;

  /** The section being read: the last whose heading is above the reading line. */
  function current() {
    var line = window.innerHeight * READING_LINE;
    var root = document.documentElement;
    // Scrolled to the very end (a page that fits the window has not been scrolled at all).
    var atEnd = window.scrollY > 0 && window.innerHeight + window.scrollY >= root.scrollHeight - 2;
    var found = null;
    for (var i = 0; i < sections.length; i++) {
      var top = sections[i].heading.getBoundingClientRect().top;
      if (top <= line || (atEnd && top < window.innerHeight)) found = sections[i];
    }
    return found;
  }

  var marked = null;
  function update() {
    var now = current();
    if (now === marked) return;
    if (marked) marked.link.removeAttribute('aria-current');
    if (now) now.link.setAttribute('aria-current', 'true');
    marked = now;
  }

  var scheduled = false;
  function schedule() {
    if (scheduled) return;
    scheduled = true;
    window.requestAnimationFrame(function () {
      scheduled = false;
      update();
    });
  }

  // The observer fires when a heading crosses the reading line (or enters or leaves the
  // window, for the end of the page); scrolling between crossings changes nothing.
  var observer = new IntersectionObserver(schedule, {
    rootMargin: '0px 0px -' + Math.round((1 - READING_LINE) * 100) + '% 0px',
    threshold: [0, 1]
  });
  var edges = new IntersectionObserver(schedule, { threshold: [0, 1] });
  sections.forEach(function (section) {
    observer.observe(section.heading);
    edges.observe(section.heading);
  });
  update();
})();
