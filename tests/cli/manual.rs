//! The user manual in `docs/` is a worked book: it builds and checks like any other (its examples
//! are live, so `check` proves them), and it names every command, flag and setting the tool has,
//! read from the argument parser and the settings parsers themselves so a new one cannot be left
//! out. README.md stays the short front door.

use clap::CommandFactory;
use std::path::{Path, PathBuf};
use walkdir::WalkDir;
use worked::commands::cli::Cli;

fn repository() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every lesson of the manual, as one text.
fn manual_text() -> String {
    let mut text = String::new();
    for entry in WalkDir::new(repository().join("docs/content")).sort_by_file_name() {
        let entry = entry.expect("walk docs/content");
        if entry.path().extension().is_some_and(|e| e == "md") {
            text += &std::fs::read_to_string(entry.path()).expect("read a manual page");
            text.push('\n');
        }
    }
    text
}

/// The command lines the parser knows: `worked build`, `worked import mdbook`, and each long
/// flag of each, as `--root`.
fn commands_and_flags() -> Vec<(String, Vec<String>)> {
    fn walk(command: &clap::Command, prefix: &str, out: &mut Vec<(String, Vec<String>)>) {
        for sub in command.get_subcommands() {
            let name = format!("{prefix} {}", sub.get_name());
            if sub.has_subcommands() {
                walk(sub, &name, out);
            } else {
                let flags = sub
                    .get_arguments()
                    .filter_map(|arg| arg.get_long())
                    .filter(|long| *long != "help")
                    .map(|long| format!("--{long}"))
                    .collect();
                out.push((name, flags));
            }
        }
    }
    let mut out = Vec::new();
    walk(&Cli::command(), "worked", &mut out);
    out
}

#[test]
fn the_manual_builds_and_checks_with_no_warning() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_worked"))
        .args(["check", "--root", "docs"])
        .current_dir(repository())
        .output()
        .expect("the worked binary runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "check --root docs failed:\n{stderr}"
    );
    assert!(
        !stderr.contains("warning"),
        "the manual must check without warnings:\n{stderr}"
    );
}

#[test]
fn the_manual_names_every_command_and_flag() {
    let manual = manual_text();
    let commands = commands_and_flags();
    assert!(
        commands.len() >= 7,
        "the parser lists its commands: {commands:?}"
    );
    for (command, flags) in commands {
        assert!(
            manual.contains(&format!("`{command}")),
            "the manual does not show `{command}`"
        );
        for flag in flags {
            assert!(
                manual.contains(&flag),
                "the manual does not name {flag} of `{command}`"
            );
        }
    }
}

#[test]
fn the_configuration_chapter_names_every_setting_and_front_matter_key() {
    let chapter =
        std::fs::read_to_string(repository().join("docs/content/config/configuration.md"))
            .expect("read the configuration chapter");
    for key in worked::load::config::book_toml_keys() {
        assert!(
            chapter.contains(&format!("`{key}`")),
            "book.toml key {key} missing"
        );
    }
    for key in worked::load::content::front_matter_keys() {
        assert!(
            chapter.contains(&format!("`{key}`")),
            "front matter key {key} missing"
        );
    }
}

#[test]
fn the_readme_is_a_short_front_door_that_keeps_the_two_commands() {
    let readme = std::fs::read_to_string(repository().join("README.md")).expect("read README");
    let lines = readme.lines().count();
    assert!(
        lines <= 250,
        "README.md has {lines} lines; the manual is in docs/"
    );
    for command in ["cargo run --release -- build", "cargo test"] {
        assert!(readme.contains(command), "README must show `{command}`");
    }
    for link in links_to_docs(&readme) {
        assert!(
            repository().join(&link).exists(),
            "README links to {link}, which does not exist"
        );
    }
}

/// The `docs/…` paths README links to.
fn links_to_docs(readme: &str) -> Vec<String> {
    readme
        .split("](")
        .skip(1)
        .filter_map(|rest| rest.split(')').next())
        .filter(|target| target.starts_with("docs/") || target.starts_with("CONTRIBUTING"))
        .map(|target| target.split('#').next().unwrap_or(target).to_string())
        .collect()
}

#[test]
fn every_example_block_of_the_manual_is_live_somewhere() {
    // A block shown as source (inside a ````markdown fence) is an example for the reader to copy;
    // the chapter must also hold at least one live block, so the manual's examples are computed.
    for entry in WalkDir::new(repository().join("docs/content")) {
        let entry = entry.expect("walk docs/content");
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "md") {
            continue;
        }
        let text = std::fs::read_to_string(path).expect("read a page");
        if shows_example_source(&text) {
            assert!(
                has_live_example(&text),
                "{} shows example blocks as source but computes none",
                relative(path)
            );
        }
    }
}

fn shows_example_source(text: &str) -> bool {
    text.contains("````markdown\n```")
}

fn has_live_example(text: &str) -> bool {
    let mut in_source = false;
    for line in text.lines() {
        if line.starts_with("````") {
            in_source = !in_source;
        } else if !in_source
            && [
                "```compute",
                "```attention",
                "```softmax",
                "```vectors",
                "```gradient_descent",
            ]
            .iter()
            .any(|kind| line.trim_end() == *kind)
        {
            return true;
        }
    }
    false
}

fn relative(path: &Path) -> String {
    path.strip_prefix(repository())
        .unwrap_or(path)
        .display()
        .to_string()
}

#[test]
fn the_readme_example_lesson_builds_and_checks_as_written() {
    let readme = std::fs::read_to_string(repository().join("README.md")).expect("read README");
    let start = readme
        .find("````markdown\n")
        .expect("README shows a lesson")
        + "````markdown\n".len();
    let end = start
        + readme[start..]
            .find("\n````")
            .expect("the lesson's fence closes");
    let book = crate::support::Book::with_lesson("softmax.md", &readme[start..=end]);
    book.check().succeeds();
    let page = {
        book.build().succeeds();
        book.read("public/softmax.html")
    };
    assert!(
        page.contains("data-widget=\"compute\""),
        "the lesson's widget is built"
    );
}
