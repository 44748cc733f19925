// Unit tests for static/js/compute-numpy.js: the inputs of a "Copy as NumPy" snippet written
// from the reader's values, numbers as Python's repr writes them (the cases are those of
// src/compute/lang/numpy/number.rs), assembled around the build's prelude and steps.
// Run with `node --test tests/js/`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const numpy = require('../../static/js/compute-numpy.js');

test('numbers print as Python repr prints them', () => {
  const cases = [
    [0.1, '0.1'], [2, '2.0'], [-3.5, '-3.5'], [0.0001, '0.0001'], [0.00001, '1e-05'],
    [1.25e-7, '1.25e-07'], [1e15, '1000000000000000.0'], [1e16, '1e+16'],
    [1.5e300, '1.5e+300'], [123.456, '123.456'], [1 / 3, '0.3333333333333333'], [-0, '-0.0'],
    [0, '0.0'], [5e-324, '5e-324'], [Number.MAX_VALUE, '1.7976931348623157e+308'],
    [-Infinity, '-np.inf'],
  ];
  for (const [x, python] of cases) assert.equal(numpy.pythonNumber(x), python, String(x));
});

test('every printed number reads back as the same double', () => {
  let state = 0x12345678n;
  for (let i = 0; i < 2000; i++) {
    state = (state * 6364136223846793005n + 1442695040888963407n) & ((1n << 64n) - 1n);
    const view = new DataView(new ArrayBuffer(8));
    view.setBigUint64(0, state >> 2n);
    const x = view.getFloat64(0);
    if (Number.isFinite(x)) assert.ok(Object.is(Number(numpy.pythonNumber(x)), x), String(x));
  }
});

test('inputs become Python literals, a matrix one row per line', () => {
  assert.equal(numpy.pythonValue(0.5), '0.5');
  assert.equal(numpy.pythonValue([1, -2.5]), 'np.array([1.0, -2.5])');
  assert.equal(numpy.pythonValue([[2, 4], [1, -0.5]]), 'np.array([\n    [2.0, 4.0],\n    [1.0, -0.5],\n])');
});

test('the snippet is the prelude, the reader\'s inputs and the steps, as the build writes it', () => {
  // The build's parts for `y = gamma * x + eps` (src/compute/lang/numpy/tests.rs writes the same
  // layout); the inputs are what the reader typed.
  const parts = { prelude: 'import numpy as np\n', body: '# Steps\ny = gamma * x + eps\n', inputs: ['x', 'gamma', 'lambda_'] };
  const inputs = [['x', [[2, 4], [1, -0.5]]], ['gamma', [1, 0.5]], ['lambda', 1e-5]];
  assert.equal(numpy.snippet(parts, inputs), 'import numpy as np\n\n# Inputs\n' +
    'x = np.array([\n    [2.0, 4.0],\n    [1.0, -0.5],\n])\ngamma = np.array([1.0, 0.5])\nlambda_ = 1e-05\n\n' +
    '# Steps\ny = gamma * x + eps\n');
  assert.equal(numpy.snippet({ prelude: 'import numpy as np\n', body: '# Steps\nz = zeros(2)\n', inputs: [] }, []),
    'import numpy as np\n\n# Steps\nz = zeros(2)\n');
  // The build's ending, which prints the steps the widget shows, closes the snippet.
  const ending = '\n# What the page shows, at its 3 decimals\nshow("z", z)\n';
  assert.ok(numpy.snippet({ prelude: 'import numpy as np\n', body: '# Steps\nz = zeros(2)\n', inputs: [], ending: ending }, [])
    .endsWith('# Steps\nz = zeros(2)\n' + ending));
});
