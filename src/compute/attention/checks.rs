//! The attention kind's input checks: the counts and shapes its program needs, each said at the
//! input at fault.

use super::super::error::{count_within, non_empty, refuse, too_many, Checked};
use super::super::{ComputeError, MAX_DIM, MAX_TOKENS};
use super::AttentionInput;

/// The most heads an example may have. The program writes seven lines per head and names every
/// head's output on one line, so far more heads would run past the language's limits on a
/// program's lines and a line's length, which an author would read as nonsense about a program
/// they never wrote; 64 stays well inside both.
pub const MAX_HEADS: usize = 64;

/// What `heads` must be, said when it is not a count of heads, here and by the block reader.
pub fn heads_hint() -> String {
    format!("use a whole number from 1 to {MAX_HEADS} that divides the width of w_q and w_v")
}

/// The shapes and counts the kind's program needs, each said at the input at fault: at most
/// [`MAX_HEADS`] heads, in the block reader's words. An empty or non-finite input is refused
/// when the program runs ([`crate::compute::KindProgram::run`]), a run that overflows stops
/// ([`crate::compute::kind::KindInput::stopped`]), and the language's work limit bounds how
/// many tokens fit.
pub(super) fn validate(input: &AttentionInput) -> Result<(), ComputeError> {
    let (n, heads) = (input.tokens.len(), input.heads);
    let hint = "list at least one token, e.g. tokens = [\"the\", \"cat\"]";
    non_empty("tokens", n, "there are no tokens", hint)?;
    count_within("tokens", n, MAX_TOKENS)?;
    if heads > MAX_HEADS {
        return Err(too_many("heads", heads, MAX_HEADS, &heads_hint()));
    }
    let projections = [
        ("w_q", &input.w_q),
        ("w_k", &input.w_k),
        ("w_v", &input.w_v),
    ];
    let w_o = input.w_o.as_ref().map(|w_o| ("w_o", w_o));
    let matrices = [("embeddings", &input.embeddings)].into_iter();
    for (field, matrix) in matrices.chain(projections).chain(w_o) {
        sides_within(field, matrix.dim())?;
    }
    let (rows, width) = input.embeddings.dim();
    if rows != n {
        let message = format!("embeddings has {rows} rows, but there are {n} tokens");
        return refuse("embeddings", message, "give one embedding row per token");
    }
    for (field, matrix) in projections {
        let rows = matrix.nrows();
        if rows != width {
            let message = format!("{field} has {rows} rows, but the embeddings are {width} wide");
            let hint = format!("{field} needs one row per embedding column ({width})");
            return refuse(field, message, &hint);
        }
    }
    let (q_cols, k_cols, v_cols) = (input.w_q.ncols(), input.w_k.ncols(), input.w_v.ncols());
    if k_cols != q_cols {
        let message = format!("w_k has {k_cols} columns, but w_q has {q_cols}");
        let hint = "queries and keys must have the same width to be compared";
        return refuse("w_k", message, hint);
    }
    for (field, cols) in [("w_q", q_cols), ("w_v", v_cols)] {
        if heads == 0 || cols % heads != 0 {
            let message =
                format!("{heads} heads cannot split the {cols} columns of {field} evenly");
            let hint = format!("use a number of heads that divides {q_cols} and {v_cols}");
            return refuse("heads", message, &hint);
        }
    }
    match input.w_o.as_ref().map(|w_o| w_o.nrows()) {
        Some(rows) if rows != v_cols => {
            let message =
                format!("w_o has {rows} rows, but the heads' outputs together are {v_cols} wide");
            refuse("w_o", message, "w_o needs one row per column of w_v")
        }
        _ => Ok(()),
    }
}

/// Rejects a matrix input `field` of `rows`×`cols` with a side over [`MAX_DIM`]: beyond it a
/// page's table would be unreadable and its run slow.
fn sides_within(field: &str, (rows, cols): (usize, usize)) -> Checked {
    if rows.max(cols) > MAX_DIM {
        let message = format!("{field} is {rows}×{cols}, larger than the limit of {MAX_DIM}");
        return Err(ComputeError::for_field(field, message));
    }
    Ok(())
}
