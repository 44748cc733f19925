//! Values as LaTeX, for references inside `$…$`.

use super::number::{format_number, Precision, Style};
use crate::compute::Quantity;

/// A quantity as LaTeX: a number, a row `pmatrix` for a vector (or `a, b, c` as a list), a
/// `pmatrix` for a matrix, or `\text{…}` for text.
pub fn quantity_latex(quantity: &Quantity, precision: Precision, as_list: bool) -> String {
    let precision = match quantity {
        Quantity::Vector { values, .. } => precision.shared_by(values.iter().copied()),
        Quantity::Matrix { values, .. } => precision.shared_by(values.iter().copied()),
        _ => precision,
    };
    let number = |value: f64| format_number(value, precision, Style::Latex);
    match quantity {
        Quantity::Count(count) => format_number(*count as f64, Precision::AsWritten, Style::Latex),
        Quantity::Scalar(value) => number(*value),
        Quantity::Vector { values, .. } if as_list => values
            .iter()
            .map(|value| number(*value))
            .collect::<Vec<_>>()
            .join(", "),
        Quantity::Vector { values, .. } => format!(
            r"\begin{{pmatrix}}{}\end{{pmatrix}}",
            values
                .iter()
                .map(|value| number(*value))
                .collect::<Vec<_>>()
                .join(" & ")
        ),
        Quantity::Matrix { values, .. } => {
            let rows: Vec<String> = values
                .rows()
                .into_iter()
                .map(|row| {
                    row.iter()
                        .map(|value| number(*value))
                        .collect::<Vec<_>>()
                        .join(" & ")
                })
                .collect();
            format!(r"\begin{{pmatrix}}{}\end{{pmatrix}}", rows.join(r" \\ "))
        }
        Quantity::Text(text) => format!(r"\text{{{}}}", escape_text(text)),
    }
}

/// Escapes the characters that are special inside `\text{…}`.
fn escape_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str(r"\textbackslash{}"),
            '{' | '}' | '$' | '&' | '#' | '_' | '%' => {
                out.push('\\');
                out.push(c);
            }
            '^' => out.push_str(r"\textasciicircum{}"),
            '~' => out.push_str(r"\textasciitilde{}"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::array;

    #[test]
    fn a_count_prints_grouped_whatever_the_precision() {
        assert_eq!(
            quantity_latex(&Quantity::Count(1_048_576), Precision::Decimals(3), false),
            "1{,}048{,}576"
        );
    }

    #[test]
    fn a_matrix_is_a_pmatrix_with_rows_split_by_double_backslashes() {
        let matrix = Quantity::Matrix {
            values: array![[1.0, -0.5], [0.25, 2.0]],
            row_labels: None,
            col_labels: None,
        };
        assert_eq!(
            quantity_latex(&matrix, Precision::Decimals(2), false),
            r"\begin{pmatrix}1.00 & -0.50 \\ 0.25 & 2.00\end{pmatrix}"
        );
    }

    #[test]
    fn a_vector_is_a_row_or_a_list() {
        let vector = Quantity::Vector {
            values: array![1.0, 2.0],
            labels: None,
        };
        assert_eq!(
            quantity_latex(&vector, Precision::Decimals(1), false),
            r"\begin{pmatrix}1.0 & 2.0\end{pmatrix}"
        );
        assert_eq!(
            quantity_latex(&vector, Precision::Decimals(1), true),
            "1.0, 2.0"
        );
    }

    #[test]
    fn a_computed_matrix_prints_whole_only_when_every_entry_is_whole() {
        let matrix = |values| Quantity::Matrix {
            values,
            row_labels: None,
            col_labels: None,
        };
        assert_eq!(
            quantity_latex(&matrix(array![[4.0, 0.5]]), Precision::Computed(3), false),
            r"\begin{pmatrix}4.000 & 0.500\end{pmatrix}"
        );
        assert_eq!(
            quantity_latex(&matrix(array![[4.0, -2.0]]), Precision::Computed(3), false),
            r"\begin{pmatrix}4 & -2\end{pmatrix}"
        );
        let vector = Quantity::Vector {
            values: array![1.0, 0.25],
            labels: None,
        };
        assert_eq!(
            quantity_latex(&vector, Precision::Computed(2), true),
            "1.00, 0.25"
        );
    }

    #[test]
    fn text_is_escaped_for_latex() {
        let text = Quantity::Text("a_b{c}".into());
        assert_eq!(
            quantity_latex(&text, Precision::Decimals(3), false),
            r"\text{a\_b\{c\}}"
        );
    }
}
