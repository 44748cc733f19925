//! The `worked` command: parse arguments, run one command, exit with its code.

use clap::Parser;
use std::io::Write;
use std::process::ExitCode;
use worked::commands::cli::{Cli, Command, ImportFrom};
use worked::commands::{self, exit};

/// mimalloc rather than glibc's malloc: a build spends much of its time allocating.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    exit_2_on_print_failure();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            let code = if error.use_stderr() {
                exit::USAGE_OR_IO
            } else {
                exit::OK
            };
            if let Err(failure) = error.print() {
                return print_failed(&format!("the help or usage text: {failure}"));
            }
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
            from:
                ImportFrom::Mdbook {
                    src,
                    into,
                    include_root,
                },
        } => commands::import::run_mdbook(&src, &into, include_root),
    };
    // What `print!` left in the buffer is written at exit, where a failure would go unseen.
    if let Err(failure) = std::io::stdout().flush() {
        return print_failed(&format!("stdout: {failure}"));
    }
    ExitCode::from(code)
}

/// Output that cannot be written (a full disk, `> /dev/full`) is an I/O error like any other:
/// one line and exit code 2. `println!` and `eprintln!` panic on a write error, in every
/// command; this hook turns exactly that panic into the line and the exit code, and leaves any
/// other panic to the default report.
fn exit_2_on_print_failure() {
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied());
        match message.and_then(|message| message.strip_prefix("failed printing to ")) {
            Some(failure) => {
                print_failed(failure);
                std::process::exit(exit::USAGE_OR_IO.into());
            }
            None => report(info),
        }
    }));
}

/// Says (if stderr still works) that `what` could not be written; exit code 2.
fn print_failed(what: &str) -> ExitCode {
    let _ = writeln!(std::io::stderr(), "error: cannot write {what}");
    ExitCode::from(exit::USAGE_OR_IO)
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
