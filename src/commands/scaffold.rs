//! `worked new` and `worked init`: start a lesson or a whole book from a working example.
//!
//! Input: where to write, and a title. Output: new files only; an existing file or a folder
//! that is not empty is refused, so a scaffold never overwrites an author's work. What the
//! scaffolds write builds and passes `worked check` as written (a test holds them to it).

use super::exit;
use crate::load::content::{slug_problem, CONTENT_DIR};
use std::path::{Component, Path, PathBuf};

/// The lesson `worked init` writes: a program in the compute language, references, a figure, a
/// widget and an exercise, so the first page a new author sees shows the language.
const FIRST_LESSON: &str = r#"+++
title = "Softmax, computed"
weight = 1
summary = "Three scores become three probabilities; change the temperature and watch them move."
+++

## Scores become probabilities

A model scores three words that could come next. The softmax turns scores into
probabilities: it divides each score by a temperature, exponentiates it and divides by the sum.

```compute
name = "next"
cols = ["cat", "dog", "fish"]
steps = """
e = exp(z / t)
total = sum(e)
p = e / total
"""

[inputs]
z = [2, 1, 0]
t = 1
```

The exponentials sum to {{next.total}}, so "cat" gets probability {{next.p[cat]}} and
"fish" only {{next.p[fish]}}:

$$\mathbf{p} = {{next.p}}$$

Every number on this page is computed by `worked build` from the block above: change a
score there and rebuild, or run `worked eval` on this file to list every value.

```figure
example = "next"
step = "p"
caption = "The three probabilities."
```

## Try it

Raise the temperature and the probabilities flatten; lower it and "cat" takes almost all.

```widget
example = "next"
```

## Check yourself

```exercise
name = "fish"
question = """
Which probability does "fish" get?
"""
answer = "next.p[fish]"
hints = ["Divide its exponential by the sum of all three."]
solution = """
Its exponential over the sum: {{next.p[fish]}}.
"""
```
"#;

/// Runs `worked new`: writes one lesson at `path` (under `content/` of the book at `root`).
pub fn run_new(root: &Path, path: &Path, title: Option<&str>) -> u8 {
    if let Err(code) = super::require_book_folder(root) {
        return code;
    }
    let Some(relative) = place_in_content(root, path) else {
        eprintln!(
            "error: {} is not a path inside {CONTENT_DIR}/",
            path.display()
        );
        eprintln!("  help: write it like `part/chapter.md`, relative to {CONTENT_DIR}/");
        return exit::USAGE_OR_IO;
    };
    if let Some(link) = linked_folder(&root.join(CONTENT_DIR), &relative) {
        eprintln!(
            "error: {} is a symbolic link; worked new writes only inside {CONTENT_DIR}/",
            link.display()
        );
        eprintln!(
            "  help: lessons under a linked folder are not part of the book; use a real folder"
        );
        return exit::USAGE_OR_IO;
    }
    let mut file = root.join(CONTENT_DIR).join(relative);
    if file.extension().is_none_or(|ext| ext != "md") {
        file.set_extension("md");
    }
    let stem = file
        .file_stem()
        .map(|stem| stem.to_string_lossy().into_owned())
        .unwrap_or_default();
    let is_section = matches!(stem.as_str(), "index" | "README");
    if !is_section {
        if let Some(problem) = slug_problem(&stem) {
            eprintln!("error: the file name \"{stem}\" {problem}");
            eprintln!(
                "  help: lesson file names become URLs: lowercase letters, digits, `-` and `_`"
            );
            return exit::USAGE_OR_IO;
        }
    }
    let title = match title {
        Some(title) if !title.trim().is_empty() => title.to_string(),
        _ if is_section => readable(
            &file
                .parent()
                .and_then(Path::file_name)
                .map(|name| name.to_string_lossy().into_owned())
                .unwrap_or_default(),
        ),
        _ => readable(&stem),
    };
    let lesson = new_lesson(&title);
    match write_new(&file, &lesson) {
        Ok(()) => {
            println!("Wrote {}", file.display());
            exit::OK
        }
        Err(message) => {
            eprintln!("error: {message}");
            exit::USAGE_OR_IO
        }
    }
}

/// Where `path` is inside `content/`: `part/x.md`, `content/part/x.md`, or an absolute path that
/// names a place inside the book's `content/` folder (`/home/me/book/content/part/x.md`). `None`
/// for anything that leaves it.
fn place_in_content(root: &Path, path: &Path) -> Option<PathBuf> {
    let relative = if path.is_absolute() {
        let path = lexically_normal(path);
        let written = std::path::absolute(root)
            .ok()
            .map(|root| lexically_normal(&root));
        let resolved = root.canonicalize().ok();
        [written, resolved].into_iter().flatten().find_map(|root| {
            path.strip_prefix(root.join(CONTENT_DIR))
                .ok()
                .map(Path::to_path_buf)
        })?
    } else {
        path.strip_prefix(CONTENT_DIR).unwrap_or(path).to_path_buf()
    };
    let inside = relative.components().next().is_some()
        && relative
            .components()
            .all(|part| matches!(part, Component::Normal(_)));
    inside.then_some(relative)
}

