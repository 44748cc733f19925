//! The first stage: read the book from disk. Settings from `book.toml`, lessons and the files
//! beside them from `content/`, and the theme with the book's overrides.

pub mod bibliography;
pub mod bibliography_bounds;
pub mod config;
pub mod content;
pub mod include;
pub mod regular_file;
pub mod theme;
