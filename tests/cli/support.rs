//! Fixture books and a runner for the `worked` binary.
//!
//! Every test gets its own [`Book`]: a fresh temporary folder with `content/*.md` lessons and an
//! optional `book.toml`, so tests share nothing they could change. The binary runs with the
//! book folder as its working directory and `--root .`, so diagnostics name paths such as
//! `content/attention.md` exactly as an author sees them.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, OnceLock, PoisonError};
use tempfile::TempDir;

/// The seed attention lesson: the "the cat sat" example of the contract, referenced in prose,
/// as a table, in display math and through every kind of filter. It holds no typed decimals,
/// so `worked check` passes on it.
pub const ATTENTION: &str = r#"+++
title = "Attention"
summary = "How tokens look at each other."
weight = 1
keep_going = ["softmax"]
+++

## The example

```attention
name = "cat"
tokens = ["the", "cat", "sat"]
embeddings = [[1, 0], [0, 1], [1, 1]]
w_q = [[1, 0], [1, 2]]
w_k = [[2, 0], [0, 1]]
w_v = [[1, 0], [0, 2]]
```

The token sat puts weight {{cat.weights[sat, the]}} on the and {{cat.weights[3, 3]}} on itself.

The row of the is {{cat.weights[the] | list}}.

{{cat.weights}}

$$A = {{cat.weights}}$$

$$e^{ {{cat.scaled[sat,the]}} } \approx {{cat.scaled[sat,the] | exp | 2dp}}$$

The row sums to {{cat.weights[sat] | sum}}; the query of sat meets the key of the with {{cat.q[sat] | dot(cat.k[the])}}, and to four figures the weight is {{cat.weights[sat, the] | 4sf}}.

Scaling divides by $\sqrt{d_k}$ with $d_k = {{cat.d_k}}$.

The output of sat is {{cat.output[sat]}}.
"#;

/// A second lesson, so keep-going cards, links between pages and the pager have a target.
pub const SOFTMAX: &str = r#"+++
title = "Softmax"
summary = "Turning scores into weights."
weight = 2
keep_going = ["attention"]
+++

## Definition

$$\mathrm{softmax}(x)_i = \frac{e^{x_i}}{\sum_j e^{x_j}}$$

Back to [the example](attention.html#the-example).
"#;

/// The body of the seed example block, for lessons that need their own prose around it.
pub const CAT_BLOCK: &str = r#"```attention
name = "cat"
tokens = ["the", "cat", "sat"]
embeddings = [[1, 0], [0, 1], [1, 1]]
w_q = [[1, 0], [1, 2]]
w_k = [[2, 0], [0, 1]]
w_v = [[1, 0], [0, 2]]
```
"#;

/// A lesson with front matter `title = "<title>"` and the given body.
pub fn lesson(title: &str, body: &str) -> String {
    format!("+++\ntitle = \"{title}\"\n+++\n\n{body}")
}

/// A book folder in a temporary directory, removed when dropped.
pub struct Book {
    dir: TempDir,
}

impl Book {
    /// A book folder with an empty `content/`.
    pub fn empty() -> Book {
        let dir = tempfile::tempdir().expect("a temporary folder");
        std::fs::create_dir(dir.path().join("content")).expect("content/");
        Book { dir }
    }

    /// The seed book: `book.toml`, `content/attention.md` and `content/softmax.md`.
    pub fn seed() -> Book {
        let book = Book::empty();
        book.write("book.toml", "title = \"Test Book\"\n");
        book.write("content/attention.md", ATTENTION);
        book.write("content/softmax.md", SOFTMAX);
        book
    }

    /// A book whose only lesson is `content/<file>` with `text`.
    pub fn with_lesson(file: &str, text: &str) -> Book {
        let book = Book::empty();
        book.write(&format!("content/{file}"), text);
        book
    }

    /// The book folder.
    pub fn root(&self) -> &Path {
        self.dir.path()
    }

    /// A path under the book folder.
    pub fn path(&self, relative: &str) -> PathBuf {
        self.root().join(relative)
    }

    /// Writes a file under the book folder, creating its folders.
    pub fn write(&self, relative: &str, bytes: impl AsRef<[u8]>) {
        let path = self.path(relative);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("create folders");
        }
        std::fs::write(&path, bytes).expect("write fixture file");
    }

    /// Reads a text file under the book folder.
    pub fn read(&self, relative: &str) -> String {
        std::fs::read_to_string(self.path(relative))
            .unwrap_or_else(|error| panic!("cannot read {relative}: {error}"))
    }

    /// Replaces the one occurrence of `from` in a file with `to`.
    pub fn edit(&self, relative: &str, from: &str, to: &str) {
        let text = self.read(relative);
        assert_eq!(
            text.matches(from).count(),
            1,
            "{from:?} should occur once in {relative}"
        );
        self.write(relative, text.replacen(from, to, 1));
    }

    /// Runs `worked` with `args`, in the book folder.
    pub fn run(&self, args: &[&str]) -> Run {
        let output = Command::new(env!("CARGO_BIN_EXE_worked"))
            .args(args)
            .current_dir(self.root())
            .output()
            .expect("the worked binary runs");
        let root = self.root().display().to_string();
        let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).replace(&root, "[ROOT]");
        Run {
            code: output.status.code(),
            stdout: text(&output.stdout),
            stderr: text(&output.stderr),
        }
    }

    /// `worked build --root . --output public`.
    pub fn build(&self) -> Run {
        self.build_into("public")
    }

    /// `worked build --root . --output <output>`.
    pub fn build_into(&self, output: &str) -> Run {
        self.run(&["build", "--root", ".", "--output", output])
    }

    /// `worked check --root .`.
    pub fn check(&self) -> Run {
        self.run(&["check", "--root", "."])
    }

    /// `worked check --root . --site <site>`.
    pub fn check_site(&self, site: &str) -> Run {
        self.run(&["check", "--root", ".", "--site", site])
    }

    /// The `file://` URL of `page` of the site built into `public/`.
    pub fn url(&self, page: &str) -> String {
        format!("file://{}", self.path("public").join(page).display())
    }

    /// Every file under `relative` (a folder of the book), by slash-separated path.
    pub fn files(&self, relative: &str) -> BTreeMap<String, Vec<u8>> {
        files_under(&self.path(relative))
    }

    /// Names of the entries directly in the book folder, sorted.
    pub fn top_level(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(self.root())
            .expect("list the book folder")
            .map(|entry| {
                entry
                    .expect("an entry")
                    .file_name()
                    .to_string_lossy()
                    .into()
            })
            .collect();
        names.sort();
        names
    }
}