/// `path` with `.` left out and each `..` taking away the name before it, without asking the
/// file system (the lesson and its folders may not exist yet).
fn lexically_normal(path: &Path) -> PathBuf {
    let mut normal = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                normal.pop();
            }
            other => normal.push(other),
        }
    }
    normal
}

/// The README of a new book: the commands, and where the manual is (a worked book kept with
/// worked's own sources, so it matches the version that wrote the book).
const BOOK_README: &str = "# A worked book\n\nLessons are the Markdown files in `content/`; `book.toml` holds the book's settings.\n\n```sh\nworked serve    # preview at http://127.0.0.1:1111/ while you write\nworked check    # every number, reference, formula and link proven\nworked build    # the site, into public/\n```\n\nThe manual (getting started, writing lessons, the compute language, widgets, checks and\nevery setting) is a worked book itself, in the `docs/` folder of worked's sources: build it with\n`worked build --root docs --output public-docs` there.\n";

/// Runs `worked init`: writes a small book into `dir`, which must be empty or new.
pub fn run_init(dir: &Path) -> u8 {
    if dir.exists() {
        let empty = std::fs::read_dir(dir).map(|mut entries| entries.next().is_none());
        match empty {
            Ok(true) => {}
            Ok(false) => {
                eprintln!("error: {} is not empty", dir.display());
                eprintln!("  help: choose a new folder; worked init never overwrites files");
                return exit::USAGE_OR_IO;
            }
            Err(error) => {
                eprintln!("error: cannot use {}: {error}", dir.display());
                return exit::USAGE_OR_IO;
            }
        }
    }
    let name = std::path::absolute(dir)
        .ok()
        .and_then(|path| {
            path.file_name()
                .map(|name| name.to_string_lossy().into_owned())
        })
        .unwrap_or_else(|| "A worked book".to_string());
    let book_toml = format!(
        "title = {}\ndescription = \"A book in which every number is computed.\"\nlanguage = \"en\"\n\n# Book-wide KaTeX macros, usable in every formula.\n[math.macros]\nR = \"\\\\mathbb{{R}}\"\n",
        toml_string(&readable(&name))
    );
    let files: [(PathBuf, &str); 3] = [
        (dir.join("book.toml"), &book_toml),
        (dir.join(CONTENT_DIR).join("softmax.md"), FIRST_LESSON),
        (dir.join("README.md"), BOOK_README),
    ];
    for (path, text) in &files {
        if let Err(message) = write_new(path, text) {
            eprintln!("error: {message}");
            return exit::USAGE_OR_IO;
        }
    }
    println!(
        "Wrote a book to {0}. Next:\n  worked serve --root {0}    # preview while you write\n  worked build --root {0}    # the site, into public/",
        dir.display()
    );
    exit::OK
}

/// A new lesson: front matter, a small program in the compute language with references, a
/// widget to edit its inputs and an exercise on it, so the first page shows the language.
fn new_lesson(title: &str) -> String {
    format!(
        r#"+++
title = {}
summary = ""
+++

## A first example

```compute
name = "mean"
steps = """
total = sum(x)
average = mean(x)
"""

[inputs]
x = [2, 4, 9]
```

The numbers {{{{mean.x | list}}}} sum to {{{{mean.total}}}} and average {{{{mean.average}}}}. Change
one in the widget below and every value follows; `worked eval` on this file lists them all.

```widget
example = "mean"
```

## Check yourself

```exercise
name = "first-sum"
question = """
What do {{{{mean.x | list}}}} sum to?
"""
answer = "mean.total"
hints = ["Add them one at a time."]
solution = """
They sum to {{{{mean.total}}}}, {{{{mean.average}}}} on average.
"""
```
"#,
        toml_string(title)
    )
}

/// The first folder on the way from `content` to `relative` that is a symbolic link: writing
/// through it would put the lesson outside the book (and the build does not follow it).
fn linked_folder(content: &Path, relative: &Path) -> Option<PathBuf> {
    let mut path = content.to_path_buf();
    let folders = relative.parent()?;
    for part in folders.components() {
        path.push(part);
        if std::fs::symlink_metadata(&path).is_ok_and(|metadata| metadata.file_type().is_symlink())
        {
            return Some(path);
        }
    }
    None
}

/// Creates `path` (and its folders) with `text`; an existing file is an error.
fn write_new(path: &Path, text: &str) -> Result<(), String> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)
            .map_err(|error| format!("cannot create {}: {error}", parent.display()))?;
    }
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(|error| match error.kind() {
            std::io::ErrorKind::AlreadyExists => {
                format!("{} exists already; nothing was written", path.display())
            }
            _ => format!("cannot create {}: {error}", path.display()),
        })?;
    std::io::Write::write_all(&mut file, text.as_bytes())
        .map_err(|error| format!("cannot write {}: {error}", path.display()))
}

/// A title made from a file or folder name, with a fallback for an empty one.
fn readable(name: &str) -> String {
    let title = crate::book::navigation::readable_name(name);
    if title.is_empty() {
        "A new lesson".to_string()
    } else {
        title
    }
}

/// A TOML basic string holding `text`.
fn toml_string(text: &str) -> String {
    toml::Value::String(text.to_string()).to_string()
}
