/*
 * plane-views.js — a compute widget's steps of two columns drawn as a scatter (a point per row)
 * or as arrows from the origin (an arrow per row), exactly as the build draws them
 * (src/present/figure/views.rs, whose pictures are scatter.rs `scatter_panel` and arrows.rs
 * `arrows_figure`, the vectors kind's figure): the same points, arrows, ticks, labels placed
 * clear of the data (svg/labels.rs `Placer`), arrowheads moved apart when they meet
 * (svg/markers.rs `spread_markers`), text alternative and `wf-*` classes.
 *
 * `scatter` and `arrows` are pure: they return the picture as step-views.js's tree, or
 * `{ error }` where the build refuses too. tests/cli/step_views_differential.rs holds them to
 * the Rust.
 *
 * Classic script: attaches to `globalThis.worked.planeViews` and exports through
 * `module.exports` for Node; needs worked-format.js, line-chart.js and step-views.js.
 */
(function (factory) {
  'use strict';
  var api = factory();
  if (typeof module !== 'undefined' && module.exports) module.exports = api;
  (globalThis.worked = globalThis.worked || {}).planeViews = api;
})(function () {
  'use strict';

  /** scatter.rs: the panel, a dot's radius, most points, points listed in words. */
  var SCATTER_PANEL = [360, 320];
  var DOT = 4;
  var MOST_SCATTER_POINTS = 1024;
  var LISTED_POINTS = 40;
  /** arrows.rs: the plane's side, half an arrowhead, most arrows of a view. */
  var PLANE = 300;
  var ARROW_HEAD = 4;
  var MOST_ARROWS = 64;
  /** mod.rs `SERIES_COLOURS`. */
  var SERIES_COLOURS = 6;
  var MIN_POSITIVE = 2.2250738585072014e-308;
  var GOLDEN_ANGLE = 2.399963229728653;
  var MOST_TRIES = 800;

  function shared() {
    return globalThis.worked.lineChart.shared;
  }

  function views() {
    return globalThis.worked.stepViews;
  }

  function number(x, decimals) {
    return globalThis.worked.format.formatComputed(x, decimals);
  }

  // ------------------------------------------------------------------ writer.rs, the rest

  /** The writer's `arrow`, which only these views draw. */
  function arrow(svg, from, to, className) {
    var c = shared().coordinate;
    var id = svg.idPrefix + '-head-' + svg.markers++;
    svg.defs.push({ tag: 'marker', inline: true, attrs: [['id', id], ['viewBox', '0 0 10 8'], ['refX', '0'], ['refY', '4'],
      ['markerWidth', '10'], ['markerHeight', '8'], ['markerUnits', 'userSpaceOnUse'], ['orient', 'auto']],
    children: [{ tag: 'path', attrs: [['class', className + ' wf-head'], ['d', 'M0,0 L10,4 L0,8 z'],
      ['fill', 'currentColor']], children: [] }] });
    var dx = to.x - from.x;
    var dy = to.y - from.y;
    var length = Math.hypot(dx, dy);
    var end = length > 10 ? { x: to.x - dx / length * 10, y: to.y - dy / length * 10 } : to;
    svg.add({ tag: 'line', attrs: [['class', className], ['x1', c(from.x)], ['y1', c(from.y)], ['x2', c(end.x)],
      ['y2', c(end.y)], ['stroke', 'currentColor'], ['marker-end', 'url(#' + id + ')']], children: [] });
  }

  // ----------------------------------------------------------------- text.rs `TextBox`

  /** The box a label covers at `at`, aligned by `anchor` and `baseline` (upright). */
  function textBox(at, anchor, baseline, size, text) {
    var width = shared().textWidth(text, size);
    var left = anchor === 'start' ? 0 : anchor === 'middle' ? -width / 2 : -width;
    var base = baseline === 'alphabetic' ? 0 : baseline === 'middle' ? 0.35 * size : 0.8 * size;
    var top = base - 0.76 * size;
    var bottom = base + 0.24 * size;
    var sin = 0;
    var cos = 1;
    var turn = function (x, y) { return { x: at.x + x * cos - y * sin, y: at.y + x * sin + y * cos }; };
    return [turn(left, top), turn(left + width, top), turn(left + width, bottom), turn(left, bottom)];
  }

  function rectBox(left, top, right, bottom) {
    return [{ x: left, y: top }, { x: right, y: top }, { x: right, y: bottom }, { x: left, y: bottom }];
  }

  function bounds(box) {
    return box.reduce(function (b, p) {
      return [Math.min(b[0], p.x), Math.min(b[1], p.y), Math.max(b[2], p.x), Math.max(b[3], p.y)];
    }, [Infinity, Infinity, -Infinity, -Infinity]);
  }

  function overlaps(one, other) {
    var axes = [];
    [one, other].forEach(function (c) {
      axes.push([c[1].x - c[0].x, c[1].y - c[0].y], [c[3].x - c[0].x, c[3].y - c[0].y]);
    });
    return axes.every(function (axis) {
      var length = Math.hypot(axis[0], axis[1]);
      if (length < 1e-9) return true;
      var project = function (c) {
        return c.reduce(function (r, p) {
          var d = (p.x * axis[0] + p.y * axis[1]) / length;
          return [Math.min(r[0], d), Math.max(r[1], d)];
        }, [Infinity, -Infinity]);
      };
      var a = project(one);
      var b = project(other);
      return Math.max(a[0], b[0]) < Math.min(a[1], b[1]) - 0.5;
    });
  }

  function contains(box, point) {
    for (var i = 0; i < 4; i++) {
      var p = box[i];
      var q = box[(i + 1) % 4];
      if (!((q.x - p.x) * (point.y - p.y) - (q.y - p.y) * (point.x - p.x) >= 0)) return false;
    }
    return true;
  }

  function crosses(box, a, b) {
    var steps = Math.min(Math.max(Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / 2), 1), 400);
    for (var i = 0; i <= steps; i++) {
      var t = i / steps;
      if (contains(box, { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t })) return true;
    }
    return false;
  }

  // ------------------------------------------------------------------ labels.rs `Placer`

  function Placer(frame) {
    this.area = [frame.left, frame.top, frame.left + frame.width, frame.top + frame.height];
    this.taken = [];
    this.points = [];
    this.segments = [];
  }

  Placer.prototype.avoidLine = function (points) {
    for (var i = 0; i + 1 < points.length; i++) this.segments.push([points[i], points[i + 1]]);
    if (points.length) this.points.push(points[0]);
  };

  Placer.prototype.avoidMark = function (at, radius) {
    this.taken.push(rectBox(at.x - radius, at.y - radius, at.x + radius, at.y + radius));
  };

  /** Right, above, left, below, then the diagonals, `gap` from `at`. */
  function around(at, gap) {
    var d = gap * Math.SQRT1_2;
    return [
      [{ x: at.x + gap, y: at.y }, 'start', 'middle'],
      [{ x: at.x, y: at.y - gap }, 'middle', 'alphabetic'],
      [{ x: at.x - gap, y: at.y }, 'end', 'middle'],
      [{ x: at.x, y: at.y + gap }, 'middle', 'hanging'],
      [{ x: at.x + d, y: at.y - d }, 'start', 'alphabetic'],
      [{ x: at.x - d, y: at.y - d }, 'end', 'alphabetic'],
      [{ x: at.x - d, y: at.y + d }, 'end', 'hanging'],
      [{ x: at.x + d, y: at.y + d }, 'start', 'hanging'],
    ];
  }

  Placer.prototype.conflicts = function (text, size, spot) {
    var area = this.area;
    var label = textBox(spot[0], spot[1], spot[2], size, text);
    var b = bounds(label);
    var outside = b[0] < area[0] || b[1] < area[1] || b[2] > area[2] || b[3] > area[3] ? 100 : 0;
    var labels = this.taken.filter(function (o) { return overlaps(o, label); }).length * 2;
    var lines = this.segments.filter(function (s) { return crosses(label, s[0], s[1]); }).length +
      this.points.filter(function (p) { return contains(label, p); }).length;
    return outside + labels + lines;
  };

  Placer.prototype.place = function (text, size, spots) {
    var best = null;
    var least = Infinity;
    for (var i = 0; i < spots.length; i++) {
      var count = this.conflicts(text, size, spots[i]);
      if (count < least) {
        least = count;
        best = spots[i];
      }
    }
    this.taken.push(textBox(best[0], best[1], best[2], size, text));
    return best;
  };

  Placer.prototype.placeClear = function (text, size, spots) {
    for (var i = 0; i < spots.length; i++) {
      if (this.conflicts(text, size, spots[i]) === 0) {
        this.taken.push(textBox(spots[i][0], spots[i][1], spots[i][2], size, text));
        return spots[i];
      }
    }
    return null;
  };

  // --------------------------------------------------------------------------- markers.rs

  /** Each marker `{ at, radius }` where it shows clear of those before it, inside `frame`. */
  function spreadMarkers(markers, frame) {
    var inside = function (p) {
      return p.x >= frame.left && p.x <= frame.left + frame.width && p.y >= frame.top && p.y <= frame.top + frame.height;
    };
    var placed = [];
    markers.forEach(function (marker) {
      var clear = function (p) {
        return inside(p) && !placed.some(function (other) {
          return Math.hypot(other.at.x - p.x, other.at.y - p.y) < Math.max(other.radius, marker.radius);
        });
      };
      var spacing = Math.max(marker.radius, 0.5) * 0.9;
      var spot = clear(marker.at) ? marker.at : null;
      for (var k = 1; !spot && k <= MOST_TRIES; k++) {
        var distance = spacing * Math.sqrt(k);
        var angle = k * GOLDEN_ANGLE;
        var p = { x: marker.at.x + distance * Math.cos(angle), y: marker.at.y + distance * Math.sin(angle) };
        if (clear(p)) spot = p;
      }
      placed.push({ at: spot || marker.at, radius: marker.radius });
    });
    return placed.map(function (p) { return p.at; });
  }

  // ------------------------------------------------------------------------------- shared

  /** The rows of a matrix of two columns as points, or `{ error }`. */
  function pairs(rows) {
    if (!rows.length || rows.some(function (row) { return row.length !== 2; })) return { error: 'shape' };
    return { points: rows.map(function (row) { return { x: row[0], y: row[1] }; }) };
  }

  function placedTicks(ticks, to) {
    return ticks.map(function (t) { return { value: t.value, label: t.label, at: to(t.value) }; });
  }

  // -------------------------------------------------------------------------- scatter.rs

  /**
   * The rows of `rows` (a matrix of two columns) as points named by `rowLabels` (or none), the
   * axes by `colLabels` (or "`what`, column 1"): `{ svg, title }` or `{ error }` as the build
   * refuses (more than MOST_SCATTER_POINTS points, a number that is not finite).
   */
  function scatter(rows, rowLabels, colLabels, what, options) {
    var S = shared();
    var SMALL = S.SMALL_TEXT;
    var shape = pairs(rows);
    if (shape.error) return shape;
    var xs = rows.map(function (r) { return r[0]; });
    var ys = rows.map(function (r) { return r[1]; });
    var count = xs.length;
    if (count > MOST_SCATTER_POINTS) return { error: 'points', count: count, most: MOST_SCATTER_POINTS };
    if (xs.concat(ys).some(function (v) { return !isFinite(v); })) return { error: 'non_finite' };
    var xName = colLabels ? colLabels[0] : what + ', column 1';
    var yName = colLabels ? colLabels[1] : what + ', column 2';
    var fmt = function (x) { return number(x, options.decimals); };
    var span = function (values) {
      var low = values.reduce(function (m, v) { return Math.min(m, v); }, Infinity);
      var high = values.reduce(function (m, v) { return Math.max(m, v); }, -Infinity);
      return high > low ? [low, high] : [low - 1, high + 1];
    };
    var xSpan = span(xs);
    var ySpan = span(ys);
    var top = 14;
    var plotHeight = SCATTER_PANEL[1] - top - 52;
    var y = S.fittedTicks(ySpan[0], ySpan[1], plotHeight, 6, true);
    var left = 18 + S.LABEL_TEXT + S.widest(y.ticks.map(function (t) { return t.label; }), SMALL);
    var frame = { left: left, top: top, width: SCATTER_PANEL[0] - left - 14, height: plotHeight };
    var x = S.fittedXAxis(xSpan[0], xSpan[1], frame, SCATTER_PANEL[0]);
    var toX = S.scale(x.domain, [frame.left, frame.left + frame.width], false);
    var toY = S.scale(y.domain, [frame.top + frame.height, frame.top], false);
    var points = xs.map(function (px, i) { return { x: toX(px), y: toY(ys[i]) }; });
    var labels = [];
    if (rowLabels) {
      var placer = new Placer(frame);
      points.forEach(function (p) { placer.avoidMark(p, DOT + 1); });
      points.forEach(function (p, i) {
        var shown = views().shortLabel(rowLabels[i]);
        var spot = placer.placeClear(shown, SMALL, around(p, DOT + 3));
        if (spot) labels.push([shown, spot]);
      });
    }
    var title = yName + ' against ' + xName;
    var description = count + ' point' + (count === 1 ? '' : 's') + ' of ' + yName + ' against ' + xName;
    if (count <= LISTED_POINTS) {
      description += ': ' + xs.map(function (px, i) {
        return (rowLabels ? rowLabels[i] + ' ' : '') + '(' + fmt(px) + ', ' + fmt(ys[i]) + ')';
      }).join('; ') + '.';
    } else {
      var range = function (values) {
        var s = values.reduce(function (m, v) { return [Math.min(m[0], v), Math.max(m[1], v)]; }, [Infinity, -Infinity]);
        return 'from ' + fmt(s[0]) + ' to ' + fmt(s[1]);
      };
      description += '; ' + xName + ' runs ' + range(xs) + ' and ' + yName + ' ' + range(ys) + '.';
    }
    var svg = new (views().Picture)(SCATTER_PANEL[0], SCATTER_PANEL[1], options.idPrefix + '-scatter');
    svg.xAxis(frame, placedTicks(x.ticks, toX), xName);
    svg.yAxis(frame, placedTicks(y.ticks, toY), yName);
    svg.group('wf-s0');
    points.forEach(function (p) { svg.circle(p.x, p.y, DOT, 'wf-dot'); });
    svg.endGroup();
    labels.forEach(function (label) {
      var spot = label[1];
      svg.text(spot[0].x, spot[0].y, spot[1], spot[2], SMALL, 'wf-tick', label[0]);
    });
    return { svg: svg.finish('wf-chart wf-panel', title, description), title: title };
  }

  // --------------------------------------------------------------------------- arrows.rs

  /** figure/mod.rs `side`. */
  function side(ux) {
    return ux > 0.4 ? 'start' : ux < -0.4 ? 'end' : 'middle';
  }

  /** arrows.rs's round ticks inside `domain`, as many as fit side by side under the plot. */
  function within(domain) {
    var S = shared();
    var low = domain[0];
    var high = domain[1];
    var fallback = [];
    for (var count = 6; count >= 3; count--) {
      var ticks = S.niceTicks(low, high, count);
      var values = ticks.values.filter(function (v) { return v >= low && v <= high; });
      var step = values.length > 1 ? values[1] - values[0] : high - low;
      var labels = S.labelled({ values: values, decimals: ticks.decimals });
      var spacing = PLANE * step / (high - low);
      var needed = S.widest(labels.map(function (t) { return t.label; }), S.SMALL_TEXT) + S.SMALL_TEXT * 0.6;
      if (spacing >= needed) return labels;
      fallback = labels;
    }
    return fallback;
  }

  /**
   * The rows of `rows` (a matrix of two columns) as arrows from the origin named by
   * `rowLabels` (or by position): `{ svg, title }` or `{ error }` as the build refuses (more
   * than MOST_ARROWS, a number that is not finite). With `options.projection` (`{ of, onto,
   * vector: [x, y], scalar }`, of and onto names of rows: a vectors example's widget), the
   * projection dashed among them with a dotted drop line from the tip of `of`, and its legend,
   * as arrows.rs draws the vectors kind's figure. `options.palette`: the names the page has
   * coloured already, whose colours the arrows of those names keep.
   */
  function arrows(rows, rowLabels, colLabels, what, options) {
    var S = shared();
    var SMALL = S.SMALL_TEXT;
    var shape = pairs(rows);
    if (shape.error) return shape;
    var tips = rows.map(function (r) { return [r[0], r[1]]; });
    if (tips.length > MOST_ARROWS) return { error: 'arrows', count: tips.length, most: MOST_ARROWS };
    if (tips.some(function (t) { return !isFinite(t[0]) || !isFinite(t[1]); })) return { error: 'non_finite' };
    var names = rowLabels || tips.map(function (_, i) { return String(i + 1); });
    var low = [Infinity, Infinity];
    var high = [-Infinity, -Infinity];
    var projection = options.projection || null;
    tips.concat(projection ? [projection.vector] : [], [[0, 0]]).forEach(function (t) {
      low = [Math.min(low[0], t[0]), Math.min(low[1], t[1])];
      high = [Math.max(high[0], t[0]), Math.max(high[1], t[1])];
    });
    var half = Math.max(high[0] - low[0], high[1] - low[1]) / 2 * 1.3;
    var centre = [(low[0] + high[0]) / 2, (low[1] + high[1]) / 2];
    var domainX = [centre[0] - half, centre[0] + half];
    var domainY = [centre[1] - half, centre[1] + half];
    var xTicks = within(domainX);
    var yTicks = within(domainY);
    var widestTick = S.widest(yTicks.map(function (t) { return t.label; }), SMALL);
    var frame = { left: 12 + widestTick, top: projection ? 34 : 12, width: PLANE, height: PLANE };
    var right = frame.left + PLANE;
    var bottom = frame.top + PLANE;
    var svg = new (views().Picture)(right + 24, bottom + 12 + SMALL + 8, options.idPrefix);
    var toX = S.scale(domainX, [frame.left, right], false);
    var toY = S.scale(domainY, [bottom, frame.top], false);
    svg.xAxis(frame, placedTicks(xTicks, toX), '');
    svg.yAxis(frame, placedTicks(yTicks, toY), '');
    var origin = { x: toX(0), y: toY(0) };
    svg.line(frame.left, origin.y, right, origin.y, 'wf-origin');
    svg.line(origin.x, frame.top, origin.x, bottom, 'wf-origin');
    if (projection) {
      var from = names.indexOf(projection.of);
      var tip = { x: toX(projection.vector[0]), y: toY(projection.vector[1]) };
      if (from !== -1) svg.line(toX(tips[from][0]), toY(tips[from][1]), tip.x, tip.y, 'wf-drop');
      if (Math.hypot(tip.x - origin.x, tip.y - origin.y) >= 1) arrow(svg, origin, tip, 'wf-projection');
      svg.line(frame.left, 16, frame.left + 28, 16, 'wf-projection');
      svg.text(frame.left + 34, 16, 'start', 'middle', SMALL, 'wf-legend',
        'projection of ' + projection.of + ' onto ' + projection.onto);
    }
    var ends = spreadMarkers(tips.map(function (t) { return { at: { x: toX(t[0]), y: toY(t[1]) }, radius: ARROW_HEAD }; }), frame);
    // The page's colours first (the names its figures coloured, `options.palette`), so an
    // arrow keeps the colour its vector has in the lesson's figures (Rust's page Palette).
    var distinct = (options.palette || []).slice();
    var colours = names.map(function (name) {
      if (distinct.indexOf(name) === -1) distinct.push(name);
      return 'wf-s' + (distinct.indexOf(name) % SERIES_COLOURS);
    });
    var placer = new Placer(frame);
    ends.forEach(function (end, i) {
      arrow(svg, origin, end, 'wf-vector ' + colours[i]);
      placer.avoidLine([origin, end]);
    });
    names.forEach(function (name, i) {
      var end = ends[i];
      var dx = end.x - origin.x;
      var dy = end.y - origin.y;
      var length = Math.max(Math.hypot(dx, dy), MIN_POSITIVE);
      var ux = dx / length;
      var uy = dy / length;
      var spots = [[{ x: end.x + ux * 10, y: end.y + uy * 10 }, side(ux), 'middle']]
        .concat(around(end, 10), around(end, 26));
      var label = views().shortLabel(name);
      var spot = placer.place(label, S.LABEL_TEXT, spots);
      svg.text(spot[0].x, spot[0].y, spot[1], spot[2], S.LABEL_TEXT, 'wf-label ' + colours[i], label);
    });
    var pair = function (t) { return '(' + number(t[0], options.decimals) + ', ' + number(t[1], options.decimals) + ')'; };
    var title = 'Arrows from the origin to ' + S.andList(names);
    var description = 'Arrows from the origin to ' + S.andList(names.map(function (name, i) {
      return name + ' ' + pair(tips[i]);
    })) + '.';
    if (projection) {
      description += ' Dashed: the projection of ' + projection.of + ' onto ' + projection.onto + ', ' +
        pair(projection.vector) + ', of signed length ' + number(projection.scalar, options.decimals) + '.';
    }
    return { svg: svg.finish('wf-chart wf-square', title, description), title: title };
  }

  return { scatter: scatter, arrows: arrows, MOST_SCATTER_POINTS: MOST_SCATTER_POINTS, MOST_ARROWS: MOST_ARROWS };
});
