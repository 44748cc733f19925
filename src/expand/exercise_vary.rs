//! `[vary]` of an exercise: the plan "New numbers" runs (which compute examples' inputs are
//! drawn, how, and one step of the exercise's program per number its texts print), checked on
//! [`VARY_SEEDS`] seeds at build time, and embedded in the page for `static/js/exercise-vary.js`.
//!
//! A reference becomes a step of the program: `{{ln.y[2] | sqrt}}` is `_r0 = sqrt(ln_y[1])`,
//! labels turned into positions now (draws change numbers, never labels). The browser reprints
//! prose, not typeset math, so a varied exercise's references stand in sentences.

use super::exercise::{example_values, Needed, Seen, STEPS};
use super::Expander;
use crate::base::diagnostics::Diagnostic;
use crate::compute::computed::Origin;
use crate::compute::ops::Op;
use crate::compute::vary::{self, Draw, Link, VariedExample, VaryDraw, VaryPlan};
use crate::compute::{lang, Evaluated, Index, Quantity};
use crate::expand::blocks::domain::Domain;
use crate::expand::blocks::exercise::ExerciseSpec;
use crate::expand::blocks::{BlockText, ExampleBlock};
use crate::expand::reference::{ComputeFilter, Filter, Reference};
use crate::present::exercise::{widest_tolerance_of, PrintRule};
use serde_json::json;

/// The number `expression` (a draw's argument, `2 * rate.floor`) gives from the lesson's
/// values, which it names as an exercise's steps do.
fn lesson_number(expression: &str, examples: &[ExampleBlock]) -> Result<f64, String> {
    let (program, needed) = example_values(&format!("_value = {expression}\n"), examples)
        .map_err(|(_, message, _)| message)?;
    let inputs: Vec<_> = needed.into_iter().map(|n| (n.name, n.value)).collect();
    let outputs = lang::evaluate(&program, &inputs).map_err(|error| error.message)?;
    match outputs.iter().find(|output| output.name == "_value") {
        Some(lang::Output {
            value: lang::Value::Scalar(x),
            ..
        }) => Ok(*x),
        _ => Err("it is not a single number".to_string()),
    }
}

/// Seeds every varied exercise is proven on, and the seeds "New numbers" picks from, so every
/// draw a reader gets has been computed at build time.
pub const VARY_SEEDS: u64 = 50;

/// Most element operations the `[vary]` seeds of a whole book may need together: each seed
/// re-runs what its exercise's numbers follow from, so without a bound one costly example
/// made `check` take minutes.
pub const MAX_BOOK_VARY_WORK: u64 = 10 * crate::compute::lang::MAX_WORK;