/// Every file under `dir`, by slash-separated path relative to it.
pub fn files_under(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .map(|entry| entry.expect("walk the folder"))
        .filter(|entry| entry.file_type().is_file())
        .map(|entry| {
            let relative = entry
                .path()
                .strip_prefix(dir)
                .expect("under the folder")
                .components()
                .map(|part| part.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/");
            let bytes = std::fs::read(entry.path()).expect("read an output file");
            (relative, bytes)
        })
        .collect()
}

/// What one run of the binary did.
#[derive(Debug)]
pub struct Run {
    /// The exit code (`None` if killed by a signal).
    pub code: Option<i32>,
    /// Standard output, with the book folder's path replaced by `[ROOT]`.
    pub stdout: String,
    /// Standard error, with the book folder's path replaced by `[ROOT]`.
    pub stderr: String,
}

impl Run {
    /// Asserts the run exited with `code`, showing both streams if not.
    #[track_caller]
    pub fn exits_with(&self, code: i32) -> &Self {
        assert_eq!(
            self.code,
            Some(code),
            "expected exit code {code}\n--- stdout\n{}\n--- stderr\n{}",
            self.stdout,
            self.stderr
        );
        self
    }

    /// Asserts the run succeeded.
    #[track_caller]
    pub fn succeeds(&self) -> &Self {
        self.exits_with(0)
    }

    /// Asserts standard error contains `needle`.
    #[track_caller]
    pub fn stderr_has(&self, needle: &str) -> &Self {
        assert!(
            self.stderr.contains(needle),
            "stderr should contain {needle:?}\n--- stderr\n{}",
            self.stderr
        );
        self
    }

    /// Asserts standard output contains `needle`.
    #[track_caller]
    pub fn stdout_has(&self, needle: &str) -> &Self {
        assert!(
            self.stdout.contains(needle),
            "stdout should contain {needle:?}\n--- stdout\n{}",
            self.stdout
        );
        self
    }
}

/// `path:line:column` of the first occurrence of `needle` in `text` (columns in characters,
/// both from 1), computed from the fixture itself so the expected place is exact.
#[track_caller]
pub fn place(path: &str, text: &str, needle: &str) -> String {
    place_nth(path, text, needle, 1)
}

/// Like [`place`], for the `nth` occurrence (from 1) of `needle`.
#[track_caller]
pub fn place_nth(path: &str, text: &str, needle: &str, nth: usize) -> String {
    let offset = text
        .match_indices(needle)
        .nth(nth - 1)
        .unwrap_or_else(|| panic!("{needle:?} occurs fewer than {nth} times in the fixture"))
        .0;
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |at| at + 1);
    let column = text[line_start..offset].chars().count() + 1;
    format!("{path}:{line}:{column}")
}

