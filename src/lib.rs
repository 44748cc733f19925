//! `worked`: a static, interactive textbook generator in which every number is computed.
//!
//! The modules are the build's stages, in the order [`pipeline`] runs them, each importing only
//! the stages before it (the test in `src/layering.rs` keeps it so): [`base`] (source files,
//! diagnostics, HTML escaping) → [`load`] (settings, lessons, theme) → [`book`] (the tree,
//! reading order, keep-going lists) → the pure [`compute`] core and [`present`] layer →
//! [`expand`] (Markdown parsed once into events, example blocks evaluated and formatted,
//! references spliced in) → [`link`] (links between pages) → [`layout`] (KaTeX, HTML, search,
//! Tera templates) → [`pipeline`] (the order, the cache, the assembled site) →
//! [`write`](mod@write) (the site swapped into place atomically), [`check`] (`check --site`),
//! [`serve`] (preview and HTTP) → [`import`] (`worked import`) → [`commands`].
#![warn(missing_docs)]

pub mod base;
pub mod book;
pub mod check;
pub mod commands;
pub mod compute;
pub mod expand;
pub mod import;
pub mod layout;
pub mod link;
pub mod load;
pub mod pipeline;
pub mod present;
pub mod serve;
pub mod write;

#[cfg(test)]
mod layering;
