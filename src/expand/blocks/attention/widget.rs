//! An attention widget's own data: its controls, views and words, beside the kind's program.

use crate::compute::attention::{sides, step_words, AttentionInput, HEADS};
use crate::expand::widget_presentation::{Control, View};
use std::collections::BTreeMap;

/// An attention widget's own data, beside the kind's one program on the embeddings and
/// projections (number fields, the token names editable as `tokens`, the row labels of every
/// table) and `causal` (a toggle): Q, K, V, each head's scores, scaled scores and weights (a
/// heatmap at full colour for 1, hatched where the causal `mask` removes a weight, as the
/// lesson's figure), the heads side by side (when there are several) and the output; the steps
/// that can overflow in the kind's words (`step_words`), for the widget's refusals, and the
/// matrices' fields named as the lesson names them (`field_names`). The projections are
/// labelled by position whatever their size, the per-token tables by token on their rows only,
/// and the token-by-token ones on both sides.
pub(super) fn widget_keys(input: &AttentionInput) -> serde_json::Value {
    let heads = input.heads;
    let mut show: Vec<String> = ["q", "k", "v"].map(String::from).to_vec();
    for h in 1..=heads {
        show.extend(["scores", "scaled", "weights"].map(|part| HEADS.step(part, h, heads)));
    }
    // One head's output is all there is side by side: `concat` shows only with several heads.
    show.extend((heads > 1).then(|| "concat".to_string()));
    show.push("output".to_string());
    let weights = |of: serde_json::Value| -> serde_json::Map<_, _> {
        (1..=heads)
            .map(|h| (HEADS.step("weights", h, heads), of.clone()))
            .collect()
    };
    let words: serde_json::Map<_, _> = (step_words(heads).into_iter())
        .map(|(step, words)| (step, words.into()))
        .collect();
    let fields: serde_json::Map<_, _> = (FIELD_NAMES.iter())
        .filter(|(input_name, _)| *input_name != "w_o" || input.w_o.is_some())
        .map(|(input_name, said)| (input_name.to_string(), (*said).into()))
        .collect();
    serde_json::json!({
        "rows": input.tokens,
        "labels": sides(heads).into_iter().collect::<BTreeMap<_, _>>(),
        "controls": {
            "embeddings": Control::Names { called: "tokens".into() }.json(),
            "causal": Control::Toggle.json(),
        },
        "views": weights(View::Heatmap.name().into()),
        "full": weights(1.into()),
        "masked": weights("mask".into()),
        "show": show,
        "step_words": words,
        "field_names": fields,
    })
}

/// The kind's matrices as the lesson writes them (the cards' titles, src/expand/cards.rs), for
/// the names a screen reader gives the widget's fields and a refusal says: "W_Q row 1, column
/// 2", not the program's `w_q`.
const FIELD_NAMES: [(&str, &str); 5] = [
    ("embeddings", "X"),
    ("w_q", "W_Q"),
    ("w_k", "W_K"),
    ("w_v", "W_V"),
    ("w_o", "W_O"),
];
