// Unit tests for the links the compute widget restores (static/js/compute-widget.js
// `Widget.prototype.fromLink`): its own `#try-<example>=x:1,2_3,4;…`, and the links the
// attention, softmax and gradient descent widgets wrote before they became the compute widget
// (issue 43), which readers saved and must still open with their values. Run with
// `node --test tests/js/`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { requireComputeWidget } from './tools/compute-widget-page.mjs';

const require = createRequire(import.meta.url);
// The widget's parts that read links need widget-common.js's number parsing, given as the page
// gives it.
let spec;
const { Widget } = requireComputeWidget((s) => { spec = s; });
globalThis.worked.widgetCommon = require('../../static/js/widget-common.js');
globalThis.worked.format = require('../../static/js/worked-format.js');
spec.ready();

// The widget data the kinds' blocks write, less what links do not touch: `name`, `kind` and
// `inputs` as `run_kind` (src/expand/blocks/mod.rs) writes them from the kind's program, the
// rest from each kind's `widget_keys` (src/expand/blocks/softmax.rs, and the descent's and
// attention's in src/expand/blocks/<kind>/widget.rs).
const descent = {
  name: 'fit', kind: 'gradient_descent',
  inputs: [['points', [[0, 1], [1, 3]]], ['start', [0, 0]], ['learning_rate', 0.05], ['steps', 50]],
  domains: { learning_rate: { min: 0, exclusive_min: true, words: 'a number above 0' } },
};
const softmax = {
  name: 'pets', kind: 'softmax', inputs: [['logits', [2, 1, 0]], ['T', 1]],
  domains: { T: { min: 0, exclusive_min: true, words: 'a number above 0' } },
};
const attention = {
  name: 'cat', kind: 'attention', rows: ['the', 'cat', 'sat'],
  inputs: [
    ['embeddings', [[1, 0], [0, 1], [1, 1]]], ['w_q', [[1, 0], [1, 2]]], ['w_k', [[2, 0], [0, 1]]],
    ['w_v', [[1, 0], [0, 2]]], ['causal', 0],
  ],
  controls: { embeddings: { kind: 'names', called: 'tokens' }, causal: { kind: 'toggle' } },
};

/** The inputs `text` restores in a widget of `example`, by name, with its rows and whether it
 *  was an old widget's link. */
function restored(example, text) {
  const link = new Widget(null, example).fromLink(text);
  return { inputs: link.inputs && Object.fromEntries(link.inputs), rows: link.rows, old: link.old };
}

test("an old descent link's learning rate opens as the rate input", () => {
  const link = restored(descent, 'lr:0.3');
  assert.equal(link.inputs.learning_rate, 0.3);
  assert.deepEqual(link.inputs.points, [[0, 1], [1, 3]]);
  assert.equal(link.old, true);
  // As the old widget wrote small rates, and refused what is not a rate.
  assert.equal(restored(descent, 'lr:1e-7').inputs.learning_rate, 1e-7);
  assert.equal(restored(descent, 'lr:-1').inputs, null);
  assert.equal(restored(descent, 'lr:fast').inputs, null);
  // The widget's own link is read as before, and is not old.
  const own = restored(descent, 'learning_rate:0.3;steps:20');
  assert.deepEqual([own.inputs.learning_rate, own.inputs.steps, own.old], [0.3, 20, false]);
});

test("an old softmax link's temperature opens as T", () => {
  const link = restored(softmax, 't:0.5');
  assert.deepEqual([link.inputs.T, link.old], [0.5, true]);
  assert.deepEqual(link.inputs.logits, [2, 1, 0]);
  assert.equal(restored(softmax, 'T:2').inputs.T, 2);
});

test("an old attention link's tokens, matrices and mask open as the widget's inputs", () => {
  const link = restored(attention, 't:a,dog%2C%20too,sat;e:1,2_3,4_5,6;q:0,1_1,0;k:1,1_1,1;v:2,0_0,2;c:1');
  assert.deepEqual(link.rows, ['a', 'dog, too', 'sat']);
  assert.deepEqual(link.inputs, {
    embeddings: [[1, 2], [3, 4], [5, 6]], w_q: [[0, 1], [1, 0]], w_k: [[1, 1], [1, 1]], w_v: [[2, 0], [0, 2]],
    causal: 1,
  });
  assert.equal(link.old, true);
  // Parts it leaves out keep the example's values; one that does not fit drops the link, as a
  // link of the widget's own that does not fit.
  assert.deepEqual(restored(attention, 'c:1').inputs.embeddings, [[1, 0], [0, 1], [1, 1]]);
  assert.equal(restored(attention, 'e:1,2_3,4').inputs, null);
  assert.equal(restored(attention, 'o:1,0_0,1').inputs, null);
  assert.equal(restored(attention, 't:a,b').rows, false);
  // The widget's own form, which the old one is written again in.
  const own = restored(attention, 'causal:1;tokens:a,b,c');
  assert.deepEqual([own.inputs.causal, own.rows, own.old], [1, ['a', 'b', 'c'], false]);
});

test("another kind's widget does not read the old keys", () => {
  const compute = { name: 'c', kind: 'compute', inputs: [['t', 1], ['lr', 2]] };
  const link = restored(compute, 't:3;lr:4');
  assert.deepEqual([link.inputs.t, link.inputs.lr, link.old], [3, 4, false]);
  assert.equal(restored({ name: 'c', inputs: [['T', 1]] }, 't:3').inputs, null);
});
