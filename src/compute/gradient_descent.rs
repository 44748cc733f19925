//! Gradient descent on the least-squares line fit y ≈ w·x + b, next to its exact answer.
//!
//! Stage: evaluation of a ```` ```gradient_descent ```` example block.
//! Input: a [`GradientDescentInput`] (points, starting (w, b), learning rate, number of steps)
//! already read from TOML by the site layer.
//! Output: a [`GradientDescent`] with every iterate, its loss and its gradient, the closed-form
//! optimum, and — when the rate is too large — the step at which the run diverged.
//! Must not: return NaN/∞. Divergence is a lesson, not a crash: the run stops before the first
//! iterate that leaves the finite, sane range, keeps what came before, and says where.
//!
//! Loss L(w, b) = (1/n) Σ (w xᵢ + b − yᵢ)²; gradient ∂L/∂w = (2/n) Σ rᵢ xᵢ, ∂L/∂b = (2/n) Σ rᵢ
//! with residuals rᵢ = w xᵢ + b − yᵢ; update (w, b) ← (w, b) − η ∇L.

use ndarray::Array2;

use super::computed::Labels;
use super::error::{count_within, positive};
use super::kind::{Json, KindRun, Source, Table};
use super::lang::{self, Value};
use super::template::{self, Ran, Template};
use super::{ComputeError, KindProgram, MAX_DIM};

/// Most steps one example may take: enough for any slow-convergence demo, small enough to keep
/// a build fast and a page's tables readable.
pub const MAX_STEPS: usize = 10_000;

/// The inputs of a gradient-descent example, as written by the author.
#[derive(Debug, Clone, PartialEq)]
pub struct GradientDescentInput {
    /// The data (x, y); at least two, not all with the same x.
    pub points: Vec<(f64, f64)>,
    /// The starting (w, b).
    pub start: (f64, f64),
    /// The step size η; finite and positive.
    pub learning_rate: f64,
    /// How many updates to make, 1 to [`MAX_STEPS`].
    pub steps: usize,
}

/// What the gradient-descent kind calls its values: the points' columns are `x`, `y`, the
/// start's and the iterates' `w`, `b`, the curvature's directions `max`, `min`; counts print as
/// whole numbers.
pub static TABLE: Table = Table {
    kind: "gradient_descent",
    names: &[
        ("points", Source::Value("points")),
        ("start", Source::Value("start")),
        ("learning_rate", Source::Value("learning_rate")),
        ("steps", Source::Count("steps")),
        ("iterates", Source::Value("iterates")),
        ("losses", Source::Value("losses")),
        ("gradients", Source::Value("gradients")),
        ("final_w", Source::Value("final_w")),
        ("final_b", Source::Value("final_b")),
        ("final_loss", Source::Value("final_loss")),
        ("optimum_w", Source::Value("optimum_w")),
        ("optimum_b", Source::Value("optimum_b")),
        ("optimum_loss", Source::Value("optimum_loss")),
        ("steps_taken", Source::Count("steps_taken")),
        ("hessian", Source::Value("hessian")),
        ("hessian_eigenvalues", Source::Value("hessian_eigenvalues")),
        ("max_stable_rate", Source::Value("max_stable_rate")),
        (
            "hessian_eigenvectors",
            Source::Value("hessian_eigenvectors"),
        ),
        ("start_error", Source::Value("start_error")),
        (
            "rate_times_curvature",
            Source::Value("rate_times_curvature"),
        ),
        ("remaining", Source::Value("remaining")),
        ("diverged_at", Source::Count("diverged_at")),
    ],
    grouped: false,
    inputs: &["points", "start", "learning_rate", "steps"],
    sides: &[],
    own: &[
        ("points", &[], &POINT_NAMES),
        ("start", &[], &PARAMETER_NAMES),
        ("iterates", &[], &PARAMETER_NAMES),
        ("gradients", &[], &PARAMETER_NAMES),
        ("hessian", &PARAMETER_NAMES, &PARAMETER_NAMES),
        ("hessian_eigenvalues", &[], &AXIS_NAMES),
        ("hessian_eigenvectors", &AXIS_NAMES, &PARAMETER_NAMES),
        ("start_error", &[], &AXIS_NAMES),
        ("rate_times_curvature", &[], &AXIS_NAMES),
        ("remaining", &[], &AXIS_NAMES),
    ],
    // `start` is `[w, b]` like each row of `iterates`; `diverged_at` is `null` unless the run
    // diverged.
    json: &[
        ("points", Json::Value("points")),
        ("start", Json::Value("start")),
        ("learning_rate", Json::Value("learning_rate")),
        ("steps", Json::Position("steps")),
        ("iterates", Json::Value("iterates")),
        ("losses", Json::Value("losses")),
        ("gradients", Json::Value("gradients")),
        (
            "optimum",
            Json::Object(
                "optimum_w",
                &[
                    ("w", Json::Value("optimum_w")),
                    ("b", Json::Value("optimum_b")),
                    ("loss", Json::Value("optimum_loss")),
                ],
            ),
        ),
        ("diverged_at", Json::Position("diverged_at")),
    ],
};

/// The loss and its gradient at the iterate (w, b), computed by the compute language. The sums
/// run in reading order from +0 (`+ 0` keeps a sum of −0 terms at +0).
/// A loss above `limit`, 1e12 times the starting loss (or 1e12 when the starting loss is below
/// 1), counts as divergence: relative, so data with large y values is not mistaken for a
/// diverging run.
const EVALUATE: &str = "residuals = w * x + b - y
loss = (sum(residuals * residuals) + 0) / n
gradient_w = 2 * (sum(residuals * x) + 0) / n
gradient_b = 2 * (sum(residuals) + 0) / n
limit = 1e12 * maximum(loss, 1)
";

/// The descent in one loop: the loss and gradient at the start, then up to `steps` updates,
/// stopping at the first whose loss passes `limit` or overflows, which the loop undoes (README,
/// "Loops"). Iteration 0 moves by `0 * gradient` and evaluates the start again, so every history
/// begins at the start and the loop always keeps an iteration; `kept` is the updates made.
const DESCEND: &str = "w = start_w
b = start_b
residuals = w * x + b - y
loss = (sum(residuals * residuals) + 0) / n
gradient_w = 2 * (sum(residuals * x) + 0) / n
gradient_b = 2 * (sum(residuals) + 0) / n
kept = 0
repeat steps + 1 as t until loss > limit:
    w = w - (t > 0) * learning_rate * gradient_w
    b = b - (t > 0) * learning_rate * gradient_b
    residuals = w * x + b - y
    loss = (sum(residuals * residuals) + 0) / n
    gradient_w = 2 * (sum(residuals * x) + 0) / n
    gradient_b = 2 * (sum(residuals) + 0) / n
    kept = t
ws = history(w)
bs = history(b)
losses = history(loss)
gradients_w = history(gradient_w)
gradients_b = history(gradient_b)
";

