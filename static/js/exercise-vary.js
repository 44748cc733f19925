/*
 * exercise-vary.js — "New numbers" for an exercise with [vary], the twin of
 * src/compute/vary.rs and present::exercise::PrintRule: draw the inputs from a seed with the
 * SplitMix64 stream `randn` uses (compute-lang.js `nextRandom`), re-run the varied examples
 * and the exercise's program with compute-lang.js, and print each number by the rule the build
 * chose. tests/cli/exercise_differential.rs holds its draws, answers and printed numbers to
 * Rust's. Pure: no DOM. Classic script: attaches to `globalThis.worked.exerciseVary` and
 * exports through `module.exports` for Node (which passes compute-lang and worked-format in).
 */
(function (factory) {
  'use strict';
  // Read when a draw runs, so the helpers may load in any order.
  var api = factory(
    function () { return globalThis.worked.computeLang; },
    function () { return globalThis.worked.format; }
  );
  if (typeof module !== 'undefined' && module.exports) module.exports = api;
  (globalThis.worked = globalThis.worked || {}).exerciseVary = api;
})(function (computeLang, format) {
  'use strict';

  /** 2⁵³: the top 53 bits of a SplitMix64 word as a uniform number in [0, 1). */
  var UNIT = 9007199254740992;

  function sample(draw, generator, lang) {
    var unit = Number(lang.nextRandom(generator) >> BigInt(11)) / UNIT;
    if (draw.kind === 'randint') return draw.low + Math.floor(unit * (draw.high - draw.low + 1));
    if (draw.kind === 'uniform') {
      var scale = Math.pow(10, draw.decimals);
      return Math.floor((draw.low + unit * (draw.high - draw.low)) * scale + 0.5) / scale;
    }
    var n = draw.options.length;
    return draw.options[Math.min(Math.floor(unit * n), n - 1)];
  }

  /** A value of `shape`'s shape (number, list or list of rows), every entry drawn in order. */
  function fill(draw, shape, generator, lang) {
    if (!Array.isArray(shape)) return sample(draw, generator, lang);
    return shape.map(function (entry) { return fill(draw, entry, generator, lang); });
  }

  function entries(value) {
    if (!Array.isArray(value)) return [value];
    return [].concat.apply([], value.map(entries));
  }

  /**
   * The draw of `seed` (a whole number): { ok: true, inputs: [value per draw], outputs:
   * [value per plan output] } or { ok: false, message, example } as vary.rs `run`.
   */
  function draw(plan, seed, lang) {
    lang = lang || computeLang();
    var generator = { state: BigInt(seed) };
    var examples = plan.examples.map(function (example) {
      return {
        name: example.name,
        steps: example.steps,
        inputs: example.inputs.map(function (pair) { return [pair[0], pair[1]]; }),
      };
    });
    var inputs = [];
    plan.draws.forEach(function (d) {
      var input = examples[d.example].inputs.find(function (pair) { return pair[0] === d.input; });
      if (input) {
        input[1] = fill(d.draw, input[1], generator, lang);
        inputs.push(input[1]);
      }
    });
    var runs = [];
    for (var i = 0; i < examples.length; i++) {
      var result = lang.run(examples[i].steps, examples[i].inputs);
      if (!result.ok) {
        return { ok: false, example: i, message: 'example "' + examples[i].name + '": ' + result.error.message };
      }
      runs.push(result.values);
    }
    var programInputs = plan.fixed.map(function (pair) { return [pair[0], pair[1]]; });
    for (var l = 0; l < plan.links.length; l++) {
      var link = plan.links[l];
      var found = runs[link.example].find(function (pair) { return pair[0] === link.value; }) ||
        examples[link.example].inputs.find(function (pair) { return pair[0] === link.value; });
      if (!found) return { ok: false, example: link.example, message: 'no value `' + link.value + '`' };
      programInputs.push([link.name, found[1]]);
    }
    var program = lang.run(plan.program, programInputs);
    if (!program.ok) return { ok: false, example: null, message: program.error.message };
    var outputs = [];
    for (var o = 0; o < plan.outputs.length; o++) {
      var name = plan.outputs[o];
      var value = program.values.find(function (pair) { return pair[0] === name; });
      if (!value) return { ok: false, example: null, message: 'no step `' + name + '`' };
      if (!entries(value[1]).every(function (x) { return typeof x === 'number' && isFinite(x); })) {
        return { ok: false, example: null, message: 'a number the exercise prints is not finite' };
      }
      outputs.push(value[1]);
    }
    return { ok: true, inputs: inputs, outputs: outputs };
  }

  /** One number by a print rule ({ kind: "decimals" | "significant" | "written" | "computed" }). */
  function number(rule, x, fmt) {
    fmt = fmt || format();
    if (rule.kind === 'decimals') return fmt.formatDp(x, rule.places);
    if (rule.kind === 'significant') return fmt.formatSf(x, rule.figures);
    if (rule.kind === 'computed') return fmt.formatComputed(x, rule.places);
    return fmt.formatShortest(x);
  }

  /** The rule `values`, the entries of one vector or matrix, print by together, as
   *  PrintRule::shared_by (worked-format.js `sharedPrecision`). */
  function sharedRule(rule, values, fmt) {
    fmt = fmt || format();
    if (rule.kind !== 'computed') return rule;
    var shared = fmt.sharedPrecision(values, { kind: 'computed', n: rule.places });
    return shared.kind === 'dp' ? { kind: 'decimals', places: rule.places } : rule;
  }

  /** A value as a sentence prints it, as PrintRule::prose: the entries of one vector or matrix
   *  share a precision. */
  function prose(rule, value, list, percent, fmt) {
    fmt = fmt || format();
    if (Array.isArray(value)) rule = sharedRule(rule, value, fmt);
    var text;
    if (!Array.isArray(value)) text = number(rule, value, fmt);
    else if (!Array.isArray(value[0])) {
      var items = value.map(function (x) { return number(rule, x, fmt); }).join(', ');
      text = list || value.length === 1 ? items : '(' + items + ')';
    } else {
      text = entries(value).map(function (x) { return number(rule, x, fmt); }).join(', ');
    }
    return percent ? text + '%' : text;
  }

  /** Half a unit in the last digit of a printed number, as present::exercise::half_unit. */
  function halfUnit(printed) {
    var point = printed.indexOf('.');
    var decimals = point < 0 ? 0 : /^[0-9]*/.exec(printed.slice(point + 1))[0].length;
    return 0.5 / Math.pow(10, decimals);
  }

  /**
   * A seed from a shared link, put into the 1…count the build proved: a link edited to 0 or
   * 1000 shows numbers known to compute, not a draw nobody checked.
   */
  function provenSeed(seed, count) {
    return ((((seed - 1) % count) + count) % count) + 1;
  }

  return {
    draw: draw, number: number, sharedRule: sharedRule, prose: prose, halfUnit: halfUnit, entries: entries,
    provenSeed: provenSeed,
  };
});
