//! A ```` ```compute ```` example after evaluation: every input and every step by name, with the
//! block's row (and column) labels applied the same way everywhere.
//!
//! Stage: evaluation. Input: the `steps` string, the inputs as [`Value`]s in the order written,
//! and the labels. Output: a [`Computed`] whose values references read as [`Quantity`] values
//! and `eval --json` prints, or the language's [`LangError`] (span relative to `steps`).
//! Must not: read TOML or know where the block sits in a file; the block reader maps spans.
//!
//! # Labels
//! `rows` names the rows of every matrix with that many rows. A side without its own labels is
//! labelled by the other key when the matrix is square and matches it: a square matrix whose
//! size equals the `rows` count gets the row labels on its columns too (token-by-token matrices
//! such as attention weights or `x @ x.T`), and with `cols` given, a square matrix of that size
//! gets the column labels on its rows (feature-by-feature matrices). `cols` names the columns of
//! every matrix with that many columns, and the entries of every vector of that length (a
//! vector is one row, so its entries are columns). Anything else is addressed by 1-based
//! position. Where shapes alone cannot tell (four tokens of width four: the embeddings, the
//! weights and the attention weights are all 4×4), `[labels]` names the sides a value takes:
//! `"rows"` only its rows, `"cols"` only its columns (or a vector's entries), `"none"` neither.
//! A value whose sides no block list names well (the points (x, y) and the start (w, b) of one
//! example) takes names of its own, `{ cols = ["x", "y"] }`: a side given so is named by them
//! (when they fit its length), a side not given follows the rule above.

use super::lang::{self, LangError, Value};
use super::Quantity;
use serde::ser::SerializeMap;
use serde::{Deserialize, Serialize, Serializer};
use std::collections::BTreeMap;

/// The optional names of rows and columns a block declares.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Labels {
    /// `rows = […]`.
    pub rows: Option<Vec<String>>,
    /// `cols = […]`.
    pub cols: Option<Vec<String>>,
    /// `[labels]`: values that take only some sides' labels, by name; the rest follow the
    /// shape rule.
    pub sides: BTreeMap<String, LabelSides>,
}

/// Which labels a value named in `[labels]` takes (the rule of the shapes still decides which
/// labels fit).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum LabelSides {
    /// Names of its own for a side or both (`{ cols = ["x", "y"] }`); a side not given follows
    /// the block's rule. Serialized as the table itself, as the widget reads it.
    Own {
        /// Its rows' names, when given.
        #[serde(skip_serializing_if = "Option::is_none", default)]
        rows: Option<Vec<String>>,
        /// Its columns' (or a vector's entries') names, when given.
        #[serde(skip_serializing_if = "Option::is_none", default)]
        cols: Option<Vec<String>>,
    },
    /// One of the side words.
    Side(Side),
}

/// A side word of `[labels]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// Its rows only; columns by position (token-by-feature values when n = d).
    Rows,
    /// Its columns (or a vector's entries) only.
    Cols,
    /// Neither: every entry by position (weight matrices when n = d).
    None,
}

impl Labels {
    fn fitting(labels: &Option<Vec<String>>, count: usize) -> Option<Vec<String>> {
        labels
            .as_ref()
            .filter(|labels| labels.len() == count)
            .cloned()
    }

    /// Labels of the rows of an `nrows`×`ncols` matrix, by the rule in the module doc.
    pub fn of_rows(&self, nrows: usize, ncols: usize) -> Option<Vec<String>> {
        Self::fitting(&self.rows, nrows).or_else(|| {
            (nrows == ncols)
                .then(|| Self::fitting(&self.cols, nrows))
                .flatten()
        })
    }

    /// Labels of the columns of an `nrows`×`ncols` matrix, by the rule in the module doc.
    pub fn of_cols(&self, nrows: usize, ncols: usize) -> Option<Vec<String>> {
        Self::fitting(&self.cols, ncols).or_else(|| {
            (nrows == ncols)
                .then(|| Self::fitting(&self.rows, ncols))
                .flatten()
        })
    }

    /// Labels of the entries of a vector of `len`.
    pub fn of_entries(&self, len: usize) -> Option<Vec<String>> {
        Self::fitting(&self.cols, len)
    }

