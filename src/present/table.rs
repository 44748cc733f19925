//! Values as HTML, for references in prose: inline numbers and matrix tables.

use super::number::{format_count, format_number, Precision, Style};
use crate::base::html::{escape_html, strip_tags};
use crate::compute::Quantity;

/// A scalar, vector or text as an inline string of prose (not HTML-escaped).
/// Vectors print as `(a, b, c)`, or `a, b, c` with `| list`, and a one-entry vector as its
/// number. Matrices are not inline.
pub fn quantity_prose(quantity: &Quantity, precision: Precision, as_list: bool) -> Option<String> {
    let number = |value: f64| format_number(value, precision, Style::Prose);
    match quantity {
        Quantity::Count(count) => Some(format_count(*count)),
        Quantity::Scalar(value) => Some(number(*value)),
        Quantity::Vector { values, .. } => {
            let precision = precision.shared_by(values.iter().copied());
            let items = values
                .iter()
                .map(|value| format_number(*value, precision, Style::Prose))
                .collect::<Vec<_>>()
                .join(", ");
            // One entry reads as the number it is: `2.000`, not `(2.000)`.
            Some(if as_list || values.len() == 1 {
                items
            } else {
                format!("({items})")
            })
        }
        Quantity::Matrix { .. } => None,
        Quantity::Text(text) => Some(text.clone()),
    }
}

/// A matrix (or a vector, as one row) as an accessible HTML table, wrapped in a box that
/// scrolls sideways on narrow screens. `attributes` are added to the `<table>` verbatim
/// (already escaped), e.g. `data-ref="cat.weights"`.
pub fn quantity_table(
    quantity: &Quantity,
    precision: Precision,
    attributes: &str,
    caption: Option<&str>,
) -> Option<String> {
    let caption_html = caption.map(escape_html);
    quantity_table_captioned(quantity, precision, attributes, caption_html.as_deref())
}

/// [`quantity_table`] with a caption that is already HTML (`W<sub>Q</sub>`), written by the
/// site rather than by readers or authors.
pub fn quantity_table_captioned(
    quantity: &Quantity,
    precision: Precision,
    attributes: &str,
    caption_html: Option<&str>,
) -> Option<String> {
    let (values, row_labels, col_labels) = match quantity {
        Quantity::Matrix {
            values,
            row_labels,
            col_labels,
        } => (values.clone(), row_labels.clone(), col_labels.clone()),
        Quantity::Vector { values, labels } => (
            values.clone().insert_axis(ndarray::Axis(0)),
            None,
            labels.clone(),
        ),
        _ => return None,
    };
    let precision = precision.shared_by(values.iter().copied());
    // The box scrolls sideways when the table is wider than the column, so it is a named tab
    // stop (static/js/scroll-regions.js takes the stop away where the table fits).
    let mut html = format!(
        "<div class=\"worked-matrix-scroll scroll-region\" role=\"group\" aria-label=\"{}\" tabindex=\"0\">",
        caption_html.map_or_else(|| "Table".to_string(), text_of_html)
    );
    html.push_str(&format!("<table class=\"worked-matrix\" {attributes}>"));
    if let Some(caption) = caption_html {
        html.push_str(&format!("<caption>{caption}</caption>"));
    }
    let column_names: Vec<String> = (0..values.ncols())
        .map(|col| {
            col_labels
                .as_ref()
                .map_or_else(|| (col + 1).to_string(), |labels| labels[col].clone())
        })
        .collect();
    html.push_str("<thead><tr>");
    if row_labels.is_some() {
        html.push_str("<td></td>");
    }
    for name in &column_names {
        html.push_str(&format!("<th scope=\"col\">{}</th>", escape_html(name)));
    }
    html.push_str("</tr></thead><tbody>");
    for (row_index, row) in values.rows().into_iter().enumerate() {
        html.push_str("<tr>");
        if let Some(labels) = &row_labels {
            html.push_str(&format!(
                "<th scope=\"row\">{}</th>",
                escape_html(&labels[row_index])
            ));
        }
        for (col_index, value) in row.iter().enumerate() {
            html.push_str(&format!(
                "<td data-row=\"{row_index}\" data-col=\"{col_index}\">{}</td>",
                format_number(*value, precision, Style::Prose)
            ));
        }
        html.push_str("</tr>");
    }
    html.push_str("</tbody></table></div>");
    Some(html)
}

