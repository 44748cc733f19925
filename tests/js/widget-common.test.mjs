// Unit tests for the parts of static/js/widget-common.js that need no DOM: strict parsing of
// typed numbers and the wording of messages. Run with `node --test tests/js/`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const common = require('../../static/js/widget-common.js');

test('parses numbers as a reader types them, and nothing else', () => {
  assert.equal(common.parseNumber('1.5'), 1.5);
  assert.equal(common.parseNumber(' -2 '), -2);
  assert.equal(common.parseNumber('\u22120.25'), -0.25);
  assert.equal(common.parseNumber('.5'), 0.5);
  assert.equal(common.parseNumber('3.'), 3);
  assert.equal(common.parseNumber('1e-3'), 0.001);
  // Grouped as the book prints counts, with one separator throughout.
  assert.equal(common.parseNumber('1,024'), 1024);
  assert.equal(common.parseNumber('\u22121,048,576.5'), -1048576.5);
  assert.equal(common.parseNumber('1 048 576'), 1048576);
  for (const bad of ['', ' ', '1,5', '0,245', '1,0000', '01,000', '1,000 000', '1,000,00', '\u221e', 'Infinity', '1e999', 'NaN', '0x10', '1 2', '--1', 'e5']) {
    assert.equal(common.parseNumber(bad), null, JSON.stringify(bad));
  }
});

// Messages print every number by the number rule (worked-format.js), the page's format.
require('../../static/js/worked-format.js');

test('a suggestion reads by the number rule and says what to type when the field needs other text', () => {
  for (const x of [1e-307, 1e153, 12345, -0.5, 6, 0.25]) {
    const text = common.suggestion(x);
    const shown = globalThis.worked.format.formatShortest(x);
    assert.ok(text.startsWith(shown), text);
    // Either the number as shown is what the field takes, or the text in "(type …)" is.
    const typed = /\(type ([^)]*)\)$/.exec(text);
    assert.equal(common.parseNumber(typed ? typed[1] : shown), x, text);
    assert.equal(typed === null, common.parseNumber(shown) === x, text);
  }
  assert.equal(common.suggestion(1e-307), '1\u00a0\u00d7\u00a010\u207b\u00b3\u2070\u2077 (type 1e-307)');
});

test("a core's message names in quotes and prints its numbers by the number rule, names untouched", () => {
  assert.equal(common.readerWords('sqrt of a negative number (-5)'), 'sqrt of a negative number (\u22125)');
  assert.equal(common.readerWords('`w_q2` has 2 rows, got 1000000.'), '\u201cw_q2\u201d has 2 rows, got 1,000,000.');
  assert.equal(common.readerWords('got 3.5.'), 'got 3.5.');
  assert.equal(common.readerWords('got 1e-320'), 'got 1\u00a0\u00d7\u00a010\u207b\u00b3\u00b2\u2070');
});
