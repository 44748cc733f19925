//! Command-line arguments.

use clap::{Parser, Subcommand};
use std::path::PathBuf;

/// worked: build interactive textbooks in which every number is computed.
#[derive(Debug, Parser)]
#[command(name = "worked", version, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Build the book into a static site.
    Build {
        /// The book folder (holds content/, and optionally book.toml, templates/, static/).
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// Where to write the site, relative to the current directory.
        #[arg(long, short, default_value = "public")]
        output: PathBuf,
        /// Replace the output folder even when it holds files that no `worked build` wrote.
        #[arg(long)]
        force: bool,
    },
    /// Build in memory and report every problem; write nothing.
    Check {
        /// The book folder.
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// Also verify that the site built in this folder shows what the sources compute now.
        #[arg(long, value_name = "DIR")]
        site: Option<PathBuf>,
    },
    /// Serve the book from memory on a local port and rebuild it whenever a source is saved.
    Serve {
        /// The book folder.
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// The port to listen on; 0 picks a free one (the chosen address is printed).
        #[arg(long, short, default_value_t = 1111)]
        port: u16,
        /// The address to listen on; the default only answers this machine.
        #[arg(long, default_value = "127.0.0.1")]
        host: std::net::IpAddr,
    },
    /// Print every input and intermediate value of a lesson's examples.
    Eval {
        /// The lesson file, e.g. content/attention.md.
        file: PathBuf,
        /// Print JSON with full precision instead of aligned tables.
        #[arg(long)]
        json: bool,
    },
}
