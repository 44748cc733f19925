//! Scaled dot-product self-attention, single- or multi-head, optionally causal.
//!
//! Stage: evaluation of an ```` ```attention ```` example block.
//! Input: an [`AttentionInput`] (tokens, embeddings E, projections W_q, W_k, W_v, optional W_o)
//! that the site layer has already read from TOML.
//! Output: a [`super::kind::KindRun`]: the one run of the kind's program, read through
//! [`TABLE`], so prose can reference any matrix (`cat.scaled[sat, the]`, `cat.h2.weights`),
//! `eval --json` can dump them, and the widget (the same text in compute-lang.js) shows that
//! run's steps.
//! Must not: read files, format numbers, or return NaN/∞: a product that overflows and an
//! example beyond the language's limits are errors.
//!
//! Per head h with d_k columns: Q = E·W_q, K = E·W_k, V = E·W_v; scores = Q_h·K_hᵀ; scaled =
//! scores / √d_k; weights = softmax of each row of `scaled` (j > i excluded when causal);
//! output_h = weights·V_h. The heads side by side, times W_o if given, are the output.

use ndarray::Array2;

use super::computed::{Computed, LabelSides, Labels, Origin, Side};
use super::error::{count_within, non_empty, too_many};
use super::kind::{Groups, Json, KindInput, Source, Table};
use super::lang::Value;
use super::template::{too_large, Stopped};
use super::{ComputeError, KindProgram, MAX_DIM, MAX_TOKENS};

/// The inputs of an attention example, as the block reader leaves them: every number finite, every
/// matrix with at least one row and column, at most [`MAX_HEADS`] heads. The kind refuses
/// anything else at its field, never with a NaN or a step the author did not write.
#[derive(Debug, Clone, PartialEq)]
pub struct AttentionInput {
    /// One name per token; duplicates are allowed (references then use positions).
    pub tokens: Vec<String>,
    /// One row per token; its width is the model dimension.
    pub embeddings: Array2<f64>,
    /// Query projection: model dimension × (heads · d_k).
    pub w_q: Array2<f64>,
    /// Key projection: same shape as `w_q`.
    pub w_k: Array2<f64>,
    /// Value projection: model dimension × (heads · d_v).
    pub w_v: Array2<f64>,
    /// Optional output projection applied to the concatenated heads: (heads · d_v) × anything.
    pub w_o: Option<Array2<f64>>,
    /// Whether token i may only attend to tokens 1..=i (a decoder's mask).
    pub causal: bool,
    /// Number of heads; must divide the widths of `w_q` and `w_v`.
    pub heads: usize,
}

/// The most heads an example may have. The program writes seven lines per head and names every
/// head's output on one line, so far more heads would run past the language's limits on a
/// program's lines and a line's length, which an author would read as nonsense about a program
/// they never wrote; 64 stays well inside both.
pub const MAX_HEADS: usize = 64;

/// What the attention kind calls its values: the tokens label the rows of every per-token
/// matrix and both sides of the token-by-token ones; weight matrices are unlabelled. `scores`,
/// `scaled` and `weights` are the one head's (with several they would be ambiguous: `h2.weights`
/// names one), `concat` the heads' side by side when there are several; `h1.q` … `hN.output`
/// are each head's, read from the program's own values ([`HEADS`]).
pub static TABLE: Table = Table {
    kind: "attention",
    names: "embeddings w_q w_k w_v w_o q k v scores scaled weights concat output d_k n heads",
    sources: &[
        ("d_k", Source::Count("d_k")),
        ("n", Source::Count("n")),
        ("heads", Source::Count("heads")),
    ],
    groups: Some(HEADS),
    inputs: &["embeddings", "w_q", "w_k", "w_v", "w_o"],
    sides: &[
        ("embeddings q k v concat output", Side::Rows),
        ("w_q w_k w_v w_o", Side::None),
    ],
    own: &[],
    // Single head: top-level `scores`/`scaled`/`weights`. Several heads: a `heads` array and
    // `concat` instead, matching which quantities references can name.
    json: &[
        ("tokens", Json::Labels),
        ("causal", Json::Flag("causal")),
        ("embeddings w_q w_k w_v w_o", Json::Named),
        ("d_k", Json::Position("d_k")),
        ("q k v", Json::Named),
        ("scores scaled weights", Json::NamedIfAny),
        (
            "heads",
            Json::Groups(
                "concat",
                &[
                    ("d_k", Json::Position("d_k")),
                    ("q k v scores scaled weights output", Json::Named),
                ],
            ),
        ),
        ("concat", Json::NamedIfAny),
        ("output", Json::Named),
    ],
};