impl Expander<'_> {
    /// The page's data for "New numbers", or `None` with the problems recorded. `program` is
    /// the exercise's own steps as run (names of example values already replaced) and `needed`
    /// the example values they take.
    pub(super) fn vary_data(
        &mut self,
        spec: &ExerciseSpec,
        body: &BlockText,
        program: &str,
        needed: &[Needed],
        seen: &[Seen],
        answer: &Reference,
    ) -> Option<serde_json::Value> {
        let before = self.problems.len();
        let (examples, draws) = self.vary_draws(spec, body)?;
        self.warn_of_a_question_without_draws(spec, body, seen, &examples);
        let mut references: Vec<(Reference, PrintRule)> = Vec::new();
        for seen in seen {
            let Some(reference) = seen.reference.as_ref().filter(|_| seen.prose) else {
                self.problems.push(
                    Diagnostic::at(self.file, seen.span.clone(), "in an exercise with [vary], numbers are printed in sentences, not in math or tables")
                        .with_help("\"New numbers\" reprints the exercise's prose in the browser, which cannot typeset math: move the reference out of $…$ into the sentence"),
                );
                continue;
            };
            if !references.iter().any(|(known, _)| known == reference) {
                references.push((reference.clone(), self.print_rule(reference)));
            }
        }
        if !references.iter().any(|(known, _)| known == answer) {
            references.push((answer.clone(), self.print_rule(answer)));
        }
        let mut inputs: Vec<Needed> = needed.to_vec();
        let mut lines = String::from(program);
        if !lines.is_empty() && !lines.ends_with('\n') {
            lines.push('\n');
        }
        let mut outputs = Vec::new();
        for (index, (reference, _)) in references.iter().enumerate() {
            match expression(reference, self.examples, &mut inputs) {
                Ok(expression) => {
                    let name = format!("_r{index}");
                    lines.push_str(&format!("{name} = {expression}\n"));
                    outputs.push(name);
                }
                Err(message) => {
                    let span = seen
                        .iter()
                        .find(|seen| seen.reference.as_ref() == Some(reference))
                        .map_or_else(
                            || body.file_span(spec.answer.span.clone()),
                            |seen| seen.span.clone(),
                        );
                    self.problems.push(
                        Diagnostic::at(self.file, span, format!("in an exercise with [vary], {reference} cannot be reprinted: {message}"))
                            .with_help("print the number without this filter, or leave [vary] out"),
                    );
                }
            }
        }
        if self.problems.len() > before {
            return None;
        }
        let varied: Vec<&str> = examples
            .iter()
            .map(|example| example.name.as_str())
            .collect();
        let mut fixed = Vec::new();
        let mut links = Vec::new();
        for input in inputs {
            match varied.iter().position(|name| *name == input.example) {
                Some(example) => links.push(Link {
                    name: input.name,
                    example,
                    value: input.quantity,
                }),
                None => fixed.push((input.name, input.value)),
            }
        }
        let plan = VaryPlan {
            examples,
            draws,
            fixed,
            links,
            program: lines,
            outputs,
        }
        .sliced();
        let answer_index = references.iter().position(|(known, _)| known == answer);
        self.prove_draws(spec, body, &plan, &references, answer_index)?;
        Some(json!({
            "plan": plan,
            "refs": references.iter().zip(&plan.outputs).map(|((reference, rule), output)| json!({
                "ref": reference.to_string(),
                "output": output,
                "rule": rule,
                "list": reference.as_list(),
                "percent": reference.as_percent(),
            })).collect::<Vec<_>>(),
            "answer": answer_index,
            "tolerance": spec.tolerance,
            "seeds": VARY_SEEDS,
        }))
    }

    /// The printing rule of a reference: its precision, as the lesson's own text prints it.
    fn print_rule(&self, reference: &Reference) -> PrintRule {
        PrintRule::of(self.precision(reference))
    }

    /// The examples `[vary]` draws inputs of, and the draws in the order written.
    /// A question that prints no value of a varied example shows the reader none of the new
    /// numbers, so "New numbers" asks something the page does not say.
    fn warn_of_a_question_without_draws(
        &mut self,
        spec: &ExerciseSpec,
        body: &BlockText,
        seen: &[Seen],
        examples: &[VariedExample],
    ) {
        let question = body.file_span(spec.question.span.clone());
        // The exercise's own steps change with a draw when they read a varied example.
        let steps_vary = spec.steps.as_ref().is_some_and(|steps| {
            examples
                .iter()
                .any(|example| steps.text.contains(&format!("{}.", example.name)))
        });
        let shows_a_draw = seen.iter().any(|seen| {
            question.start <= seen.span.start
                && seen.span.end <= question.end
                && seen.reference.as_ref().is_some_and(|reference| {
                    (reference.example == STEPS && steps_vary)
                        || examples
                            .iter()
                            .any(|example| example.name == reference.example)
                })
        });
        if !shows_a_draw {
            let drawn: Vec<String> = spec
                .vary
                .iter()
                .map(|entry| format!("{{{{{}.{}}}}}", entry.example, entry.input))
                .collect();
            self.unanswerable.push(
                Diagnostic::at(self.file, question, "this question with [vary] shows none of the numbers it draws, so after New numbers the reader cannot answer it")
                    .with_help(format!("print a drawn input in the question, such as {}", drawn.join(" or "))),
            );
        }
    }

    fn vary_draws(
        &mut self,
        spec: &ExerciseSpec,
        body: &BlockText,
    ) -> Option<(Vec<VariedExample>, Vec<VaryDraw>)> {
        let mut examples: Vec<VariedExample> = Vec::new();
        let mut draws: Vec<VaryDraw> = Vec::new();
        let mut ok = true;
        for entry in &spec.vary {
            let key = body.file_span(entry.key_span.clone());
            let mut fail = |expander: &mut Self, span, message: String, help: String| {
                expander
                    .problems
                    .push(Diagnostic::at(expander.file, span, message).with_help(help));
                ok = false;
            };
            let lesson_examples: Vec<&ExampleBlock> = self
                .examples
                .iter()
                .filter(|example| example.name != STEPS)
                .collect();
            let Some(example) = lesson_examples
                .iter()
                .find(|example| example.name == entry.example)
            else {
                let names: Vec<&str> = lesson_examples.iter().map(|e| e.name.as_str()).collect();
                fail(
                    self,
                    key,
                    format!(
                        "[vary] names no example \"{}\" of this lesson",
                        entry.example
                    ),
                    format!("examples in this lesson: {}", names.join(", ")),
                );
                continue;
            };
            let Evaluated::Compute(computed) = &example.evaluated else {
                fail(self, key, format!("[vary] draws inputs of compute examples, and \"{}\" is a {} example", entry.example, example.kind.name()), "vary an input of a ```compute example, or the exercise's numbers stay the lesson's".to_string());
                continue;
            };
            let inputs = computed.input_names();
            if !inputs.contains(&entry.input) {
                fail(
                    self,
                    key,
                    format!("\"{}\" has no input `{}`", entry.example, entry.input),
                    format!("its inputs: {}", inputs.join(", ")),
                );
                continue;
            }
            let examples_now = self.examples;
            let draw = match vary::parse_draw(&entry.draw.text, |expression| {
                lesson_number(expression, examples_now)
            }) {
                Ok(draw) => draw,
                Err(message) => {
                    fail(self, body.file_span(entry.draw.span.clone()), message, "a draw fills every entry of the input: randint(a, b) whole numbers from a to b, uniform(a, b, decimals), choice(x, y, …)".to_string());
                    continue;
                }
            };
            if let Some(domain) = example.inputs["domains"].get(entry.input.as_str()) {
                let domain = Domain::from_json(domain);
                if let Some(outside) = drawable(&draw).into_iter().find(|x| !domain.contains(*x)) {
                    fail(
                        self,
                        key,
                        format!(
                            "{}.{} = \"{}\" can draw {}, but the input is {}",
                            entry.example,
                            entry.input,
                            entry.draw.text,
                            PrintRule::Written.number(outside),
                            domain.words()
                        ),
                        "draw only values the input's domain allows (the widget refuses the others)".to_string(),
                    );
                    continue;
                }
            }
            let index = match examples
                .iter()
                .position(|varied| varied.name == entry.example)
            {
                Some(index) => index,
                None => {
                    let steps = example.inputs["steps"]
                        .as_str()
                        .unwrap_or_default()
                        .to_string();
                    examples.push(VariedExample {
                        name: example.name.clone(),
                        steps,
                        inputs: computed
                            .values
                            .iter()
                            .filter(|(_, origin, _)| *origin == Origin::Input)
                            .map(|(name, _, value)| (name.clone(), value.clone()))
                            .collect(),
                    });
                    examples.len() - 1
                }
            };
            if draws
                .iter()
                .any(|draw| draw.example == index && draw.input == entry.input)
            {
                fail(
                    self,
                    key,
                    format!("{}.{} is drawn twice", entry.example, entry.input),
                    "keep one draw per input".to_string(),
                );
                continue;
            }
            draws.push(VaryDraw {
                example: index,
                input: entry.input.clone(),
                draw,
            });
        }
        ok.then_some((examples, draws))
    }

    /// Runs every seed "New numbers" can pick; the first that fails is an error at the draw
    /// of the example whose run failed (the first draw when the exercise's own program did).
    fn prove_draws(
        &mut self,
        spec: &ExerciseSpec,
        body: &BlockText,
        plan: &VaryPlan,
        references: &[(Reference, PrintRule)],
        answer: Option<usize>,
    ) -> Option<()> {
        let key = serde_json::to_string(plan).unwrap_or_default();
        let runs = self.evaluations.seed_runs(key, || {
            vary::run_seeds(plan, VARY_SEEDS, MAX_BOOK_VARY_WORK)
        });
        let work: u64 = runs.iter().flatten().map(|drawn| drawn.work).sum();
        let finished = runs.len() as u64 == VARY_SEEDS;
        if !(finished && self.evaluations.charge_vary_work(work, MAX_BOOK_VARY_WORK)) {
            let seeds_need = if finished {
                format!("its {VARY_SEEDS} seeds need {work}")
            } else {
                format!("its first {} seeds alone need {work}", runs.len())
            };
            self.problems.push(
                Diagnostic::at(
                    self.file,
                    body.file_span(spec.vary[0].key_span.clone()),
                    format!(
                        "the book's [vary] draws need more than {MAX_BOOK_VARY_WORK} element operations together, and exercise \"{}\" crosses that: {seeds_need}",
                        spec.name.text
                    ),
                )
                .with_help("every distinct draw of the 50 seeds re-runs the steps the exercise's numbers follow from: have it print numbers of cheaper steps, draw inputs of a smaller example, or leave [vary] out of some exercises"),
            );
            return None;
        }
        for (seed, run) in (1..=VARY_SEEDS).zip(runs.iter().cloned()) {
            let problem = match run {
                Err(error) => Some((error.example, error.message)),
                Ok(drawn) => references.iter().zip(&drawn.outputs).find_map(|((reference, rule), value)| {
                    let fraction = *rule == PrintRule::Written
                        && vary::entries(value).iter().any(|x| x.fract() != 0.0)
                        && !self.examples.iter().any(|example| {
                            example.name == reference.example && example.evaluated.is_input(&reference.quantity)
                        });
                    fraction.then(|| (None, format!("{reference} prints as a whole number, but this draw makes it a fraction; give the reference a precision such as | 3dp")))
                }),
            };
            let Some((example, message)) = problem else {
                continue;
            };
            // The draws of the example whose run failed, or all of them when the exercise's
            // own program did.
            let involved: Vec<_> = spec
                .vary
                .iter()
                .zip(&plan.draws)
                .filter(|(_, draw)| example.is_none_or(|example| draw.example == example))
                .map(|(entry, _)| entry)
                .collect();
            let first = involved.first().copied().unwrap_or(&spec.vary[0]);
            let written: Vec<String> = involved
                .iter()
                .map(|entry| {
                    format!(
                        "{}.{} = \"{}\"",
                        entry.example, entry.input, entry.draw.text
                    )
                })
                .collect();
            let (noun, verb) = if written.len() == 1 {
                ("draw", "gives")
            } else {
                ("draws", "give")
            };
            self.problems.push(
                Diagnostic::at(
                    self.file,
                    body.file_span(first.key_span.clone()),
                    format!(
                        "with seed {seed}, the {noun} {} {verb} numbers the exercise cannot use: {message}",
                        written.join(", ")
                    ),
                )
                .with_help(format!(
                    "narrow the draws so that every one computes; the page's #vary-{}={seed} shows this draw",
                    spec.name.text
                )),
            );
            return None;
        }
        let answer = answer.and_then(|index| Some((index, references.get(index)?)));
        let Some((index, (reference, rule))) = answer else {
            return Some(());
        };
        if let Some(tolerance) = spec.tolerance {
            let widest: Vec<(u64, f64)> = (1..=VARY_SEEDS)
                .zip(runs.iter())
                .filter_map(|(seed, run)| {
                    let value = run.as_ref().ok()?.outputs.get(index)?;
                    Some((seed, widest_tolerance_of(vary::entries(value))))
                })
                .collect();
            if let Some((seed, _)) = widest.iter().find(|(_, widest)| tolerance > *widest) {
                let narrowest = widest
                    .iter()
                    .map(|(_, widest)| *widest)
                    .fold(f64::INFINITY, f64::min);
                self.problems.push(
                    Diagnostic::at(self.file, body.file_span(spec.answer.span.clone()), format!("with seed {seed}, `tolerance` is wider than half the answer {reference} draws: a reader typing 0 or any number near it would be right"))
                        .with_help(format!("set tolerance to at most {narrowest} (half the smallest answer the {VARY_SEEDS} seeds draw, and 0.5 below 1), or leave it out for half a unit in the last digit the answer prints; the page's #vary-{}={seed} shows this draw", spec.name.text)),
                );
                return None;
            }
        }
        let mut printed = Vec::new();
        let mut drawn = Vec::new();
        for drawn_seed in runs.iter().flatten() {
            let value = &drawn_seed.outputs[index];
            printed.push(rule.prose(value, reference.as_list(), reference.as_percent()));
            drawn.push(format!("{:?}", drawn_seed.inputs));
        }
        let Some(message) = degenerate(&printed, &drawn) else {
            return Some(());
        };
        self.problems.push(
            Diagnostic::at(
                self.file,
                body.file_span(spec.vary[0].key_span.clone()),
                format!(
                    "\"New numbers\" of exercise \"{}\" {message}",
                    spec.name.text
                ),
            )
            .with_help("draw inputs the answer depends on, over ranges where it changes (a reader who gets the same answer again learns nothing from the new numbers)"),
        );
        None
    }
}

