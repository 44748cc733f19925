/*
 * kind-programs.js — the softmax and gradient_descent widgets' numbers: each runs the program the
 * build ran for its example (the `program` of the example's data, src/compute/softmax.rs and
 * gradient_descent.rs) again in compute-lang.js with the reader's temperature or rate, so the
 * page has one engine for arithmetic. Pure: no DOM, no I/O.
 *
 * Classic script (Chromium blocks module scripts on file:// pages): attaches to
 * `globalThis.worked.kindPrograms` and exports through `module.exports` for Node.
 * tests/cli/sliders_differential.rs holds both to the Rust kinds.
 */
(function (factory) {
  'use strict';
  var root = (globalThis.worked = globalThis.worked || {});
  var node = typeof module !== 'undefined' && module.exports;
  var lang = node ? require('./compute-lang.js') : null;
  // On a page compute-lang.js may load after this file, so it is looked up when first needed.
  var api = factory(function () { return lang || root.computeLang; });
  if (node) module.exports = api;
  root.kindPrograms = api;
})(function (lang) {
  'use strict';

  /** `program`'s steps by name after a run with `changed` inputs; throws the language's error. */
  function run(program, changed) {
    var inputs = program.inputs.map(function (pair) {
      return Object.prototype.hasOwnProperty.call(changed, pair[0]) ? [pair[0], changed[pair[0]]] : pair;
    });
    // In full: a widget's reruns change the input every statement reads, so keeping
    // statements for reuse (run) would only cost time.
    var ran = lang().runFully(program.steps, inputs);
    if (!ran.ok) throw new Error(ran.error.message);
    var values = {};
    ran.values.forEach(function (pair) { values[pair[0]] = pair[1]; });
    return values;
  }

  /**
   * A softmax example (its widget data) at temperature T: the fields of Rust's `eval --json`
   * the widget shows (logits, temperature, target, probabilities, log_probabilities, loss,
   * gradient).
   */
  function softmax(example, temperature) {
    var v = run(example.program, { T: temperature });
    var target = example.target === undefined ? null : example.target;
    return {
      logits: example.logits,
      temperature: temperature,
      target: target,
      probabilities: v.probabilities,
      log_probabilities: v.log_probabilities,
      loss: target === null ? null : v.loss,
      gradient: target === null ? null : v.gradient,
    };
  }

  /**
   * A descent example (its widget data) at learning rate `rate`, one run of the step program per
   * step as the kind runs it: the run stops at the first step that fails to compute or whose
   * loss passes the example's limit (`diverged_at`), keeping the iterates before it.
   */
  function descend(example, rate) {
    var stepping = example.program;
    var state = {};
    stepping.step.inputs.forEach(function (pair) { state[pair[0]] = pair[1]; });
    state.learning_rate = rate;
    var iterates = [[state.previous_w, state.previous_b]];
    var losses = [stepping.start_loss];
    var gradients = [[state.previous_gradient_w, state.previous_gradient_b]];
    var divergedAt = null;
    for (var taken = 1; taken <= example.steps; taken++) {
      var next;
      try {
        next = run(stepping.step, state);
      } catch (error) {
        next = null;
      }
      if (next === null || !(next.loss <= stepping.limit)) {
        divergedAt = taken;
        break;
      }
      iterates.push([next.w, next.b]);
      losses.push(next.loss);
      gradients.push([next.gradient_w, next.gradient_b]);
      state.previous_w = next.w;
      state.previous_b = next.b;
      state.previous_gradient_w = next.gradient_w;
      state.previous_gradient_b = next.gradient_b;
    }
    return {
      points: example.points,
      steps: example.steps,
      iterates: iterates,
      losses: losses,
      gradients: gradients,
      optimum: example.optimum,
      diverged_at: divergedAt,
    };
  }

  return { softmax: softmax, descend: descend };
});
