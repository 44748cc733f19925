//! Gradient descent on the least-squares line fit y ≈ w·x + b, next to its exact answer.
//!
//! Stage: evaluation of a ```` ```gradient_descent ```` example block.
//! Input: a [`GradientDescentInput`] (points, starting (w, b), learning rate, number of steps)
//! already read from TOML by the site layer.
//! Output: a [`super::kind::KindRun`]: one run of [`TEMPLATE`], read through [`TABLE`]. The
//! same text is the widget's program, so the page, its figure and the reader's edits all come
//! from one run.
//! Must not: return NaN/∞. Divergence is a lesson, not a crash: the run stops before the first
//! iterate that leaves the finite, sane range, keeps what came before, and says where.
//!
//! Loss L(w, b) = (1/n) Σ (w xᵢ + b − yᵢ)²; gradient ∂L/∂w = (2/n) Σ rᵢ xᵢ, ∂L/∂b = (2/n) Σ rᵢ
//! with residuals rᵢ = w xᵢ + b − yᵢ; update (w, b) ← (w, b) − η ∇L.

use ndarray::Array2;

use super::computed::Computed;
use super::error::{count_within, positive};
use super::kind::{Json, KindInput, Source, Table};
use super::lang::{self, Value};
use super::template::Stopped;
use super::{ComputeError, KindProgram, MAX_DIM};

/// Most steps one example may take: a run's histories hold at most [`lang::MAX_SIDE`] values,
/// the start and each update. Fewer at many points: [`steps_per_run`].
pub const MAX_STEPS: usize = lang::MAX_SIDE - 1;

/// The inputs of a gradient-descent example, as the block reader leaves them: every number
/// finite, the rate above 0. The kind refuses anything else at its field.
#[derive(Debug, Clone, PartialEq)]
pub struct GradientDescentInput {
    /// The data (x, y); at least two, not all with the same x.
    pub points: Vec<(f64, f64)>,
    /// The starting (w, b).
    pub start: (f64, f64),
    /// The step size η; finite and positive.
    pub learning_rate: f64,
    /// How many updates to make, 1 to [`steps_per_run`] of the points.
    pub steps: usize,
}

