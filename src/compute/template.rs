//! The built-in kinds as programs: a kind fills its template program with the block's inputs
//! and runs it in the compute language, so a kind and a compute block are one engine.
//!
//! Stage: evaluation. Input: a template's text and its inputs. Output: the run's values by
//! name, or the step that failed, for the kind to word for authors.
//! Must not: do arithmetic of its own.

use super::computed::{Computed, Labels, Origin};
use super::error::not_finite;
use super::kind::{KindRun, Source, Table};
use super::lang::{self, format_number, ErrorKind, LangError, Limit, Value, MAX_WORK};
use super::ComputeError;
#[cfg(test)]
use ndarray::{Array1, Array2};
use serde::Serialize;

/// A kind's program with its inputs, as a page's widget runs it again after an edit: the text
/// the build ran, so the reader's numbers come from the same steps in compute-lang.js.
#[derive(Debug, Clone, Serialize)]
pub struct KindProgram {
    /// The program's text.
    pub steps: String,
    /// Its inputs by name, in order (serialized as compute-lang.js's `run` takes them).
    #[serde(serialize_with = "super::vary::plain_pairs")]
    pub inputs: Vec<(String, Value)>,
}

impl KindProgram {
    /// Runs the program and reads the run through a kind's `table`, its values labelled by
    /// `labels`; `stopped` words a run that stops for the kind's authors. An input that is empty
    /// or holds a number that is not finite is refused first, at the input, whatever the kind:
    /// the language would refuse it with no step to name, and a kind would word it as a step
    /// that failed.
    pub(crate) fn run(
        &self,
        table: &'static Table,
        labels: Labels,
        stopped: impl FnOnce(Stopped) -> ComputeError,
    ) -> Result<KindRun, ComputeError> {
        for (name, value) in &self.inputs {
            check_input(table, name, value)?;
        }
        let ran = run(&self.steps, &self.inputs).map_err(stopped)?;
        let run = ran.into_computed(self.inputs.clone(), labels);
        Ok(KindRun::new(table, run))
    }
}

/// Refuses the program's input `name` when it is empty or holds a number that is not finite,
/// at the name the author wrote it under: the reference name that reads it (a softmax's
/// `temperature` for the program's `T`), else its own.
fn check_input(table: &Table, name: &str, value: &Value) -> Result<(), ComputeError> {
    let field = (table.sources.iter())
        .find(|(_, source)| matches!(source, Source::Value(read) if *read == name))
        .map_or(name, |(field, _)| field);
    if value.is_empty() {
        let message = format!("`{field}` is empty");
        return Err(
            ComputeError::for_field(field, message).with_hint("give it at least one number")
        );
    }
    let entries = value.entries();
    match entries.iter().position(|x| !x.is_finite()) {
        Some(flat) => {
            let entry = format_number(entries[flat]) + &value.describe_position(flat);
            Err(not_finite(field, &entry))
        }
        None => Ok(()),
    }
}

/// A template program's values after a run.
pub(crate) struct Ran {
    outputs: Vec<lang::Output>,
}

/// A template run that stopped: the step it stopped in and the language's error, for the kind
/// to word for its authors. Its inputs are finite and not empty ([`KindProgram::run`] refuses
/// others), so it stops at a value too large or too small to represent, or at one of the
/// language's limits ([`ErrorKind::Limit`], which says which one), of which the work limit is
/// what a large example reaches first. Public only as the argument of the sealed
/// [`super::kind::KindInput`]'s `stopped`: no other crate can name, build or read it.
#[derive(Debug)]
pub struct Stopped {
    pub(crate) step: String,
    pub(crate) kind: ErrorKind,
    pub(crate) message: String,
}

impl Stopped {
    /// Whether the run went past one of the language's limits, not a number's.
    pub(crate) fn over_limit(&self) -> bool {
        matches!(self.kind, ErrorKind::Limit(_))
    }
}

/// The author's words for a run past the language's limits, said at the input `field`: `size`
/// (the example's size in the kind's words, "4 heads over 512 tokens") needs more than
/// [`MAX_WORK`] operations, or goes past another limit, which the language's message names;
/// `hint` says what to make smaller. Which limit it is comes from the error's [`Limit`], so a
/// reworded message cannot turn one into the other.
pub(crate) fn too_large(field: &str, size: &str, hint: &str, stopped: &Stopped) -> ComputeError {
    let message = if stopped.kind == ErrorKind::Limit(Limit::Work) {
        format!("{size} need more than {MAX_WORK} operations, the limit of any example")
    } else {
        format!("{size} go past a limit of any example: {}", stopped.message)
    };
    ComputeError::for_field(field, message).with_hint(hint)
}

/// Runs `program` on `inputs`. A template is fixed text, so only a run can fail, never a parse.
pub(crate) fn run(program: &str, inputs: &[(String, Value)]) -> Result<Ran, Stopped> {
    let parsed = lang::parse(program).map_err(|error| stopped(program, error))?;
    let outputs = lang::run(&parsed, inputs).map_err(|error| stopped(program, error))?;
    Ok(Ran { outputs })
}

