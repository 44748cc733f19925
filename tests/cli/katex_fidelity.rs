//! Fidelity of the native typesetter: every formula of the shipped book, plus a generated corpus of
//! over 2,000 formulas (matrices, `aligned`, `cases`, `\left…\right`, accents, `\operatorname`,
//! sizes, colours, macros, and deliberate mistakes) and over 3,000 in the styles real mdBook books
//! use (`tests/katex-book-corpus.txt`, written by `tests/js/tools/book-corpus.mjs`: book macros,
//! `align`, `\left…\right`, `\text{…}`, cases, matrices, `\sqrt x` without braces), is typeset by `worked::layout::math` (katex-rs) and
//! by KaTeX 0.18.5 itself in Node (`tests/js/katex-fidelity.mjs`, the npm package pinned in
//! `package.json`).
//!
//! The two must agree on success or failure for every formula, and their HTML must be equal
//! after sorting attributes and repairing KaTeX's loose named operators in MathML as `worked`
//! does (`worked::layout::math::mathml`), except for the formulas listed in
//! `tests/katex-known-differences.txt`. That list is reviewed, not guessed: every formula on it is
//! rendered both ways in headless Chromium with KaTeX 0.18.5's CSS and fonts at 16 px and must
//! give identical pixels, or differ only by a sub-pixel delimiter size when marked `subpixel`.
//! A new difference, or a listed formula that no longer differs, fails the test with what to do.
//! `KATEX_FIDELITY_BLESS=1 cargo test --test cli katex` rewrites the list from today's
//! differences (after a katex-rs upgrade, say); the pixel check still has to pass.
//!
//! Without Node and the npm packages (or Chromium) the test skips loudly, and fails under CI=true.
//!
//! The whole check runs when the typesetter may have changed: when the hash of its sources
//! (`vendor/katex-rs/` and `src/layout/math*`, every file's path and bytes) differs from the one recorded
//! at the last full run in `tests/katex-full-run.txt`, or with `KATEX_FIDELITY_FULL=1`. A full
//! run that passes says the hash to record (`KATEX_FIDELITY_BLESS=1` records it). Otherwise a
//! fixed sample runs: every formula of the shipped book and every listed difference, every
//! [`SAMPLE_EVERY`]th formula of the two corpora, and the pixel check of every
//! [`SAMPLE_EVERY`]th listed difference (positions in corpus and list order, so the sample is the
//! same on every run).

use crate::common::tool_available;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;
use worked::layout::math::mathml::formula_tex;
use worked::layout::math::mathml::repair;
use worked::layout::math::{typeset_all, Formula, MathSettings};

/// The sampled run takes every this-many-th formula of the corpora and listed difference.
const SAMPLE_EVERY: usize = 8;

/// Where the hash of the typesetter's sources at the last full run is recorded.
const FULL_RUN_RECORD: &str = "tests/katex-full-run.txt";

/// FNV-1a over every file of `vendor/katex-rs/` and `src/layout/math*` (path and bytes, in path order).
fn typesetter_hash() -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<std::path::PathBuf> = ["vendor/katex-rs", "src/layout"]
        .iter()
        .flat_map(|folder| walkdir::WalkDir::new(root.join(folder)))
        .map(|entry| entry.expect("walk the typesetter's sources").into_path())
        .filter(|path| path.is_file())
        .filter(|path| {
            let relative = path.strip_prefix(root).unwrap();
            relative.starts_with("vendor/katex-rs")
                || relative.to_string_lossy().starts_with("src/layout/math")
        })
        .collect();
    files.sort();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for path in files {
        let relative = path
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let bytes = std::fs::read(&path).expect("read a typesetter source");
        for byte in relative.bytes().chain([0]).chain(bytes) {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    format!("{hash:016x}")
}

/// Whether the whole check runs (see the module doc), with the typesetter's hash.
fn full_run() -> (bool, String) {
    let hash = typesetter_hash();
    let recorded =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(FULL_RUN_RECORD))
            .unwrap_or_default();
    let recorded = recorded
        .lines()
        .find(|line| !line.starts_with('#'))
        .unwrap_or("")
        .trim()
        .to_string();
    let forced = std::env::var_os("KATEX_FIDELITY_FULL").is_some()
        || std::env::var_os("KATEX_FIDELITY_BLESS").is_some();
    (forced || recorded != hash, hash)
}

