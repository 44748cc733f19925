/*
 * worked-refs.js — parse and evaluate the normalized references the build leaves in `data-ref`
 * attributes (`cat.weights[sat,the]`, `cat.scaled[sat]|exp|sum|2dp`, `cat.q[sat]|dot(cat.k[the])`),
 * so numbers in the prose can follow the widget. Pure: no DOM; the widget does the updating.
 *
 * It mirrors the Rust side (compute::quantity::Quantity::select, compute::ops::apply and the
 * `present` formatting) closely enough that, for unedited inputs, it prints exactly what the build
 * printed. Anything it does not understand is reported as an error and the caller leaves that
 * reference as the build wrote it.
 *
 * Numbers are printed by worked-format.js, the same code the widgets use. Classic script (see
 * attention-compute.js for why): attaches to `globalThis.worked.refs` and exports through
 * `module.exports` for Node.
 */
(function (factory) {
  'use strict';
  var node = typeof module !== 'undefined' && module.exports && typeof require === 'function';
  var nodeFormat = node ? require('./worked-format.js') : null;
  // Looked up when used, so the two scripts may load in either order.
  var api = factory(function () {
    return nodeFormat || globalThis.worked.format;
  });
  if (node) module.exports = api;
  (globalThis.worked = globalThis.worked || {}).refs = api;
})(function (formatModule) {
  'use strict';

  function RefError(message) {
    var error = new Error(message);
    error.name = 'RefError';
    return error;
  }

  var SIMPLE_FILTERS = ['exp', 'ln', 'sqrt', 'sum', 'max', 'min', 'list'];

  /**
   * Parse a normalized reference (no spaces) into
   * `{ example, quantity, index: [item…] | null, filters: [{ name, precision?, ref? }] }`, where an
   * index item is `{ all: true }`, `{ position: n }` (1-based) or `{ label: "…" }`.
   * Throws a RefError on anything outside the grammar.
   */
  function parseRef(text) {
    var state = { text: String(text), pos: 0 };
    var ref = parseOne(state);
    if (state.pos !== state.text.length) {
      throw RefError('unexpected "' + state.text.slice(state.pos) + '" in ' + state.text);
    }
    return ref;
  }

  function parseOne(state) {
    var text = state.text;
    var start = state.pos;
    while (state.pos < text.length && !/[[|()]/.test(text[state.pos])) state.pos++;
    var path = text.slice(start, state.pos);
    var dot = path.indexOf('.');
    if (dot <= 0 || dot === path.length - 1 || !/^[A-Za-z0-9_.-]+$/.test(path)) {
      throw RefError('expected example.quantity, found "' + path + '"');
    }
    var ref = { example: path.slice(0, dot), quantity: path.slice(dot + 1), index: null, filters: [] };
    if (text[state.pos] === '[') {
      var close = text.indexOf(']', state.pos);
      if (close < 0) throw RefError('unclosed [ in ' + text);
      var items = text.slice(state.pos + 1, close).split(',');
      if (items.length > 2 || items.some(function (s) { return s === ''; })) {
        throw RefError('an index is [row] or [row,col]');
      }
      ref.index = items.map(function (item) {
        if (item === ':') return { all: true };
        if (/^[0-9]+$/.test(item)) {
          var position = Number(item);
          if (position < 1) throw RefError('positions start at 1');
          return { position: position };
        }
        return { label: item };
      });
      state.pos = close + 1;
    }
    while (text[state.pos] === '|') {
      state.pos++;
      var nameStart = state.pos;
      while (state.pos < text.length && /[0-9a-z]/.test(text[state.pos])) state.pos++;
      var name = text.slice(nameStart, state.pos);
      var precision = /^([0-9]+)(dp|sf)$/.exec(name);
      if (precision) {
        ref.filters.push({ name: precision[2], precision: Number(precision[1]) });
      } else if (name === 'dot') {
        if (text[state.pos] !== '(') throw RefError('dot needs (other.ref)');
        state.pos++;
        var other = parseOne(state);
        if (text[state.pos] !== ')') throw RefError('unclosed dot( in ' + text);
        state.pos++;
        ref.filters.push({ name: 'dot', ref: other });
      } else if (SIMPLE_FILTERS.indexOf(name) >= 0) {
        ref.filters.push({ name: name });
      } else {
        throw RefError('unknown filter "' + name + '"');
      }
    }
    return ref;
  }

  /*
   * Quantities, shaped like the Rust enum:
   *   { kind: 'count', value } | { kind: 'scalar', value } | { kind: 'text', value }
   *   { kind: 'vector', values, labels|null } | { kind: 'matrix', values, rowLabels|null, colLabels|null }
   */

  function resolve(item, labels, length, what) {
    if (item.position !== undefined) {
      if (item.position > length) {
        throw RefError(what + ' position ' + item.position + ' is out of range 1–' + length);
      }
      return item.position - 1;
    }
    if (!labels) throw RefError(what + ' has no labels; use a position 1–' + length);
    var first = labels.indexOf(item.label);
    if (first < 0) throw RefError('no ' + what + ' is labelled "' + item.label + '"');
    if (labels.indexOf(item.label, first + 1) >= 0) {
      throw RefError('"' + item.label + '" appears twice; use its position');
    }
    return first;
  }

  /** Rust `Quantity::select`: [i] on a vector → number, on a matrix → row; [i,j] → number. */
  function select(quantity, index) {
    if (!index) return quantity;
    if (quantity.kind === 'vector') {
      if (index.length !== 1) throw RefError('a vector takes one index');
      if (index[0].all) return quantity;
      var at = resolve(index[0], quantity.labels, quantity.values.length, 'entry');
      return { kind: 'scalar', value: quantity.values[at] };
    }
    if (quantity.kind !== 'matrix') throw RefError('only vectors and matrices can be indexed');
    var rows = quantity.values.length;
    var cols = rows ? quantity.values[0].length : 0;
    var rowItem = index[0];
    var colItem = index.length > 1 ? index[1] : { all: true };
    if (rowItem.all && colItem.all) return quantity;
    if (rowItem.all) {
      var c = resolve(colItem, quantity.colLabels, cols, 'column');
      return {
        kind: 'vector',
        values: quantity.values.map(function (row) { return row[c]; }),
        labels: quantity.rowLabels,
      };
    }
    var r = resolve(rowItem, quantity.rowLabels, rows, 'row');
    if (colItem.all) return { kind: 'vector', values: quantity.values[r].slice(), labels: quantity.colLabels };
    return { kind: 'scalar', value: quantity.values[r][resolve(colItem, quantity.colLabels, cols, 'column')] };
  }

  function elementwise(quantity, name) {
    var f = { exp: Math.exp, ln: Math.log, sqrt: Math.sqrt }[name];
    function apply(x) {
      if (x < 0 && name !== 'exp') throw RefError(name + ' of a negative number');
      return f(x);
    }
    switch (quantity.kind) {
      case 'count':
      case 'scalar':
        return { kind: 'scalar', value: apply(quantity.value) };
      case 'vector':
        return { kind: 'vector', values: quantity.values.map(apply), labels: quantity.labels };
      case 'matrix':
        return {
          kind: 'matrix',
          values: quantity.values.map(function (row) { return row.map(apply); }),
          rowLabels: quantity.rowLabels,
          colLabels: quantity.colLabels,
        };
      default:
        throw RefError(name + ' needs numbers');
    }
  }

  /** Rust `ops::dot`: products summed in index order. */
  function dot(x, y) {
    var sum = 0;
    for (var i = 0; i < x.length; i++) sum += x[i] * y[i];
    return sum;
  }

  function reduce(quantity, name) {
    var values;
    if (quantity.kind === 'vector') values = quantity.values;
    else if (quantity.kind === 'matrix') values = [].concat.apply([], quantity.values);
    else throw RefError(name + ' needs a vector or a matrix');
    if (values.length === 0) throw RefError(name + ' of nothing');
    if (name === 'sum') {
      return { kind: 'scalar', value: values.reduce(function (a, b) { return a + b; }, 0) };
    }
    return { kind: 'scalar', value: Math[name].apply(null, values) };
  }

  /**
   * Evaluate a parsed reference. `lookup(exampleName, quantityName)` returns a quantity or null.
   * Returns `{ quantity, precision: { name: 'dp'|'sf', digits } | null, list: bool }`.
   */
  function evaluate(ref, lookup) {
    var base = lookup(ref.example, ref.quantity);
    if (!base) throw RefError('unknown quantity ' + ref.example + '.' + ref.quantity);
    var quantity = select(base, ref.index);
    var precision = null;
    var list = false;
    ref.filters.forEach(function (filter) {
      switch (filter.name) {
        case 'exp':
        case 'ln':
        case 'sqrt':
          quantity = elementwise(quantity, filter.name);
          break;
        case 'sum':
        case 'max':
        case 'min':
          quantity = reduce(quantity, filter.name);
          break;
        case 'dot': {
          var other = evaluate(filter.ref, lookup).quantity;
          if (quantity.kind !== 'vector' || other.kind !== 'vector' ||
              quantity.values.length !== other.values.length) {
            throw RefError('dot needs two vectors of the same length');
          }
          quantity = { kind: 'scalar', value: dot(quantity.values, other.values) };
          break;
        }
        case 'list':
          list = true;
          break;
        default:
          precision = { name: filter.name, digits: filter.precision };
      }
    });
    return { quantity: quantity, precision: precision, list: list };
  }

  /** One number as prose prints it: 3dp by default, U+2212 for minus. */
  function formatNumber(x, precision) {
    var format = formatModule();
    if (!precision) return format.formatDp(x, 3);
    return precision.name === 'sf' ? format.formatSf(x, precision.digits) : format.formatDp(x, precision.digits);
  }

  /**
   * The text a `span.worked-ref` shows for an evaluated reference: a number, "(a, b, c)" for a
   * vector ("a, b, c" with `list`), an integer for a count. A matrix cannot stand in a sentence
   * (the build turns it into a table), so asking for its text is an error.
   */
  function formatProse(evaluated) {
    var q = evaluated.quantity;
    switch (q.kind) {
      case 'count':
        return evaluated.precision ? formatNumber(q.value, evaluated.precision) : formatModule().formatCount(q.value);
      case 'scalar':
        return formatNumber(q.value, evaluated.precision);
      case 'text':
        return q.value;
      case 'vector': {
        var items = q.values.map(function (x) { return formatNumber(x, evaluated.precision); }).join(', ');
        return evaluated.list ? items : '(' + items + ')';
      }
      default:
        throw RefError('a matrix prints as a table, not inside a sentence');
    }
  }

  function matrixQuantity(values, rowLabels, colLabels) {
    return { kind: 'matrix', values: values, rowLabels: rowLabels || null, colLabels: colLabels || null };
  }

  /**
   * The named quantity of an attention example, labelled as the Rust core labels it (rows of
   * embeddings/q/k/v/scores/…/output by token; columns of scores/scaled/weights by token; weight
   * matrices unlabelled). `labels` are the token names to resolve against — the widget passes the
   * example's original names so that the prose keeps following the same rows when a reader
   * renames a token.
   */
  function attentionQuantity(input, result, name, labels) {
    var tokens = labels || result.tokens;
    var single = result.heads.length === 1;
    var head = /^h([0-9]+)\.(.+)$/.exec(name);
    if (head) {
      var h = result.heads[Number(head[1]) - 1];
      if (!h || Number(head[1]) < 1) return null;
      if (head[2] === 'd_k') return { kind: 'count', value: h.d_k };
      if (['q', 'k', 'v', 'output'].indexOf(head[2]) >= 0) return matrixQuantity(h[head[2]], tokens);
      if (['scores', 'scaled', 'weights'].indexOf(head[2]) >= 0) {
        return matrixQuantity(h[head[2]], tokens, tokens);
      }
      return null;
    }
    switch (name) {
      case 'embeddings':
        return matrixQuantity(input.embeddings, tokens);
      case 'w_q':
      case 'w_k':
      case 'w_v':
        return matrixQuantity(input[name]);
      case 'w_o':
        return input.w_o ? matrixQuantity(input.w_o) : null;
      case 'q':
      case 'k':
      case 'v':
      case 'output':
        return matrixQuantity(result[name], tokens);
      case 'scores':
      case 'scaled':
      case 'weights':
        return single ? matrixQuantity(result[name], tokens, tokens) : null;
      case 'concat':
        return single ? null : matrixQuantity(result.concat, tokens);
      case 'd_k':
        return { kind: 'count', value: result.heads[0].d_k };
      case 'n':
        return { kind: 'count', value: result.tokens.length };
      default:
        return null;
    }
  }

  /**
   * A value of a compute example (number, list, or list of rows) labelled as the Rust core
   * labels it (compute::computed::Labels): `rows` name the rows of every matrix with that many
   * rows, `cols` its columns and the entries of vectors of that length; a square matrix whose
   * size matches only one of them takes those labels on both sides. `sides`, the value's entry
   * in the block's `[labels]` ('rows', 'cols' or 'none'; undefined when it has none), keeps
   * only the labels of the sides it names.
   */
  function computeQuantity(value, rows, cols, sides) {
    function fitting(labels, count) {
      return labels && labels.length === count ? labels : null;
    }
    var rowsToo = sides !== 'cols' && sides !== 'none';
    var colsToo = sides !== 'rows' && sides !== 'none';
    if (typeof value === 'number') return { kind: 'scalar', value: value };
    if (!Array.isArray(value[0])) {
      return { kind: 'vector', values: value, labels: colsToo ? fitting(cols, value.length) : null };
    }
    var n = value.length;
    var m = value[0].length;
    var square = n === m;
    return matrixQuantity(value,
      rowsToo ? fitting(rows, n) || (square ? fitting(cols, n) : null) : null,
      colsToo ? fitting(cols, m) || (square ? fitting(rows, m) : null) : null);
  }

  return {
    parseRef: parseRef,
    select: select,
    evaluate: evaluate,
    formatNumber: formatNumber,
    formatProse: formatProse,
    attentionQuantity: attentionQuantity,
    computeQuantity: computeQuantity,
  };
});
