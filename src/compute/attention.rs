//! Scaled dot-product self-attention, single- or multi-head, optionally causal.
//!
//! Stage: evaluation of an ```` ```attention ```` example block.
//! Input: an [`AttentionInput`] (tokens, embeddings E, projections W_q, W_k, W_v, optional W_o)
//! that the site layer has already read from TOML.
//! Output: an [`Attention`] holding every intermediate matrix, so prose can reference any of
//! them (`cat.q`, `cat.scaled[sat, the]`, `cat.h2.weights`) and `eval --json` can dump them.
//! Must not: read files, format numbers, or return NaN/∞ — inputs are validated first and
//! overflowing products and examples beyond the language's work limit are reported as errors.
//!
//! The computation, run as template programs in the compute language, per head h with d_k
//! columns of the queries:
//! Q = E·W_q, K = E·W_k, V = E·W_v; scores = Q_h·K_hᵀ; scaled = scores / √d_k;
//! weights = softmax of each row of `scaled` (entries j > i excluded when causal);
//! output_h = weights·V_h. The heads' outputs are concatenated, then multiplied by W_o if given.
//! The widget runs the kind as one program ([`widget_program`]) on the reader's numbers, in
//! the compute widget (`static/js/compute-widget.js`).

use ndarray::Array2;

use super::computed::{Labels, Side};
use super::error::{count_within, ensure_finite_matrix, non_empty};
use super::kind::{Json, KindRun, Source, Table};
use super::lang::{Value, MAX_WORK};
use super::template::{self, Stopped};
use super::{ComputeError, KindProgram, MAX_DIM, MAX_TOKENS};

/// The inputs of an attention example, as written by the author.
#[derive(Debug, Clone, PartialEq)]
pub struct AttentionInput {
    /// One name per token; duplicates are allowed (references then use positions).
    pub tokens: Vec<String>,
    /// One row per token; its width is the model dimension.
    pub embeddings: Array2<f64>,
    /// Query projection: model dimension × (heads · d_k).
    pub w_q: Array2<f64>,
    /// Key projection: same shape as `w_q`.
    pub w_k: Array2<f64>,
    /// Value projection: model dimension × (heads · d_v).
    pub w_v: Array2<f64>,
    /// Optional output projection applied to the concatenated heads: (heads · d_v) × anything.
    pub w_o: Option<Array2<f64>>,
    /// Whether token i may only attend to tokens 1..=i (a decoder's mask).
    pub causal: bool,
    /// Number of heads; must divide the widths of `w_q` and `w_v`.
    pub heads: usize,
}

/// What the attention kind calls its values: the tokens label the rows of every per-token
/// matrix and both sides of the token-by-token ones; weight matrices are unlabelled. `scores`,
/// `scaled` and `weights` are the one head's (with several they would be ambiguous: `h2.weights`
/// names one), `concat` the heads' side by side when there are several; `h1.q` … `hN.output`
/// are each head's.
pub static TABLE: Table = Table {
    kind: "attention",
    names: &[
        ("embeddings", Source::Value("embeddings")),
        ("w_q", Source::Value("w_q")),
        ("w_k", Source::Value("w_k")),
        ("w_v", Source::Value("w_v")),
        ("w_o", Source::Value("w_o")),
        ("q", Source::Value("q")),
        ("k", Source::Value("k")),
        ("v", Source::Value("v")),
        ("scores", Source::Value("scores")),
        ("scaled", Source::Value("scaled")),
        ("weights", Source::Value("weights")),
        ("concat", Source::Value("concat")),
        ("output", Source::Value("output")),
        ("d_k", Source::Count("d_k")),
        ("n", Source::Count("n")),
        ("heads", Source::Count("heads")),
    ],
    grouped: true,
    inputs: &["embeddings", "w_q", "w_k", "w_v", "w_o"],
    sides: &[
        ("embeddings", Side::Rows),
        ("w_q", Side::None),
        ("w_k", Side::None),
        ("w_v", Side::None),
        ("w_o", Side::None),
        ("q", Side::Rows),
        ("k", Side::Rows),
        ("v", Side::Rows),
        ("concat", Side::Rows),
        ("output", Side::Rows),
    ],
    own: &[],
    // Single head: top-level `scores`/`scaled`/`weights`. Several heads: a `heads` array and
    // `concat` instead, matching which quantities references can name.
    json: &[
        ("tokens", Json::Labels),
        ("causal", Json::Flag("causal")),
        ("embeddings", Json::Value("embeddings")),
        ("w_q", Json::Value("w_q")),
        ("w_k", Json::Value("w_k")),
        ("w_v", Json::Value("w_v")),
        ("w_o", Json::Value("w_o")),
        ("d_k", Json::Position("d_k")),
        ("q", Json::Value("q")),
        ("k", Json::Value("k")),
        ("v", Json::Value("v")),
        ("scores", Json::IfAny("scores")),
        ("scaled", Json::IfAny("scaled")),
        ("weights", Json::IfAny("weights")),
        (
            "heads",
            Json::Groups(
                "concat",
                &[
                    ("d_k", Json::Position("d_k")),
                    ("q", Json::Value("q")),
                    ("k", Json::Value("k")),
                    ("v", Json::Value("v")),
                    ("scores", Json::Value("scores")),
                    ("scaled", Json::Value("scaled")),
                    ("weights", Json::Value("weights")),
                    ("output", Json::Value("output")),
                ],
            ),
        ),
        ("concat", Json::IfAny("concat")),
        ("output", Json::Value("output")),
    ],
};

/// The inputs an attention example was evaluated on, for its widget's program.
pub fn input_of(example: &KindRun) -> AttentionInput {
    let matrix = |name| example.matrix(name).unwrap_or_default();
    AttentionInput {
        tokens: example.labels().unwrap_or_default().to_vec(),
        embeddings: matrix("embeddings"),
        w_q: matrix("w_q"),
        w_k: matrix("w_k"),
        w_v: matrix("w_v"),
        w_o: example.matrix("w_o"),
        causal: example.position("causal") == Some(1),
        heads: example.position("heads").unwrap_or(1),
    }
}

/// The attention kind as programs: every product, the scaling and the row softmax are the
/// compute language's. First the projections; then each head h (from 1), in a run of its own so
/// that the language's work limit applies per head, takes its block of columns of Q, K and V;
/// `causal` (1 or 0) hides the entries above the diagonal (`hidden`), whose −∞ in the softmax
/// (`mask`, a step of its own so the widget's heatmap of the weights can hatch where it is −∞)
/// leaves a masked weight exactly 0, and `scaled` stays unmasked so the page can show what the
/// mask hides; last, the heads side by side.
const PROJECTIONS: &str = "q = embeddings @ w_q\nk = embeddings @ w_k\nv = embeddings @ w_v\n";

