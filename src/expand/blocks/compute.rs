//! ` ```compute ` blocks: a `steps` program in the compute language, its `[inputs]`, optional
//! `rows`/`cols` labels and `[expect]` pins → `compute::computed`.
//!
//! Every problem points into the block: an input at its own TOML value (the bad entry of a
//! matrix, not the whole matrix), a language error at the exact line and column inside the
//! `steps` string, whichever of TOML's four string forms holds it (escapes, the newline after
//! `"""` that TOML drops, and line-ending backslashes are all accounted for).

use super::data_input::{self, DataFiles};
use super::domain;
use super::expect::{self, ExpectTable};
use super::toml_input::{finite, matrix, parse_toml, vector, Numbers, Rows};
use super::{name_problems, ok_or_record, show_card, BlockError, ParsedExample};
use crate::compute::computed::{compute, Computed, LabelSides, Labels, Side};
use crate::compute::lang::{Value, MAX_SIDE};
use crate::compute::Evaluated;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::ops::Range;
use toml::Spanned;

const KEYS: &str = "name, steps, [inputs] (optional), rows (optional), cols (optional), \
[labels] (optional), [expect] (optional), show (optional), backward (optional)";

const VALUE_HELP: &str = "write a number (eps = 0.001), a list of numbers (gamma = [1, 0.5]) \
or a list of rows (x = [[1, 2], [3, 4]])";

type Labelled = Spanned<Vec<Spanned<String>>>;

/// `[labels]` as written: per value, a side word or a table of its own names.
type LabelsTable = BTreeMap<String, Spanned<toml::Value>>;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ComputeSpec {
    name: Spanned<String>,
    rows: Option<Labelled>,
    cols: Option<Labelled>,
    labels: Option<LabelsTable>,
    steps: Spanned<String>,
    inputs: Option<BTreeMap<String, Spanned<toml::Value>>>,
    expect: Option<ExpectTable>,
    show: Option<Spanned<toml::Value>>,
    /// A `grad` step whose backward pass the example shows as `bar_…` steps.
    backward: Option<Spanned<String>>,
}

