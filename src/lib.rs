#![warn(missing_docs)]
//! `worked`: a static, interactive textbook generator.

pub mod compute;