/// Book-wide macros the corpus uses, given to both typesetters.
const MACROS: [(&str, &str); 10] = [
    (r"\R", r"\mathbb{R}"),
    (r"\abs", r"\left\lvert #1 \right\rvert"),
    (r"\set", r"\left\{ #1 \right\}"),
    (r"\given", r"\mid"),
    (r"\Var", r"\operatorname{Var}"),
    (r"\vect", r"\boldsymbol{#1}"),
    (r"\norm", r"\left\lVert #1 \right\rVert"),
    (r"\inner", r"\langle #1, #2 \rangle"),
    (r"\E", r"\operatorname{\mathbb{E}}"),
    (r"\softmax", r"\operatorname{softmax}"),
];

/// Expressions of varied height and kind that the wrappers below are applied to.
const BASES: [&str; 22] = [
    "x",
    "x_i",
    "x^2",
    "a+b",
    r"\alpha_{ij}",
    r"\frac{1}{2}",
    r"\frac{a}{b+c}",
    r"\sqrt{d_k}",
    r"\sqrt[3]{x}",
    r"\sum_{i=1}^{n} x_i",
    r"\int_0^1 f(x)\,dx",
    r"e^{-x^2}",
    r"QK^\top",
    r"\binom{n}{k}",
    r"\lim_{n\to\infty} a_n",
    r"\mathbf{W}_Q",
    r"\hat{y}",
    r"\log p(x)",
    r"\prod_{j} q_j",
    r"f'(x)",
    r"\overline{z}",
    r"x_{t-1}^{(2)}",
];

/// Ways to wrap a base `@`: each kind the issue names, several times over.
const WRAPPERS: [&str; 103] = [
    "@",
    "{@}",
    r"\left(@\right)",
    r"\left[@\right]",
    r"\left\{@\right\}",
    r"\left|@\right|",
    r"\left\|@\right\|",
    r"\left\langle @\right\rangle",
    r"\left\lfloor @\right\rfloor",
    r"\left\lceil @\right\rceil",
    r"\left.@\right|_{0}",
    r"\left(\frac{@}{2}\right)",
    r"\begin{pmatrix}@ & 0\\0 & @\end{pmatrix}",
    r"\begin{bmatrix}@ & 1 & 2\\3 & @ & 4\\5 & 6 & @\end{bmatrix}",
    r"\begin{vmatrix}@ & 1\\2 & 3\end{vmatrix}",
    r"\begin{Bmatrix}@\end{Bmatrix}",
    r"\begin{matrix}@ & @\\B & @\end{matrix}",
    r"\begin{smallmatrix}@ & 1\\1 & @\end{smallmatrix}",
    r"\begin{pmatrix}@\\B\\B\end{pmatrix}",
    r"\begin{array}{cc}@ & 1\\2 & @\end{array}",
    r"\begin{aligned}y &= @\\&= 0\end{aligned}",
    r"\begin{aligned}a &= @ & b &= 1\end{aligned}",
    r"\begin{gathered}@\\B\end{gathered}",
    r"\begin{cases}@ & x>0\\0 & \text{otherwise}\end{cases}",
    r"\begin{cases}@\\1\end{cases}",
    r"\begin{rcases}@ & a\\b & c\end{rcases}",
    r"\hat{@}",
    r"\bar{@}",
    r"\vec{@}",
    r"\tilde{@}",
    r"\dot{@}",
    r"\ddot{@}",
    r"\widehat{@}",
    r"\widetilde{@}",
    r"\overline{@}",
    r"\underline{@}",
    r"\overrightarrow{@}",
    r"\overbrace{@}^{n}",
    r"\underbrace{@}_{k}",
    r"\check{@}",
    r"\breve{@}",
    r"\acute{@}",
    r"\operatorname{softmax}(@)",
    r"\operatorname*{argmax}_{i} @",
    r"\operatorname{diag}(@)",
    r"\mathrm{d}@",
    r"\mathbf{@}",
    r"\mathit{@}",
    r"\mathsf{@}",
    r"\mathtt{@}",
    r"\mathcal{L}(@)",
    r"\mathbb{E}[@]",
    r"\mathfrak{g} @",
    r"\boldsymbol{@}",
    r"\text{if } @",
    r"\tiny @",
    r"\small @",
    r"\large @",
    r"\Large @",
    r"\huge @",
    r"\big( @ \big)",
    r"\Big[ @ \Big]",
    r"\bigg\{ @ \bigg\}",
    r"\Bigg| @ \Bigg|",
    r"\displaystyle @",
    r"\textstyle @",
    r"\scriptstyle @",
    r"\scriptscriptstyle @",
    r"\color{red} @",
    r"\textcolor{blue}{@}",
    r"\color{#1a7f37}{@}",
    r"\colorbox{yellow}{$@$}",
    r"\fcolorbox{red}{white}{$@$}",
    r"{\color{teal} @} + 1",
    r"\R^{@}",
    r"\norm{@}",
    r"\inner{@}{v}",
    r"\E[@]",
    r"\softmax(@)",
    r"\def\f#1{#1^2}\f{@}",
    r"\newcommand{\g}[1]{\tilde{#1}}\g{@}",
    r"@ \cdot @",
    r"@ \times @",
    r"@ \le @",
    r"@ \to @",
    r"@ \Rightarrow @",
    r"@, @, \ldots, @",
    r"@ \quad @",
    r"@ \! @",
    r"\frac{@}{@}",
    r"\dfrac{@}{1}",
    r"\tfrac{1}{@}",
    r"\sqrt{@}",
    r"@^{@}",
    r"@_{@}",
    r"\sum_{@} @",
    r"\boxed{@}",
    r"\cancel{@}",
    r"\phantom{@} @",
    r"\underset{@}{\arg\max}",
    r"\stackrel{@}{=}",
    r"\xrightarrow{@}",
    r"\tag{1} @",
];

