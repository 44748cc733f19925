//! ` ```attention ` blocks: tokens, embeddings and weight matrices → `compute::attention`.

use super::toml_input::{count, matrix, strings, Names, Rows};
use super::{kind_spec, ok_or_record, optional, read_kind, shown};
use super::{BlockError, ParsedExample};
use crate::compute::attention::{heads_hint, AttentionInput, MAX_HEADS};
use crate::compute::kind::KindRun;
use toml::Spanned;

mod widget;

use widget::widget_keys;

const KEYS: &str =
    "tokens, embeddings, w_q, w_k, w_v, w_o (optional), causal (optional), heads (optional)";

kind_spec! {
    struct AttentionSpec {
        tokens: Names,
        embeddings: Rows,
        w_q: Rows,
        w_k: Rows,
        w_v: Rows,
        w_o: Option<Rows>,
        causal: Option<Spanned<bool>>,
        heads: Option<Spanned<i64>>,
    }
}

/// Parses the block and runs the compute core on it.
pub(super) fn evaluate(text: &str) -> Result<ParsedExample, Vec<BlockError>> {
    read_kind(
        text,
        KEYS,
        input,
        |input, _| widget_keys(input),
        attention_tables,
    )
}

/// The kind's input from the block's own keys, each problem added to `errors`.
fn input(spec: &AttentionSpec, errors: &mut Vec<BlockError>) -> Option<AttentionInput> {
    let mut read = |field: &str, rows: &Rows| ok_or_record(errors, matrix(field, rows));
    let embeddings = read("embeddings", &spec.embeddings);
    let w_q = read("w_q", &spec.w_q);
    let w_k = read("w_k", &spec.w_k);
    let w_v = read("w_v", &spec.w_v);
    let w_o = optional(errors, spec.w_o.as_ref(), |rows| matrix("w_o", rows));
    let help = heads_hint();
    let heads = optional(errors, spec.heads.as_ref(), |heads| {
        count("heads", heads, MAX_HEADS, &help)
    });
    Some(AttentionInput {
        tokens: strings(&spec.tokens),
        embeddings: embeddings?,
        w_q: w_q?,
        w_k: w_k?,
        w_v: w_v?,
        w_o: w_o?,
        causal: spec.causal.as_ref().is_some_and(|causal| *causal.get_ref()),
        heads: heads?.unwrap_or(1),
    })
}

/// What an attention widget shows without JavaScript: Q, K and V; per head its scores, scaled
/// scores and weights (`h2.weights`, captioned "head 2"); with several heads the heads side by
/// side; and the output, captioned with the product that gives it (`concat · W_O` when the
/// example has `w_o`).
fn attention_tables(attention: &KindRun) -> Vec<(String, String)> {
    let mut tables = shown(&[("q", "Queries Q"), ("k", "Keys K"), ("v", "Values V")]);
    let heads = attention.position("heads").unwrap_or(1);
    let many = heads > 1;
    for head in 1..=heads {
        let (prefix, of_head) = if many {
            (format!("h{head}."), format!(", head {head}"))
        } else {
            (String::new(), String::new())
        };
        for (part, caption) in [
            ("scores", "Scores QKᵀ"),
            ("scaled", "Scaled scores QKᵀ/√dₖ"),
            ("weights", "Attention weights A"),
        ] {
            tables.push((format!("{prefix}{part}"), format!("{caption}{of_head}")));
        }
        if many {
            tables.push((
                format!("{prefix}output"),
                format!("Head {head}'s output AV"),
            ));
        }
    }
    if many {
        tables.push(("concat".into(), "The heads side by side (concat)".into()));
    }
    let w_o = attention.quantity("w_o").is_some();
    if w_o {
        tables.push(("w_o".into(), "Output weights W_O".into()));
    }
    let heads_output = if many { "concat" } else { "AV" };
    let times_w_o = if w_o { " · W_O" } else { "" };
    tables.push((
        "output".into(),
        format!("Output Z = {heads_output}{times_w_o}"),
    ));
    tables
}

#[cfg(test)]
mod tests;