/// Most updates one run of [`DESCEND`] makes for `points` points: its histories hold at most
/// [`lang::MAX_SIDE`] values and its work stays under half of [`lang::MAX_WORK`] (an update costs
/// under 16 operations per point and 64 besides). A longer descent runs again from where the
/// last run stopped: the same updates, in the same order, bit for bit.
pub fn steps_per_run(points: usize) -> usize {
    let by_work = lang::MAX_WORK as usize / 2 / (16 * points + 64);
    by_work.clamp(1, lang::MAX_SIDE - 1)
}

/// The centred moments of the data, from which the closed-form fit comes: centred because the
/// textbook Σxy − n x̄ ȳ form cancels catastrophically for large x.
const MOMENTS: &str = "mean_x = (sum(x) + 0) / n
mean_y = (sum(y) + 0) / n
dx = x - mean_x
spread_x = sum(dx * dx) + 0
covariance = sum(dx * (y - mean_y)) + 0
";

/// The fit w* = Σ(x − x̄)(y − ȳ) / Σ(x − x̄)², b* = ȳ − w* x̄ and its loss, once the kind has
/// refused a zero spread.
const FIT: &str = "optimum_w = covariance / spread_x
optimum_b = mean_y - optimum_w * mean_x
optimum_residuals = optimum_w * x + optimum_b - y
optimum_loss = (sum(optimum_residuals * optimum_residuals) + 0) / n
";

/// Runs gradient descent and solves the fit exactly for comparison, every number by a program
/// in the compute language; the kind only decides where a diverging run stops.
///
/// Errors carry `field` = the input key at fault: `points` (fewer than 2, too many, NaN/∞, all
/// x equal, too large to fit), `start` (NaN/∞, or so far away that its loss overflows),
/// `learning_rate`, `steps`.
pub fn descend(input: &GradientDescentInput) -> Result<KindRun, ComputeError> {
    validate(input)?;
    let points = Array2::from_shape_fn((input.points.len(), 2), |(i, j)| {
        let (x, y) = input.points[i];
        if j == 0 {
            x
        } else {
            y
        }
    });
    let data = [
        ("x".to_string(), Value::Vector(points.column(0).to_owned())),
        ("y".to_string(), Value::Vector(points.column(1).to_owned())),
        ("n".to_string(), Value::Scalar(points.nrows() as f64)),
    ];
    let too_large = || {
        ComputeError::for_field("points", "the points are too large to fit a line to")
            .with_hint("scale the data down")
    };
    let moments = template::run(MOMENTS, &data).map_err(|_| too_large())?;
    if moments.scalar("spread_x") == 0.0 {
        return Err(ComputeError::for_field(
            "points",
            "every point has the same x, so no single line fits best",
        )
        .with_hint("give at least two different x values"));
    }
    let fit = template::run(&format!("{MOMENTS}{FIT}"), &data).map_err(|_| too_large())?;

    let stepping = stepping(&data, input)?;
    let descent = Template::parse(&stepping.descent.steps).map_err(|_| too_large())?;
    let mut inputs = stepping.descent.inputs;
    let mut history: Vec<Iterate> = Vec::new();
    let mut diverged_at = None;
    let mut done = 0;
    while done < input.steps && diverged_at.is_none() {
        let steps = (input.steps - done).min(stepping.steps_per_run);
        set_input(&mut inputs, "steps", steps as f64);
        let ran = descent.run(&inputs).map_err(|_| too_large())?;
        let kept = ran.scalar("kept") as usize;
        let rows = Iterate::rows(&ran);
        // Each run's first row is the last run's last: only the first run's is kept.
        let skip = usize::from(!history.is_empty());
        history.extend(rows.into_iter().skip(skip));
        if kept < steps {
            diverged_at = Some(done + kept + 1);
        }
        done += kept;
        let last = history.last().expect("a run keeps its first iteration");
        set_input(&mut inputs, "start_w", last.w);
        set_input(&mut inputs, "start_b", last.b);
    }
    // Row 0 is the start as written (the loop's `w - 0 * gradient` may turn −0 into 0).
    history[0].w = input.start.0;
    history[0].b = input.start.1;

    let rows = history.len();
    let optimum = (fit.scalar("optimum_w"), fit.scalar("optimum_b"));
    let run = Run {
        start: input.start,
        optimum,
        learning_rate: input.learning_rate,
        taken: rows - 1,
    };
    let curvature = curvature(&data, &run).ok_or_else(too_large)?;
    let iterates = Array2::from_shape_fn((rows, 2), |(k, j)| [history[k].w, history[k].b][j]);
    let last = rows - 1;
    let scalar = |name: &str, x: f64| (name.to_string(), Value::Scalar(x));
    let start = Value::Vector(ndarray::array![input.start.0, input.start.1]);
    let inputs = vec![
        ("points".to_string(), Value::Matrix(points)),
        ("start".to_string(), start),
        scalar("learning_rate", input.learning_rate),
        scalar("steps", input.steps as f64),
    ];
    let mut steps = vec![
        scalar("final_w", iterates[[last, 0]]),
        scalar("final_b", iterates[[last, 1]]),
        scalar("final_loss", history[last].loss),
        ("iterates".to_string(), Value::Matrix(iterates)),
        (
            "losses".to_string(),
            Value::Vector(history.iter().map(|e| e.loss).collect()),
        ),
        (
            "gradients".to_string(),
            Value::Matrix(Array2::from_shape_fn((rows, 2), |(k, j)| {
                [history[k].gradient_w, history[k].gradient_b][j]
            })),
        ),
        scalar("optimum_w", optimum.0),
        scalar("optimum_b", optimum.1),
        scalar("optimum_loss", fit.scalar("optimum_loss")),
        scalar("steps_taken", last as f64),
    ];
    steps.extend(curvature);
    if let Some(step) = diverged_at {
        steps.push(scalar("diverged_at", step as f64));
    }
    let labels = Labels::default();
    Ok(KindRun::new(
        &TABLE,
        template::computed(inputs, steps, labels),
    ))
}

/// How a descent runs: its program with the start as inputs, and how many updates one run may
/// make. The kind runs it again from where it stopped until the steps are done or it diverges.
struct DescentProgram {
    /// [`DESCEND`], from `start_w`, `start_b` with `limit`, 1e12 times the start's loss (or
    /// 1e12 when that is below 1).
    descent: KindProgram,
    /// [`steps_per_run`] of the example's points.
    steps_per_run: usize,
}

fn stepping(
    data: &[(String, Value)],
    input: &GradientDescentInput,
) -> Result<DescentProgram, ComputeError> {
    let (w, b) = input.start;
    let mut start = data.to_vec();
    start.extend([
        ("w".to_string(), Value::Scalar(w)),
        ("b".to_string(), Value::Scalar(b)),
    ]);
    let first = template::run(EVALUATE, &start).map_err(|_| {
        ComputeError::for_field(
            "start",
            "the loss at the start overflows: the inputs are too large to compute with",
        )
        .with_hint("start closer to the data")
    })?;
    let mut inputs = data.to_vec();
    inputs.extend(
        [
            ("start_w", w),
            ("start_b", b),
            ("learning_rate", input.learning_rate),
            ("limit", first.scalar("limit")),
            ("steps", input.steps as f64),
        ]
        .map(|(name, value)| (name.to_string(), Value::Scalar(value))),
    );
    Ok(DescentProgram {
        descent: KindProgram {
            steps: DESCEND.to_string(),
            inputs,
        },
        steps_per_run: steps_per_run(input.points.len()),
    })
}

