//! ` ```attention ` blocks: tokens, embeddings and weight matrices → `compute::attention`.

use super::expect::ExpectTable;
use super::toml_input::{count, matrix, parse_toml, strings, Names, Rows};
use super::{kind_example, name_problems, ok_or_record, optional, run_kind, shown};
use super::{BlockError, ParsedExample};
use crate::compute::attention::{heads_hint, AttentionInput, MAX_HEADS};
use crate::compute::kind::KindRun;
use serde::Deserialize;
use toml::Spanned;

mod widget;

use widget::widget_keys;

const KEYS: &str = "name, tokens, embeddings, w_q, w_k, w_v, w_o (optional), causal (optional), \
heads (optional), [expect] (optional), show (optional)";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AttentionSpec {
    name: Spanned<String>,
    tokens: Names,
    embeddings: Rows,
    w_q: Rows,
    w_k: Rows,
    w_v: Rows,
    w_o: Option<Rows>,
    causal: Option<Spanned<bool>>,
    heads: Option<Spanned<i64>>,
    expect: Option<ExpectTable>,
    show: Option<Spanned<toml::Value>>,
}

/// Parses the block and runs the compute core on it.
pub(super) fn evaluate(text: &str) -> Result<ParsedExample, Vec<BlockError>> {
    let spec: AttentionSpec = parse_toml(text, KEYS).map_err(|error| vec![error])?;
    let mut errors = name_problems(&spec.name);
    let mut read = |field: &str, rows: &Rows| ok_or_record(&mut errors, matrix(field, rows));
    let embeddings = read("embeddings", &spec.embeddings);
    let w_q = read("w_q", &spec.w_q);
    let w_k = read("w_k", &spec.w_k);
    let w_v = read("w_v", &spec.w_v);
    let w_o = optional(&mut errors, spec.w_o.as_ref(), |rows| matrix("w_o", rows));
    let help = heads_hint();
    let heads = optional(&mut errors, spec.heads.as_ref(), |heads| {
        count("heads", heads, MAX_HEADS, &help)
    });
    let (Some(embeddings), Some(w_q), Some(w_k), Some(w_v), Some(w_o), Some(heads), true) =
        (embeddings, w_q, w_k, w_v, w_o, heads, errors.is_empty())
    else {
        return Err(errors);
    };
    let input = AttentionInput {
        tokens: strings(&spec.tokens),
        embeddings,
        w_q,
        w_k,
        w_v,
        w_o,
        causal: spec.causal.as_ref().is_some_and(|causal| *causal.get_ref()),
        heads: heads.unwrap_or(1),
    };
    let run = run_kind(&input, spec.name.get_ref(), |_| widget_keys(&input));
    let (show, expect) = (spec.show.as_ref(), spec.expect.as_ref());
    kind_example(text, &spec.name, show, expect, run, attention_tables)
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
