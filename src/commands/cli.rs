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
    /// Write a new lesson with front matter and a small example.
    New {
        /// The lesson's file under content/, e.g. `part/chapter.md` (`.md` may be left off).
        path: PathBuf,
        /// The lesson's title; by default made from the file name.
        #[arg(long)]
        title: Option<String>,
        /// The book folder.
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
    /// Write a new book (book.toml and a first lesson) into an empty or new folder.
    Init {
        /// The folder to create.
        dir: PathBuf,
    },
    /// Bring a book from another tool over as a worked book.
    Import {
        /// Where the book comes from.
        #[command(subcommand)]
        from: ImportFrom,
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

/// The tools whose books `worked import` reads.
#[derive(Debug, Subcommand)]
pub enum ImportFrom {
    /// An mdBook (with or without mdbook-katex): SUMMARY.md order, titles and nesting, math,
    /// macros and every file beside the chapters.
    Mdbook {
        /// The mdBook folder, the one that holds book.toml. It is only read.
        src: PathBuf,
        /// The new book's folder; it must be new or empty.
        #[arg(long, value_name = "DEST")]
        into: PathBuf,
        /// A folder outside SRC's repository that the book's includes may read (mdBook reads
        /// them wherever they are; without this, only inside the repository holding SRC).
        #[arg(long, value_name = "DIR")]
        include_root: Option<PathBuf>,
    },
}