/// A head's values by the kind's name (`h2.q`), the program's name with one head and its stem
/// with several (`head_q_2`): one head reads Q, K and V whole, as the lesson writes QKᵀ;
/// several each take their columns.
const PARTS: [(&str, &str, &str); 7] = [
    ("q", "q", "head_q"),
    ("k", "k", "head_k"),
    ("v", "v", "head_v"),
    ("scores", "scores", "scores"),
    ("scaled", "scaled", "scaled"),
    ("weights", "weights", "weights"),
    ("output", "out", "out"),
];

/// The heads, as [`TABLE`] reads them; [`Groups::step`] names a head's part in the program.
pub const HEADS: Groups = Groups {
    count: "heads",
    parts: &PARTS,
};

/// Every value of the program that takes only some sides of the tokens, as the widget labels
/// them and the run's quantities are labelled: [`TABLE`]'s, and each head's columns of Q, K, V
/// and its output, per token (rows), not token by token.
pub fn sides(heads: usize) -> Vec<(String, Side)> {
    let table = (TABLE.side_of_each()).map(|(name, side)| (name.to_string(), side));
    let per_head = ["q", "k", "v", "output"]
        .into_iter()
        .flat_map(|part| (1..=heads).map(move |h| (HEADS.step(part, h, heads), Side::Rows)));
    table.chain(per_head).collect()
}

/// Duplicate tokens are allowed: "the cat sat on the mat" has two `the`s, and references then
/// address them by position. Errors carry `field` = the input key at fault.
impl KindInput for AttentionInput {
    const TABLE: &'static Table = &TABLE;

    /// The kind's one program with its inputs, after validating every shape: the projections;
    /// `causal` (1 or 0, the widget's toggle) hides the entries above the diagonal (`hidden`),
    /// whose −∞ in the softmax (`mask`, a step of its own so a heatmap of the weights can hatch
    /// it) leaves a masked weight exactly 0, while `scaled` stays unmasked so the page can show
    /// what the mask hides; each head's steps (suffixed `_1`, `_2`, … when there are several);
    /// the heads side by side; the output. The token count and each head's width are written
    /// in, since a widget keeps every input's shape.
    fn template(&self) -> Result<KindProgram, ComputeError> {
        validate(self)?;
        let (n, heads) = (self.tokens.len(), self.heads);
        let (d_k, d_v) = (self.w_q.ncols() / heads, self.w_v.ncols() / heads);
        let mut steps = format!(
            "q = embeddings @ w_q\nk = embeddings @ w_k\nv = embeddings @ w_v\n\
             hidden = (causal_mask({n}) < 0) * causal\nmask = where(hidden == 1, -inf, 0)\n"
        );
        for h in 1..=heads {
            let [q, k, v, scores, scaled, weights, out] =
                PARTS.map(|(part, ..)| HEADS.step(part, h, heads));
            if heads > 1 {
                let (qk, vs) = ((h - 1) * d_k, (h - 1) * d_v);
                steps += &format!(
                    "{q} = cols(q, {qk}, {})\n{k} = cols(k, {qk}, {})\n{v} = cols(v, {vs}, {})\n",
                    qk + d_k,
                    qk + d_k,
                    vs + d_v
                );
            }
            steps += &format!(
                "{scores} = {q} @ {k}.T\n{scaled} = {scores} / sqrt({d_k})\n\
                 {weights} = softmax({scaled} + mask, axis=1)\n{out} = {weights} @ {v}\n"
            );
        }
        let mut output = HEADS.step("output", 1, heads);
        if heads > 1 {
            let outs: Vec<String> = (1..=heads)
                .map(|h| HEADS.step("output", h, heads))
                .collect();
            steps += &format!("concat = concat({}, axis=1)\n", outs.join(", "));
            output = "concat".into();
        }
        let w_o = if self.w_o.is_some() { " @ w_o" } else { "" };
        steps += &format!("output = {output}{w_o}\n");
        let matrix =
            |name: &str, values: &Array2<f64>| (name.into(), Value::Matrix(values.clone()));
        let mut inputs = vec![
            matrix("embeddings", &self.embeddings),
            matrix("w_q", &self.w_q),
            matrix("w_k", &self.w_k),
            matrix("w_v", &self.w_v),
        ];
        inputs.extend(self.w_o.iter().map(|w_o| matrix("w_o", w_o)));
        inputs.push((
            "causal".into(),
            Value::Scalar(f64::from(u8::from(self.causal))),
        ));
        Ok(KindProgram { steps, inputs })
    }