/// Mistakes both typesetters must refuse.
const MISTAKES: [&str; 12] = [
    r"\frac{1}",
    r"x^",
    r"\nosuchcommand",
    r"\begin{pmatrix}1\end{bmatrix}",
    r"\left( x",
    r"x \right)",
    r"{x",
    r"x}",
    r"\sqrt[",
    r"a_b_c",
    r"x^{2}^{3}",
    r"\begin{nosuchenv}x\end{nosuchenv}",
];

/// The generated corpus: every wrapper around every base, both display modes for some, and the
/// mistakes. `\tag` is display-only in KaTeX, so it is a mistake inline: kept, both must agree.
fn generated_corpus() -> Vec<Formula> {
    let mut formulas = Vec::new();
    for (w, wrapper) in WRAPPERS.iter().enumerate() {
        for (b, base) in BASES.iter().enumerate() {
            formulas.push(Formula {
                tex: wrapper.replace('@', base),
                display: (w + b) % 3 == 0,
            });
        }
    }
    for mistake in MISTAKES {
        for display in [false, true] {
            formulas.push(Formula {
                tex: mistake.to_string(),
                display,
            });
        }
    }
    formulas
}

/// `tests/katex-book-corpus.txt`: `inline|display<TAB>tex` per line, `#` lines are comments.
fn book_style_corpus() -> Vec<Formula> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/katex-book-corpus.txt");
    let text = std::fs::read_to_string(&path).expect("read the book-style corpus");
    text.lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| {
            let (mode, tex) = line.split_once('\t').expect("mode<TAB>tex");
            Formula {
                tex: tex.to_string(),
                display: mode == "display",
            }
        })
        .collect()
}

/// Every formula of the shipped book as typeset: `worked build` writes KaTeX's MathML, whose
/// `<annotation encoding="application/x-tex">` holds the TeX after references were expanded.
/// `print.html` is left out: it repeats the lessons' formulas as bare MathML, without the
/// `katex-display` wrapper that tells a display formula from an inline one.
fn book_formulas() -> Vec<Formula> {
    let site = crate::support::ShippedSite::build();
    let mut formulas = BTreeSet::new();
    for page in site
        .pages()
        .into_iter()
        .filter(|page| *page != "print.html")
    {
        let html = std::fs::read_to_string(site.root().join(page)).expect("read page");
        formulas.extend(annotated_formulas(&html));
    }
    formulas.into_iter().collect()
}