/// The widget's grid of the loss over (w, b) has this many rows and columns: half the figure's,
/// so with the other steps it stays within the numbers a widget's tables hold (4,096).
pub const WIDGET_GRID_SIDE: usize = 32;

/// What the widget's program runs before [`DESCEND`]: the points' columns, their count and the
/// start, from the inputs the reader edits (`points` as rows [x, y], `start` as [w, b]).
const WIDGET_INPUTS: &str = "x = points[:, 0]
y = points[:, 1]
n = len(x)
start_w = start[0]
start_b = start[1]
";

/// What the widget's program runs after [`DESCEND`]: where the run stopped (0 when it did not:
/// the loop always keeps iteration 0, so a stop is at an update from 1 on, numbered as the
/// kind numbers it), the final values, the exact fit and the `valley`: the square root of the
/// loss above it over a grid around the path and the optimum (reaching their span again
/// beyond each end, with the path drawn over it: a row per iterate). The root, because the contour view spaces its levels
/// evenly: on the loss itself they crowd the grid's far corners and leave the optimum bare; on
/// its root they are evenly spaced rings around the optimum, as the build's figure draws them.
/// Then the `optimum` as a point and the valley's `directions`: the eigenvectors of the loss's
/// curvature (2/n)·[[Σx², Σx], [Σx, n]], the steepest first, at the angle ½·atan2(2Σx, Σx² − n).
const WIDGET_RESULTS: &str = "diverged_at = (kept < steps) * (kept + 1)
final_w = w
final_b = b
final_loss = loss
path = reshape(concat(ws, bs), 2, len(ws)).T
sum_x = sum(x) + 0
sum_x_squared = sum(x * x) + 0
low_w = min(concat(ws, optimum_w))
high_w = max(concat(ws, optimum_w))
low_b = min(concat(bs, optimum_b))
high_b = max(concat(bs, optimum_b))
width_w = where(high_w > low_w, high_w - low_w, maximum(abs(high_w), 1))
width_b = where(high_b > low_b, high_b - low_b, maximum(abs(high_b), 1))
grid_w = low_w - width_w + arange(side) * ((high_w - low_w + 2 * width_w) / (side - 1))
grid_b = low_b - width_b + arange(side) * ((high_b - low_b + 2 * width_b) / (side - 1))
dw = grid_w - optimum_w
db = col(grid_b - optimum_b)
valley = sqrt(maximum((sum_x_squared * (dw * dw) + 2 * sum_x * (db * dw) + n * (db * db)) / n, 0))
optimum = concat(optimum_w, optimum_b)
steep_angle = atan2(2 * sum_x, sum_x_squared - n) / 2
directions = reshape(concat(cos(steep_angle), sin(steep_angle), 0 - sin(steep_angle), cos(steep_angle)), 2, 2)
";

/// The program a descent example's widget runs again (in compute-lang.js, as any compute
/// widget does) on the reader's `points`, `start`, `learning_rate` and `steps`: the kind's own
/// descent ([`DESCEND`], with its divergence limit computed from the start's loss first, as
/// [`EVALUATE`] does), the exact fit, where the run diverged and the loss over the plane for a
/// contour view, in one run; with `side` the grid's, it gives the kind's numbers bit for bit
/// while the run fits in one part ([`steps_per_run`]).
pub fn widget_program() -> String {
    let descent = DESCEND.replacen(
        "kept = 0\n",
        "limit = 1e12 * maximum(loss, 1)\nkept = 0\n",
        1,
    );
    format!("side = {WIDGET_GRID_SIDE}\n{WIDGET_INPUTS}{MOMENTS}{FIT}{descent}{WIDGET_RESULTS}")
}

/// Sets the number `name` among a program's inputs.
fn set_input(inputs: &mut [(String, Value)], name: &str, value: f64) {
    for (input, old) in inputs.iter_mut() {
        if input == name {
            *old = Value::Scalar(value);
        }
    }
}

/// One iterate with its loss and gradient.
struct Iterate {
    w: f64,
    b: f64,
    loss: f64,
    gradient_w: f64,
    gradient_b: f64,
}

impl Iterate {
    /// Every iterate a run of [`DESCEND`] kept, in order.
    fn rows(ran: &Ran) -> Vec<Iterate> {
        let [w, b, loss, gradient_w, gradient_b] =
            ["ws", "bs", "losses", "gradients_w", "gradients_b"].map(|name| ran.vector(name));
        (0..w.len())
            .map(|k| Iterate {
                w: w[k],
                b: b[k],
                loss: loss[k],
                gradient_w: gradient_w[k],
                gradient_b: gradient_b[k],
            })
            .collect()
    }
}

fn validate(input: &GradientDescentInput) -> Result<(), ComputeError> {
    let count = input.points.len();
    if count < 2 {
        return Err(ComputeError::for_field(
            "points",
            format!(
                "a line needs at least 2 points, but there {}",
                if count == 1 { "is 1" } else { "are none" }
            ),
        ));
    }
    count_within("points", count, MAX_DIM)?;
    if let Some(i) = input
        .points
        .iter()
        .position(|(x, y)| !(x.is_finite() && y.is_finite()))
    {
        let (x, y) = input.points[i];
        return Err(
            ComputeError::for_field("points", format!("point {} is ({x}, {y})", i + 1))
                .with_hint("every coordinate must be a finite number"),
        );
    }
    let (w, b) = input.start;
    if !(w.is_finite() && b.is_finite()) {
        return Err(
            ComputeError::for_field("start", format!("start is ({w}, {b})"))
                .with_hint("give a finite (w, b), e.g. start = [0, 0]"),
        );
    }
    let hint = "try 0.1, or 0.01 if the run diverges";
    positive(
        "learning_rate",
        "the learning rate",
        input.learning_rate,
        hint,
    )?;
    if input.steps == 0 || input.steps > MAX_STEPS {
        return Err(ComputeError::for_field(
            "steps",
            format!("steps must be 1 to {MAX_STEPS}, but got {}", input.steps),
        ));
    }
    Ok(())
}

