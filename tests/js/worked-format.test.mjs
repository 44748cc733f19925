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
  // From 1e9 a number prints in scientific notation, with four significant figures at least.
  assert.equal(format.formatDp(1e21, 2), '1.000\u00a0\u00d7\u00a010\u00b2\u00b9');
  assert.equal(format.formatDp(8610286968332.432, 3), '8.610\u00a0\u00d7\u00a010\u00b9\u00b2');
  assert.equal(format.formatDp(999999999.9996, 3), '1.000\u00a0\u00d7\u00a010\u2079');
  assert.equal(format.formatDp(1000500000, 0), '1.000\u00a0\u00d7\u00a010\u2079', 'a tie, to even');
});

test('formats significant figures through the rounded exponent', () => {
  assert.equal(format.formatSf(0.18673, 2), '0.19');
  assert.equal(format.formatSf(123.456, 4), '123.5');
  assert.equal(format.formatSf(123456, 2), '123,456');
  assert.equal(format.formatSf(1.125e-7, 4), '1.125\u00a0\u00d7\u00a010\u207b\u2077');
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
  assert.equal(format.formatShortest(1e-7), '1\u00a0\u00d7\u00a010\u207b\u2077');
  assert.equal(format.formatShortest(0.0001), '0.0001');
  assert.equal(format.formatShortest(1e-300), '1\u00a0\u00d7\u00a010\u207b\u00b3\u2070\u2070');
  assert.equal(format.MINUS, '\u2212');
});

test('prints exactly whole computed values as integers and groups large ones', () => {
  assert.equal(format.formatComputed(6), '6');
  assert.equal(format.formatComputed(-0), '0');
  assert.equal(format.formatComputed(0.99996), '1.000');
  assert.equal(format.formatComputed(2.5), '2.500');
  assert.equal(format.formatComputed(1048576), '1,048,576');
  assert.equal(format.formatCount(1048576), '1,048,576');
  assert.equal(format.formatCount(4096), '4,096');
  assert.equal(format.formatCount(999), '999');
  assert.equal(format.formatComputed(1e300), '1.000\u00a0\u00d7\u00a010\u00b3\u2070\u2070');
  assert.equal(format.formatNumber(1048576.5, { kind: 'dp', n: 1 }, 'latex'), '1{,}048{,}576.5');
  assert.equal(format.formatNumber(-1.125e-7, { kind: 'written' }, 'latex'), '-1.125 \\times 10^{-7}');
  assert.equal(format.formatNumber(-Infinity, { kind: 'dp', n: 3 }, 'latex'), '-\\infty');
});

test('prints one vector or matrix all whole or all at the same places, never a mix', () => {
  const gram = format.computedFormatter([[4, 3.535], [3.535, 4]]);
  assert.deepEqual([4, 3.535].map(gram), ['4.000', '3.535']);
  const whole = format.computedFormatter([[1, 0], [-Infinity, 2]]);
  assert.deepEqual([1, 0, 2].map(whole), ['1', '0', '2']);
  assert.equal(format.computedFormatter([1, 0.25], 2)(1), '1.00');
  assert.deepEqual(format.sharedPrecision([1, 0.5], { kind: 'written' }), { kind: 'written' });
});

test('prints what an edit makes huge in scientific notation, one short line', () => {
  assert.equal(format.formatComputed(8610286968332.432), '8.610\u00a0\u00d7\u00a010\u00b9\u00b2');
  assert.equal(format.formatDp(-3e12), '\u22123.000\u00a0\u00d7\u00a010\u00b9\u00b2');
  assert.equal(format.formatComputed(2e300, 3), '2.000\u00a0\u00d7\u00a010\u00b3\u2070\u2070');
  // Below 10⁹ positional, as the build prints the lesson's numbers.
  assert.equal(format.formatDp(999999999.4, 0), '999,999,999');
  assert.equal(format.formatDp(0.125, 2), '0.12');
});
