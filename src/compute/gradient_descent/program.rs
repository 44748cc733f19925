//! The descent kind's program: one fixed text, in the language's own file `program.compute`
//! beside this one (82 lines, too long to sit in the kind's file), and what each part does.

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
pub(crate) const TEMPLATE: &str = include_str!("program.compute");
