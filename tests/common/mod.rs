//! Helpers for the tests that need a tool outside Rust: Node.js for the JS-vs-Rust differential
//! tests, Chromium for the browser tests.
// Each test binary compiles this module and uses only part of it.
#![allow(dead_code)]

use std::io::Write;
use std::path::Path;
use std::process::Command;

/// Whether a test that needs `tool` may run. Under `CI=true` a missing tool fails the test;
/// elsewhere it prints a skip notice straight to stderr, because the test harness hides the
/// `eprintln!` output of a passing test, and a skip nobody sees is a pass nobody earned.
pub fn tool_available(
    test: &str,
    tool: Result<(), String>,
    what_went_unchecked: &str,
    install: &str,
) -> bool {
    let Err(reason) = tool else {
        return true;
    };
    if std::env::var("CI").as_deref() == Ok("true") {
        panic!("{reason}; CI must run {test} ({install})");
    }
    let _ = writeln!(
        std::io::stderr(),
        "\n\n*** SKIPPED {test}: {reason}. {what_went_unchecked} was NOT checked. {install}. ***\n"
    );
    false
}

/// `node` on PATH can be run.
pub fn node() -> Result<(), String> {
    match Command::new("node").arg("--version").output() {
        Ok(out) if out.status.success() => Ok(()),
        Ok(out) => Err(format!("`node --version` exited with {}", out.status)),
        Err(error) => Err(format!("cannot run `node`: {error}")),
    }
}

/// Writes `cases` to a temporary JSON file, runs `node tests/js/<script> FILE`, and asserts
/// that it exits successfully, saying all `count` cases agree.
pub fn run_node_differential(script: &str, cases: &impl serde::Serialize, count: usize) {
    let mut file = tempfile::NamedTempFile::new().expect("temp file");
    file.write_all(serde_json::to_string(cases).expect("json").as_bytes())
        .expect("write cases");
    file.flush().expect("flush cases");
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/js")
        .join(script);
    let out = Command::new("node")
        .arg(&path)
        .arg(file.path())
        .output()
        .expect("run node");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "JS and Rust disagree (node {script} exited with {}):\n{stdout}{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains(&format!("all {count} cases agree")),
        "{stdout}"
    );
}