    /// The value `name` as the labelled quantity references see.
    pub fn quantity(&self, name: &str, value: &Value) -> Quantity {
        let sides = self.sides.get(name);
        let side = |word| matches!(sides, Some(LabelSides::Side(s)) if *s == word);
        let rows_too = !side(Side::Cols) && !side(Side::None);
        let cols_too = !side(Side::Rows) && !side(Side::None);
        // A side with names of its own takes them where they fit, and nothing else.
        let (own_rows, own_cols) = match sides {
            Some(LabelSides::Own { rows, cols }) => (rows.as_ref(), cols.as_ref()),
            _ => (None, None),
        };
        let own = |names: Option<&Vec<String>>, count: usize, rule: Option<Vec<String>>| match names
        {
            Some(names) => Some(names.clone()).filter(|names| names.len() == count),
            None => rule,
        };
        match value {
            Value::Scalar(x) => Quantity::Scalar(*x),
            Value::Vector(values) => Quantity::Vector {
                labels: own(
                    own_cols,
                    values.len(),
                    self.of_entries(values.len()).filter(|_| cols_too),
                ),
                values: values.clone(),
            },
            Value::Matrix(values) => {
                let (n, m) = (values.nrows(), values.ncols());
                Quantity::Matrix {
                    row_labels: own(own_rows, n, self.of_rows(n, m).filter(|_| rows_too)),
                    col_labels: own(own_cols, m, self.of_cols(n, m).filter(|_| cols_too)),
                    values: values.clone(),
                }
            }
        }
    }
}

/// Where a value of the example comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// Written in `[inputs]`.
    Input,
    /// Computed by a line of `steps`.
    Step,
}

/// An evaluated ```` ```compute ```` example.
#[derive(Debug, Clone, PartialEq)]
pub struct Computed {
    /// Every input in the order written, then every step in the order run.
    pub values: Vec<(String, Origin, Value)>,
    /// The block's labels.
    pub labels: Labels,
    /// The steps whose values are whole numbers by construction (README, "Whole numbers"):
    /// they print without decimals.
    pub whole: std::collections::BTreeSet<String>,
    /// The program translated to NumPy ("Copy as NumPy"), for the page and `eval --json`.
    pub numpy: lang::numpy::Numpy,
    /// What each step reads, for a figure of the program's graph.
    pub reads: Vec<lang::StepReads>,
}

/// Runs `steps` on `inputs` (in the order written).
pub fn compute(
    steps: &str,
    inputs: Vec<(String, Value)>,
    labels: Labels,
) -> Result<Computed, LangError> {
    let program = lang::parse(steps)?;
    let results = lang::run(&program, &inputs)?;
    let run_values: Vec<(String, Value)> = inputs
        .iter()
        .cloned()
        .chain(results.iter().map(|o| (o.name.clone(), o.value.clone())))
        .collect();
    let numpy = lang::numpy::translate_run(&program, &inputs, &run_values);
    let reads = program.step_reads();
    let whole = results
        .iter()
        .filter(|output| output.whole)
        .map(|output| output.name.clone())
        .collect();
    let values = inputs
        .into_iter()
        .map(|(name, value)| (name, Origin::Input, value))
        .chain(
            results
                .into_iter()
                .map(|output| (output.name, Origin::Step, output.value)),
        )
        .collect();
    Ok(Computed {
        values,
        labels,
        whole,
        numpy,
        reads,
    })
}

impl Computed {
    /// The value named `name`, input or step.
    pub fn value(&self, name: &str) -> Option<&Value> {
        self.values
            .iter()
            .find(|(candidate, _, _)| candidate == name)
            .map(|(_, _, value)| value)
    }

    /// The value named `name` with its labels.
    pub fn quantity(&self, name: &str) -> Option<Quantity> {
        self.value(name)
            .map(|value| self.labels.quantity(name, value))
    }

    /// Inputs, then steps, in order.
    pub fn quantity_names(&self) -> Vec<String> {
        self.values
            .iter()
            .map(|(name, _, _)| name.clone())
            .collect()
    }

    /// The names of the inputs, in the order written.
    pub fn input_names(&self) -> Vec<String> {
        self.values
            .iter()
            .filter(|(_, origin, _)| *origin == Origin::Input)
            .map(|(name, _, _)| name.clone())
            .collect()
    }

    /// The NumPy snippet on the lesson's inputs.
    pub fn numpy_code(&self) -> String {
        let inputs: Vec<Value> = self
            .values
            .iter()
            .filter(|(_, origin, _)| *origin == Origin::Input)
            .map(|(_, _, value)| value.clone())
            .collect();
        self.numpy.code(&inputs)
    }

    /// The names of the steps, in order.
    pub fn step_names(&self) -> Vec<&str> {
        self.values
            .iter()
            .filter(|(_, origin, _)| *origin == Origin::Step)
            .map(|(name, _, _)| name.as_str())
            .collect()
    }
}

