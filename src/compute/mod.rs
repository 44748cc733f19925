//! Pure numerical core: every number a reader sees is computed here.
//!
//! Stage: evaluation. The site layer reads an example block's TOML into one of the `*Input`
//! structs, calls the kind's function (`attention::attend`, `softmax::softmax`,
//! `vectors::analyze`, `gradient_descent::descend`), wraps the result in [`Evaluated`], and later
//! resolves references with [`Evaluated::quantity`], [`Quantity::select`] and [`ops::apply`].
//! Input: plain Rust values and `ndarray` arrays. Output: result structs that serialize to the
//! `eval --json` objects, [`Quantity`] values, or a [`ComputeError`] naming the input key at fault.
//! Must not: touch the file system, parse Markdown or TOML, render math or templates, or
//! produce NaN/∞ from finite inputs. The `purity` test below keeps the import list honest.

mod error;
pub mod ops;
pub mod quantity;

pub use error::ComputeError;
pub use quantity::{Index, Quantity};

/// Most tokens (or vectors, or points) one example may have; beyond it a page would be
/// unreadable and evaluation slow, so the author gets a clear error instead.
pub const MAX_TOKENS: usize = 512;
/// Largest matrix dimension (embedding width, projection width, logits, …) an example may use.
pub const MAX_DIM: usize = 1024;
