//! Inputs read from a data file beside the lesson: `x = { csv = "points.csv" }` (a header row
//! of column names, `columns = ["a", "b"]` picks some and fixes their order, every other cell a
//! number) or `x = { json = "w.json" }` (a number, a list, or a list of equally long lists).
//!
//! Stage: expand, while a compute block's inputs are read. Input: the block's table for the
//! input and the book's data files, which `load` already read through the guarded reader (they
//! are assets under `content/`). Output: the input's value, or one error at the input naming the
//! data file's line and column. Must not: read files (load did), so the compute core stays pure.

use super::BlockError;
use crate::compute::lang::{Value, MAX_SIDE};
use crate::load::content::is_data_file;
use ndarray::{Array1, Array2};
use std::collections::BTreeMap;
use std::ops::Range;

/// Largest data file an input may read, in bytes.
pub const MAX_DATA_BYTES: usize = 1 << 20;

/// The data files a lesson may read: the book's `.csv` and `.json` files by path under
/// `content/`, and the lesson's folder there (paths are relative to it).
pub struct DataFiles<'a> {
    /// The lesson's folder under `content/`, `""` at the top.
    pub folder: &'a str,
    /// Every data file of the book, by path under `content/`.
    pub files: &'a BTreeMap<String, Vec<u8>>,
}

impl<'a> DataFiles<'a> {
    /// The files `lesson` may read.
    pub fn of(lesson: &'a crate::load::content::Lesson) -> Self {
        DataFiles {
            folder: &lesson.folder,
            files: &lesson.data,
        }
    }