/// Why a draw design teaches nothing new, judged on the answers the seeds print and the
/// inputs they draw: the answer never changes, or one answer is printed on more than a fifth
/// of the seeds and on more than twice as many as the most frequent draw of inputs (so a
/// `choice` of four values, whose answers repeat as often as the draws do, passes).
fn degenerate(answers: &[String], draws: &[String]) -> Option<String> {
    let (answer, count) = most_common(answers);
    let seeds = answers.len();
    if seeds > 1 && count == seeds {
        return Some(format!(
            "print the same answer, {answer}, on all {seeds} seeds: the drawn inputs never change it"
        ));
    }
    let (_, same_draws) = most_common(draws);
    (count * 5 > seeds && count > 2 * same_draws).then(|| {
        format!(
            "print the answer {answer} on {count} of {seeds} seeds, though no draw of the inputs comes up more than {}",
            times(same_draws)
        )
    })
}

/// A reference as an expression of the exercise's program, with the example values it needs
/// added to `inputs`; an error for what the program cannot compute (`| label`).
fn expression(
    reference: &Reference,
    examples: &[ExampleBlock],
    inputs: &mut Vec<Needed>,
) -> Result<String, String> {
    let example = examples
        .iter()
        .find(|example| example.name == reference.example)
        .ok_or_else(|| format!("no example named \"{}\"", reference.example))?;
    let quantity = example
        .evaluated
        .quantity(&reference.quantity)
        .ok_or_else(|| format!("no quantity `{}`", reference.quantity))?;
    let mut text = if example.name == STEPS {
        reference.quantity.clone()
    } else {
        let needed =
            Needed::of(example, &reference.quantity).ok_or_else(|| "it is text".to_string())?;
        let name = needed.name.clone();
        if !inputs.iter().any(|known| known.name == name) {
            inputs.push(needed);
        }
        name
    };
    text.push_str(&subscript(&quantity, &reference.indices)?);
    for filter in &reference.filters {
        text = match filter {
            Filter::Compute(ComputeFilter::Plain(op)) => match op {
                Op::Exp => format!("exp({text})"),
                Op::Ln => format!("log({text})"),
                Op::Sqrt => format!("sqrt({text})"),
                Op::Sum => format!("sum({text})"),
                Op::Max => format!("max({text})"),
                Op::Min => format!("min({text})"),
                Op::Percent => format!("({text}) * 100"),
                Op::Dot(_) => return Err("dot needs its other side".to_string()),
            },
            Filter::Compute(ComputeFilter::Dot(other)) => {
                format!("dot({text}, {})", expression(other, examples, inputs)?)
            }
            Filter::Label => {
                return Err("`label` prints a name, which draws do not change".to_string())
            }
            Filter::List | Filter::Decimals(_) | Filter::Significant(_) => text,
        };
    }
    Ok(text)
}

