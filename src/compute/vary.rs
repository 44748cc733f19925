//! "New numbers" for an exercise: fresh inputs drawn from a seed, the examples re-run on them,
//! and the exercise's program (its own steps, then one step per number its texts print) run on
//! the results. `static/js/exercise-vary.js` is the browser's twin, drawing with the same
//! SplitMix64 stream as `randn` and running the same programs with compute-lang.js, so a seed
//! gives the same numbers in both.
//!
//! PURE: a [`VaryPlan`] and a seed in, the drawn inputs and the program's values out.

use super::json::Plain;
use super::lang::{self, next_random, Value};
use serde::{Deserialize, Serialize, Serializer};

/// Most options a `choice(…)` may list.
pub const MAX_CHOICES: usize = 32;
/// Largest magnitude a draw's bounds may have.
pub const MAX_BOUND: f64 = 1e6;
/// Most decimals `uniform` may keep.
pub const MAX_DECIMALS: u32 = 6;

/// How one input is drawn; every entry of the input is drawn on its own, in reading order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Draw {
    /// `randint(a, b)`: a whole number from a to b, both included.
    Randint {
        /// Smallest value.
        low: f64,
        /// Largest value.
        high: f64,
    },
    /// `uniform(a, b, decimals)`: a number from a to b, rounded to `decimals`.
    Uniform {
        /// Lower end.
        low: f64,
        /// Upper end.
        high: f64,
        /// Decimals kept.
        decimals: u32,
    },
    /// `choice(x, y, …)`: one of the numbers listed.
    Choice {
        /// The options, in the order written.
        options: Vec<f64>,
    },
}

/// Reads a draw as the `[vary]` table writes it, or says what is wrong. An argument is a number
/// or an expression that `value_of` computes from the lesson's values (`2 * rate.floor`), so a
/// draw can follow the lesson instead of retyping its numbers.
pub fn parse_draw(
    text: &str,
    value_of: impl Fn(&str) -> Result<f64, String>,
) -> Result<Draw, String> {
    let usage = "write randint(-3, 3), uniform(0.5, 2, 1) or choice(1, 2, 4)";
    let text = text.trim();
    let (name, rest) = text
        .split_once('(')
        .ok_or_else(|| format!("`{text}` is not a draw; {usage}"))?;
    let arguments = rest
        .strip_suffix(')')
        .ok_or_else(|| format!("`{text}` does not end with `)`; {usage}"))?;
    let numbers = top_level_arguments(arguments)
        .into_iter()
        .map(|argument| {
            let argument = argument.trim().replace('\u{2212}', "-");
            let value = match argument.parse::<f64>() {
                Ok(value) => value,
                Err(_) if argument.is_empty() => f64::NAN,
                Err(_) => computed(value_of(&argument).map_err(|why| {
                    format!("`{argument}` is not a number, nor one the lesson's values give: {why}")
                })?),
            };
            Some(value)
                .filter(|x| x.is_finite() && x.abs() <= MAX_BOUND)
                .ok_or_else(|| {
                    format!("`{argument}` is not a number from −{MAX_BOUND} to {MAX_BOUND}")
                })
        })
        .collect::<Result<Vec<f64>, String>>()?;
    let whole = |x: f64| x.fract() == 0.0;
    match (name.trim(), numbers.as_slice()) {
        ("randint", &[low, high]) if whole(low) && whole(high) && low <= high => {
            Ok(Draw::Randint { low, high })
        }
        ("randint", _) => Err(format!(
            "randint takes two whole numbers, the smallest and the largest: `{text}`"
        )),
        ("uniform", &[low, high, decimals])
            if low < high && whole(decimals) && (0.0..=f64::from(MAX_DECIMALS)).contains(&decimals) =>
        {
            Ok(Draw::Uniform {
                low,
                high,
                decimals: decimals as u32,
            })
        }
        ("uniform", _) => Err(format!(
            "uniform takes a lower end, a higher upper end and the decimals to keep (0 to {MAX_DECIMALS}): `{text}`"
        )),
        ("choice", options) if !options.is_empty() && options.len() <= MAX_CHOICES => {
            Ok(Draw::Choice {
                options: options.to_vec(),
            })
        }
        ("choice", _) => Err(format!(
            "choice lists from 1 to {MAX_CHOICES} numbers: `{text}`"
        )),
        (other, _) => Err(format!("`{other}` is not a draw; {usage}")),
    }
}

