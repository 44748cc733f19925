//! The house rules about imports, checked on every file of `src/`: each stage imports only the
//! stages before it (so no arrow points up the pipeline and no two stages form a circle), and
//! the two pure stages stay pure. `compute` imports no other stage; `present` imports only
//! `compute` and the HTML escaping in `base::html`; neither names an I/O or site-layer crate.
//!
//! Files are read from disk when the test runs, so a new file is checked without being listed;
//! a new top-level module must be given its place in [`STAGES`]. A `crate::` path is found in
//! code and in `use` groups, wherever it is written; comments are skipped.

use std::path::Path;

/// The stages in pipeline order: a file may import its own stage and those listed before it.
/// `compute` and `present` are pure and sit before `expand`, which evaluates and formats with
/// them; `import` comes before `commands`, whose `worked import` runs it.
const STAGES: [&str; 14] = [
    "base", "load", "book", "compute", "present", "expand", "link", "layout", "pipeline", "write",
    "check", "serve", "import", "commands",
];

/// Files at the top of `src/` that belong to no stage: the crate root, the binary, this test.
const OUTSIDE_STAGES: [&str; 3] = ["lib.rs", "main.rs", "layering.rs"];

/// What `present` may import besides its own files and `compute`: escaping text is pure.
const PRESENT_MAY_IMPORT: [&str; 1] = ["base::html"];

/// Crates of the site layer: named nowhere in a pure stage, tests included. Split with
/// `concat!` so this list does not name them itself.
const SITE_CRATES: [&str; 5] = [
    concat!("pulldown", "_cmark"),
    concat!("ka", "tex"),
    concat!("te", "ra"),
    concat!("to", "ml"),
    concat!("mie", "tte"),
];

/// Standard-library modules that touch the outside world: not in a pure stage's shipped code.
/// Tests may read files (this one lists the directory), so they are exempt.
const OUTSIDE_WORLD: [&str; 6] = ["fs", "io", "path", "env", "process", "net"];

/// The crate's own prefix, split so that this file's code does not match its own search.
const CRATE: &str = concat!("crate", "::");

fn is_identifier_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether `word` occurs in `text` as a whole identifier (so a crate name hidden inside a
/// longer word, as in `iterate`, does not count).
fn contains_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(start, _)| {
        let before = text[..start].chars().next_back();
        let after = text[start + word.len()..].chars().next();
        !before.is_some_and(is_identifier_char) && !after.is_some_and(is_identifier_char)
    })
}

/// The text of the `{…}` group that starts right after `opening`, without its braces.
fn group_after(text: &str) -> &str {
    let mut depth = 1;
    let end = text
        .char_indices()
        .find(|&(_, c)| {
            depth += match c {
                '{' => 1,
                '}' => -1,
                _ => 0,
            };
            depth == 0
        })
        .map_or(text.len(), |(i, _)| i);
    &text[..end]
}

/// Whether `code` reaches `std::<module>`, directly or inside a `std::{…}` group.
fn uses_std_module(code: &str, module: &str) -> bool {
    if contains_word(code, &format!("std::{module}")) {
        return true;
    }
    code.match_indices("std::{")
        .any(|(start, opening)| contains_word(group_after(&code[start + opening.len()..]), module))
}

/// The code that ships: everything before the file's test modules, which by convention sit at
/// the bottom.
fn shipped(source: &str) -> &str {
    source
        .find("\n#[cfg(test)]\nmod ")
        .map_or(source, |end| &source[..end])
}

/// The source without its comment lines (`//`, `///`, `//!`), which may name any module.
fn without_comments(source: &str) -> String {
    source
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The leading identifier of `text` (`pipeline` in `pipeline::Build`).
fn identifier(text: &str) -> &str {
    let end = text
        .find(|c: char| !is_identifier_char(c))
        .unwrap_or(text.len());
    &text[..end]
}

/// Every path below the crate root that `code` names, as written after `crate::`: `a::b::C`
/// from `crate::a::b::C`, and `a::b`, `c` from `crate::{a::b, c}` (groups nested in groups
/// are flattened to their first segment's path, which is all a stage check needs).
fn crate_paths(code: &str) -> Vec<String> {
    let mut paths = Vec::new();
    for (start, _) in code.match_indices(CRATE) {
        if code[..start]
            .chars()
            .next_back()
            .is_some_and(is_identifier_char)
        {
            continue; // `my_crate::…`, not this crate
        }
        let rest = &code[start + CRATE.len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let group = group_after(group);
            let mut depth = 0;
            let mut item_start = 0;
            for (i, c) in group.char_indices().chain([(group.len(), ',')]) {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        let item = group[item_start..i].trim();
                        if !item.is_empty() {
                            paths.push(path_of(item));
                        }
                        item_start = i + 1;
                    }
                    _ => {}
                }
            }
        } else {
            paths.push(path_of(rest));
        }
    }
    paths
}

/// The `a::b::c` path at the start of `text`, up to the first character that cannot be in it.
fn path_of(text: &str) -> String {
    let mut path = Vec::new();
    let mut rest = text;
    loop {
        let name = identifier(rest);
        if name.is_empty() {
            break;
        }
        path.push(name);
        match rest[name.len()..].strip_prefix("::") {
            Some(after) => rest = after,
            None => break,
        }
    }
    path.join("::")
}