/// A reference's indices (1-based positions or labels) as the language's 0-based subscript.
fn subscript(quantity: &Quantity, indices: &[Index]) -> Result<String, String> {
    let position = |index: &Index, labels: Option<&Vec<String>>| -> Result<Option<usize>, String> {
        match index {
            Index::All => Ok(None),
            Index::Position(position) => Ok(Some(position.saturating_sub(1))),
            Index::Label(label) => labels
                .and_then(|labels| labels.iter().position(|known| known == label))
                .map(Some)
                .ok_or_else(|| format!("no label {label}")),
        }
    };
    let part = |at: Option<usize>| at.map_or_else(|| ":".to_string(), |at| at.to_string());
    Ok(match (quantity, indices) {
        (_, []) => String::new(),
        (Quantity::Vector { labels, .. }, [index]) => match position(index, labels.as_ref())? {
            Some(at) => format!("[{at}]"),
            None => String::new(),
        },
        (
            Quantity::Matrix {
                row_labels,
                col_labels,
                ..
            },
            [row, rest @ ..],
        ) => {
            let row = position(row, row_labels.as_ref())?;
            let col = match rest {
                [] => None,
                [col] => position(col, col_labels.as_ref())?,
                _ => return Err("too many indices".to_string()),
            };
            match (row, col) {
                (None, None) => String::new(),
                (row, None) => format!("[{}]", part(row)),
                (row, col) => format!("[{}, {}]", part(row), part(col)),
            }
        }
        _ => return Err("this value cannot be indexed".to_string()),
    })
}

