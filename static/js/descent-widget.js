/*
 * descent-widget.js — the "Try it" learning-rate slider for gradient descent. Finds every
 * `[data-widget="gradient_descent"]` figure, reads the example inputs the build embedded as JSON
 * (no fetch, so file:// works), and replaces the static figure (`.worked-widget-static`) with a
 * log-scale learning-rate slider, the loss curve and the fitted line as SVG, and the final w, b
 * and loss. When a rate makes the run diverge the widget says at which step, and the curve stops
 * there: the compute core keeps only finite iterates, so no NaN or ∞ ever reaches the page.
 * The prose keeps describing the lesson's example; the rate is mirrored in the URL fragment
 * (`#try-<example>=lr:0.1`).
 *
 * Arithmetic is the build's own descent program (one `repeat … until` loop) run again in compute-lang.js (kind-programs.js), number formatting in worked-format.js, and what every
 * widget does alike (DOM building, the slider, the URL fragment, mounting) in widget-common.js; this file only builds its own
 * DOM and SVG with createElement/createElementNS and textContent, never innerHTML. A classic
 * script, not an ES module, because Chromium blocks module scripts on file:// pages; helpers the
 * page did not list are loaded next to it.
 */
(function () {
  'use strict';

  var ns = (globalThis.worked = globalThis.worked || {});
  var DEPENDENCIES = [
    ['computeLang', 'compute-lang.js'],
    ['kindPrograms', 'kind-programs.js'],
    ['format', 'worked-format.js'],
  ];
  var ownScript = document.currentScript || document.querySelector('script[src$="descent-widget.js"]');

  var common; // widget-common.js
  var K; // kind-programs.js
  var F; // worked-format.js
  var el; // common.el
  var svg; // common.svg
  var widgetCount = 0;

  /** The slider spans the example's rate divided and multiplied by this. */
  var SPAN = 20;
  /**
   * Chart geometry in SVG user units; the SVG scales to its box, about 273 px on a 360 px screen,
   * where the 13-unit labels of widget.css are 11 px.
   */
  var W = 320;
  var H = 236;
  var PAD = { left: 54, right: 16, top: 30, bottom: 42 };

  // ---------------------------------------------------------------- URL fragment (shareable state)

  /** `lr:0.1`: the learning rate, only when it differs from the example's. */
  function encodeState(example, rate) {
    return rate === example.learning_rate ? '' : 'lr:' + String(rate);
  }

  function decodeState(example, text) {
    if (text === '') return example.learning_rate;
    return text.indexOf('lr:') === 0 ? common.positive(text.slice(3)) : null;
  }

  // ------------------------------------------------------------------------------------ the widget

  function Widget(figure, example) {
    this.figure = figure;
    this.example = example;
    this.decimals = typeof example.decimals === 'number' ? example.decimals : 3;
    this.id = 'wd' + ++widgetCount;
    this.rate = example.learning_rate;
    this.summaryTimer = null;
    this.frame = null;
    this.edge = example.max_stable_rate;
    var self = this;
    var center = Math.log10(example.learning_rate);
    this.slider = new common.LogSlider({
      id: this.id, key: 'lr', input: 'learning_rate', size: 7, label: 'Learning rate \u03b7', symbol: '\u03b7',
      lo: center - Math.log10(SPAN), hi: center + Math.log10(SPAN), special: [example.learning_rate],
      current: function () { return self.rate; },
      // Every positive rate can be run: a diverging run is shown, not refused.
      choose: function (rate) { self.setRate(rate); return null; },
    });
  }

  /** Computed numbers at the book's decimals; a diverging run's huge ones in scientific notation. */
  Widget.prototype.fmt = function (x) {
    return F.formatComputed(x, this.decimals);
  };

  /** A rate the reader chose or typed, by the number rule. */
  function showRate(x) {
    return F.formatShortest(x);
  }

  /** A rate in prose, to 3 significant digits (as `3sf` prints it). */
  function sf(x) {
    return F.formatSf(x, 3);
  }

  /**
   * A chart tick: 3 significant digits without trailing zeros ("1.5", not "1.50"); from 10⁴ on
   * with an SI prefix ("250k", "1.5M") and from 10¹⁵ as a power of ten, so a label stays short
   * enough for the space left of the plot, as the build-time figures do (src/present/svg/ticks.rs).
   */
  function tickText(x) {
    var trim = function (text) { return text.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''); };
    var size = Math.abs(x);
    if (size >= 1e15) {
      var exponent = Math.floor(Math.log10(size));
      return trim(sf(x / Math.pow(10, exponent))) + '\u00d7' + power(exponent);
    }
    var prefixes = [[1e12, 'T'], [1e9, 'G'], [1e6, 'M'], [1e4, 'k']];
    for (var i = 0; i < prefixes.length; i++) {
      if (size >= prefixes[i][0]) {
        var unit = prefixes[i][1] === 'k' ? 1e3 : prefixes[i][0];
        return trim(sf(x / unit)) + prefixes[i][1];
      }
    }
    return trim(sf(x));
  }

  Widget.prototype.compute = function (rate) {
    return K.descend(this.example, rate);
  };

  Widget.prototype.mount = function () {
    var restored = common.readFragment(this.example.name);
    var fromUrl = restored !== null ? decodeState(this.example, restored) : null;
    this.result = this.compute(this.rate); // the example itself must compute
    // The lesson's own run, for marking what another rate changed.
    this.lessonResult = this.result;
    if (fromUrl !== null) {
      this.result = this.compute(fromUrl);
      this.rate = fromUrl;
    }
    var ex = this.example;
    var live = el('div', { className: 'ww ww-descent', id: this.id });
    common.append(live, [
      el('p', { className: 'ww-intro' },
        'Try it: slide the learning rate \u03b7. Each of the ' + ex.steps + ' steps moves (w, b) by \u03b7 times ' +
        'the gradient of the mean squared error, starting from (' + F.formatShortest(ex.start[0]) + ', ' +
        F.formatShortest(ex.start[1]) + '). For these points, rates above ' + sf(this.edge) +
        ' overshoot more every step and the run diverges.'),
      restored !== null && fromUrl === null
        ? el('p', { className: 'ww-note', role: 'status' },
          'The link\u2019s learning rate is not a positive number, so the example\u2019s own is shown.')
        : null,
      this.buildControls(),
      // Read out when the slider rests; on screen the outcome line and the values say the same.
      this.summary = el('p', { className: 'ww-visually-hidden', 'aria-live': 'polite', 'data-summary': true }),
      this.outcome = el('p', { className: 'ww-outcome' }),
      this.values = el('div', { className: 'ww-values' }),
      this.changedNote = common.changedNote(' (the lesson has \u03b7\u00a0=\u00a0' + showRate(ex.learning_rate) + ')'),
      this.charts = el('div', { className: 'ww-results ww-charts' }),
    ]);
    // Filled before the region is in the page, so loading a page announces nothing.
    this.summary.textContent = this.summaryText();
    common.showLive(this.figure, live);
    this.slider.sync(true);
    this.render();
  };

  Widget.prototype.buildControls = function () {
    var self = this;
    var reset = el('button', { type: 'button', 'data-action': 'reset', className: 'ww-button' },
      'Reset to \u03b7 = ' + showRate(this.example.learning_rate));
    reset.addEventListener('click', function () {
      self.slider.set(self.example.learning_rate);
    });
    return this.slider.controls([reset]);
  };

  /**
   * Runs are cheap for a textbook example but not free (steps × points), so a drag recomputes at
   * most once per frame.
   */
  Widget.prototype.setRate = function (rate) {
    var self = this;
    this.rate = rate;
    this.slider.sync(false);
    if (this.frame !== null) return;
    this.frame = requestAnimationFrame(function () {
      self.frame = null;
      self.result = self.compute(self.rate);
      self.render();
      common.writeFragment(self.example.name, encodeState(self.example, self.rate));
      common.announceLater(self);
    });
  };

  Widget.prototype.last = function () {
    return this.result.iterates.length - 1;
  };

  Widget.prototype.summaryText = function () {
    var r = this.result;
    var k = this.last();
    var at = 'At \u03b7 = ' + showRate(r.learning_rate);
    var end = 'w = ' + this.fmt(r.iterates[k][0]) + ', b = ' + this.fmt(r.iterates[k][1]) +
      ', loss ' + this.fmt(r.losses[k]);
    if (r.diverged_at !== null) return at + ' the run diverged at step ' + r.diverged_at + '; before that, ' + end + '.';
    return at + ', after ' + k + ' steps: ' + end + '.';
  };

  // ------------------------------------------------------------------------------------ results

  Widget.prototype.render = function () {
    var r = this.result;
    var k = this.last();
    var divergedAt = el('span', { 'data-value': 'diverged_at' }, r.diverged_at === null ? '' : String(r.diverged_at));
    this.outcome.className = 'ww-outcome' + (r.diverged_at === null ? '' : ' ww-diverged');
    if (r.diverged_at !== null) {
      this.outcome.replaceChildren(el('strong', null, 'Diverged at step ', divergedAt, '.'),
        ' That step would take the loss past 10\u00b9\u00b2 times where it started, so the run stops: ' +
        'the curve and the final values are those of step ' + k + '.');
    } else if (r.losses[k] > r.losses[0]) {
      this.outcome.replaceChildren(divergedAt, el('strong', null, 'The loss is growing.'),
        ' Every step overshoots the minimum by more than the last; with more steps this run would diverge.');
    } else {
      this.outcome.replaceChildren(divergedAt,
        'After ' + k + ' steps the loss is ' + this.fmt(r.losses[k]) + ', down from ' + this.fmt(r.losses[0]) +
        '; the best any line can do is ' + this.fmt(r.optimum.loss) + '.');
    }
    this.values.replaceChildren.apply(this.values, this.valueList());
    common.showChanged(this.changedNote, this.values);
    this.charts.replaceChildren(this.lossChart(), this.fitChart());
  };

  Widget.prototype.valueList = function () {
    var self = this;
    var r = this.result;
    var k = this.last();
    var lesson = this.lessonResult;
    var lessonLast = lesson.iterates.length - 1;
    /** The run's final value, marked `data-changed` when it prints differently from the lesson's. */
    function item(term, code, value, lessonValue, best) {
      var text = self.fmt(value);
      return [el('dt', null, term),
        el('dd', null, el('span', { className: 'ww-n', 'data-value': code, 'data-changed': self.fmt(lessonValue) !== text }, text),
          el('span', { className: 'ww-best' }, ' (best fit ' + self.fmt(best) + ')'))];
    }
    return [
      el('p', { className: 'ww-dl-title' }, r.diverged_at === null
        ? 'After step ' + k + ' (the last):'
        : 'The run diverged: w, b and the loss grow without bound. At step ' + k + ', the last before it stopped:'),
      el('dl', { className: 'ww-dl' },
        item('w', 'final_w', r.iterates[k][0], lesson.iterates[lessonLast][0], r.optimum.w),
        item('b', 'final_b', r.iterates[k][1], lesson.iterates[lessonLast][1], r.optimum.b),
        item('loss', 'final_loss', r.losses[k], lesson.losses[lessonLast], r.optimum.loss)),
    ];
  };

  /** A chart frame: the SVG with its text alternative, clipped plot area and axis titles. */
  Widget.prototype.chart = function (title, description, xTitle, yTitle) {
    var clipId = this.id + '-clip-' + title.replace(/\W+/g, '');
    var root = svg('svg', {
      viewBox: '0 0 ' + W + ' ' + H, className: 'ww-chart', role: 'img', 'aria-label': title + ': ' + description,
    });
    common.append(root, [
      svg('title', null, title + ': ' + description),
      svg('defs', null, svg('clipPath', { id: clipId },
        svg('rect', { x: PAD.left, y: PAD.top, width: W - PAD.left - PAD.right, height: H - PAD.top - PAD.bottom }))),
      svg('rect', {
        className: 'ww-chart-frame', x: PAD.left, y: PAD.top,
        width: W - PAD.left - PAD.right, height: H - PAD.top - PAD.bottom,
      }),
      svg('text', { className: 'ww-axis-title', x: (PAD.left + W - PAD.right) / 2, y: H - 3, 'text-anchor': 'middle' }, xTitle),
      svg('text', {
        className: 'ww-axis-title', x: 0, y: 0, 'text-anchor': 'middle',
        transform: 'translate(12 ' + (PAD.top + H - PAD.bottom) / 2 + ') rotate(-90)',
      }, yTitle),
    ]);
    var plot = svg('g', { 'clip-path': 'url(#' + clipId + ')' });
    return { root: root, plot: plot, axes: svg('g', { className: 'ww-axes' }) };
  };

  function finish(frame, caption, legend) {
    common.append(frame.root, [frame.axes, frame.plot]);
    return el('figure', { className: 'ww-block ww-chart-block' }, frame.root,
      el('figcaption', null, caption), legend || null);
  }

  /** x → SVG coordinate for a linear axis from lo to hi across the plot width. */
  function xScale(lo, hi) {
    return function (x) { return PAD.left + ((x - lo) / (hi - lo)) * (W - PAD.left - PAD.right); };
  }

  function yScale(lo, hi) {
    return function (y) { return H - PAD.bottom - ((y - lo) / (hi - lo)) * (H - PAD.top - PAD.bottom); };
  }

  function tick(frame, axis, at, label) {
    if (axis === 'x') {
      frame.axes.appendChild(svg('line', { className: 'ww-tick', x1: at, x2: at, y1: H - PAD.bottom, y2: H - PAD.bottom + 4 }));
      frame.axes.appendChild(svg('text', { className: 'ww-tick-label', x: at, y: H - PAD.bottom + 18, 'text-anchor': 'middle' }, label));
    } else {
      frame.axes.appendChild(svg('line', { className: 'ww-grid', x1: PAD.left, x2: W - PAD.right, y1: at, y2: at }));
      frame.axes.appendChild(svg('text', { className: 'ww-tick-label', x: PAD.left - 4, y: at + 4, 'text-anchor': 'end' }, label));
    }
  }

  var SUPERSCRIPT = { '-': '\u207b', 0: '\u2070', 1: '\u00b9', 2: '\u00b2', 3: '\u00b3', 4: '\u2074', 5: '\u2075', 6: '\u2076', 7: '\u2077', 8: '\u2078', 9: '\u2079' };

  /** 10^k as "10⁻³". */
  function power(k) {
    return '10' + String(k).split('').map(function (c) { return SUPERSCRIPT[c]; }).join('');
  }

  /**
   * The loss curve over steps 0 … steps (the full requested range, so a diverged run visibly stops
   * early). The y axis is logarithmic when the losses span more than two decades; a loss of
   * exactly 0 (a perfect fit reached) sits on the bottom edge.
   */
  Widget.prototype.lossChart = function () {
    var self = this;
    var r = this.result;
    var losses = r.losses;
    var k = this.last();
    var max = Math.max.apply(null, losses);
    var positives = losses.filter(function (l) { return l > 0; });
    var minPositive = positives.length ? Math.min.apply(null, positives) : 0;
    var log = positives.length > 0 && (positives.length < losses.length || max / minPositive > 100);
    var y;
    var lo;
    var hi;
    if (log) {
      lo = Math.floor(Math.log10(minPositive));
      hi = Math.max(lo + 1, Math.ceil(Math.log10(max)));
      var toY = yScale(lo, hi);
      y = function (l) { return l > 0 ? toY(Math.log10(l)) : H - PAD.bottom; };
    } else {
      lo = 0;
      hi = max > 0 ? max : 1;
      y = yScale(lo, hi);
    }
    var x = xScale(0, r.steps);
    var description = 'the loss ' + (losses[k] <= losses[0] ? 'falls' : 'rises') + ' from ' + this.fmt(losses[0]) +
      ' at step 0 to ' + this.fmt(losses[k]) + ' at step ' + k +
      (r.diverged_at !== null ? ', then the run diverges at step ' + r.diverged_at : '') +
      (log ? ' (logarithmic loss axis)' : '');
    var frame = this.chart('Loss curve', description, 'step', log ? 'loss (log scale)' : 'loss');
    if (log) {
      var every = Math.ceil((hi - lo) / 5);
      for (var e = lo; e <= hi; e += every) tick(frame, 'y', y(Math.pow(10, e)), power(e));
    } else {
      [0, hi / 2, hi].forEach(function (v) { tick(frame, 'y', y(v), tickText(v)); });
    }
    [0, Math.round(r.steps / 2), r.steps].filter(function (s, i, all) { return all.indexOf(s) === i; })
      .forEach(function (s) { tick(frame, 'x', x(s), String(s)); });
    var best = y(r.optimum.loss);
    var showBest = (r.optimum.loss > 0 || !log) && best >= PAD.top && best <= H - PAD.bottom;
    if (showBest) {
      frame.plot.appendChild(svg('line', { className: 'ww-best-line', x1: PAD.left, x2: W - PAD.right, y1: best, y2: best }));
    }
    var points = losses.map(function (l, s) { return x(s).toFixed(2) + ',' + y(l).toFixed(2); }).join(' ');
    frame.plot.appendChild(svg('polyline', { className: 'ww-curve', points: points }));
    if (losses.length <= 60) {
      losses.forEach(function (l, s) {
        frame.plot.appendChild(svg('circle', { className: 'ww-curve-dot', cx: x(s), cy: y(l), r: 1.8 }));
      });
    }
    if (r.diverged_at !== null) {
      // The label stands above the plot, over its line as far as the chart's edges allow: the
      // curve never reaches there, whichever step the run diverged at.
      var at = x(Math.min(r.diverged_at, r.steps));
      var label = '\u2715 diverged at step ' + r.diverged_at;
      var half = label.length * 13 * 0.6 / 2;
      var centre = Math.max(PAD.left + half, Math.min(W - 2 - half, at));
      frame.axes.appendChild(svg('line', { className: 'ww-diverge-line', x1: at, x2: at, y1: PAD.top - 4, y2: H - PAD.bottom }));
      frame.axes.appendChild(svg('text', {
        className: 'ww-diverge-label', x: centre, y: PAD.top - 8, 'text-anchor': 'middle',
      }, label));
    }
    var legend = el('p', { className: 'ww-chart-legend' },
      legendItem('ww-curve', 'loss at each step'),
      showBest ? legendItem('ww-best-line', 'best possible (' + self.fmt(r.optimum.loss) + ')') : null);
    return finish(frame, 'Loss after each step', legend);
  };

  /** A legend entry: the swatch and its words in one span that never breaks between them. */
  function legendItem(className, text) {
    return el('span', { className: 'ww-legend-item' }, swatch(className), ' ' + text);
  }

  /** A short line in a chart's style, for the legend; decorative, the text says what it is. */
  function swatch(className) {
    return svg('svg', { className: 'ww-swatch', viewBox: '0 0 24 8', 'aria-hidden': 'true', focusable: 'false' },
      svg('line', { className: className, x1: 1, x2: 23, y1: 4, y2: 4 }));
  }

  /**
   * The points and two lines y = w·x + b: the run's last iterate (solid) and the exact fit
   * (dashed). Each line is clipped to the plot box by computing where it enters and leaves, so a
   * diverging run's steep line never produces huge SVG coordinates.
   */
  Widget.prototype.fitChart = function () {
    var r = this.result;
    var k = this.last();
    var xs = r.points.map(function (p) { return p[0]; });
    var ys = r.points.map(function (p) { return p[1]; });
    var xr = padRange(Math.min.apply(null, xs), Math.max.apply(null, xs));
    var yr = padRange(Math.min.apply(null, ys), Math.max.apply(null, ys));
    var x = xScale(xr[0], xr[1]);
    var y = yScale(yr[0], yr[1]);
    var w = r.iterates[k][0];
    var b = r.iterates[k][1];
    var description = r.points.length + ' points and the line y = ' + this.fmt(w) + 'x + ' + this.fmt(b) +
      ' after step ' + k + ', beside the best fit y = ' + this.fmt(r.optimum.w) + 'x + ' + this.fmt(r.optimum.b);
    var frame = this.chart('Fitted line', description, 'x', 'y');
    // Ticks at the data's extremes and midpoint, inside the padded box.
    [xr[2], (xr[2] + xr[3]) / 2, xr[3]].forEach(function (v) { tick(frame, 'x', x(v), tickText(v)); });
    [yr[2], (yr[2] + yr[3]) / 2, yr[3]].forEach(function (v) { tick(frame, 'y', y(v), tickText(v)); });
    // The dashed best fit goes on top, so it shows where the two lines coincide.
    var drawn = [['ww-fit-line', w, b], ['ww-best-line', r.optimum.w, r.optimum.b]].map(function (line) {
      var seg = clipLine(line[1], line[2], xr, yr);
      if (seg) {
        frame.plot.appendChild(svg('line', {
          className: line[0], x1: x(seg[0]), y1: y(seg[1]), x2: x(seg[2]), y2: y(seg[3]),
        }));
      }
      return seg !== null;
    });
    r.points.forEach(function (p) {
      frame.plot.appendChild(svg('circle', { className: 'ww-point', cx: x(p[0]), cy: y(p[1]), r: 3.5 }));
    });
    var legend = el('p', { className: 'ww-chart-legend' },
      legendItem('ww-fit-line', 'line after step ' + k + (drawn[0] ? '' : ' (outside the chart)')),
      legendItem('ww-best-line', 'best fit'));
    return finish(frame, 'The data and the line y = w\u00b7x + b', legend);
  };

  /**
   * [lo − room, hi + room, lo, hi]: a range with 10 % room on each side (some room when all values
   * are equal), followed by the data's own extremes.
   */
  function padRange(lo, hi) {
    var room = hi > lo ? (hi - lo) / 10 : Math.max(1, Math.abs(lo) / 10);
    return [lo - room, hi + room, lo, hi];
  }

  /** The part of y = w·x + b inside the box xr × yr as [x1, y1, x2, y2], or null if none. */
  function clipLine(w, b, xr, yr) {
    var a = xr[0];
    var z = xr[1];
    if (w !== 0) {
      var xAtLo = (yr[0] - b) / w;
      var xAtHi = (yr[1] - b) / w;
      a = Math.max(a, Math.min(xAtLo, xAtHi));
      z = Math.min(z, Math.max(xAtLo, xAtHi));
    } else if (b < yr[0] || b > yr[1]) {
      return null;
    }
    if (!(a < z) || !isFinite(a) || !isFinite(z)) return null;
    return [a, w * a + b, z, w * z + b];
  }


  /** A pasted link with another rate for this page restores it without a reload. */
  Widget.prototype.followFragment = function (encoded) {
    var rate = decodeState(this.example, encoded);
    if (rate !== null && rate !== this.rate) this.slider.set(rate);
  };

  // --------------------------------------------------------------------------------- mounting

  var spec = {
    script: ownScript, needs: DEPENDENCIES, widget: 'gradient_descent', name: 'gradient descent',
    ready: function () {
      common = ns.widgetCommon;
      el = common.el;
      svg = common.svg;
      K = ns.kindPrograms;
      F = ns.format;
    },
    create: function (figure, example) { return new Widget(figure, example); },
  };

  // The page lists widget-common.js (and the helpers it needs) before this file.
  ns.widgetCommon.start(spec);
})();
