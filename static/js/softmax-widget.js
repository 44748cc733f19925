/*
 * softmax-widget.js — the "Try it" temperature slider for softmax. Finds every
 * `[data-widget="softmax"]` figure, reads the example inputs the build embedded as JSON (no fetch,
 * so file:// works), and replaces the static figure (`.worked-widget-static`, what readers without
 * JavaScript see) with a log-scale temperature slider, live probability bars, the calculation
 * z → z / T → log p → gradient, and the loss when the example has a target. The prose keeps
 * describing the lesson's example (the widget is the reader's own copy); the temperature is
 * mirrored in the URL fragment (`#try-<example>=t:0.5`) so a reader can share it.
 *
 * Arithmetic is the build's own program run again in compute-lang.js (kind-programs.js), number formatting in worked-format.js (one
 * implementation of the build's number rules for every widget), and what every widget does alike (DOM
 * building, the slider, the URL fragment, mounting) in widget-common.js; this file only builds its own DOM, with
 * createElement/textContent (never innerHTML: the fragment is reader input). A classic script,
 * not an ES module, because Chromium blocks module scripts on file:// pages; helpers the page did
 * not list are loaded next to it.
 */
(function () {
  'use strict';

  var ns = (globalThis.worked = globalThis.worked || {});
  var DEPENDENCIES = [
    ['computeLang', 'compute-lang.js'],
    ['kindPrograms', 'kind-programs.js'],
    ['format', 'worked-format.js'],
  ];
  // `currentScript` is null when a page loads this file as a module; fall back to the element.
  var ownScript = document.currentScript || document.querySelector('script[src$="softmax-widget.js"]');

  var common; // widget-common.js
  var K; // kind-programs.js
  var F; // worked-format.js
  var el; // common.el
  var widgetCount = 0;

  // ---------------------------------------------------------------- URL fragment (shareable state)

  /** `t:0.5`: the temperature, only when it differs from the example's. */
  function encodeState(example, temperature) {
    return temperature === example.temperature ? '' : 't:' + String(temperature);
  }

  /** The temperature a fragment describes, or null when it is not a positive number. */
  function decodeState(example, text) {
    if (text === '') return example.temperature;
    return text.indexOf('t:') === 0 ? common.positive(text.slice(2)) : null;
  }

  // ------------------------------------------------------------------------------------ the widget

  function Widget(figure, example) {
    this.figure = figure;
    this.example = example;
    this.decimals = typeof example.decimals === 'number' ? example.decimals : 3;
    this.id = 'ws' + ++widgetCount;
    this.temperature = example.temperature;
    this.summaryTimer = null;
    var self = this;
    // The temperatures a reader should be able to land on exactly: the example's own.
    var special = [example.temperature, 1].concat(example.temperatures || []);
    var logs = special.map(Math.log10);
    this.slider = new common.LogSlider({
      id: this.id, key: 't', input: 'temperature', size: 6, label: 'Temperature T', symbol: 'T',
      lo: Math.min.apply(null, logs.concat([-1])), hi: Math.max.apply(null, logs.concat([1])), special: special,
      current: function () { return self.temperature; },
      choose: function (t) { return self.tryTemperature(t); },
    });
  }

  /** Computed numbers at the book's decimals; a tiny T's huge z / T in scientific notation. */
  Widget.prototype.fmt = function (x) {
    return F.formatComputed(x, this.decimals);
  };

  /** A temperature the reader typed or chose, by the number rule (`1 × 10⁻³⁰⁰`). */
  function showT(t) {
    return F.formatShortest(t);
  }

  Widget.prototype.label = function (j) {
    return this.example.labels ? this.example.labels[j] : 'logit ' + (j + 1);
  };

  Widget.prototype.compute = function (temperature) {
    return K.softmax(this.example, temperature);
  };

  Widget.prototype.mount = function () {
    var restored = common.readFragment(this.example.name);
    var fromUrl = restored !== null ? decodeState(this.example, restored) : null;
    this.result = this.compute(this.temperature); // the example itself must compute
    // The lesson's own numbers, for marking what another temperature changed.
    this.lessonResult = this.result;
    var linked = fromUrl === null ? null : this.attempt(fromUrl);
    if (typeof linked === 'string') fromUrl = null;
    else if (linked !== null) {
      this.result = linked;
      this.temperature = fromUrl;
    }
    var live = el('div', { className: 'ww ww-softmax', id: this.id });
    common.append(live, [
      el('p', { className: 'ww-intro' },
        'Try it: slide the temperature T. The logits are divided by T before the softmax, so a ' +
        'small T sharpens the distribution towards the largest logit and a large T flattens it.'),
      restored !== null && fromUrl === null
        ? el('p', { className: 'ww-note', role: 'status' },
          'The link\u2019s temperature is not one this example can use, so the example\u2019s own is shown.')
        : null,
      this.buildControls(),
      this.summary = el('p', { className: 'ww-summary', 'aria-live': 'polite', 'data-summary': true }),
      this.changedNote = common.changedNote(' (the lesson has T\u00a0=\u00a0' + showT(this.example.temperature) + ')'),
      this.results = el('div', { className: 'ww-results ww-results-wide' }),
    ]);
    // Filled before the region is in the page, so loading a page announces nothing.
    this.summary.textContent = this.summaryText();
    common.showLive(this.figure, live);
    this.syncInputs(true);
    this.render();
  };

  Widget.prototype.buildControls = function () {
    var self = this;
    var presets = null;
    if (this.example.temperatures && this.example.temperatures.length) {
      this.presetButtons = this.example.temperatures.map(function (t) {
        var button = el('button', { type: 'button', className: 'ww-button ww-preset', 'data-temperature': t },
          'T = ' + showT(t));
        button.addEventListener('click', function () { self.slider.set(t); });
        return button;
      });
      presets = el('div', { className: 'ww-presets', role: 'group', 'aria-label': 'Temperatures compared in the text' },
        el('span', { className: 'ww-presets-label', 'aria-hidden': 'true' }, 'Jump to:'), this.presetButtons);
    }
    var reset = el('button', { type: 'button', 'data-action': 'reset', className: 'ww-button' },
      'Reset to T = ' + showT(this.example.temperature));
    reset.addEventListener('click', function () {
      self.slider.set(self.example.temperature);
    });
    return this.slider.controls([presets, reset]);
  };

  /**
   * Use temperature t if the maths can; else returns why not, with the power of ten nearest to t
   * (towards 1) that does work.
   */
  Widget.prototype.tryTemperature = function (t) {
    var outcome = this.attempt(t);
    if (typeof outcome === 'string') {
      // From t's power of ten towards 10⁰ = 1, which always works for a lesson's logits.
      var towards = t < 1 ? 1 : -1;
      for (var e = Math.round(Math.log10(t)) + towards; e * towards <= 0; e += towards) {
        // The number a reader gets by typing "1e<e>", which is what the message suggests.
        var power = Number('1e' + e);
        if (typeof this.attempt(power) !== 'string') {
          return 'T = ' + showT(t) + ' ' + outcome + ' T = ' + common.suggestion(power) + ' works.';
        }
      }
      return 'T = ' + showT(t) + ' ' + outcome;
    }
    this.result = outcome;
    this.temperature = t;
    this.syncInputs(false);
    this.changed();
    return null;
  };

  /**
   * The result at temperature t, or a sentence why t cannot be shown: the core refuses it, or
   * a number shown (z / T, log p, the gradient, the loss) would not be finite.
   */
  Widget.prototype.attempt = function (t) {
    var r;
    try {
      r = this.compute(t);
    } catch (e) {
      return (t < 1 ? 'is too small to compute with: ' : 'cannot be computed: ') + common.readerWords(e.message) + '.';
    }
    var shown = r.logits.map(function (z) { return z / t; })
      .concat(r.log_probabilities, r.gradient || [], r.loss === null ? [] : [r.loss]);
    if (!shown.every(isFinite)) {
      return 'is too small: the logits divided by T would pass 1.8 \u00d7 10\u00b3\u2070\u2078, the largest number a browser can hold.';
    }
    return r;
  };

  /** Slider position and its spoken value follow T, and so do the preset buttons. */
  Widget.prototype.syncInputs = function (withText) {
    var self = this;
    this.slider.sync(withText);
    (this.presetButtons || []).forEach(function (b) {
      b.setAttribute('aria-pressed', Number(b.getAttribute('data-temperature')) === self.temperature ? 'true' : 'false');
    });
  };

  Widget.prototype.changed = function () {
    this.render();
    common.writeFragment(this.example.name, encodeState(this.example, this.temperature));
    common.announceLater(this);
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
    common.showChanged(this.changedNote, this.results);
  };

  /**
   * A table cell for a number at the book's precision (or by `format`, its row's shared
   * precision), marked `data-changed` when it prints differently from `lesson`, the lesson's
   * number at its own temperature, printed the same way.
   */
  Widget.prototype.cell = function (x, lesson, attrs, format) {
    format = format || this.fmt.bind(this);
    var text = format(x);
    return el('td', Object.assign({ 'data-changed': format(lesson) !== text }, attrs),
      el('span', { className: 'ww-n' }, text));
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
    var lesson = this.lessonResult.probabilities;
    var body = el('tbody');
    var format = F.computedFormatter(this.result.probabilities, this.decimals);
    this.result.probabilities.forEach(function (p, j) {
      var fill = el('span', { className: 'ww-bar-fill' });
      fill.style.setProperty('--ww-p', (p * 100).toFixed(3) + '%');
      body.appendChild(el('tr', { 'data-row': j },
        self.classHeader(j, 'row'),
        el('td', { className: 'ww-bar-cell', 'aria-hidden': 'true' }, el('span', { className: 'ww-bar' }, fill)),
        self.cell(p, lesson[j], { 'data-col': j }, format)));
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
    var lesson = this.lessonResult;
    // The logits and the one-hot target print as written (2, not 2.000) and never change;
    // computed rows print at the book's precision, one precision per row (README's rule for
    // numbers), each number marked when it differs from the lesson's.
    function row(code, title, values, lessonValues) {
      var tr = el('tr', { 'data-matrix': code }, el('th', { scope: 'row' }, title));
      var format = lessonValues ? F.computedFormatter(values, self.decimals) : F.formatShortest;
      values.forEach(function (x, k) {
        tr.appendChild(lessonValues ? self.cell(x, lessonValues[k], { 'data-col': k }, format)
          : el('td', { 'data-col': k }, el('span', { className: 'ww-n' }, format(x))));
      });
      return tr;
    }
    function scaled(result) {
      return result.logits.map(function (z) { return z / result.temperature; });
    }
    var body = el('tbody', null,
      row('logits', 'z', r.logits, null),
      row('scaled', 'z / T', scaled(r), scaled(lesson)),
      row('log_probabilities', 'log p', r.log_probabilities, lesson.log_probabilities));
    if (r.gradient) {
      body.appendChild(row('onehot', 'y', r.logits.map(function (_, k) { return k === r.target ? 1 : 0; }), null));
      body.appendChild(row('gradient', '\u2202L/\u2202z', r.gradient, lesson.gradient));
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
      el('strong', {
        className: 'ww-n', 'data-value': 'loss', 'data-changed': this.fmt(this.lessonResult.loss) !== this.fmt(r.loss),
      }, this.fmt(r.loss)),
      p < Math.pow(10, -this.decimals) / 2
        ? ' (p rounds to ' + F.formatDp(0, this.decimals) + ' here, but the loss is computed from log p, which stays finite)'
        : null);
  };


  /** A pasted link with another temperature for this page restores it without a reload. */
  Widget.prototype.followFragment = function (encoded) {
    var t = decodeState(this.example, encoded);
    if (t !== null && t !== this.temperature) this.slider.set(t);
  };

  // --------------------------------------------------------------------------------- mounting

  var spec = {
    script: ownScript, needs: DEPENDENCIES, widget: 'softmax', name: 'softmax',
    ready: function () {
      common = ns.widgetCommon;
      el = common.el;
      K = ns.kindPrograms;
      F = ns.format;
    },
    create: function (figure, example) { return new Widget(figure, example); },
  };

  // The page lists widget-common.js (and the helpers it needs) before this file.
  ns.widgetCommon.start(spec);
})();
