/*
 * descent-compute.js — the reader-side twin of src/compute/gradient_descent.rs: gradient descent
 * on the least-squares line fit y ≈ w·x + b, next to its exact answer. Pure: no DOM, no I/O.
 *
 * Loss L(w, b) = (1/n) Σ (w xᵢ + b − yᵢ)²; gradient ∂L/∂w = (2/n) Σ rᵢ xᵢ, ∂L/∂b = (2/n) Σ rᵢ;
 * update (w, b) ← (w, b) − η ∇L. Every operation is done in the Rust order, so iterates agree
 * bit for bit and the divergence decision (`diverged_at`) is the same step in both.
 *
 * Classic script for the reason given in attention-compute.js: attaches to
 * `globalThis.worked.descentCompute` and exports through `module.exports` for Node.
 */
(function (factory) {
  'use strict';
  var api = factory();
  if (typeof module !== 'undefined' && module.exports) module.exports = api;
  (globalThis.worked = globalThis.worked || {}).descentCompute = api;
})(function () {
  'use strict';

  /** Same limits as the Rust core (compute::MAX_DIM, gradient_descent::MAX_STEPS). */
  var MAX_DIM = 1024;
  var MAX_STEPS = 10000;

  /**
   * A loss this many times the starting loss (or 1e12 when the starting loss is below 1) counts
   * as divergence: Rust's DIVERGENCE_FACTOR.
   */
  var DIVERGENCE_FACTOR = 1e12;

  function ComputeError(field, message) {
    var error = new Error(message);
    error.name = 'ComputeError';
    error.field = field;
    return error;
  }

  function isNumber(x) {
    return typeof x === 'number' && isFinite(x);
  }

  /** One iterate with its loss and gradient, summed over the points in order like Rust. */
  function evaluate(points, w, b) {
    var n = points.length;
    var loss = 0;
    var gw = 0;
    var gb = 0;
    for (var i = 0; i < n; i++) {
      var residual = w * points[i][0] + b - points[i][1];
      loss += residual * residual;
      gw += residual * points[i][0];
      gb += residual;
    }
    return { w: w, b: b, loss: loss / n, gw: (2 * gw) / n, gb: (2 * gb) / n };
  }

  function allFinite(e) {
    return isFinite(e.w) && isFinite(e.b) && isFinite(e.loss) && isFinite(e.gw) && isFinite(e.gb);
  }

  /** The closed-form fit from centred data (the Σxy − n x̄ ȳ form cancels for large x). */
  function leastSquares(points) {
    var n = points.length;
    var sumX = 0;
    var sumY = 0;
    points.forEach(function (p) { sumX += p[0]; sumY += p[1]; });
    var meanX = sumX / n;
    var meanY = sumY / n;
    var spreadX = 0;
    var covariance = 0;
    points.forEach(function (p) {
      var dx = p[0] - meanX;
      spreadX += dx * dx;
      covariance += dx * (p[1] - meanY);
    });
    if (!(isFinite(spreadX) && isFinite(covariance) && isFinite(meanY))) {
      throw ComputeError('points', 'the points are too large to fit a line to');
    }
    if (spreadX === 0) {
      throw ComputeError('points', 'every point has the same x, so no single line fits best');
    }
    var w = covariance / spreadX;
    var b = meanY - w * meanX;
    var loss = evaluate(points, w, b).loss;
    if (!(isFinite(w) && isFinite(b) && isFinite(loss))) {
      throw ComputeError('points', 'the points are too large to fit a line to');
    }
    return { w: w, b: b, loss: loss };
  }

  /** The same checks, in the same order and with the same `field`s, as Rust's `validate`. */
  function validate(input) {
    var points = input.points;
    var count = Array.isArray(points) ? points.length : 0;
    if (count < 2) throw ComputeError('points', 'a line needs at least 2 points');
    if (count > MAX_DIM) {
      throw ComputeError('points', 'there are ' + count + ' points, more than the limit of ' + MAX_DIM);
    }
    points.forEach(function (p, i) {
      if (!(Array.isArray(p) && p.length === 2 && isNumber(p[0]) && isNumber(p[1]))) {
        throw ComputeError('points', 'point ' + (i + 1) + ' is not two finite numbers');
      }
    });
    var start = input.start;
    if (!(Array.isArray(start) && start.length === 2 && isNumber(start[0]) && isNumber(start[1]))) {
      throw ComputeError('start', 'start is not a finite (w, b)');
    }
    if (!(isNumber(input.learning_rate) && input.learning_rate > 0)) {
      throw ComputeError('learning_rate', 'the learning rate must be a positive number, but got ' + input.learning_rate);
    }
    var steps = input.steps;
    if (!(typeof steps === 'number' && Math.floor(steps) === steps && steps >= 1 && steps <= MAX_STEPS)) {
      throw ComputeError('steps', 'steps must be 1 to ' + MAX_STEPS + ', but got ' + steps);
    }
  }

  /**
   * Runs gradient descent. Input `{ points: [[x, y]…], start: [w, b], learning_rate, steps }`;
   * the result has the fields of the Rust `eval --json` object: kind, points, start,
   * learning_rate, steps, iterates ([w, b] per step 0..), losses, gradients, optimum {w, b, loss},
   * diverged_at (the update whose iterate was non-finite or past the limit, else null).
   * Throws a ComputeError (with `field`) exactly where Rust returns one.
   */
  function descend(input) {
    validate(input);
    var points = input.points.map(function (p) { return [p[0], p[1]]; });
    var optimum = leastSquares(points);
    var eta = input.learning_rate;
    var first = evaluate(points, input.start[0], input.start[1]);
    if (!allFinite(first)) {
      throw ComputeError('start', 'the loss at the start overflows: the inputs are too large to compute with');
    }
    var limit = DIVERGENCE_FACTOR * Math.max(first.loss, 1);
    var history = [first];
    var divergedAt = null;
    for (var step = 1; step <= input.steps; step++) {
      var previous = history[history.length - 1];
      var next = evaluate(points, previous.w - eta * previous.gw, previous.b - eta * previous.gb);
      if (!allFinite(next) || next.loss > limit) {
        divergedAt = step;
        break;
      }
      history.push(next);
    }
    return {
      kind: 'gradient_descent',
      points: points,
      start: [input.start[0], input.start[1]],
      learning_rate: eta,
      steps: input.steps,
      iterates: history.map(function (e) { return [e.w, e.b]; }),
      losses: history.map(function (e) { return e.loss; }),
      gradients: history.map(function (e) { return [e.gw, e.gb]; }),
      optimum: optimum,
      diverged_at: divergedAt,
    };
  }

  /**
   * The learning rates below which descent on these points cannot diverge: 2 / λ_max of the
   * loss's (constant) Hessian (2/n)·[[Σx², Σx], [Σx, n]]. Used by the widget to say which side of
   * the edge a rate is on; the run itself decides divergence the same way Rust does.
   */
  function stableLimit(points) {
    var n = points.length;
    var sxx = 0;
    var sx = 0;
    points.forEach(function (p) { sxx += p[0] * p[0]; sx += p[0]; });
    var a = (2 / n) * sxx;
    var c = 2;
    var off = (2 / n) * sx;
    var half = (a + c) / 2;
    var lambdaMax = half + Math.sqrt(((a - c) / 2) * ((a - c) / 2) + off * off);
    return 2 / lambdaMax;
  }


  return {
    MAX_STEPS: MAX_STEPS,
    DIVERGENCE_FACTOR: DIVERGENCE_FACTOR,
    descend: descend,
    stableLimit: stableLimit,
  };
});