/// What the gradient-descent kind calls its values: the points' columns are `x`, `y`, the
/// start's and the iterates' `w`, `b`, the curvature's directions `max`, `min`; counts print as
/// whole numbers.
pub static TABLE: Table = Table {
    kind: "gradient_descent",
    names: "points start learning_rate steps iterates losses gradients final_w final_b final_loss \
            optimum_w optimum_b optimum_loss steps_taken hessian hessian_eigenvalues \
            max_stable_rate hessian_eigenvectors start_error rate_times_curvature remaining \
            diverged_at",
    sources: &[
        ("steps", Source::Count("steps")),
        ("iterates", Source::Value("path")),
        ("steps_taken", Source::Count("steps_taken")),
        ("diverged_at", Source::Count("diverged_at")),
    ],
    groups: None,
    inputs: &["points", "start", "learning_rate", "steps"],
    sides: &[],
    own: &[
        ("points", &[], &POINT_NAMES),
        ("start path gradients", &[], &PARAMETER_NAMES),
        ("hessian", &PARAMETER_NAMES, &PARAMETER_NAMES),
        ("hessian_eigenvectors", &AXIS_NAMES, &PARAMETER_NAMES),
        (
            "hessian_eigenvalues start_error rate_times_curvature remaining",
            &[],
            &AXIS_NAMES,
        ),
    ],
    // `start` is `[w, b]` like each row of `iterates`; `diverged_at` is `null` unless the run
    // diverged.
    json: &[
        ("points start learning_rate", Json::Named),
        ("steps", Json::Position("steps")),
        ("iterates", Json::Value("path")),
        ("losses gradients", Json::Named),
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

/// The kind's one program, on the inputs `points` (rows [x, y]), `start` ([w, b]),
/// `learning_rate` and `steps`, the widget's fields. In order:
///
/// - the exact fit w* = Σ(x − x̄)(y − ȳ) / Σ(x − x̄)², b* = ȳ − w* x̄ and its loss, from centred
///   moments (the textbook Σxy − n x̄ ȳ cancels catastrophically for large x); a zero spread
///   (every x the same) stops the run at `optimum_w`;
/// - the loss and gradient at the start, and `limit`: a loss above 1e12 times the start's (or
///   1e12 when that is below 1) counts as divergence, relative so that large y values are not
///   mistaken for a diverging run. Sums run in reading order from +0 (`+ 0` keeps a sum of −0
///   terms at +0);
/// - the descent in one loop, stopping at the first update whose loss passes `limit` or
///   overflows, which the loop undoes (README, "Loops"). Iteration 0 evaluates the start again
///   (`where` keeps it as written, −0 included), so every history begins there; `kept` is the
///   updates made and `diverged_at` the update that was undone (0 when none was);
/// - the curvature: the Hessian (2/n)·[[Σx², Σx], [Σx, n]] (the same at every (w, b): the loss
///   is a quadratic bowl), its eigenvalues (descent converges exactly when η < 2 / largest) and
///   unit eigenvectors, each signed so that its first non-zero component is positive; (b, λ − a)
///   solves (H − λI)v = 0 whenever b ≠ 0, and a diagonal H has the axes. Then the start's
///   distance from the optimum along each axis and |1 − ηλ| to the steps taken, the share of it
///   `remaining` (when `remaining_fits`: a diverging run's may overflow, and the kind leaves it
///   out);
/// - what the widget and the figure draw: the `valley`, the square root of the loss above the
///   optimum over a `side`² grid around the path and the optimum (reaching their span again
///   beyond each end; the root because the contour view spaces its levels evenly, so they are
///   rings around the optimum rather than crowding the far corners), the `optimum` as a point
///   and the valley's `directions`, the steep eigenvector and its quarter turn.
pub const TEMPLATE: &str = "x = points[:, 0]
y = points[:, 1]
n = len(x)
sum_x = sum(x) + 0
mean_x = sum_x / n
mean_y = (sum(y) + 0) / n
dx = x - mean_x
spread_x = sum(dx * dx) + 0
covariance = sum(dx * (y - mean_y)) + 0
optimum_w = covariance / spread_x
optimum_b = mean_y - optimum_w * mean_x
optimum_residuals = optimum_w * x + optimum_b - y
optimum_loss = (sum(optimum_residuals * optimum_residuals) + 0) / n
w = start[0]
b = start[1]
residuals = w * x + b - y
loss = (sum(residuals * residuals) + 0) / n
gradient_w = 2 * (sum(residuals * x) + 0) / n
gradient_b = 2 * (sum(residuals) + 0) / n
limit = 1e12 * maximum(loss, 1)
kept = 0
repeat steps + 1 as t until loss > limit:
    w = where(t > 0, w - (t > 0) * learning_rate * gradient_w, w)
    b = where(t > 0, b - (t > 0) * learning_rate * gradient_b, b)
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
path = concat(col(ws), col(bs), axis=1)
gradients = concat(col(gradients_w), col(gradients_b), axis=1)
final_w = w
final_b = b
final_loss = loss
steps_taken = kept
diverged_at = (kept < steps) * (kept + 1)
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
error = concat(start[0] - optimum_w, start[1] - optimum_b)
start_error = concat(error[0] * steep[0] + error[1] * steep[1], error[0] * shallow[0] + error[1] * shallow[1])
rate_times_curvature = learning_rate * concat(largest, smallest)
hessian_eigenvalues = concat(largest, smallest)
hessian_eigenvectors = reshape(concat(steep, shallow), 2, 2)
contraction = abs(1 - rate_times_curvature)
remaining_fits = max(kept * log(maximum(contraction, 1))) < 709.78
remaining = contraction ^ (kept * remaining_fits)
side = 32
low_w = minimum(min(ws), optimum_w)
high_w = maximum(max(ws), optimum_w)
low_b = minimum(min(bs), optimum_b)
high_b = maximum(max(bs), optimum_b)
width_w = where(high_w > low_w, high_w - low_w, maximum(abs(high_w), 1))
width_b = where(high_b > low_b, high_b - low_b, maximum(abs(high_b), 1))
grid_w = low_w - width_w + arange(side) * ((high_w - low_w + 2 * width_w) / (side - 1))
grid_b = low_b - width_b + arange(side) * ((high_b - low_b + 2 * width_b) / (side - 1))
dw = grid_w - optimum_w
db = col(grid_b - optimum_b)
valley = sqrt(maximum((sum_x_squared * (dw * dw) + 2 * sum_x * (db * dw) + n * (db * db)) / n, 0))
optimum = concat(optimum_w, optimum_b)
directions = reshape(concat(steep, 0 - steep[1], steep[0]), 2, 2)
";

/// Most updates one run of [`TEMPLATE`] makes for `points` points: its histories hold at most
/// [`lang::MAX_SIDE`] values and its descent's work stays under half of [`lang::MAX_WORK`] (an
/// update costs under 16 operations per point and 64 besides), leaving the rest for the fit,
/// the curvature and the valley.
pub fn steps_per_run(points: usize) -> usize {
    let by_work = lang::MAX_WORK as usize / 2 / (16 * points + 64);
    by_work.clamp(1, MAX_STEPS)
}

/// The steps of the start's evaluation before the loop: a run that stops in one of them has a
/// start whose loss overflows. (Inside the loop, `until` undoes an overflow instead.)
const AT_THE_START: [&str; 5] = ["residuals", "loss", "gradient_w", "gradient_b", "limit"];

/// Gradient descent and the exact fit to compare it with, one run of [`TEMPLATE`]. The kind only
/// checks the inputs, words a stopped run for authors and leaves out what the run says is
/// absent. Errors carry `field` = the input key at fault: `points` (fewer than 2, too many, all
/// x equal, too large to fit), `start` (so far away that its loss overflows), `steps`.
impl KindInput for GradientDescentInput {
    const TABLE: &'static Table = &TABLE;

    /// [`TEMPLATE`] on the example's points, start, rate and steps.
    fn template(&self) -> Result<KindProgram, ComputeError> {
        validate(self)?;
        let points: Vec<[f64; 2]> = self.points.iter().map(|&(x, y)| [x, y]).collect();
        let (w, b) = self.start;
        let inputs = [
            ("points", Value::Matrix(Array2::from(points))),
            ("start", Value::Vector(ndarray::array![w, b])),
            ("learning_rate", Value::Scalar(self.learning_rate)),
            ("steps", Value::Scalar(self.steps as f64)),
        ];
        let inputs = inputs.map(|(name, value)| (name.to_string(), value)).into();
        let steps = TEMPLATE.to_string();
        Ok(KindProgram { steps, inputs })
    }

    fn stopped(&self, stopped: Stopped) -> ComputeError {
        if !stopped.over_limit() && stopped.step == "optimum_w" {
            ComputeError::for_field(
                "points",
                "every point has the same x, so no single line fits best",
            )
            .with_hint("give at least two different x values")
        } else if !stopped.over_limit() && AT_THE_START.contains(&stopped.step.as_str()) {
            ComputeError::for_field(
                "start",
                "the loss at the start overflows: the inputs are too large to compute with",
            )
            .with_hint("start closer to the data")
        } else {
            ComputeError::for_field("points", "the points are too large to fit a line to")
                .with_hint("scale the data down")
        }
    }

    /// Leaves out `diverged_at` of a run that went through and a `remaining` that overflows.
    fn finish(&self, run: &mut Computed) {
        let zero = |name| run.value(name) == Some(&Value::Scalar(0.0));
        let absent = [
            ("diverged_at", zero("diverged_at")),
            ("remaining", zero("remaining_fits")),
        ];
        (run.values).retain(|(name, ..)| !absent.contains(&(name.as_str(), true)));
    }
}

/// The counts [`TEMPLATE`] needs and a positive rate, said at the input at fault in the block
/// reader's words. A non-finite point or start is refused when the program runs
/// ([`KindProgram::run`]); a run that overflows stops, and [`KindInput::stopped`] words it.
fn validate(input: &GradientDescentInput) -> Result<(), ComputeError> {
    let count = input.points.len();
    if count < 2 {
        let there = if count == 1 { "is 1" } else { "are none" };
        let message = format!("a line needs at least 2 points, but there {there}");
        return Err(ComputeError::for_field("points", message));
    }
    count_within("points", count, MAX_DIM)?;
    let most = steps_per_run(count);
    if input.steps == 0 || input.steps > most {
        let message = format!("steps must be 1 to {most}, but got {}", input.steps);
        return Err(ComputeError::for_field("steps", message));
    }
    positive("learning_rate", input.learning_rate, RATE_HINT)
}

/// What the learning rate must be, said when it is not above 0, here and by the block reader.
pub const RATE_HINT: &str = "try 0.1, or 0.01 if the run diverges";

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
mod tests;