/// The formulas in a page, from KaTeX's TeX annotations; display formulas sit in `katex-display`.
fn annotated_formulas(html: &str) -> Vec<Formula> {
    html.match_indices(r#"<annotation encoding="application/x-tex">"#)
        .map(|(at, _)| {
            let before = &html[..at];
            let display = before.rfind(r#"class="katex""#).is_some_and(|katex| {
                before[..katex].ends_with(r#"<span class="katex-display"><span "#)
            });
            Formula {
                tex: formula_tex(&html[at..]),
                display,
            }
        })
        .collect()
}

#[derive(Serialize)]
struct Case<'a> {
    tex: &'a str,
    display: bool,
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    html: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
}

#[derive(Deserialize)]
struct Outcome {
    agree: usize,
    differences: Vec<Difference>,
}

#[derive(Deserialize)]
struct Difference {
    tex: String,
    display: bool,
    rust: String,
    katex: String,
}

/// `tests/katex-known-differences.txt`: `inline|display [subpixel] <TAB> tex` per line.
fn known_differences() -> BTreeMap<(bool, String), bool> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/katex-known-differences.txt");
    let text = std::fs::read_to_string(&path).expect("read the known differences");
    text.lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| {
            let (head, tex) = line.split_once('\t').expect("mode<TAB>tex");
            let display = head.starts_with("display");
            ((display, tex.to_string()), head.ends_with("subpixel"))
        })
        .collect()
}

/// Rewrites the known-differences file with today's differences, keeping the header and every
/// `subpixel` mark; the pixel check that follows still decides whether they pass.
fn bless_known_differences(differences: &[Difference]) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/katex-known-differences.txt");
    let old = std::fs::read_to_string(&path).expect("read the known differences");
    let subpixel = known_differences();
    let mut text: String = old
        .lines()
        .take_while(|line| line.starts_with('#'))
        .map(|line| format!("{line}\n"))
        .collect();
    let mut lines: Vec<String> = differences
        .iter()
        .map(|difference| {
            let key = (difference.display, difference.tex.clone());
            format!(
                "{}{}\t{}\n",
                if difference.display {
                    "display"
                } else {
                    "inline"
                },
                if subpixel.get(&key) == Some(&true) {
                    " subpixel"
                } else {
                    ""
                },
                difference.tex
            )
        })
        .collect();
    lines.sort();
    lines.dedup();
    text.extend(lines);
    std::fs::write(&path, text).expect("write the known differences");
}

fn katex_installed() -> Result<(), String> {
    crate::common::node()?;
    let package = Path::new(env!("CARGO_MANIFEST_DIR")).join("node_modules/katex/package.json");
    if package.exists() {
        Ok(())
    } else {
        Err("the katex npm package is not installed (node_modules/katex)".to_string())
    }
}

