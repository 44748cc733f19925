/*
 * worked-format.js — numbers as text by the book's one number rule (README, "How numbers
 * print"), exactly as the Rust `present` module prints them (src/present/number.rs): whole
 * numbers as integers, integer parts of four digits or more grouped in threes (`1,024`, `12,345`),
 * magnitudes from 1e9 (and, with significant figures or as written, nonzero ones under 1e-4) in
 * scientific notation (`1.125 × 10⁻⁷`), rounding to nearest with ties to even on the exact binary
 * value like Rust's `format!`, no "-0.000", U+2212 for minus in prose. Pure: no DOM, no globals
 * read, no I/O. tests/cli/format_differential.rs holds it to the Rust formatter.
 *
 * One implementation for every reader-side script: every widget prints its tables, sentences and
 * slider values with it, so a widget rounds a number exactly as the build rounds it.
 *
 * Classic script (see compute-lang.js for why): attaches to `globalThis.worked.format` and
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
  /** Integer parts of this many digits or more are grouped in threes. */
  var GROUP_FROM_DIGITS = 4;
  /** Decimal exponents (of the number as rounded) printed positionally: [-4, 9). */
  var LOWEST_POSITIONAL = -4;
  var FIRST_SCIENTIFIC = 9;
  /** number.rs `COMPACT_FROM`: where a compact number turns scientific. */
  var COMPACT_FROM = 1e4;
  /** Past 2⁵³ every double is whole, so "exactly whole" says nothing. */
  var EXACT_WHOLE_BELOW = 9007199254740992;
  var SUPERSCRIPT = { '-': '\u207b', 0: '\u2070', 1: '\u00b9', 2: '\u00b2', 3: '\u00b3',
    4: '\u2074', 5: '\u2075', 6: '\u2076', 7: '\u2077', 8: '\u2078', 9: '\u2079' };

  /**
   * The exact decimal expansion of a finite |x| as { integer, fraction } digit strings: a double
   * is m·2^e, and for e < 0 that is m·5^−e / 10^−e, so BigInt gives every digit.
   */
  function exactDigits(abs) {
    var view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, abs);
    var high = view.getUint32(0);
    var biased = (high >>> 20) & 0x7ff;
    var mantissa = (BigInt(high & 0xfffff) << 32n) | BigInt(view.getUint32(4));
    var exponent = biased === 0 ? -1074 : biased - 1075;
    if (biased !== 0) mantissa |= 1n << 52n;
    if (exponent >= 0) return { integer: (mantissa << BigInt(exponent)).toString(), fraction: '' };
    var places = -exponent;
    var text = (mantissa * 5n ** BigInt(places)).toString().padStart(places + 1, '0');
    return { integer: text.slice(0, text.length - places), fraction: text.slice(text.length - places) };
  }

  /** `kept` (a digit string) rounded by the digits `rest` after it, to nearest, ties to even. */
  function roundDigits(kept, rest) {
    var up = rest[0] > '5' || (rest[0] === '5' && (/[1-9]/.test(rest.slice(1)) ||
      Number(kept.slice(-1) || '0') % 2 === 1));
    if (!up) return kept;
    return (BigInt(kept || '0') + 1n).toString().padStart(kept.length, '0');
  }

  /** |x| with `decimals` fixed places, as Rust's `format!("{:.N}")`. */
  function fixedAbs(abs, decimals) {
    var exact = exactDigits(abs);
    var fraction = exact.fraction.padEnd(decimals, '0');
    var digits = roundDigits(exact.integer + fraction.slice(0, decimals), fraction.slice(decimals));
    digits = digits.padStart(decimals + 1, '0');
    var integer = digits.slice(0, digits.length - decimals);
    return decimals > 0 ? integer + '.' + digits.slice(digits.length - decimals) : integer;
  }

  /** |x| as Rust's `format!("{:.Ne}")`: { mantissa: "1.125", exponent: -7 }. */
  function scientificAbs(abs, decimals) {
    if (abs === 0) return { mantissa: decimals > 0 ? '0.' + '0'.repeat(decimals) : '0', exponent: 0 };
    var exact = exactDigits(abs);
    var all = exact.integer + exact.fraction;
    var first = all.search(/[1-9]/);
    var exponent = exact.integer.length - 1 - first;
    var significant = all.slice(first).padEnd(decimals + 1, '0');
    var kept = roundDigits(significant.slice(0, decimals + 1), significant.slice(decimals + 1));
    if (kept.length > decimals + 1) {
      exponent += 1;
      kept = kept.slice(0, decimals + 1);
    }
    return { mantissa: kept[0] + (decimals > 0 ? '.' + kept.slice(1) : ''), exponent: exponent };
  }

  /** The shortest digits that read back as |x|, scientific past the thresholds. */
  function shortestAbs(abs) {
    var text = abs.toExponential();
    var at = text.indexOf('e');
    var exponent = Number(text.slice(at + 1));
    if (abs !== 0 && (exponent < LOWEST_POSITIONAL || exponent >= FIRST_SCIENTIFIC)) {
      return { mantissa: text.slice(0, at), exponent: exponent };
    }
    return String(abs);
  }

  /** The digits of |x| at `precision`: a fixed string, or { mantissa, exponent }. */
  function digitsOf(abs, precision) {
    var n = precision.n;
    switch (precision.kind) {
      case 'written':
        return shortestAbs(abs);
      case 'sf': {
        var figures = Math.max(1, n);
        var scientific = scientificAbs(abs, figures - 1);
        if (abs !== 0 && (scientific.exponent < LOWEST_POSITIONAL || scientific.exponent >= FIRST_SCIENTIFIC)) {
          return scientific;
        }
        return fixedAbs(abs, Math.max(0, figures - 1 - scientific.exponent));
      }
      case 'compact':
        // number.rs `Precision::Compact`: three significant figures, scientific, from 1e4.
        if (abs >= COMPACT_FROM) return scientificAbs(abs, 2);
        return digitsOf(abs, { kind: 'computed', n: n });
      case 'computed':
        if (isExactlyWhole(abs)) return shortestAbs(abs);
      // falls through: a computed value that is not exactly whole prints at its decimals.
      default: {
        var fixed = fixedAbs(abs, n);
        // From 1e9, four significant figures at least, whatever few places were asked for.
        if (fixed.split('.')[0].length > FIRST_SCIENTIFIC) return scientificAbs(abs, Math.max(n, 3));
        return fixed;
      }
    }
  }

  /** `12345.678` as `12,345.678` (`12{,}345.678` in LaTeX). */
  function grouped(fixed, latex) {
    var parts = fixed.split('.');
    var integer = parts[0];
    if (integer.length < GROUP_FROM_DIGITS) return fixed;
    var out = '';
    for (var i = 0; i < integer.length; i++) {
      if (i > 0 && (integer.length - i) % 3 === 0) out += latex ? '{,}' : ',';
      out += integer[i];
    }
    return parts.length > 1 ? out + '.' + parts[1] : out;
  }

  /**
   * `x` by the number rule, the twin of Rust's `format_number`. `precision` is
   * { kind: 'dp' | 'sf' | 'written' | 'computed', n }; `style` is 'prose' (the default) or
   * 'latex'; `minus` overrides the sign character.
   */
  function formatNumber(x, precision, style, minus) {
    var latex = style === 'latex';
    var sign = minus !== undefined ? minus : latex ? '-' : MINUS;
    if (Number.isNaN(x)) return 'NaN';
    if (!isFinite(x)) return (x < 0 ? sign : '') + (latex ? '\\infty' : '\u221e');
    var digits = digitsOf(Math.abs(x), precision);
    var mantissa = typeof digits === 'string' ? digits : digits.mantissa;
    var negative = x < 0 && /[1-9]/.test(mantissa);
    var text;
    if (typeof digits === 'string') {
      text = grouped(digits, latex);
    } else if (latex) {
      text = digits.mantissa + ' \\times 10^{' + digits.exponent + '}';
    } else {
      text = digits.mantissa + '\u00a0\u00d7\u00a010' +
        String(digits.exponent).split('').map(function (c) { return SUPERSCRIPT[c]; }).join('');
    }
    return (negative ? sign : '') + text;
  }

  /**
   * `Ndp` as Rust prints it: N fixed decimals; a result that is all zeros has no minus sign.
   * `minus` is U+2212 for prose (the default) and "-" for LaTeX; ±∞ prints as "∞"/"−∞".
   */
  function formatDp(x, decimals, minus) {
    return formatNumber(x, { kind: 'dp', n: decimals === undefined ? 3 : decimals }, 'prose', minus);
  }

  /** `Nsf` as Rust prints it: N significant figures, scientific under 1e-4 and from 1e9. */
  function formatSf(x, significant, minus) {
    return formatNumber(x, { kind: 'sf', n: significant }, 'prose', minus);
  }

  /**
   * A computed value at the book's `decimals`: exactly whole prints as an integer (`6`, a weight
   * of exactly `1`), anything else with N decimals (`0.187`, and `1.000` for 0.99996).
   */
  function formatComputed(x, decimals, minus) {
    return formatNumber(x, { kind: 'computed', n: decimals === undefined ? 3 : decimals }, 'prose', minus);
  }

  /** Whether a computed value says "exactly this integer" (below 2⁵³). */
  function isExactlyWhole(x) {
    return Number.isInteger(x) && Math.abs(x) < EXACT_WHOLE_BELOW;
  }

  /**
   * The one precision every entry of a vector or matrix prints at, the twin of Rust's
   * `Precision::shared_by`: computed entries print whole only when all are exactly whole (a
   * mask's ±∞ aside), else every entry at the places; any other precision is returned as it is.
   * `values` is a vector or a matrix (an array of rows).
   */
  function sharedPrecision(values, precision) {
    if (precision.kind !== 'computed') return precision;
    var whole = values.every(function (entry) {
      var row = Array.isArray(entry) ? entry : [entry];
      return row.every(function (x) { return x === Infinity || x === -Infinity || isExactlyWhole(x); });
    });
    return whole ? precision : { kind: 'dp', n: precision.n };
  }

  /**
   * A formatter for the entries of one computed vector or matrix at the book's `decimals`: all
   * whole (`1 0 2`) or all at the places (`4.000 0.500`), never a mix.
   */
  function computedFormatter(values, decimals, minus) {
    var precision = sharedPrecision(values, { kind: 'computed', n: decimals === undefined ? 3 : decimals });
    return function (x) { return formatNumber(x, precision, 'prose', minus); };
  }

  /** Count quantities (d_k, n, steps) print as integers, grouped from 1,000. */
  function formatCount(n) {
    return formatNumber(n, { kind: 'written' }, 'prose');
  }

  /**
   * A number a reader typed or chose (a temperature, a learning rate) as the shortest text that
   * is exactly that number, with the prose minus sign, scientific under 1e-4 and from 1e9.
   */
  function formatShortest(x) {
    return formatNumber(x, { kind: 'written' }, 'prose');
  }

  return {
    MINUS: MINUS,
    formatNumber: formatNumber,
    formatDp: formatDp,
    formatSf: formatSf,
    formatComputed: formatComputed,
    sharedPrecision: sharedPrecision,
    computedFormatter: computedFormatter,
    formatCount: formatCount,
    formatShortest: formatShortest,
  };
});
