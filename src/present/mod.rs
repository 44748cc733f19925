//! Turning computed values into text: numbers, LaTeX matrices, HTML tables.
//!
//! PURE: input is a [`Quantity`](crate::compute::Quantity) and a [`Precision`]; output is a
//! string. Nothing here computes with example data beyond rounding for print, and nothing reads
//! files. The reader-side script (`static/js/worked-format.js`) formats numbers by the same
//! rules, so live updates print exactly what the build printed.

pub mod answer;
pub mod card;
pub mod exercise;
pub mod figure;
#[cfg(test)]
mod heat_contrast;
pub mod heatmap;
pub mod latex;
pub mod number;
pub mod printed;
pub mod svg;
pub mod table;

pub use number::{format_compact, format_number, Precision, Style};
