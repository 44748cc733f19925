//! Twins that cannot drift: the compute language's one list of functions, signatures and limits
//! is the Rust core's (`SIGNATURES` in src/compute/lang/functions/signatures.rs, exported as
//! `worked::compute::lang::function_table`). The JS twin (static/js/compute-lang.js), the
//! random-program generator of the differential test (compute_lang_differential.rs) and the manual's
//! table of functions are held to it here, each by a test named for what it checks.
//!
//! To add a function: its row in `SIGNATURES` and its code in Rust, the same row and code in
//! compute-lang.js, a call in the generator's lists (or a reason in [`NOT_GENERATED`]), and a row
//! in the manual's "Functions" table (docs/content/language/reference.md); these tests name whichever is missing.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use serde_json::{json, Value as Json};
use worked::compute::lang::{
    function_table, MAX_DEPTH, MAX_KEPT_ENTRIES, MAX_LINES, MAX_LINE_BYTES, MAX_LOOP_DEPTH,
    MAX_SIDE, MAX_WORK,
};

use crate::compute_lang_differential::Generator;

/// Functions the random programs never call, each with why; every other function must be called.
const NOT_GENERATED: &[(&str, &str)] = &[(
    "grad",
    "needs a scalar step that depends on a named input; \
     `javascript_differentiates_random_programs_as_the_rust_interpreter_does` writes its own",
)];

/// The JS twin's table and limits (tests/js/compute-lang-table.mjs), or None when Node is missing
/// (a failure under `CI=true`).
fn javascript_table(test: &str) -> Option<Json> {
    if !crate::common::tool_available(
        test,
        crate::common::node(),
        "The JS twin's functions and limits against the Rust core's",
        "Install Node.js to run it",
    ) {
        return None;
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/js/compute-lang-table.mjs");
    let out = Command::new("node").arg(script).output().expect("run node");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(serde_json::from_slice(&out.stdout).expect("JSON from compute-lang-table.mjs"))
}

/// The Rust core's table, written as the JS twin's is.
fn rust_functions() -> Vec<Json> {
    function_table()
        .into_iter()
        .map(|f| {
            let most = (f.positional.1 != usize::MAX).then_some(f.positional.1);
            json!({
                "name": f.name,
                "positional": [f.positional.0, most],
                "keywords": f.keywords,
                "usage": f.usage,
                "accepts_mask": f.accepts_mask,
                "whole": f.whole,
            })
        })
        .collect()
}

#[test]
fn the_javascript_twin_has_every_function_with_the_same_signature_in_the_same_order() {
    let Some(table) = javascript_table("lang_twins") else {
        return;
    };
    let rust = rust_functions();
    let javascript = table["functions"].as_array().expect("a list of functions");
    let name = |f: &Json| f["name"].as_str().unwrap_or_default().to_string();
    let missing: Vec<String> = rust
        .iter()
        .filter(|f| !javascript.iter().any(|j| name(j) == name(f)))
        .map(name)
        .collect();
    let extra: Vec<String> = javascript
        .iter()
        .filter(|j| !rust.iter().any(|f| name(f) == name(j)))
        .map(name)
        .collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "static/js/compute-lang.js lacks {missing:?} and has {extra:?} that the Rust core lacks"
    );
    for (rust, javascript) in rust.iter().zip(javascript) {
        assert_eq!(
            rust,
            javascript,
            "`{}`: Rust's signature (left) and the JS twin's (right) differ, or the order does",
            name(rust)
        );
    }
}

#[test]
fn the_javascript_twin_has_the_rust_cores_limits() {
    let Some(table) = javascript_table("lang_twins") else {
        return;
    };
    let rust = json!({
        "MAX_SIDE": MAX_SIDE,
        "MAX_WORK": MAX_WORK,
        "MAX_DEPTH": MAX_DEPTH,
        "MAX_LINES": MAX_LINES,
        "MAX_LINE_BYTES": MAX_LINE_BYTES,
        "MAX_LOOP_DEPTH": MAX_LOOP_DEPTH,
        "MAX_KEPT_ENTRIES": MAX_KEPT_ENTRIES,
    });
    assert_eq!(
        rust, table["limits"],
        "the Rust core's limits (left) and the JS twin's (right)"
    );
}

/// Names written as calls (`name(`) in `steps`.
fn called(steps: &str, into: &mut BTreeSet<String>) {
    let bytes = steps.as_bytes();
    let mut start = None;
    for (at, &byte) in bytes.iter().enumerate() {
        if byte.is_ascii_alphanumeric() || byte == b'_' {
            start.get_or_insert(at);
            continue;
        }
        if let Some(from) = start.take() {
            if byte == b'(' {
                into.insert(steps[from..at].to_string());
            }
        }
    }
}

#[test]
fn the_random_program_generator_calls_every_function() {
    let mut generator = Generator::new(0x7a81e);
    let mut calls = BTreeSet::new();
    for _ in 0..4000 {
        called(&generator.program().steps, &mut calls);
    }
    let exempt: BTreeSet<&str> = NOT_GENERATED.iter().map(|(name, _)| *name).collect();
    let missing: Vec<&str> = function_table()
        .iter()
        .map(|f| f.name)
        .filter(|name| !calls.contains(*name) && !exempt.contains(name))
        .collect();
    assert!(
        missing.is_empty(),
        "the differential test's random programs never call {missing:?}: add them to the \
         generator's lists in tests/cli/compute_lang_differential.rs (or, with a reason, to \
         NOT_GENERATED in tests/cli/lang_twins.rs)"
    );
    let stale: Vec<&str> = exempt
        .iter()
        .copied()
        .filter(|name| calls.contains(*name))
        .collect();
    assert!(
        stale.is_empty(),
        "NOT_GENERATED lists {stale:?}, which the generator calls"
    );
}

#[test]
fn the_manual_lists_every_function_in_its_table() {
    let readme = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/content/language/reference.md"),
    )
    .expect("the manual's language reference");
    let start = readme
        .find("**Functions.**")
        .expect("the language reference has a \"Functions.\" table");
    let mut listed = BTreeSet::new();
    for line in readme[start..]
        .lines()
        .skip(1)
        .skip_while(|line| !line.starts_with('|'))
        .take_while(|line| line.starts_with('|'))
    {
        let first_cell = line.split('|').nth(1).unwrap_or_default();
        for word in first_cell.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')) {
            listed.insert(word.to_string());
        }
    }
    let missing: Vec<&str> = function_table()
        .iter()
        .map(|f| f.name)
        .filter(|name| !listed.contains(*name))
        .collect();
    assert!(
        missing.is_empty(),
        "the manual's table of functions (docs/content/language/reference.md, \"Functions.\") has no row for {missing:?}"
    );
}