/// The text of the element that carries `data-ref="<reference>"`, e.g. `0.187`.
#[track_caller]
pub fn shown_value(html: &str, reference: &str) -> String {
    let marker = format!("data-ref=\"{reference}\">");
    let start = html
        .find(&marker)
        .unwrap_or_else(|| panic!("no element with {marker} in the page"))
        + marker.len();
    let end = start + html[start..].find('<').expect("a closing tag");
    html[start..end].to_string()
}

/// `html` without KaTeX's MathML `<annotation>` elements, which keep the TeX source on purpose.
pub fn without_annotations(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(start) = rest.find("<annotation") {
        out.push_str(&rest[..start]);
        match rest[start..].find("</annotation>") {
            Some(end) => rest = &rest[start + end + "</annotation>".len()..],
            None => {
                rest = "";
                break;
            }
        }
    }
    out.push_str(rest);
    out
}

/// This repository's own book, built by the binary into `public/` of a temporary folder, once
/// per test binary: every caller only reads it (a test that changes a book builds its own copy).
/// The folder is removed when the test binary exits. With `WORKED_KEEP_SHIPPED_SITE=<folder>`
/// the built site is also copied there and kept, so CI checks it with `worked check --site`
/// instead of building the book a second time.
pub fn build_repository_book() -> &'static TempDir {
    static BUILT: OnceLock<TempDir> = OnceLock::new();
    BUILT.get_or_init(|| {
        let output = tempfile::tempdir().unwrap();
        let run = Command::new(env!("CARGO_BIN_EXE_worked"))
            .args(["build", "--root", env!("CARGO_MANIFEST_DIR"), "--output"])
            .arg(output.path().join("public"))
            .output()
            .unwrap();
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
        remove_at_exit(output.path());
        if let Some(kept) = std::env::var_os("WORKED_KEEP_SHIPPED_SITE") {
            copy_folder(&output.path().join("public"), Path::new(&kept));
        }
        output
    })
}

/// Replaces `to` with a copy of the folder `from`.
fn copy_folder(from: &Path, to: &Path) {
    if to.exists() {
        std::fs::remove_dir_all(to).unwrap_or_else(|e| panic!("remove {}: {e}", to.display()));
    }
    for entry in walkdir::WalkDir::new(from) {
        let entry = entry.expect("walk the built site");
        let target = to.join(entry.path().strip_prefix(from).unwrap());
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target)
        } else {
            std::fs::copy(entry.path(), &target).map(drop)
        }
        .unwrap_or_else(|e| panic!("copy to {}: {e}", target.display()));
    }
}

/// Folders that statics hold (statics are never dropped), removed when the test binary exits.
static REMOVE_AT_EXIT: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Removes `folder` when the test binary exits.
pub fn remove_at_exit(folder: &Path) {
    static REGISTERED: OnceLock<()> = OnceLock::new();
    extern "C" fn remove_all() {
        if let Ok(folders) = REMOVE_AT_EXIT.try_lock() {
            for folder in folders.iter() {
                let _ = std::fs::remove_dir_all(folder);
            }
        }
    }
    REGISTERED.get_or_init(|| {
        // SAFETY: registers a plain function with no arguments to run at exit.
        unsafe { libc::atexit(remove_all) };
    });
    REMOVE_AT_EXIT
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .push(folder.to_path_buf());
}

/// The shipped book, built once per test binary (see [`build_repository_book`]).
pub struct ShippedSite {
    dir: &'static TempDir,
}

impl ShippedSite {
    /// The repository's own book, built by `worked build` on first use.
    pub fn build() -> ShippedSite {
        ShippedSite {
            dir: build_repository_book(),
        }
    }

    /// The built site's folder.
    pub fn root(&self) -> PathBuf {
        self.dir.path().join("public")
    }

    /// Every HTML page, as paths from the site root, in name order.
    pub fn pages(&self) -> Vec<String> {
        let root = self.root();
        let mut pages: Vec<String> = walkdir::WalkDir::new(&root)
            .into_iter()
            .map(|entry| entry.expect("walk the site").into_path())
            .filter(|path| path.extension().and_then(|e| e.to_str()) == Some("html"))
            .map(|path| {
                let relative = path.strip_prefix(&root).unwrap();
                relative.to_string_lossy().replace('\\', "/")
            })
            .collect();
        pages.sort();
        assert!(pages.len() >= 6, "the shipped book has pages: {pages:?}");
        pages
    }

    /// The `file://` URL of `page`.
    pub fn url(&self, page: &str) -> String {
        format!("file://{}", self.root().join(page).display())
    }
}
