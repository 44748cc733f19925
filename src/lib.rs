//! `worked`: a static, interactive textbook generator in which every number is computed.
//!
//! The modules are the build's stages, in the order [`pipeline`] runs them, each importing only
//! the stages before it: [`base`] (source files, diagnostics) → [`load`] (settings, lessons,
//! theme) → [`book`] (the tree and reading order) → [`expand`] (Markdown parsed once into
//! events, example blocks evaluated by the pure [`compute`] core and formatted by the pure
//! [`present`] layer, references spliced in) → [`link`] (links between pages) → [`layout`]
//! (KaTeX, search, Tera templates) → [`pipeline`] (the order, the cache) → [`write`](mod@write) (the
//! finished site swapped into place atomically), [`check`] (`check --site`), [`serve`] (preview
//! and HTTP) → [`commands`] and [`import`].
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