/// The text of trusted, already escaped HTML (`W<sub>Q</sub>` → `WQ`), fit for an attribute
/// value: tags dropped, entities kept as they are, a stray quote escaped.
fn text_of_html(html: &str) -> String {
    strip_tags(html).replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::array;

    fn weights() -> Quantity {
        Quantity::Matrix {
            values: array![[0.5, -0.5]],
            row_labels: Some(vec!["<b>".into()]),
            col_labels: Some(vec!["x".into(), "y".into()]),
        }
    }

    #[test]
    fn tables_have_scoped_headers_and_indexed_cells() {
        let html =
            quantity_table(&weights(), Precision::Decimals(1), "data-ref=\"e.w\"", None).unwrap();
        assert!(html.contains("<th scope=\"col\">x</th>"), "{html}");
        assert!(html.contains("<th scope=\"row\">&lt;b&gt;</th>"), "{html}");
        assert!(
            html.contains("<td data-row=\"0\" data-col=\"1\">\u{2212}0.5</td>"),
            "{html}"
        );
        assert!(
            html.starts_with("<div class=\"worked-matrix-scroll scroll-region\" role=\"group\" aria-label=\"Table\" tabindex=\"0\">"),
            "{html}"
        );
    }

    #[test]
    fn a_captioned_table_box_is_named_by_its_caption_as_text() {
        let html = quantity_table_captioned(
            &weights(),
            Precision::Decimals(1),
            "",
            Some("W<sub>Q</sub> &amp; \"K\""),
        )
        .unwrap();
        assert!(
            html.contains("aria-label=\"WQ &amp; &quot;K&quot;\" tabindex=\"0\">"),
            "{html}"
        );
        assert!(html.contains("<caption>W<sub>Q</sub>"), "{html}");
    }

    #[test]
    fn a_computed_table_never_mixes_whole_and_decimal_entries() {
        let cells = |values| {
            let matrix = Quantity::Matrix {
                values,
                row_labels: None,
                col_labels: None,
            };
            let html = quantity_table(&matrix, Precision::Computed(3), "", None).unwrap();
            html.split("\">")
                .filter_map(|part| part.split_once("</td>").map(|(cell, _)| cell.to_string()))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            cells(array![[4.0, 0.5], [0.0, 2.0]]),
            ["4.000", "0.500", "0.000", "2.000"]
        );
        assert_eq!(
            cells(array![[4.0, 1.0], [0.0, -2.0]]),
            ["4", "1", "0", "\u{2212}2"]
        );
    }

    #[test]
    fn a_computed_vector_in_prose_shares_one_precision() {
        let vector = |values| Quantity::Vector {
            values,
            labels: None,
        };
        assert_eq!(
            quantity_prose(&vector(array![1.0, 0.707]), Precision::Computed(3), false).unwrap(),
            "(1.000, 0.707)"
        );
        assert_eq!(
            quantity_prose(&vector(array![1.0, 0.0]), Precision::Computed(3), true).unwrap(),
            "1, 0"
        );
    }

    #[test]
    fn matrices_are_not_inline_prose() {
        assert_eq!(
            quantity_prose(&weights(), Precision::Decimals(1), false),
            None
        );
    }

    #[test]
    fn vectors_in_prose_are_parenthesised_unless_listed() {
        let vector = Quantity::Vector {
            values: array![1.0, 2.5],
            labels: None,
        };
        assert_eq!(
            quantity_prose(&vector, Precision::Decimals(1), false).unwrap(),
            "(1.0, 2.5)"
        );
        assert_eq!(
            quantity_prose(&vector, Precision::Decimals(1), true).unwrap(),
            "1.0, 2.5"
        );
    }

    #[test]
    fn a_one_entry_vector_in_prose_is_its_number() {
        let vector = Quantity::Vector {
            values: array![2.0],
            labels: None,
        };
        assert_eq!(
            quantity_prose(&vector, Precision::Decimals(3), false).unwrap(),
            "2.000"
        );
    }
}
