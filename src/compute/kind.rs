//! A built-in kind's example after evaluation: the run of its program, as a ```` ```compute ````
//! block's, read through a small table of what the kind calls each value.
//!
//! Stage: evaluation. Input: a kind's [`Table`] and the [`Computed`] run of its template.
//! Output: the quantities references read, the inputs a card shows, and the `eval --json`
//! object the table lays out.
//! Must not: compute anything; every number is the program's.
//!
//! Where a kind's code lives, the one rule for the four kinds (attention, gradient_descent,
//! softmax, vectors): the kind's file holds its input, its program and the [`KindInput`] that
//! fills and words it (`src/compute/<kind>.rs`), or its block's keys, how they are read and its
//! widget's data (`src/expand/blocks/<kind>.rs`); a concern too long to sit there beside the
//! rest (each file stays under 150 lines) moves whole to `<kind>/<concern>.rs`, its tests always
//! to `<kind>/tests.rs`. So every kind's input checks and [`Table`] are in `checks.rs` and
//! `table.rs`; attention's program, written by code for its tokens and heads, and its overflow
//! words are in `program.rs` and `overflow_words.rs`; the descent's program, fixed but 80 lines,
//! is `program.compute` (the language's own text), with its account in `program.rs`; attention's
//! and the descent's widget data are in `blocks/<kind>/widget.rs`. A softmax's or vectors'
//! program, a few lines, stays in its file as `PROGRAM`. Nothing moves for symmetry alone.

use super::computed::{Computed, LabelSides, Labels, Side};
use super::json::Plain;
use super::lang::Value;
use super::template::Stopped;
use super::{ComputeError, KindProgram, Quantity};
use ndarray::{Array1, Array2};
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

/// What one kind says about its program's values. Fixed per kind, so every example of the kind
/// reads the same way and only the run differs.
#[derive(Debug)]
pub struct Table {
    /// The name in the block's info string, `eval --json`'s `kind` and the widget's
    /// `data-widget`.
    pub kind: &'static str,
    /// Every name a reference may use, in reading order, separated by spaces; a name whose
    /// value the run has not (an optional input left out) is absent. Each reads the program's
    /// value of the same name, unless [`Table::sources`] says otherwise.
    pub names: &'static str,
    /// The names that read something other than the program's value of the same name.
    pub sources: &'static [(&'static str, Source)],
    /// The kind's values in numbered groups (an attention's heads), whose names `hN.part`
    /// (`h2.weights`) are reference names too, after the table's, read from the run's own
    /// values (`weights_2`) with the sides those take.
    pub groups: Option<Groups>,
    /// The names the author wrote, for the card and for printing as written.
    pub inputs: &'static [&'static str],
    /// Values (by the program's names, several separated by spaces) that take only some sides
    /// of the example's labels, where the shape rule of [`super::computed::Labels`] would label
    /// a side that means something else.
    pub sides: &'static [(&'static str, Side)],
    /// Values (by the program's names, several separated by spaces) whose rows and columns
    /// have names of their own, as `(values, rows, cols)`; an empty list leaves that side to
    /// the example's labels.
    pub own: &'static [(
        &'static str,
        &'static [&'static str],
        &'static [&'static str],
    )],
    /// `eval --json`'s keys after `kind`, in order, and what each holds; the key of a
    /// [`Json::Named`] or [`Json::NamedIfAny`] entry lists several keys.
    pub json: &'static [(&'static str, Json)],
}

impl Table {
    /// Each value of [`Table::sides`] with the sides it takes, one name at a time.
    pub fn side_of_each(&self) -> impl Iterator<Item = (&'static str, Side)> + '_ {
        (self.sides.iter())
            .flat_map(|(names, side)| names.split_whitespace().map(move |name| (name, *side)))
    }
}

/// One table per kind, fixed: two tables are the same when they are the same kind's.
impl PartialEq for Table {
    fn eq(&self, other: &Table) -> bool {
        self.kind == other.kind
    }
}

/// A kind's values in numbered groups: `h2.weights` names the part `weights` of group 2, which
/// the run holds once, under the name [`Groups::step`] gives it (no copy under the grouped
/// name, so a group's values are one value however they are named).
#[derive(Debug)]
pub struct Groups {
    /// The run's value that counts the groups (`heads`).
    pub count: &'static str,
    /// Each group's parts, in reading order, as `(part, alone, stem)`: the run's name of the
    /// part is `alone` when there is one group, else `{stem}_{h}` for group `h`.
    pub parts: &'static [(&'static str, &'static str, &'static str)],
}