fn head_program(h: usize, d_k: usize, d_v: usize) -> String {
    format!(
        "hidden = (causal_mask(n) < 0) * causal\n{MASK}{}",
        head_steps(h, d_k, d_v, "", "d_k")
    )
}

/// `hidden` as −∞ where it is 1 and 0 elsewhere: what the scaled scores of every head get
/// added before their softmax.
const MASK: &str = "mask = where(hidden == 1, -inf, 0)\n";

/// Head `h`'s steps after `hidden` and [`MASK`], each named with `suffix`, scaled by
/// `sqrt(width)`.
fn head_steps(h: usize, d_k: usize, d_v: usize, suffix: &str, width: &str) -> String {
    let (qk, v) = ((h - 1) * d_k..h * d_k, (h - 1) * d_v..h * d_v);
    let s = suffix;
    format!(
        "head_q{s} = cols(q, {}, {})\nhead_k{s} = cols(k, {}, {})\nhead_v{s} = cols(v, {}, {})\n\
         scores{s} = head_q{s} @ head_k{s}.T\nscaled{s} = scores{s} / sqrt({width})\n\
         weights{s} = softmax(scaled{s} + mask, axis=1)\nout{s} = weights{s} @ head_v{s}\n",
        qk.start, qk.end, qk.start, qk.end, v.start, v.end
    )
}

fn output_program(heads: usize, w_o: bool) -> String {
    let outputs: Vec<String> = (1..=heads).map(|h| format!("out_{h}")).collect();
    let output = if w_o { "concat @ w_o" } else { "concat" };
    format!(
        "concat = concat({}, axis=1)\noutput = {output}\n",
        outputs.join(", ")
    )
}

/// What overflowing in a step means in the lesson's words; a step not listed is a head's
/// scores or weights (the `scores` entry).
const OVERFLOWING: [(&str, &str); 7] = [
    ("q", "the queries Q"),
    ("k", "the keys K"),
    ("v", "the values V"),
    ("out", "the heads' outputs"),
    ("concat", "the heads' outputs"),
    ("output", "the output"),
    ("scores", "the scores Q·Kᵀ"),
];

/// What each step of [`widget_program`] that can overflow means, in the lesson's words, for the
/// widget to say when a reader's edit makes it overflow: the build's own words
/// ([`OVERFLOWING`]), and with several heads a head's scores and output named with their head
/// ("the scores Q·Kᵀ of head 2"), since each is a step of its own there.
pub fn widget_step_words(heads: usize) -> Vec<(String, String)> {
    let mut words = Vec::new();
    for (step, said) in OVERFLOWING {
        let per_head = match step {
            "scores" => Some("the scores Q·Kᵀ"),
            "out" => Some("the output"),
            _ => None,
        };
        match per_head {
            Some(said) if heads > 1 => words.extend(
                (1..=heads).map(|h| (format!("{step}_{h}"), format!("{said} of head {h}"))),
            ),
            _ => words.push((step.to_string(), said.to_string())),
        }
    }
    words
}

/// An attention example's programs with their inputs, as the build runs them (the widget runs
/// the kind as one program, [`widget_program`]).
#[derive(Debug, Clone)]
pub struct AttentionProgram {
    /// Q, K and V from the embeddings and the projections.
    pub projections: KindProgram,
    /// One per head, run on `q`, `k` and `v` from the projections besides its own inputs
    /// (`n`, `d_k` and `causal`).
    pub heads: Vec<KindProgram>,
    /// The output, run on the heads' `out` (as `out_1`, `out_2`, …) besides `w_o` if given.
    pub output: KindProgram,
}

fn matrix(name: &str, values: &Array2<f64>) -> (String, Value) {
    (name.to_string(), Value::Matrix(values.clone()))
}

/// The programs an attention example runs, after validating every shape.
pub fn program(input: &AttentionInput) -> Result<AttentionProgram, ComputeError> {
    validate(input)?;
    let d_k = input.w_q.ncols() / input.heads;
    let d_v = input.w_v.ncols() / input.heads;
    let head_inputs = vec![
        ("n".to_string(), Value::Scalar(input.tokens.len() as f64)),
        ("d_k".to_string(), Value::Scalar(d_k as f64)),
        (
            "causal".to_string(),
            Value::Scalar(if input.causal { 1.0 } else { 0.0 }),
        ),
    ];
    Ok(AttentionProgram {
        projections: KindProgram {
            steps: PROJECTIONS.to_string(),
            inputs: vec![
                matrix("embeddings", &input.embeddings),
                matrix("w_q", &input.w_q),
                matrix("w_k", &input.w_k),
                matrix("w_v", &input.w_v),
            ],
        },
        heads: (1..=input.heads)
            .map(|h| KindProgram {
                steps: head_program(h, d_k, d_v),
                inputs: head_inputs.clone(),
            })
            .collect(),
        output: KindProgram {
            steps: output_program(input.heads, input.w_o.is_some()),
            inputs: input.w_o.iter().map(|w_o| matrix("w_o", w_o)).collect(),
        },
    })
}

/// The program an attention example's widget runs again (in compute-lang.js, as any compute
/// widget does) on the reader's `embeddings`, `w_q`, `w_k`, `w_v`, `w_o` (when the example has
/// it) and `causal` (0 or 1, for a toggle), in one run: the kind's projections, each head's
/// steps (suffixed `_1`, `_2`, … when there are several, each on its columns of Q, K and V; one
/// head on Q, K and V whole; the token count and each head's width written in, since a widget
/// keeps every input's shape) and the output, so it gives the kind's
/// numbers bit for bit. One run holds what the kind runs in parts: its work limit counts all
/// the heads together.
pub fn widget_program(input: &AttentionInput) -> Result<String, ComputeError> {
    validate(input)?;
    let d_k = input.w_q.ncols() / input.heads;
    let d_v = input.w_v.ncols() / input.heads;
    let mut steps = format!(
        "{PROJECTIONS}hidden = (causal_mask({}) < 0) * causal\n{MASK}",
        input.tokens.len()
    );
    let suffix = |h: usize| {
        if input.heads == 1 {
            String::new()
        } else {
            format!("_{h}")
        }
    };
    let with_w_o = |of: &str| match input.w_o {
        Some(_) => format!("{of} @ w_o"),
        None => of.to_string(),
    };
    if input.heads == 1 {
        // One head reads Q, K and V whole, as the lesson writes it (QKᵀ, not a slice of Q),
        // and its output is the output: the same numbers, bit for bit, as the slices and the
        // concatenation of one.
        let head = head_steps(1, d_k, d_v, "", &d_k.to_string());
        let whole = head
            .lines()
            .filter(|line| !line.starts_with("head_"))
            .map(|line| line.replace("head_", ""))
            .collect::<Vec<_>>()
            .join("\n");
        steps.push_str(&format!("{whole}\noutput = {}\n", with_w_o("out")));
        return Ok(steps);
    }
    for h in 1..=input.heads {
        steps.push_str(&head_steps(h, d_k, d_v, &suffix(h), &d_k.to_string()));
    }
    let outputs: Vec<String> = (1..=input.heads)
        .map(|h| format!("out{}", suffix(h)))
        .collect();
    steps.push_str(&format!(
        "concat = concat({}, axis=1)\noutput = {}\n",
        outputs.join(", "),
        with_w_o("concat")
    ));
    Ok(steps)
}

