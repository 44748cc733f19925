//! What the gradient-descent kind calls its program's values: its table, and the names of a
//! point's coordinates, the line's parameters and the curvature's directions.

use super::super::kind::{Json, Source, Table};

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

/// The names of a point's coordinates and of the line's parameters: the columns of `points`,
/// the entries of `start` and the columns of the iterates, in the build's tables and the
/// widget's fields alike.
pub const POINT_NAMES: [&str; 2] = ["x", "y"];
/// See [`POINT_NAMES`].
pub const PARAMETER_NAMES: [&str; 2] = ["w", "b"];
/// The names of the Hessian's directions, steepest and shallowest, where the curvature's
/// values are given along them.
pub(super) const AXIS_NAMES: [&str; 2] = ["max", "min"];
