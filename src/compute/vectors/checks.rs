//! The vectors kind's input checks: the counts, one name per vector, no zero vector and a
//! projection between two of the vectors.

use super::super::error::{count_within, distinct_names, position_within, refuse};
use super::super::{ComputeError, MAX_DIM, MAX_TOKENS};
use super::VectorsInput;

/// What the block reader leaves to the kind: the counts, one name per vector, no zero vector,
/// and a projection between two of the vectors. An empty or non-finite `vectors` is refused
/// when the program runs ([`crate::compute::KindProgram::run`]).
pub(super) fn validate(input: &VectorsInput) -> Result<(), ComputeError> {
    let (count, dimension) = input.vectors.dim();
    count_within("vectors", count, MAX_TOKENS)?;
    if dimension > MAX_DIM {
        let message =
            format!("the vectors have {dimension} components, more than the limit of {MAX_DIM}");
        return Err(ComputeError::for_field("vectors", message));
    }
    distinct_names("name", &input.names, count, "vector")?;
    if let Some((of, onto)) = input.project {
        position_within(
            "project",
            "project's position",
            of.max(onto),
            count,
            "vectors",
        )?;
    }
    if dimension == 0 {
        return Ok(());
    }
    let mut rows = input.vectors.rows().into_iter();
    if let Some(i) = rows.position(|row| row.iter().all(|x| *x == 0.0)) {
        let name = &input.names[i];
        let message =
            format!("`{name}` is the zero vector, so its angle to the others is undefined");
        let hint = "every vector needs at least one non-zero component";
        return refuse("vectors", message, hint);
    }
    Ok(())
}