/// The inputs [`widget_program`] runs on, in the order the widget lists them: the example's
/// matrices (`w_o` when it has one) and `causal` as 0 or 1, the value a toggle holds.
pub fn widget_inputs(input: &AttentionInput) -> Vec<(String, Value)> {
    let mut inputs = vec![
        matrix("embeddings", &input.embeddings),
        matrix("w_q", &input.w_q),
        matrix("w_k", &input.w_k),
        matrix("w_v", &input.w_v),
    ];
    inputs.extend(input.w_o.iter().map(|w_o| matrix("w_o", w_o)));
    inputs.push((
        "causal".into(),
        Value::Scalar(f64::from(u8::from(input.causal))),
    ));
    inputs
}

/// Whether the widget can run this example: [`widget_program`] runs every head in one run,
/// under one work limit, where the kind gives each head a run of its own, so an example with
/// many heads over many tokens can fit the kind and not its widget. The error is on `heads` and
/// says so, for the widget block to report (the example itself is fine as text or a figure).
/// Any other failure is the kind's and was reported when it ran.
pub fn widget_fits(input: &AttentionInput) -> Result<(), ComputeError> {
    let steps = widget_program(input)?;
    match template::run(&steps, &widget_inputs(input)) {
        Err(Stopped {
            over_limit: true, ..
        }) => Err(ComputeError::for_field(
            "heads",
            format!(
                "its program runs all {} heads over {} tokens at once, which needs more than {MAX_WORK} operations, the limit of one run",
                input.heads,
                input.tokens.len()
            ),
        )
        .with_hint("use fewer tokens or heads in the example, or show it as a figure block")),
        _ => Ok(()),
    }
}

/// Evaluates an attention example, validating every shape before running its programs.
///
/// Errors carry `field` = the input key at fault. Duplicate tokens are allowed: "the cat sat on
/// the mat" has two `the`s, and references then address them by position.
pub fn attend(input: &AttentionInput) -> Result<KindRun, ComputeError> {
    let program = program(input)?;
    let d_k = input.w_q.ncols() / input.heads;
    let fail = |stopped| stopped_error(stopped, input);
    let projected =
        template::run(&program.projections.steps, &program.projections.inputs).map_err(fail)?;
    let projections = ["q", "k", "v"].map(|name| (name.to_string(), projected.value(name).clone()));
    let count = |name: &str, n: usize| (name.to_string(), Value::Scalar(n as f64));
    let mut steps = vec![
        count("n", input.tokens.len()),
        count("d_k", d_k),
        count("heads", input.heads),
    ];
    steps.extend(projections.iter().cloned());
    let mut heads = Vec::new();
    let mut outputs = program.output.inputs.clone();
    for (h, head) in program.heads.iter().enumerate() {
        let inputs = [head.inputs.as_slice(), &projections].concat();
        let ran = template::run(&head.steps, &inputs).map_err(fail)?;
        let parts = [("q", "head_q"), ("k", "head_k"), ("v", "head_v")]
            .into_iter()
            .chain(["scores", "scaled", "weights"].map(|part| (part, part)))
            .chain([("output", "out")]);
        for (part, step) in parts {
            heads.push((format!("h{}.{part}", h + 1), ran.value(step).clone()));
        }
        outputs.push((format!("out_{}", h + 1), ran.value("out").clone()));
    }
    let combined = template::run(&program.output.steps, &outputs).map_err(fail)?;
    if input.heads == 1 {
        for part in ["scores", "scaled", "weights"] {
            let name = format!("h1.{part}");
            if let Some((_, value)) = heads.iter().find(|(candidate, _)| *candidate == name) {
                steps.push((part.to_string(), value.clone()));
            }
        }
    } else {
        steps.push(("concat".to_string(), combined.value("concat").clone()));
    }
    steps.push(("output".to_string(), combined.value("output").clone()));
    steps.extend(heads);
    let mut inputs = program.projections.inputs;
    inputs.extend(program.output.inputs);
    inputs.push(count("causal", usize::from(input.causal)));
    let labels = Labels {
        rows: Some(input.tokens.clone()),
        ..Labels::default()
    };
    Ok(KindRun::new(
        &TABLE,
        template::computed(inputs, steps, labels),
    ))
}

/// The author's words for a template that stopped: an example too large for the language's
/// work limit, or a product that overflowed (the inputs are finite).
fn stopped_error(stopped: Stopped, input: &AttentionInput) -> ComputeError {
    if stopped.over_limit {
        let (heads, tokens) = (input.heads, input.tokens.len());
        return ComputeError::for_field(
            "heads",
            format!(
                "{heads} heads over {tokens} tokens need more than {MAX_WORK} operations, the limit of any example"
            ),
        )
        .with_hint("use fewer tokens or heads, or narrower projections");
    }
    let words = |step: &str| OVERFLOWING.iter().find(|(name, _)| *name == step);
    let (_, what) = words(&stopped.step)
        .or_else(|| words("scores"))
        .expect("the scores have words");
    ComputeError::new(format!(
        "{what} overflows: the inputs are too large to compute with"
    ))
    .with_hint("scale the inputs down")
}

/// Most entries of one table across all heads (heads × tokens²). The dimension limits alone
/// allow 1,024 heads over 512 tokens, whose scores, scaled scores and weights would take 6 GB;
/// this caps the whole example near 100 MB, wherever its size comes from.
pub const MAX_ATTENTION_ENTRIES: usize = 16 * MAX_TOKENS * MAX_TOKENS;