/// Where `stage` stands in the pipeline, if it is a stage.
fn rank(stage: &str) -> Option<usize> {
    STAGES.iter().position(|known| *known == stage)
}

/// Every breach of the rules in one file of `stage`, as readable sentences.
fn violations(stage: &str, source: &str) -> Vec<String> {
    let code = without_comments(source);
    let own = rank(stage).expect("a known stage");
    let mut found = Vec::new();
    for path in crate_paths(&code) {
        let target = identifier(&path);
        if target == stage {
            continue;
        }
        let allowed = match stage {
            "compute" => false,
            "present" => {
                target == "compute"
                    || PRESENT_MAY_IMPORT
                        .iter()
                        .any(|prefix| path == *prefix || path.starts_with(&format!("{prefix}::")))
            }
            _ => rank(target).is_some_and(|theirs| theirs < own),
        };
        if !allowed {
            let why = match rank(target) {
                Some(theirs) if theirs > own => "a later stage",
                Some(_) => "outside what a pure stage may use",
                None => "not a stage",
            };
            found.push(format!("{stage} imports {CRATE}{path} ({why})"));
        }
    }
    if matches!(stage, "compute" | "present") {
        found.extend(
            SITE_CRATES
                .iter()
                .filter(|name| contains_word(&code, name))
                .map(|name| format!("{stage} names the site crate {name}")),
        );
        found.extend(
            OUTSIDE_WORLD
                .iter()
                .filter(|module| uses_std_module(shipped(&code), module))
                .map(|module| format!("{stage} uses std::{module} outside its tests")),
        );
        if contains_word(shipped(&code), concat!("serde", "_json")) {
            found.push(format!("{stage} writes JSON outside its tests"));
        }
    }
    found
}

/// Every `.rs` file below `directory`, as paths relative to `root` with `/` separators.
fn rust_files(root: &Path, directory: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(directory).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(rust_files(root, &path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            let relative = path.strip_prefix(root).unwrap();
            let parts: Vec<_> = relative.iter().map(|p| p.to_string_lossy()).collect();
            found.push(parts.join("/"));
        }
    }
    found.sort_unstable();
    found
}

#[test]
fn every_import_points_at_an_earlier_stage_and_the_pure_stages_stay_pure() {
    let src = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src"));
    let mut problems = Vec::new();
    let mut checked = 0;
    for file in rust_files(src, src) {
        let (stage, _) = file.split_once('/').unwrap_or((file.as_str(), ""));
        if OUTSIDE_STAGES.contains(&stage) {
            continue;
        }
        assert!(
            rank(stage).is_some(),
            "src/{file}: `{stage}` is not a stage; give it its place in STAGES"
        );
        let source = std::fs::read_to_string(src.join(&file)).unwrap();
        // A file's tests kept beside it (`compute/attention/tests.rs`, declared under
        // `#[cfg(test)]`) are test code throughout: checked as the test module they are.
        let source = match file.ends_with("/tests.rs") {
            true => format!("\n#[cfg(test)]\nmod tests {{\n{source}}}\n"),
            false => source,
        };
        problems.extend(
            violations(stage, &source)
                .into_iter()
                .map(|problem| format!("src/{file}: {problem}")),
        );
        checked += 1;
    }
    assert!(checked > 50, "only {checked} files found under {src:?}");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_checker_catches_upward_grouped_impure_and_outside_imports() {
    let import = |path: &str| format!("use {CRATE}{path};\n");
    // Down is fine, up is not, and the same stage is always fine.
    assert!(violations("layout", &import("expand::markdown::Spanned")).is_empty());
    assert!(violations("layout", &import("layout::math")).is_empty());
    assert_eq!(
        violations("expand", &import("pipeline::RenderedSite")),
        [format!(
            "expand imports {CRATE}pipeline::RenderedSite (a later stage)"
        )]
    );
    // Inside a group, and in a path written in code rather than a `use`.
    let grouped = format!("use {CRATE}{{base::html::escape_html, serve::Response}};\n");
    assert_eq!(violations("link", &grouped).len(), 1);
    let in_code = format!("let site = {CRATE}write::write_site(&site, out, false);\n");
    assert_eq!(violations("pipeline", &in_code).len(), 1);
    // A comment may name anything; a module that is no stage may not be imported.
    assert!(violations("base", &format!("/// See [`{CRATE}pipeline`].\n")).is_empty());
    assert_eq!(violations("load", &import("nowhere::Thing")).len(), 1);
    // The pure stages: compute imports no stage; present only compute and base::html.
    assert_eq!(
        violations("compute", &import("base::html::escape_html")).len(),
        1
    );
    assert!(violations("present", &import("base::html::escape_html")).is_empty());
    assert!(violations("present", &import("compute::Quantity")).is_empty());
    assert_eq!(
        violations("present", &import("base::diagnostics::Diagnostic")).len(),
        1
    );
    assert_eq!(
        violations(
            "compute",
            concat!("use std::{collections::HashMap, ", "fs};")
        ),
        ["compute uses std::fs outside its tests"]
    );
    assert_eq!(
        violations("present", concat!("use ka", "tex::render;")).len(),
        1
    );
    // Words that merely contain a forbidden name are fine, and tests may read files.
    assert!(violations("compute", "let iterates = 1; // an iterate; stdio").is_empty());
    let test_module = concat!("x\n#[cfg(test)]\nmod tests { use std::", "fs; }");
    assert!(violations("present", test_module).is_empty());
}
