//! Example cards: where an example block stands, the page shows the block's inputs (tokens and
//! matrices as small labelled tables, logits as a row, points as a table) unless the block says
//! `show = false`.
//!
//! Input: an evaluated [`ExampleBlock`]. Output: the card's HTML, from `present::card`. The
//! compute core decides which quantities are inputs; this file only gives them the reader's
//! names (captions) and never computes with them.

use crate::base::html::escape_html;
use crate::compute::{Evaluated, Quantity};
use crate::expand::blocks::ExampleBlock;
use crate::present::card::{example_card, CardInput};

/// The card of `example`, or `None` when it is hidden (`show = false`) or has no inputs.
pub(super) fn card(example: &ExampleBlock) -> Option<String> {
    if !example.show {
        return None;
    }
    let evaluated = &example.evaluated;
    let mut inputs: Vec<CardInput> = evaluated
        .input_names()
        .into_iter()
        .filter_map(|name| {
            let quantity = card_labels(evaluated, evaluated.quantity(&name)?);
            Some(CardInput {
                caption_html: caption_html(evaluated, &name),
                name,
                quantity,
            })
        })
        .collect();
    if let Evaluated::Kind(attention) = evaluated {
        // Switches the author wrote, shown only when they change the computation.
        let heads = attention.quantity("heads");
        if let Some(Quantity::Count(heads @ 2..)) = heads {
            inputs.push(CardInput {
                name: "heads".into(),
                caption_html: "Heads".into(),
                quantity: Quantity::Count(heads),
            });
        }
        if attention.table.kind == "attention" && attention.position("causal") == Some(1) {
            inputs.push(CardInput {
                name: "causal".into(),
                caption_html: "Causal mask".into(),
                quantity: Quantity::Text("on".into()),
            });
        }
    }
    // A compute example is a program: the card shows it above its inputs.
    let program = matches!(evaluated, Evaluated::Compute(_))
        .then(|| example.inputs.get("steps").and_then(|steps| steps.as_str()))
        .flatten();
    example_card(program, &inputs)
}

/// The labels a card shows. A compute example labels every matrix whose size fits `rows` or
/// `cols`, which is right for token-by-token steps but not for a square weight matrix that merely
/// has as many rows as there are tokens (`w_q` of a two-word target would read "le, chat" on
/// both sides); so on a card a compute example's square inputs are numbered instead. References
/// still address them by the labels.
fn card_labels(evaluated: &Evaluated, quantity: Quantity) -> Quantity {
    match (evaluated, quantity) {
        (Evaluated::Compute(_), Quantity::Matrix { values, .. }) if values.is_square() => {
            Quantity::Matrix {
                values,
                row_labels: None,
                col_labels: None,
            }
        }
        (_, quantity) => quantity,
    }
}

/// The reader's name for an input: the symbol the lessons use for it, never the example's id.
fn caption_html(evaluated: &Evaluated, name: &str) -> String {
    let caption = match (evaluated.kind(), name) {
        ("attention", "embeddings") => "Embeddings <var>X</var>",
        ("attention", "w_q") => "<var>W</var><sub>Q</sub>",
        ("attention", "w_k") => "<var>W</var><sub>K</sub>",
        ("attention", "w_v") => "<var>W</var><sub>V</sub>",
        ("attention", "w_o") => "<var>W</var><sub>O</sub>",
        ("softmax", "logits") => "Logits",
        ("softmax", "temperature") => "Temperature <var>T</var>",
        ("softmax", "target") => "Target",
        ("softmax", "temperatures") => "Temperatures compared",
        ("vectors", "vectors") => "Vectors",
        ("gradient_descent", "points") => "Points",
        ("gradient_descent", "start") => "Start (<var>w</var>, <var>b</var>)",
        ("gradient_descent", "learning_rate") => "Learning rate η",
        ("gradient_descent", "steps") => "Steps",
        // A compute example's inputs are named by the author, as its program uses them.
        _ => return format!("<code>{}</code>", escape_html(name)),
    };
    caption.to_string()
}