    /// What an example's values may follow from besides its text: the lesson's folder (paths
    /// are relative to it) and a hash of every data file of the book; `None` in a book without
    /// data files. Coarse on purpose: an edit to any data file evaluates again the examples of
    /// a book that has some, and a prose edit never does.
    pub(crate) fn identity(&self) -> Option<(String, u64)> {
        if self.files.is_empty() {
            return None;
        }
        let hash = self.files.iter().fold(FNV_OFFSET, |hash, (path, bytes)| {
            let hash = fnv1a(hash, path.as_bytes());
            fnv1a(fnv1a(hash, &[0]), bytes)
        });
        Some((self.folder.to_string(), hash))
    }
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a of `bytes`, continuing from `hash`.
fn fnv1a(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |hash, byte| {
        (hash ^ u64::from(*byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Where an input's value came from, for the widget's page data and `eval`.
pub(crate) struct DataSource {
    /// The file's path under `content/`.
    pub path: String,
    /// FNV-1a of the file's bytes, so an example's identity changes with its data.
    pub hash: u64,
}

const HELP: &str =
    "write x = { csv = \"points.csv\" } (optionally columns = [\"a\", \"b\"]) or x = { json = \"w.json\" }, a path beside the lesson";

/// The value of the input `name` written as the table `table` at `span`.
pub(crate) fn read(
    name: &str,
    table: &toml::value::Table,
    span: &Range<usize>,
    data: &DataFiles,
) -> Result<(Value, DataSource), BlockError> {
    let fail = |message: String| BlockError::new(span.clone(), message).help(HELP);
    if table.contains_key("over") {
        // A table without `value`: `over` divides numbers the lesson writes, not a file's.
        return Err(BlockError::new(
            span.clone(),
            format!("input `{name}` has `over` but no `value` for it to divide"),
        )
        .help("write x = { value = [2, -1, 3], over = 4 }; a data file's numbers are read as they are"));
    }
    let (format, written) = match (table.get("csv"), table.get("json")) {
        (Some(toml::Value::String(path)), None) => ("csv", path),
        (None, Some(toml::Value::String(path))) => ("json", path),
        _ => {
            return Err(fail(format!(
                "input `{name}` is a table: give it one file, `csv = \"…\"` or `json = \"…\"`"
            )))
        }
    };
    if let Some(key) = table
        .keys()
        .find(|key| !matches!(key.as_str(), "csv" | "json" | "columns"))
    {
        return Err(fail(format!("input `{name}` has an unknown key `{key}`")));
    }
    let columns = match table.get("columns") {
        None => None,
        Some(toml::Value::Array(items)) if format == "csv" => {
            let names: Option<Vec<&str>> = items.iter().map(toml::Value::as_str).collect();
            match names {
                Some(names) if !names.is_empty() => Some(names),
                _ => {
                    return Err(fail(format!(
                        "`columns` of input `{name}` must list column names"
                    )))
                }
            }
        }
        Some(_) => {
            return Err(fail(format!(
                "`columns` of input `{name}` is a list of names, and only a csv file has columns"
            )))
        }
    };
    let path = resolve(data.folder, written).ok_or_else(|| {
        fail(format!(
            "input `{name}` reads `{written}`, which is outside the book's content/ folder"
        ))
    })?;
    let shown = format!("content/{path}");
    let Some(bytes) = data.files.get(&path).filter(|_| is_data_file(&path)) else {
        return Err(fail(format!(
            "input `{name}` reads {shown}, which is not a .csv or .json file of the book"
        )));
    };
    if bytes.len() > MAX_DATA_BYTES {
        return Err(fail(format!(
            "{shown} is larger than {MAX_DATA_BYTES} bytes, the most an input reads"
        )));
    }
    let text =
        std::str::from_utf8(bytes).map_err(|_| fail(format!("{shown} is not UTF-8 text")))?;
    let value = match format {
        "csv" => csv(text, columns.as_deref()),
        _ => json(text),
    }
    .map_err(|(line, column, problem)| {
        BlockError::new(
            span.clone(),
            format!("{shown}:{line}:{column}: {problem} (input `{name}`)"),
        )
        .help(HELP)
    })?;
    let (rows, cols) = value.dims();
    if rows > MAX_SIDE || cols > MAX_SIDE {
        return Err(fail(format!(
            "input `{name}` from {shown} is {rows}×{cols}; values are at most {MAX_SIDE}×{MAX_SIDE}"
        )));
    }
    let hash = fnv1a(FNV_OFFSET, bytes);
    Ok((value, DataSource { path: shown, hash }))
}

/// `written` relative to `folder` (both under `content/`), or `None` when it leaves content/.
fn resolve(folder: &str, written: &str) -> Option<String> {
    if written.starts_with('/') || written.contains('\\') || written.contains(':') {
        return None;
    }
    crate::base::source::resolve_path(folder, written)
}

/// A problem at a 1-based line and column of a data file.
type Located = (usize, usize, String);

/// A csv file's numbers: a header row of names, then rows of numbers; `columns` picks and
/// orders columns by name. One column gives a vector, several a matrix.
fn csv(text: &str, columns: Option<&[&str]>) -> Result<Value, Located> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty());
    let Some((header_line, header)) = lines.next() else {
        return Err((
            1,
            1,
            "the file is empty: it needs a header row of column names".into(),
        ));
    };
    let names: Vec<&str> = header
        .split(',')
        .map(|n| n.trim().trim_matches('"'))
        .collect();
    let picked: Vec<usize> = match columns {
        None => (0..names.len()).collect(),
        Some(wanted) => wanted
            .iter()
            .map(|w| {
                names.iter().position(|n| n == w).ok_or_else(|| {
                    (
                        header_line + 1,
                        1,
                        format!(
                            "there is no column `{w}`; the columns are {}",
                            names.join(", ")
                        ),
                    )
                })
            })
            .collect::<Result<_, _>>()?,
    };
    let mut entries = Vec::new();
    let mut rows = 0;
    for (index, line) in lines {
        rows += 1;
        if rows > MAX_SIDE {
            return Err((index + 1, 1, format!("more than {MAX_SIDE} rows")));
        }
        let mut cells = Vec::with_capacity(names.len());
        let mut column = 1;
        for cell in line.split(',') {
            let trimmed = cell.trim();
            let at = column + (cell.len() - cell.trim_start().len());
            match trimmed.parse::<f64>() {
                Ok(x) if x.is_finite() => cells.push(x),
                _ => return Err((index + 1, at, format!("`{trimmed}` is not a number"))),
            }
            column += cell.len() + 1;
        }
        if cells.len() != names.len() {
            return Err((
                index + 1,
                1,
                format!(
                    "{} cells, but the header names {}",
                    cells.len(),
                    names.len()
                ),
            ));
        }
        entries.extend(picked.iter().map(|&p| cells[p]));
    }
    if rows == 0 {
        return Err((
            header_line + 1,
            1,
            "no rows of numbers under the header".into(),
        ));
    }
    Ok(match picked.len() {
        1 => Value::Vector(Array1::from(entries)),
        cols => Value::Matrix(
            Array2::from_shape_vec((rows, cols), entries).expect("rows × columns entries"),
        ),
    })
}

/// A json file's number, list of numbers or list of equally long lists of numbers.
fn json(text: &str) -> Result<Value, Located> {
    let parsed: serde_json::Value = serde_json::from_str(text)
        .map_err(|error| (error.line(), error.column(), format!("not JSON: {error}")))?;
    let whole = |what: &str| (1, 1, what.to_string());
    let number = |value: &serde_json::Value| value.as_f64().filter(|x| x.is_finite());
    match &parsed {
        serde_json::Value::Array(items) if items.iter().all(serde_json::Value::is_array) => {
            let rows: Vec<&Vec<serde_json::Value>> = items
                .iter()
                .filter_map(serde_json::Value::as_array)
                .collect();
            let width = rows.first().map_or(0, |row| row.len());
            if rows.is_empty() || width == 0 || rows.iter().any(|row| row.len() != width) {
                return Err(whole("the rows must be non-empty and equally long"));
            }
            let entries: Option<Vec<f64>> =
                rows.iter().flat_map(|row| row.iter().map(number)).collect();
            let entries = entries.ok_or_else(|| whole("every entry must be a finite number"))?;
            Array2::from_shape_vec((rows.len(), width), entries)
                .map(Value::Matrix)
                .map_err(|_| whole("the rows must be equally long"))
        }
        serde_json::Value::Array(items) if !items.is_empty() => {
            let entries: Option<Vec<f64>> = items.iter().map(number).collect();
            entries
                .map(|entries| Value::Vector(Array1::from(entries)))
                .ok_or_else(|| whole("a list must hold only finite numbers, or only lists"))
        }
        other => number(other)
            .map(Value::Scalar)
            .ok_or_else(|| whole("the file must hold a number, a list or a list of lists")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(entries: &[(&str, &str)]) -> BTreeMap<String, Vec<u8>> {
        entries
            .iter()
            .map(|(name, text)| (name.to_string(), text.as_bytes().to_vec()))
            .collect()
    }

    fn table(toml_text: &str) -> toml::value::Table {
        toml::from_str(toml_text).unwrap()
    }

    fn value(folder: &str, files: &BTreeMap<String, Vec<u8>>, t: &str) -> Result<Value, String> {
        let data = DataFiles { folder, files };
        read("x", &table(t), &(0..1), &data)
            .map(|(value, _)| value)
            .map_err(|error| error.message)
    }

    #[test]
    fn a_csv_file_gives_its_columns_by_name_and_a_json_file_its_lists() {
        let files = files(&[
            ("ml/points.csv", "a, b,c\n1,2,3\n\n4, 5.5 ,6\n"),
            ("w.json", "[[1, 2], [3, 4]]"),
            ("v.json", "[0.5, 1]"),
        ]);
        assert_eq!(
            value("ml", &files, r#"csv = "points.csv""#),
            Ok(Value::Matrix(ndarray::array![
                [1.0, 2.0, 3.0],
                [4.0, 5.5, 6.0]
            ]))
        );
        assert_eq!(
            value(
                "ml",
                &files,
                r#"csv = "points.csv"
columns = ["c", "a"]"#
            ),
            Ok(Value::Matrix(ndarray::array![[3.0, 1.0], [6.0, 4.0]]))
        );
        assert_eq!(
            value(
                "ml",
                &files,
                r#"csv = "./points.csv"
columns = ["b"]"#
            ),
            Ok(Value::Vector(ndarray::array![2.0, 5.5]))
        );
        assert_eq!(
            value("ml", &files, r#"json = "../w.json""#),
            Ok(Value::Matrix(ndarray::array![[1.0, 2.0], [3.0, 4.0]]))
        );
        assert_eq!(
            value("", &files, r#"json = "v.json""#),
            Ok(Value::Vector(ndarray::array![0.5, 1.0]))
        );
    }

    #[test]
    fn problems_name_the_data_file_s_line_and_column() {
        let files = files(&[
            ("p.csv", "a,b\n1,2\n3, x\n"),
            ("q.csv", "a,b\n1,2,3\n"),
            ("bad.json", "[1,\n 2,,]"),
            ("ragged.json", "[[1], [2, 3]]"),
        ]);
        let error = |t: &str| value("", &files, t).unwrap_err();
        assert_eq!(
            error(r#"csv = "p.csv""#),
            "content/p.csv:3:4: `x` is not a number (input `x`)"
        );
        assert!(error(r#"csv = "q.csv""#).starts_with("content/q.csv:2:1: 3 cells"));
        assert!(error(
            r#"csv = "p.csv"
columns = ["z"]"#
        )
        .contains("there is no column `z`; the columns are a, b"));
        assert!(error(r#"json = "bad.json""#).starts_with("content/bad.json:2:4: not JSON"));
        assert!(error(r#"json = "ragged.json""#).contains("equally long"));
        assert!(error(r#"csv = "../p.csv""#).contains("outside the book"));
        assert!(error(r#"csv = "/etc/passwd""#).contains("outside the book"));
        assert!(error(r#"csv = "missing.csv""#).contains("not a .csv or .json file of the book"));
        assert!(error(
            r#"csv = "p.csv"
sheet = 1"#
        )
        .contains("unknown key `sheet`"));
        assert!(error(
            r#"csv = "p.csv"
over = 4"#
        )
        .contains("has `over` but no `value` for it to divide"));
    }
}
