//! `worked`: a static, interactive textbook generator in which every number is computed.
//!
//! The pipeline, in order (see [`pipeline`]): [`content`] loads lessons and their front matter;
//! [`markdown`] parses each body once into an event stream with byte offsets; example blocks are
//! evaluated by the pure [`compute`] core and references to their values are expanded into the
//! events; [`math`] typesets every formula with KaTeX at build time; [`templating`] lays out
//! pages with Tera; [`site_writer`] swaps the finished site into place atomically.
#![warn(missing_docs)]

pub mod blocks;
pub mod build_cache;
pub mod cli;
pub mod commands;
pub mod compute;
pub mod config;
pub mod content;
pub mod diagnostics;
pub mod expand;
pub mod http;
pub mod import;
pub mod links;
pub mod markdown;
pub mod math;
pub mod navigation;
pub mod pipeline;
pub mod present;
pub mod preview;
pub mod reference;
pub mod regular_file;
pub mod reserved;
pub mod search;
pub mod site_check;
pub mod site_writer;
pub mod source;
pub mod templating;
pub mod theme;
pub mod typed_numbers;
