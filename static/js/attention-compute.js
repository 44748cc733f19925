/*
 * attention-compute.js — the reader-side twin of the Rust compute core (src/compute/attention.rs).
 * Pure: no DOM, no globals read, no I/O. Numbers become text in worked-format.js.
 *
 * Why a classic script and not an ES module: Chromium refuses to run `<script type="module">`
 * loaded from file:// ("blocked by CORS policy"), and a `worked` site must work when opened from
 * disk. So this file attaches itself to one namespace, `globalThis.worked.attentionCompute`, and
 * also exports through `module.exports` so Node tests can `require` it.
 *
 * Every result must agree with the Rust core to 1e-9 (tests/widget_differential.rs checks a few
 * thousand random cases).
 */
(function (factory) {
  'use strict';
  var api = factory();
  if (typeof module !== 'undefined' && module.exports) module.exports = api;
  (globalThis.worked = globalThis.worked || {}).attentionCompute = api;
})(function () {
  'use strict';

  /** Same limits as the Rust core (compute::MAX_TOKENS, compute::MAX_DIM). */
  var MAX_TOKENS = 512;
  var MAX_DIM = 1024;

  /**
   * An input problem, tagged with the input key at fault like Rust's ComputeError.field, so the
   * widget can point at the right field.
   */
  function ComputeError(field, message) {
    var error = new Error(message);
    error.name = 'ComputeError';
    error.field = field;
    return error;
  }

  function shape(matrix) {
    return [matrix.length, matrix.length ? matrix[0].length : 0];
  }

  /** Plain row-by-column product; sums run in index order like a naive Rust loop. */
  function matmul(a, b) {
    var n = a.length;
    var inner = b.length;
    var m = inner ? b[0].length : 0;
    var out = new Array(n);
    for (var i = 0; i < n; i++) {
      var row = new Array(m);
      for (var j = 0; j < m; j++) {
        var sum = 0;
        for (var t = 0; t < inner; t++) sum += a[i][t] * b[t][j];
        row[j] = sum;
      }
      out[i] = row;
    }
    return out;
  }

  function transpose(a) {
    var rows = a.length;
    var cols = rows ? a[0].length : 0;
    var out = new Array(cols);
    for (var j = 0; j < cols; j++) {
      out[j] = new Array(rows);
      for (var i = 0; i < rows; i++) out[j][i] = a[i][j];
    }
    return out;
  }

  function dot(x, y) {
    var sum = 0;
    for (var i = 0; i < x.length; i++) sum += x[i] * y[i];
    return sum;
  }

  /** Columns [start, start + width) of a matrix: one head's block of Q, K or V. */
  function columns(a, start, width) {
    return a.map(function (row) {
      return row.slice(start, start + width);
    });
  }

  /** Side-by-side concatenation of equally tall matrices (the heads' outputs). */
  function hconcat(blocks) {
    return blocks[0].map(function (_, i) {
      return [].concat.apply([], blocks.map(function (b) { return b[i]; }));
    });
  }

  /** Q = E·W_Q, K = E·W_K, V = E·W_V. */
  function project(embeddings, w_q, w_k, w_v) {
    return { q: matmul(embeddings, w_q), k: matmul(embeddings, w_k), v: matmul(embeddings, w_v) };
  }

  /** Raw scores QKᵀ: entry (i, j) is query i · key j. */
  function scores(q, k) {
    return matmul(q, transpose(k));
  }

  /** Scores divided by √d_k, where d_k is the width of one head's queries. */
  function scaled(rawScores, d_k) {
    var root = Math.sqrt(d_k);
    return rawScores.map(function (row) {
      return row.map(function (s) { return s / root; });
    });
  }

  /** Under a causal mask, token i may look at token j only when j ≤ i. */
  function isMasked(i, j, causal) {
    return causal && j > i;
  }

  /**
   * Row-wise softmax, stable: subtract the row's largest unmasked entry before exponentiating,
   * so huge finite scores still give finite weights. Masked entries get weight exactly 0 (they
   * never enter the sum), not a tiny number from exp(−∞-ish).
   */
  function softmaxRows(matrix, causal) {
    return matrix.map(function (row, i) {
      var max = -Infinity;
      row.forEach(function (s, j) {
        if (!isMasked(i, j, causal) && s > max) max = s;
      });
      var exps = row.map(function (s, j) {
        return isMasked(i, j, causal) ? 0 : Math.exp(s - max);
      });
      var total = exps.reduce(function (acc, e) { return acc + e; }, 0);
      return exps.map(function (e) { return e / total; });
    });
  }

  function checkMatrix(field, matrix, rows, cols) {
    if (!Array.isArray(matrix) || matrix.length !== rows) {
      throw ComputeError(field, field + ' has ' + (Array.isArray(matrix) ? matrix.length : 0) +
        ' rows; expected ' + rows);
    }
    matrix.forEach(function (row, i) {
      if (!Array.isArray(row) || row.length !== cols) {
        throw ComputeError(field, field + ' row ' + (i + 1) + ' has ' +
          (Array.isArray(row) ? row.length : 0) + ' entries; expected ' + cols);
      }
      row.forEach(function (x, j) {
        if (typeof x !== 'number' || !isFinite(x)) {
          throw ComputeError(field, field + ' row ' + (i + 1) + ', column ' + (j + 1) +
            ' is not a finite number');
        }
      });
    });
  }

  /** The same checks, in the same order and with the same `field`s, as Rust's `attend`. */
  function validate(input) {
    var tokens = input.tokens || [];
    if (tokens.length === 0) throw ComputeError('tokens', 'there are no tokens');
    if (tokens.length > MAX_TOKENS) {
      throw ComputeError('tokens', 'at most ' + MAX_TOKENS + ' tokens are supported');
    }
    var n = tokens.length;
    var width = input.embeddings && input.embeddings[0] ? input.embeddings[0].length : 0;
    checkMatrix('embeddings', input.embeddings, n, width);
    var dq = input.w_q && input.w_q[0] ? input.w_q[0].length : 0;
    var dv = input.w_v && input.w_v[0] ? input.w_v[0].length : 0;
    checkMatrix('w_q', input.w_q, width, dq);
    checkMatrix('w_k', input.w_k, width, dq);
    checkMatrix('w_v', input.w_v, width, dv);
    var heads = input.heads === undefined || input.heads === null ? 1 : input.heads;
    if (!(heads >= 1) || heads !== Math.floor(heads) || dq % heads !== 0 || dv % heads !== 0) {
      throw ComputeError('heads', 'heads must be at least 1 and divide the widths of w_q (' + dq +
        ') and w_v (' + dv + ')');
    }
    if (input.w_o !== undefined && input.w_o !== null) {
      checkMatrix('w_o', input.w_o, dv, input.w_o[0] ? input.w_o[0].length : 0);
    }
    [width, dq, dv].forEach(function (d) {
      if (d === 0 || d > MAX_DIM) {
        throw ComputeError('embeddings', 'every width must be between 1 and ' + MAX_DIM);
      }
    });
    return heads;
  }

  /**
   * Like Rust's `ensure_finite_result`: a product that overflows is an error naming the matrix,
   * never an ∞ or NaN on the page.
   */
  function ensureFinite(what, matrix) {
    var finite = matrix.every(function (row) { return row.every(isFinite); });
    if (finite) return;
    var error = ComputeError(null, what + ' overflows: the inputs are too large to compute with');
    error.hint = 'scale the inputs down';
    error.overflow = what;
    throw error;
  }

  /**
   * Scaled dot-product attention, with the same shape of result as the Rust `Attention` (and its
   * `eval --json`): full projections q, k, v; one entry per head; for a single head also the
   * top-level scores, scaled (before masking) and weights (masked entries exactly 0); `concat`
   * when heads > 1; `output` = concat·W_O when W_O is given, else the concatenation.
   */
  function attend(input) {
    var heads = validate(input);
    var causal = Boolean(input.causal);
    var p = project(input.embeddings, input.w_q, input.w_k, input.w_v);
    ensureFinite('the queries Q', p.q);
    ensureFinite('the keys K', p.k);
    ensureFinite('the values V', p.v);
    var dq = input.w_q[0].length / heads;
    var dv = input.w_v[0].length / heads;
    var perHead = [];
    for (var h = 0; h < heads; h++) {
      var q = columns(p.q, h * dq, dq);
      var k = columns(p.k, h * dq, dq);
      var v = columns(p.v, h * dv, dv);
      var raw = scores(q, k);
      ensureFinite('the scores Q\u00b7K\u1d40', raw);
      var sc = scaled(raw, dq);
      var weights = softmaxRows(sc, causal);
      perHead.push({
        d_k: dq, q: q, k: k, v: v, scores: raw, scaled: sc, weights: weights,
        output: matmul(weights, v),
      });
    }
    var concat = heads === 1 ? perHead[0].output : hconcat(perHead.map(function (x) { return x.output; }));
    ensureFinite("the heads' outputs", concat);
    var wo = input.w_o === undefined ? null : input.w_o;
    var output = wo ? matmul(concat, wo) : concat;
    ensureFinite('the output', output);
    var result = {
      tokens: input.tokens.slice(), causal: causal, d_k: dq,
      q: p.q, k: p.k, v: p.v, heads: perHead,
      output: output,
    };
    if (heads === 1) {
      result.scores = perHead[0].scores;
      result.scaled = perHead[0].scaled;
      result.weights = perHead[0].weights;
    } else {
      result.concat = concat;
    }
    return result;
  }

  /**
   * One token's calculation spelled out, as numbers for the widget to print: its query, each dot
   * product (the products summed in order), the division by √d_k, the exps and their sum, the
   * weights and the weighted sum of the values. When some e^s would overflow, the exps are taken
   * after subtracting the row's largest score (`shift`), which gives the same weights.
   */
  function explainRow(result, headIndex, row) {
    var head = result.heads[headIndex];
    var query = head.q[row];
    var keys = head.k.map(function (key, j) {
      return {
        index: j,
        key: key,
        masked: isMasked(row, j, result.causal),
        products: query.map(function (x, t) { return x * key[t]; }),
        score: head.scores[row][j],
        scaled: head.scaled[row][j],
      };
    });
    var open = keys.filter(function (k) { return !k.masked; });
    var overflow = open.some(function (k) { return !isFinite(Math.exp(k.scaled)); });
    var shift = 0;
    if (overflow) {
      shift = Math.max.apply(null, open.map(function (k) { return k.scaled; }));
    }
    var sum = 0;
    keys.forEach(function (k) {
      k.exp = k.masked ? 0 : Math.exp(k.scaled - shift);
      sum += k.exp;
    });
    if (!isFinite(sum)) {
      // Many large exps can overflow the sum even when each is finite: fall back to the shift.
      shift = Math.max.apply(null, open.map(function (k) { return k.scaled; }));
      sum = 0;
      keys.forEach(function (k) {
        k.exp = k.masked ? 0 : Math.exp(k.scaled - shift);
        sum += k.exp;
      });
    }
    keys.forEach(function (k) {
      k.weight = head.weights[row][k.index];
      k.value = head.v[k.index];
    });
    return {
      row: row,
      head: headIndex,
      d_k: head.d_k,
      sqrtDk: Math.sqrt(head.d_k),
      query: query,
      keys: keys,
      shift: shift,
      expSum: sum,
      output: head.output[row],
    };
  }

  return {
    MAX_TOKENS: MAX_TOKENS,
    MAX_DIM: MAX_DIM,
    matmul: matmul,
    transpose: transpose,
    dot: dot,
    project: project,
    scores: scores,
    scaled: scaled,
    isMasked: isMasked,
    softmaxRows: softmaxRows,
    attend: attend,
    explainRow: explainRow,
  };
});