/// A number in `eval --json`: JSON has no infinity, so the one non-finite value a program can
/// hold, −∞ (a mask), is written as the string `"-Infinity"`, which both JavaScript's
/// `Number(…)` and Python's `float(…)` read back as −∞.
struct JsonNumber(f64);

/// The text `eval --json` writes for −∞.
pub const NEGATIVE_INFINITY_JSON: &str = "-Infinity";

impl Serialize for JsonNumber {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.0 == f64::NEG_INFINITY {
            serializer.serialize_str(NEGATIVE_INFINITY_JSON)
        } else {
            serializer.serialize_f64(self.0)
        }
    }
}

/// A number of a whole value in `eval --json`: written as an integer.
struct JsonWhole(f64);

impl Serialize for JsonWhole {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // A whole value's entries are integers of at most 2⁵³ (the core checks), so the cast
        // is exact.
        serializer.serialize_i64(self.0 as i64)
    }
}

/// A value in `eval --json`: a number, a list, or a list of rows; a whole value's numbers as
/// integers.
struct JsonValue<'a>(&'a Value, bool);

impl Serialize for JsonValue<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let whole = self.1;
        match self.0 {
            Value::Scalar(x) if whole => JsonWhole(*x).serialize(serializer),
            Value::Scalar(x) => JsonNumber(*x).serialize(serializer),
            Value::Vector(values) if whole => {
                serializer.collect_seq(values.iter().map(|x| JsonWhole(*x)))
            }
            Value::Vector(values) => serializer.collect_seq(values.iter().map(|x| JsonNumber(*x))),
            Value::Matrix(values) if whole => serializer.collect_seq(
                values
                    .rows()
                    .into_iter()
                    .map(|row| row.iter().map(|x| JsonWhole(*x)).collect::<Vec<_>>()),
            ),
            Value::Matrix(values) => serializer.collect_seq(
                values
                    .rows()
                    .into_iter()
                    .map(|row| row.iter().map(|x| JsonNumber(*x)).collect::<Vec<_>>()),
            ),
        }
    }
}

/// The "Copy as NumPy" snippet in `eval --json`, and each name's Python variable.
#[derive(Serialize)]
struct NumpyJson<'a> {
    code: String,
    names: BTreeMap<&'a str, &'a str>,
}

/// The values of one origin as a JSON object by name.
struct JsonValues<'a>(&'a Computed, Origin);

impl Serialize for JsonValues<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        for (name, origin, value) in &self.0.values {
            if *origin == self.1 {
                map.serialize_entry(name, &JsonValue(value, self.0.whole.contains(name)))?;
            }
        }
        map.end()
    }
}

impl Serialize for Computed {
    /// `{"kind": "compute", "rows": […]|null, "cols": …, "labels": {name: "rows"|"cols"|"none"
    /// or {"rows": […], "cols": […]}},
    /// "inputs": {name: value}, "steps": {name: value}, "order": [names],
    /// "numpy": {"code": the snippet, "names": {name: Python variable}}}`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(8))?;
        map.serialize_entry("kind", "compute")?;
        map.serialize_entry("rows", &self.labels.rows)?;
        map.serialize_entry("cols", &self.labels.cols)?;
        map.serialize_entry("labels", &self.labels.sides)?;
        map.serialize_entry("inputs", &JsonValues(self, Origin::Input))?;
        map.serialize_entry("steps", &JsonValues(self, Origin::Step))?;
        map.serialize_entry("order", &self.quantity_names())?;
        let names: BTreeMap<&str, &str> = self
            .numpy
            .names
            .iter()
            .map(|(name, python)| (name.as_str(), python.as_str()))
            .collect();
        map.serialize_entry(
            "numpy",
            &NumpyJson {
                code: self.numpy_code(),
                names,
            },
        )?;
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::array;

    fn names(list: &[&str]) -> Option<Vec<String>> {
        Some(list.iter().map(|name| name.to_string()).collect())
    }

    fn tokens() -> Labels {
        Labels {
            rows: names(&["the", "cat", "sat"]),
            cols: None,
            sides: BTreeMap::new(),
        }
    }

    #[test]
    fn rows_label_every_matrix_with_that_many_rows_and_square_ones_on_both_sides() {
        let labels = tokens();
        assert_eq!(labels.of_rows(3, 2), names(&["the", "cat", "sat"]));
        assert_eq!(labels.of_cols(3, 2), None);
        assert_eq!(labels.of_cols(3, 3), names(&["the", "cat", "sat"]));
        assert_eq!(labels.of_rows(2, 3), None);
        assert_eq!(labels.of_rows(2, 2), None);
        assert_eq!(
            labels.of_entries(3),
            None,
            "vectors are rows: only `cols` names entries"
        );
    }