/// `arguments` cut at the commas outside brackets (`max(a, b), 2` is two arguments).
fn top_level_arguments(arguments: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0usize, 0);
    for (at, c) in arguments.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                parts.push(&arguments[start..at]);
                start = at + 1;
            }
            _ => {}
        }
    }
    parts.push(&arguments[start..]);
    parts
}

/// A number computed from the lesson's values, to 15 significant figures: what the author
/// meant, without the binary noise of the arithmetic (`0.3 / 6` draws 0.05, not
/// 0.049999999999999996, which would print so as written).
fn computed(x: f64) -> f64 {
    format!("{x:.14e}").parse().unwrap_or(x)
}

impl Draw {
    /// One number from the stream.
    fn sample(&self, state: &mut u64) -> f64 {
        let unit = (next_random(state) >> 11) as f64 / 9_007_199_254_740_992.0;
        match self {
            Draw::Randint { low, high } => low + (unit * (high - low + 1.0)).floor(),
            Draw::Uniform {
                low,
                high,
                decimals,
            } => {
                let scale = 10f64.powi(*decimals as i32);
                ((low + unit * (high - low)) * scale + 0.5).floor() / scale
            }
            Draw::Choice { options } => {
                options[((unit * options.len() as f64).floor() as usize).min(options.len() - 1)]
            }
        }
    }

    /// A value of `shape`'s shape with every entry drawn.
    fn fill(&self, shape: &Value, state: &mut u64) -> Value {
        match shape {
            Value::Scalar(_) => Value::Scalar(self.sample(state)),
            Value::Vector(values) => Value::Vector(values.mapv(|_| self.sample(state))),
            Value::Matrix(values) => Value::Matrix(values.mapv(|_| self.sample(state))),
        }
    }
}

/// A compute example whose inputs are drawn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VariedExample {
    /// Its name.
    pub name: String,
    /// Its steps.
    pub steps: String,
    /// Its inputs as written, in order (the drawn ones are replaced).
    #[serde(serialize_with = "plain_pairs", deserialize_with = "read_pairs")]
    pub inputs: Vec<(String, Value)>,
}

/// One `[vary]` entry, resolved: which example's input, and how it is drawn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VaryDraw {
    /// Index into [`VaryPlan::examples`].
    pub example: usize,
    /// The input drawn.
    pub input: String,
    /// How.
    pub draw: Draw,
}

/// An input of the exercise's program taken from a varied example's value after its re-run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Link {
    /// The program's input name (`ln_x`).
    pub name: String,
    /// Index into [`VaryPlan::examples`].
    pub example: usize,
    /// The example's value (input or step).
    pub value: String,
}

/// Everything one exercise's "New numbers" runs; serialized into the page for the browser (and
/// read back by the differential test).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VaryPlan {
    /// The examples whose inputs are drawn.
    pub examples: Vec<VariedExample>,
    /// The draws, in the order written (which is the order of the stream).
    pub draws: Vec<VaryDraw>,
    /// Inputs of the program that no draw changes (values of other examples).
    #[serde(serialize_with = "plain_pairs", deserialize_with = "read_pairs")]
    pub fixed: Vec<(String, Value)>,
    /// Inputs of the program taken from the varied examples.
    pub links: Vec<Link>,
    /// The exercise's program: its own steps, then one step per printed number.
    pub program: String,
    /// The steps of `program` whose values are read, in order.
    pub outputs: Vec<String>,
}

/// What one seed gives.
#[derive(Debug, Clone, PartialEq)]
pub struct Drawn {
    /// Each draw's value, as `[vary]` lists them.
    pub inputs: Vec<Value>,
    /// Each of [`VaryPlan::outputs`].
    pub outputs: Vec<Value>,
    /// Element operations the seed's runs did (what the book's bound on `[vary]` counts).
    pub work: u64,
}

