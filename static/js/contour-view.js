/*
 * contour-view.js — a compute widget's step over a grid drawn as lines of equal value, exactly
 * as the build draws it (src/present/figure/contour.rs `contour_step_figure`): marching squares
 * at levels evenly spaced between the least and greatest entries, a saddle cell resolved by the
 * mean of its corners, segments joined into lines by the grid edges they share, in the order of
 * the cells; the same axes, legend, path, text alternative and `wf-*` classes.
 *
 * `contour` is pure: it returns the picture as step-views.js's tree, or `{ error }` where the
 * build refuses too. tests/cli/step_views_differential.rs holds it to the Rust.
 *
 * Classic script: attaches to `globalThis.worked.contourView` and exports through
 * `module.exports` for Node; needs worked-format.js, line-chart.js and step-views.js.
 */
(function (factory) {
  'use strict';
  var api = factory();
  if (typeof module !== 'undefined' && module.exports) module.exports = api;
  (globalThis.worked = globalThis.worked || {}).contourView = api;
})(function () {
  'use strict';

  /** contour.rs: the panel, the grid's sides, levels, a path's points, the legend. */
  var PANEL = [360, 340];
  var LEAST_SIDE = 2;
  var MOST_SIDE = 64;
  var MOST_LEVELS = 16;
  var MOST_PATH_POINTS = 1024;
  var TOP = 34;
  var LEGEND_Y = 14;
  var SWATCHES = 136;
  var MIN_SWATCH = 4;
  var LEGEND_MARGIN = 4;
  var START_DOT = 4;
  var OPTIMUM_CROSS = 6;

  function shared() {
    return globalThis.worked.lineChart.shared;
  }

  function number(x, decimals) {
    return globalThis.worked.format.formatComputed(x, decimals);
  }

  // ------------------------------------------------------------------------ marching squares

  /** contour.rs `contour_levels`. */
  function levelsBetween(low, high, n) {
    var levels = [];
    if (!(high > low)) return levels;
    for (var k = 0; k < n; k++) levels.push(low + (high - low) * (k + 1) / (n + 1));
    return levels;
  }

  /** contour.rs `iso_lines`: `[{ points: [[x, y]…], closed }]`. */
  function isoLines(z, xs, ys, level) {
    var rows = z.length;
    var cols = z[0].length;
    var segments = [];
    for (var i = 0; i + 1 < rows; i++) {
      for (var j = 0; j + 1 < cols; j++) {
        var bottom = 2 * (i * cols + j);
        var top = 2 * ((i + 1) * cols + j);
        var left = bottom + 1;
        var right = 2 * (i * cols + j + 1) + 1;
        var corners = [z[i][j] > level, z[i][j + 1] > level, z[i + 1][j + 1] > level, z[i + 1][j] > level];
        var kind = corners.reduce(function (k, up, bit) { return k | ((up ? 1 : 0) << bit); }, 0);
        if (kind === 0 || kind === 15) continue;
        if (kind === 5 || kind === 10) {
          var mean = (z[i][j] + z[i][j + 1] + z[i + 1][j + 1] + z[i + 1][j]) / 4;
          if ((kind === 5) === (mean > level)) segments.push([bottom, right], [top, left]);
          else segments.push([bottom, left], [right, top]);
          continue;
        }
        var crossed = [[bottom, corners[0] !== corners[1]], [right, corners[1] !== corners[2]],
          [top, corners[2] !== corners[3]], [left, corners[3] !== corners[0]]]
          .filter(function (e) { return e[1]; });
        segments.push([crossed[0][0], crossed[1][0]]);
      }
    }
    var crossing = function (edge) {
      var cell = Math.floor(edge / 2);
      var i = Math.floor(cell / cols);
      var j = cell % cols;
      var t;
      if (edge % 2 === 0) {
        t = (level - z[i][j]) / (z[i][j + 1] - z[i][j]);
        return [xs[j] + t * (xs[j + 1] - xs[j]), ys[i]];
      }
      t = (level - z[i][j]) / (z[i + 1][j] - z[i][j]);
      return [xs[j], ys[i] + t * (ys[i + 1] - ys[i])];
    };
    return join(segments, 2 * rows * cols, crossing);
  }

  /** contour.rs `join`: lines that end at the border first, then the rings. */
  function join(segments, edges, crossing) {
    var at = [];
    for (var e = 0; e < edges; e++) at.push([-1, -1]);
    segments.forEach(function (segment, index) {
      segment.forEach(function (edge) { at[edge][at[edge][0] === -1 ? 0 : 1] = index; });
    });
    var free = function (edge) { return at[edge][1] === -1; };
    var used = segments.map(function () { return false; });
    var lines = [];
    [true, false].forEach(function (open) {
      for (var start = 0; start < segments.length; start++) {
        if (used[start]) continue;
        var a = segments[start][0];
        var b = segments[start][1];
        var from;
        if (!open) from = a;
        else if (free(a)) from = a;
        else if (free(b)) from = b;
        else continue;
        var points = [crossing(from)];
        var segment = start;
        var edge = from;
        for (;;) {
          used[segment] = true;
          edge = segments[segment][0] === edge ? segments[segment][1] : segments[segment][0];
          var next = at[edge].filter(function (s) { return s !== -1 && !used[s]; })[0];
          if (next === undefined) break;
          points.push(crossing(edge));
          segment = next;
        }
        var closed = edge === from && !open;
        if (!closed) points.push(crossing(edge));
        lines.push({ points: points, closed: closed });
      }
    });
    return lines;
  }

  // ---------------------------------------------------------------------------- the parts

  /** contour.rs `entries`: a vector, or a matrix of one row or one column; else null. */
  function entries(value) {
    if (!Array.isArray(value) || !value.length) return null;
    if (!Array.isArray(value[0])) return value;
    if (value.length === 1) return value[0];
    if (value[0].length === 1) return value.map(function (row) { return row[0]; });
    return null;
  }

  /** contour.rs `side_values`: the author's step (`{ name, value }`) or positions 1, 2, …. */
  function sideValues(side, count) {
    var values = [];
    if (!side) {
      for (var i = 1; i <= count; i++) values.push(i);
      return { values: values };
    }
    values = entries(side.value);
    if (!values || values.length !== count) return { error: 'extent' };
    for (var k = 0; k < values.length; k++) {
      if (!isFinite(values[k]) || (k > 0 && !(values[k] > values[k - 1]))) return { error: 'extent' };
    }
    return { values: values };
  }

  /** contour.rs `path_points`. */
  function pathPoints(path) {
    var rows = path.value;
    if (!Array.isArray(rows) || !rows.length || !rows.every(function (r) { return Array.isArray(r) && r.length === 2; })) {
      return { error: 'path' };
    }
    if (rows.length > MOST_PATH_POINTS) return { error: 'path', count: rows.length, most: MOST_PATH_POINTS };
    if (rows.some(function (r) { return !isFinite(r[0]) || !isFinite(r[1]); })) return { error: 'path' };
    return { points: rows };
  }

  /** contour.rs `optimum_marks`: the optimum's point and the directions' rows, all finite. */
  function optimumMarks(parts) {
    var marks = { optimum: null, directions: null };
    if (parts.optimum) {
      var point = entries(parts.optimum.value);
      if (!point || point.length !== 2 || Array.isArray(point[0]) || !isFinite(point[0]) || !isFinite(point[1])) {
        return { error: 'optimum' };
      }
      marks.optimum = { name: parts.optimum.name, point: point };
    }
    if (parts.directions) {
      var rows = parts.directions.value;
      var square = Array.isArray(rows) && rows.length === 2 && rows.every(function (r) {
        return Array.isArray(r) && r.length === 2 && isFinite(r[0]) && isFinite(r[1]);
      });
      if (!square || !marks.optimum) return { error: 'directions' };
      marks.directions = { name: parts.directions.name, rows: rows };
    }
    return marks;
  }

  /** svg/scale.rs `Frame::clip_segment`: the part of a..b inside the frame, or null. */
  function clipSegment(frame, a, b) {
    var dx = b.x - a.x;
    var dy = b.y - a.y;
    var enter = 0;
    var leave = 1;
    var sides = [[-dx, a.x - frame.left], [dx, frame.left + frame.width - a.x], [-dy, a.y - frame.top],
      [dy, frame.top + frame.height - a.y]];
    for (var k = 0; k < sides.length; k++) {
      var step = sides[k][0];
      var room = sides[k][1];
      if (step === 0) {
        if (room < 0) return null;
        continue;
      }
      var t = room / step;
      if (step < 0) enter = Math.max(enter, t);
      else leave = Math.min(leave, t);
    }
    if (!(enter <= leave)) return null;
    return [{ x: a.x + enter * dx, y: a.y + enter * dy }, { x: a.x + leave * dx, y: a.y + leave * dy }];
  }

  /** figure/mod.rs `side`. */
  function side(ux) {
    return ux > 0.4 ? 'start' : ux < -0.4 ? 'end' : 'middle';
  }

  // ------------------------------------------------------------------------------ drawing

  function pathElement(svg, lines, className, opacity) {
    var c = shared().coordinate;
    var d = '';
    lines.forEach(function (line) {
      if (line.points.length < 2) return;
      line.points.forEach(function (p, index) { d += (index === 0 ? 'M' : 'L') + c(p.x) + ',' + c(p.y); });
      if (line.closed) d += 'Z';
    });
    if (!d) return;
    svg.add({ tag: 'path', attrs: [['class', className], ['d', d], ['fill', 'none'], ['stroke', 'currentColor'],
      ['stroke-opacity', opacity.toFixed(3)]], children: [] });
  }

  function polyline(svg, points, className) {
    if (points.length < 2) return;
    var c = shared().coordinate;
    svg.add({ tag: 'polyline', attrs: [['class', className],
      ['points', points.map(function (p) { return c(p.x) + ',' + c(p.y); }).join(' ')],
      ['fill', 'none'], ['stroke', 'currentColor']], children: [] });
  }

  /**
   * The matrix `rows` as lines of equal value over the steps `parts.x` and `parts.y` (each
   * `{ name, value }` or null; the axes titled `parts.xLabel` and `parts.yLabel` if given), with `parts.path` over it and `parts.levels` levels:
   * `{ svg, title }` or `{ error }` as the build refuses (`shape`, `non_finite`, `levels`,
   * `extent`, `path`).
   */
  function contour(rows, what, parts, options) {
    var S = shared();
    var SMALL = S.SMALL_TEXT;
    var isGrid = Array.isArray(rows) && rows.length >= LEAST_SIDE && rows.length <= MOST_SIDE &&
      rows.every(function (r) { return Array.isArray(r) && r.length === rows[0].length; }) &&
      rows[0].length >= LEAST_SIDE && rows[0].length <= MOST_SIDE;
    if (!isGrid) return { error: 'shape' };
    if (rows.some(function (r) { return r.some(function (v) { return !isFinite(v); }); })) return { error: 'non_finite' };
    var n = parts.levels;
    if (!(n >= 1 && n <= MOST_LEVELS)) return { error: 'levels' };
    var cols = rows[0].length;
    var x = sideValues(parts.x, cols);
    if (x.error) return x;
    var y = sideValues(parts.y, rows.length);
    if (y.error) return y;
    var xs = x.values;
    var ys = y.values;
    var path = null;
    if (parts.path) {
      path = pathPoints(parts.path);
      if (path.error) return path;
    }
    var marks = optimumMarks(parts);
    if (marks.error) return marks;
    var fmt = function (v) { return number(v, options.decimals); };
    var flat = [].concat.apply([], rows);
    var low = [flat[0], 0];
    var high = [flat[0], 0];
    flat.forEach(function (v, index) {
      if (v < low[0]) low = [v, index];
      if (v > high[0]) high = [v, index];
    });
    var levels = levelsBetween(low[0], high[0], n);
    var pathPts = path ? path.points : [];
    // contour.rs: the optimum counts with the path's points, so the axes reach both.
    var reached = marks.optimum ? pathPts.concat([marks.optimum.point]) : pathPts;
    var span = function (grid, pick) {
      return [
        Math.min(grid[0], reached.reduce(function (m, p) { return Math.min(m, p[pick]); }, Infinity)),
        Math.max(grid[grid.length - 1], reached.reduce(function (m, p) { return Math.max(m, p[pick]); }, -Infinity)),
      ];
    };
    var xSpan = span(xs, 0);
    var ySpan = span(ys, 1);
    // contour.rs: the axes in the reader's words when the author gave them, else by the steps.
    var xName = parts.xLabel || (parts.x ? parts.x.name : 'column of ' + what);
    var yName = parts.yLabel || (parts.y ? parts.y.name : 'row of ' + what);

    var plotHeight = PANEL[1] - TOP - 52;
    var yFit = S.fittedTicks(ySpan[0], ySpan[1], plotHeight, 6, true);
    var left = 18 + S.LABEL_TEXT + S.widest(yFit.ticks.map(function (t) { return t.label; }), SMALL);
    var frame = { left: left, top: TOP, width: PANEL[0] - left - 14, height: plotHeight };
    var xFit = S.fittedXAxis(xSpan[0], xSpan[1], frame, PANEL[0]);
    var toX = S.scale(xFit.domain, [frame.left, frame.left + frame.width], false);
    var toY = S.scale(yFit.domain, [frame.top + frame.height, frame.top], false);
    var at = function (p) { return { x: toX(p[0]), y: toY(p[1]) }; };
    var placed = function (ticks, to) {
      return ticks.map(function (t) { return { label: t.label, at: to(t.value) }; });
    };

    var svg = new globalThis.worked.stepViews.Picture(PANEL[0], PANEL[1], options.idPrefix + '-contour');
    svg.xAxis(frame, placed(xFit.ticks, toX), xName);
    svg.yAxis(frame, placed(yFit.ticks, toY), yName);
    var shade = function (k) { return 0.35 + 0.65 * (k + 1) / levels.length; };
    svg.group('wf-contours wf-s0');
    var legendX = frame.left;
    var say = function (text, className) {
      svg.text(legendX, LEGEND_Y, 'start', 'middle', SMALL, className, text);
      legendX += S.textWidth(text, SMALL) + 6;
    };
    if (levels.length) {
      // contour.rs: the name left out when it would leave the swatches too little room.
      var count = levels.length;
      // contour.rs: compact ends, so a loss in the millions reads 9.57 × 10⁵.
      var compact = function (v) {
        return globalThis.worked.format.formatNumber(v, { kind: 'compact', n: options.decimals });
      };
      var ends = [compact(levels[0]), compact(levels[count - 1])];
      var room = function (from) {
        return PANEL[0] - LEGEND_MARGIN - from - 9 - S.textWidth(ends[0], SMALL) - S.textWidth(ends[1], SMALL);
      };
      var label = what + ':';
      if (room(legendX + S.textWidth(label, SMALL) + 6) >= MIN_SWATCH * count) say(label, 'wf-legend');
      var width = Math.max(Math.min(SWATCHES / count, 17, room(legendX) / count), MIN_SWATCH);
      say(ends[0], 'wf-tick');
      levels.forEach(function (_, k) {
        var from = { x: legendX + k * width, y: LEGEND_Y };
        pathElement(svg, [{ points: [from, { x: from.x + width - 3, y: LEGEND_Y }], closed: false }], 'wf-level', shade(k));
      });
      legendX += width * count + 3;
      say(ends[1], 'wf-tick');
    } else {
      say(what + ' = ' + fmt(low[0]) + ' everywhere', 'wf-legend');
    }
    levels.forEach(function (level, k) {
      var lines = isoLines(rows, xs, ys, level).map(function (line) {
        return { points: line.points.map(at), closed: line.closed };
      });
      pathElement(svg, lines, 'wf-level', shade(k));
    });
    svg.endGroup();
    if (marks.optimum && marks.directions) {
      var centre = marks.optimum.point;
      var reach = 4 * (Math.abs(xFit.domain[1] - xFit.domain[0]) + Math.abs(yFit.domain[1] - yFit.domain[0]));
      ['wf-direction', 'wf-direction wf-dashed'].forEach(function (className, k) {
        var dx = marks.directions.rows[k][0];
        var dy = marks.directions.rows[k][1];
        var size = Math.abs(dx) + Math.abs(dy);
        if (size === 0) return;
        var far = reach / size;
        var ends = clipSegment(frame, at([centre[0] - far * dx, centre[1] - far * dy]),
          at([centre[0] + far * dx, centre[1] + far * dy]));
        if (ends) svg.line(ends[0].x, ends[0].y, ends[1].x, ends[1].y, className);
      });
    }
    var start = path ? at(pathPts[0]) : null;
    if (path) {
      var drawn = pathPts.map(at);
      polyline(svg, drawn, 'wf-curve wf-s1');
      svg.circle(drawn[0].x, drawn[0].y, START_DOT, 'wf-start wf-s1');
    }
    if (marks.optimum) {
      var best = at(marks.optimum.point);
      var arm = OPTIMUM_CROSS;
      svg.line(best.x - arm, best.y - arm, best.x + arm, best.y + arm, 'wf-optimum');
      svg.line(best.x - arm, best.y + arm, best.x + arm, best.y - arm, 'wf-optimum');
      // contour.rs: "start" behind the start, the optimum's name beyond the optimum.
      var ddx = start ? best.x - start.x : 0;
      var ddy = start ? best.y - start.y : 0;
      var length = Math.sqrt(ddx * ddx + ddy * ddy);
      var ux = length >= 1 ? ddx / length : 0.6;
      var uy = length >= 1 ? ddy / length : -0.8;
      var labels = [[marks.optimum.name, best, ux, uy, OPTIMUM_CROSS + 6]];
      if (start) labels.push(['start', start, -ux, -uy, START_DOT + 7]);
      labels.forEach(function (l) {
        svg.text(l[1].x + l[2] * l[4], l[1].y + l[3] * l[4], side(l[2]), 'middle', SMALL, 'wf-note', l[0]);
      });
    }

    var place = function (index) {
      return '(' + fmt(xs[index % cols]) + ', ' + fmt(ys[Math.floor(index / cols)]) + ')';
    };
    var over = 'over ' + xName + ' from ' + fmt(xs[0]) + ' to ' + fmt(xs[xs.length - 1]) + ' and ' + yName +
      ' from ' + fmt(ys[0]) + ' to ' + fmt(ys[ys.length - 1]);
    var description = levels.length
      ? 'Lines of equal ' + what + ' ' + over + ', at ' + levels.length + ' level' + (levels.length === 1 ? '' : 's') +
        ': ' + S.andList(levels.map(fmt)) + '. ' + what + ' is lowest, ' + fmt(low[0]) + ', at ' + place(low[1]) +
        ' and highest, ' + fmt(high[0]) + ', at ' + place(high[1]) + '.'
      : what + ' is ' + fmt(low[0]) + ' everywhere ' + over + ', so no line is drawn.';
    if (path) {
      var pair = function (p) { return '(' + fmt(p[0]) + ', ' + fmt(p[1]) + ')'; };
      description += ' The path drawn over it, ' + parts.path.name + ', runs from ' + pair(pathPts[0]) + ' to ' +
        pair(pathPts[pathPts.length - 1]) + ' in ' + pathPts.length + ' point' + (pathPts.length === 1 ? '' : 's') + '.';
    }
    if (marks.optimum) {
      description += ' The point ' + marks.optimum.name + ', (' + fmt(marks.optimum.point[0]) + ', ' +
        fmt(marks.optimum.point[1]) + '), is marked \u2715.';
    }
    if (marks.directions) {
      var rowPair = function (r) { return '(' + fmt(r[0]) + ', ' + fmt(r[1]) + ')'; };
      description += ' The solid line through it runs along the first row of ' + marks.directions.name + ', ' +
        rowPair(marks.directions.rows[0]) + ', and the dashed one along the second, ' +
        rowPair(marks.directions.rows[1]) + '.';
    }
    var title = 'Contours of ' + what;
    return { svg: svg.finish('wf-chart wf-panel', title, description), title: title };
  }

  return { contour: contour, levels: levelsBetween, isoLines: isoLines };
});
