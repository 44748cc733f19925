/*
 * exercise-answer.js — reading a number as a reader types it into an exercise: `0.67`, `.67`,
 * `2/3`, `6.7e-1`, `−0.5` (U+2212), digits grouped as the book prints them (`1,048,576`,
 * `1 048 576`), a percentage (`24.5%`, read as 0.245), spaces around it ignored; a decimal
 * comma (`0,245`) is not read but answered with its point form. The twin of
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
  /** Characters that may separate groups of three digits (as GROUP_SEPARATORS). */
  var GROUP_SEPARATORS = ', \u00a0\u202f\u2009';
  var DECIMAL_COMMA = /^[+\-\u2212]?[0-9]+,[0-9]+$/;

  function isDigit(c) { return c !== undefined && c >= '0' && c <= '9'; }
  function isSeparator(c) { return c !== undefined && GROUP_SEPARATORS.indexOf(c) >= 0; }

  /** `text` with the separators of its leading digit groups taken out, as `ungrouped`. */
  function ungrouped(text) {
    var sign = /^[+\-\u2212]*/.exec(text)[0];
    var chars = Array.from(text.slice(sign.length));
    var first = 0;
    while (isDigit(chars[first])) first++;
    if (first === 0 || first > 3 || chars[0] === '0' || !isSeparator(chars[first])) return text;
    var separator = chars[first];
    var digits = chars.slice(0, first).join('');
    var at = first;
    while (chars[at] === separator) {
      var group = 0;
      while (isDigit(chars[at + 1 + group])) group++;
      if (group !== 3) return text;
      digits += chars.slice(at + 1, at + 4).join('');
      at += 4;
    }
    if (isSeparator(chars[at])) return text;
    return sign + digits + chars.slice(at).join('');
  }

  function readDecimal(text) {
    var match = DECIMAL.exec(ungrouped(text));
    if (!match) return null;
    var magnitude = Number(match[2]);
    return match[1] === '-' || match[1] === '\u2212' ? -magnitude : magnitude;
  }

  /**
   * What `text` says: `{ kind: "number", value, percent }`, `{ kind: "decimalComma", withPoint }`
   * or `{ kind: "unread" }`, as `read`.
   */
  function read(text) {
    // Rust's `trim` removes Unicode white space; JavaScript's `trim` does too.
    var trimmed = String(text).trim();
    if (trimmed === '' || Array.from(trimmed).length > MAX_ANSWER_CHARS) return { kind: 'unread' };
    var percent = trimmed.charAt(trimmed.length - 1) === '%';
    var body = percent ? trimmed.slice(0, -1).trimEnd() : trimmed;
    var slash = body.indexOf('/');
    var value = null;
    if (slash >= 0) {
      var bottom = percent ? null : readDecimal(body.slice(slash + 1).trim());
      var top = bottom === null || bottom === 0 ? null : readDecimal(body.slice(0, slash).trim());
      if (top !== null) value = top / bottom;
    } else {
      value = readDecimal(body);
      if (value !== null && percent) value /= 100;
    }
    if (value !== null && isFinite(value)) return { kind: 'number', value: value, percent: percent };
    if (DECIMAL_COMMA.test(trimmed)) return { kind: 'decimalComma', withPoint: trimmed.replace(',', '.') };
    return { kind: 'unread' };
  }

  /** The number `text` means, or null when it is not one (or is not finite). */
  function readAnswer(text) {
    var reading = read(text);
    return reading.kind === 'number' ? reading.value : null;
  }

  return { read: read, readAnswer: readAnswer, MAX_ANSWER_CHARS: MAX_ANSWER_CHARS };
});
