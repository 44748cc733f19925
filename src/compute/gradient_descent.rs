//! Gradient descent on the least-squares line fit y ≈ w·x + b, next to its exact answer.
//!
//! Stage: evaluation of a ```` ```gradient_descent ```` example block.
//! Input: a [`GradientDescentInput`] (points, starting (w, b), learning rate, number of steps)
//! already read from TOML by the site layer.
//! Output: a [`super::kind::KindRun`]: one run of its program, `TEMPLATE` (program.rs), read
//! through [`TABLE`]. The same text is the widget's program, so the page, its figure and the
//! reader's edits all come from one run.
//! Must not: return NaN/∞. Divergence is a lesson, not a crash: the run stops before the first
//! iterate that leaves the finite, sane range, keeps what came before, and says where.
//!
//! Loss L(w, b) = (1/n) Σ (w xᵢ + b − yᵢ)²; gradient ∂L/∂w = (2/n) Σ rᵢ xᵢ, ∂L/∂b = (2/n) Σ rᵢ
//! with residuals rᵢ = w xᵢ + b − yᵢ; update (w, b) ← (w, b) − η ∇L.

use ndarray::Array2;

use super::computed::Computed;
use super::kind::{KindInput, Table};
use super::lang::{self, Value};
use super::template::Stopped;
use super::{ComputeError, KindProgram};

mod checks;
mod program;
mod table;

pub use checks::RATE_HINT;
pub(crate) use program::TEMPLATE;
pub use table::{PARAMETER_NAMES, POINT_NAMES, TABLE};

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

/// Most updates one run of `TEMPLATE` makes for `points` points: its histories hold at most
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

/// Gradient descent and the exact fit to compare it with, one run of `TEMPLATE`. The kind only
/// checks the inputs, words a stopped run for authors and leaves out what the run says is
/// absent. Errors carry `field` = the input key at fault: `points` (fewer than 2, too many, all
/// x equal, too large to fit), `start` (so far away that its loss overflows), `steps`.
impl KindInput for GradientDescentInput {
    const TABLE: &'static Table = &TABLE;

    /// `TEMPLATE` on the example's points, start, rate and steps.
    fn template(&self) -> Result<KindProgram, ComputeError> {
        checks::validate(self)?;
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

#[cfg(test)]
mod tests;
