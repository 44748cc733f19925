//! `worked eval FILE [--json]`: print every input and intermediate of a lesson's examples.

use super::exit;
use crate::base::diagnostics::render_all;
use crate::base::source::display_path;
use crate::compute::{Evaluated, Quantity};
use crate::expand::blocks::data_input::MAX_DATA_BYTES;
use crate::expand::blocks::ExampleBlock;
use crate::expand::evaluate_examples;
use crate::load::content::{decode_lesson, is_data_file, parse_lesson};
use crate::load::regular_file::read_regular;
use crate::present::{format_number, Precision, Style};
use serde::Serialize;
use std::io::Write;
use std::path::Path;

/// Digits shown in the readable (non-JSON) output; JSON always has full precision.
const READABLE_PRECISION: Precision = Precision::Significant(6);

/// Runs `eval` and returns the exit code.
pub fn run(file: &Path, json: bool) -> u8 {
    let bytes = match crate::load::regular_file::read_regular(
        file,
        crate::load::regular_file::MAX_TEXT_BYTES,
    ) {
        Ok(bytes) => bytes,
        Err(error) => {
            eprintln!("error: cannot read {}: {error}", file.display());
            return exit::USAGE_OR_IO;
        }
    };
    let examples = match decode_lesson(&file.display().to_string(), bytes)
        .and_then(|source| parse_lesson(source, file))
        .map(|mut lesson| {
            lesson.data = std::sync::Arc::new(data_files_beside(file, &lesson.folder));
            lesson
        })
        .map_err(|problem| vec![problem])
        .and_then(|lesson| evaluate_examples(&lesson))
    {
        Ok(examples) => examples,
        Err(problems) => {
            eprint!("{}", render_all(&problems));
            return exit::CONTENT;
        }
    };
    // Written as it is produced, so memory stays at the size of the examples themselves, not
    // of their text; a closed pipe (`worked eval … | head`) ends the process quietly (see main).
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let written = if json {
        write_json(&mut out, &examples)
    } else {
        write_readable(&mut out, &examples)
    };
    match written.and_then(|()| out.flush()) {
        Ok(()) => exit::OK,
        Err(error) => {
            eprintln!("error: cannot write the output: {error}");
            exit::USAGE_OR_IO
        }
    }
}

/// Most data files `eval` reads beside a lesson.
const MAX_DATA_FILES: usize = 64;

/// The data files the lesson `file` may read, keyed as a build keys them: under the `content/`
/// folder that holds the lesson when it is in a book (`folder` is its place there), else beside
/// it; read through the guarded reader, at most [`MAX_DATA_FILES`].
fn data_files_beside(file: &Path, folder: &str) -> std::collections::BTreeMap<String, Vec<u8>> {
    let dir = file
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let depth = folder.split('/').filter(|part| !part.is_empty()).count();
    let content = dir.ancestors().nth(depth).unwrap_or(dir);
    let (root, max_depth) = if content.ends_with("content") {
        (content, 8)
    } else {
        (dir, 1)
    };
    walkdir::WalkDir::new(root)
        .max_depth(max_depth)
        .into_iter()
        .flatten()
        .filter(|entry| entry.file_type().is_file())
        .filter_map(|entry| {
            let key = display_path(root, entry.path());
            is_data_file(&key).then(|| (key, entry.into_path()))
        })
        .take(MAX_DATA_FILES)
        .filter_map(|(key, path)| Some((key, read_regular(&path, MAX_DATA_BYTES as u64).ok()?)))
        .collect()
}

/// One example in `--json`: its name, the data files its inputs read, then its kind's own
/// fields.
#[derive(Serialize)]
struct NamedExample<'a> {
    name: &'a str,
    #[serde(skip_serializing_if = "files_are_none")]
    files: &'a serde_json::Value,
    #[serde(flatten)]
    evaluated: &'a Evaluated,
}

fn files_are_none(files: &&serde_json::Value) -> bool {
    files.as_object().is_none_or(|files| files.is_empty())
}

/// `{"examples": [...]}`, serialized straight into `out`.
fn write_json(out: &mut impl Write, examples: &[ExampleBlock]) -> std::io::Result<()> {
    #[derive(Serialize)]
    struct Document<'a> {
        examples: Vec<NamedExample<'a>>,
    }
    let document = Document {
        examples: examples
            .iter()
            .map(|example| NamedExample {
                name: &example.name,
                files: &example.inputs["files"],
                evaluated: &example.evaluated,
            })
            .collect(),
    };
    serde_json::to_writer_pretty(&mut *out, &document)?;
    out.write_all(b"\n")
}

fn write_readable(out: &mut impl Write, examples: &[ExampleBlock]) -> std::io::Result<()> {
    for example in examples {
        writeln!(
            out,
            "example \"{}\" ({})",
            example.name,
            example.kind.name()
        )?;
        for (input, file) in example.inputs["files"].as_object().into_iter().flatten() {
            writeln!(
                out,
                "  {input} is read from {}",
                file["path"].as_str().unwrap_or("")
            )?;
        }
        for name in example.evaluated.quantity_names() {
            if let Some(quantity) = example.evaluated.quantity(&name) {
                // Inputs print as written and whole numbers by construction without
                // decimals, as on the page.
                let precision =
                    if example.evaluated.is_whole(&name) || example.evaluated.is_input(&name) {
                        Precision::AsWritten
                    } else {
                        READABLE_PRECISION
                    };
                writeln!(out, "{}", readable(&name, &quantity, precision))?;
            }
        }
    }
    Ok(())
}

/// A quantity as aligned text: labels in the first column, numbers right-aligned, printed as
/// prose prints them (`1.465 × 10⁻¹³`, not LaTeX) since a terminal shows them as they are.
fn readable(name: &str, quantity: &Quantity, precision: Precision) -> String {
    let number = |value: f64| format_number(value, precision, Style::Prose);
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
