/*
 * softmax-compute.js — the reader-side twin of src/compute/softmax.rs: softmax with temperature,
 * log-probabilities, cross-entropy loss and its gradient. Pure: no DOM, no globals read, no I/O.
 *
 * Classic script for the reason given in attention-compute.js (Chromium blocks module scripts on
 * file:// pages): attaches to `globalThis.worked.softmaxCompute` and exports through
 * `module.exports` for Node. tests/sliders_differential.rs checks thousands of random cases
 * against the Rust core to 1e-9, including which input an error blames.
 */
(function (factory) {
  'use strict';
  var api = factory();
  if (typeof module !== 'undefined' && module.exports) module.exports = api;
  (globalThis.worked = globalThis.worked || {}).softmaxCompute = api;
})(function () {
  'use strict';

  /** Same limit as the Rust core (compute::MAX_DIM). */
  var MAX_DIM = 1024;

  /** An input problem tagged with the input key at fault, like Rust's ComputeError.field. */
  function ComputeError(field, message) {
    var error = new Error(message);
    error.name = 'ComputeError';
    error.field = field;
    return error;
  }

  function isNumber(x) {
    return typeof x === 'number' && isFinite(x);
  }

  function checkTemperature(field, temperature) {
    if (!(isNumber(temperature) && temperature > 0)) {
      throw ComputeError(field, 'a temperature must be a positive number, but got ' + temperature);
    }
  }

  /** The same checks, in the same order and with the same `field`s, as Rust's `validate`. */
  function validate(input) {
    var logits = input.logits;
    if (!Array.isArray(logits) || logits.length === 0) throw ComputeError('logits', 'there are no logits');
    var n = logits.length;
    if (n > MAX_DIM) {
      throw ComputeError('logits', 'there are ' + n + ' logits, more than the limit of ' + MAX_DIM);
    }
    logits.forEach(function (z, i) {
      if (!isNumber(z)) throw ComputeError('logits', 'logits has ' + z + ' at position ' + (i + 1));
    });
    checkTemperature('temperature', input.temperature);
    var labels = input.labels;
    if (labels !== null && labels !== undefined) {
      if (labels.length !== n) {
        throw ComputeError('labels', 'there are ' + labels.length + ' labels but ' + n + ' logits');
      }
      labels.forEach(function (label, i) {
        var j = labels.indexOf(label);
        if (j !== i) {
          throw ComputeError('labels', '`' + label + '` appears twice in labels (positions ' + (j + 1) +
            ' and ' + (i + 1) + ')');
        }
      });
    }
    var temperatures = input.temperatures;
    if (temperatures !== null && temperatures !== undefined) {
      if (temperatures.length === 0) throw ComputeError('temperatures', 'temperatures is empty');
      if (temperatures.length > MAX_DIM) {
        throw ComputeError('temperatures', 'there are ' + temperatures.length +
          ' temperatures, more than the limit of ' + MAX_DIM);
      }
      temperatures.forEach(function (t) { checkTemperature('temperatures', t); });
    }
  }

  /** The target as a 0-based position: the input may give a position or one of the labels. */
  function resolveTarget(target, input) {
    var n = input.logits.length;
    if (typeof target === 'number') {
      if (target >= 0 && target < n && Math.floor(target) === target) return target;
      throw ComputeError('target', 'target position ' + target + ' is out of range');
    }
    if (!input.labels) throw ComputeError('target', 'target `' + target + '` is a label, but the logits have no labels');
    var at = input.labels.indexOf(target);
    if (at < 0) throw ComputeError('target', 'there is no label `' + target + '`');
    return at;
  }

  /**
   * The stable pieces of softmax(z / T), exactly as Rust's `Distribution::new`: subtract the
   * largest logit *before* dividing by T, so a tiny T cannot overflow z / T for the largest logit
   * (the others may go to −∞, which exp maps to an exact 0).
   */
  function distribution(logits, temperature) {
    var max = -Infinity;
    logits.forEach(function (z) { if (z > max) max = z; });
    var shifted = logits.map(function (z) { return (z - max) / temperature; });
    var exps = shifted.map(Math.exp);
    var total = 0;
    exps.forEach(function (e) { total += e; });
    return {
      shifted: shifted,
      exps: exps,
      probabilities: exps.map(function (e) { return e / total; }),
      logTotal: Math.log(total),
    };
  }

  function describe(labels, i) {
    return labels ? '`' + labels[i] + '`' : 'logit ' + i;
  }

  /**
   * Evaluates a softmax example. Input `{ logits, labels?, temperature, target?, temperatures? }`
   * (`target` a 0-based position or a label); the result has the fields of the Rust `eval --json`
   * object plus `exps`: kind, labels, logits, temperature, target, exps, probabilities,
   * log_probabilities, loss, gradient, and temperatures/sweep when temperatures were given.
   * Throws a ComputeError (with `field`) exactly where Rust returns one.
   */
  function softmax(input) {
    validate(input);
    var labels = input.labels === undefined ? null : input.labels;
    var target = input.target === null || input.target === undefined ? null : resolveTarget(input.target, input);
    var T = input.temperature;
    var d = distribution(input.logits, T);
    // log p = shifted − ln Σ exp(shifted): finite whenever `shifted` is, even where p = 0.
    var logProbabilities = d.shifted.map(function (s) { return s - d.logTotal; });
    logProbabilities.forEach(function (x, i) {
      if (!isFinite(x)) {
        throw ComputeError('temperature', 'the log-probability of ' + describe(labels, i) + ' is too small to represent');
      }
    });
    var loss = null;
    var gradient = null;
    if (target !== null) {
      // ∂loss/∂z = (p − onehot(target)) / T, in Rust's order: subtract first, then divide.
      gradient = d.probabilities.slice();
      gradient[target] -= 1;
      gradient = gradient.map(function (g) { return g / T; });
      if (!gradient.every(isFinite)) {
        throw ComputeError('temperature', 'the gradient overflows at temperature ' + T);
      }
      loss = -logProbabilities[target];
    }
    var result = {
      kind: 'softmax',
      labels: labels,
      logits: input.logits.slice(),
      temperature: T,
      target: target,
      exps: d.exps,
      probabilities: d.probabilities,
      log_probabilities: logProbabilities,
      loss: loss,
      gradient: gradient,
    };
    if (input.temperatures !== null && input.temperatures !== undefined) {
      result.temperatures = input.temperatures.slice();
      result.sweep = input.temperatures.map(function (t) {
        return distribution(input.logits, t).probabilities;
      });
    }
    return result;
  }


  return {
    MAX_DIM: MAX_DIM,
    softmax: softmax,
  };
});
