//! The `worked` command: parse arguments, run one command, exit with its code.

use clap::Parser;
use std::process::ExitCode;
use worked::commands::cli::{Cli, Command, ImportFrom};
use worked::commands::{self, exit};

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            let code = if error.use_stderr() {
                exit::USAGE_OR_IO
            } else {
                exit::OK
            };
            let _ = error.print();
            return ExitCode::from(code);
        }
    };
    // `serve` runs for hours and must outlive a closed log pipe; it ignores write errors itself.
    if !matches!(cli.command, Command::Serve { .. }) {
        quiet_on_closed_pipe();
    }
    let code = match cli.command {
        Command::Build {
            root,
            output,
            force,
        } => commands::build::run(&root, &output, force),
        Command::Check { root, site } => commands::check::run(&root, site.as_deref()),
        Command::Serve { root, port, host } => commands::serve::run(&root, host, port),
        Command::Eval { file, json } => commands::eval::run(&file, json),
        Command::New { path, title, root } => {
            commands::scaffold::run_new(&root, &path, title.as_deref())
        }
        Command::Init { dir } => commands::scaffold::run_init(&dir),
        Command::Import {
            from: ImportFrom::Mdbook { src, into },
        } => commands::import::run_mdbook(&src, &into),
    };
    ExitCode::from(code)
}

/// Rust ignores SIGPIPE, so printing into a closed pipe (`worked check | head -1`) is an error
/// that `println!` turns into a panic. Restoring the default action ends the process quietly
/// when the reader has gone, as `ls`, `cat` and `grep` do.
fn quiet_on_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: called in `main` right after parsing the arguments, before any thread exists; it
    // only resets a signal disposition to the system default.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
