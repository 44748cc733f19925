/*
 * compute-numpy.js — "Copy as NumPy": the copy button of every `details.worked-numpy` (the
 * program of a compute example translated to NumPy at build time, src/compute/lang/numpy/), and
 * the snippet on the reader's own inputs for the compute widget.
 *
 * The build writes the snippet in three parts (the widget's JSON `numpy`: `prelude`, `body` and
 * the Python name of each input); only the inputs change when the reader edits, so this file
 * writes just those lines, numbers as Python's `repr` writes them (the shortest text that reads
 * back as the same double, like src/compute/lang/numpy/number.rs), and assembles the three parts
 * as the build does. No translator twin is needed.
 *
 * Copying uses navigator.clipboard; where it is missing or refused (some browsers on file://),
 * the code is selected so Ctrl+C / ⌘C copies it, and a status line says which happened.
 * DOM via createElement/textContent only. Classic script; exports through `module.exports` for
 * Node (the pure functions) and attaches to `globalThis.worked.numpy`.
 */
(function (factory) {
  'use strict';
  var api = factory();
  if (typeof module !== 'undefined' && module.exports) module.exports = api;
  (globalThis.worked = globalThis.worked || {}).numpy = api;
  if (typeof document !== 'undefined') {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', api.enhanceAll);
    else api.enhanceAll();
  }
})(function () {
  'use strict';

  /** Python's layout of the digits d1d2… of d1.d2… × 10^exponent (see number.rs). */
  function layout(digits, exponent) {
    if (exponent >= -4 && exponent < 16) {
      var point = exponent + 1;
      if (point <= 0) return '0.' + '0'.repeat(-point) + digits;
      if (point >= digits.length) return digits + '0'.repeat(point - digits.length) + '.0';
      return digits.slice(0, point) + '.' + digits.slice(point);
    }
    var mantissa = digits.length > 1 ? digits[0] + '.' + digits.slice(1) : digits;
    var size = String(Math.abs(exponent));
    return mantissa + 'e' + (exponent < 0 ? '-' : '+') + (size.length < 2 ? '0' + size : size);
  }

  /** `x` as Python's repr writes a float: `0.1`, `2.0`, `1e-05`, `1.5e+16`. */
  function pythonNumber(x) {
    if (x === Infinity) return 'np.inf';
    if (x === -Infinity) return '-np.inf';
    if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
    // toExponential() without digits gives the shortest that round-trip, like Rust's `{:e}`.
    var parts = Math.abs(x).toExponential().split('e');
    var digits = parts[0].replace('.', '');
    return (x < 0 ? '-' : '') + layout(digits, Number(parts[1]));
  }

  function list(numbers) {
    return '[' + numbers.map(pythonNumber).join(', ') + ']';
  }

  /** An input as a Python literal: a number, np.array([…]), a matrix one row per line. */
  function pythonValue(value) {
    if (typeof value === 'number') return pythonNumber(value);
    if (!Array.isArray(value[0])) return 'np.array(' + list(value) + ')';
    return 'np.array([\n' + value.map(function (row) { return '    ' + list(row) + ',\n'; }).join('') + '])';
  }

  /**
   * The whole snippet: `numpy` is the build's `{ prelude, body, inputs: [python names],
   * ending }` (the ending prints the steps the widget shows), `inputs` the widget's
   * `[[name, value]…]` in the same order.
   */
  function snippet(numpy, inputs) {
    var lines = numpy.inputs.map(function (python, i) {
      return python + ' = ' + pythonValue(inputs[i][1]) + '\n';
    }).join('');
    var ending = numpy.ending || '';
    return lines === ''
      ? numpy.prelude + '\n' + numpy.body + ending
      : numpy.prelude + '\n# Inputs\n' + lines + '\n' + numpy.body + ending;
  }

  // ------------------------------------------------------------------------------------- the page

  function make(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  }

  /** Selects the text of `node`, so the reader can copy it with the keyboard. */
  function select(node) {
    var range = document.createRange();
    range.selectNodeContents(node);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }

  /** Copies `code`'s text, or selects it where the clipboard cannot be written. */
  function copy(code, status) {
    var text = code.textContent;
    function fallback() {
      select(code);
      status.textContent = 'Selected: press Ctrl+C (\u2318C on a Mac) to copy.';
    }
    if (!navigator.clipboard || !navigator.clipboard.writeText) {
      fallback();
      return;
    }
    navigator.clipboard.writeText(text).then(function () {
      status.textContent = 'Copied.';
    }, fallback);
  }

  /** Gives `details` (a `.worked-numpy` disclosure) its copy button, once. */
  function enhance(details) {
    if (details.querySelector('.worked-numpy-copy')) return;
    var code = details.querySelector('code');
    var bar = make('p', 'worked-numpy-bar');
    var button = make('button', 'worked-numpy-copy', 'Copy');
    button.type = 'button';
    var status = make('span', 'worked-numpy-status');
    status.setAttribute('role', 'status');
    button.addEventListener('click', function () { copy(code, status); });
    bar.appendChild(button);
    bar.appendChild(status);
    details.insertBefore(bar, details.querySelector('pre'));
  }

  function enhanceAll() {
    Array.prototype.forEach.call(document.querySelectorAll('details.worked-numpy'), enhance);
  }

  /**
   * The compute widget's disclosure: built like the page's, its code rewritten by
   * `update(inputs)` after each edit that runs.
   */
  function live(numpy, exampleName) {
    var details = make('details', 'worked-numpy');
    details.setAttribute('data-numpy', exampleName);
    details.appendChild(make('summary', null, 'The program in NumPy, on these inputs'));
    // scroll-regions.js makes it a tab stop when it scrolls sideways, as every code block.
    var pre = make('pre', 'worked-numpy-code');
    var code = make('code');
    pre.appendChild(code);
    details.appendChild(pre);
    enhance(details);
    return {
      node: details,
      update: function (inputs) {
        code.textContent = snippet(numpy, inputs);
        details.querySelector('.worked-numpy-status').textContent = '';
      },
    };
  }

  return {
    pythonNumber: pythonNumber,
    pythonValue: pythonValue,
    snippet: snippet,
    enhanceAll: enhanceAll,
    live: live,
  };
});
