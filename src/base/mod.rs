//! The ground floor every stage stands on: source files with their positions, and the
//! diagnostics that point into them.

pub mod diagnostics;
pub mod fields;
pub mod html;
pub mod source;
