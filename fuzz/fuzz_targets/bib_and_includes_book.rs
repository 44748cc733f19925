// The book the `bib_and_includes` fuzz target builds, shared with the test that runs its seeds
// in `cargo test` (tests/cli/hardening.rs), so both build the same thing.

/// A lesson that cites three keys and includes `part.md` whole, by lines and by an anchor.
pub const LESSON: &str = r#"+++
title = "Cites"
+++

As [@a] and @b showed [see @c, p. 3].

{{#include part.md}}

{{#include part.md:2:4}}

{{#rustdoc_include part.md:main}}
"#;

/// Writes a book at `root` whose `references.bib` and `content/part.md` come from `data`: split
/// at its first NUL byte, the bibliography before it and the included file after it (no NUL:
/// the bytes are the bibliography and the included file is empty).
pub fn write_case(root: &std::path::Path, data: &[u8]) {
    std::fs::create_dir_all(root.join("content")).expect("content folder");
    std::fs::write(
        root.join("book.toml"),
        "title = \"Fuzzed\"\nbibliography = \"references.bib\"\n",
    )
    .expect("book.toml");
    std::fs::write(root.join("content/cites.md"), LESSON).expect("lesson");
    let (bib, included) = match data.iter().position(|&byte| byte == 0) {
        Some(at) => (&data[..at], &data[at + 1..]),
        None => (data, &[][..]),
    };
    std::fs::write(root.join("references.bib"), bib).expect("write the bibliography");
    std::fs::write(root.join("content/part.md"), included).expect("write the included file");
}