    #[test]
    fn cols_label_columns_and_vector_entries_and_square_feature_matrices() {
        let labels = Labels {
            rows: names(&["a", "b", "c"]),
            cols: names(&["x", "y"]),
            sides: BTreeMap::new(),
        };
        assert_eq!(labels.of_cols(3, 2), names(&["x", "y"]));
        assert_eq!(labels.of_entries(2), names(&["x", "y"]));
        assert_eq!(labels.of_rows(2, 2), names(&["x", "y"]));
        assert_eq!(labels.of_cols(2, 2), names(&["x", "y"]));
        assert_eq!(labels.of_rows(3, 3), names(&["a", "b", "c"]));
    }

    #[test]
    fn a_value_named_in_labels_takes_only_the_sides_it_names() {
        let mut labels = tokens();
        labels.sides = BTreeMap::from([
            ("x".to_string(), LabelSides::Side(Side::Rows)),
            ("w".to_string(), LabelSides::Side(Side::None)),
            ("c".to_string(), LabelSides::Side(Side::Cols)),
        ]);
        let square = Value::Matrix(ndarray::Array2::zeros((3, 3)));
        let sides = |name: &str| match labels.quantity(name, &square) {
            Quantity::Matrix {
                row_labels,
                col_labels,
                ..
            } => (row_labels.is_some(), col_labels.is_some()),
            other => panic!("{other:?}"),
        };
        assert_eq!(sides("a"), (true, true), "unnamed: the shape rule");
        assert_eq!(sides("x"), (true, false));
        assert_eq!(sides("c"), (false, true));
        assert_eq!(sides("w"), (false, false));
        labels.cols = names(&["p", "q", "r"]);
        let vector = Value::Vector(array![1.0, 2.0, 3.0]);
        let entries = |name: &str| match labels.quantity(name, &vector) {
            Quantity::Vector { labels, .. } => labels.is_some(),
            other => panic!("{other:?}"),
        };
        assert!(entries("c") && !entries("x") && !entries("w"));
    }

    #[test]
    fn a_value_with_names_of_its_own_takes_them_where_they_fit_and_the_rule_elsewhere() {
        let mut labels = tokens();
        labels.sides = BTreeMap::from([
            (
                "points".to_string(),
                LabelSides::Own {
                    rows: None,
                    cols: names(&["x", "y"]),
                },
            ),
            (
                "start".to_string(),
                LabelSides::Own {
                    rows: None,
                    cols: names(&["w", "b"]),
                },
            ),
        ]);
        // Three points of (x, y): the block's rows name them, their own names the columns.
        let points = Value::Matrix(ndarray::Array2::zeros((3, 2)));
        let Quantity::Matrix {
            row_labels,
            col_labels,
            ..
        } = labels.quantity("points", &points)
        else {
            panic!("a matrix")
        };
        assert_eq!(
            (row_labels, col_labels),
            (names(&["the", "cat", "sat"]), names(&["x", "y"]))
        );
        let start = Value::Vector(array![0.0, 0.0]);
        let entries = |value: &Value| match labels.quantity("start", value) {
            Quantity::Vector { labels, .. } => labels,
            other => panic!("{other:?}"),
        };
        assert_eq!(entries(&start), names(&["w", "b"]));
        // A start of three numbers (a reader's edit) is numbered: the names fit no longer.
        assert_eq!(entries(&Value::Vector(array![0.0, 0.0, 1.0])), None);
        // As `eval --json` and the widget read it: the table itself, beside the side words.
        labels
            .sides
            .insert("w".to_string(), LabelSides::Side(Side::None));
        assert_eq!(
            serde_json::to_value(&labels.sides).unwrap(),
            serde_json::json!({ "points": { "cols": ["x", "y"] }, "start": { "cols": ["w", "b"] }, "w": "none" })
        );
    }

    #[test]
    fn inputs_and_steps_are_quantities_in_order() {
        let computed = compute(
            "g = x @ x.T\nn = sum(g)",
            vec![(
                "x".into(),
                Value::Matrix(array![[1.0, 0.0], [0.0, 2.0], [1.0, 1.0]]),
            )],
            tokens(),
        )
        .unwrap();
        assert_eq!(computed.quantity_names(), ["x", "g", "n"]);
        assert_eq!(computed.step_names(), ["g", "n"]);
        let Some(Quantity::Matrix {
            values,
            row_labels,
            col_labels,
        }) = computed.quantity("g")
        else {
            panic!("g is a matrix")
        };
        assert_eq!(values[[2, 1]], 2.0);
        assert_eq!(row_labels, col_labels);
        assert_eq!(computed.quantity("n"), Some(Quantity::Scalar(13.0)));
        assert_eq!(computed.quantity("nope"), None);
    }

