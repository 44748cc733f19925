/*
 * worked-format.js — numbers as text, exactly as the Rust `present` module prints them
 * (src/present/number.rs): `Ndp` with ties to even like Rust's `format!`, `Nsf`, counts
 * as integers, no "-0.000", U+2212 for minus in prose. Pure: no DOM, no globals read, no I/O.
 *
 * One implementation for every reader-side script: every widget prints its tables, sentences and
 * slider values with it, so a widget rounds a number exactly as the build rounds it.
 *
 * Classic script (see attention-compute.js for why): attaches to `globalThis.worked.format` and
 * exports through `module.exports` for Node.
 */
(function (factory) {
  'use strict';
  var api = factory();
  if (typeof module !== 'undefined' && module.exports) module.exports = api;
  (globalThis.worked = globalThis.worked || {}).format = api;
})(function () {
  'use strict';

  /** Prose minus sign (as in Rust: U+2212 in prose, "-" inside LaTeX). */
  var MINUS = '\u2212';

  /**
   * The exact decimal expansion of |x| (finite, < 1e21) to 100 places, which is enough to tell a
   * true tie (…5000…) from a value that merely looks like one at the requested precision.
   */
  function isExactTie(abs, decimals) {
    var exact = abs.toFixed(100);
    var tail = exact.slice(exact.indexOf('.') + 1 + decimals);
    return /^50*$/.test(tail);
  }

  /**
   * |x| with `decimals` fixed places, rounded like Rust's `format!("{:.N}")`: to nearest, ties to
   * even. JS `toFixed` rounds ties away from zero (0.125 → "0.13", Rust "0.12") and switches to
   * exponent notation at 1e21, so both cases are handled here.
   */
  function fixedAbs(abs, decimals) {
    if (abs >= 1e21) {
      return BigInt(abs).toString() + (decimals > 0 ? '.' + '0'.repeat(decimals) : '');
    }
    var rounded = abs.toFixed(decimals);
    if (decimals <= 80 && isExactTie(abs, decimals)) {
      var exact = abs.toFixed(100);
      var truncated = exact.slice(0, exact.indexOf('.') + (decimals > 0 ? decimals + 1 : 0));
      var last = truncated.replace('.', '').slice(-1);
      if (Number(last) % 2 === 0) return truncated;
    }
    return rounded;
  }

  /**
   * `Ndp` as Rust prints it: N fixed decimals; a result that is all zeros has no minus sign.
   * `minus` is U+2212 for prose (the default) and "-" for LaTeX; ±∞ prints as "∞"/"−∞".
   */
  function formatDp(x, decimals, minus) {
    var sign = minus === undefined ? MINUS : minus;
    if (decimals === undefined) decimals = 3;
    if (Number.isNaN(x)) return 'NaN';
    if (!isFinite(x)) return x > 0 ? '\u221e' : sign + '\u221e';
    var digits = fixedAbs(Math.abs(x), decimals);
    var negative = x < 0 && /[1-9]/.test(digits);
    return (negative ? sign : '') + digits;
  }

  /**
   * `Nsf` as Rust prints it: the decimal exponent e of |x| after rounding to N significant digits
   * (the exponent of `toExponential(N−1)`; ties cannot move it, since a mantissa of 9…9|5 rounds up
   * under ties-to-even too), then `Ndp` with max(0, N − 1 − e) decimals.
   */
  function formatSf(x, significant, minus) {
    if (!isFinite(x)) return formatDp(x, 0, minus);
    var text = Math.abs(x).toExponential(Math.max(0, significant - 1));
    var exponent = Number(text.slice(text.indexOf('e') + 1));
    return formatDp(x, Math.max(0, significant - 1 - exponent), minus);
  }

  /** Count quantities (d_k, n, steps) print as integers. */
  function formatCount(n) {
    return String(n);
  }

  /**
   * A number a reader typed or chose (a temperature, a learning rate) as the shortest text that
   * is exactly that number — JavaScript's own `String(x)` — with the prose minus sign.
   */
  function formatShortest(x) {
    return String(x).replace('-', MINUS);
  }

  var SUPERSCRIPT = { '-': '\u207b', 0: '\u2070', 1: '\u00b9', 2: '\u00b2', 3: '\u00b3', 4: '\u2074',
    5: '\u2075', 6: '\u2076', 7: '\u2077', 8: '\u2078', 9: '\u2079' };

  /**
   * x as m × 10ᵏ with `significant` digits in m ("8.610 × 10¹²", "−1.5 × 10⁻³⁰⁰"), for numbers
   * whose fixed decimals would run to hundreds of digits. Not part of the build's number rule
   * yet (the `numbers` work on issue 26 decides where the rule switches to it); the widgets use it
   * through formatDpReadable for what a reader's edit can make huge.
   */
  function formatScientific(x, significant, minus) {
    if (!isFinite(x) || x === 0) return formatDp(x, 0, minus);
    var sign = minus === undefined ? MINUS : minus;
    var text = Math.abs(x).toExponential(Math.max(0, significant - 1));
    var mantissa = text.slice(0, text.indexOf('e'));
    var exponent = String(Number(text.slice(text.indexOf('e') + 1)));
    if (exponent === '0') return (x < 0 ? sign : '') + mantissa;
    var power = exponent.split('').map(function (c) { return SUPERSCRIPT[c]; }).join('');
    return (x < 0 ? sign : '') + mantissa + ' \u00d7 10' + power;
  }

  /** From this size on, N fixed decimals are too long to read and formatDpReadable switches. */
  var SCIENTIFIC_FROM = 1e9;

  /**
   * `Ndp` while |x| < 10⁹, else scientific with N + 1 significant digits: what a widget prints
   * for a value the reader's edit may have made huge (a score of 10¹⁵⁰ is one short line, not
   * 150 digits). Below 10⁹ it is exactly formatDp, so the lesson's numbers print as the build's.
   */
  function formatDpReadable(x, decimals, minus) {
    if (decimals === undefined) decimals = 3;
    return Math.abs(x) < SCIENTIFIC_FROM || !isFinite(x)
      ? formatDp(x, decimals, minus)
      : formatScientific(x, decimals + 1, minus);
  }

  return {
    MINUS: MINUS,
    SCIENTIFIC_FROM: SCIENTIFIC_FROM,
    formatScientific: formatScientific,
    formatDpReadable: formatDpReadable,
    formatDp: formatDp,
    formatSf: formatSf,
    formatCount: formatCount,
    formatShortest: formatShortest,
  };
});