/// Why a seed gives no numbers: the message, and which example's run failed (`None`: the
/// exercise's own program).
#[derive(Debug, Clone, PartialEq)]
pub struct DrawError {
    /// What went wrong.
    pub message: String,
    /// Index into [`VaryPlan::examples`] of the run that failed.
    pub example: Option<usize>,
}

/// Draws the inputs from `seed`, re-runs the examples and runs the exercise's program.
pub fn run(plan: &VaryPlan, seed: u64) -> Result<Drawn, DrawError> {
    let (examples, inputs) = draw(plan, seed);
    run_drawn(plan, &examples, inputs)
}

/// What seeds 1 to `seeds` give. Seeds that draw the same inputs share one run (a choice of
/// three values runs at most three times; a shared run counts no work again), and the runs
/// stop, fewer than `seeds`, once together they need more than `most_work` operations.
pub fn run_seeds(plan: &VaryPlan, seeds: u64, most_work: u64) -> Vec<Result<Drawn, DrawError>> {
    let mut runs: Vec<Result<Drawn, DrawError>> = Vec::new();
    let mut drawn_inputs: Vec<Vec<Value>> = Vec::new();
    let mut work = 0u64;
    for seed in 1..=seeds {
        let (examples, inputs) = draw(plan, seed);
        let run = match drawn_inputs.iter().position(|known| *known == inputs) {
            Some(same) => runs[same].clone().map(|drawn| Drawn { work: 0, ..drawn }),
            None => run_drawn(plan, &examples, inputs.clone()),
        };
        work = work.saturating_add(run.as_ref().map_or(0, |drawn| drawn.work));
        drawn_inputs.push(inputs);
        runs.push(run);
        if work > most_work {
            break;
        }
    }
    runs
}

/// The plan's examples with the inputs `seed` draws, and the drawn values as `[vary]` lists
/// them.
fn draw(plan: &VaryPlan, seed: u64) -> (Vec<VariedExample>, Vec<Value>) {
    let mut state = seed;
    let mut examples = plan.examples.clone();
    let mut inputs = Vec::with_capacity(plan.draws.len());
    for draw in &plan.draws {
        let example = &mut examples[draw.example];
        if let Some((_, value)) = example
            .inputs
            .iter_mut()
            .find(|(name, _)| *name == draw.input)
        {
            *value = draw.draw.fill(value, &mut state);
            inputs.push(value.clone());
        }
    }
    (examples, inputs)
}

/// Re-runs the drawn examples and runs the exercise's program.
fn run_drawn(
    plan: &VaryPlan,
    examples: &[VariedExample],
    inputs: Vec<Value>,
) -> Result<Drawn, DrawError> {
    let mut runs = Vec::with_capacity(examples.len());
    let mut work = 0;
    for (index, example) in examples.iter().enumerate() {
        let (outputs, example_work) =
            evaluate(&example.steps, &example.inputs).map_err(|error| DrawError {
                message: format!("example \"{}\": {}", example.name, error.message),
                example: Some(index),
            })?;
        work += example_work;
        runs.push(outputs);
    }
    let mut program_inputs = plan.fixed.clone();
    for link in &plan.links {
        let example = &examples[link.example];
        let value = runs[link.example]
            .iter()
            .find(|output| output.name == link.value)
            .map(|output| output.value.clone())
            .or_else(|| {
                example
                    .inputs
                    .iter()
                    .find(|(name, _)| *name == link.value)
                    .map(|(_, value)| value.clone())
            })
            .ok_or_else(|| DrawError {
                message: format!("example \"{}\" has no value `{}`", example.name, link.value),
                example: Some(link.example),
            })?;
        program_inputs.push((link.name.clone(), value));
    }
    let (outputs, program_work) =
        evaluate(&plan.program, &program_inputs).map_err(|error| DrawError {
            message: error.message,
            example: None,
        })?;
    work += program_work;
    let mut read = Vec::with_capacity(plan.outputs.len());
    for name in &plan.outputs {
        let Some(output) = outputs.iter().find(|output| output.name == *name) else {
            return Err(DrawError {
                message: format!("the exercise's program has no step `{name}`"),
                example: None,
            });
        };
        if !entries(&output.value).iter().all(|x| x.is_finite()) {
            return Err(DrawError {
                message: "a number the exercise prints is not finite".to_string(),
                example: None,
            });
        }
        read.push(output.value.clone());
    }
    Ok(Drawn {
        inputs,
        outputs: read,
        work,
    })
}