    #[test]
    fn json_lists_inputs_and_steps_by_name_and_writes_minus_infinity_as_a_string() {
        let computed = compute(
            "m = causal_mask(2)\nv = x + 1",
            vec![("x".into(), Value::Vector(array![0.5, 1.0]))],
            Labels::default(),
        )
        .unwrap();
        let json = serde_json::to_value(&computed).unwrap();
        assert_eq!(json["kind"], "compute");
        assert_eq!(json["labels"], serde_json::json!({}));
        assert_eq!(json["inputs"]["x"], serde_json::json!([0.5, 1.0]));
        assert_eq!(json["steps"]["v"], serde_json::json!([1.5, 2.0]));
        assert_eq!(
            json["steps"]["m"],
            serde_json::json!([[0.0, NEGATIVE_INFINITY_JSON], [0.0, 0.0]])
        );
        assert_eq!(json["order"], serde_json::json!(["x", "m", "v"]));
    }

    /// The attention lesson's example (content/attention.md, "cat" and "causal") written as a
    /// compute program: every quantity the `attention` kind computes, to 1e-12.
    #[test]
    fn a_program_reproduces_the_attention_kind_single_head_and_causal() {
        use crate::compute::attention::AttentionInput;
        use crate::compute::kind::KindInput;
        use approx::assert_abs_diff_eq;
        let embeddings = array![[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]];
        let w_q = array![[1.0, 0.0], [1.0, 2.0]];
        let w_k = array![[2.0, 0.0], [0.0, 1.0]];
        let w_v = array![[1.0, 0.0], [0.0, 2.0]];
        let program = "q = x @ w_q
k = x @ w_k
v = x @ w_v
scores = q @ k.T
scaled = scores / sqrt(d_k)
weights = softmax(scaled + mask, axis=1)
output = weights @ v
";
        for causal in [false, true] {
            let expected = (AttentionInput {
                tokens: vec!["the".into(), "cat".into(), "sat".into()],
                embeddings: embeddings.clone(),
                w_q: w_q.clone(),
                w_k: w_k.clone(),
                w_v: w_v.clone(),
                w_o: None,
                causal,
                heads: 1,
            })
            .evaluate()
            .unwrap();
            let mask = if causal {
                "causal_mask(3)"
            } else {
                "zeros(3, 3)"
            };
            let computed = compute(
                &format!("mask = {mask}\n{program}"),
                vec![
                    ("x".into(), Value::Matrix(embeddings.clone())),
                    ("w_q".into(), Value::Matrix(w_q.clone())),
                    ("w_k".into(), Value::Matrix(w_k.clone())),
                    ("w_v".into(), Value::Matrix(w_v.clone())),
                    ("d_k".into(), Value::Scalar(2.0)),
                ],
                tokens(),
            )
            .unwrap();
            for name in ["q", "k", "v", "scores", "scaled", "weights", "output"] {
                let (
                    Some(Quantity::Matrix {
                        values: ours,
                        row_labels,
                        ..
                    }),
                    Some(Quantity::Matrix { values: theirs, .. }),
                ) = (computed.quantity(name), expected.quantity(name))
                else {
                    panic!("{name} is a matrix on both sides")
                };
                assert_abs_diff_eq!(ours, theirs, epsilon = 1e-12);
                assert_eq!(row_labels, tokens().rows, "{name} is labelled by token");
            }
            if causal {
                let Some(Value::Matrix(weights)) = computed.value("weights") else {
                    panic!("weights")
                };
                assert_eq!(weights[[0, 1]], 0.0, "a masked weight is exactly 0");
            }
        }
    }

    #[test]
    fn eval_json_writes_whole_values_as_integers_and_loop_state_once() {
        let computed = compute(
            "w = 1.5\nrepeat 3 as t:\n    w = w / 2\n    k = t + 1\nsteps = history(k)\nbest = argmax(steps)",
            Vec::new(),
            Labels::default(),
        )
        .unwrap();
        let json = serde_json::to_value(&computed).unwrap();
        assert_eq!(
            json["order"],
            serde_json::json!(["w", "k", "steps", "best"])
        );
        assert_eq!(json["steps"]["w"], serde_json::json!(0.1875));
        assert_eq!(json["steps"]["steps"].to_string(), "[1,2,3]");
        assert_eq!(json["steps"]["best"].to_string(), "2");
        assert!(computed.whole.contains("k") && !computed.whole.contains("w"));
    }
}