/// The loss's curvature, computed by the compute language: the Hessian (2/n)·[[Σx², Σx], [Σx, n]]
/// (the same at every (w, b), because the loss is a quadratic bowl), its eigenvalues (gradient
/// descent converges exactly when the learning rate is below 2 / largest) and unit eigenvectors,
/// the bowl's main axes, each signed so that its first non-zero component is positive, so the
/// same points always give the same arrows; (b, λ − a) solves (H − λI)v = 0 whenever b ≠ 0, and
/// a diagonal H has the axes. Then the start's distance from the optimum along each axis.
const CURVATURE: &str = "sum_x = sum(x) + 0
sum_x_squared = sum(x * x) + 0
hessian = reshape(concat(concat(sum_x_squared, sum_x), concat(sum_x, n)), 2, 2) * (2 / n)
a = hessian[0, 0]
off = hessian[0, 1]
d = hessian[1, 1]
middle = (a + d) / 2
half_gap = (a - d) / 2
radius = sqrt(half_gap * half_gap + off * off)
largest = middle + radius
smallest = middle - radius
max_stable_rate = 2 / largest
generic = abs(off) > 2.220446049250313e-16 * (abs(a) + 1)
w_is_steeper = a >= d
steep_raw = where(generic, concat(off, largest - a), concat(w_is_steeper, 1 - w_is_steeper))
shallow_raw = where(generic, concat(off, smallest - a), concat(1 - w_is_steeper, w_is_steeper))
steep_sign = where(steep_raw[0] < 0, -1, where((steep_raw[0] == 0) * (steep_raw[1] < 0), -1, 1))
shallow_sign = where(shallow_raw[0] < 0, -1, where((shallow_raw[0] == 0) * (shallow_raw[1] < 0), -1, 1))
steep = steep_raw * steep_sign / sqrt(steep_raw[0] * steep_raw[0] + steep_raw[1] * steep_raw[1])
shallow = shallow_raw * shallow_sign / sqrt(shallow_raw[0] * shallow_raw[0] + shallow_raw[1] * shallow_raw[1])
error = concat(w0 - optimum_w, b0 - optimum_b)
start_error = concat(error[0] * steep[0] + error[1] * steep[1], error[0] * shallow[0] + error[1] * shallow[1])
rate_times_curvature = learning_rate * concat(largest, smallest)
hessian_eigenvalues = concat(largest, smallest)
hessian_eigenvectors = reshape(concat(steep, shallow), 2, 2)
";

/// |1 − ηλ| raised to the steps taken, along each eigenvector: the share of the start's error
/// left there at the end (above 1 where the run diverges along that direction).
const REMAINING: &str = "remaining = abs(1 - rate_times_curvature) ^ taken\n";

/// A finished run, as the curvature needs it: where it started and ended up, its rate and how
/// many steps it took.
struct Run {
    start: (f64, f64),
    optimum: (f64, f64),
    learning_rate: f64,
    taken: usize,
}

/// The bowl for the descent `run` as the example's values: the curvature's, and `remaining`
/// unless a share overflows (a diverging run's, or a vast number of steps). The points are
/// `data` (x, y, n). None when a curvature overflows.
fn curvature(data: &[(String, Value)], run: &Run) -> Option<Vec<(String, Value)>> {
    let mut inputs = data.to_vec();
    inputs.extend(
        [
            ("w0", run.start.0),
            ("b0", run.start.1),
            ("optimum_w", run.optimum.0),
            ("optimum_b", run.optimum.1),
            ("learning_rate", run.learning_rate),
            ("taken", run.taken as f64),
        ]
        .map(|(name, value)| (name.to_string(), Value::Scalar(value))),
    );
    let taking = |ran: &Ran, names: &[&str]| {
        names
            .iter()
            .map(|name| (name.to_string(), ran.value(name).clone()))
            .collect::<Vec<_>>()
    };
    let ran = template::run(CURVATURE, &inputs).ok()?;
    let mut values = taking(
        &ran,
        &[
            "hessian",
            "hessian_eigenvalues",
            "max_stable_rate",
            "hessian_eigenvectors",
            "start_error",
            "rate_times_curvature",
        ],
    );
    if let Ok(ran) = template::run(&format!("{CURVATURE}{REMAINING}"), &inputs) {
        values.extend(taking(&ran, &["remaining"]));
    }
    Some(values)
}

