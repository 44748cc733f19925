//! An example's card: the inputs of an example block, shown where the block stands so that a
//! sentence such as "gives three candidate next words these logits:" is followed by them.
//!
//! Stage: presentation. Input: the inputs as labelled [`Quantity`] values with captions, in the
//! order the compute core lists them. Output: one HTML fragment: matrices and vectors as small
//! labelled tables (a vector is one row), numbers and text as a list of terms. Numbers print as
//! the author wrote them ([`Precision::AsWritten`]).
//! Must not: decide which quantities are inputs (the compute core does) or compute anything.

use super::number::Precision;
use super::table::{quantity_prose, quantity_table_captioned};
use crate::base::html::escape_html;
use crate::compute::Quantity;

/// Most numbers one table of a card shows. A card is a glance at the inputs: a larger matrix
/// (an example may have 512 tokens of 1,024 dimensions) is named by its shape instead, and the
/// prose or a widget shows what matters of it.
pub const MAX_CARD_CELLS: usize = 256;

/// One input on a card.
pub struct CardInput {
    /// The quantity's name (`w_q`), kept in a `data-card-input` attribute for tests and styles.
    pub name: String,
    /// What the reader sees above it, as HTML written by the site (`W<sub>Q</sub>`).
    pub caption_html: String,
    /// Its value, with the labels references use.
    pub quantity: Quantity,
}

/// The card of one example: the program of a compute example (`program`, shown as written),
/// its tables side by side (wrapping on narrow screens), then its single values. `None` when
/// there is nothing to show.
pub fn example_card(program: Option<&str>, inputs: &[CardInput]) -> Option<String> {
    if inputs.is_empty() && program.is_none() {
        return None;
    }
    let mut tables = String::new();
    let mut values = String::new();
    for input in inputs {
        let attributes = format!("data-card-input=\"{}\"", escape_html(&input.name));
        let cells = match &input.quantity {
            Quantity::Vector { values, .. } => values.len(),
            Quantity::Matrix { values, .. } => values.len(),
            _ => 1,
        };
        let as_table = match &input.quantity {
            _ if cells > MAX_CARD_CELLS => None,
            // A vector without labels would get a header of 1, 2, 3: a list reads better.
            Quantity::Vector { labels: None, .. } => None,
            quantity => quantity_table_captioned(
                quantity,
                Precision::AsWritten,
                &attributes,
                Some(&input.caption_html),
            ),
        };
        if let Some(table) = as_table {
            tables.push_str(&table);
            continue;
        }
        let text = if cells > MAX_CARD_CELLS {
            input.quantity.shape_description()
        } else {
            match quantity_prose(&input.quantity, Precision::AsWritten, true) {
                Some(text) => escape_html(&text),
                None => continue,
            }
        };
        values.push_str(&format!(
            "<div {attributes}><dt>{}</dt><dd>{text}</dd></div>",
            input.caption_html
        ));
    }
    let mut html = String::from(
        "<div class=\"worked-card\" role=\"group\" aria-label=\"The example's inputs\">",
    );
    if let Some(program) = program {
        html.push_str(&format!(
            "<pre class=\"worked-card-program\"><code>{}</code></pre>",
            escape_html(program.trim_matches('\n'))
        ));
    }
    if !tables.is_empty() {
        html.push_str(&format!("<div class=\"worked-card-tables\">{tables}</div>"));
    }
    if !values.is_empty() {
        html.push_str(&format!("<dl class=\"worked-card-values\">{values}</dl>"));
    }
    html.push_str("</div>\n");
    Some(html)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::array;

    fn input(name: &str, caption_html: &str, quantity: Quantity) -> CardInput {
        CardInput {
            name: name.into(),
            caption_html: caption_html.into(),
            quantity,
        }
    }

    #[test]
    fn a_card_shows_matrices_as_captioned_tables_with_integers_as_written() {
        let card = example_card(
            None,
            &[
                input(
                    "embeddings",
                    "Embeddings X",
                    Quantity::Matrix {
                        values: array![[1.0, 0.0], [0.5, -2.0]],
                        row_labels: Some(vec!["the".into(), "<cat>".into()]),
                        col_labels: None,
                    },
                ),
                input(
                    "w_q",
                    "W<sub>Q</sub>",
                    Quantity::Matrix {
                        values: array![[2.0]],
                        row_labels: None,
                        col_labels: None,
                    },
                ),
            ],
        )
        .unwrap();
        assert!(card.contains("<caption>Embeddings X</caption>"), "{card}");
        assert!(card.contains("<caption>W<sub>Q</sub></caption>"), "{card}");
        assert!(
            card.contains("<th scope=\"row\">&lt;cat&gt;</th>"),
            "{card}"
        );
        assert!(card.contains("data-col=\"0\">1</td>"), "{card}");
        assert!(card.contains("data-col=\"0\">0.5</td>"), "{card}");
        assert!(card.contains("data-col=\"1\">\u{2212}2</td>"), "{card}");
        assert!(!card.contains("1.000"), "{card}");
        assert!(!card.contains("worked-card-values"), "{card}");
    }

    #[test]
    fn a_vector_is_one_labelled_row_and_numbers_and_text_are_terms() {
        let card = example_card(
            None,
            &[
                input(
                    "logits",
                    "Logits",
                    Quantity::Vector {
                        values: array![2.0, 1.0, 0.0],
                        labels: Some(vec!["cat".into(), "dog".into(), "fish".into()]),
                    },
                ),
                input("temperature", "Temperature T", Quantity::Scalar(0.5)),
                input("target", "Target", Quantity::Text("c<a>t".into())),
                input("steps", "Steps", Quantity::Count(20)),
                input(
                    "temperatures",
                    "Temperatures",
                    Quantity::Vector {
                        values: array![0.5, 1.0, 2.0],
                        labels: None,
                    },
                ),
            ],
        )
        .unwrap();
        assert!(
            card.contains("<dt>Temperatures</dt><dd>0.5, 1, 2</dd>"),
            "{card}"
        );
        assert!(card.contains("<th scope=\"col\">fish</th>"), "{card}");
        assert_eq!(
            card.matches("<tr>").count(),
            2,
            "only the logits are a table: {card}"
        );
        assert!(
            card.contains("<dt>Temperature T</dt><dd>0.5</dd>"),
            "{card}"
        );
        assert!(card.contains("<dd>c&lt;a&gt;t</dd>"), "{card}");
        assert!(card.contains("<dd>20</dd>"), "{card}");
    }

    #[test]
    fn a_matrix_too_large_for_a_glance_is_named_by_its_shape() {
        let card = example_card(
            None,
            &[input(
                "embeddings",
                "Embeddings",
                Quantity::Matrix {
                    values: ndarray::Array2::zeros((20, 13)),
                    row_labels: None,
                    col_labels: None,
                },
            )],
        )
        .unwrap();
        assert!(!card.contains("<table"), "{card}");
        assert!(
            card.contains("<dt>Embeddings</dt><dd>a 20×13 matrix</dd>"),
            "{card}"
        );
    }

    #[test]
    fn an_example_without_inputs_has_no_card() {
        assert_eq!(example_card(None, &[]), None);
    }

    #[test]
    fn a_program_is_shown_as_written_and_escaped() {
        let card = example_card(Some("\ny = x < 2\n"), &[]).unwrap();
        assert!(
            card.contains("<pre class=\"worked-card-program\"><code>y = x &lt; 2</code></pre>"),
            "{card}"
        );
    }
}