/// Parses and runs `steps`, counting the run's element operations.
fn evaluate(
    steps: &str,
    inputs: &[(String, Value)],
) -> Result<(Vec<lang::Output>, u64), lang::LangError> {
    lang::run_counting_work(&lang::parse(steps)?, inputs)
}

impl VaryPlan {
    /// The plan with each program cut to what is read from it: a varied example to the values
    /// the exercise's program takes from it, the exercise's program to the numbers it prints.
    /// A draw then costs what the exercise reads, not the whole example; the values read are
    /// the same (a program that does not parse is left whole, for its run to report).
    pub fn sliced(mut self) -> Self {
        for (index, example) in self.examples.iter_mut().enumerate() {
            let read: Vec<&str> = self
                .links
                .iter()
                .filter(|link| link.example == index)
                .map(|link| link.value.as_str())
                .collect();
            if let Ok(program) = lang::parse(&example.steps) {
                example.steps = program.slice(&read);
            }
        }
        let printed: Vec<&str> = self.outputs.iter().map(String::as_str).collect();
        if let Ok(program) = lang::parse(&self.program) {
            self.program = program.slice(&printed);
        }
        self
    }
}

/// `[[name, value], …]`, the inputs as compute-lang.js's `run` takes them.
pub(crate) fn plain_pairs<S: Serializer>(
    pairs: &[(String, Value)],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(pairs.iter().map(|(name, value)| (name, Plain(value))))
}

/// A value as [`Plain`] writes it (a number, a list, or a list of rows), read back.
#[derive(Deserialize)]
#[serde(untagged)]
enum PlainIn {
    Scalar(f64),
    Vector(Vec<f64>),
    Matrix(Vec<Vec<f64>>),
}

fn read_pairs<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Vec<(String, Value)>, D::Error> {
    let pairs: Vec<(String, PlainIn)> = Vec::deserialize(deserializer)?;
    pairs
        .into_iter()
        .map(|(name, plain)| {
            let value = match plain {
                PlainIn::Scalar(x) => Value::Scalar(x),
                PlainIn::Vector(values) => Value::Vector(values.into()),
                PlainIn::Matrix(rows) => {
                    let columns = rows.first().map_or(0, Vec::len);
                    let flat: Vec<f64> = rows.concat();
                    Value::Matrix(
                        ndarray::Array2::from_shape_vec(
                            (flat.len() / columns.max(1), columns),
                            flat,
                        )
                        .map_err(serde::de::Error::custom)?,
                    )
                }
            };
            Ok((name, value))
        })
        .collect()
}