impl Groups {
    /// The run's name for `part` of group `h` (counting from 1) of `count` groups (`part`
    /// itself when the kind has no such part).
    pub fn step(&self, part: &str, h: usize, count: usize) -> String {
        let (alone, stem) = (self.parts.iter().find(|(name, ..)| *name == part))
            .map_or((part, part), |(_, alone, stem)| (*alone, *stem));
        match count {
            1 => alone.to_string(),
            _ => format!("{stem}_{h}"),
        }
    }
}

/// Where a reference name's quantity comes from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Source {
    /// The program's value of that name, with its labels.
    Value(&'static str),
    /// The label at the position the program's value of that name holds (counting from 0);
    /// absent when the example has no labels.
    LabelAt(&'static str),
    /// The program's value of that name, a whole number, as a count.
    Count(&'static str),
}

/// What one `eval --json` key holds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Json {
    /// The program's value of that name, `null` when the run has none.
    Value(&'static str),
    /// The program's value of that name; the key is left out when the run has none.
    IfAny(&'static str),
    /// Several keys named by the entry's key, which lists their names separated by spaces
    /// (the only entries whose key is a list): each a key of its own holding the program's
    /// value of that name, `null` when the run has none, as [`Json::Value`]s written once.
    Named,
    /// As [`Json::Named`], each key left out when the run has no value of its name.
    NamedIfAny,
    /// A position the program's value holds, as an integer, or `null`.
    Position(&'static str),
    /// The label at the position the program's value holds, or `null`.
    LabelAt(&'static str),
    /// The example's labels, or `null`.
    Labels,
    /// An object of its own keys, or `null` when the run has no value of the given name.
    Object(&'static str, &'static [(&'static str, Json)]),
    /// The program's value of that name (1 or 0) as `true` or `false`.
    Flag(&'static str),
    /// Only when the run has a value of the given name: an array with an object of the keys per
    /// group `h1`, `h2`, …, whose values are the group's (`h2.q` for `q`), else the example's.
    Groups(&'static str, &'static [(&'static str, Json)]),
}

/// A built-in kind's inputs, as the block reader leaves them: what the kind adds to the one way
/// every kind evaluates (fill the template, run it, read the run through the table). Sealed:
/// only this crate's four kinds implement it, since only they can build and read the
/// stopped run (`Stopped`) a kind words.
pub trait KindInput: sealed::Kind {
    /// What the kind calls its program's values.
    const TABLE: &'static Table;
    /// The kind's program filled with these inputs, or the input at fault.
    fn template(&self) -> Result<KindProgram, ComputeError>;
    /// The example's labels, which the run's values take: none unless the kind has any.
    fn labels(&self) -> Labels {
        Labels::default()
    }
    /// The author's words for a run that stops.
    fn stopped(&self, stopped: Stopped) -> ComputeError;
    /// What the kind says of the run beyond its program's values: counts it wrote into the
    /// program as text (an attention's `n`, `d_k`, `heads`), values the run marks as absent (a
    /// descent's `diverged_at` of a run that went through). Nothing, for most kinds.
    fn finish(&self, _run: &mut Computed) {}

    /// Runs `program`, the [`KindInput::template`] of these inputs: a block runs the text it
    /// writes into its widget's data, so the page's numbers and the widget's are one program's.
    fn run(&self, program: &KindProgram) -> Result<KindRun, ComputeError> {
        let mut ran = program.run(Self::TABLE, self.labels(), |stopped| self.stopped(stopped))?;
        self.finish(&mut ran.run);
        Ok(ran)
    }

    /// Evaluates the example by running its program, for callers that keep no text (the
    /// tests); the site runs [`KindInput::template`] then [`KindInput::run`], since it writes
    /// the text into the widget.
    fn evaluate(&self) -> Result<KindRun, ComputeError> {
        self.run(&self.template()?)
    }
}

/// The seal of [`KindInput`]: a public trait no other crate can name, so none implements it.
mod sealed {
    /// One of the crate's built-in kinds.
    pub trait Kind {}
    impl Kind for super::super::attention::AttentionInput {}
    impl Kind for super::super::softmax::SoftmaxInput {}
    impl Kind for super::super::vectors::VectorsInput {}
    impl Kind for super::super::gradient_descent::GradientDescentInput {}
}

/// An evaluated example of a built-in kind.
#[derive(Debug, Clone, PartialEq)]
pub struct KindRun {
    /// What the kind calls its values.
    pub table: &'static Table,
    /// The program's inputs and steps, labelled by the example's labels.
    pub run: Computed,
}

impl KindRun {
    /// The run of `table`'s kind, its labels taking only the sides the table gives.
    pub fn new(table: &'static Table, mut run: Computed) -> KindRun {
        for (name, side) in table.side_of_each() {
            run.labels
                .sides
                .insert(name.to_string(), LabelSides::Side(side));
        }
        let names = |list: &[&str]| {
            (!list.is_empty()).then(|| list.iter().map(|name| name.to_string()).collect())
        };
        for (values, rows, cols) in table.own {
            for name in values.split_whitespace() {
                let (rows, cols) = (names(rows), names(cols));
                let sides = LabelSides::Own { rows, cols };
                run.labels.sides.insert(name.to_string(), sides);
            }
        }
        KindRun { table, run }
    }

    /// The example's one list of labels (the logits', the vectors', the tokens'), if any.
    pub fn labels(&self) -> Option<&[String]> {
        let labels = &self.run.labels;
        labels.cols.as_deref().or(labels.rows.as_deref())
    }

    fn label_at(&self, value: &str) -> Option<String> {
        let position = self.position(value)?;
        self.labels()?.get(position).cloned()
    }

    /// The position (counting from 0) the program's value `value` holds, if the run has it.
    pub fn position(&self, value: &str) -> Option<usize> {
        match self.run.value(value)? {
            // A position is an index the kind wrote as a whole number below the length.
            Value::Scalar(x) => Some(*x as usize),
            _ => None,
        }
    }

    /// The quantity a reference names, or `None`.
    pub fn quantity(&self, name: &str) -> Option<Quantity> {
        let mut names = self.table.names.split_whitespace();
        let Some(name) = names.find(|known| *known == name) else {
            return self.grouped(name).and_then(|step| self.run.quantity(&step));
        };
        let source = self.table.sources.iter().find(|(known, _)| *known == name);
        match source.map_or(Source::Value(name), |(_, source)| *source) {
            Source::Value(value) => self.run.quantity(value),
            Source::LabelAt(value) => self.label_at(value).map(Quantity::Text),
            Source::Count(value) => self.position(value).map(Quantity::Count),
        }
    }

    /// The names references may use on this example, in reading order.
    pub fn quantity_names(&self) -> Vec<String> {
        (self.table.names.split_whitespace())
            .filter(|name| self.quantity(name).is_some())
            .map(String::from)
            .chain(self.group_names().into_iter().map(|(group, _)| group))
            .collect()
    }

    /// The number of groups the run has, 0 for a kind without groups.
    fn group_count(&self) -> usize {
        let groups = self.table.groups.as_ref();
        groups
            .and_then(|groups| self.position(groups.count))
            .unwrap_or(0)
    }

    /// Every grouped name (`h1.q` … `hN.output`) with the run's name of its value, in reading
    /// order: group by group, each part in the kind's order.
    fn group_names(&self) -> Vec<(String, String)> {
        let Some(groups) = &self.table.groups else {
            return Vec::new();
        };
        let count = self.group_count();
        (1..=count)
            .flat_map(|h| {
                (groups.parts.iter())
                    .map(move |(part, ..)| (format!("h{h}.{part}"), groups.step(part, h, count)))
            })
            .filter(|(_, step)| self.run.value(step).is_some())
            .collect()
    }

    /// The run's name of the value a grouped name (`h2.weights`) reads, if it names one.
    fn grouped(&self, name: &str) -> Option<String> {
        let names = self.group_names();
        let (_, step) = names.into_iter().find(|(group, _)| group == name)?;
        Some(step)
    }

    /// The names the author wrote, in reading order.
    pub fn input_names(&self) -> Vec<String> {
        self.table
            .inputs
            .iter()
            .filter(|name| self.quantity(name).is_some())
            .map(|name| name.to_string())
            .collect()
    }

    /// The number a reference `name` reads, if it is one.
    pub fn scalar(&self, name: &str) -> Option<f64> {
        match self.quantity(name)? {
            Quantity::Scalar(x) => Some(x),
            Quantity::Count(n) => Some(n as f64),
            _ => None,
        }
    }

    /// The vector a reference `name` reads, if it is one.
    pub fn vector(&self, name: &str) -> Option<Array1<f64>> {
        match self.quantity(name)? {
            Quantity::Vector { values, .. } => Some(values),
            _ => None,
        }
    }

    /// The matrix a reference `name` reads, if it is one.
    pub fn matrix(&self, name: &str) -> Option<Array2<f64>> {
        match self.quantity(name)? {
            Quantity::Matrix { values, .. } => Some(values),
            _ => None,
        }
    }
}

/// The keys of `layout` on `run`, of one group's values (`h2`) where given.
struct Layout<'a>(&'a KindRun, &'a [(&'static str, Json)], Option<&'a str>);

impl Serialize for Layout<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let Layout(example, layout, group) = *self;
        let mut map = serializer.serialize_map(None)?;
        if std::ptr::eq(layout, example.table.json) {
            map.serialize_entry("kind", example.table.kind)?;
        }
        let name = |name: &'static str| match group {
            Some(group) => {
                (example.grouped(&format!("{group}.{name}"))).unwrap_or_else(|| name.to_string())
            }
            None => name.to_string(),
        };
        let value = |bare| example.run.value(&name(bare)).map(Plain);
        for (key, json) in layout {
            match json {
                Json::Value(name) => map.serialize_entry(key, &value(name))?,
                Json::IfAny(name) => {
                    if let Some(value) = value(name) {
                        map.serialize_entry(key, &value)?;
                    }
                }
                Json::Named | Json::NamedIfAny => {
                    for name in key.split_whitespace() {
                        let value = value(name);
                        if value.is_some() || *json == Json::Named {
                            map.serialize_entry(name, &value)?;
                        }
                    }
                }
                Json::Position(bare) => map.serialize_entry(key, &example.position(&name(bare)))?,
                Json::Flag(bare) => {
                    map.serialize_entry(key, &(example.position(bare) == Some(1)))?
                }
                Json::Groups(when, keys) => {
                    if example.run.value(when).is_some() {
                        let groups: Vec<String> = (1..=example.group_count())
                            .map(|h| format!("h{h}"))
                            .collect();
                        let groups: Vec<Layout> = (groups.iter())
                            .map(|group| Layout(example, keys, Some(group)))
                            .collect();
                        map.serialize_entry(key, &groups)?;
                    }
                }
                Json::LabelAt(name) => map.serialize_entry(key, &example.label_at(name))?,
                Json::Labels => map.serialize_entry(key, &example.labels())?,
                Json::Object(when, keys) => map.serialize_entry(
                    key,
                    &example
                        .run
                        .value(when)
                        .map(|_| Layout(example, keys, group)),
                )?,
            }
        }
        map.end()
    }
}

impl Serialize for KindRun {
    /// `{"kind": …}` then the table's keys.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Layout(self, self.table.json, None).serialize(serializer)
    }
}

/// For a kind's table of refused inputs: each row's input is refused with an error on its
/// `field` that says `says` as its message or its hint (anything, when `says` is empty).
#[cfg(test)]
pub(crate) fn assert_refused<K: KindInput + std::fmt::Debug>(
    rows: impl IntoIterator<Item = (K, &'static str, impl AsRef<str>)>,
) {
    for (input, field, says) in rows {
        let (error, says) = (input.evaluate().unwrap_err(), says.as_ref());
        assert_eq!(error.field.as_deref(), Some(field), "{input:?}");
        let said = [Some(error.message.as_str()), error.hint.as_deref()];
        assert!(
            says.is_empty() || said.contains(&Some(says)),
            "{input:?}: {error:?}"
        );
    }
}

/// Any finite number, ordinary or extreme (subnormal, zero, near the largest), for a kind's
/// property that no input panics or gives a non-finite value.
#[cfg(test)]
pub(crate) fn any_finite() -> proptest::strategy::BoxedStrategy<f64> {
    use proptest::prelude::*;
    prop_oneof![
        -5.0..5.0f64,
        proptest::num::f64::NORMAL | proptest::num::f64::SUBNORMAL | proptest::num::f64::ZERO,
    ]
    .boxed()
}
