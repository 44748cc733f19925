//! The gradient-descent kind's input checks: the counts its program needs and a positive rate.

use super::super::error::{count_within, positive};
use super::super::{ComputeError, MAX_DIM};
use super::{steps_per_run, GradientDescentInput};

/// The counts [`super::TEMPLATE`] needs and a positive rate, said at the input at fault in the
/// block reader's words. A non-finite point or start is refused when the program runs
/// ([`crate::compute::KindProgram::run`]); a run that overflows stops, and
/// [`crate::compute::kind::KindInput::stopped`] words it.
pub(super) fn validate(input: &GradientDescentInput) -> Result<(), ComputeError> {
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
