/*
 * line-chart.js — a compute widget's steps drawn as lines against the step, exactly as the
 * build draws a ```figure of them (src/present/figure/lines.rs): the same panel, ticks, labels,
 * text alternative and `wf-*` classes, so figures.css gives the same colours, light and dark.
 *
 * In the order of the Rust files it twins: `scale` (svg/scale.rs), `text` (svg/text.rs),
 * `ticks` (svg/ticks.rs), the step axes (figure/mod.rs `step_axes`), the layout
 * (figure/lines.rs `line_layout`) and the markup (svg/writer.rs), built with createElementNS and
 * text nodes only. `layout` is pure and is what tests/cli/lines_differential.rs holds to the
 * Rust one; `draw` turns a layout into an `<svg>`.
 *
 * Classic script (see compute-lang.js for why): attaches to `globalThis.worked.lineChart`
 * and exports through `module.exports` for Node; needs worked-format.js (`worked.format`).
 */
(function (factory) {
  'use strict';
  var api = factory();
  if (typeof module !== 'undefined' && module.exports) module.exports = api;
  (globalThis.worked = globalThis.worked || {}).lineChart = api;
})(function () {
  'use strict';

  /** The panel of a chart over steps (figure/mod.rs `STEP_PANEL`). */
  var PANEL = { width: 360, height: 280 };
  /** Font sizes of tick labels and legends, and of axis titles (svg/text.rs). */
  var SMALL_TEXT = 14;
  var LABEL_TEXT = 15;
  /** Most points one chart draws over all its lines (lines.rs `MOST_LINE_POINTS`). */
  var MOST_POINTS = 2048;
  /** The row above the plot where a divergence label stands (lines.rs `MARK_ROW`). */
  var MARK_ROW = 14;
  /** The smallest normal double, Rust's f64::MIN_POSITIVE: where a log scale clamps its values. */
  var MIN_POSITIVE = 2.2250738585072014e-308;
  var SVG = 'http://www.w3.org/2000/svg';

  function format() {
    return globalThis.worked.format;
  }

  // ------------------------------------------------------------------------------- scale.rs

  /** A domain of positive width: equal ends move apart by 1, or by a tenth of their size. */
  function widen(low, high) {
    if (high > low) return [low, high];
    var pad = low === 0 ? 1 : Math.abs(low) * 0.1;
    return [low - pad, high + pad];
  }

  /** Data → user units, linearly or by log₁₀ (values at or below 0 at the bottom). */
  function scale(domain, range, log) {
    var d = log
      ? widen(Math.log10(Math.max(domain[0], MIN_POSITIVE)), Math.log10(Math.max(domain[1], MIN_POSITIVE)))
      : widen(domain[0], domain[1]);
    return function (value) {
      var v = log ? (value > 0 ? Math.log10(value) : d[0]) : value;
      return range[0] + (v - d[0]) / (d[1] - d[0]) * (range[1] - range[0]);
    };
  }

  // -------------------------------------------------------------------------------- text.rs

  /** A rough width of `text` at `size`: 0.6 em a character, as the build estimates it. */
  function textWidth(text, size) {
    return Array.from(text).length * size * 0.6;
  }

  function widest(labels, size) {
    return labels.reduce(function (most, label) { return Math.max(most, textWidth(label, size)); }, 0);
  }

  // ------------------------------------------------------------------------------- ticks.rs

  /** 10ⁿ as the nearest double (Math.pow(10, −4) is not always it). */
  function powerOfTen(exponent) {
    return Number('1e' + exponent);
  }

  var SUPERSCRIPT = { '-': '\u207b', 0: '\u2070', 1: '\u00b9', 2: '\u00b2', 3: '\u00b3', 4: '\u2074', 5: '\u2075', 6: '\u2076', 7: '\u2077', 8: '\u2078', 9: '\u2079' };

  function superscript(exponent) {
    return String(exponent).split('').map(function (c) { return SUPERSCRIPT[c]; }).join('');
  }

  /** Rust's `f64::round`: halves away from zero (Math.round takes them up). */
  function roundHalfAway(x) {
    return Math.sign(x) * Math.round(Math.abs(x));
  }

  /** About `count` round ticks (1, 2 or 5 times a power of ten) covering [low, high]. */
  function niceTicks(low, high, count) {
    var ends = isFinite(low) && isFinite(high) ? widen(Math.min(low, high), Math.max(low, high)) : [0, 1];
    var raw = (ends[1] - ends[0]) / (Math.max(count, 2) - 1);
    var magnitude = powerOfTen(Math.floor(Math.log10(raw)));
    var step = [1, 2, 5, 10].map(function (f) { return f * magnitude; })
      .filter(function (s) { return s >= raw; })[0];
    if (step === undefined) step = 10 * magnitude;
    var decimals = Math.max(0, -Math.floor(Math.log10(step)));
    var first = Math.floor(ends[0] / step);
    var last = Math.ceil(ends[1] / step);
    var round = powerOfTen(decimals);
    var values = [];
    for (var i = 0; i <= last - first; i++) values.push(roundHalfAway((first + i) * step * round) / round + 0);
    return { values: values, decimals: decimals };
  }

  /** Whole powers of ten for a log axis over [low, high] (both > 0), and the domain. */
  function decadeTicks(low, high) {
    var lo = Math.floor(Math.log10(Math.max(low, MIN_POSITIVE)));
    var hi = Math.max(Math.ceil(Math.log10(Math.max(high, MIN_POSITIVE))), lo + 1);
    var stride = Math.max(Math.ceil((hi - lo) / 6), 1);
    var plain = lo >= -3 && hi <= 4;
    var ticks = [];
    for (var e = lo; e <= hi; e += stride) {
      var zeros = '0'.repeat(Math.abs(e));
      var label = !plain ? '10' + superscript(e) : e >= 0 ? '1' + zeros : '0.' + zeros.slice(1) + '1';
      ticks.push({ value: powerOfTen(e), label: label });
    }
    return { ticks: ticks, domain: [powerOfTen(lo), powerOfTen(hi)] };
  }

  /** Ticks labelled with just enough decimals; SI prefixes from 10⁴, powers of ten past 10¹⁵
   *  and below 10⁻³. */
  function labelled(ticks) {
    var values = ticks.values;
    var largest = values.reduce(function (m, v) { return Math.max(m, Math.abs(v)); }, 0);
    var step = values.length > 1 ? Math.abs(values[1] - values[0]) : 1;
    var exponent = 0;
    var suffix = null;
    if (largest >= 1e4 && largest < 1e15) {
      exponent = Math.trunc(Math.floor(Math.log10(largest) + 1e-9) / 3) * 3;
      suffix = ['k', 'M', 'G', 'T'][exponent / 3 - 1];
    } else if (largest >= 1e15 || (largest > 0 && largest < 1e-3)) {
      exponent = Math.floor(Math.log10(largest) + 1e-9);
      suffix = '\u00d710' + superscript(exponent);
    }
    var unit = powerOfTen(exponent);
    var decimals = suffix !== null ? Math.max(0, -Math.floor(Math.log10(step / unit) + 1e-9)) : ticks.decimals;
    return values.map(function (value) {
      var digits = format().formatNumber(value / unit, { kind: 'dp', n: decimals }, 'prose');
      var label = suffix === null ? digits : value === 0 ? '0' : digits + suffix;
      return { value: value, label: label };
    });
  }

  /** Round ticks along an axis `length` long whose labels never touch (side by side on a
   *  horizontal axis, one line each on a `vertical` one). */
  function fittedTicks(low, high, length, most, vertical) {
    var fallback = null;
    for (var count = Math.max(most, 2); count >= 2; count--) {
      var ticks = niceTicks(low, high, count);
      var labels = labelled(ticks);
      var domain = [ticks.values[0], ticks.values[ticks.values.length - 1]];
      var spacing = length / (Math.max(ticks.values.length, 2) - 1);
      var needed = vertical ? SMALL_TEXT * 1.4
        : widest(labels.map(function (t) { return t.label; }), SMALL_TEXT) + SMALL_TEXT * 0.6;
      if (spacing >= needed) return { ticks: labels, domain: domain };
      fallback = { ticks: labels, domain: domain };
    }
    return { ticks: [fallback.ticks[0], fallback.ticks[fallback.ticks.length - 1]], domain: fallback.domain };
  }

  /** fittedTicks for the x axis of `frame`, narrowing it until the last label fits. */
  function fittedXAxis(low, high, frame, pictureWidth) {
    for (var attempt = 0; attempt < 4; attempt++) {
      var fitted = fittedTicks(low, high, frame.width, 6);
      var tick = fitted.ticks[fitted.ticks.length - 1];
      var d = fitted.domain;
      var last = tick
        ? frame.left + (tick.value - d[0]) / (d[1] - d[0]) * frame.width + textWidth(tick.label, SMALL_TEXT) / 2
        : 0;
      var overflow = last - (pictureWidth - 2);
      if (overflow <= 0) return fitted;
      frame.width -= overflow;
    }
    return fittedTicks(low, high, frame.width, 6);
  }

  // ---------------------------------------------------------------------------- the layout

  function andList(items) {
    return items.length < 2 ? items.join('') : items.slice(0, -1).join(', ') + ' and ' + items[items.length - 1];
  }

  /** The step a "diverged at" value names: a whole number from 1 to MOST_POINTS, else null
   *  (0, as a run that went through holds). Twin of lines.rs `diverged_step`. */
  function divergedStep(value) {
    return typeof value === 'number' && value >= 1 && value <= MOST_POINTS && value % 1 === 0 ? value : null;
  }

  /**
   * Where everything of the chart goes (lines.rs `line_layout`): `{ frame, xTicks, yTicks,
   * yTitle, curves, legend, title, description, reference, diverged }`, ticks as
   * `{ value, label, at }`, or `{ error }` for what the build refuses too (a non-finite value, a
   * value below 0 on a log scale, more than MOST_POINTS points). `marks` (optional, lines.rs
   * `LineMarks`) is `{ reference: { name, value } or null, divergedAt: step or null }`: a dashed
   * line at the reference (one more value for the axis), a line where the run diverged (the x
   * axis reaching it), laid out as `reference: { at, label, labelAt: { x, y }, below }` and
   * `diverged: { at, labelX, label }`, or null.
   */
  function layout(series, logY, decimals, marks) {
    var reference = marks && marks.reference ? marks.reference : null;
    var divergedAt = marks && marks.divergedAt !== undefined ? marks.divergedAt : null;
    var all = [];
    series.forEach(function (s) { all = all.concat(s.values); });
    var points = all.length;
    if (reference) all.push(reference.value);
    var number = function (x) { return format().formatComputed(x, decimals); };
    if (all.some(function (v) { return !isFinite(v); })) return { error: 'non_finite' };
    if (series.some(function (s) { return s.values.length === 0; })) return { error: 'empty' };
    if (points > MOST_POINTS) return { error: 'points', points: points, most: MOST_POINTS };
    if (logY && all.some(function (v) { return v < 0; })) return { error: 'log' };
    // On a log scale a 0 (a loss that reached an exact fit) is drawn at the axis's bottom, and
    // the axis spans the values above 0 (a decade from 1 when there are none).
    var onAxis = all.filter(function (v) { return !logY || v > 0; });
    var largest = Math.max.apply(null, onAxis);
    var smallest = Math.min.apply(null, onAxis);
    var y;
    if (logY) {
      y = onAxis.length > 0 ? decadeTicks(smallest, largest) : decadeTicks(1, 1);
    } else {
      var low = Math.min(smallest, 0);
      var high = largest > low ? largest : low + 1;
      var nice = niceTicks(low, high, 5);
      y = { ticks: labelled(nice), domain: [nice.values[0], nice.values[nice.values.length - 1]] };
    }
    var steps = Math.max.apply(null, series.map(function (s) { return s.values.length; }));
    // A legend's row, then a divergence label's row, above the plot.
    var top = MARK_ROW + (series.length > 1 ? 16 : 0) + (divergedAt !== null ? 16 : 0);
    // figure/mod.rs `step_axes`: the frame fitted to the y labels, the x ticks to the frame.
    var left = 18 + LABEL_TEXT + widest(y.ticks.map(function (t) { return t.label; }), SMALL_TEXT);
    var frame = { left: left, top: top, width: PANEL.width - left - 14, height: PANEL.height - top - 52 };
    var x = fittedXAxis(0, Math.max(Math.max(steps, 2) - 1, divergedAt || 0), frame, PANEL.width);
    var toX = scale(x.domain, [frame.left, frame.left + frame.width], false);
    var toY = scale(y.domain, [frame.top + frame.height, frame.top], logY);
    var legend = [];
    var legendX = frame.left;
    var sentences = [];
    var curves = series.map(function (one) {
      if (series.length > 1) {
        legend.push(legendX);
        legendX += 34 + textWidth(one.name, SMALL_TEXT);
      }
      var first = one.values[0];
      var last = one.values[one.values.length - 1];
      var trend = last < first ? 'falls' : last > first ? 'rises' : 'stays';
      sentences.push(one.name + ' ' + trend + ' from ' + number(first) + ' at step 0 to ' + number(last) +
        ' at step ' + (one.values.length - 1));
      return one.values.map(function (value, step) { return { x: toX(step), y: toY(value) }; });
    });
    var placed = function (ticks, to) {
      return ticks.map(function (t) { return { value: t.value, label: t.label, at: to(t.value) }; });
    };
    var yTitle = (series.length === 1 ? series[0].name : 'value') + (logY ? ' (log scale)' : '');
    var description = andList(sentences) + '.' + (logY ? ' The values are drawn on a log scale.' : '') +
      (logY && all.some(function (v) { return v === 0; }) ? ' A value of 0, which a log scale cannot show, is drawn at its bottom.' : '');
    var referenceMark = null;
    if (reference) {
      var level = toY(reference.value);
      var words = reference.name + ' ' + number(reference.value);
      description += ' A dashed line marks ' + words + '.';
      // Below the line where the label fits above the frame's bottom: a falling loss
      // approaches its least value from above.
      var below = level + 5 + SMALL_TEXT <= frame.top + frame.height;
      referenceMark = {
        at: level, label: words, below: below,
        labelAt: { x: frame.left + frame.width - 4, y: below ? level + 5 : level - 5 },
      };
    }
    var divergedMark = null;
    if (divergedAt !== null) {
      var label = '\u2715 diverged at step ' + divergedAt;
      description += ' The run diverged at step ' + divergedAt + '.';
      var at = toX(divergedAt);
      var half = textWidth(label, SMALL_TEXT) / 2;
      divergedMark = { at: at, labelX: Math.max(Math.min(at, PANEL.width - 2 - half), frame.left + half), label: label };
    }
    return {
      frame: frame,
      xTicks: placed(x.ticks, toX),
      yTicks: placed(y.ticks, toY),
      yTitle: yTitle,
      curves: curves,
      legend: legend,
      title: andList(series.map(function (s) { return s.name; })) + ' per step',
      description: description,
      reference: referenceMark,
      diverged: divergedMark,
    };
  }

  // ---------------------------------------------------------------------------- writer.rs

  /** A coordinate with two decimals, never `-0.00`. */
  function coordinate(value) {
    var text = value.toFixed(2);
    return text === '-0.00' ? '0.00' : text;
  }

  function node(tag, attrs, text) {
    var element = document.createElementNS(SVG, tag);
    Object.keys(attrs).forEach(function (name) { element.setAttribute(name, attrs[name]); });
    if (text !== undefined) element.appendChild(document.createTextNode(text));
    return element;
  }

  function line(x1, y1, x2, y2, className) {
    return node('line', {
      class: className, x1: coordinate(x1), y1: coordinate(y1), x2: coordinate(x2), y2: coordinate(y2), stroke: 'currentColor',
    });
  }

  /** Text at (x, y): `baseline` 'middle', 'hanging' or 'alphabetic' as svg/text.rs aligns it. */
  function text(x, y, anchor, baseline, size, className, content, degrees) {
    var attrs = { class: className, x: coordinate(x), y: coordinate(y) };
    if (baseline === 'middle') attrs.dy = '0.35em';
    if (baseline === 'hanging') attrs.dy = '0.8em';
    attrs['text-anchor'] = anchor;
    attrs['font-size'] = coordinate(size);
    attrs.fill = 'currentColor';
    if (degrees !== undefined) attrs.transform = 'rotate(' + [degrees, x, y].map(coordinate).join(' ') + ')';
    return node('text', attrs, content);
  }

  /**
   * The chart of `series` (`[{ name, values, className }]`, `className` the page's `wf-s…`)
   * laid out as `chart` (from `layout`): an `<svg>` named and described for screen readers,
   * its ids starting with `idPrefix`.
   */
  function draw(chart, series, idPrefix) {
    var f = chart.frame;
    var bottom = f.top + f.height;
    var right = f.left + f.width;
    var root = node('svg', {
      class: 'wf-chart wf-panel', width: String(Math.ceil(PANEL.width)),
      viewBox: '0 0 ' + coordinate(PANEL.width) + ' ' + coordinate(PANEL.height), role: 'img',
      'aria-labelledby': idPrefix + '-title', 'aria-describedby': idPrefix + '-desc',
    });
    root.appendChild(node('title', { id: idPrefix + '-title' }, chart.title));
    root.appendChild(node('desc', { id: idPrefix + '-desc' }, chart.description));
    var xAxis = node('g', { class: 'wf-axis-x' });
    chart.xTicks.forEach(function (t) {
      xAxis.appendChild(line(t.at, f.top, t.at, bottom, 'wf-grid'));
      xAxis.appendChild(text(t.at, bottom + 9, 'middle', 'hanging', SMALL_TEXT, 'wf-tick', t.label));
    });
    xAxis.appendChild(line(f.left, bottom, right, bottom, 'wf-axis'));
    xAxis.appendChild(text(f.left + f.width / 2, bottom + 27, 'middle', 'hanging', LABEL_TEXT, 'wf-axis-title', 'step'));
    root.appendChild(xAxis);
    var yAxis = node('g', { class: 'wf-axis-y' });
    chart.yTicks.forEach(function (t) {
      yAxis.appendChild(line(f.left, t.at, right, t.at, 'wf-grid'));
      yAxis.appendChild(text(f.left - 6, t.at, 'end', 'middle', SMALL_TEXT, 'wf-tick', t.label));
    });
    yAxis.appendChild(line(f.left, f.top, f.left, bottom, 'wf-axis'));
    var labelWidth = widest(chart.yTicks.map(function (t) { return t.label; }), SMALL_TEXT);
    yAxis.appendChild(text(f.left - 12 - labelWidth, f.top + f.height / 2, 'middle', 'alphabetic', LABEL_TEXT,
      'wf-axis-title', chart.yTitle, -90));
    root.appendChild(yAxis);
    if (chart.reference) {
      var mark = chart.reference;
      root.appendChild(line(f.left, mark.at, right, mark.at, 'wf-reference'));
      root.appendChild(text(mark.labelAt.x, mark.labelAt.y, 'end', mark.below ? 'hanging' : 'alphabetic', SMALL_TEXT,
        'wf-note', mark.label));
    }
    if (chart.diverged) {
      root.appendChild(line(chart.diverged.at, f.top, chart.diverged.at, bottom, 'wf-diverged'));
      root.appendChild(text(chart.diverged.labelX, MARK_ROW, 'middle', 'middle', SMALL_TEXT, 'wf-note wf-warning',
        chart.diverged.label));
    }
    chart.curves.forEach(function (curve, i) {
      var className = 'wf-curve ' + series[i].className;
      if (curve.length >= 2) {
        root.appendChild(node('polyline', {
          class: className, points: curve.map(function (p) { return coordinate(p.x) + ',' + coordinate(p.y); }).join(' '),
          fill: 'none', stroke: 'currentColor',
        }));
      }
      if (i < chart.legend.length) {
        var x = chart.legend[i];
        root.appendChild(line(x, f.top - 16, x + 18, f.top - 16, className));
        root.appendChild(text(x + 22, f.top - 16, 'start', 'middle', SMALL_TEXT, 'wf-legend', series[i].name));
      }
    });
    return root;
  }

  return {
    MOST_POINTS: MOST_POINTS, layout: layout, draw: draw, divergedStep: divergedStep,
    // What step-views.js draws with too, twins of the same Rust.
    shared: {
      SMALL_TEXT: SMALL_TEXT, LABEL_TEXT: LABEL_TEXT, scale: scale, textWidth: textWidth, widest: widest,
      niceTicks: niceTicks, labelled: labelled, fittedTicks: fittedTicks, andList: andList, coordinate: coordinate,
      fittedXAxis: fittedXAxis,
    },
  };
});
