// Unit tests for what the compute widget says in words: a refusal when a reader's edit leaves a
// view unable to draw its step (static/js/compute-widget.js `judge`, then `problemWords`), and
// the sentences under its steps (`sentenceText`, the twin of Rust's `Sentence::fill`). The
// widget runs its program here as in the page, on compute-lang.js, and draws its views with
// step-views.js, without a page. Run with `node --test tests/js/`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { requireComputeWidget } from './tools/compute-widget-page.mjs';

const require = createRequire(import.meta.url);
require('../../static/js/worked-format.js');
require('../../static/js/line-chart.js');
require('../../static/js/step-views.js');
const lang = require('../../static/js/compute-lang.js');
// Registering readies the widget at once, with worked-format.js as on a page.
const { problemWords, Widget } = requireComputeWidget((widget) => widget.ready());

/** The refusal of `inputs` by a widget on `example`, as the field and status line say it. */
function refusal(example, inputs) {
  const widget = new Widget(null, example);
  const { problem } = widget.judge(lang.runFully(example.steps, inputs), inputs);
  return problem && problemWords(problem, widget.stepWords);
}

test('an edit that gives a heatmap a mask of another shape says both shapes', () => {
  // The weights are drawn as a heatmap hatched where `mask` is −∞; the mask's size is an input
  // the reader edits, the weights' is not.
  const example = {
    name: 'attn',
    steps: 'mask = causal_mask(n)\nshown = softmax(scores, axis=1)',
    inputs: [['scores', [[1, 2], [3, 4]]], ['n', 2]],
    views: { shown: 'heatmap' },
    masked: { shown: 'mask' },
  };
  assert.equal(refusal(example, example.inputs), null, 'the lesson\u2019s own numbers draw');
  const words = refusal(example, [['scores', [[1, 2], [3, 4]]], ['n', 3]]);
  assert.equal(words.short, 'makes the mask \u201cmask\u201d of step \u201cshown\u201d no longer fit it');
  assert.equal(words.full, 'makes the mask \u201cmask\u201d of step \u201cshown\u201d 3 \u00d7 3, and the step ' +
    '2 \u00d7 2: a mask marks the entries of the step it has the shape of, so the heatmap cannot mark the masked entries.');
  // A mask that is no longer a matrix at all is said as what it is.
  const vector = refusal({ ...example, steps: 'mask = zeros(n)\nshown = softmax(scores, axis=1)' },
    [['scores', [[1, 2], [3, 4]]], ['n', 3]]);
  assert.match(vector.full, /^makes the mask “mask” of step “shown” a vector of 3, and the step 2 × 2: /);
});

test('a sentence names an entry at a position a step holds, or one the kind wrote', () => {
  // An unlabelled softmax's loss sentence (src/expand/blocks/softmax.rs): its target, logit 2,
  // is written in the sentence; a labelled one's is the program's step `target`.
  const widget = new Widget(null, { name: 't', steps: '', inputs: [] });
  widget.values = [['probabilities', [0.659, 0.242, 0.0994]], ['target', 2], ['loss', 2.3086]];
  const sentence = (at) => ({
    after: 'loss',
    parts: [{ text: 'p = ' }, { entry: { of: 'probabilities', at } }, { text: ', L = ' }, { value: 'loss' }, { text: '.' }],
  });
  assert.equal(widget.sentenceText(sentence('target')), 'p = 0.099, L = 2.309.');
  assert.equal(widget.sentenceText(sentence('2')), 'p = 0.099, L = 2.309.');
  assert.equal(widget.sentenceText(sentence('0')), 'p = 0.659, L = 2.309.');
  assert.equal(widget.sentenceText(sentence('3')), null, 'past the end: no sentence');
});

test('a step whose failure the kind words is refused in those words, naming the row at fault', () => {
  // Two steps of the vectors kind's one program (src/compute/vectors.rs, PROGRAM), which a
  // reader's zero vector stops at `scaled` (0 / 0), and the kind's words for that failure
  // (src/expand/blocks/vectors.rs, `widget_keys`' step_failures).
  const zero = '\u201c{at}\u201d is the zero vector, so its angle to the others is undefined; every vector needs at least one non-zero component';
  const example = {
    name: 'emb',
    steps: 'largest = flatten(max(abs(vectors), axis=1))\nscaled = vectors / col(largest)',
    inputs: [['vectors', [[1, 0], [0, 1], [1, 1]]]],
    rows: ['the', 'cat', 'sat'],
    step_failures: { scaled: zero },
  };
  const widget = new Widget(null, example);
  const inputs = [['vectors', [[1, 0], [0, 0], [1, 1]]]];
  const { problem } = widget.judge(lang.runFully(example.steps, inputs), inputs);
  const words = problemWords(problem, widget.stepWords, widget.failureWords(problem));
  assert.equal(words.full, 'makes step \u201cscaled\u201d fail: \u201ccat\u201d is the zero vector, so its angle to the ' +
    'others is undefined; every vector needs at least one non-zero component.');
  assert.equal(words.short, 'makes step \u201cscaled\u201d fail');
  // A step without such words keeps the language's.
  assert.equal(new Widget(null, { ...example, step_failures: undefined }).failureWords(problem), null);
});
