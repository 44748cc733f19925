/*
 * step-views.js — a compute widget's steps drawn as heatmaps and bars, exactly as the build
 * draws a ```figure of one step (src/present/figure/heatmaps.rs `quantity_figure`, whose
 * pictures are src/present/heatmap.rs `Heatmap` and src/present/figure/bars.rs `bars`): the
 * same cells, bars, ticks, labels, legend, text alternative and `wf-*` classes, so figures.css
 * gives the same colours, light and dark.
 *
 * `heatmap` and `bars` are pure: they return the picture as a tree of elements
 * (`{ tag, attrs: [[name, value]…], children, text }`) or `{ error }` where the build refuses
 * too. `markup` writes a tree as the build's writer (svg/writer.rs) writes its SVG, which is what
 * tests/cli/step_views_differential.rs holds to the Rust; `toDom` turns it into nodes with
 * createElementNS and text nodes only (labels are reader input).
 *
 * Classic script (see compute-lang.js for why): attaches to `globalThis.worked.stepViews`
 * and exports through `module.exports` for Node; needs worked-format.js and line-chart.js,
 * whose ticks and text measures it shares.
 */
(function (factory) {
  'use strict';
  var api = factory();
  if (typeof module !== 'undefined' && module.exports) module.exports = api;
  (globalThis.worked = globalThis.worked || {}).stepViews = api;
})(function () {
  'use strict';

  var SVG = 'http://www.w3.org/2000/svg';
  /** Width of a heatmap and of a bar chart (heatmap.rs `WIDTH`, bars.rs `CHART_WIDTH`). */
  var WIDTH = 416;
  var WIDEST_CELL = 64;
  var NUMBER_CELL_HEIGHT = 28;
  var MOST_NUMBERED_CELLS = 400;
  var MOST_DESCRIBED_ENTRIES = 400;
  /** Most cells of a heatmap and bars of a chart (heatmap.rs `MOST_CELLS`, bars.rs `MOST_BARS`). */
  var MOST_CELLS = 16384;
  var MOST_BARS = 256;
  var MOST_LABELLED_ROWS = 48;
  var SWATCH = [26, 12];
  var LONGEST_LEGEND_TITLE = 40;
  /** labels.rs `SHORT_LABEL_EMS`. */
  var SHORT_LABEL_EMS = 2;

  function shared() {
    return globalThis.worked.lineChart.shared;
  }

  function format() {
    return globalThis.worked.format;
  }

  // ------------------------------------------------------------------------ the picture tree

  function element(tag, attrs, content) {
    var node = { tag: tag, attrs: attrs, children: [] };
    if (content !== undefined) node.text = content;
    return node;
  }

  /** svg/writer.rs `Svg`: elements appended to the innermost open group. */
  function Picture(width, height, idPrefix) {
    this.width = width;
    this.height = height;
    this.idPrefix = idPrefix;
    this.defs = [];
    this.body = [];
    this.open = [this.body];
    this.markers = 0;
  }

  Picture.prototype.add = function (node) {
    this.open[this.open.length - 1].push(node);
  };

  Picture.prototype.group = function (className) {
    var g = element('g', [['class', className]]);
    this.add(g);
    this.open.push(g.children);
  };

  Picture.prototype.endGroup = function () {
    this.open.pop();
  };

  Picture.prototype.line = function (x1, y1, x2, y2, className) {
    var c = shared().coordinate;
    this.add(element('line', [['class', className], ['x1', c(x1)], ['y1', c(y1)], ['x2', c(x2)], ['y2', c(y2)],
      ['stroke', 'currentColor']]));
  };

  Picture.prototype.rect = function (left, top, width, height, className) {
    var c = shared().coordinate;
    if (height < 0) {
      top += height;
      height = -height;
    }
    this.add(element('rect', [['class', className], ['x', c(left)], ['y', c(top)], ['width', c(Math.max(width, 0))],
      ['height', c(height)], ['fill', 'currentColor']]));
  };

  Picture.prototype.rectFill = function (x, y, size, className, fill, opacity) {
    var c = shared().coordinate;
    var attrs = [['class', className], ['x', c(x)], ['y', c(y)], ['width', c(Math.max(size[0], 0))],
      ['height', c(Math.max(size[1], 0))], ['fill', fill]];
    if (opacity < 1) attrs.push(['fill-opacity', Math.max(opacity, 0).toFixed(3)]);
    this.add(element('rect', attrs));
  };

  Picture.prototype.hatch = function (className) {
    var id = this.idPrefix + '-hatch-' + this.markers++;
    var pattern = element('pattern', [['id', id], ['width', '6'], ['height', '6'], ['patternUnits', 'userSpaceOnUse'],
      ['patternTransform', 'rotate(45)']]);
    pattern.inline = true;
    pattern.children.push(element('line', [['class', className], ['x1', '0'], ['y1', '0'], ['x2', '0'], ['y2', '6'],
      ['stroke', 'currentColor']]));
    this.defs.push(pattern);
    return 'url(#' + id + ')';
  };

  /** Text at (x, y), `baseline` 'middle', 'hanging' or 'alphabetic', turned by `degrees`. */
  Picture.prototype.text = function (x, y, anchor, baseline, size, className, content, degrees) {
    if (content === '') return;
    var c = shared().coordinate;
    var attrs = [['class', className], ['x', c(x)], ['y', c(y)]];
    if (baseline === 'middle') attrs.push(['dy', '0.35em']);
    if (baseline === 'hanging') attrs.push(['dy', '0.8em']);
    attrs.push(['text-anchor', anchor], ['font-size', c(size)], ['fill', 'currentColor']);
    if (degrees !== undefined) attrs.push(['transform', 'rotate(' + [degrees, x, y].map(c).join(' ') + ')']);
    this.add(element('text', attrs, content));
  };

  /** writer.rs `circle`. */
  Picture.prototype.circle = function (x, y, radius, className) {
    var c = shared().coordinate;
    this.add(element('circle', [['class', className], ['cx', c(x)], ['cy', c(y)], ['r', c(radius)],
      ['fill', 'currentColor']]));
  };

  /** writer.rs `placed_x_axis`: ticks as `{ label, at }`. */
  Picture.prototype.xAxis = function (frame, ticks, title) {
    var S = shared();
    var bottom = frame.top + frame.height;
    var self = this;
    this.group('wf-axis-x');
    ticks.forEach(function (t) {
      self.line(t.at, frame.top, t.at, bottom, 'wf-grid');
      self.text(t.at, bottom + 9, 'middle', 'hanging', S.SMALL_TEXT, 'wf-tick', t.label);
    });
    this.line(frame.left, bottom, frame.left + frame.width, bottom, 'wf-axis');
    this.text(frame.left + frame.width / 2, bottom + 27, 'middle', 'hanging', S.LABEL_TEXT, 'wf-axis-title', title);
    this.endGroup();
  };

  /** writer.rs `placed_y_axis`. */
  Picture.prototype.yAxis = function (frame, ticks, title) {
    var S = shared();
    this.group('wf-axis-y');
    var self = this;
    ticks.forEach(function (t) {
      self.line(frame.left, t.at, frame.left + frame.width, t.at, 'wf-grid');
      self.text(frame.left - 6, t.at, 'end', 'middle', S.SMALL_TEXT, 'wf-tick', t.label);
    });
    this.line(frame.left, frame.top, frame.left, frame.top + frame.height, 'wf-axis');
    var widest = S.widest(ticks.map(function (t) { return t.label; }), S.SMALL_TEXT);
    this.text(frame.left - 12 - widest, frame.top + frame.height / 2, 'middle', 'alphabetic', S.LABEL_TEXT,
      'wf-axis-title', title, -90);
    this.endGroup();
  };

  /** labels.rs `SlotLabels::new`. */
  function slotLabels(labels, slot, size) {
    var widest = shared().widest(labels, size);
    var slanted = !(widest <= SHORT_LABEL_EMS * size) && widest + 4 > slot;
    var needed = slanted ? size * 1.2 / Math.SQRT1_2 : widest + 4;
    var stride = slot >= needed ? 1 : Math.ceil(needed / Math.max(slot, 0.1));
    return {
      slanted: slanted, stride: stride,
      depth: slanted ? (widest + size) * Math.SQRT1_2 + 6 : size + 6,
      reach: slanted ? (widest + size) * Math.SQRT1_2 : 0,
    };
  }

  /** labels.rs `Svg::slot_labels`, every label in the class 'wf-tick'. */
  Picture.prototype.slotLabels = function (layout, labels, first, slot, edge, below, classOf) {
    var size = shared().SMALL_TEXT;
    for (var i = 0; i < labels.length; i += layout.stride) {
      var x = first + i * slot;
      var className = classOf ? classOf(i) : 'wf-tick';
      if (!layout.slanted && below) this.text(x, edge + 6, 'middle', 'hanging', size, className, labels[i]);
      else if (!layout.slanted) this.text(x, edge - 6, 'middle', 'alphabetic', size, className, labels[i]);
      else if (below) this.text(x, edge + 8, 'end', 'hanging', size, className, labels[i], -45);
      else this.text(x, edge - 6, 'start', 'middle', size, className, labels[i], -45);
    }
  };

  /** writer.rs `Svg::finish`: the `<svg>` named `title` and described by `description`. */
  Picture.prototype.finish = function (className, title, description) {
    var c = shared().coordinate;
    var p = this.idPrefix;
    var root = element('svg', [['class', className], ['width', String(Math.ceil(this.width))],
      ['viewBox', '0 0 ' + c(this.width) + ' ' + c(this.height)], ['role', 'img'], ['aria-labelledby', p + '-title'],
      ['aria-describedby', p + '-desc'], ['xmlns', SVG]]);
    root.children.push(element('title', [['id', p + '-title']], title), element('desc', [['id', p + '-desc']], description));
    if (this.defs.length) {
      var defs = element('defs', []);
      defs.children = this.defs;
      root.children.push(defs);
    }
    root.children = root.children.concat(this.body);
    return root;
  };

  // ------------------------------------------------------------------------------- text.rs

  function shortLabel(label) {
    var chars = Array.from(label);
    return chars.length <= 14 ? label : chars.slice(0, 13).join('') + '\u2026';
  }

  function shortLegendTitle(title) {
    var chars = Array.from(title);
    return chars.length <= LONGEST_LEGEND_TITLE ? title : chars.slice(0, LONGEST_LEGEND_TITLE - 1).join('') + '\u2026';
  }

  function heatClass(value) {
    return value < 0 ? 'wf-heat wf-heat-negative' : 'wf-heat wf-heat-positive';
  }

  /** heatmaps.rs `few`: names for a title. */
  function few(names) {
    return names.length <= 6 ? shared().andList(names)
      : names.slice(0, 6).join(', ') + ' and ' + (names.length - 6) + ' more';
  }

  function positions(n) {
    return Array.from({ length: n }, function (_, i) { return String(i + 1); });
  }

  // ------------------------------------------------------------------------------ heatmap.rs

  /**
   * The heatmap of matrix `values` (rows of numbers, −∞ masked) named `what`: `rowLabels` and
   * `colLabels` are the step's labels or null for positions; `options` `{ decimals, idPrefix,
   * full, mask }`, `mask` rows of booleans of the values' shape marking entries a mask removed
   * though they hold a number (heatmap.rs `Heatmap::mask`: hatched, no number, described as
   * masked). `{ svg }` (a tree), or `{ error }` past MOST_CELLS or for a mask of another shape.
   */
  function heatmap(values, rowLabels, colLabels, what, options) {
    var S = shared();
    var SMALL = S.SMALL_TEXT;
    var rows = values.length;
    var cols = values[0].length;
    if (rows * cols > MOST_CELLS) return { error: 'cells', count: rows * cols, most: MOST_CELLS };
    var mask = options.mask || null;
    if (mask && (mask.length !== rows || mask.some(function (row) { return row.length !== cols; }))) {
      return { error: 'mask' };
    }
    var rowNames = rowLabels || positions(rows);
    var colNames = colLabels || positions(cols);
    var title = rowLabels ? 'Heatmap of ' + what + ', one row each for ' + few(rowLabels) : 'Heatmap of ' + what;
    var legendTitle = shortLegendTitle('value of ' + what);
    // heatmap.rs `Heatmap::masked`: −∞, or marked by the mask.
    var masked = function (x, i, j) { return x === -Infinity || Boolean(mask && mask[i][j]); };
    var flat = [];
    var shown = [];
    var printed = [];
    values.forEach(function (row, i) {
      row.forEach(function (x, j) {
        flat.push(x);
        if (!masked(x, i, j)) shown.push(x);
        // A masked number is not printed: only −∞ says what it is.
        if (!masked(x, i, j) || x === -Infinity) printed.push(x);
      });
    });
    var anyMasked = shown.length < flat.length;
    var largest = shown.filter(isFinite).reduce(function (m, x) { return Math.max(m, Math.abs(x)); }, 0);
    // The value that gets full colour: the step's natural top when it has one (heatmap.rs `full`).
    var magnitude = options.full > 0 ? options.full : largest > 0 ? largest : 1;
    var precision = format().sharedPrecision(shown, { kind: 'computed', n: options.decimals });
    var number = function (x) { return format().formatNumber(x, precision, 'prose'); };

    var rowShort = rowNames.map(shortLabel);
    var colShort = colNames.map(shortLabel);
    var left = 12 + S.widest(rowShort, SMALL);
    var cellWidth = Math.min((WIDTH - left - 12) / cols, WIDEST_CELL);
    var columns = slotLabels(colShort, cellWidth, SMALL);
    if (columns.slanted) {
      cellWidth = Math.max(Math.min(cellWidth, (WIDTH - left - columns.reach - 4) / (cols - 0.5)), 1);
    }
    var widestNumber = S.widest(printed.map(number), SMALL);
    var numbered = rows * cols <= MOST_NUMBERED_CELLS && widestNumber <= cellWidth - 6;
    var shortest = rows <= MOST_LABELLED_ROWS ? SMALL * 1.2 : 4;
    var cellHeight = numbered ? NUMBER_CELL_HEIGHT : Math.min(Math.max(cellWidth, shortest), 28);
    columns = slotLabels(colShort, cellWidth, SMALL);
    var rowStride = Math.max(Math.ceil(SMALL * 1.2 / cellHeight), 1);
    var top = 8 + Math.max(columns.depth, S.LABEL_TEXT + 6);
    var gridRight = left + cols * cellWidth;
    var gridBottom = top + rows * cellHeight;
    var legendTitleTop = gridBottom + 12;
    var legendTop = legendTitleTop + SMALL + 6;
    var ticks = legendTicks(shown.filter(isFinite), magnitude, precision, options.full);
    var steps = swatchSteps(ticks);
    var maskedLabel = flat.some(function (x) { return x === -Infinity; }) ? '\u2212\u221e: masked' : 'masked';
    var legendWidth = Math.max(steps.reduce(function (a, b) { return a + b; }, 0) +
      (anyMasked ? 12 + SWATCH[0] + 6 + S.textWidth(maskedLabel, SMALL) : 0), S.textWidth(legendTitle, SMALL));
    var width = Math.min(Math.max(gridRight + 12, Math.min(left + legendWidth + 12, WIDTH),
      gridRight - cellWidth / 2 + columns.reach + 4, left + 12, 24), Math.max(WIDTH, gridRight + 12));
    var height = legendTop + SWATCH[1] + 6 + SMALL + 4;
    var svg = new Picture(width, height, options.idPrefix);
    var hatch = anyMasked ? svg.hatch('wf-hatch') : null;
    for (var r = 0; r < rows; r += rowStride) {
      svg.text(left - 6, top + (r + 0.5) * cellHeight, 'end', 'middle', SMALL, 'wf-tick', rowShort[r]);
    }
    svg.slotLabels(columns, colShort, left + cellWidth / 2, cellWidth, top, false);
    svg.group('wf-heatmap');
    values.forEach(function (row, i) {
      row.forEach(function (x, j) {
        var cx = left + j * cellWidth;
        var cy = top + i * cellHeight;
        var size = [cellWidth, cellHeight];
        svg.rectFill(cx, cy, size, 'wf-cell', 'currentColor', 1);
        var off = masked(x, i, j);
        var strength = isFinite(x) && !off ? Math.abs(x) / magnitude : 0;
        if (hatch && off) svg.rectFill(cx, cy, size, 'wf-masked', hatch, 1);
        else svg.rectFill(cx, cy, size, heatClass(x), 'currentColor', strength);
        if (numbered && (!off || x === -Infinity)) {
          svg.text(cx + cellWidth / 2, cy + cellHeight / 2, 'middle', 'middle', SMALL, 'wf-cell-value', number(x));
        }
      });
    });
    svg.endGroup();
    var legendLeft = Math.max(Math.min(left, width - legendWidth - 12), 12);
    svg.text(legendLeft, legendTitleTop, 'start', 'hanging', SMALL, 'wf-legend wf-legend-title', legendTitle);
    var x = legendLeft;
    ticks.forEach(function (tick, k) {
      svg.rectFill(x, legendTop, SWATCH, 'wf-cell', 'currentColor', 1);
      svg.rectFill(x, legendTop, SWATCH, heatClass(tick.value), 'currentColor', Math.min(Math.abs(tick.value) / magnitude, 1));
      svg.text(x + SWATCH[0] / 2, legendTop + SWATCH[1] + 4, 'middle', 'hanging', SMALL, 'wf-tick', tick.label);
      x += steps[k];
    });
    if (hatch) {
      x += 12;
      svg.rectFill(x, legendTop, SWATCH, 'wf-cell', 'currentColor', 1);
      svg.rectFill(x, legendTop, SWATCH, 'wf-masked', hatch, 1);
      svg.text(x + SWATCH[0] + 6, legendTop + SWATCH[1] / 2, 'start', 'middle', SMALL, 'wf-legend', maskedLabel);
    }
    var description = heatmapDescription(values, masked, rowNames, colNames, what, number);
    return { svg: svg.finish('wf-chart wf-heatmap-chart', title, description), title: title };
  }

  /** heatmap.rs `legend_ticks`: round values over the entries' range, ended by their extremes. */
  function legendTicks(finite, magnitude, precision, full) {
    var S = shared();
    var lowest = finite.reduce(function (m, x) { return Math.min(m, x); }, 0);
    var highest = finite.reduce(function (m, x) { return Math.max(m, x); }, 0);
    // With a natural top (`full`) the scale runs to it (and as far below 0), whatever the entries.
    var low = full > 0 ? (lowest < 0 ? -magnitude : 0) : lowest === 0 && highest === 0 ? 0 : lowest;
    var high = full > 0 ? magnitude : lowest === 0 && highest === 0 ? magnitude : highest;
    var round = S.niceTicks(low, high, 5);
    var step = round.values.length > 1 ? round.values[1] - round.values[0] : magnitude;
    var ticks = S.labelled(round).filter(function (t) { return Math.abs(t.value) <= magnitude * 1.0001; });
    var end = function (value) { return { value: value, label: format().formatNumber(value, precision, 'prose') }; };
    var reaches = function (value) {
      return ticks.some(function (t) { return Math.abs(t.value - value) <= magnitude * 1e-6; });
    };
    if (high > 0 && !reaches(high)) {
      ticks = ticks.filter(function (t) { return high - t.value >= step / 2; });
      ticks.push(end(high));
    }
    if (low < 0 && !reaches(low)) {
      ticks = ticks.filter(function (t) { return t.value - low >= step / 2; });
      ticks.unshift(end(low));
    }
    return ticks;
  }

  /** heatmap.rs `swatch_steps`. */
  function swatchSteps(ticks) {
    var widths = ticks.map(function (t) { return shared().textWidth(t.label, shared().SMALL_TEXT); });
    return widths.map(function (w, i) {
      var next = i + 1 < widths.length ? widths[i + 1] : SWATCH[0];
      return Math.max(SWATCH[0] + 10, (w + next) / 2 + 10);
    });
  }

  /** heatmap.rs `description`; `masked(x, i, j)` says whether entry (i, j) is masked. */
  function heatmapDescription(values, masked, rowNames, colNames, what, number) {
    var rows = values.length;
    var cols = values[0].length;
    var entry = function (x, i, j) {
      return x === -Infinity ? '\u2212\u221e (masked)' : masked(x, i, j) ? 'masked' : number(x);
    };
    var anyMasked = false;
    var parts = values.map(function (row, i) {
      var text;
      var shown = row.filter(function (x, j) { return !masked(x, i, j); });
      if (shown.length < row.length) anyMasked = true;
      if (rows * cols <= MOST_DESCRIBED_ENTRIES) {
        text = row.map(function (x, j) { return colNames[j] + ' ' + entry(x, i, j); }).join(', ');
      } else {
        var low = shown.reduce(function (m, x) { return Math.min(m, x); }, Infinity);
        var high = shown.reduce(function (m, x) { return Math.max(m, x); }, -Infinity);
        var maskedCount = row.length - shown.length;
        text = low <= high ? 'from ' + number(low) + ' to ' + number(high) : '';
        if (maskedCount > 0) text += (text ? ', ' : '') + maskedCount + ' masked';
      }
      return 'row ' + rowNames[i] + ': ' + text;
    });
    var flat = [].concat.apply([], values);
    var negative = flat.some(function (x) { return isFinite(x) && x < 0; });
    return what + ', a ' + rows + '\u00d7' + cols + ' matrix; darker cells hold larger magnitudes' +
      (negative ? ', one hue for positive and another for negative entries' : '') +
      (anyMasked ? '; hatched cells are masked' : '') + '. ' + parts.join('; ') + '.';
  }

  // --------------------------------------------------------------------------------- bars.rs

  /** bars.rs `BarRoom::new` (without a y title). */
  function barRoom(yLabels, shown) {
    var S = shared();
    var left = 16 + S.widest(yLabels.map(function (t) { return t.label; }), S.SMALL_TEXT);
    for (;;) {
      var plotWidth = WIDTH - left - 12;
      var slot = plotWidth / Math.max(shown.length, 1);
      var labels = slotLabels(shown, slot, S.SMALL_TEXT);
      var overhang = labels.reach - slot / 2 - left + 4;
      if (overhang <= 0.5 || left > WIDTH / 2) return { left: left, plotWidth: plotWidth, slot: slot, labels: labels };
      left += overhang;
    }
  }

  /**
   * Signed values as bars from a zero line, one per label (`labels` null for positions), named
   * `what`: `{ svg }`, or `{ error }` for what the build refuses too (more than MOST_BARS, a
   * value that is not finite).
   */
  function bars(values, labels, what, options) {
    var S = shared();
    var SMALL = S.SMALL_TEXT;
    if (values.length > MOST_BARS) return { error: 'bars', count: values.length, most: MOST_BARS };
    if (values.some(function (x) { return !isFinite(x); })) return { error: 'non_finite' };
    var names = labels || positions(values.length);
    var number = function (x) { return format().formatComputed(x, options.decimals); };
    var count = values.length;
    var shown = names.map(shortLabel);
    var low = values.reduce(function (m, x) { return Math.min(m, x); }, 0);
    var high = values.reduce(function (m, x) { return Math.max(m, x); }, 0);
    var height = 200;
    var y = S.fittedTicks(low, high, height, 6, true);
    var room = barRoom(y.ticks, shown);
    var slot = room.slot;
    var frame = { left: room.left, top: 16, width: room.plotWidth, height: height };
    var bottom = frame.top + frame.height;
    var valueLabels = count <= 24 && values.every(function (x) { return S.textWidth(number(x), SMALL) <= slot - 4; });
    var labelEdge = valueLabels && low < 0 ? bottom + SMALL + 8 : bottom;
    var svg = new Picture(WIDTH, labelEdge + room.labels.depth + 10, options.idPrefix);
    var toY = S.scale(y.domain, [bottom, frame.top], false);
    svg.yAxis(frame, y.ticks.map(function (t) { return { label: t.label, at: toY(t.value) }; }), '');
    var barWidth = slot * 0.8;
    var zero = toY(0);
    svg.group('wf-series wf-s0');
    values.forEach(function (value, i) {
      var x = frame.left + i * slot + slot * 0.1;
      var end = toY(value);
      svg.rect(x, zero, barWidth, end - zero, 'wf-bar');
      if (valueLabels) {
        if (value < 0) svg.text(x + barWidth / 2, end + 4, 'middle', 'hanging', SMALL, 'wf-value', number(value));
        else svg.text(x + barWidth / 2, end - 4, 'middle', 'alphabetic', SMALL, 'wf-value', number(value));
      }
    });
    svg.endGroup();
    svg.line(frame.left, zero, frame.left + frame.width, zero, 'wf-axis');
    // bars.rs: the highlighted entry's name bold (`options.highlight`, `{ at, says }`).
    var highlight = options.highlight || null;
    svg.slotLabels(room.labels, shown, frame.left + slot / 2, slot, labelEdge, true, function (i) {
      return highlight && highlight.at === i ? 'wf-tick wf-highlight' : 'wf-tick';
    });
    var entries = names.map(function (name, i) { return name + ' ' + number(values[i]); });
    var title = 'Bar chart of ' + what;
    var description = what + ', ' + count + ' entries: ' + entries.join(', ') + '.';
    if (highlight && highlight.at < count) description += ' The ' + highlight.says + ' is ' + names[highlight.at] + '.';
    return {
      svg: svg.finish('wf-chart', title, description),
      title: title,
    };
  }

  // ------------------------------------------------------------------------------- writers

  function escape(text) {
    return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  }

  /** The tree as svg/writer.rs writes it: an element a line, groups around theirs. */
  function markup(node) {
    var open = '<' + node.tag + node.attrs.map(function (a) { return ' ' + a[0] + '="' + escape(a[1]) + '"'; }).join('');
    if (node.text !== undefined) return open + '>' + escape(node.text) + '</' + node.tag + '>';
    if (node.children.length === 0) return open + '/>';
    if (node.inline) return open + '>' + node.children.map(markup).join('') + '</' + node.tag + '>';
    return open + '>\n' + node.children.map(function (child) { return markup(child) + '\n'; }).join('') +
      '</' + node.tag + '>';
  }

  function toDom(node) {
    var dom = document.createElementNS(SVG, node.tag);
    node.attrs.forEach(function (a) { if (a[0] !== 'xmlns') dom.setAttribute(a[0], a[1]); });
    if (node.text !== undefined) dom.appendChild(document.createTextNode(node.text));
    node.children.forEach(function (child) { dom.appendChild(toDom(child)); });
    return dom;
  }

  return {
    heatmap: heatmap, bars: bars, markup: markup, toDom: toDom, MOST_CELLS: MOST_CELLS, MOST_BARS: MOST_BARS,
    // For plane-views.js and contour-view.js, which draw the scatter, arrows and contour views
    // on the same picture.
    Picture: Picture, shortLabel: shortLabel,
  };
});
