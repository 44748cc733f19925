//! A small SVG writer for build-time figures: scales, "nice" ticks, axes, lines, bars, arrows
//! and text.
//!
//! PURE: numbers in, markup out; no I/O. Output is deterministic: every coordinate is printed
//! with two decimals (and never as `-0.00`), and elements come out in the order they were
//! drawn. Colours are not written here: elements carry `wf-*` classes that `static/figures.css`
//! colours through CSS custom properties, and `currentColor` attributes keep a figure legible
//! even without that stylesheet. Font sizes *are* written here, because the layout code that
//! leaves room for labels has to know them.
//!
//! In six parts, each using only those before it: `scale` (points, frames, scales), `markers`
//! (moving markers that would hide each other apart), `text` (font sizes, alignment, text
//! metrics), `ticks` (round values along an axis), `writer` (the markup) and `labels` (placing
//! labels where they collide with nothing). Figures use them through this module.

mod labels;
mod markers;
mod scale;
#[cfg(test)]
mod tests;
mod text;
mod ticks;
mod writer;

pub use labels::*;
pub use markers::*;
pub use scale::*;
pub use text::*;
pub use ticks::*;
pub use writer::*;
