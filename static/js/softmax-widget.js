/*
 * softmax-widget.js — the "Try it" temperature slider for softmax. Finds every
 * `[data-widget="softmax"]` figure, reads the example inputs the build embedded as JSON (no fetch,
 * so file:// works), and replaces the static figure (`.worked-widget-static`, what readers without
 * JavaScript see) with a log-scale temperature slider, live probability bars, the calculation
 * z → z / T → log p → gradient, and the loss when the example has a target. Prose numbers that
 * refer to the example follow the slider; the temperature is mirrored in the URL fragment
 * (`#try-<example>=t:0.5`) so a reader can share it.
 *
 * Arithmetic lives in softmax-compute.js, number formatting in worked-format.js (one
 * implementation of CONTRACT.md's rules for every widget) and reference evaluation in
 * worked-refs.js; this file only builds DOM, with createElement/textContent (never innerHTML:
 * the fragment is reader input). A classic script, not an ES module, because Chromium blocks
 * module scripts on file:// pages; helpers the page did not list are loaded next to it.
 */
(function () {
  'use strict';

  var ns = (globalThis.worked = globalThis.worked || {});
  var DEPENDENCIES = [
    ['softmaxCompute', 'softmax-compute.js'],
    ['format', 'worked-format.js'],
    ['refs', 'worked-refs.js'],
  ];
  // `currentScript` is null when a page loads this file as a module; fall back to the element.
  var ownScript = document.currentScript || document.querySelector('script[src$="softmax-widget.js"]');

  /** Load the helpers this page did not list, in order, from the folder this script came from. */
  function loadDependencies(done) {
    var missing = DEPENDENCIES.filter(function (d) { return !ns[d[0]]; });
    if (missing.length === 0) return done();
    if (!ownScript || !ownScript.src) return;
    var script = document.createElement('script');
    script.src = new URL(missing[0][1], ownScript.src).href;
    script.async = false;
    script.addEventListener('load', function () { loadDependencies(done); });
    document.head.appendChild(script);
  }

  var S; // softmax-compute.js
  var F; // worked-format.js
  var R; // worked-refs.js
  var widgetCount = 0;

  /** Slider positions are log10 T in steps of 0.01: each step changes T by 2.3 %. */
  var STEP = 0.01;
  /** The summary is read out once the slider rests, not at every step of a drag. */
  var SUMMARY_DELAY_MS = 400;

  /** Small DOM builder: attributes are set with setAttribute, children appended as text nodes. */
  function el(tag, attrs) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      var value = attrs[name];
      if (value === null || value === undefined || value === false) return;
      if (name === 'className') node.className = value;
      else node.setAttribute(name, value === true ? '' : String(value));
    });
    for (var i = 2; i < arguments.length; i++) append(node, arguments[i]);
    return node;
  }

  function append(node, child) {
    if (child === null || child === undefined || child === false) return;
    if (Array.isArray(child)) child.forEach(function (c) { append(node, c); });
    else node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }

  /**
   * A number as a reader may type it: optional sign (ASCII or U+2212), digits with an optional
   * point, optional exponent. Returns null for anything else, including "", "1,5", "∞", "1e999".
   */
  function parseNumber(text) {
    var t = String(text).trim().replace(/\u2212/g, '-');
    if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return null;
    var x = Number(t);
    return isFinite(x) ? x : null;
  }

  function positive(text) {
    var x = parseNumber(text);
    return x !== null && x > 0 ? x : null;
  }

  // ---------------------------------------------------------------- URL fragment (shareable state)

  function fragmentParts() {
    var hash = location.hash.replace(/^#/, '');
    return hash ? hash.split('&') : [];
  }

  /** This widget's part of the fragment (`try-<name>=…`), or null. */
  function readFragment(name) {
    var prefix = 'try-' + name + '=';
    var part = fragmentParts().filter(function (p) { return p.indexOf(prefix) === 0; })[0];
    return part === undefined ? null : part.slice(prefix.length);
  }

  /** Replace this widget's part of the fragment without adding a history entry or scrolling. */
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

  /** `t:0.5`: the temperature, only when it differs from the example's. */
  function encodeState(example, temperature) {
    return temperature === example.temperature ? '' : 't:' + String(temperature);
  }

  /** The temperature a fragment describes, or null when it is not a positive number. */
  function decodeState(example, text) {
    if (text === '') return example.temperature;
    return text.indexOf('t:') === 0 ? positive(text.slice(2)) : null;
  }

  // ------------------------------------------------------------------------------------ the widget

  function Widget(figure, example) {
    this.figure = figure;
    this.example = example;
    this.decimals = typeof example.decimals === 'number' ? example.decimals : 3;
    this.id = 'ws' + ++widgetCount;
    this.temperature = example.temperature;
    this.refNodes = [];
    this.summaryTimer = null;
    // The temperatures a reader should be able to land on exactly: the example's own.
    this.special = [example.temperature, 1].concat(example.temperatures || []);
    var logs = this.special.map(Math.log10);
    this.min = Math.floor(Math.min.apply(null, logs.concat([-1])) / STEP) * STEP;
    this.max = Math.ceil(Math.max.apply(null, logs.concat([1])) / STEP) * STEP;
  }

  Widget.prototype.fmt = function (x) {
    return F.formatDp(x, this.decimals);
  };

  /** A temperature as the reader typed or chose it: the shortest text that is that number. */
  function showT(t) {
    return F.formatShortest(t);
  }

  Widget.prototype.label = function (j) {
    return this.example.labels ? this.example.labels[j] : 'logit ' + (j + 1);
  };

  /** Slider position (log10 T, rounded to the step) for a temperature. */
  Widget.prototype.position = function (t) {
    var p = Math.round(Math.log10(t) / STEP) * STEP;
    return Math.min(this.max, Math.max(this.min, p));
  };

  /**
   * The temperature at a slider position: one of the example's temperatures when the position is
   * the one nearest to it, else 10^position to 3 significant digits (a step changes T by 2.3 %,
   * more than the 1 % that 3 digits can blur, so every step gives a new T).
   */
  Widget.prototype.temperatureAt = function (position) {
    var self = this;
    var hit = this.special.filter(function (t) { return Math.abs(self.position(t) - position) < STEP / 2; })[0];
    return hit !== undefined ? hit : Number(Math.pow(10, position).toPrecision(3));
  };

  Widget.prototype.compute = function (temperature) {
    return S.softmax({
      logits: this.example.logits,
      labels: this.example.labels,
      temperature: temperature,
      target: this.example.target,
      temperatures: this.example.temperatures,
    });
  };

  Widget.prototype.mount = function () {
    var restored = readFragment(this.example.name);
    var fromUrl = restored !== null ? decodeState(this.example, restored) : null;
    this.result = this.compute(this.temperature); // the example itself must compute
    if (fromUrl !== null) {
      try {
        this.result = this.compute(fromUrl);
        this.temperature = fromUrl;
      } catch (e) {
        fromUrl = null;
      }
    }
    var live = el('div', { className: 'ww ww-softmax', id: this.id });
    append(live, [
      el('p', { className: 'ww-intro' },
        'Try it: slide the temperature T. The logits are divided by T before the softmax, so a ' +
        'small T sharpens the distribution towards the largest logit and a large T flattens it.'),
      restored !== null && fromUrl === null
        ? el('p', { className: 'ww-note', role: 'status' },
          'The link\u2019s temperature is not one this example can use, so the example\u2019s own is shown.')
        : null,
      this.buildControls(),
      this.summary = el('p', { className: 'ww-summary', 'aria-live': 'polite', 'data-summary': true }),
      this.results = el('div', { className: 'ww-results ww-results-wide' }),
    ]);
    // Filled before the region is in the page, so loading a page announces nothing.
    this.summary.textContent = this.summaryText();
    var staticPart = this.figure.querySelector('.worked-widget-static');
    if (staticPart) staticPart.replaceWith(live);
    else this.figure.appendChild(live);
    this.figure.classList.add('ww-live');
    this.collectRefs();
    this.syncInputs(true);
    this.render();
  };

  Widget.prototype.buildControls = function () {
    var self = this;
    var sliderId = this.id + '-t';
    var exactId = this.id + '-t-exact';
    var hintId = this.id + '-t-hint';
    this.slider = el('input', {
      type: 'range', id: sliderId, 'data-input': 'temperature', min: this.min.toFixed(2),
      max: this.max.toFixed(2), step: STEP, 'aria-describedby': hintId,
    });
    this.slider.addEventListener('input', function () {
      self.setTemperature(self.temperatureAt(Number(self.slider.value)));
    });
    this.exact = el('input', {
      type: 'text', id: exactId, className: 'ww-num-input', 'data-input': 'temperature-exact',
      inputmode: 'decimal', autocomplete: 'off', spellcheck: 'false', size: 6,
    });
    this.messages = el('ul', { className: 'ww-messages', id: this.id + '-msg' });
    this.exact.addEventListener('input', function () {
      var t = positive(self.exact.value);
      var problem = t === null
        ? (self.exact.value.trim() === '' ? 'is empty' : '\u201c' + self.exact.value + '\u201d is not a positive number')
        : self.tryTemperature(t);
      if (problem) self.markInvalid(problem);
      else self.markValid();
    });
    var ends = el('span', { className: 'ww-scale', id: hintId },
      el('span', null, showT(Number(Math.pow(10, this.min).toPrecision(2)))),
      el('span', null, 'log scale'),
      el('span', null, showT(Number(Math.pow(10, this.max).toPrecision(2)))));
    var presets = null;
    if (this.example.temperatures && this.example.temperatures.length) {
      this.presetButtons = this.example.temperatures.map(function (t) {
        var button = el('button', { type: 'button', className: 'ww-button ww-preset', 'data-temperature': t },
          'T = ' + showT(t));
        button.addEventListener('click', function () { self.setTemperature(t); });
        return button;
      });
      presets = el('div', { className: 'ww-presets', role: 'group', 'aria-label': 'Temperatures compared in the text' },
        el('span', { className: 'ww-presets-label', 'aria-hidden': 'true' }, 'Jump to:'), this.presetButtons);
    }
    var reset = el('button', { type: 'button', 'data-action': 'reset', className: 'ww-button' },
      'Reset to T = ' + showT(this.example.temperature));
    reset.addEventListener('click', function () {
      self.setTemperature(self.example.temperature);
    });
    return el('div', { className: 'ww-controls ww-slider-controls' },
      el('div', { className: 'ww-slider' },
        el('label', { for: sliderId }, 'Temperature T'), this.slider, ends),
      el('div', { className: 'ww-exact' },
        el('label', { for: exactId }, 'T exactly'), this.exact),
      this.messages,
      presets,
      reset);
  };

  /** Use temperature t if the maths can; returns a problem sentence when it cannot. */
  Widget.prototype.tryTemperature = function (t) {
    try {
      this.result = this.compute(t);
    } catch (e) {
      return 'T = ' + showT(t) + ' cannot be shown: ' + e.message;
    }
    this.temperature = t;
    this.syncInputs(false);
    this.changed();
    return null;
  };

  /** A temperature chosen by slider, button, reset or link: the text field shows it exactly. */
  Widget.prototype.setTemperature = function (t) {
    if (this.tryTemperature(t) === null) {
      this.exact.value = String(t);
      this.markValid();
    }
  };

  /** Slider position and its spoken value follow T; the text field only when asked. */
  Widget.prototype.syncInputs = function (withText) {
    var self = this;
    this.slider.value = this.position(this.temperature).toFixed(2);
    this.slider.setAttribute('aria-valuetext', 'T = ' + showT(this.temperature));
    if (withText) this.exact.value = String(this.temperature);
    (this.presetButtons || []).forEach(function (b) {
      b.setAttribute('aria-pressed', Number(b.getAttribute('data-temperature')) === self.temperature ? 'true' : 'false');
    });
  };

  Widget.prototype.markInvalid = function (problem) {
    this.messages.replaceChildren(el('li', null,
      'T exactly ' + problem + '; still using T = ' + showT(this.temperature) + ' until it is fixed.'));
    this.exact.setAttribute('aria-invalid', 'true');
    this.exact.setAttribute('aria-describedby', this.messages.id);
  };

  Widget.prototype.markValid = function () {
    this.messages.replaceChildren();
    this.exact.removeAttribute('aria-invalid');
    this.exact.removeAttribute('aria-describedby');
  };

  Widget.prototype.changed = function () {
    var self = this;
    this.render();
    writeFragment(this.example.name, encodeState(this.example, this.temperature));
    clearTimeout(this.summaryTimer);
    this.summaryTimer = setTimeout(function () { self.summary.textContent = self.summaryText(); }, SUMMARY_DELAY_MS);
  };

  /** "At T = 0.5, cat gets 0.864, dog 0.117, fish 0.019; the loss −log p(cat) is 0.146." */
  Widget.prototype.summaryText = function () {
    var self = this;
    var r = this.result;
    var order = r.probabilities.map(function (_, j) { return j; })
      .sort(function (a, b) { return r.probabilities[b] - r.probabilities[a] || a - b; });
    var top = order.slice(0, 3).map(function (j, k) {
      return self.label(j) + (k === 0 ? ' gets ' : ' ') + self.fmt(r.probabilities[j]);
    });
    var text = 'At T = ' + showT(r.temperature) + ', ' + top.join(', ');
    if (order.length > 3) text += ' (the top 3 of ' + order.length + ')';
    if (r.loss !== null) {
      text += '; the loss \u2212log p(' + this.label(r.target) + ') is ' + this.fmt(r.loss);
    }
    return text + '.';
  };

  // ------------------------------------------------------------------------------------ results

  Widget.prototype.render = function () {
    var blocks = [this.bars(), this.steps()];
    if (this.result.loss !== null) blocks.push(this.loss());
    this.results.replaceChildren.apply(this.results, blocks);
    this.updateRefs();
  };

  /** The class's name as a table header, marked in words (not only colour) when it is the target. */
  Widget.prototype.classHeader = function (j, scope) {
    var target = this.result.target === j;
    return el('th', { scope: scope, className: target ? 'ww-target' : null },
      el('span', { className: 'ww-label' }, this.label(j)),
      target ? el('span', { className: 'ww-tag' }, 'target') : null);
  };

  /** One row per class: name, a bar as long as p, and p itself (the `data-col` cell). */
  Widget.prototype.bars = function () {
    var self = this;
    var body = el('tbody');
    this.result.probabilities.forEach(function (p, j) {
      var fill = el('span', { className: 'ww-bar-fill' });
      fill.style.setProperty('--ww-p', (p * 100).toFixed(3) + '%');
      body.appendChild(el('tr', { 'data-row': j },
        self.classHeader(j, 'row'),
        el('td', { className: 'ww-bar-cell', 'aria-hidden': 'true' }, el('span', { className: 'ww-bar' }, fill)),
        el('td', { 'data-col': j }, self.fmt(p))));
    });
    return el('div', { className: 'ww-block' },
      el('table', { className: 'ww-table ww-bars', 'data-matrix': 'probabilities' },
        el('caption', null, 'Probabilities p = softmax(z / T) at T = ' + showT(this.result.temperature)),
        body));
  };

  /** The calculation, one row per quantity and one column per class (`data-matrix` rows). */
  Widget.prototype.steps = function () {
    var self = this;
    var r = this.result;
    var n = r.logits.length;
    // The target is marked by its row y here, so the headers stay as narrow as the numbers.
    var head = el('tr', null, el('td'));
    for (var j = 0; j < n; j++) {
      head.appendChild(el('th', { scope: 'col' }, el('span', { className: 'ww-label' }, this.label(j))));
    }
    function row(code, title, values) {
      var tr = el('tr', { 'data-matrix': code }, el('th', { scope: 'row' }, title));
      values.forEach(function (x, k) { tr.appendChild(el('td', { 'data-col': k }, self.fmt(x))); });
      return tr;
    }
    var body = el('tbody', null,
      row('logits', 'z', r.logits),
      row('scaled', 'z / T', r.logits.map(function (z) { return z / r.temperature; })),
      row('log_probabilities', 'log p', r.log_probabilities));
    if (r.gradient) {
      body.appendChild(row('onehot', 'y', r.logits.map(function (_, k) { return k === r.target ? 1 : 0; })));
      body.appendChild(row('gradient', '\u2202L/\u2202z', r.gradient));
    }
    return el('div', { className: 'ww-block ww-steps-block' },
      el('div', { className: 'ww-scroll' },
        el('table', { className: 'ww-table ww-matrix' },
          el('caption', null, 'Step by step'), el('thead', null, head), body)),
      r.gradient
        ? el('p', { className: 'ww-table-note' }, 'y is 1 for the target, ' + this.label(r.target) +
          ', and 0 elsewhere; the gradient of the loss is \u2202L/\u2202z = (p \u2212 y) / T.')
        : null);
  };

  Widget.prototype.loss = function () {
    var r = this.result;
    var p = r.probabilities[r.target];
    return el('p', { className: 'ww-block ww-loss' },
      'Loss L = \u2212log p(' + this.label(r.target) + ') = \u2212log ' + this.fmt(p) + ' = ',
      el('strong', { 'data-value': 'loss' }, this.fmt(r.loss)),
      p < Math.pow(10, -this.decimals) / 2
        ? ' (p rounds to ' + this.fmt(0) + ' here, but the loss is computed from log p, which stays finite)'
        : null);
  };

  // ------------------------------------------------------------------------ references in prose

  /** The prose numbers and tables that refer to this widget's example. */
  Widget.prototype.collectRefs = function () {
    var self = this;
    document.querySelectorAll('.worked-ref[data-ref], table.worked-matrix[data-ref]').forEach(function (node) {
      if (self.figure.contains(node)) return;
      var parsed;
      try {
        parsed = R.parseRef(node.getAttribute('data-ref'));
      } catch (e) {
        return; // not a reference this script understands: leave the build's text
      }
      if (!mentions(parsed, self.example.name)) return;
      self.refNodes.push({ node: node, ref: parsed, table: node.tagName === 'TABLE' });
    });
  };

  function mentions(ref, name) {
    return ref.example === name || ref.filters.some(function (f) { return f.ref && mentions(f.ref, name); });
  }

  Widget.prototype.updateRefs = function () {
    var self = this;
    var lookup = function (example, quantity) {
      return example === self.example.name ? S.quantity(self.result, quantity) : null;
    };
    this.refNodes.forEach(function (entry) {
      try {
        var evaluated = R.evaluate(entry.ref, lookup);
        if (entry.table) fillTable(entry.node, evaluated);
        else {
          var text = R.formatProse(evaluated);
          if (entry.node.textContent !== text) entry.node.textContent = text;
        }
      } catch (e) {
        // Left as the build wrote it (CONTRACT: refs the widget cannot evaluate stay untouched).
      }
    });
  };

  /** Refill a prose table's number cells in row order; its shape must match or it stays. */
  function fillTable(table, evaluated) {
    var q = evaluated.quantity;
    var values = q.kind === 'matrix' ? q.values : q.kind === 'vector' ? [q.values] : null;
    var rows = Array.prototype.slice.call(table.querySelectorAll('tbody tr'));
    if (!values || rows.length !== values.length) return;
    var cells = rows.map(function (tr) { return tr.querySelectorAll('td'); });
    if (cells.some(function (tds, i) { return tds.length !== values[i].length; })) return;
    cells.forEach(function (tds, i) {
      Array.prototype.forEach.call(tds, function (td, j) {
        td.textContent = R.formatNumber(values[i][j], evaluated.precision);
      });
    });
  }

  // --------------------------------------------------------------------------------- mounting

  function mountAll() {
    S = ns.softmaxCompute;
    F = ns.format;
    R = ns.refs;
    var widgets = [];
    document.querySelectorAll('[data-widget="softmax"]').forEach(function (figure) {
      var data = figure.querySelector('script[data-example-data]');
      try {
        var widget = new Widget(figure, JSON.parse(data.textContent));
        widget.mount();
        widgets.push(widget);
      } catch (e) {
        // Bad data or an example the build should have rejected: keep the static figure.
        if (typeof console !== 'undefined') console.warn('worked: softmax widget not started:', e);
      }
    });
    // A pasted link with another temperature for this page restores it without a reload.
    window.addEventListener('hashchange', function () {
      widgets.forEach(function (w) {
        var encoded = readFragment(w.example.name);
        var t = encoded === null ? null : decodeState(w.example, encoded);
        if (t !== null && t !== w.temperature) {
          w.setTemperature(t);
        }
      });
    });
  }

  loadDependencies(function () {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mountAll);
    else mountAll();
  });
})();