/// Parses the block and runs its program.
pub(super) fn evaluate(text: &str, data: &DataFiles) -> Result<ParsedExample, Vec<BlockError>> {
    let spec: ComputeSpec = parse_toml(text, KEYS).map_err(|error| vec![error])?;
    let mut errors = name_problems(&spec.name);
    let rows = spec
        .rows
        .as_ref()
        .and_then(|labels| ok_or_record(&mut errors, read_labels("rows", labels)));
    let cols = spec
        .cols
        .as_ref()
        .and_then(|labels| ok_or_record(&mut errors, read_labels("cols", labels)));
    // TOML tables forget their order; the order written is the order of the spans.
    let mut written: Vec<(&String, &Spanned<toml::Value>)> = spec.inputs.iter().flatten().collect();
    written.sort_by_key(|(_, value)| value.span().start);
    let mut inputs = Vec::with_capacity(written.len());
    let mut files = serde_json::Map::new();
    let mut domains = serde_json::Map::new();
    for (name, value) in written {
        let read = match value.get_ref() {
            toml::Value::Table(table) if table.contains_key("value") => {
                domain::read(text, name, &value.span()).and_then(|table| {
                    let mut read = read_input(text, name, &table.value)?;
                    if let Some(over) = &table.over {
                        read = over.divide(name, read)?;
                    }
                    // The bounds hold the divided value: the one the program and widget see.
                    table.domain.admit(text, name, &read, &table.value)?;
                    if table.domain.says_anything() {
                        domains.insert(name.clone(), table.domain.json());
                    }
                    Ok(read)
                })
            }
            toml::Value::Table(table) => {
                data_input::read(name, table, &value.span(), data).map(|(value, source)| {
                    // The hash as a string: JSON numbers lose bits past 2^53.
                    let hash = format!("{:016x}", source.hash);
                    files.insert(
                        name.clone(),
                        serde_json::json!({ "path": source.path, "hash": hash }),
                    );
                    value
                })
            }
            _ => read_input(text, name, value),
        };
        if let Some(value) = ok_or_record(&mut errors, read) {
            inputs.push((name.clone(), value));
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let sides = read_sides(spec.labels.as_ref()).map_err(|error| vec![error])?;
    let labels = Labels { rows, cols, sides };
    let steps = Steps::locate(text, &spec.steps);
    let run = |program: &str| {
        compute(program, inputs.clone(), labels.clone()).map_err(|error| {
            vec![BlockError {
                span: steps.file_span(error.span),
                message: error.message,
                help: error.hint,
            }]
        })
    };
    let mut computed = run(spec.steps.get_ref())?;
    let mut program = spec.steps.get_ref().clone();
    if let Some(shown) = &spec.backward {
        program = with_backward(&program, &computed, shown).map_err(|error| vec![error])?;
        computed = run(&program)?;
    }
    if let Some(error) = unknown_sides(text, spec.labels.as_ref(), &computed)
        .or_else(|| unfitting_names(spec.labels.as_ref(), &computed))
    {
        return Err(vec![error]);
    }
    let widget_inputs: Vec<serde_json::Value> = inputs
        .iter()
        .map(|(name, value)| serde_json::json!([name, value_json(value)]))
        .collect();
    let inputs_json = serde_json::json!({
        "name": spec.name.get_ref(),
        "kind": "compute",
        "steps": program,
        "inputs": widget_inputs,
        "stepNames": computed.step_names(),
        "rows": labels.rows,
        "cols": labels.cols,
        "labels": labels.sides,
        "numpy": crate::expand::numpy::widget_json(&computed),
        "files": files,
        "domains": domains,
    });
    Ok(ParsedExample {
        name: spec.name.get_ref().clone(),
        show: show_card(spec.show.as_ref()).map_err(|error| vec![error])?,
        name_span: spec.name.span(),
        evaluated: Evaluated::Compute(computed),
        inputs: inputs_json,
        // Its widget prints every value, whatever the example computes.
        shown: Vec::new(),
        expectations: expect::read(text, spec.expect.as_ref()).map_err(|error| vec![error])?,
    })
}

/// The program with the backward pass of the `grad` step `shown` written after it (or, for a
/// `grad` in a loop body, in the body before it), so its `bar_…` lines run as steps (on the page
/// and in the widget alike).
fn with_backward(
    program: &str,
    computed: &Computed,
    shown: &Spanned<String>,
) -> Result<String, BlockError> {
    let parsed = crate::compute::lang::parse(program)
        .map_err(|error| BlockError::new(shown.span(), error.message))?;
    let values = |name: &str| computed.value(name).cloned();
    let cannot = |why: String| {
        BlockError::new(
            shown.span(),
            format!("backward = \"{}\": cannot write this backward pass: {why}", shown.get_ref()),
        )
        .help("name a step g = grad(L, x) whose loss is computed with the functions listed; the value of grad itself does not need this")
    };
    if let Some(text) =
        crate::compute::lang::program_with_backward_in_loop(&parsed, &values, shown.get_ref())
            .map_err(cannot)?
    {
        return Ok(text);
    }
    let lines = crate::compute::lang::backward_program(&parsed, &values, shown.get_ref())
        .map_err(cannot)?;
    let separator = if program.ends_with('\n') { "" } else { "\n" };
    Ok(format!(
        "{program}{separator}# The backward pass of {}, derived by the language\n{lines}",
        shown.get_ref()
    ))
}

/// An input value as the widget receives it (inputs are finite, so plain JSON numbers do).
fn value_json(value: &Value) -> serde_json::Value {
    match value {
        Value::Scalar(x) => serde_json::json!(x),
        Value::Vector(values) => serde_json::json!(values.to_vec()),
        Value::Matrix(values) => values.rows().into_iter().map(|row| row.to_vec()).collect(),
    }
}

fn read_labels(key: &str, labels: &Labelled) -> Result<Vec<String>, BlockError> {
    let help = format!("write one name per row, e.g. {key} = [\"the\", \"cat\", \"sat\"]");
    if labels.get_ref().is_empty() {
        return Err(BlockError::new(labels.span(), format!("`{key}` is empty")).help(help));
    }
    if labels.get_ref().len() > MAX_SIDE {
        return Err(BlockError::new(
            labels.span(),
            format!(
                "`{key}` has {} names; values have at most {MAX_SIDE} rows or columns",
                labels.get_ref().len()
            ),
        ));
    }
    labels
        .get_ref()
        .iter()
        .map(|label| {
            if label.get_ref().trim().is_empty() {
                Err(
                    BlockError::new(label.span(), format!("a name in `{key}` is blank"))
                        .help(help.clone()),
                )
            } else {
                Ok(label.get_ref().clone())
            }
        })
        .collect()
}

/// `[labels]`: which sides' labels each named value takes, or its own names for a side
/// (`points = { cols = ["x", "y"] }`).
fn read_sides(table: Option<&LabelsTable>) -> Result<BTreeMap<String, LabelSides>, BlockError> {
    table
        .into_iter()
        .flatten()
        .map(|(name, sides)| {
            let help = format!(
                "write {name} = \"rows\" (row labels only), \"cols\" (column labels only), \"none\" (positions only) or {{ cols = [\"x\", \"y\"] }} (names of its own)"
            );
            let problem = |message: String| BlockError::new(sides.span(), message).help(help.clone());
            let parsed = match sides.get_ref() {
                toml::Value::String(word) => match word.as_str() {
                    "rows" => LabelSides::Side(Side::Rows),
                    "cols" => LabelSides::Side(Side::Cols),
                    "none" => LabelSides::Side(Side::None),
                    other => {
                        return Err(problem(format!(
                            "`{name}` in [labels] is \"{other}\", which names no side"
                        )))
                    }
                },
                toml::Value::Table(own) => {
                    if let Some(key) = own.keys().find(|key| *key != "rows" && *key != "cols") {
                        return Err(problem(format!(
                            "`{name}` in [labels] has `{key}`, and a value's own names are rows = […] and cols = […]"
                        )));
                    }
                    let side = |key: &str| own.get(key).map(|names| own_names(name, key, names)).transpose();
                    let (rows, cols) = (side("rows").map_err(problem)?, side("cols").map_err(problem)?);
                    if rows.is_none() && cols.is_none() {
                        return Err(problem(format!("`{name}` in [labels] names no side")));
                    }
                    LabelSides::Own { rows, cols }
                }
                _ => {
                    return Err(problem(format!(
                        "`{name}` in [labels] is neither a side nor a table of names"
                    )))
                }
            };
            Ok((name.clone(), parsed))
        })
        .collect()
}

/// One side's own names in `[labels]`: a list of 1 to [`MAX_SIDE`] names, none blank; else the
/// problem in words.
fn own_names(name: &str, key: &str, names: &toml::Value) -> Result<Vec<String>, String> {
    let list = names.as_array().filter(|list| !list.is_empty());
    let read: Option<Vec<String>> = list.and_then(|list| {
        list.iter()
            .map(|label| {
                label
                    .as_str()
                    .filter(|l| !l.trim().is_empty())
                    .map(str::to_string)
            })
            .collect()
    });
    match read {
        Some(names) if names.len() <= MAX_SIDE => Ok(names),
        Some(names) => Err(format!(
            "`{name}`'s {key} in [labels] has {} names; values have at most {MAX_SIDE} rows or columns",
            names.len()
        )),
        None => Err(format!(
            "`{name}`'s {key} in [labels] must be a list of names, none of them blank"
        )),
    }
}

/// A value's own names in `[labels]` that do not fit its lesson value (three names for two
/// columns, rows for a vector), reported at its entry.
fn unfitting_names(table: Option<&LabelsTable>, computed: &Computed) -> Option<BlockError> {
    let sides = &computed.labels.sides;
    table.into_iter().flatten().find_map(|(name, entry)| {
        let Some(LabelSides::Own { rows, cols }) = sides.get(name) else {
            return None;
        };
        let value = computed.value(name)?;
        let (n, m) = match value {
            Value::Scalar(_) => (None, None),
            Value::Vector(v) => (None, Some(v.len())),
            Value::Matrix(m) => (Some(m.nrows()), Some(m.ncols())),
        };
        let misfit = |names: &Option<Vec<String>>, count: Option<usize>, side: &str| {
            let names = names.as_ref()?;
            match count {
                Some(count) if count == names.len() => None,
                Some(count) => Some(format!(
                    "`{name}` in [labels] names {} {side}, and {name} has {count}",
                    names.len()
                )),
                None => Some(format!(
                    "`{name}` in [labels] names its {side}, and {name} is a {}, which has none",
                    value.describe_shape()
                )),
            }
        };
        let message = misfit(rows, n, "rows").or_else(|| misfit(cols, m, "columns"))?;
        Some(BlockError::new(entry.span(), message).help(
            "give one name per row or column, or a vector's names as cols = [\"…\"]".to_string(),
        ))
    })
}

/// A name in `[labels]` that is neither an input nor a step, reported at its key.
fn unknown_sides(
    text: &str,
    table: Option<&LabelsTable>,
    computed: &Computed,
) -> Option<BlockError> {
    let (name, sides) = table
        .into_iter()
        .flatten()
        .filter(|(name, _)| computed.value(name).is_none())
        .min_by_key(|(_, sides)| sides.span().start)?;
    Some(
        BlockError::new(
            key_span(text, name, &sides.span()),
            format!("[labels] names `{name}`, which is no input or step of this example"),
        )
        .help(format!(
            "name one of {}",
            computed.quantity_names().join(", ")
        )),
    )
}

/// The span of an input's key: the last occurrence of `name` before its value.
fn key_span(text: &str, name: &str, value: &Range<usize>) -> Range<usize> {
    text[..value.start]
        .rfind(name)
        .map_or(value.clone(), |start| start..start + name.len())
}

/// One `[inputs]` entry: a number, a list of numbers or a list of equally long rows, finite and
/// within the language's size limit, each problem at its own entry.
fn read_input(text: &str, name: &str, value: &Spanned<toml::Value>) -> Result<Value, BlockError> {
    let span = value.span();
    let mut characters = name.chars();
    let identifier = characters
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && characters.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !identifier || name == "pi" || name == "inf" {
        let why = if identifier {
            "is a constant of the language"
        } else {
            "cannot be a name in steps"
        };
        return Err(
            BlockError::new(key_span(text, name, &span), format!("input `{name}` {why}"))
                .help("name inputs with letters, digits and `_`, starting with a letter, e.g. w_q"),
        );
    }
    let value = match value.get_ref() {
        toml::Value::Integer(_) | toml::Value::Float(_) => {
            let number: Spanned<f64> = reread(text, &span)?;
            Value::Scalar(finite(name, &number)?)
        }
        toml::Value::Array(items) => {
            if items.is_empty() {
                return Err(
                    BlockError::new(span, format!("input `{name}` is empty")).help(VALUE_HELP)
                );
            }
            let entries: Vec<Spanned<toml::Value>> = reread(text, &span)?;
            let numbers = |entry: &Spanned<toml::Value>| {
                matches!(
                    entry.get_ref(),
                    toml::Value::Integer(_) | toml::Value::Float(_)
                )
            };
            let lists =
                |entry: &Spanned<toml::Value>| matches!(entry.get_ref(), toml::Value::Array(_));
            let first_is_list = lists(&entries[0]);
            let odd = entries.iter().find(|entry| {
                if first_is_list {
                    !lists(entry)
                } else {
                    !numbers(entry)
                }
            });
            match odd {
                None if first_is_list => {
                    let deeper = entries.iter().find_map(|row| match row.get_ref() {
                        toml::Value::Array(inner) => inner
                            .iter()
                            .any(|entry| matches!(entry, toml::Value::Array(_)))
                            .then(|| row.span()),
                        _ => None,
                    });
                    if let Some(row) = deeper {
                        return Err(BlockError::new(
                            row,
                            format!("input `{name}` has three levels of brackets, and values have at most two axes"),
                        )
                        .help("a value is a number, a vector [1, 2] or a matrix [[1, 2], [3, 4]]; give each matrix of a stack its own input"));
                    }
                    let rows: Rows = reread(text, &span)?;
                    Value::Matrix(matrix(name, &rows)?)
                }
                None => {
                    let numbers: Numbers = reread(text, &span)?;
                    Value::Vector(vector(name, &numbers)?)
                }
                Some(odd) => {
                    let what = if first_is_list {
                        "a list of rows"
                    } else {
                        "a list of numbers"
                    };
                    return Err(BlockError::new(
                        odd.span(),
                        format!(
                            "input `{name}` looks like {what}, but this entry is a {}",
                            odd.get_ref().type_str()
                        ),
                    )
                    .help(VALUE_HELP));
                }
            }
        }
        other => {
            return Err(BlockError::new(
                span,
                format!(
                    "input `{name}` is a {}, not a number, vector or matrix",
                    other.type_str()
                ),
            )
            .help(VALUE_HELP))
        }
    };
    let (rows, cols) = value.dims();
    if rows > MAX_SIDE || cols > MAX_SIDE {
        return Err(BlockError::new(
            span,
            format!("input `{name}` is {rows}×{cols}; values are at most {MAX_SIDE}×{MAX_SIDE}"),
        )
        .help("use a smaller example: a page shows a few rows, not thousands"));
    }
    Ok(value)
}

/// Reads the value at `span` of `text` again as `T`, keeping spans in `text`'s coordinates: the
/// value is placed at the same offset behind a key of the right length.
pub(super) fn reread<T: serde::de::DeserializeOwned>(
    text: &str,
    span: &Range<usize>,
) -> Result<T, BlockError> {
    #[derive(Deserialize)]
    struct One<T> {
        v: T,
    }
    let padding = span.start.saturating_sub(2);
    let document = format!("v{}={}", " ".repeat(padding), &text[span.clone()]);
    let offset = 2 + padding - span.start;
    toml::from_str::<One<T>>(&document)
        .map(|one| one.v)
        .map_err(|error| {
            let at = error
                .span()
                .map_or(span.clone(), |at| at.start - offset..at.end - offset);
            BlockError::new(
                at,
                format!("cannot read this value: {}", error.message().trim()),
            )
            .help(VALUE_HELP)
        })
}

/// Where the characters of the `steps` string sit in the block: byte `i` of the parsed string
/// comes from byte `offsets[i]` of the block text.
struct Steps {
    offsets: Vec<usize>,
}

impl Steps {
    /// Maps the parsed string back through its TOML spelling. Should the decoding here ever
    /// disagree with TOML's, every position falls back to the string's opening quote.
    fn locate(text: &str, steps: &Spanned<String>) -> Steps {
        let span = steps.span();
        let offsets = decode_offsets(&text[span.clone()])
            .filter(|(decoded, _)| decoded == steps.get_ref())
            .map(|(_, offsets)| offsets.into_iter().map(|at| span.start + at).collect())
            .unwrap_or_else(|| vec![span.start; steps.get_ref().len() + 1]);
        Steps { offsets }
    }

    /// A byte range of the parsed string as a range of the block text.
    fn file_span(&self, span: Range<usize>) -> Range<usize> {
        let at = |offset: usize| self.offsets[offset.min(self.offsets.len() - 1)];
        let start = at(span.start);
        start..at(span.end).max(start)
    }
}

/// Decodes a TOML string literal (`"…"`, `'…'`, `"""…"""` or `'''…'''`, quotes included) into
/// its value and, for every byte of the value and one past its end, the offset in `raw` it came
/// from. `None` for anything that is not a well-formed string literal.
fn decode_offsets(raw: &str) -> Option<(String, Vec<usize>)> {
    let (delimiter, multiline) = ["\"\"\"", "'''", "\"", "'"]
        .into_iter()
        .find(|delimiter| raw.starts_with(delimiter) && raw.len() >= 2 * delimiter.len())
        .map(|delimiter| (delimiter, delimiter.len() == 3))?;
    let basic = delimiter.starts_with('"');
    let mut start = delimiter.len();
    let end = raw.len() - delimiter.len();
    if multiline {
        // "A newline immediately following the opening delimiter will be trimmed."
        if raw[start..].starts_with("\r\n") {
            start += 2;
        } else if raw[start..].starts_with('\n') {
            start += 1;
        }
    }
    let mut decoded = String::new();
    let mut offsets = Vec::new();
    let body = &raw[..end];
    let mut at = start;
    while at < end {
        let c = body[at..].chars().next()?;
        if !(basic && c == '\\') {
            decoded.push(c);
            offsets.extend((0..c.len_utf8()).map(|i| at + i));
            at += c.len_utf8();
            continue;
        }
        let escape = body[at + 1..].chars().next()?;
        let (value, length) = match escape {
            'b' => ('\u{8}', 2),
            't' => ('\t', 2),
            'n' => ('\n', 2),
            'f' => ('\u{c}', 2),
            'r' => ('\r', 2),
            'e' => ('\u{1b}', 2),
            '"' => ('"', 2),
            '\\' => ('\\', 2),
            'u' | 'U' => {
                let digits = if escape == 'u' { 4 } else { 8 };
                let hex = body.get(at + 2..at + 2 + digits)?;
                (
                    char::from_u32(u32::from_str_radix(hex, 16).ok()?)?,
                    2 + digits,
                )
            }
            ' ' | '\t' | '\r' | '\n' if multiline => {
                // A line-ending backslash swallows the newline and all blank space after it.
                let rest = &body[at + 1..];
                let skipped = rest.len() - rest.trim_start_matches([' ', '\t', '\r', '\n']).len();
                at += 1 + skipped;
                continue;
            }
            _ => return None,
        };
        decoded.push(value);
        offsets.extend(std::iter::repeat_n(at, value.len_utf8()));
        at += length;
    }
    offsets.push(end);
    Some((decoded, offsets))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compute::Quantity;

    /// The block evaluated in a book without data files.
    fn evaluate(text: &str) -> Result<ParsedExample, Vec<BlockError>> {
        super::evaluate(
            text,
            &DataFiles {
                folder: "",
                files: &BTreeMap::new(),
            },
        )
    }

    const LAYER_NORM: &str = r#"name = "ln"
rows = ["the", "cat", "sat"]
steps = """
mu = mean(x, axis=1)             # 3×1
xc = x - mu
var = mean(xc ^ 2, axis=-1)
y = gamma * xc / sqrt(var + eps) + beta
"""
[inputs]
x = [[2, 4, 6, 8], [1, -1, 3, 0.5], [0, 0, 1, 0]]
gamma = [1, 0.5, 2, 1]
beta = [0, 0.1, 0, -0.2]
eps = 0.00001
"#;

    fn error_at(text: &str) -> (String, String) {
        let errors = evaluate(text).expect_err("should fail");
        let error = &errors[0];
        (text[error.span.clone()].to_string(), error.message.clone())
    }

    fn with_steps(steps: &str) -> String {
        format!("name = \"e\"\nsteps = {steps}\n[inputs]\nx = [[1, 2], [3, 4]]\n")
    }

    #[test]
    fn the_issue_example_evaluates_with_labelled_rows() {
        let parsed = evaluate(LAYER_NORM).unwrap();
        let Evaluated::Compute(computed) = &parsed.evaluated else {
            panic!("a compute result")
        };
        assert_eq!(
            computed.quantity_names(),
            ["x", "gamma", "beta", "eps", "mu", "xc", "var", "y"]
        );
        let Some(Quantity::Matrix {
            values, row_labels, ..
        }) = computed.quantity("mu")
        else {
            panic!("mu is a matrix")
        };
        assert_eq!(values.dim(), (3, 1));
        assert_eq!(values[[0, 0]], 5.0);
        assert_eq!(row_labels.unwrap()[1], "cat");
        assert_eq!(
            parsed.inputs["inputs"][3],
            serde_json::json!(["eps", 0.00001])
        );
        assert_eq!(
            parsed.inputs["stepNames"],
            serde_json::json!(["mu", "xc", "var", "y"])
        );
    }

    #[test]
    fn an_error_in_a_multiline_basic_string_points_at_its_line_and_column() {
        let text = LAYER_NORM.replace("xc = x - mu", "xc = x - muu");
        let (at, message) = error_at(&text);
        assert_eq!(at, "muu", "{message}");
        let start = evaluate(&text).err().unwrap()[0].span.start;
        assert_eq!(start, text.find("muu").unwrap());
    }

    #[test]
    fn errors_are_located_in_every_kind_of_toml_string() {
        for steps in [
            "\"y = x @ nope\"",
            "'y = x @ nope'",
            "'''\ny = x @ nope'''",
            "\"\"\"\n  y = x @ nope\n\"\"\"",
            "\"# \\\"quoted\\\" \\u0041\\ny = x @ nope\"",
        ] {
            let text = with_steps(steps);
            let errors = evaluate(&text).expect_err(steps);
            assert_eq!(
                &text[errors[0].span.clone()],
                "nope",
                "in {steps}: {}",
                errors[0].message
            );
        }
    }

    #[test]
    fn a_line_ending_backslash_is_followed_to_the_next_line() {
        let text = with_steps("\"\"\"\ny = x + \\\n     nope\n\"\"\"");
        let errors = evaluate(&text).err().unwrap();
        assert_eq!(&text[errors[0].span.clone()], "nope");
    }

    #[test]
    fn decoding_mirrors_toml_and_maps_escapes_to_their_backslash() {
        let (decoded, offsets) = decode_offsets("\"a\\tb\"").unwrap();
        assert_eq!(decoded, "a\tb");
        assert_eq!(offsets, [1, 2, 4, 5]);
        let (decoded, offsets) = decode_offsets("'''\nx'''").unwrap();
        assert_eq!(decoded, "x");
        assert_eq!(offsets, [4, 5]);
        assert_eq!(decode_offsets("\"\\q\""), None);
    }

    #[test]
    fn a_three_dimensional_input_gets_a_plain_message() {
        let text = LAYER_NORM.replace(
            "eps = 0.00001",
            "eps = [[[1, 2], [3, 4]], [[5, 6], [7, 8]]]",
        );
        assert_eq!(
            error_at(&text),
            (
                "[[1, 2], [3, 4]]".to_string(),
                "input `eps` has three levels of brackets, and values have at most two axes"
                    .to_string()
            )
        );
    }

    #[test]
    fn a_bad_input_entry_is_reported_at_that_entry() {
        let text = LAYER_NORM.replace("[1, -1, 3, 0.5]", "[1, -1, nan, 0.5]");
        assert_eq!(error_at(&text).0, "nan");
        let text = LAYER_NORM.replace("[1, -1, 3, 0.5]", "[1, -1, 3]");
        assert_eq!(error_at(&text).0, "[1, -1, 3]");
        let text = LAYER_NORM.replace("gamma = [1, 0.5, 2, 1]", "gamma = [1, \"a\", 2, 1]");
        assert_eq!(error_at(&text).0, "\"a\"");
        let text = LAYER_NORM.replace("eps = 0.00001", "eps = \"small\"");
        assert_eq!(error_at(&text).0, "\"small\"");
        let text = LAYER_NORM.replace("eps = 0.00001", "eps = nan");
        assert_eq!(error_at(&text).0, "nan");
        let text = LAYER_NORM.replace("eps = 0.00001", "eps = []");
        assert_eq!(error_at(&text).0, "[]");
    }

    #[test]
    fn an_input_over_a_number_is_the_written_numbers_divided_for_the_program_and_widget() {
        let text = LAYER_NORM
            .replace(
                "gamma = [1, 0.5, 2, 1]",
                "gamma = { value = [4, 2, 8, 4], over = 4 }",
            )
            .replace(
                "x = [[2, 4, 6, 8], [1, -1, 3, 0.5], [0, 0, 1, 0]]",
                "x = { value = [[4, 8, 12, 16], [2, -2, 6, 1], [0, 0, 2, 0]], over = 2, min = -1 }",
            );
        let divided = evaluate(&text).unwrap();
        let typed = evaluate(LAYER_NORM).unwrap();
        // The same inputs, bit for bit, in the page data the widget shows, edits and resets to.
        assert_eq!(divided.inputs["inputs"], typed.inputs["inputs"]);
        // Only x's bound is a domain; gamma's table says nothing but its numbers.
        assert_eq!(
            divided.inputs["domains"]
                .as_object()
                .unwrap()
                .keys()
                .collect::<Vec<_>>(),
            ["x"]
        );
        assert_eq!(
            divided.inputs["inputs"][1],
            serde_json::json!(["gamma", [1.0, 0.5, 2.0, 1.0]])
        );
        let (Evaluated::Compute(a), Evaluated::Compute(b)) = (&divided.evaluated, &typed.evaluated)
        else {
            panic!("compute results")
        };
        assert_eq!(a.quantity("y"), b.quantity("y"));
    }

    #[test]
    fn an_input_over_a_number_is_held_to_its_bounds_once_divided_and_must_hold_numbers() {
        // The bound is of the divided value: 6 / 4 = 1.5 is above max = 1, at its entry.
        let text = LAYER_NORM.replace(
            "gamma = [1, 0.5, 2, 1]",
            "gamma = { value = [4, 6, 2, 4], over = 4, max = 1 }",
        );
        let (at, message) = error_at(&text);
        assert_eq!(at, "6");
        assert!(message.contains("gamma = 1.5 lies outside"), "{message}");
        let within = LAYER_NORM.replace(
            "gamma = [1, 0.5, 2, 1]",
            "gamma = { value = [4, 2, 4, 4], over = 4, max = 1 }",
        );
        assert!(evaluate(&within).is_ok());
        for (value, at) in [
            ("{ value = \"half\", over = 2 }", "\"half\""),
            ("{ value = [4, true, 2, 4], over = 4 }", "true"),
            ("{ value = [4, 2, 8, 4], over = 0 }", "0"),
            ("{ value = [4, 2, 8, 4], over = -2 }", "-2"),
        ] {
            let text = LAYER_NORM.replace("[1, 0.5, 2, 1]", value);
            assert_eq!(error_at(&text).0, at, "{value}");
        }
    }

    #[test]
    fn an_input_named_like_a_constant_or_not_a_name_is_reported_at_its_key() {
        let text = LAYER_NORM.replace("eps = 0.00001", "pi = 3");
        let (at, message) = error_at(&text);
        assert_eq!(at, "pi", "{message}");
        let text = LAYER_NORM.replace("eps = 0.00001", "\"my eps\" = 3");
        assert_eq!(error_at(&text).0, "my eps");
    }

    #[test]
    fn a_shape_error_in_a_step_is_reported_in_the_steps_string() {
        let text = LAYER_NORM.replace("xc = x - mu", "xc = x @ gamma.T @ x");
        let errors = evaluate(&text).err().unwrap();
        let line = text[..errors[0].span.start].lines().count();
        assert_eq!(line, 5, "{}", errors[0].message);
    }

    #[test]
    fn an_unknown_key_and_blank_or_empty_labels_are_refused() {
        assert_eq!(
            error_at(&LAYER_NORM.replace("rows = ", "colour = 1\nrows = ")).0,
            "colour"
        );
        let text = LAYER_NORM.replace("\"cat\"", "\" \"");
        assert_eq!(error_at(&text).0, "\" \"");
        let text = LAYER_NORM.replace("[\"the\", \"cat\", \"sat\"]", "[]");
        assert_eq!(error_at(&text).0, "[]");
    }

    #[test]
    fn a_matrix_with_more_columns_than_the_limit_is_refused_at_the_input() {
        let wide = format!("[[{}]]", vec!["1"; MAX_SIDE + 1].join(", "));
        let text = LAYER_NORM.replace("[[2, 4, 6, 8], [1, -1, 3, 0.5], [0, 0, 1, 0]]", &wide);
        let (at, message) = error_at(&text);
        assert_eq!(at, wide);
        assert!(message.contains("1×1025"), "{message}");
    }
}