fn validate(input: &AttentionInput) -> Result<(), ComputeError> {
    let n = input.tokens.len();
    let hint = "list at least one token, e.g. tokens = [\"the\", \"cat\"]";
    non_empty("tokens", n, "there are no tokens", hint)?;
    count_within("tokens", n, MAX_TOKENS)?;
    let mut matrices = vec![
        ("embeddings", &input.embeddings),
        ("w_q", &input.w_q),
        ("w_k", &input.w_k),
        ("w_v", &input.w_v),
    ];
    if let Some(w_o) = &input.w_o {
        matrices.push(("w_o", w_o));
    }
    for (field, matrix) in &matrices {
        let (rows, cols) = matrix.dim();
        if rows.max(cols) > MAX_DIM {
            return Err(ComputeError::for_field(
                *field,
                format!("{field} is {rows}×{cols}, larger than the limit of {MAX_DIM}"),
            ));
        }
        if cols == 0 {
            return Err(ComputeError::for_field(
                *field,
                format!("{field} has no columns"),
            ));
        }
        ensure_finite_matrix(field, matrix)?;
    }

    let (rows, width) = input.embeddings.dim();
    if rows != n {
        return Err(ComputeError::for_field(
            "embeddings",
            format!("embeddings has {rows} rows, but there are {n} tokens"),
        )
        .with_hint("give one embedding row per token"));
    }
    for (field, matrix) in [
        ("w_q", &input.w_q),
        ("w_k", &input.w_k),
        ("w_v", &input.w_v),
    ] {
        if matrix.nrows() != width {
            return Err(ComputeError::for_field(
                field,
                format!(
                    "{field} has {} rows, but the embeddings are {width} wide",
                    matrix.nrows()
                ),
            )
            .with_hint(format!(
                "{field} needs one row per embedding column ({width})"
            )));
        }
    }
    if input.w_k.ncols() != input.w_q.ncols() {
        return Err(ComputeError::for_field(
            "w_k",
            format!(
                "w_k has {} columns, but w_q has {}",
                input.w_k.ncols(),
                input.w_q.ncols()
            ),
        )
        .with_hint("queries and keys must have the same width to be compared"));
    }
    let heads = input.heads;
    for (field, cols) in [("w_q", input.w_q.ncols()), ("w_v", input.w_v.ncols())] {
        if heads == 0 || cols % heads != 0 {
            return Err(ComputeError::for_field(
                "heads",
                format!("{heads} heads cannot split the {cols} columns of {field} evenly"),
            )
            .with_hint(format!(
                "use a number of heads that divides {} and {}",
                input.w_q.ncols(),
                input.w_v.ncols()
            )));
        }
    }
    let entries = heads.saturating_mul(n).saturating_mul(n);
    if entries > MAX_ATTENTION_ENTRIES {
        return Err(ComputeError::for_field(
            "heads",
            format!(
                "{heads} heads over {n} tokens need {entries} attention weights per table, more than the limit of {MAX_ATTENTION_ENTRIES}"
            ),
        )
        .with_hint(format!(
            "use fewer heads or tokens: heads × tokens² may be at most {MAX_ATTENTION_ENTRIES} (16 heads of {MAX_TOKENS} tokens)"
        )));
    }
    if let Some(w_o) = &input.w_o {
        if w_o.nrows() != input.w_v.ncols() {
            return Err(ComputeError::for_field(
                "w_o",
                format!(
                    "w_o has {} rows, but the heads' outputs together are {} wide",
                    w_o.nrows(),
                    input.w_v.ncols()
                ),
            )
            .with_hint("w_o needs one row per column of w_v"));
        }
    }
    Ok(())
}

/// Per-head quantity names, after the `hN.` prefix.
/// One head's matrices by name, for the tests to read as fields.
#[cfg(test)]
struct TestHead {
    scores: Array2<f64>,
    scaled: Array2<f64>,
    weights: Array2<f64>,
    output: Array2<f64>,
}

