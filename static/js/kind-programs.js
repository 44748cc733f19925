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
   * A descent example (its widget data) at learning rate `rate`: the example's descent program
   * (one loop that stops at the first update whose loss passes the limit or overflows, undone),
   * run as the kind runs it, again from where it stopped for more than `steps_per_run` steps.
   */
  function descend(example, rate) {
    var program = example.program;
    var changed = { learning_rate: rate };
    var iterates = [];
    var losses = [];
    var gradients = [];
    var divergedAt = null;
    var done = 0;
    while (done < example.steps && divergedAt === null) {
      var steps = Math.min(example.steps - done, program.steps_per_run);
      changed.steps = steps;
      var ran = run(program.descent, changed);
      // Each run's first row is the last run's last: only the first run's is kept.
      for (var k = iterates.length === 0 ? 0 : 1; k < ran.ws.length; k++) {
        iterates.push([ran.ws[k], ran.bs[k]]);
        losses.push(ran.losses[k]);
        gradients.push([ran.gradients_w[k], ran.gradients_b[k]]);
      }
      if (ran.kept < steps) divergedAt = done + ran.kept + 1;
      done += ran.kept;
      changed.start_w = iterates[iterates.length - 1][0];
      changed.start_b = iterates[iterates.length - 1][1];
    }
    // Row 0 is the start as written (the loop's `w - 0 * gradient` may turn -0 into 0).
    iterates[0] = [example.start[0], example.start[1]];
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
