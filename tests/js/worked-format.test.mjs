// Unit tests for static/js/worked-format.js, the number formatting every reader-side script
// shares. Run with `node --test tests/js/`. Cases were checked against Rust's `format!` on this
// machine (src/present/number.rs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const format = require('../../static/js/worked-format.js');

test('formats with fixed decimals and never prints a negative zero', () => {
  assert.equal(format.formatDp(0.18673), '0.187');
  assert.equal(format.formatDp(-1.5, 3), '\u22121.500');
  assert.equal(format.formatDp(-1.5, 3, '-'), '-1.500');
  assert.equal(format.formatDp(-0, 3), '0.000');
  assert.equal(format.formatDp(-0.0004, 3), '0.000');
  assert.equal(format.formatDp(-0.0004, 2, '-'), '0.00');
  assert.equal(format.formatDp(-0.0005001, 3), '\u22120.001');
  assert.equal(format.formatDp(2, 0), '2');
  assert.equal(format.formatDp(Infinity), '\u221e');
  assert.equal(format.formatDp(-Infinity), '\u2212\u221e');
});

test('rounds exact ties to even, like Rust and unlike toFixed', () => {
  // Rust: format!("{:.2}", 0.125) == "0.12"; JS (0.125).toFixed(2) == "0.13".
  assert.equal(format.formatDp(0.125, 2), '0.12');
  assert.equal(format.formatDp(0.375, 2), '0.38');
  assert.equal(format.formatDp(2.5, 0), '2');
  assert.equal(format.formatDp(3.5, 0), '4');
  assert.equal(format.formatDp(-2.5, 0), '\u22122');
  assert.equal(format.formatDp(0.0625, 3), '0.062');
  assert.equal(format.formatDp(0.5, 0), '0');
  // Not a tie in binary: 1.0005 is slightly below, 9.995 slightly below.
  assert.equal(format.formatDp(1.0005, 3), '1.000');
  assert.equal(format.formatDp(9.995, 2), '9.99');
  // Past 1e21 toFixed switches to exponents; Rust prints every digit.
  assert.equal(format.formatDp(1e21, 2), '1000000000000000000000.00');
});

test('formats significant figures through the rounded exponent', () => {
  assert.equal(format.formatSf(0.18673, 2), '0.19');
  assert.equal(format.formatSf(123.456, 4), '123.5');
  assert.equal(format.formatSf(123456, 2), '123456');
  assert.equal(format.formatSf(0.000123456, 3), '0.000123');
  assert.equal(format.formatSf(9.96, 2), '10');
  assert.equal(format.formatSf(0.0999, 2), '0.10');
  assert.equal(format.formatSf(-0.0999, 1), '\u22120.1');
  assert.equal(format.formatSf(0, 3), '0.00');
  assert.equal(format.formatSf(-0, 3), '0.00');
  assert.equal(format.formatSf(4.1133, 3), '4.11');
  assert.equal(format.formatCount(2), '2');
});

test('prints a typed value as its shortest text with the prose minus', () => {
  assert.equal(format.formatShortest(0.5), '0.5');
  assert.equal(format.formatShortest(-0.25), '\u22120.25');
  assert.equal(format.formatShortest(1e-7), '1e\u22127');
  assert.equal(format.MINUS, '\u2212');
});

test('prints huge numbers in scientific notation, and everything else as formatDp', () => {
  assert.equal(format.formatScientific(8610286968332.432, 4), '8.610 \u00d7 10\u00b9\u00b2');
  assert.equal(format.formatScientific(-1e-300, 2), '\u22121.0 \u00d7 10\u207b\u00b3\u2070\u2070');
  assert.equal(format.formatScientific(2.5, 2), '2.5');
  assert.equal(format.formatScientific(0, 3), '0');
  assert.equal(format.formatDpReadable(2e300, 3), '2.000 \u00d7 10\u00b3\u2070\u2070');
  assert.equal(format.formatDpReadable(-3e12), '\u22123.000 \u00d7 10\u00b9\u00b2');
  // Below 10⁹ exactly formatDp, so a lesson's numbers print as the build prints them.
  assert.equal(format.formatDpReadable(999999999.5, 3), format.formatDp(999999999.5, 3));
  assert.equal(format.formatDpReadable(-1296231.081, 3), '\u22121296231.081');
  assert.equal(format.formatDpReadable(0.125, 2), '0.12');
  assert.equal(format.formatDpReadable(1e9, 1), '1.0 \u00d7 10\u2079');
});