/// The names of a point's coordinates and of the line's parameters: the columns of `points`,
/// the entries of `start` and the columns of the iterates, in the build's tables and the
/// widget's fields alike.
pub const POINT_NAMES: [&str; 2] = ["x", "y"];
/// See [`POINT_NAMES`].
pub const PARAMETER_NAMES: [&str; 2] = ["w", "b"];
/// The names of the Hessian's directions, steepest and shallowest, where the curvature's
/// values are given along them.
const AXIS_NAMES: [&str; 2] = ["max", "min"];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compute::Quantity;

    fn pair(values: ndarray::Array1<f64>) -> (f64, f64) {
        (values[0], values[1])
    }

    /// The Hessian's unit eigenvectors (steepest, shallowest): the rows of `hessian_eigenvectors`.
    fn eigenvectors(result: &KindRun) -> ((f64, f64), (f64, f64)) {
        let rows = result.matrix("hessian_eigenvectors").unwrap();
        ((rows[[0, 0]], rows[[0, 1]]), (rows[[1, 0]], rows[[1, 1]]))
    }

    fn optimum(result: &KindRun) -> (f64, f64) {
        let w = result.scalar("optimum_w").unwrap();
        (w, result.scalar("optimum_b").unwrap())
    }

    /// The widget program's run on `input`, as the widget starts it.
    fn widget_run(input: &GradientDescentInput) -> Ran {
        let points = Array2::from_shape_fn((input.points.len(), 2), |(i, j)| {
            [input.points[i].0, input.points[i].1][j]
        });
        let inputs = [
            ("points".to_string(), Value::Matrix(points)),
            (
                "start".to_string(),
                Value::Vector(ndarray::array![input.start.0, input.start.1]),
            ),
            (
                "learning_rate".to_string(),
                Value::Scalar(input.learning_rate),
            ),
            ("steps".to_string(), Value::Scalar(input.steps as f64)),
        ];
        template::run(&widget_program(), &inputs).unwrap()
    }

    #[test]
    fn the_widget_program_gives_the_kinds_numbers_bit_for_bit_and_where_it_diverged() {
        let points = vec![(0.0, 1.0), (1.0, 3.0), (2.0, 4.0), (3.0, 7.0), (4.5, 8.25)];
        for (learning_rate, start) in [(0.1, (0.0, 0.0)), (0.3, (0.0, 0.0)), (0.02, (1.0, -3.5))] {
            let input = GradientDescentInput {
                points: points.clone(),
                start,
                learning_rate,
                steps: 50,
            };
            let kind = descend(&input).unwrap();
            let ran = widget_run(&input);
            let last = kind.matrix("iterates").unwrap().nrows() - 1;
            assert_eq!(
                ran.vector("losses"),
                kind.vector("losses").unwrap(),
                "at {learning_rate}"
            );
            // Row 0 is the start as written in the kind; the program's may be +0 for −0.
            assert_eq!(
                ran.matrix("path").slice(ndarray::s![1.., ..]),
                kind.matrix("iterates").unwrap().slice(ndarray::s![1.., ..])
            );
            assert_eq!(
                ran.vector("gradients_w"),
                kind.matrix("gradients").unwrap().column(0)
            );
            assert_eq!(
                ran.vector("gradients_b"),
                kind.matrix("gradients").unwrap().column(1)
            );
            assert_eq!(
                ran.scalar("final_w"),
                kind.matrix("iterates").unwrap()[[last, 0]]
            );
            assert_eq!(
                ran.scalar("final_b"),
                kind.matrix("iterates").unwrap()[[last, 1]]
            );
            assert_eq!(
                ran.scalar("final_loss"),
                kind.vector("losses").unwrap()[last]
            );
            assert_eq!(ran.scalar("optimum_w"), kind.scalar("optimum_w").unwrap());
            assert_eq!(ran.scalar("optimum_b"), kind.scalar("optimum_b").unwrap());
            assert_eq!(
                ran.scalar("optimum_loss"),
                kind.scalar("optimum_loss").unwrap()
            );
            assert_eq!(
                ran.scalar("diverged_at"),
                kind.position("diverged_at").unwrap_or(0) as f64,
                "at {learning_rate}"
            );
        }
        // The book's diverging rate does diverge, so both branches were compared.
        let big = GradientDescentInput {
            points,
            start: (0.0, 0.0),
            learning_rate: 0.3,
            steps: 50,
        };
        assert!(descend(&big).unwrap().position("diverged_at").is_some());
    }

    #[test]
    fn the_widgets_valley_is_the_root_of_the_loss_above_the_optimum_around_the_path() {
        let input = GradientDescentInput {
            points: vec![(0.0, 1.0), (1.0, 3.0), (2.0, 4.0), (3.0, 7.0)],
            start: (1.0, 3.0),
            learning_rate: 0.2,
            steps: 10,
        };
        let kind = descend(&input).unwrap();
        let ran = widget_run(&input);
        let (ws, bs, grid) = (
            ran.vector("grid_w"),
            ran.vector("grid_b"),
            ran.matrix("valley"),
        );
        assert_eq!(grid.dim(), (WIDGET_GRID_SIDE, WIDGET_GRID_SIDE));
        // The grid reaches past the path and the optimum on every side.
        let path = ran.matrix("path");
        for row in path.rows().into_iter().chain([ndarray::aview1(&[
            kind.scalar("optimum_w").unwrap(),
            kind.scalar("optimum_b").unwrap(),
        ])]) {
            assert!(ws[0] < row[0] && row[0] < ws[WIDGET_GRID_SIDE - 1]);
            assert!(bs[0] < row[1] && row[1] < bs[WIDGET_GRID_SIDE - 1]);
        }
        // Each entry is the root of the loss at (w, b) minus the optimum's, computed directly.
        for (i, j) in [(0, 0), (5, 17), (31, 31), (20, 3)] {
            let (w, b) = (ws[j], bs[i]);
            let loss = input
                .points
                .iter()
                .map(|&(x, y)| (w * x + b - y).powi(2))
                .sum::<f64>()
                / 4.0;
            approx::assert_relative_eq!(
                grid[[i, j]],
                (loss - kind.scalar("optimum_loss").unwrap())
                    .max(0.0)
                    .sqrt(),
                max_relative = 1e-9,
                epsilon = 1e-6
            );
        }
    }

    #[test]
    fn the_hessian_and_the_largest_stable_rate_follow_from_the_points() {
        let fit = descend(&GradientDescentInput {
            points: vec![(0.0, 1.0), (1.0, 3.0), (2.0, 4.0), (3.0, 7.0)],
            start: (0.0, 0.0),
            learning_rate: 0.1,
            steps: 1,
        })
        .unwrap();
        // n = 4, Σx = 6, Σx² = 14: H = ½·[[14, 6], [6, 4]]; eigenvalues (9 ± √61) / 2.
        let Some(Quantity::Matrix { values, .. }) = fit.quantity("hessian") else {
            panic!("hessian is a matrix");
        };
        assert_eq!(values, ndarray::array![[7.0, 3.0], [3.0, 2.0]]);
        let Some(Quantity::Vector { values, .. }) = fit.quantity("hessian_eigenvalues") else {
            panic!("eigenvalues are a vector");
        };
        approx::assert_abs_diff_eq!(values[0], (9.0 + 61f64.sqrt()) / 2.0, epsilon = 1e-12);
        approx::assert_abs_diff_eq!(values[1], (9.0 - 61f64.sqrt()) / 2.0, epsilon = 1e-12);
        let Some(Quantity::Scalar(rate)) = fit.quantity("max_stable_rate") else {
            panic!("the limit is a number");
        };
        approx::assert_abs_diff_eq!(rate, 4.0 / (9.0 + 61f64.sqrt()), epsilon = 1e-12);
    }

    #[test]
    fn the_eigenvectors_are_unit_perpendicular_axes_that_h_only_stretches() {
        let fit = descend(&GradientDescentInput {
            points: vec![(0.0, 1.0), (1.0, 3.0), (2.0, 4.0), (3.0, 7.0)],
            start: (1.0, 3.0),
            learning_rate: 0.1,
            steps: 3,
        })
        .unwrap();
        let hessian = fit.matrix("hessian").unwrap();
        let (largest, smallest) = pair(fit.vector("hessian_eigenvalues").unwrap());
        let (steep, shallow) = eigenvectors(&fit);
        for ((x, y), lambda) in [(steep, largest), (shallow, smallest)] {
            approx::assert_abs_diff_eq!(x.hypot(y), 1.0, epsilon = 1e-12);
            approx::assert_abs_diff_eq!(
                hessian[[0, 0]] * x + hessian[[0, 1]] * y,
                lambda * x,
                epsilon = 1e-12
            );
            approx::assert_abs_diff_eq!(
                hessian[[1, 0]] * x + hessian[[1, 1]] * y,
                lambda * y,
                epsilon = 1e-12
            );
        }
        approx::assert_abs_diff_eq!(
            steep.0 * shallow.0 + steep.1 * shallow.1,
            0.0,
            epsilon = 1e-12
        );
        // The start error's components rebuild θ₀ − θ*.
        let Some(Quantity::Vector { values, .. }) = fit.quantity("start_error") else {
            panic!("start_error is a vector");
        };
        let rebuilt = (
            values[0] * steep.0 + values[1] * shallow.0,
            values[0] * steep.1 + values[1] * shallow.1,
        );
        approx::assert_abs_diff_eq!(
            rebuilt.0,
            1.0 - fit.scalar("optimum_w").unwrap(),
            epsilon = 1e-12
        );
        approx::assert_abs_diff_eq!(
            rebuilt.1,
            3.0 - fit.scalar("optimum_b").unwrap(),
            epsilon = 1e-12
        );
    }

    #[test]
    fn what_remains_of_the_error_is_the_contraction_raised_to_the_steps() {
        let fit = descend(&GradientDescentInput {
            points: vec![(0.0, 1.0), (1.0, 3.0), (2.0, 4.0), (3.0, 7.0)],
            start: (1.0, 3.0),
            learning_rate: 0.05,
            steps: 10,
        })
        .unwrap();
        // The error along each eigenvector shrinks by exactly |1 − ηλ| per step on a quadratic.
        let (steep, shallow) = eigenvectors(&fit);
        let iterates = fit.matrix("iterates").unwrap();
        let last = iterates.row(iterates.nrows() - 1);
        let error = (
            last[0] - fit.scalar("optimum_w").unwrap(),
            last[1] - fit.scalar("optimum_b").unwrap(),
        );
        let Some(Quantity::Vector { values: start, .. }) = fit.quantity("start_error") else {
            panic!("start_error is a vector");
        };
        let Some(Quantity::Vector { values: left, .. }) = fit.quantity("remaining") else {
            panic!("remaining is a vector");
        };
        let along_steep = error.0 * steep.0 + error.1 * steep.1;
        let along_shallow = error.0 * shallow.0 + error.1 * shallow.1;
        approx::assert_abs_diff_eq!(along_steep.abs(), start[0].abs() * left[0], epsilon = 1e-9);
        approx::assert_abs_diff_eq!(
            along_shallow.abs(),
            start[1].abs() * left[1],
            epsilon = 1e-9
        );
        let Some(Quantity::Vector { values: rate, .. }) = fit.quantity("rate_times_curvature")
        else {
            panic!("rate_times_curvature is a vector");
        };
        let (largest, smallest) = pair(fit.vector("hessian_eigenvalues").unwrap());
        approx::assert_abs_diff_eq!(rate[0], 0.05 * largest, epsilon = 1e-15);
        approx::assert_abs_diff_eq!(rate[1], 0.05 * smallest, epsilon = 1e-15);
    }
    use approx::assert_abs_diff_eq;
    use ndarray::array;

    /// Three points exactly on y = 2x + 1.
    fn line(learning_rate: f64, steps: usize) -> GradientDescentInput {
        GradientDescentInput {
            points: vec![(0.0, 1.0), (1.0, 3.0), (2.0, 5.0)],
            start: (0.0, 0.0),
            learning_rate,
            steps,
        }
    }

    fn field_of(input: &GradientDescentInput) -> Option<String> {
        descend(input).unwrap_err().field
    }

    /// The descent as the kind ran it before `repeat … until`: one run of the update and the
    /// evaluation per step, stopping at the first step that fails or passes the limit.
    fn stepped(input: &GradientDescentInput) -> (Vec<[f64; 5]>, Option<usize>) {
        let step = format!("w = previous_w - learning_rate * previous_gradient_w\nb = previous_b - learning_rate * previous_gradient_b\n{EVALUATE}");
        let data = |w: f64, b: f64, gw: f64, gb: f64| {
            [
                (
                    "x",
                    Value::Vector(input.points.iter().map(|p| p.0).collect()),
                ),
                (
                    "y",
                    Value::Vector(input.points.iter().map(|p| p.1).collect()),
                ),
                ("n", Value::Scalar(input.points.len() as f64)),
                ("previous_w", Value::Scalar(w)),
                ("previous_b", Value::Scalar(b)),
                ("previous_gradient_w", Value::Scalar(gw)),
                ("previous_gradient_b", Value::Scalar(gb)),
                ("learning_rate", Value::Scalar(input.learning_rate)),
            ]
            .map(|(name, value)| (name.to_string(), value))
        };
        let (w, b) = input.start;
        let start = template::run(
            &format!("w = previous_w\nb = previous_b\n{EVALUATE}"),
            &data(w, b, 0.0, 0.0),
        )
        .unwrap();
        let limit = start.scalar("limit");
        let row = |ran: &Ran| ["w", "b", "loss", "gradient_w", "gradient_b"].map(|n| ran.scalar(n));
        let mut rows = vec![row(&start)];
        for taken in 1..=input.steps {
            let [w, b, _, gw, gb] = rows[rows.len() - 1];
            match template::run(&step, &data(w, b, gw, gb)) {
                Ok(next) if next.scalar("loss") <= limit => rows.push(row(&next)),
                _ => return (rows, Some(taken)),
            }
        }
        (rows, None)
    }

    #[test]
    fn one_loop_run_in_parts_gives_the_descent_step_by_step_bit_for_bit() {
        for (rate, steps) in [(0.1, 1), (0.1, 1500), (0.4, 300), (0.6, 2000), (1e300, 5)] {
            let input = line(rate, steps);
            let kind = descend(&input).unwrap();
            let (rows, diverged_at) = stepped(&input);
            assert_eq!(kind.position("diverged_at"), diverged_at, "rate {rate}");
            assert_eq!(
                kind.matrix("iterates").unwrap().nrows(),
                rows.len(),
                "rate {rate}"
            );
            for (k, row) in rows.iter().enumerate() {
                let got = [
                    kind.matrix("iterates").unwrap()[[k, 0]],
                    kind.matrix("iterates").unwrap()[[k, 1]],
                    kind.vector("losses").unwrap()[k],
                    kind.matrix("gradients").unwrap()[[k, 0]],
                    kind.matrix("gradients").unwrap()[[k, 1]],
                ];
                assert_eq!(
                    got.map(f64::to_bits),
                    row.map(f64::to_bits),
                    "rate {rate}, row {k}"
                );
            }
        }
    }

    /// The descent program of `input`, as [`descend`] first runs it.
    fn program(input: &GradientDescentInput) -> Result<DescentProgram, ComputeError> {
        let x = input.points.iter().map(|&(x, _)| x).collect();
        let y = input.points.iter().map(|&(_, y)| y).collect();
        let data = [
            ("x".to_string(), Value::Vector(x)),
            ("y".to_string(), Value::Vector(y)),
            ("n".to_string(), Value::Scalar(input.points.len() as f64)),
        ];
        stepping(&data, input)
    }

    #[test]
    fn a_run_of_the_most_updates_at_the_most_points_stays_within_the_work_bound() {
        for points in [2, 100, MAX_DIM] {
            let input = GradientDescentInput {
                points: (0..points)
                    .map(|i| (i as f64 / points as f64, 1.0))
                    .collect(),
                start: (0.0, 0.0),
                learning_rate: 1e-6,
                steps: MAX_STEPS,
            };
            let stepping = program(&input).unwrap();
            let mut inputs = stepping.descent.inputs;
            set_input(&mut inputs, "steps", stepping.steps_per_run as f64);
            let parsed = lang::parse(DESCEND).unwrap();
            let (ran, work) = lang::run_counting_work(&parsed, &inputs).unwrap();
            let kept = ran.iter().find(|o| o.name == "kept").unwrap();
            assert_eq!(kept.value, Value::Scalar(stepping.steps_per_run as f64));
            assert!(work <= lang::MAX_WORK / 2, "{points} points: {work}");
        }
        assert_eq!(steps_per_run(2), lang::MAX_SIDE - 1);
    }

    #[test]
    fn an_authors_loop_and_the_kind_are_one_computation_bit_for_bit() {
        let program = "w = w0
b = b0
repeat steps:
    r = w * x + b - y
    gradient_w = 2 * sum(r * x) / n
    gradient_b = 2 * sum(r) / n
    w = w - lr * gradient_w
    b = b - lr * gradient_b
    after = w * x + b - y
    loss = sum(after * after) / n
ws = history(w)
bs = history(b)
losses = history(loss)
";
        let mut seed = 7_u64;
        let mut draw = || {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (seed >> 11) as f64 / (1u64 << 53) as f64 * 10.0 - 5.0
        };
        for count in [2, 5, 13] {
            let points: Vec<(f64, f64)> = (0..count).map(|_| (draw(), draw())).collect();
            let input = GradientDescentInput {
                points: points.clone(),
                start: (draw(), draw()),
                learning_rate: 0.01,
                steps: 40,
            };
            let kind = descend(&input).unwrap();
            let inputs = [
                ("x", Value::Vector(points.iter().map(|p| p.0).collect())),
                ("y", Value::Vector(points.iter().map(|p| p.1).collect())),
                ("n", Value::Scalar(count as f64)),
                ("w0", Value::Scalar(input.start.0)),
                ("b0", Value::Scalar(input.start.1)),
                ("lr", Value::Scalar(input.learning_rate)),
                ("steps", Value::Scalar(input.steps as f64)),
            ]
            .map(|(name, value)| (name.to_string(), value));
            let ran = template::run(program, &inputs).unwrap();
            let iterates = kind.matrix("iterates").unwrap();
            let after_the_start = iterates.slice(ndarray::s![1.., ..]);
            assert_eq!(
                ran.vector("ws"),
                after_the_start.column(0),
                "{count} points"
            );
            assert_eq!(
                ran.vector("bs"),
                after_the_start.column(1),
                "{count} points"
            );
            assert_eq!(
                ran.vector("losses"),
                kind.vector("losses").unwrap().slice(ndarray::s![1..])
            );
        }
    }

    #[test]
    fn fewer_than_two_points_is_an_error_on_points() {
        for points in [vec![], vec![(1.0, 2.0)]] {
            let input = GradientDescentInput {
                points,
                ..line(0.1, 1)
            };
            assert_eq!(field_of(&input).as_deref(), Some("points"));
        }
    }

    #[test]
    fn points_that_all_share_one_x_are_an_error_on_points() {
        let input = GradientDescentInput {
            points: vec![(2.0, 1.0), (2.0, 5.0)],
            ..line(0.1, 1)
        };
        let error = descend(&input).unwrap_err();
        assert_eq!(error.field.as_deref(), Some("points"));
        assert_eq!(
            error.message,
            "every point has the same x, so no single line fits best"
        );
    }

    #[test]
    fn nan_in_a_point_or_the_start_is_an_error_on_that_input() {
        let input = GradientDescentInput {
            points: vec![(0.0, 1.0), (f64::NAN, 2.0)],
            ..line(0.1, 1)
        };
        let error = descend(&input).unwrap_err();
        assert_eq!(error.field.as_deref(), Some("points"));
        assert_eq!(error.message, "point 2 is (NaN, 2)");
        let input = GradientDescentInput {
            start: (0.0, f64::INFINITY),
            ..line(0.1, 1)
        };
        assert_eq!(field_of(&input).as_deref(), Some("start"));
    }

    #[test]
    fn a_learning_rate_that_is_not_a_positive_number_is_an_error() {
        for rate in [0.0, -0.1, f64::INFINITY, f64::NAN] {
            assert_eq!(field_of(&line(rate, 1)).as_deref(), Some("learning_rate"));
        }
    }

    #[test]
    fn zero_steps_or_more_than_the_limit_is_an_error_on_steps() {
        assert_eq!(field_of(&line(0.1, 0)).as_deref(), Some("steps"));
        assert_eq!(
            field_of(&line(0.1, MAX_STEPS + 1)).as_deref(),
            Some("steps")
        );
        assert!(descend(&line(0.1, MAX_STEPS)).is_ok());
    }

    #[test]
    fn a_start_whose_loss_overflows_is_an_error_on_start() {
        let input = GradientDescentInput {
            start: (1e200, 0.0),
            ..line(0.1, 1)
        };
        let error = descend(&input).unwrap_err();
        assert_eq!(error.field.as_deref(), Some("start"));
    }

    #[test]
    fn points_too_large_to_fit_are_an_error_on_points() {
        let input = GradientDescentInput {
            points: vec![(-1e300, 0.0), (1e300, 1.0)],
            ..line(0.1, 1)
        };
        assert_eq!(field_of(&input).as_deref(), Some("points"));
    }

    #[test]
    fn the_optimum_of_points_on_a_line_is_that_line_with_zero_loss() {
        let result = descend(&line(0.1, 1)).unwrap();
        assert_abs_diff_eq!(result.scalar("optimum_w").unwrap(), 2.0, epsilon = 1e-12);
        assert_abs_diff_eq!(result.scalar("optimum_b").unwrap(), 1.0, epsilon = 1e-12);
        assert_abs_diff_eq!(result.scalar("optimum_loss").unwrap(), 0.0, epsilon = 1e-12);
    }

    #[test]
    fn the_optimum_of_scattered_points_matches_the_normal_equations() {
        // x = [0, 1, 2], y = [0, 2, 1]: x̄ = ȳ = 1, x − x̄ = [−1, 0, 1], y − ȳ = [−1, 1, 0];
        // Σ(x − x̄)(y − ȳ) = 1 and Σ(x − x̄)² = 2, so w = 1/2 and b = 1 − 1/2 = 1/2.
        let input = GradientDescentInput {
            points: vec![(0.0, 0.0), (1.0, 2.0), (2.0, 1.0)],
            ..line(0.1, 1)
        };
        let result = descend(&input).unwrap();
        assert_eq!(optimum(&result), (0.5, 0.5));
        // Residuals at the optimum: [0.5, −1, 0.5] → loss (0.25 + 1 + 0.25) / 3 = 0.5.
        assert_abs_diff_eq!(result.scalar("optimum_loss").unwrap(), 0.5, epsilon = 1e-12);
    }

    #[test]
    fn one_step_matches_the_hand_derived_update() {
        let result = descend(&line(0.1, 1)).unwrap();
        // At (0, 0) the residuals are −[1, 3, 5]: L = 35/3, ∂L/∂w = (2/3)(−13) = −26/3,
        // ∂L/∂b = (2/3)(−9) = −6. One step of 0.1 gives (13/15, 3/5), where the residuals are
        // [−2/5, −23/15, −8/3] and L = (36 + 529 + 1600) / 225 / 3 = 433/135.
        assert_abs_diff_eq!(
            result.matrix("iterates").unwrap(),
            array![[0.0, 0.0], [13.0 / 15.0, 0.6]],
            epsilon = 1e-12
        );
        assert_abs_diff_eq!(
            result.vector("losses").unwrap(),
            array![35.0 / 3.0, 433.0 / 135.0],
            epsilon = 1e-12
        );
        assert_abs_diff_eq!(
            result.matrix("gradients").unwrap().row(0),
            array![-26.0 / 3.0, -6.0],
            epsilon = 1e-12
        );
        assert_eq!(result.position("steps_taken").unwrap(), 1);
        assert_eq!(result.position("diverged_at"), None);
    }

    #[test]
    fn enough_small_steps_reach_the_optimum() {
        let result = descend(&line(0.1, 2000)).unwrap();
        assert_eq!(result.matrix("iterates").unwrap().nrows(), 2001);
        assert_abs_diff_eq!(
            result.matrix("iterates").unwrap()[[2000, 0]],
            2.0,
            epsilon = 1e-9
        );
        assert_abs_diff_eq!(
            result.matrix("iterates").unwrap()[[2000, 1]],
            1.0,
            epsilon = 1e-9
        );
    }

    #[test]
    fn a_rate_too_large_diverges_and_keeps_only_the_sane_iterates() {
        // The loss's largest curvature here is about 4.77, so any rate above 2/4.77 ≈ 0.42
        // makes every step overshoot further.
        let result = descend(&line(1.0, 1000)).unwrap();
        let step = result
            .position("diverged_at")
            .expect("a rate of 1 diverges");
        assert!(step >= 2);
        assert_eq!(result.matrix("iterates").unwrap().nrows(), step);
        assert_eq!(result.vector("losses").unwrap().len(), step);
        assert_eq!(result.matrix("gradients").unwrap().nrows(), step);
        assert_eq!(result.position("steps_taken").unwrap(), step - 1);
        assert!(result
            .matrix("iterates")
            .unwrap()
            .iter()
            .all(|x| x.is_finite()));
        let limit = 1e12 * result.vector("losses").unwrap()[0];
        assert!(result.vector("losses").unwrap().iter().all(|l| *l <= limit));
        assert!(result.vector("losses").unwrap()[step - 1] > result.vector("losses").unwrap()[0]);
        assert_eq!(result.quantity("diverged_at"), Some(Quantity::Count(step)));
    }

    #[test]
    fn a_huge_rate_that_overflows_at_once_still_returns_the_start() {
        let result = descend(&line(1e300, 5)).unwrap();
        assert_eq!(result.position("diverged_at"), Some(1));
        assert_eq!(result.matrix("iterates").unwrap(), array![[0.0, 0.0]]);
    }

    #[test]
    fn large_y_values_are_not_mistaken_for_divergence() {
        // The starting loss is about 1e14, above an absolute 1e12 limit, yet the run converges.
        let input = GradientDescentInput {
            points: vec![(0.0, 1e7), (1.0, 1e7 + 2.0)],
            start: (0.0, 0.0),
            learning_rate: 0.1,
            steps: 50,
        };
        let result = descend(&input).unwrap();
        assert_eq!(result.position("diverged_at"), None);
        assert!(result.vector("losses").unwrap()[50] < result.vector("losses").unwrap()[0]);
    }

    #[test]
    fn quantities_are_labelled_and_final_values_come_from_the_last_row() {
        let result = descend(&line(0.1, 1)).unwrap();
        assert_eq!(result.quantity("steps"), Some(Quantity::Count(1)));
        assert_eq!(result.quantity("steps_taken"), Some(Quantity::Count(1)));
        assert_eq!(result.quantity("diverged_at"), None);
        assert_eq!(
            result.quantity("final_b"),
            Some(Quantity::Scalar(result.matrix("iterates").unwrap()[[1, 1]]))
        );
        assert_eq!(
            result.quantity("final_loss"),
            Some(Quantity::Scalar(result.vector("losses").unwrap()[1]))
        );
        let start = result
            .quantity("iterates")
            .unwrap()
            .select(&[
                crate::compute::Index::Position(1),
                crate::compute::Index::Label("w".into()),
            ])
            .unwrap();
        assert_eq!(start, Quantity::Scalar(0.0));
        let x = result
            .quantity("points")
            .unwrap()
            .select(&[
                crate::compute::Index::All,
                crate::compute::Index::Label("x".into()),
            ])
            .unwrap();
        let Quantity::Vector { values, .. } = x else {
            panic!("a column is a vector")
        };
        assert_eq!(values, array![0.0, 1.0, 2.0]);
        for name in result.quantity_names() {
            assert!(result.quantity(&name).is_some(), "{name}");
        }
    }

    #[test]
    fn json_has_every_key_with_start_as_a_pair_and_a_nested_optimum() {
        let json = serde_json::to_value(descend(&line(0.1, 1)).unwrap()).unwrap();
        let mut keys: Vec<&str> = json
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        keys.sort_unstable();
        assert_eq!(
            keys,
            [
                "diverged_at",
                "gradients",
                "iterates",
                "kind",
                "learning_rate",
                "losses",
                "optimum",
                "points",
                "start",
                "steps"
            ]
        );
        assert_eq!(json["kind"], "gradient_descent");
        assert_eq!(
            json["points"],
            serde_json::json!([[0.0, 1.0], [1.0, 3.0], [2.0, 5.0]])
        );
        assert_eq!(json["start"], serde_json::json!([0.0, 0.0]));
        assert_eq!(json["steps"], 1);
        assert_eq!(json["diverged_at"], serde_json::Value::Null);
        assert_eq!(json["iterates"].as_array().unwrap().len(), 2);
        let optimum = json["optimum"].as_object().unwrap();
        assert_eq!(optimum.len(), 3);
        assert_abs_diff_eq!(optimum["w"].as_f64().unwrap(), 2.0, epsilon = 1e-12);
    }
}