/// Values `draw` can give, for checking against a domain: every one when there are at most
/// [`MOST_CHECKED`], else both ends and the value next to the lower one (a fraction shows there).
fn drawable(draw: &Draw) -> Vec<f64> {
    let steps = |low: f64, high: f64, scale: f64| -> Vec<f64> {
        let (first, last) = ((low * scale + 0.5).floor(), (high * scale + 0.5).floor());
        if last - first <= MOST_CHECKED {
            (0..=(last - first) as u64)
                .map(|k| (first + k as f64) / scale)
                .collect()
        } else {
            vec![first / scale, (first + 1.0) / scale, last / scale]
        }
    };
    match draw {
        Draw::Randint { low, high } => steps(*low, *high, 1.0),
        Draw::Uniform {
            low,
            high,
            decimals,
        } => steps(*low, *high, 10f64.powi(*decimals as i32)),
        Draw::Choice { options } => options.clone(),
    }
}

/// Most values of one draw checked one by one against the input's domain.
const MOST_CHECKED: f64 = 10_000.0;

/// How often, in words: "once", "twice", "3 times".
fn times(count: usize) -> String {
    match count {
        1 => "once".to_string(),
        2 => "twice".to_string(),
        _ => format!("{count} times"),
    }
}

/// The item listed most often, and how often.
fn most_common(items: &[String]) -> (&str, usize) {
    let mut counts = std::collections::BTreeMap::<&str, usize>::new();
    for item in items {
        *counts.entry(item.as_str()).or_default() += 1;
    }
    counts
        .into_iter()
        .max_by_key(|(_, count)| *count)
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::{degenerate, drawable};
    use crate::compute::vary::Draw;

    #[test]
    fn a_draw_is_checked_value_by_value_or_at_its_ends() {
        let small = Draw::Uniform {
            low: 0.01,
            high: 0.3,
            decimals: 1,
        };
        assert_eq!(drawable(&small), [0.0, 0.1, 0.2, 0.3]);
        let large = Draw::Randint {
            low: -5.0,
            high: 1e6,
        };
        assert_eq!(drawable(&large), [-5.0, -4.0, 1e6]);
    }

    fn texts(items: &[&str]) -> Vec<String> {
        items.iter().map(|item| item.to_string()).collect()
    }

    #[test]
    fn an_answer_the_draws_never_change_is_degenerate() {
        let answers = texts(&["2.000"; 5]);
        let draws = texts(&["1", "2", "3", "4", "5"]);
        let message = degenerate(&answers, &draws).unwrap();
        assert!(message.contains("all 5 seeds"), "{message}");
    }

    #[test]
    fn one_answer_far_more_common_than_any_draw_is_degenerate() {
        let answers = texts(&["0.000", "0.000", "0.000", "0.412", "0.733"]);
        let draws = texts(&["1", "2", "3", "4", "5"]);
        let message = degenerate(&answers, &draws).unwrap();
        assert!(message.contains("0.000 on 3 of 5"), "{message}");
    }

    #[test]
    fn answers_that_repeat_as_often_as_the_draws_do_are_not() {
        // A choice of four values: each answer is as common as the draw that gives it.
        let draws = texts(&["1", "2", "3", "4", "1", "2", "3", "1", "1", "4"]);
        let answers: Vec<String> = draws.iter().map(|draw| format!("{draw}.5")).collect();
        assert_eq!(degenerate(&answers, &draws), None);
        // Two draws sharing an answer still pass; the same for every draw does not.
        let mut merged = answers.clone();
        merged[1] = "1.5".to_string();
        assert_eq!(degenerate(&merged, &draws), None);
    }
}