/// Every entry of a value in reading order.
pub fn entries(value: &Value) -> Vec<f64> {
    match value {
        Value::Scalar(x) => vec![*x],
        Value::Vector(values) => values.to_vec(),
        Value::Matrix(values) => values.iter().copied().collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::array;

    /// The draw `text` writes, in a lesson whose `floor` is 0.005.
    fn draw_of(text: &str) -> Result<Draw, String> {
        parse_draw(text, |expression| {
            let outputs = lang::evaluate(
                &format!("x = {expression}\n"),
                &[("floor".into(), Value::Scalar(0.005))],
            )
            .map_err(|error| error.message)?;
            match outputs[0].value {
                Value::Scalar(x) => Ok(x),
                _ => Err("not a single number".into()),
            }
        })
    }

    #[test]
    fn an_argument_may_be_computed_from_the_lessons_values() {
        assert_eq!(
            draw_of("choice(0, 2 * floor, 0.3 / 6, maximum(floor, 1))"),
            Ok(Draw::Choice {
                options: vec![0.0, 0.01, 0.05, 1.0]
            })
        );
        assert_eq!(
            draw_of("randint(0, 400 * floor)"),
            Ok(Draw::Randint {
                low: 0.0,
                high: 2.0
            })
        );
        let unknown = draw_of("choice(1, 2 * ceiling)").unwrap_err();
        assert!(
            unknown
                .starts_with("`2 * ceiling` is not a number, nor one the lesson's values give: "),
            "{unknown}"
        );
        assert!(draw_of("choice(1, floor / 0)").is_err(), "not finite");
        assert!(
            draw_of("choice(1, 1e6 * floor * 1e3)").is_err(),
            "past the bound"
        );
        assert!(draw_of("randint(0, 100 * floor)").is_err(), "not whole");
    }

    /// A plan whose one example (`name`, `steps`) has a two-entry input `x` drawn by `draw`, and
    /// whose program reads the example's value `link.1` as `link.0`.
    fn plan_drawing_x(
        (name, steps): (&str, &str),
        draw: &str,
        link: (&str, &str),
        program: &str,
    ) -> VaryPlan {
        VaryPlan {
            examples: vec![VariedExample {
                name: name.into(),
                steps: steps.into(),
                inputs: vec![("x".into(), Value::Vector(array![1.0, 2.0]))],
            }],
            draws: vec![VaryDraw {
                example: 0,
                input: "x".into(),
                draw: draw_of(draw).unwrap(),
            }],
            fixed: Vec::new(),
            links: vec![Link {
                name: link.0.into(),
                example: 0,
                value: link.1.into(),
            }],
            program: program.into(),
            outputs: vec!["_r0".into()],
        }
    }

    /// Pearson's chi-square statistic of `counts` against the same count in every cell.
    fn chi_square(counts: &[u32]) -> f64 {
        let expected = f64::from(counts.iter().sum::<u32>()) / counts.len() as f64;
        counts
            .iter()
            .map(|&count| (f64::from(count) - expected).powi(2) / expected)
            .sum()
    }

    /// Seeds 1, 2, 3, … (the ones a book's exercises use) give draws that pass for independent:
    /// each draw is uniform over the seeds, and neither the next seed's draw nor the seed's next
    /// draw leans on it. Deterministic, so the bounds (chi-square at p = 0.001) cannot flake.
    #[test]
    fn consecutive_seeds_draw_as_if_independent() {
        let plan = plan_drawing_x(("e", ""), "randint(0, 9)", ("e_x", "x"), "");
        const SEEDS: u64 = 20_000;
        // Two entries per seed: the first and the second draw of the stream.
        let draws: Vec<(usize, usize)> = (1..=SEEDS + 1)
            .map(|seed| {
                let entries = entries(&draw(&plan, seed).1[0]);
                (entries[0] as usize, entries[1] as usize)
            })
            .collect();
        let mut alone = [0; 10];
        let mut next_seed = [0; 100];
        let mut next_draw = [0; 100];
        for pair in draws.windows(2).take(SEEDS as usize) {
            let ((first, second), (following, _)) = (pair[0], pair[1]);
            alone[first] += 1;
            next_seed[10 * first + following] += 1;
            next_draw[10 * first + second] += 1;
        }
        assert!(chi_square(&alone) < 27.88, "{alone:?}");
        assert!(chi_square(&next_seed) < 148.23, "{next_seed:?}");
        assert!(chi_square(&next_draw) < 148.23, "{next_draw:?}");
    }

    #[test]
    fn draws_parse_and_bad_ones_say_what_to_write() {
        assert_eq!(
            draw_of("randint(\u{2212}3, 3)"),
            Ok(Draw::Randint {
                low: -3.0,
                high: 3.0
            })
        );
        assert_eq!(
            draw_of(" uniform(0.5, 2, 1) "),
            Ok(Draw::Uniform {
                low: 0.5,
                high: 2.0,
                decimals: 1
            })
        );
        assert!(matches!(
            draw_of("choice(1, 2, 4)"),
            Ok(Draw::Choice { .. })
        ));
        for bad in [
            "randint(3, -3)",
            "randint(0.5, 2)",
            "uniform(2, 1, 1)",
            "uniform(0, 1, 9)",
            "choice()",
            "normal(0, 1)",
            "randint(1, 2",
            "randint(a, 2)",
        ] {
            assert!(draw_of(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn draws_stay_in_their_range_and_a_seed_repeats_them() {
        let mut state = 7;
        let randint = draw_of("randint(-2, 2)").unwrap();
        let uniform = draw_of("uniform(0.5, 2, 1)").unwrap();
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..500 {
            let x = randint.sample(&mut state);
            assert!((-2.0..=2.0).contains(&x) && x.fract() == 0.0);
            seen.insert(x as i64);
            let y = uniform.sample(&mut state);
            assert!((0.5..=2.0).contains(&y) && ((y * 10.0).round() - y * 10.0).abs() < 1e-9);
        }
        assert_eq!(seen.len(), 5, "every whole number from −2 to 2 comes up");
        let shape = Value::Vector(array![0.0, 0.0, 0.0]);
        assert_eq!(randint.fill(&shape, &mut 1), randint.fill(&shape, &mut 1));
    }

    #[test]
    fn a_plan_reruns_the_example_and_a_failing_draw_names_its_example() {
        let mut plan = plan_drawing_x(
            ("ln", "mu = mean(x)\nr = 1 / x\n"),
            "randint(1, 3)",
            ("ln_mu", "mu"),
            "_r0 = k * ln_mu\n",
        );
        plan.fixed = vec![("k".into(), Value::Scalar(10.0))];
        let drawn = run(&plan, 3).unwrap();
        let Value::Vector(x) = &drawn.inputs[0] else {
            panic!("a vector is drawn for a vector")
        };
        let Value::Scalar(answer) = drawn.outputs[0] else {
            panic!("a number")
        };
        assert_eq!(answer, 10.0 * (x[0] + x[1]) / 2.0);
        assert_eq!(run(&plan, 3), Ok(drawn));
        let mut zero = plan.clone();
        zero.draws[0].draw = draw_of("choice(0)").unwrap();
        let error = run(&zero, 3).unwrap_err();
        assert_eq!(error.example, Some(0));
        assert!(
            error.message.contains("example \"ln\""),
            "{}",
            error.message
        );

        // Sliced, the example runs only `mu`, so a draw that breaks `r` alone gives numbers.
        let sliced = zero.sliced();
        assert_eq!(sliced.examples[0].steps, "mu = mean(x)\n");
        assert!(run(&sliced, 3).is_ok());
    }

    #[test]
    fn seeds_that_draw_the_same_inputs_share_one_run_and_the_runs_stop_past_their_bound() {
        let plan = plan_drawing_x(
            ("sq", "y = x * x\n"),
            "choice(1, 2)",
            ("sq_y", "y"),
            "_r0 = sum(sq_y)\n",
        );
        let runs = run_seeds(&plan, 50, u64::MAX);
        assert_eq!(runs.len(), 50);
        let made = runs.iter().flatten().filter(|drawn| drawn.work > 0).count();
        assert_eq!(made, 4, "four ways to fill two entries from two values");
        for (seed, drawn) in (1..).zip(&runs) {
            let alone = run(&plan, seed).unwrap();
            assert_eq!(
                drawn.as_ref().unwrap().outputs,
                alone.outputs,
                "seed {seed}"
            );
        }
        let work = runs[0].as_ref().unwrap().work;
        let second_made = (1..runs.len())
            .find(|&seed| runs[seed].as_ref().unwrap().work > 0)
            .unwrap();
        assert_eq!(
            run_seeds(&plan, 50, work).len(),
            second_made + 1,
            "the second run made crosses the bound"
        );
    }
}
