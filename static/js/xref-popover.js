/*
 * xref-popover.js — shows a cross-reference's target beside it.
 *
 * The build writes every reference as `<a class="xref" data-xref="eq-scores">Equation (3.2)</a>`
 * and places a copy of each target the page refers to (the typeset formula, the figure, the
 * table, the block) in an inert `<template class="xref-target" data-xref="…">` at the end of the
 * content, so nothing is fetched and the popover works from file:// too. Hovering or focusing a
 * reference shows a clone of its template in one shared popover (role="tooltip", named by the
 * reference's aria-describedby); the popover stays while the pointer is over it, and Escape,
 * leaving or blurring the reference closes it (WCAG 1.4.13). Nothing in the popover takes
 * focus: it repeats what the link leads to. Without JavaScript the references are plain links.
 * A citation (`<a class="worked-cite" href="#ref-key">`) shows its entry of the page's reference
 * list (`<li id="ref-key">`) the same way.
 *
 * Classic script (browsers refuse ES modules from file://), loaded with `defer`.
 */
(function () {
  'use strict';

  var POPOVER_ID = 'xref-popover';
  /** How long the popover waits after the pointer leaves, so it can move onto the popover. */
  var HIDE_DELAY_MS = 200;

  function start() {
    var templates = {};
    var found = document.querySelectorAll('template.xref-target');
    for (var i = 0; i < found.length; i++) {
      templates[found[i].getAttribute('data-xref')] = found[i];
    }
    var popover = document.createElement('div');
    popover.id = POPOVER_ID;
    popover.className = 'xref-popover';
    popover.setAttribute('role', 'tooltip');
    popover.hidden = true;
    document.body.appendChild(popover);

    var current = null;
    var hideTimer = null;

    function cancelHide() {
      if (hideTimer !== null) {
        clearTimeout(hideTimer);
        hideTimer = null;
      }
    }

    function hide() {
      cancelHide();
      if (current) current.removeAttribute('aria-describedby');
      current = null;
      popover.hidden = true;
      while (popover.firstChild) popover.removeChild(popover.firstChild);
    }

    function hideSoon() {
      cancelHide();
      hideTimer = setTimeout(hide, HIDE_DELAY_MS);
    }

    function show(link) {
      cancelHide();
      if (current === link) return;
      var copy = targetCopy(link);
      if (!copy) return;
      hide();
      // A copy of a scrolling formula box or a link is not a place to tab to.
      var focusable = copy.querySelectorAll('[tabindex], a[href]');
      for (var i = 0; i < focusable.length; i++) focusable[i].setAttribute('tabindex', '-1');
      popover.appendChild(copy);
      popover.hidden = false;
      current = link;
      link.setAttribute('aria-describedby', POPOVER_ID);
      place(link);
    }

    /** A copy of what `link` refers to: its template, or a citation's reference-list entry. */
    function targetCopy(link) {
      if (link.hasAttribute('data-xref')) {
        var template = templates[link.getAttribute('data-xref')];
        return template ? document.importNode(template.content, true) : null;
      }
      var href = link.getAttribute('href') || '';
      var entry = href.charAt(0) === '#' ? document.getElementById(decodeURIComponent(href.slice(1))) : null;
      if (!entry) return null;
      var copy = document.createDocumentFragment();
      for (var i = 0; i < entry.childNodes.length; i++) copy.appendChild(entry.childNodes[i].cloneNode(true));
      return copy;
    }

    /** Under the reference, inside the window's width. */
    function place(link) {
      var box = link.getBoundingClientRect();
      var width = popover.offsetWidth;
      var room = document.documentElement.clientWidth;
      var left = Math.max(8, Math.min(box.left, room - width - 8));
      popover.style.left = (left + window.scrollX) + 'px';
      popover.style.top = (box.bottom + window.scrollY + 6) + 'px';
    }

    var links = document.querySelectorAll('a.xref[data-xref], a.worked-cite[href^="#"]');
    for (var j = 0; j < links.length; j++) {
      var link = links[j];
      link.addEventListener('mouseenter', function (event) { show(event.currentTarget); });
      link.addEventListener('focus', function (event) { show(event.currentTarget); });
      link.addEventListener('mouseleave', hideSoon);
      link.addEventListener('blur', hide);
    }
    popover.addEventListener('mouseenter', cancelHide);
    popover.addEventListener('mouseleave', hideSoon);
    document.addEventListener('keydown', function (event) {
      if (event.key === 'Escape' && current) hide();
    });
  }

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', start);
  } else {
    start();
  }
})();
