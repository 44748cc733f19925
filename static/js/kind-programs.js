/*
 * kind-programs.js — the attention widget's numbers: it runs the programs the build ran
 * for its example (the `program` of the example's data, src/compute/attention.rs) again
 * in compute-lang.js with the reader's numbers, so the page has one engine for arithmetic. Pure:
 * no DOM, no I/O.
 *
 * Classic script (Chromium blocks module scripts on file:// pages): attaches to
 * `globalThis.worked.kindPrograms` and exports through `module.exports` for Node.
 * tests/cli/widget_differential.rs holds it to the Rust kind.
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
    if (!ran.ok) throw Object.assign(new Error(ran.error.message), { kind: ran.error.kind, step: stepAt(program.steps, ran.error.start) });
    var values = {};
    ran.values.forEach(function (pair) { values[pair[0]] = pair[1]; });
    return values;
  }

  /** The name assigned on the line of `steps` holding `offset`, as Rust's template::step_at. */
  function stepAt(steps, offset) {
    var start = steps.slice(0, offset).lastIndexOf('\n') + 1;
    return steps.slice(start).split('=')[0].trim();
  }

  /** `program` with `more` inputs after its own: what an earlier run hands a later one. */
  function withInputs(program, more) {
    return { steps: program.steps, inputs: program.inputs.concat(more) };
  }

  /**
   * The error the build words for a failed run (src/compute/attention.rs, stopped_error): an
   * overflow in the lesson's words, kept in `overflow` for the widget's field message.
   */
  function attentionError(program, error) {
    if (error.kind === 'limit') return error;
    var words = {};
    program.overflowing.forEach(function (pair) { words[pair[0]] = pair[1]; });
    var what = words[error.step] || words.scores;
    return Object.assign(new Error(what + ' overflows: the inputs are too large to compute with'), {
      overflow: what,
    });
  }

  /**
   * An attention example's programs (its widget data's `program`) run on the reader's numbers,
   * `edits` by input name (embeddings, w_q, w_k, w_v, w_o, causal as 0 or 1), as the build runs
   * them: the projections, each head on their q, k and v, then the output on the heads' `out`.
   * In the shape of Rust's `Attention` (q, k, v, heads, concat, output); each head also has
   * `hidden`, 1 where the causal mask hides an entry. Throws the build's error for a run that fails.
   */
  function attention(program, edits) {
    try {
      var projected = run(program.projections, edits);
      var qkv = [['q', projected.q], ['k', projected.k], ['v', projected.v]];
      var outs = [];
      var heads = program.heads.map(function (head, h) {
        var ran = run(withInputs(head, qkv), edits);
        outs.push(['out_' + (h + 1), ran.out]);
        return {
          d_k: inputOf(head, 'd_k'), q: ran.head_q, k: ran.head_k, v: ran.head_v, scores: ran.scores,
          scaled: ran.scaled, weights: ran.weights, output: ran.out, hidden: ran.hidden,
        };
      });
      var combined = run(withInputs(program.output, outs), edits);
    } catch (error) {
      throw attentionError(program, error);
    }
    return {
      q: projected.q, k: projected.k, v: projected.v, heads: heads,
      concat: combined.concat, output: combined.output,
    };
  }

  function inputOf(program, name) {
    return program.inputs.filter(function (pair) { return pair[0] === name; })[0][1];
  }

  /**
   * Row `row` of head `h` of an `attention` result spelled out by the example's `explain_row`
   * program: the query, each key with its products, score, scaled score, exponential, weight and
   * value; the exponentials' sum; and `shift`, the largest unmasked scaled score when e to the
   * scores overflows and each exponent is reduced by it first (else 0).
   */
  function explainRow(program, result, h, row) {
    var head = result.heads[h];
    var explaining = { steps: program.explain_row, inputs: [
      ['head_q', head.q], ['head_k', head.k], ['scaled', head.scaled], ['hidden', head.hidden],
      ['r', row], ['shifted', 0],
    ] };
    var shifted = false;
    var x;
    try {
      x = run(explaining, {});
    } catch (error) {
      // Only e to a score overflowing is cured by the shift; any other error is the caller's.
      if (error.kind !== 'non_finite') throw error;
      shifted = true;
      x = run(explaining, { shifted: 1 });
    }
    return {
      row: row,
      head: h,
      d_k: head.d_k,
      query: x.query,
      keys: head.k.map(function (key, j) {
        return {
          index: j, key: key, masked: x.open[j] === 0, products: x.products[j],
          score: head.scores[row][j], scaled: head.scaled[row][j], exp: x.exps[j],
          weight: head.weights[row][j], value: head.v[j],
        };
      }),
      shift: shifted ? x.top : 0,
      expSum: x.total,
      output: head.output[row],
    };
  }

  return { attention: attention, explainRow: explainRow };
});
