/*
 * not-found.js — makes the 404 page work at whatever address a server shows it.
 *
 * A server shows `404.html` in place of any missing page, `/block/typo.html` as well as
 * `/typo.html`, so addresses relative to the page break one folder down. With `base_url` in
 * book.toml the build writes root-relative addresses and this script is not used. Without it
 * the page's addresses are relative to the output root (right at the top folder and from
 * file://) and the page loads this script twice, from `js/not-found.js` and `/js/not-found.js`:
 * whichever copy loads first learns the site's root from its own address
 * (`document.currentScript.src` without `js/not-found.js`), rebases the page's links and
 * stylesheets on it, and loads the book's scripts from there; the other copy does nothing.
 * Without JavaScript the page is still readable text with a link to the contents.
 *
 * Classic script (browsers refuse ES modules from file://).
 */
(function () {
  'use strict';

  var OWN_PATH = 'js/not-found.js';

  /** The book's scripts, in the order the other pages load them (templates/base.html). */
  var SCRIPTS = ['book-toc.js', 'js/book-nav.js', 'js/worked-search.js', 'js/scroll-regions.js', 'js/toc-spy.js'];

  if (window.WORKED_SITE_ROOT !== undefined) return;
  var script = document.currentScript;
  var src = script ? script.src : '';
  if (src.slice(-OWN_PATH.length) !== OWN_PATH) return;
  var root = src.slice(0, -OWN_PATH.length);
  window.WORKED_SITE_ROOT = root;

  /** Whether `address` is relative to the page (not `#…`, `/…`, `//…` or `scheme:`). */
  function pageRelative(address) {
    return address !== '' && !/^(#|\/|[a-z][a-z0-9+.-]*:)/i.test(address);
  }

  var linked = document.querySelectorAll('a[href], link[href]');
  for (var i = 0; i < linked.length; i++) {
    var address = linked[i].getAttribute('href');
    if (pageRelative(address)) linked[i].setAttribute('href', root + address);
  }
  document.body.setAttribute('data-root', root);

  SCRIPTS.forEach(function (path) {
    var element = document.createElement('script');
    element.src = root + path;
    element.async = false;
    document.head.appendChild(element);
  });
})();