    /// The tokens, on the sides [`sides`] gives each value.
    fn labels(&self) -> Labels {
        Labels {
            rows: Some(self.tokens.clone()),
            sides: (sides(self.heads).into_iter())
                .map(|(name, side)| (name, LabelSides::Side(side)))
                .collect(),
            ..Labels::default()
        }
    }

    /// An example past the language's limits (its work limit counts every head of the one
    /// run), or a product that overflowed (the inputs are finite).
    fn stopped(&self, stopped: Stopped) -> ComputeError {
        if stopped.over_limit() {
            let size = format!("{} heads over {} tokens", self.heads, self.tokens.len());
            let hint = "use fewer tokens or heads, or narrower projections";
            return too_large("heads", &size, hint, &stopped);
        }
        let bare = stopped
            .step
            .trim_end_matches(|c: char| c.is_ascii_digit() || c == '_');
        let words = |step: &str| OVERFLOWING.iter().find(|(name, ..)| *name == step);
        let (_, what, _) = words(bare).unwrap_or(&OVERFLOWING[6]);
        ComputeError::new(format!(
            "{what} overflows: the inputs are too large to compute with"
        ))
        .with_hint("scale the inputs down")
    }

    /// The token count, d_k and the head count beside the run's values; each head's values are
    /// read under the kind's grouped names (`h2.weights` for the program's `weights_2`) by
    /// [`TABLE`]'s groups, not copied.
    fn finish(&self, run: &mut Computed) {
        let count =
            |name: &str, n: usize| (name.to_string(), Origin::Step, Value::Scalar(n as f64));
        run.values.extend([
            count("n", self.tokens.len()),
            count("d_k", self.w_q.ncols() / self.heads),
            count("heads", self.heads),
        ]);
    }
}

/// What overflowing in a step means in the lesson's words, as `(step, words, a head's words)`:
/// a head's step is named without its suffix, and with several heads its scores and output are
/// said with their head; a step not listed is a head's scores or weights (the `scores` entry).
const OVERFLOWING: [(&str, &str, &str); 7] = [
    ("q", "the queries Q", ""),
    ("k", "the keys K", ""),
    ("v", "the values V", ""),
    ("out", "the heads' outputs", "the output"),
    ("concat", "the heads' outputs", ""),
    ("output", "the output", ""),
    ("scores", "the scores Q·Kᵀ", "the scores Q·Kᵀ"),
];