#[cfg(test)]
mod properties {
    use super::*;
    use proptest::prelude::*;

    fn points() -> impl Strategy<Value = Vec<(f64, f64)>> {
        proptest::collection::vec((-5.0..5.0f64, -5.0..5.0f64), 2..8)
    }

    fn any_finite() -> impl Strategy<Value = f64> {
        prop_oneof![
            -5.0..5.0f64,
            proptest::num::f64::NORMAL | proptest::num::f64::SUBNORMAL | proptest::num::f64::ZERO,
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]

        #[test]
        fn a_small_enough_rate_never_increases_the_loss(
            points in points(),
            fraction in 0.01..1.0f64,
            start in (-5.0..5.0f64, -5.0..5.0f64),
        ) {
            // The loss is quadratic with Hessian (2/n)[[Σx², Σx], [Σx, n]]; a rate at most
            // 1 / trace ≤ 1 / λ_max makes every step a descent step.
            let n = points.len() as f64;
            let trace = 2.0 / n * (points.iter().map(|(x, _)| x * x).sum::<f64>() + n);
            let input = GradientDescentInput {
                points, start, learning_rate: fraction / trace, steps: 50,
            };
            // Random points may share one x; that error is tested on its own.
            if let Ok(result) = descend(&input) {
                prop_assert_eq!(result.position("diverged_at"), None);
                let tolerance = 1e-12 * result.vector("losses").unwrap()[0].max(1.0);
                for pair in result.vector("losses").unwrap().windows(2) {
                    prop_assert!(pair[1] <= pair[0] + tolerance, "{} then {}", pair[0], pair[1]);
                }
                prop_assert!(result.vector("losses").unwrap()[50] + tolerance >= result.scalar("optimum_loss").unwrap());
            }
        }

        #[test]
        fn nothing_panics_and_nothing_is_infinite_on_any_finite_input(
            points in proptest::collection::vec((any_finite(), any_finite()), 0..5),
            start in (any_finite(), any_finite()),
            learning_rate in any_finite(),
            steps in 0usize..40,
        ) {
            let input = GradientDescentInput { points, start, learning_rate, steps };
            if let Ok(result) = descend(&input) {
                let json = serde_json::to_string(&result).unwrap();
                let nulls = json.matches("null").count();
                prop_assert_eq!(nulls, usize::from(result.position("diverged_at").is_none()), "{}", json);
                prop_assert_eq!(result.matrix("iterates").unwrap().nrows(), result.vector("losses").unwrap().len());
                prop_assert!(result.matrix("iterates").unwrap().nrows() >= 1);
            }
        }
    }
}
