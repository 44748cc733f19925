//! One module per subcommand: glue between the CLI and the pipeline, nothing more.

pub mod build;
pub mod check;
pub mod cli;
pub mod eval;
pub mod import;
mod rebuild_report;
pub mod scaffold;
pub mod serve;

/// Process exit codes, as documented in README.md.
pub mod exit {
    /// Everything worked.
    pub const OK: u8 = 0;
    /// The book has problems (bad content, failed checks).
    pub const CONTENT: u8 = 1;
    /// Bad arguments, or a file could not be read or written.
    pub const USAGE_OR_IO: u8 = 2;
}

/// The ending of a counted noun in a command's summary line: "1 lesson", "24 lessons".
fn plural(count: usize) -> &'static str {
    if count == 1 {
        ""
    } else {
        "s"
    }
}

/// The exit code for a build that found `problems`: I/O trouble (an unreadable lesson) outranks
/// content problems, as README.md documents.
fn exit_code_for(problems: &[crate::base::diagnostics::Diagnostic]) -> u8 {
    if problems
        .iter()
        .any(crate::base::diagnostics::Diagnostic::is_io)
    {
        exit::USAGE_OR_IO
    } else {
        exit::CONTENT
    }
}

/// A `--root` that is not a folder is a usage error (exit 2), told plainly before any build.
fn require_book_folder(root: &std::path::Path) -> Result<(), u8> {
    if root.is_dir() {
        Ok(())
    } else if root.exists() {
        eprintln!("error: --root {} is a file, not a folder", root.display());
        eprintln!("  help: pass the book folder (the one holding content/), not a file in it");
        Err(exit::USAGE_OR_IO)
    } else {
        eprintln!("error: the book folder {} does not exist", root.display());
        eprintln!(
            "  help: run worked inside a book folder (one holding content/), or pass --root DIR"
        );
        Err(exit::USAGE_OR_IO)
    }
}