#[test]
fn the_native_typesetter_matches_katex_0_18_5() {
    if !tool_available(
        "the_native_typesetter_matches_katex_0_18_5",
        katex_installed(),
        "agreement with KaTeX 0.18.5",
        "install Node.js and run `npm ci` at the repo root",
    ) {
        return;
    }
    let mut formulas = book_formulas();
    let from_book = formulas.len();
    assert!(
        from_book > 100,
        "the book's formulas were found: {from_book}"
    );
    formulas.extend(generated_corpus());
    assert!(formulas.len() >= 2_000 + from_book);
    let book_style = book_style_corpus();
    assert!(book_style.len() >= 3_000, "{}", book_style.len());
    formulas.extend(book_style);
    let (full, hash) = full_run();
    let known = known_differences();
    if !full {
        let mut position = 0;
        formulas.retain(|formula| {
            position += 1;
            position <= from_book
                || (position - from_book - 1) % SAMPLE_EVERY == 0
                || known.contains_key(&(formula.display, formula.tex.clone()))
        });
    }
    let settings = MathSettings {
        macros: MACROS
            .iter()
            .map(|(name, body)| (name.to_string(), body.to_string()))
            .collect(),
        ..MathSettings::default()
    };
    let results = typeset_all(&formulas, &settings);
    let cases: Vec<Case<'_>> = formulas
        .iter()
        .zip(&results)
        .map(|(formula, result)| Case {
            tex: &formula.tex,
            display: formula.display,
            ok: result.is_ok(),
            html: result.as_ref().ok().map(String::as_str),
            error: result.as_ref().err().map(|error| error.message.as_str()),
        })
        .collect();
    let macros: BTreeMap<&str, &str> = MACROS.into_iter().collect();
    let dir = tempfile::tempdir().expect("temp dir");
    let cases_path = dir.path().join("cases.json");
    let out_path = dir.path().join("out.json");
    std::fs::write(
        &cases_path,
        serde_json::to_string(&serde_json::json!({ "macros": macros, "cases": cases })).unwrap(),
    )
    .expect("write cases");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/js/katex-fidelity.mjs");
    let run = Command::new("node")
        .arg(&script)
        .arg(&cases_path)
        .arg(&out_path)
        .output()
        .expect("run node");
    assert!(
        run.status.success(),
        "worked and KaTeX 0.18.5 disagree:\n{}{}",
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr)
    );
    let mut outcome: Outcome =
        serde_json::from_slice(&std::fs::read(&out_path).expect("read outcome")).expect("json");
    assert_eq!(outcome.agree + outcome.differences.len(), formulas.len());
    // worked repairs KaTeX's MathML where it breaks the content model; KaTeX's own markup,
    // repaired the same way, must then be what katex-rs wrote.
    for difference in &mut outcome.differences {
        difference.katex = repair(std::mem::take(&mut difference.katex));
    }
    outcome
        .differences
        .retain(|difference| difference.rust != difference.katex);

    if std::env::var_os("KATEX_FIDELITY_BLESS").is_some() {
        bless_known_differences(&outcome.differences);
    }
    let differing: BTreeSet<(bool, String)> = outcome
        .differences
        .iter()
        .map(|difference| (difference.display, difference.tex.clone()))
        .collect();
    let new: Vec<_> = differing
        .iter()
        .filter(|key| !known.contains_key(key))
        .collect();
    let stale: Vec<_> = known
        .keys()
        .filter(|key| !differing.contains(key))
        .collect();
    assert!(
        new.is_empty(),
        "{} formulas now differ from KaTeX 0.18.5 and are not in tests/katex-known-differences.txt; \
         compare them in Chromium (this test's pixel check) and add them if they look the same:\n{}",
        new.len(),
        new.iter()
            .take(20)
            .map(|(display, tex)| format!("{}\t{tex}", if *display { "display" } else { "inline" }))
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert!(
        stale.is_empty(),
        "these formulas no longer differ; remove them from tests/katex-known-differences.txt: {stale:?}"
    );
    crate::katex_pixels::differences_look_the_same(
        outcome
            .differences
            .iter()
            .enumerate()
            .filter(|(position, _)| full || position % SAMPLE_EVERY == 0)
            .map(|(_, difference)| crate::katex_pixels::Pair {
                tex: &difference.tex,
                display: difference.display,
                rust: &difference.rust,
                katex: &difference.katex,
                subpixel: known[&(difference.display, difference.tex.clone())],
            })
            .collect(),
    );
    if full {
        record_full_run(&hash);
    }
}

/// After a passing full run: records the typesetter's hash with `KATEX_FIDELITY_BLESS=1`, or says
/// to (so that later runs take the sample until the typesetter changes again).
fn record_full_run(hash: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(FULL_RUN_RECORD);
    let recorded = std::fs::read_to_string(&path).unwrap_or_default();
    if recorded.lines().any(|line| line.trim() == hash) {
        return;
    }
    if std::env::var_os("KATEX_FIDELITY_BLESS").is_some() {
        std::fs::write(
            &path,
            format!(
                "# The hash of vendor/katex-rs/ and src/layout/math* at the last full KaTeX fidelity run that passed\n\
                 # (tests/cli/katex_fidelity.rs); while it matches, the test runs its fixed sample.\n{hash}\n"
            ),
        )
        .expect("record the full run");
        return;
    }
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr(),
        "\n\n*** The KaTeX fidelity check ran in full and passed for typesetter sources {hash}. \
         Record it so that later runs take the sample: KATEX_FIDELITY_BLESS=1 cargo test --test cli katex \
         (or write {hash} as the last line of {FULL_RUN_RECORD}). ***\n"
    );
}
