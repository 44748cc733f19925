//! Lengths, dot products, cosines, angles and a projection for a few named vectors.
//!
//! Stage: evaluation of a ```` ```vectors ```` example block.
//! Input: a [`VectorsInput`] already read from TOML by the site layer.
//! Output: a [`super::kind::KindRun`], the one run of its program read through [`TABLE`]:
//! every pairwise dot product, cosine and angle (in degrees), named by the vectors' names.
//! Must not: return NaN/∞. A zero vector has no direction, so its cosine is undefined: that is
//! an error naming the vector, not a NaN in a table.

use ndarray::Array2;

use super::computed::Labels;
use super::kind::{KindInput, Table};
use super::lang::Value;
use super::template::{self, Stopped};
use super::{ComputeError, KindProgram};

mod checks;
mod table;

pub use table::TABLE;

/// The inputs of a vectors example, as the block reader leaves them: at least one vector, all
/// of one dimension (at least one component), every entry finite. The kind refuses anything
/// else at its field.
#[derive(Debug, Clone, PartialEq)]
pub struct VectorsInput {
    /// One distinct name per vector.
    pub names: Vec<String>,
    /// One vector per row.
    pub vectors: Array2<f64>,
    /// `(of, onto)`: project the vector at position `of` onto the one at `onto` (counting
    /// from 0).
    pub project: Option<(usize, usize)>,
}

/// The vectors kind as one program, the template every example fills: the build runs it for
/// references, `eval --json`, the figure and the widget's copy without JavaScript, and the
/// widget runs the same text (compute-lang.js) on the reader's `vectors`. A length is the plain
/// root of the sum of squares when that sum is a normal number (exact for small integers), else
/// rescaled by the largest entry. A cosine is the direct quotient (so an orthogonal integer pair
/// gets exactly 0) unless the product of lengths underflows, where the unit vectors still give
/// the direction; it is clamped to [−1, 1] before `acos` (rounding can push a parallel pair to
/// 1 + ε), and is exactly 1 on the diagonal. `+ 0` turns −0 into 0, so nothing prints "-0.000".
/// A reader's zero vector stops the widget's run at `scaled` (0 / 0).
const PROGRAM: &str = "squares = vectors * vectors
sum_of_squares = flatten(sum(squares, axis=1))
largest = flatten(max(abs(vectors), axis=1))
scaled = vectors / col(largest)
rescaled = largest * sqrt(flatten(sum(scaled * scaled, axis=1)))
normal = sum_of_squares >= 2.2250738585072014e-308
norms = where(normal, sqrt(sum_of_squares), rescaled)
units = vectors / col(norms)
dots = vectors @ vectors.T + 0
product = col(norms) * row(norms)
representable = product >= 2.2250738585072014e-308
direct = dots / where(representable, product, 1)
quotient = clip(where(representable, direct, units @ units.T), -1, 1) + 0
cosines = where(eye(len(vectors)) == 1, 1, quotient)
angles = acos(cosines) * (180 / pi)
";

/// With a projection of the vector at `of` onto the one at `onto` (counting from 0), which the
/// template writes as steps: the reader edits the vectors, never which pair is projected.
const PROJECTION_PROGRAM: &str = "projection_scalar = dots[of, onto] / norms[onto] + 0
projection = projection_scalar * units[onto] + 0
";

/// The length of one vector `v`, rescaled, and its dot product with `w`: run one vector or one
/// pair at a time to name the vector or pair that overflows when the whole example does.
const LENGTH_PROGRAM: &str = "largest = max(abs(v))
length = largest * sqrt(sum((v / largest) * (v / largest)))
";
const DOT_PROGRAM: &str = "dot = v @ w\n";

impl KindInput for VectorsInput {
    const TABLE: &'static Table = &TABLE;

    /// The kind's `PROGRAM`, with the projection's positions as steps, on `vectors`.
    fn template(&self) -> Result<KindProgram, ComputeError> {
        checks::validate(self)?;
        let mut steps = PROGRAM.to_string();
        if let Some((of, onto)) = self.project {
            steps.push_str(&format!("of = {of}\nonto = {onto}\n{PROJECTION_PROGRAM}"));
        }
        let inputs = vec![("vectors".to_string(), Value::Matrix(self.vectors.clone()))];
        Ok(KindProgram { steps, inputs })
    }

    fn labels(&self) -> Labels {
        let names = Some(self.names.clone());
        Labels {
            rows: names.clone(),
            cols: names,
            ..Labels::default()
        }
    }

    /// An example past the language's limits, or a length or dot product that overflows,
    /// found by running one vector, then one pair, at a time. The inputs are finite, no vector
    /// is zero and the projection's positions are the vectors' (`validate`), so only a value
    /// too large can stop it; should no single length or dot product overflow, the vectors are
    /// said to be too large together.
    fn stopped(&self, stopped: Stopped) -> ComputeError {
        let (count, dimension) = self.vectors.dim();
        if stopped.over_limit() {
            let what = format!("{count} vectors of {dimension} components");
            let hint = "use fewer or shorter vectors";
            return template::too_large("vectors", &what, hint, &stopped);
        }
        let name = |i: usize| self.names.get(i).map_or("", String::as_str);
        let vector = |name: &str, i: usize| {
            let row = self.vectors.row(i).to_owned();
            (name.to_string(), Value::Vector(row))
        };
        let overflow = |what: String| {
            ComputeError::for_field("vectors", what).with_hint("scale the vectors down")
        };
        let fails = |program, inputs: &[_]| template::run(program, inputs).is_err();
        if let Some(i) = (0..count).find(|&i| fails(LENGTH_PROGRAM, &[vector("v", i)])) {
            return overflow(format!("the length of `{}` overflows", name(i)));
        }
        let mut pairs = (0..count).flat_map(|i| (0..count).map(move |j| (i, j)));
        match pairs.find(|&(i, j)| fails(DOT_PROGRAM, &[vector("v", i), vector("w", j)])) {
            Some((i, j)) => {
                let (i, j) = (name(i), name(j));
                overflow(format!("the dot product of `{i}` and `{j}` overflows"))
            }
            None => overflow("the vectors are too large to compute with".into()),
        }
    }
}

#[cfg(test)]
mod tests;
