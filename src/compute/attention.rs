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

use super::computed::{Computed, LabelSides, Labels, Origin};
use super::kind::{KindInput, Table};
use super::lang::Value;
use super::template::{too_large, Stopped};
use super::{ComputeError, KindProgram};

mod checks;
mod overflow_words;
mod program;
mod table;

pub use checks::{heads_hint, MAX_HEADS};
pub use overflow_words::step_words;
use table::PARTS;
pub use table::{sides, HEADS, TABLE};

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

/// Duplicate tokens are allowed: "the cat sat on the mat" has two `the`s, and references then
/// address them by position. Errors carry `field` = the input key at fault.
impl KindInput for AttentionInput {
    const TABLE: &'static Table = &TABLE;

    /// The kind's one program (`program::steps`) with its inputs, after validating every
    /// shape.
    fn template(&self) -> Result<KindProgram, ComputeError> {
        checks::validate(self)?;
        let steps = program::steps(self);
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
        overflow_words::overflowed(&stopped.step)
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

#[cfg(test)]
mod tests;