/// What each step of the kind's program that can overflow means, for the widget to say when a
/// reader's edit makes it overflow: the build's own words (`OVERFLOWING`), a head's with its
/// head ("the scores Q·Kᵀ of head 2").
pub fn step_words(heads: usize) -> Vec<(String, String)> {
    let mut words = Vec::new();
    for (step, said, per_head) in OVERFLOWING {
        if heads > 1 && !per_head.is_empty() {
            words.extend(
                (1..=heads).map(|h| (format!("{step}_{h}"), format!("{per_head} of head {h}"))),
            );
        } else {
            words.push((step.to_string(), said.to_string()));
        }
    }
    words
}

/// What `heads` must be, said when it is not a count of heads, here and by the block reader.
pub fn heads_hint() -> String {
    format!("use a whole number from 1 to {MAX_HEADS} that divides the width of w_q and w_v")
}

/// The shapes and counts the kind's program needs, each said at the input at fault: at most
/// [`MAX_HEADS`] heads, in the block reader's words. An empty or non-finite input is refused
/// when the program runs ([`KindProgram::run`]), a run that overflows stops
/// ([`KindInput::stopped`]), and the language's work limit bounds how many tokens fit.
fn validate(input: &AttentionInput) -> Result<(), ComputeError> {
    let (n, heads) = (input.tokens.len(), input.heads);
    let hint = "list at least one token, e.g. tokens = [\"the\", \"cat\"]";
    non_empty("tokens", n, "there are no tokens", hint)?;
    count_within("tokens", n, MAX_TOKENS)?;
    if heads > MAX_HEADS {
        return Err(too_many("heads", heads, MAX_HEADS, &heads_hint()));
    }
    let projections = [
        ("w_q", &input.w_q),
        ("w_k", &input.w_k),
        ("w_v", &input.w_v),
    ];
    let w_o = input.w_o.as_ref().map(|w_o| ("w_o", w_o));
    let matrices = [("embeddings", &input.embeddings)].into_iter();
    for (field, matrix) in matrices.chain(projections).chain(w_o) {
        let (rows, cols) = matrix.dim();
        if rows.max(cols) > MAX_DIM {
            let message = format!("{field} is {rows}×{cols}, larger than the limit of {MAX_DIM}");
            return Err(ComputeError::for_field(field, message));
        }
    }
    let fail = |field: &str, message: String, hint: &str| {
        Err(ComputeError::for_field(field, message).with_hint(hint))
    };
    let (rows, width) = input.embeddings.dim();
    if rows != n {
        let message = format!("embeddings has {rows} rows, but there are {n} tokens");
        return fail("embeddings", message, "give one embedding row per token");
    }
    for (field, matrix) in projections {
        let rows = matrix.nrows();
        if rows != width {
            let message = format!("{field} has {rows} rows, but the embeddings are {width} wide");
            let hint = format!("{field} needs one row per embedding column ({width})");
            return fail(field, message, &hint);
        }
    }
    let (q_cols, k_cols, v_cols) = (input.w_q.ncols(), input.w_k.ncols(), input.w_v.ncols());
    if k_cols != q_cols {
        let message = format!("w_k has {k_cols} columns, but w_q has {q_cols}");
        let hint = "queries and keys must have the same width to be compared";
        return fail("w_k", message, hint);
    }
    for (field, cols) in [("w_q", q_cols), ("w_v", v_cols)] {
        if heads == 0 || cols % heads != 0 {
            let message =
                format!("{heads} heads cannot split the {cols} columns of {field} evenly");
            let hint = format!("use a number of heads that divides {q_cols} and {v_cols}");
            return fail("heads", message, &hint);
        }
    }
    match input.w_o.as_ref().map(|w_o| w_o.nrows()) {
        Some(rows) if rows != v_cols => {
            let message =
                format!("w_o has {rows} rows, but the heads' outputs together are {v_cols} wide");
            fail("w_o", message, "w_o needs one row per column of w_v")
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests;
