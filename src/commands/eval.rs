//! `worked eval FILE [--json]`: print every input and intermediate of a lesson's examples.

use super::exit;
use crate::compute::Quantity;
use crate::content::parse_lesson;
use crate::diagnostics::render_all;
use crate::expand::evaluate_examples;
use crate::present::{format_number, Precision, Style};
use crate::source::SourceFile;
use std::io::Write;
use std::path::Path;

/// Digits shown in the readable (non-JSON) output; JSON always has full precision.
const READABLE_PRECISION: Precision = Precision::Significant(6);

/// Runs `eval` and returns the exit code.
pub fn run(file: &Path, json: bool) -> u8 {
    let text = match std::fs::read_to_string(file) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("error: cannot read {}: {error}", file.display());
            return exit::USAGE_OR_IO;
        }
    };
    let source = SourceFile::new(file.display().to_string(), text);
    let examples = match parse_lesson(source, file)
        .map_err(|problem| vec![problem])
        .and_then(|lesson| evaluate_examples(&lesson))
    {
        Ok(examples) => examples,
        Err(problems) => {
            eprint!("{}", render_all(&problems));
            return exit::CONTENT;
        }
    };
    let mut output = String::new();
    if json {
        let examples: Vec<serde_json::Value> = examples
            .iter()
            .map(|example| {
                let mut object = serde_json::json!({ "name": example.name });
                if let (Some(fields), serde_json::Value::Object(computed)) = (
                    object.as_object_mut(),
                    serde_json::to_value(&example.evaluated).unwrap_or_default(),
                ) {
                    fields.extend(computed);
                }
                object
            })
            .collect();
        let document = serde_json::json!({ "examples": examples });
        output.push_str(&serde_json::to_string_pretty(&document).unwrap_or_default());
        output.push('\n');
    } else {
        for example in &examples {
            output.push_str(&format!(
                "example \"{}\" ({})\n",
                example.name,
                example.kind.name()
            ));
            for name in example.evaluated.quantity_names() {
                if let Some(quantity) = example.evaluated.quantity(&name) {
                    output.push_str(&readable(&name, &quantity));
                    output.push('\n');
                }
            }
        }
    }
    // A closed pipe (`worked eval … | head`) is the reader's choice, not an error.
    let _ = std::io::stdout().lock().write_all(output.as_bytes());
    exit::OK
}

/// A quantity as aligned text: labels in the first column, numbers right-aligned.
fn readable(name: &str, quantity: &Quantity) -> String {
    let number = |value: f64| format_number(value, READABLE_PRECISION, Style::Latex);
    match quantity {
        Quantity::Count(count) => format!("  {name} = {count}"),
        Quantity::Scalar(value) => format!("  {name} = {}", number(*value)),
        Quantity::Text(text) => format!("  {name} = {text}"),
        Quantity::Vector { values, labels } => {
            let header = labels
                .clone()
                .unwrap_or_else(|| (1..=values.len()).map(|i| i.to_string()).collect());
            let cells: Vec<String> = values.iter().map(|value| number(*value)).collect();
            aligned(name, &[String::new()], &header, &[cells])
        }
        Quantity::Matrix {
            values,
            row_labels,
            col_labels,
        } => {
            let rows = row_labels
                .clone()
                .unwrap_or_else(|| (1..=values.nrows()).map(|i| i.to_string()).collect());
            let header = col_labels
                .clone()
                .unwrap_or_else(|| (1..=values.ncols()).map(|i| i.to_string()).collect());
            let cells: Vec<Vec<String>> = values
                .rows()
                .into_iter()
                .map(|row| row.iter().map(|value| number(*value)).collect())
                .collect();
            aligned(name, &rows, &header, &cells)
        }
    }
}

fn aligned(name: &str, rows: &[String], header: &[String], cells: &[Vec<String>]) -> String {
    let label_width = rows
        .iter()
        .map(|label| label.chars().count())
        .max()
        .unwrap_or(0);
    let widths: Vec<usize> = (0..header.len())
        .map(|col| {
            cells
                .iter()
                .map(|row| row[col].chars().count())
                .chain(std::iter::once(header[col].chars().count()))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = format!("  {name}:\n    {:label_width$}", "");
    for (col, title) in header.iter().enumerate() {
        out.push_str(&format!("  {title:>width$}", width = widths[col]));
    }
    for (row, label) in rows.iter().enumerate() {
        out.push_str(&format!("\n    {label:label_width$}"));
        for (col, cell) in cells[row].iter().enumerate() {
            out.push_str(&format!("  {cell:>width$}", width = widths[col]));
        }
    }
    out
}
