//! `worked import mdbook SRC --into DEST`: glue between the CLI and [`crate::import`].

use super::{exit, plural};
use crate::import::{import_mdbook, ImportOptions};
use std::path::{Path, PathBuf};

/// Runs the import and returns the exit code: 0 when the book was written (notes or not),
/// 2 when it could not be read or written.
pub fn run_mdbook(source: &Path, destination: &Path, include_root: Option<PathBuf>) -> u8 {
    match import_mdbook(source, destination, &ImportOptions { include_root }) {
        Ok(report) => {
            for note in &report.shown_notes() {
                eprintln!("note: {note}");
            }
            println!(
                "Imported {} chapter{} and {} other file{} into {} ({} formula{} rewritten for worked; {} note{})",
                report.chapters,
                plural(report.chapters),
                report.files,
                plural(report.files),
                destination.display(),
                report.formulas_rewritten,
                plural(report.formulas_rewritten),
                report.notes.len(),
                plural(report.notes.len()),
            );
            println!(
                "Next: worked check --root {0} && worked build --root {0}",
                destination.display()
            );
            exit::OK
        }
        Err(message) => {
            eprintln!("error: {message}");
            exit::USAGE_OR_IO
        }
    }
}