/// Every head of `result`, in order.
#[cfg(test)]
fn heads(result: &KindRun) -> Vec<TestHead> {
    let heads = result.position("heads").unwrap();
    (1..=heads)
        .map(|h| {
            let part = |part: &str| result.matrix(&format!("h{h}.{part}")).unwrap();
            TestHead {
                scores: part("scores"),
                scaled: part("scaled"),
                weights: part("weights"),
                output: part("output"),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compute::Quantity;
    use approx::assert_abs_diff_eq;
    use ndarray::array;

    fn strings(names: &[&str]) -> Vec<String> {
        names.iter().map(|name| name.to_string()).collect()
    }

    /// The seed example of the contract: "the cat sat" with 2-d embeddings.
    fn cat(causal: bool) -> AttentionInput {
        AttentionInput {
            tokens: strings(&["the", "cat", "sat"]),
            embeddings: array![[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]],
            w_q: array![[1.0, 0.0], [1.0, 2.0]],
            w_k: array![[2.0, 0.0], [0.0, 1.0]],
            w_v: array![[1.0, 0.0], [0.0, 2.0]],
            w_o: None,
            causal,
            heads: 1,
        }
    }

    /// `n` tokens of one zero dimension, projected to `width` zero columns split into `heads`.
    fn zeros(n: usize, width: usize, heads: usize) -> AttentionInput {
        AttentionInput {
            tokens: vec!["t".to_string(); n],
            embeddings: Array2::zeros((n, 1)),
            w_q: Array2::zeros((1, width)),
            w_k: Array2::zeros((1, width)),
            w_v: Array2::zeros((1, width)),
            w_o: None,
            causal: false,
            heads,
        }
    }

    fn field_of(input: &AttentionInput) -> Option<String> {
        attend(input).unwrap_err().field
    }

    /// Rounds as the page does (3 decimals), to check the printed values of the contract.
    fn printed(matrix: &Array2<f64>) -> Vec<Vec<String>> {
        matrix
            .rows()
            .into_iter()
            .map(|row| row.iter().map(|x| format!("{x:.3}")).collect())
            .collect()
    }

    #[test]
    fn no_tokens_is_an_error_on_tokens() {
        let mut input = cat(false);
        input.tokens.clear();
        input.embeddings = Array2::zeros((0, 2));
        assert_eq!(field_of(&input).as_deref(), Some("tokens"));
    }

    #[test]
    fn more_tokens_than_the_limit_is_an_error_on_tokens() {
        let mut input = cat(false);
        input.tokens = vec!["t".to_string(); MAX_TOKENS + 1];
        input.embeddings = Array2::zeros((MAX_TOKENS + 1, 2));
        assert_eq!(field_of(&input).as_deref(), Some("tokens"));
    }

    /// The kind runs each head on its own; the widget runs them all at once, so four heads
    /// over 512 tokens fit the kind and not the widget, which says so on `heads`.
    #[test]
    fn heads_that_fit_the_kind_one_by_one_but_not_the_widget_at_once_are_an_error_on_heads() {
        let input = zeros(MAX_TOKENS, 4, 4);
        assert!(attend(&input).is_ok(), "each head fits the kind");
        let error = widget_fits(&input).unwrap_err();
        assert_eq!(error.field.as_deref(), Some("heads"));
        assert!(
            error
                .message
                .contains("all 4 heads over 512 tokens at once"),
            "{}",
            error.message
        );
        assert!(
            widget_fits(&zeros(MAX_TOKENS, 3, 3)).is_ok(),
            "three heads fit one run"
        );
    }

    #[test]
    fn many_heads_over_many_tokens_are_an_error_on_heads() {
        // Within every dimension limit, yet 6 GB of per-head tables if it were evaluated.
        let mut input = zeros(MAX_TOKENS, 1024, 1024);
        let error = attend(&input).unwrap_err();
        assert_eq!(error.field.as_deref(), Some("heads"));
        assert!(
            error.message.contains("attention weights"),
            "{}",
            error.message
        );
        input.heads = 16;
        let error = attend(&input).unwrap_err();
        assert_eq!(error.field.as_deref(), Some("heads"));
        assert!(error.message.contains("operations"), "{}", error.message);
        assert!(
            attend(&zeros(128, 64, 4)).is_ok(),
            "4 heads of 128 tokens fit"
        );
    }

    #[test]
    fn a_matrix_wider_than_the_limit_is_an_error_on_that_matrix() {
        let mut input = cat(false);
        input.w_v = Array2::zeros((2, MAX_DIM + 1));
        assert_eq!(field_of(&input).as_deref(), Some("w_v"));
    }

    #[test]
    fn nan_in_an_input_names_the_matrix_and_the_entry() {
        let mut input = cat(false);
        input.w_k[[1, 0]] = f64::NAN;
        let error = attend(&input).unwrap_err();
        assert_eq!(error.field.as_deref(), Some("w_k"));
        assert_eq!(error.message, "w_k has NaN at row 2, column 1");
    }

    #[test]
    fn infinity_in_w_o_is_an_error_on_w_o() {
        let mut input = cat(false);
        input.w_o = Some(array![[1.0, f64::INFINITY], [0.0, 1.0]]);
        assert_eq!(field_of(&input).as_deref(), Some("w_o"));
    }

    #[test]
    fn an_embedding_row_count_unlike_the_token_count_is_an_error_on_embeddings() {
        let mut input = cat(false);
        input.embeddings = array![[1.0, 0.0], [0.0, 1.0]];
        let error = attend(&input).unwrap_err();
        assert_eq!(error.field.as_deref(), Some("embeddings"));
        assert_eq!(
            error.message,
            "embeddings has 2 rows, but there are 3 tokens"
        );
    }

    #[test]
    fn a_projection_with_the_wrong_number_of_rows_is_an_error_on_that_projection() {
        for field in ["w_q", "w_k", "w_v"] {
            let mut input = cat(false);
            let wrong = array![[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]];
            match field {
                "w_q" => input.w_q = wrong,
                "w_k" => input.w_k = wrong,
                _ => input.w_v = wrong,
            }
            assert_eq!(field_of(&input).as_deref(), Some(field));
        }
    }

    #[test]
    fn keys_narrower_than_queries_are_an_error_on_w_k() {
        let mut input = cat(false);
        input.w_k = array![[1.0], [0.0]];
        assert_eq!(field_of(&input).as_deref(), Some("w_k"));
    }

    #[test]
    fn an_empty_projection_is_an_error_rather_than_a_division_by_zero() {
        let mut input = cat(false);
        input.w_q = Array2::zeros((2, 0));
        input.w_k = Array2::zeros((2, 0));
        assert_eq!(field_of(&input).as_deref(), Some("w_q"));
    }

    #[test]
    fn zero_heads_or_heads_that_do_not_divide_the_width_are_an_error_on_heads() {
        let mut input = cat(false);
        input.heads = 0;
        assert_eq!(field_of(&input).as_deref(), Some("heads"));
        input.heads = 3;
        assert_eq!(field_of(&input).as_deref(), Some("heads"));
        // w_q is 2 wide (divisible by 2) but w_v is 3 wide.
        input.heads = 2;
        input.w_v = array![[1.0, 0.0, 1.0], [0.0, 2.0, 1.0]];
        let error = attend(&input).unwrap_err();
        assert_eq!(error.field.as_deref(), Some("heads"));
        assert_eq!(
            error.message,
            "2 heads cannot split the 3 columns of w_v evenly"
        );
    }

    #[test]
    fn w_o_with_the_wrong_number_of_rows_is_an_error_on_w_o() {
        let mut input = cat(false);
        input.w_o = Some(array![[1.0, 0.0, 0.0]]);
        assert_eq!(field_of(&input).as_deref(), Some("w_o"));
    }

    #[test]
    fn products_that_overflow_are_an_error_not_infinity() {
        let mut input = cat(false);
        input.embeddings *= 1e200;
        input.w_q *= 1e200;
        let error = attend(&input).unwrap_err();
        assert!(error.message.contains("overflows"), "{error}");
    }

    #[test]
    fn a_single_token_attends_only_to_itself() {
        let input = AttentionInput {
            tokens: strings(&["hi"]),
            embeddings: array![[3.0, -1.0]],
            w_q: array![[1.0], [2.0]],
            w_k: array![[0.5], [4.0]],
            w_v: array![[1.0, 2.0], [3.0, 4.0]],
            w_o: None,
            causal: false,
            heads: 1,
        };
        let result = attend(&input).unwrap();
        assert_eq!(result.matrix("h1.weights").unwrap(), array![[1.0]]);
        // v = [3 − 3, 6 − 4] = [0, 2], and the only weight is 1.
        assert_eq!(result.matrix("output").unwrap(), array![[0.0, 2.0]]);
        // q = 3 − 2 = 1, k = 1.5 − 4 = −2.5, d_k = 1.
        assert_eq!(result.matrix("h1.scaled").unwrap(), array![[-2.5]]);
    }

    #[test]
    fn causal_attention_on_one_token_is_the_same_as_plain() {
        let mut input = cat(false);
        input.tokens.truncate(1);
        input.embeddings = array![[1.0, 1.0]];
        let plain = attend(&input).unwrap();
        input.causal = true;
        let causal = attend(&input).unwrap();
        assert_eq!(
            plain.matrix("output").unwrap(),
            causal.matrix("output").unwrap()
        );
        assert_eq!(causal.matrix("h1.weights").unwrap(), array![[1.0]]);
    }

    #[test]
    fn the_seed_example_matches_the_hand_derived_projections() {
        let result = attend(&cat(false)).unwrap();
        assert_eq!(
            result.matrix("q").unwrap(),
            array![[1.0, 0.0], [1.0, 2.0], [2.0, 2.0]]
        );
        assert_eq!(
            result.matrix("k").unwrap(),
            array![[2.0, 0.0], [0.0, 1.0], [2.0, 1.0]]
        );
        assert_eq!(
            result.matrix("v").unwrap(),
            array![[1.0, 0.0], [0.0, 2.0], [1.0, 2.0]]
        );
        assert_eq!(
            result.matrix("h1.scores").unwrap(),
            array![[2.0, 0.0, 2.0], [2.0, 2.0, 4.0], [4.0, 2.0, 6.0]]
        );
        assert_eq!(result.position("d_k").unwrap(), 2);
    }

    #[test]
    fn the_seed_example_matches_the_printed_scaled_scores() {
        let result = attend(&cat(false)).unwrap();
        let r = 2f64.sqrt();
        let expected = array![[r, 0.0, r], [r, r, 2.0 * r], [2.0 * r, r, 3.0 * r]];
        assert_abs_diff_eq!(
            result.matrix("h1.scaled").unwrap(),
            expected,
            epsilon = 1e-12
        );
        assert_eq!(
            printed(&expected),
            [
                ["1.414", "0.000", "1.414"],
                ["1.414", "1.414", "2.828"],
                ["2.828", "1.414", "4.243"]
            ]
        );
    }

    #[test]
    fn the_seed_example_matches_the_printed_weights() {
        let result = attend(&cat(false)).unwrap();
        // e = exp(√2). Row "the": s = [√2, 0, √2] → [e, 1, e] / (2e + 1).
        // Row "cat": s = [√2, √2, 2√2] → [e, e, e²] / (2e + e²) = [1, 1, e] / (2 + e).
        // Row "sat": s = [2√2, √2, 3√2] → [e², e, e³] / (e² + e + e³) = [e, 1, e²] / (1 + e + e²).
        let e = 2f64.sqrt().exp();
        let expected = array![
            [
                e / (2.0 * e + 1.0),
                1.0 / (2.0 * e + 1.0),
                e / (2.0 * e + 1.0)
            ],
            [1.0 / (2.0 + e), 1.0 / (2.0 + e), e / (2.0 + e)],
            [
                e / (1.0 + e + e * e),
                1.0 / (1.0 + e + e * e),
                e * e / (1.0 + e + e * e)
            ]
        ];
        assert_abs_diff_eq!(
            result.matrix("h1.weights").unwrap(),
            expected,
            epsilon = 1e-12
        );
        assert_eq!(
            printed(&expected),
            [
                ["0.446", "0.108", "0.446"],
                ["0.164", "0.164", "0.673"],
                ["0.187", "0.045", "0.768"]
            ]
        );
    }

    #[test]
    fn the_seed_example_matches_the_printed_output() {
        let result = attend(&cat(false)).unwrap();
        // Z = A·V with V rows [1, 0], [0, 2], [1, 2]: Z_i = [a_the + a_sat, 2(a_cat + a_sat)].
        let e = 2f64.sqrt().exp();
        let expected = array![
            [2.0 * e / (2.0 * e + 1.0), (2.0 + 2.0 * e) / (2.0 * e + 1.0)],
            [(1.0 + e) / (2.0 + e), 2.0 * (1.0 + e) / (2.0 + e)],
            [
                (e + e * e) / (1.0 + e + e * e),
                (2.0 + 2.0 * e * e) / (1.0 + e + e * e)
            ]
        ];
        assert_abs_diff_eq!(result.matrix("output").unwrap(), expected, epsilon = 1e-12);
        assert_eq!(result.matrix("output"), result.matrix("h1.output"));
        assert_eq!(
            printed(&expected),
            [["0.892", "1.108"], ["0.836", "1.673"], ["0.955", "1.627"]]
        );
    }

    #[test]
    fn the_causal_seed_example_masks_the_future_with_exact_zeros() {
        let plain = attend(&cat(false)).unwrap();
        let result = attend(&cat(true)).unwrap();
        let weights = &result.matrix("h1.weights").unwrap();
        assert_eq!(weights.row(0), array![1.0, 0.0, 0.0]);
        // "cat" sees [√2, √2]: equal scores, equal weights.
        assert_abs_diff_eq!(weights.row(1), array![0.5, 0.5, 0.0], epsilon = 1e-12);
        assert_eq!(weights[[1, 2]], 0.0);
        assert_eq!(weights.row(2), plain.matrix("h1.weights").unwrap().row(2));
        // Scaled scores are kept before masking so the page can show what was hidden.
        assert_eq!(
            result.matrix("h1.scaled").unwrap(),
            plain.matrix("h1.scaled").unwrap()
        );
    }

    /// The widget's one program on the example's inputs gives every matrix of the kind bit
    /// for bit: one head and two (with W_o), the causal mask off and on.
    #[test]
    fn the_widget_program_gives_the_kinds_numbers_bit_for_bit() {
        let two_heads = AttentionInput {
            tokens: strings(&["a", "b", "c"]),
            embeddings: array![[1.0, 0.5], [-0.3, 1.0], [0.7, 0.2]],
            w_q: array![[1.0, 0.2, -0.4, 0.3], [0.1, 2.0, 0.5, -1.0]],
            w_k: array![[0.6, 0.0, 1.2, 0.4], [-0.2, 1.0, 0.3, 0.9]],
            w_v: array![[1.0, 2.0], [3.0, 4.0]],
            w_o: Some(array![[1.0], [0.5]]),
            causal: true,
            heads: 2,
        };
        for input in [cat(false), cat(true), two_heads] {
            let kind = attend(&input).unwrap();
            let inputs = widget_inputs(&input);
            let steps = widget_program(&input).unwrap();
            let ran = crate::compute::computed::compute(&steps, inputs, Default::default())
                .unwrap_or_else(|e| panic!("{steps}: {e:?}"));
            let value = |name: &str| match ran.values.iter().find(|(n, _, _)| n == name) {
                Some((_, _, Value::Matrix(m))) => m.clone(),
                other => panic!("{name} in\n{steps}: {other:?}"),
            };
            let mut expected: Vec<(String, Array2<f64>)> = ["q", "k", "v", "output"]
                .map(|name| (name.to_string(), kind.matrix(name).unwrap()))
                .into();
            if kind.position("heads").unwrap() == 1 {
                // One head reads Q and K whole, as the lesson writes QKᵀ.
                assert!(steps.contains("scores = q @ k.T\n"), "{steps}");
                assert!(
                    !steps.contains("head_") && !steps.contains("concat"),
                    "{steps}"
                );
            } else {
                expected.push(("concat".to_string(), kind.matrix("concat").unwrap()));
            }
            let all = heads(&kind);
            for (h, head) in all.iter().enumerate() {
                let s = if kind.position("heads").unwrap() == 1 {
                    String::new()
                } else {
                    format!("_{}", h + 1)
                };
                for (name, matrix) in [
                    ("scores", &head.scores),
                    ("scaled", &head.scaled),
                    ("weights", &head.weights),
                    ("out", &head.output),
                ] {
                    expected.push((format!("{name}{s}"), matrix.clone()));
                }
            }
            for (name, matrix) in expected {
                assert_eq!(value(&name), matrix, "{name} of\n{steps}");
            }
        }
    }

    #[test]
    fn two_heads_split_the_columns_and_scale_by_their_own_width() {
        let input = AttentionInput {
            tokens: strings(&["a", "b"]),
            embeddings: array![[1.0, 0.0], [0.0, 1.0]],
            w_q: array![[1.0, 0.0], [0.0, 1.0]],
            w_k: array![[1.0, 0.0], [0.0, 1.0]],
            w_v: array![[1.0, 2.0], [3.0, 4.0]],
            w_o: Some(array![[1.0], [1.0]]),
            causal: false,
            heads: 2,
        };
        let result = attend(&input).unwrap();
        assert_eq!(result.position("d_k").unwrap(), 1);
        // Head 1 sees column 1 of Q and K: q = k = [1, 0]; scores = [[1, 0], [0, 0]].
        let all = heads(&result);
        let first = &all[0];
        assert_eq!(first.scores, array![[1.0, 0.0], [0.0, 0.0]]);
        assert_eq!(first.scaled, first.scores);
        let e = 1f64.exp();
        assert_abs_diff_eq!(
            first.weights,
            array![[e / (e + 1.0), 1.0 / (e + 1.0)], [0.5, 0.5]],
            epsilon = 1e-12
        );
        // Head 1 values are V's first column [1, 3]; head 2 values are [2, 4].
        assert_abs_diff_eq!(
            first.output,
            array![[(e + 3.0) / (e + 1.0)], [2.0]],
            epsilon = 1e-12
        );
        let second = &all[1];
        assert_eq!(second.scores, array![[0.0, 0.0], [0.0, 1.0]]);
        assert_abs_diff_eq!(
            second.output,
            array![[3.0], [(2.0 + 4.0 * e) / (1.0 + e)]],
            epsilon = 1e-12
        );
        assert_eq!(
            result.matrix("concat").unwrap(),
            ndarray::concatenate![ndarray::Axis(1), first.output, second.output]
        );
        // W_o sums the two heads.
        assert_abs_diff_eq!(
            result.matrix("output").unwrap(),
            array![
                [(e + 3.0) / (e + 1.0) + 3.0],
                [2.0 + (2.0 + 4.0 * e) / (1.0 + e)]
            ],
            epsilon = 1e-12
        );
    }

    #[test]
    fn references_find_labelled_quantities() {
        let result = attend(&cat(false)).unwrap();
        let weight = result
            .quantity("weights")
            .unwrap()
            .select(&[
                crate::compute::Index::Label("sat".into()),
                crate::compute::Index::Label("the".into()),
            ])
            .unwrap();
        let e = 2f64.sqrt().exp();
        let Quantity::Scalar(weight) = weight else {
            panic!("expected a scalar")
        };
        assert_abs_diff_eq!(weight, e / (1.0 + e + e * e), epsilon = 1e-12);
        assert_eq!(result.quantity("d_k"), Some(Quantity::Count(2)));
        assert_eq!(result.quantity("n"), Some(Quantity::Count(3)));
        assert_eq!(result.quantity("h1.weights"), result.quantity("weights"));
        assert_eq!(result.quantity("w_o"), None);
        assert_eq!(result.quantity("concat"), None);
        assert_eq!(result.quantity("h2.weights"), None);
        assert_eq!(result.quantity("h0.weights"), None);
        assert_eq!(result.quantity("h1.nope"), None);
        let Some(Quantity::Matrix {
            row_labels,
            col_labels,
            ..
        }) = result.quantity("q")
        else {
            panic!("q is a matrix")
        };
        assert_eq!(row_labels, Some(strings(&["the", "cat", "sat"])));
        assert_eq!(col_labels, None);
    }

    #[test]
    fn every_listed_quantity_name_resolves() {
        let mut several = cat(false);
        several.heads = 2;
        several.w_o = Some(Array2::eye(2));
        for input in [cat(false), several] {
            let result = attend(&input).unwrap();
            for name in result.quantity_names() {
                assert!(result.quantity(&name).is_some(), "{name}");
            }
        }
    }

    #[test]
    fn several_heads_hide_the_ambiguous_top_level_weights() {
        let mut input = cat(false);
        input.heads = 2;
        let result = attend(&input).unwrap();
        assert_eq!(result.quantity("weights"), None);
        assert!(result.quantity("concat").is_some());
        assert!(result.quantity("h2.scaled").is_some());
        assert!(!result.quantity_names().contains(&"weights".to_string()));
    }

    #[test]
    fn json_for_one_head_has_top_level_weights_and_no_heads_array() {
        let result = attend(&cat(true)).unwrap();
        let json = serde_json::to_value(&result).unwrap();
        let keys: Vec<&str> = json
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let mut expected = vec![
            "kind",
            "tokens",
            "causal",
            "embeddings",
            "w_q",
            "w_k",
            "w_v",
            "w_o",
            "d_k",
            "q",
            "k",
            "v",
            "scores",
            "scaled",
            "weights",
            "output",
        ];
        expected.sort_unstable();
        let mut keys_sorted = keys.clone();
        keys_sorted.sort_unstable();
        assert_eq!(keys_sorted, expected);
        assert_eq!(json["kind"], "attention");
        assert_eq!(json["w_o"], serde_json::Value::Null);
        assert_eq!(json["d_k"], 2);
        assert_eq!(
            json["embeddings"],
            serde_json::json!([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
        );
        assert_eq!(json["weights"][0], serde_json::json!([1.0, 0.0, 0.0]));
        // Scaled is before masking: the future entry 2/√2 is still there.
        let future = json["scaled"][0][2].as_f64().unwrap();
        assert_abs_diff_eq!(future, 2f64.sqrt(), epsilon = 1e-12);
    }

    #[test]
    fn json_for_several_heads_has_a_heads_array_and_concat() {
        let mut input = cat(false);
        input.heads = 2;
        input.w_o = Some(array![[1.0], [1.0]]);
        let result = attend(&input).unwrap();
        let json = serde_json::to_value(&result).unwrap();
        assert!(json.get("weights").is_none());
        assert_eq!(json["heads"].as_array().unwrap().len(), 2);
        assert_eq!(json["heads"][1]["d_k"], 1);
        assert!(json["heads"][0]["weights"].is_array());
        assert!(json["concat"].is_array());
        assert_eq!(json["w_o"], serde_json::json!([[1.0], [1.0]]));
        assert_eq!(json["output"].as_array().unwrap().len(), 3);
    }
}

#[cfg(test)]
mod properties {
    use super::*;
    use ndarray::Axis;
    use proptest::prelude::*;

    fn matrix(rows: usize, cols: usize, value: BoxedStrategy<f64>) -> BoxedStrategy<Array2<f64>> {
        proptest::collection::vec(value, rows * cols)
            .prop_map(move |values| {
                Array2::from_shape_vec((rows, cols), values).expect("length is rows × cols")
            })
            .boxed()
    }

    /// A well-formed input with entries drawn from `value`: n tokens, width d, `heads` heads
    /// with query/key width d_k and value width d_v, optionally an output projection.
    fn input_of(value: BoxedStrategy<f64>) -> impl Strategy<Value = AttentionInput> {
        (
            1usize..6,
            1usize..4,
            1usize..3,
            1usize..3,
            1usize..3,
            any::<bool>(),
            any::<bool>(),
        )
            .prop_flat_map(move |(n, d, heads, d_k, d_v, causal, with_w_o)| {
                (
                    matrix(n, d, value.clone()),
                    matrix(d, heads * d_k, value.clone()),
                    matrix(d, heads * d_k, value.clone()),
                    matrix(d, heads * d_v, value.clone()),
                    matrix(heads * d_v, 2, value.clone()),
                )
                    .prop_map(move |(embeddings, w_q, w_k, w_v, w_o)| {
                        AttentionInput {
                            tokens: (0..n).map(|i| format!("t{i}")).collect(),
                            embeddings,
                            w_q,
                            w_k,
                            w_v,
                            w_o: with_w_o.then_some(w_o),
                            causal,
                            heads,
                        }
                    })
            })
    }

    fn input() -> impl Strategy<Value = AttentionInput> {
        input_of((-3.0..3.0f64).boxed())
    }

    fn any_finite() -> BoxedStrategy<f64> {
        prop_oneof![
            -5.0..5.0f64,
            proptest::num::f64::NORMAL | proptest::num::f64::SUBNORMAL | proptest::num::f64::ZERO,
        ]
        .boxed()
    }

    fn any_matrix() -> impl Strategy<Value = Array2<f64>> {
        (0usize..4, 0usize..4).prop_flat_map(|(rows, cols)| matrix(rows, cols, any_finite()))
    }

    fn any_scores() -> impl Strategy<Value = Array2<f64>> {
        (1usize..4).prop_flat_map(|n| matrix(n, n, any_finite()))
    }

    /// The row softmax of the kind's template, run by the language.
    fn softmax_rows(scores: &Array2<f64>, causal: bool) -> Array2<f64> {
        let program = if causal {
            "weights = softmax(scores + causal_mask(n), axis=1)"
        } else {
            "weights = softmax(scores, axis=1)"
        };
        let inputs = [
            ("scores".to_string(), Value::Matrix(scores.clone())),
            ("n".to_string(), Value::Scalar(scores.nrows() as f64)),
        ];
        crate::compute::template::run(program, &inputs)
            .unwrap()
            .matrix("weights")
    }

    /// Everything an `Ok` result holds is finite, and JSON has no `null` but an absent W_o.
    fn assert_all_finite(result: &KindRun) -> Result<(), TestCaseError> {
        let json = serde_json::to_string(result).unwrap();
        prop_assert_eq!(
            json.matches("null").count(),
            usize::from(result.matrix("w_o").is_none())
        );
        for name in result.quantity_names() {
            let matrix = result.matrix(&name).unwrap_or_default();
            prop_assert!(matrix.iter().all(|x| x.is_finite()), "{}", name);
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]

        #[test]
        fn rows_of_every_weight_matrix_sum_to_one(input in input()) {
            let result = attend(&input).unwrap();
            for head in &heads(&result) {
                for row in head.weights.rows() {
                    prop_assert!((row.sum() - 1.0).abs() < 1e-12);
                }
            }
        }

        #[test]
        fn masked_weights_are_exactly_zero(mut input in input()) {
            input.causal = true;
            let result = attend(&input).unwrap();
            for head in &heads(&result) {
                for ((i, j), w) in head.weights.indexed_iter() {
                    if j > i {
                        prop_assert_eq!(*w, 0.0);
                    }
                }
            }
        }

        /// The mask as an input (a −∞ or a 0 added to every scaled score) gives the weights of
        /// the row softmax with the mask written into the program, or none, bit for bit: what
        /// the book printed before the widget could switch the mask stays the same.
        #[test]
        fn the_mask_as_an_input_gives_the_fixed_programs_weights_bit_for_bit(
            input in input(),
        ) {
            let result = attend(&input).unwrap();
            for head in &heads(&result) {
                let fixed = softmax_rows(&head.scaled, input.causal);
                prop_assert!(head.weights.iter().zip(&fixed).all(|(a, b)| a.to_bits() == b.to_bits()));
            }
        }

        #[test]
        fn permuting_tokens_permutes_the_outputs_the_same_way(
            mut input in input(),
            seed in any::<u64>(),
        ) {
            // A causal mask depends on order, so equivariance holds only without it.
            input.causal = false;
            let n = input.tokens.len();
            let mut order: Vec<usize> = (0..n).collect();
            // A seeded Fisher–Yates shuffle keeps the case reproducible from proptest's inputs.
            let mut state = seed;
            for i in (1..n).rev() {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                order.swap(i, (state >> 33) as usize % (i + 1));
            }
            let mut permuted = input.clone();
            permuted.tokens = order.iter().map(|&i| input.tokens[i].clone()).collect();
            permuted.embeddings = input.embeddings.select(Axis(0), &order);
            let original = attend(&input).unwrap();
            let shuffled = attend(&permuted).unwrap();
            let expected = original.matrix("output").unwrap().select(Axis(0), &order);
            for (a, b) in expected.iter().zip(shuffled.matrix("output").unwrap().iter()) {
                prop_assert!((a - b).abs() < 1e-9, "{} vs {}", a, b);
            }
            let weights = original.matrix("h1.weights").unwrap().select(Axis(0), &order).select(Axis(1), &order);
            for (a, b) in weights.iter().zip(shuffled.matrix("h1.weights").unwrap().iter()) {
                prop_assert!((a - b).abs() < 1e-12);
            }
        }

        #[test]
        fn adding_a_constant_to_a_row_of_scores_changes_nothing(
            scores in matrix(4, 4, (-10.0..10.0f64).boxed()),
            row in 0usize..4,
            shift in -100.0..100.0f64,
            causal in any::<bool>(),
        ) {
            let mut shifted = scores.clone();
            shifted.row_mut(row).mapv_inplace(|x| x + shift);
            let before = softmax_rows(&scores, causal);
            let after = softmax_rows(&shifted, causal);
            for (a, b) in before.iter().zip(after.iter()) {
                prop_assert!((a - b).abs() < 1e-9);
            }
        }

        #[test]
        fn huge_finite_scores_give_finite_weights_that_sum_to_one(
            scores in any_scores(),
            causal in any::<bool>(),
        ) {
            let weights = softmax_rows(&scores, causal);
            prop_assert!(weights.iter().all(|w| w.is_finite() && (0.0..=1.0).contains(w)));
            for row in weights.rows() {
                if !row.is_empty() {
                    prop_assert!((row.sum() - 1.0).abs() < 1e-12);
                }
            }
        }

        #[test]
        fn well_shaped_inputs_of_any_magnitude_give_finite_results_or_an_error(
            input in input_of(any_finite()),
        ) {
            if let Ok(result) = attend(&input) {
                assert_all_finite(&result)?;
            }
        }

        #[test]
        fn nothing_panics_and_nothing_is_infinite_on_any_finite_input(
            n in 0usize..4,
            embeddings in any_matrix(),
            w_q in any_matrix(),
            w_k in any_matrix(),
            w_v in any_matrix(),
            w_o in proptest::option::of(any_matrix()),
            heads in 0usize..3,
            causal in any::<bool>(),
        ) {
            let input = AttentionInput {
                tokens: vec!["t".to_string(); n],
                embeddings, w_q, w_k, w_v, w_o, causal, heads,
            };
            if let Ok(result) = attend(&input) {
                assert_all_finite(&result)?;
            }
        }
    }
}