fn stopped(program: &str, error: LangError) -> Stopped {
    Stopped {
        step: step_at(program, error.span.start),
        kind: error.kind,
        message: error.message,
    }
}

/// The name assigned on the line holding byte `offset` of `program`.
fn step_at(program: &str, offset: usize) -> String {
    let start = program[..offset.min(program.len())]
        .rfind('\n')
        .map_or(0, |newline| newline + 1);
    let line = &program[start..];
    line.split('=')
        .next()
        .unwrap_or_default()
        .trim()
        .to_string()
}

impl Ran {
    /// The run as a [`Computed`] with `inputs` (the ones it ran on) first, as written, then
    /// its steps: what a kind's example holds. A kind prints no value as whole and offers no
    /// NumPy snippet.
    fn into_computed(self, inputs: Vec<(String, Value)>, labels: Labels) -> Computed {
        let inputs = (inputs.into_iter()).map(|(name, value)| (name, Origin::Input, value));
        let steps =
            (self.outputs.into_iter()).map(|output| (output.name, Origin::Step, output.value));
        Computed {
            values: inputs.chain(steps).collect(),
            labels,
            whole: Default::default(),
            numpy: Default::default(),
            reads: Vec::new(),
        }
    }

    /// A step the template computes, for tests that read a run directly.
    #[cfg(test)]
    fn value(&self, name: &str) -> &Value {
        &self
            .outputs
            .iter()
            .find(|output| output.name == name)
            .unwrap_or_else(|| panic!("the template computes `{name}`"))
            .value
    }

    /// A step the template computes as a number.
    #[cfg(test)]
    pub(crate) fn scalar(&self, name: &str) -> f64 {
        match self.value(name) {
            Value::Scalar(x) => *x,
            other => panic!("`{name}` is a number in the template, got {other:?}"),
        }
    }

    /// A step the template computes as a vector.
    #[cfg(test)]
    pub(crate) fn vector(&self, name: &str) -> Array1<f64> {
        match self.value(name) {
            Value::Vector(values) => values.clone(),
            other => panic!("`{name}` is a vector in the template, got {other:?}"),
        }
    }

    /// A step the template computes as a matrix.
    #[cfg(test)]
    pub(crate) fn matrix(&self, name: &str) -> Array2<f64> {
        match self.value(name) {
            Value::Matrix(values) => values.clone(),
            other => panic!("`{name}` is a matrix in the template, got {other:?}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_gives_its_steps_by_name_and_a_stop_names_its_step() {
        let inputs = [("x".to_string(), Value::Scalar(2.0))];
        let ran = run("y = x * 3\nv = ones(2) * y\nm = eye(2) * x", &inputs).unwrap();
        assert_eq!(ran.scalar("y"), 6.0);
        assert_eq!(ran.vector("v").to_vec(), [6.0, 6.0]);
        assert_eq!(ran.matrix("m")[[1, 1]], 2.0);
        let stopped = run("y = x * 3\nbig = exp(x * 1000)\nz = y", &inputs)
            .err()
            .unwrap();
        assert_eq!(stopped.step, "big");
        assert_eq!(stopped.kind, ErrorKind::NonFinite);
        let inputs = [(
            "x".to_string(),
            Value::Matrix(ndarray::Array2::ones((1000, 1000))),
        )];
        let stopped = run("y = x @ x", &inputs).err().unwrap();
        assert_eq!(stopped.step, "y");
        assert!(stopped.over_limit());
        assert_eq!(stopped.kind, ErrorKind::Limit(Limit::Work), "{stopped:?}");
    }

    /// A kind words the work limit in its own terms and quotes any other limit, telling them
    /// apart by the error's [`Limit`]: a work limit whose message were reworded is still the
    /// work limit, and the program's lines, a limit too, are not taken for it.
    #[test]
    fn too_large_tells_the_work_limit_by_its_kind_not_its_words() {
        let say = |stopped: &Stopped| too_large("x", "3 rows", "use fewer", stopped).message;
        let work = format!("3 rows need more than {MAX_WORK} operations, the limit of any example");
        let inputs = [("x".to_string(), Value::Matrix(Array2::ones((1000, 1000))))];
        let mut stopped = run("y = x @ x", &inputs).err().unwrap();
        assert_eq!(say(&stopped), work);
        stopped.message = "the run does too many operations".to_string();
        assert_eq!(say(&stopped), work);
        let stopped = run(&"y = 1\n".repeat(lang::MAX_LINES + 1), &[])
            .err()
            .unwrap();
        assert_eq!(stopped.kind, ErrorKind::Limit(Limit::Lines));
        assert_eq!(
            say(&stopped),
            "3 rows go past a limit of any example: the steps have more than 1000 lines"
        );
    }
}
