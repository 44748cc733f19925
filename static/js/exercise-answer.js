/*
 * exercise-answer.js — reading a number as a reader types it into an exercise: `0.67`, `.67`,
 * `2/3`, `6.7e-1`, `−0.5` (U+2212), spaces around it ignored. The twin of
 * src/present/answer.rs; tests/cli/exercise_differential.rs holds the two to the same bits.
 * Pure: no DOM, no globals read. Classic script: attaches to `globalThis.worked.answer` and
 * exports through `module.exports` for Node.
 */
(function (factory) {
  'use strict';
  var api = factory();
  if (typeof module !== 'undefined' && module.exports) module.exports = api;
  (globalThis.worked = globalThis.worked || {}).answer = api;
})(function () {
  'use strict';

  /** Longest answer read, in characters (as MAX_ANSWER_CHARS). */
  var MAX_ANSWER_CHARS = 64;
  /** A signed decimal with optional exponent; the digits on one side of the point may go. */
  var DECIMAL = /^([+\-\u2212]?)((?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+\-]?[0-9]+)?)$/;

  function readDecimal(text) {
    var match = DECIMAL.exec(text);
    if (!match) return null;
    var magnitude = Number(match[2]);
    return match[1] === '-' || match[1] === '\u2212' ? -magnitude : magnitude;
  }

  /** The number `text` means, or null when it is not one (or is not finite). */
  function readAnswer(text) {
    // Rust's `trim` removes Unicode white space; JavaScript's `trim` does too.
    var trimmed = String(text).trim();
    if (trimmed === '' || Array.from(trimmed).length > MAX_ANSWER_CHARS) return null;
    var slash = trimmed.indexOf('/');
    var value;
    if (slash >= 0) {
      var bottom = readDecimal(trimmed.slice(slash + 1).trim());
      var top = readDecimal(trimmed.slice(0, slash).trim());
      if (bottom === null || top === null || bottom === 0) return null;
      value = top / bottom;
    } else {
      value = readDecimal(trimmed);
    }
    return value !== null && isFinite(value) ? value : null;
  }

  return { readAnswer: readAnswer, MAX_ANSWER_CHARS: MAX_ANSWER_CHARS };
});
