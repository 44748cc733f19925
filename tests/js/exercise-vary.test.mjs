// Unit tests for static/js/exercise-vary.js's parts that need no page. Run with
// `node --test tests/js/`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const vary = require('../../static/js/exercise-vary.js');

test('a shared seed outside the proven 1..50 is put inside it, and one inside is kept', () => {
  for (let seed = 1; seed <= 50; seed += 1) assert.equal(vary.provenSeed(seed, 50), seed);
  assert.equal(vary.provenSeed(0, 50), 50);
  assert.equal(vary.provenSeed(51, 50), 1);
  assert.equal(vary.provenSeed(1000, 50), 50);
  assert.equal(vary.provenSeed(999999999999999, 50), 49);
  for (let seed = 0; seed < 5000; seed += 7) {
    const proven = vary.provenSeed(seed, 50);
    assert.ok(Number.isInteger(proven) && proven >= 1 && proven <= 50, `${seed} → ${proven}`);
  }
});
