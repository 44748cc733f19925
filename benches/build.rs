//! Build benchmark: generates a synthetic book (1,000 lessons of ~1,500 words, ~20 inline and
//! ~5 display formulas each, some of them 3×3 matrices, plus an attention example with
//! references and a `.md` link to another lesson) and builds it twice: once kept flat in
//! `content/`, once the same lessons nested three folders deep (10 parts × 10 chapters × 10
//! lessons), printing for each lessons/s, formulas/s, the search index's size and peak memory,
//! then the nested build's time relative to the flat one.
//!
//! Run with `cargo bench --bench build` (optionally `-- LESSONS` for another size, and `flat`
//! or `nested` for one layout only). This is a measurement, not a test: it asserts nothing
//! about time.
//!
//! `cargo bench --bench build -- --versus-mdbook [LESSONS]` writes the same synthetic Markdown
//! twice, as a `worked` book and as an mdBook project with the mdbook-katex preprocessor, and
//! times `worked build` against `mdbook build` side by side: alternating, three runs each, the
//! medians compared, with each one's CPU time and peak memory; then it builds the same book
//! with `[math] output = "mathml"` and prints what that writes per lesson. The peers are installed with
//! `cargo install --locked mdbook@0.5.4 mdbook-katex@0.10.0`; without them the comparison is
//! skipped with a notice.
//!
//! `cargo bench --bench build -- --serve [LESSONS]` starts `worked serve` on the flat book and
//! times five saves of one lesson, each from the save to the moment an open page is told to
//! reload.
//!
//! `cargo bench --bench build -- --prose-edits` times what `serve` does after a one-sentence
//! prose edit in each lesson of the shipped book (the cached rebuild), with its stages, how
//! many examples it evaluated and how many of their numbers it formatted, and prints the worst.
//!
//! `cargo bench --bench build -- --vary-cost` checks a one-lesson book whose compute example
//! takes about a second (a long loop), first alone, then with three `[vary]` exercises whose
//! numbers read its cheap steps, and prints both times and their ratio (the exercises' 150
//! seeds run only the steps they read, so the ratio should stay under 2).
//!
//! `cargo bench --bench build -- --import-mdbook-books SRC…` times, as `--import-mdbook` below, real mdBook
//! folders, side by side in one run, `worked build` of each imported book alone and with the
//! import before it, with ratios per book and over all of them, and counts the
//! heading ids of mdBook's pages that the imported book's same pages lack (links that would break).
//!
//! `cargo bench --bench build -- --import-mdbook` measures `worked import mdbook`: it writes an
//! mdBook + mdbook-katex book (10 parts × 10 chapters, half of them nested, 5,000 formulas, a
//! macros file, every chapter including an anchored listing and a shared Markdown piece), and
//! times `worked import mdbook` followed by `worked build` of the import against `mdbook build`
//! of the original, whole processes taking turns.

use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};
use worked::pipeline::build_cache::BuildCache;
use worked::pipeline::{build_site_cached, StageTimings, Strictness};
use worked::write::write_site;

const WORDS: &[&str] = &[
    "attention",
    "query",
    "key",
    "value",
    "softmax",
    "weights",
    "token",
    "embedding",
    "matrix",
    "the",
    "of",
    "and",
    "every",
    "row",
    "sums",
    "to",
    "one",
    "so",
    "a",
    "blend",
];

/// How the generated lessons are filed.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Layout {
    /// `content/lesson-0042.md`.
    Flat,
    /// `content/part-0/chapter-4/lesson-0042.md`.
    Nested,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let lessons: usize = args
        .iter()
        .find_map(|arg| arg.parse().ok())
        .unwrap_or(1_000);
    if args.iter().any(|arg| arg == "--versus-mdbook") {
        versus_mdbook(lessons);
        return;
    }
    if let Some(at) = args.iter().position(|arg| arg == "--import-mdbook-books") {
        // `cargo bench` adds `--bench` after the bench's own arguments: not a book.
        let books: Vec<String> = args[at + 1..]
            .iter()
            .filter(|arg| !arg.starts_with("--"))
            .cloned()
            .collect();
        import_real_books_versus_mdbook(&books);
        return;
    }
    if args.iter().any(|arg| arg == "--import-mdbook") {
        import_versus_mdbook();
        return;
    }
    if args.iter().any(|arg| arg == "--serve") {
        serve_save_to_reload(lessons);
        return;
    }
    if args.iter().any(|arg| arg == "--vary-cost") {
        vary_cost();
        return;
    }
    if args.iter().any(|arg| arg == "--prose-edits") {
        prose_edit_per_lesson();
        return;
    }
    let layouts: Vec<Layout> = match (
        args.iter().any(|arg| arg == "flat"),
        args.iter().any(|arg| arg == "nested"),
    ) {
        (true, false) => vec![Layout::Flat],
        (false, true) => vec![Layout::Nested],
        _ => vec![Layout::Flat, Layout::Nested],
    };
    // The layouts take turns, three builds each, and the medians are compared: on a shared
    // machine one build of each says more about the neighbours than about the layout.
    let mut totals: Vec<Vec<f64>> = vec![Vec::new(); layouts.len()];
    for round in 0..ROUNDS {
        for (layout, times) in layouts.iter().zip(&mut totals) {
            let verbose = round == 0;
            if verbose {
                println!("== {layout:?} ==");
            }
            times.push(measure(lessons, *layout, verbose));
        }
    }
    let medians: Vec<f64> = totals.into_iter().map(median_seconds).collect();
    for (layout, median) in layouts.iter().zip(&medians) {
        println!("{layout:?} build and write, median of {ROUNDS}: {median:.2} s");
    }
    if let [flat, nested] = medians.as_slice() {
        println!(
            "nested / flat:      {:.3} ({:+.1} %)",
            nested / flat,
            (nested / flat - 1.0) * 100.0
        );
    }
}

/// A costly example's check alone and with three varied exercises that read its cheap steps.
fn vary_cost() {
    let example = "```compute\nname = \"fit\"\nsteps = \"\"\"\nw = w0\nrepeat 90000 as t:\n    g = 2 * (w - target)\n    w = w - 0.001 * g\ny = 2 * x + 1\nz = y * y\n\"\"\"\n\n[inputs]\nw0 = 0\ntarget = 3\nx = 3\n```\n";
    let exercise = |name: &str, answer: &str| {
        format!(
            "\n```exercise\nname = \"{name}\"\nquestion = \"\"\"\nWith x = {{{{fit.x}}}}, what is it?\n\"\"\"\nanswer = \"{answer}\"\nsolution = \"\"\"\n{{{{{answer}}}}}.\n\"\"\"\n\n[vary]\nfit.x = \"randint(1, 40)\"\n```\n"
        )
    };
    let time = |body: &str| {
        let book = tempfile::tempdir().expect("a temporary folder");
        std::fs::create_dir_all(book.path().join("content")).expect("content folder");
        std::fs::write(book.path().join("book.toml"), "title = \"Vary cost\"\n")
            .expect("book.toml");
        std::fs::write(
            book.path().join("content/fit.md"),
            format!("+++\ntitle = \"Fit\"\n+++\n\n{body}"),
        )
        .expect("the lesson");
        let started = Instant::now();
        let build = worked::pipeline::build_site(book.path(), Strictness::Strict)
            .unwrap_or_else(|problems| panic!("the book checks: {problems:?}"));
        (started.elapsed().as_secs_f64(), build.stats.vary_work)
    };
    let (alone, _) = time(example);
    let with_exercises = format!(
        "{example}{}{}{}",
        exercise("line", "fit.y"),
        exercise("square", "fit.z"),
        exercise("input", "fit.x")
    );
    let (varied, work) = time(&with_exercises);
    println!("the example alone: {alone:.3} s");
    println!("with three varied exercises: {varied:.3} s ({work} element operations of [vary])");
    println!("ratio: {:.2} (target under 2)", varied / alone);
}

/// What `serve` does after a one-sentence prose edit, for every lesson of the shipped book: a
/// copy of the book is built once with the cache, then each lesson in turn gets a sentence and
/// is rebuilt with the cache (the edit is undone before the next lesson's). Prints each rebuild's
/// time and how much it evaluated, then the worst.
fn prose_edit_per_lesson() {
    let repository = Path::new(env!("CARGO_MANIFEST_DIR"));
    let book = tempfile::tempdir().expect("a temporary folder");
    let status = Command::new("cp")
        .arg("-r")
        .args(["content", "book.toml", "references.bib"].map(|name| repository.join(name)))
        .arg(book.path())
        .status()
        .expect("cp runs");
    assert!(status.success(), "the shipped book is copied");
    let mut lessons: Vec<std::path::PathBuf> = Vec::new();
    let mut folders = vec![book.path().join("content")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder)
            .expect("a content folder")
            .flatten()
        {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|extension| extension == "md") {
                lessons.push(path);
            }
        }
    }
    lessons.sort();
    let mut cache = BuildCache::default();
    let started = Instant::now();
    build_site_cached(book.path(), Strictness::Lenient, Some(&mut cache))
        .expect("the shipped book builds");
    println!(
        "first build with the cache: {:.3} s",
        started.elapsed().as_secs_f64()
    );
    let mut worst = (0.0, String::new());
    for lesson in &lessons {
        let text = std::fs::read_to_string(lesson).expect("the lesson reads");
        std::fs::write(lesson, format!("{text}\nOne more sentence of prose.\n"))
            .expect("the lesson is saved");
        let started = Instant::now();
        let build = build_site_cached(book.path(), Strictness::Lenient, Some(&mut cache))
            .expect("the edited book builds");
        let seconds = started.elapsed().as_secs_f64();
        let name = lesson
            .strip_prefix(book.path().join("content"))
            .unwrap_or(lesson)
            .display()
            .to_string();
        let stages = build.stats.timings;
        println!(
            "{name:<40} {:>6.0} ms, {} pages laid out, {} evaluations, {} example numbers formatted (load, expand, typeset, render: {:.0}, {:.0}, {:.0}, {:.0} ms)",
            seconds * 1000.0,
            build.stats.pages_laid_out,
            build.stats.examples_evaluated,
            build.stats.numbers_formatted,
            stages.load.as_secs_f64() * 1000.0,
            stages.expand.as_secs_f64() * 1000.0,
            stages.typeset.as_secs_f64() * 1000.0,
            stages.render.as_secs_f64() * 1000.0,
        );
        if seconds > worst.0 {
            worst = (seconds, name);
        }
        std::fs::write(lesson, text).expect("the lesson is restored");
        build_site_cached(book.path(), Strictness::Lenient, Some(&mut cache))
            .expect("the restored book builds");
    }
    println!("worst prose edit: {:.0} ms ({})", worst.0 * 1000.0, worst.1);
}

/// Builds of each layout, taking turns.
const ROUNDS: usize = 3;

fn median_seconds(mut times: Vec<f64>) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

/// Builds one generated book and returns the build-and-write seconds; `verbose` prints its
/// figures and times a rebuild with cached formulas too.
fn measure(lessons: usize, layout: Layout, verbose: bool) -> f64 {
    let book = tempfile::tempdir().expect("a temporary folder");
    write_book(book.path(), lessons, layout);

    let started = Instant::now();
    let build = match build_site_cached(book.path(), Strictness::Lenient, None) {
        Ok(build) => build,
        Err(problems) => {
            for problem in problems.iter().take(5) {
                eprintln!("{}", problem.render());
            }
            std::process::exit(1);
        }
    };
    let built = started.elapsed().as_secs_f64();
    write_site(&build.site, &book.path().join("public"), false).expect("the site is written");
    let total = started.elapsed().as_secs_f64();

    if !verbose {
        return total;
    }
    let stats = build.stats;
    println!("lessons:            {}", stats.lessons);
    println!(
        "formulas:           {} ({} distinct)",
        stats.formulas, stats.distinct_formulas
    );
    println!("build in memory:    {built:.2} s");
    let timings = stats.timings;
    for (stage, time) in [
        ("load", timings.load),
        ("expand", timings.expand),
        ("typeset", timings.typeset),
        ("render", timings.render),
    ] {
        println!("  {stage:<17} {:.2} s", time.as_secs_f64());
    }
    println!("  {:<17} {:.2} s", "write", total - built);
    println!("build and write:    {total:.2} s");
    // The print page is put together as it is written; doing it again into nothing times it.
    if let Some(page) = &build.site.print_page {
        let started = Instant::now();
        page.write_to(&mut std::io::sink())
            .expect("writing to nothing cannot fail");
        let print = started.elapsed().as_secs_f64();
        println!(
            "print.html alone:   {print:.2} s ({:.0} % of build and write)",
            print / total * 100.0
        );
    }
    println!("lessons/s:          {:.0}", stats.lessons as f64 / total);
    println!(
        "formulas/s:         {:.0} (distinct typeset per second: {:.0})",
        stats.formulas as f64 / total,
        stats.distinct_formulas as f64 / total
    );
    println!(
        "search index:       {:.0} kB",
        stats.search_index_bytes as f64 / 1000.0
    );
    println!("worker threads:     {}", rayon::current_num_threads());
    match peak_memory_kib() {
        Some(kib) => println!(
            "peak memory:        {:.0} MiB (process so far)",
            kib as f64 / 1024.0
        ),
        None => println!("peak memory:        unknown (no /proc/self/status)"),
    }
    // What `serve` does after a save: the first build fills the cache; then one lesson's text
    // changes, and the rebuild lays out that page alone (and typesets its new formula).
    let mut cache = BuildCache::default();
    let warm = build_site_cached(book.path(), Strictness::Lenient, Some(&mut cache));
    assert!(warm.is_ok(), "a second build succeeds as the first did");
    let mut saves = Vec::new();
    let mut stages = Vec::new();
    for save in 0..5 {
        let edited = book.path().join(lesson_file(lessons / 2, layout));
        let mut text = std::fs::read_to_string(&edited).expect("the lesson reads");
        text.push_str(&format!("\nSaved {save} times, now with $s_{{{save}}}$.\n"));
        std::fs::write(&edited, text).expect("the lesson is saved");
        let started = Instant::now();
        let again = build_site_cached(book.path(), Strictness::Lenient, Some(&mut cache))
            .expect("a rebuild succeeds as the first build did");
        saves.push(started.elapsed().as_secs_f64());
        assert_eq!(
            again.stats.pages_laid_out, 1,
            "only the saved lesson is laid out"
        );
        stages.push(again.stats.timings);
    }
    println!(
        "rebuild after saving one lesson (serve), median of 5: {:.3} s",
        median_seconds(saves)
    );
    let stage = |time: fn(&StageTimings) -> Duration| {
        median_seconds(
            stages
                .iter()
                .map(|timings| time(timings).as_secs_f64())
                .collect(),
        )
    };
    println!(
        "  load {:.3}, expand {:.3}, typeset {:.3}, render {:.3} s (medians)",
        stage(|t| t.load),
        stage(|t| t.expand),
        stage(|t| t.typeset),
        stage(|t| t.render),
    );
    total
}

/// The folder (under `content/`) of lesson `index`.
fn folder(index: usize, layout: Layout) -> String {
    match layout {
        Layout::Flat => String::new(),
        Layout::Nested => format!("part-{}/chapter-{}/", index / 100, index / 10 % 10),
    }
}

/// Where lesson `index` is, from the book's root.
fn lesson_file(index: usize, layout: Layout) -> String {
    format!("content/{}lesson-{index:04}.md", folder(index, layout))
}

fn write_book(root: &Path, lessons: usize, layout: Layout) {
    for index in 0..lessons {
        let path = root.join(lesson_file(index, layout));
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("content folders");
        // Each lesson links to the one 37 places on, written as a path from its own folder.
        let target = (index + 37) % lessons;
        let up = "../".repeat(folder(index, layout).matches('/').count());
        let link = format!("{up}{}lesson-{target:04}.md", folder(target, layout));
        std::fs::write(path, lesson(index, &link)).expect("lesson file");
    }
}

/// One lesson: prose with formulas every few sentences; formulas vary with the lesson so the
/// cache only helps where real books repeat themselves.
fn lesson(index: usize, link: &str) -> String {
    let mut text = format!("+++\ntitle = \"Lesson {index}\"\nweight = {index}\nsummary = \"Synthetic lesson {index}.\"\n+++\n\nRead [another lesson]({link}#section-2) next.\n\n");
    text.push_str(&format!(
        "```attention\nname = \"ex\"\ntokens = [\"a\", \"b\", \"c\"]\nembeddings = [[1, 0], [0, 1], [1, {}]]\nw_q = [[1, 0], [1, 2]]\nw_k = [[2, 0], [0, 1]]\nw_v = [[1, 0], [0, 2]]\n```\n\n",
        index % 7 + 1
    ));
    let mut word = index;
    for section in 0..5 {
        let _ = writeln!(text, "## Section {section}\n");
        for paragraph in 0..4 {
            for sentence in 0..5 {
                for _ in 0..14 {
                    text.push_str(WORDS[word % WORDS.len()]);
                    text.push(' ');
                    word = word.wrapping_mul(31).wrapping_add(7);
                }
                // One inline formula per paragraph: ~20 per lesson, plus one reference.
                match (sentence, paragraph) {
                    (0, _) => {
                        let _ = write!(
                            text,
                            "so $x_{{{}}}^2 + \\alpha_{paragraph} \\cdot k_{{{section}}}$ holds. ",
                            index + paragraph
                        );
                    }
                    (1, 0) => text.push_str("weight {{ex.weights[c, a]}} and $\\sqrt{d_k}$. "),
                    _ => text.push_str(". "),
                }
            }
            text.push_str("\n\n");
        }
        // One display formula per section: ~5 per lesson, every other one a 3×3 matrix.
        if section % 2 == 0 {
            let _ = writeln!(
                text,
                "$$A_{{{index}}} = \\begin{{pmatrix}}{} & 2 & 3\\\\4 & {} & 6\\\\7 & 8 & {}\\end{{pmatrix}}$$\n",
                index, section, index % 13
            );
        } else {
            let _ = writeln!(text, "$$\\operatorname{{softmax}}(z)_{{{section}}} = \\frac{{e^{{z_{index}}}}}{{\\sum_j e^{{z_j}}}}$$\n");
        }
    }
    text
}

/// The same lessons as an mdBook project: no front matter, a SUMMARY.md in reading order, and
/// mdbook-katex typesetting the same HTML + MathML output as `worked`.
fn write_mdbook(root: &Path, lessons: usize) {
    let src = root.join("src");
    std::fs::create_dir_all(&src).expect("src folder");
    std::fs::write(
        root.join("book.toml"),
        "[book]\ntitle = \"Synthetic\"\nsrc = \"src\"\n\n[preprocessor.katex]\nafter = [\"links\"]\noutput = \"htmlAndMathml\"\n",
    )
    .expect("book.toml");
    let mut summary = String::from("# Summary\n\n");
    for index in 0..lessons {
        let text = lesson(index, &format!("lesson-{:04}.md", (index + 37) % lessons));
        let body = text.splitn(3, "+++\n").nth(2).expect("front matter");
        let name = format!("lesson-{index:04}.md");
        std::fs::write(src.join(&name), format!("# Lesson {index}\n{body}")).expect("chapter");
        let _ = writeln!(summary, "- [Lesson {index}]({name})");
    }
    std::fs::write(src.join("SUMMARY.md"), summary).expect("SUMMARY.md");
}

/// One run of a command: its wall-clock time and, where the system reports them for the child
/// alone (`wait4` on Unix), its CPU time (user + system, all threads; on a busy machine the
/// steadier measure) and its peak resident memory.
struct Run {
    wall: Duration,
    cpu: Option<Duration>,
    peak_kib: Option<u64>,
}

/// Runs `program args`, which must succeed, and measures it.
fn time_command(program: &str, args: &[&std::ffi::OsStr]) -> Run {
    let mut command = Command::new(program);
    command
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped());
    let started = Instant::now();
    let mut child = command.spawn().expect("run the build");
    let mut stderr = child.stderr.take().expect("stderr is piped");
    // Read while it runs, so a chatty child never blocks on a full pipe.
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = std::io::Read::read_to_string(&mut stderr, &mut text);
        text
    });
    let (success, cpu, peak_kib) = wait_measured(&mut child);
    let wall = started.elapsed();
    let stderr = reader.join().unwrap_or_default();
    assert!(success, "{command:?} failed:\n{stderr}");
    Run {
        wall,
        cpu,
        peak_kib,
    }
}

/// Waits for `child`: whether it succeeded, its CPU time and its peak resident memory in KiB
/// (the larger of its own and its own children's, such as mdBook's preprocessor): `wait4`
/// reports them for this child alone, where `RUSAGE_CHILDREN` would give the largest of every
/// child so far, the peer's included.
#[cfg(unix)]
fn wait_measured(child: &mut std::process::Child) -> (bool, Option<Duration>, Option<u64>) {
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: `usage` is a plain C struct that `wait4` fills; all zeros is a valid value.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is this process's own unwaited child, and both pointers are to live locals.
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid, "wait4 on the child");
    let seconds = |time: libc::timeval| time.tv_sec as f64 + time.tv_usec as f64 / 1e6;
    let cpu = Duration::from_secs_f64(seconds(usage.ru_utime) + seconds(usage.ru_stime));
    // Linux gives `ru_maxrss` in KiB.
    let success = libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0;
    (success, Some(cpu), Some(usage.ru_maxrss as u64))
}

#[cfg(not(unix))]
fn wait_measured(child: &mut std::process::Child) -> (bool, Option<Duration>, Option<u64>) {
    let status = child.wait().expect("wait for the child");
    (status.success(), None, None)
}

/// What an author using `worked serve` waits for: from saving one lesson of the book to the
/// moment a page open in the browser is told to reload (the answer to its `/__worked/wait`).
/// That is the debounce, the rebuild with the cache, and the wake-up; the browser's own
/// reload comes on top. Five saves, one after another, each a new sentence with a formula.
fn serve_save_to_reload(lessons: usize) {
    use std::io::{BufRead, BufReader, Read, Write};
    use std::net::TcpStream;

    let book = tempfile::tempdir().expect("a temporary folder");
    write_book(book.path(), lessons, Layout::Flat);
    let mut server = Command::new(env!("CARGO_BIN_EXE_worked"))
        .args(["serve", "--port", "0", "--root"])
        .arg(book.path())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("start worked serve");
    let mut log = BufReader::new(server.stdout.take().expect("piped stdout")).lines();
    let address = log
        .by_ref()
        .map_while(Result::ok)
        .find_map(|line| {
            let rest = line.split("http://").nth(1)?;
            Some(rest.split('/').next()?.to_string())
        })
        .expect("worked serve prints its address after the first build");
    fn get(address: &str, path: &str) -> String {
        let mut stream = TcpStream::connect(address).expect("connect to worked serve");
        write!(stream, "GET {path} HTTP/1.0\r\n\r\n").expect("send the request");
        let mut response = String::new();
        stream
            .read_to_string(&mut response)
            .expect("read the answer");
        response
            .rsplit("\r\n\r\n")
            .next()
            .unwrap_or_default()
            .trim()
            .to_string()
    }
    let edited = book.path().join(lesson_file(lessons / 2, Layout::Flat));
    let mut waits = Vec::new();
    for save in 0..5 {
        let version = get(&address, "/__worked/version");
        let waiting = {
            let address = address.clone();
            std::thread::spawn(move || {
                let answer = get(&address, &format!("/__worked/wait?since={version}"));
                (Instant::now(), answer)
            })
        };
        // Let the wait reach the server, as an open page's does long before a save.
        std::thread::sleep(Duration::from_millis(300));
        let mut text = std::fs::read_to_string(&edited).expect("the lesson reads");
        text.push_str(&format!("\nSaved {save} times, now with $s_{{{save}}}$.\n"));
        let saved = Instant::now();
        std::fs::write(&edited, text).expect("the lesson is saved");
        let (answered, _) = waiting.join().expect("the wait is answered");
        waits.push(answered - saved);
        let built = log.next().and_then(Result::ok).unwrap_or_default();
        println!(
            "save {save}: told to reload after {:.0} ms; {built}",
            (answered - saved).as_secs_f64() * 1000.0
        );
    }
    let _ = server.kill();
    let _ = server.wait();
    println!(
        "serve, {lessons} lessons: save to reload, median of 5: {:.0} ms",
        median(waits).as_secs_f64() * 1000.0
    );
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn versus_mdbook(lessons: usize) {
    for peer in ["mdbook", "mdbook-katex"] {
        if Command::new(peer).arg("--version").output().is_err() {
            eprintln!(
                "\n*** SKIPPED the mdBook comparison: `{peer}` is not on PATH. Install the peers with \
                 `cargo install --locked mdbook@0.5.4 mdbook-katex@0.10.0`. ***\n"
            );
            return;
        }
    }
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (worked_book, mdbook_book) = (dir.path().join("worked"), dir.path().join("mdbook"));
    write_book(&worked_book, lessons, Layout::Flat);
    write_mdbook(&mdbook_book, lessons);
    let output = worked_book.join("public");
    let worked_args = [
        "build".as_ref(),
        "--root".as_ref(),
        worked_book.as_os_str(),
        "--output".as_ref(),
        output.as_os_str(),
    ];
    let mdbook_args = ["build".as_ref(), mdbook_book.as_os_str()];
    let (mut worked_runs, mut mdbook_runs) = (Vec::new(), Vec::new());
    for _ in 0..3 {
        worked_runs.push(time_command(env!("CARGO_BIN_EXE_worked"), &worked_args));
        mdbook_runs.push(time_command("mdbook", &mdbook_args));
    }
    println!("lessons:            {lessons}");
    let report = |what: &str, runs: &[Run]| {
        let wall = median(runs.iter().map(|run| run.wall).collect());
        let cpu = runs
            .iter()
            .map(|run| run.cpu)
            .collect::<Option<Vec<_>>>()
            .map(median);
        println!(
            "{what:<19} {:.2} s wall{}{} (median of 3)",
            wall.as_secs_f64(),
            cpu.map_or(String::new(), |cpu| format!(
                ", {:.2} s CPU",
                cpu.as_secs_f64()
            )),
            peak_memory(runs)
        );
        (wall, cpu)
    };
    let (site_bytes, print_bytes) = (
        folder_bytes(&output),
        std::fs::metadata(output.join("print.html")).map_or(0, |file| file.len()),
    );
    println!(
        "worked output:      {:.1} kB per lesson, {:.1} kB of it print.html ({:.1} MB in all)",
        site_bytes as f64 / lessons as f64 / 1000.0,
        print_bytes as f64 / lessons as f64 / 1000.0,
        site_bytes as f64 / 1e6
    );
    println!(
        "mdbook output:      {:.1} kB per lesson",
        folder_bytes(&mdbook_book.join("book")) as f64 / lessons as f64 / 1000.0
    );
    let (worked_wall, worked_cpu) = report("worked build:", &worked_runs);
    let (mdbook_wall, mdbook_cpu) = report("mdbook build:", &mdbook_runs);
    println!("(mdbook 0.5.4 + mdbook-katex 0.10.0)");
    println!(
        "worked is {:.1}x faster by the wall clock",
        mdbook_wall.as_secs_f64() / worked_wall.as_secs_f64()
    );
    if let (Some(worked), Some(mdbook)) = (worked_cpu, mdbook_cpu) {
        println!(
            "worked uses {:.1}x less CPU time",
            mdbook.as_secs_f64() / worked.as_secs_f64()
        );
    }
    mathml_output(&worked_book, lessons);
}

/// The same book with `[math] output = "mathml"`, the setting for books whose size matters
/// more than KaTeX's own drawing: what it writes per lesson and how long it takes.
fn mathml_output(worked_book: &Path, lessons: usize) {
    std::fs::write(
        worked_book.join("book.toml"),
        "[math]\noutput = \"mathml\"\n",
    )
    .expect("book.toml");
    let output = worked_book.join("public-mathml");
    let args = [
        "build".as_ref(),
        "--root".as_ref(),
        worked_book.as_os_str(),
        "--output".as_ref(),
        output.as_os_str(),
    ];
    let runs: Vec<Run> = (0..3)
        .map(|_| time_command(env!("CARGO_BIN_EXE_worked"), &args))
        .collect();
    println!(
        "with [math] output = \"mathml\": {:.1} kB per lesson, {:.2} s wall{} (median of 3)",
        folder_bytes(&output) as f64 / lessons as f64 / 1000.0,
        median(runs.iter().map(|run| run.wall).collect()).as_secs_f64(),
        peak_memory(&runs)
    );
}

/// ", 123 MiB peak" for the largest peak resident memory of `runs`, when it is known.
fn peak_memory(runs: &[Run]) -> String {
    runs.iter()
        .map(|run| run.peak_kib)
        .collect::<Option<Vec<_>>>()
        .and_then(|peaks| peaks.into_iter().max())
        .map_or(String::new(), |kib| {
            format!(", {:.0} MiB peak", kib as f64 / 1024.0)
        })
}

/// The bytes of every file under `folder`.
fn folder_bytes(folder: &Path) -> u64 {
    walkdir::WalkDir::new(folder)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|entry| entry.file_type().is_file())
        .filter_map(|entry| entry.metadata().ok())
        .map(|metadata| metadata.len())
        .sum()
}

/// Paragraphs per generated mdBook chapter, each with one display or two inline formulas:
/// 100 chapters of 29 make 5,000 formulas.
const PARAGRAPHS_PER_CHAPTER: usize = 29;

/// Parts of the generated mdBook, ten chapters each.
const MDBOOK_PARTS: usize = 10;

/// Writes the mdBook, builds it with `mdbook`, imports it, builds the import with `worked`.
fn import_versus_mdbook() {
    for peer in ["mdbook", "mdbook-katex"] {
        if Command::new(peer).arg("--version").output().is_err() {
            eprintln!("\n*** SKIPPED the import comparison: `{peer}` is not on PATH. ***\n");
            return;
        }
    }
    let place = tempfile::tempdir().expect("a temporary folder");
    let source = place.path().join("mdbook");
    let formulas = write_katex_mdbook(&source);
    println!(
        "mdBook: {} chapters in {MDBOOK_PARTS} parts, {formulas} formulas, includes, a macros file",
        MDBOOK_PARTS * 10
    );
    let report =
        worked::import::import_mdbook(&source, &place.path().join("first"), &Default::default())
            .expect("the import succeeds");
    println!(
        "import:             {} chapters, {} files, {} notes",
        report.chapters,
        report.files,
        report.notes.len()
    );
    let times = import_and_build_against_mdbook(&source, place.path());
    println!(
        "mdbook build:       {:.2} s (median of {ROUNDS}, mdbook + mdbook-katex)",
        times.mdbook.as_secs_f64()
    );
    println!(
        "worked import+build: {:.2} s (median of {ROUNDS})",
        times.import_and_build.as_secs_f64()
    );
    println!(
        "speed-up:           {:.1}x",
        times.mdbook.as_secs_f64() / times.import_and_build.as_secs_f64()
    );
}

/// `cargo bench --bench build -- --import-mdbook-books SRC…`: real mdBook folders (the halo2,
/// Mina, Penumbra, Miden and Namada books, checked out by hand), each timed as
/// [`import_and_build_against_mdbook`] does, side by side in one run: `worked build` of the
/// imported book alone (what an author who has imported once waits for) and with the import
/// before it. The overall ratios are the sums of mdBook's medians over the sums of worked's.
fn import_real_books_versus_mdbook(books: &[String]) {
    for peer in ["mdbook", "mdbook-katex"] {
        if Command::new(peer).arg("--version").output().is_err() {
            eprintln!("\n*** SKIPPED the import comparison: `{peer}` is not on PATH. ***\n");
            return;
        }
    }
    let place = tempfile::tempdir().expect("a temporary folder");
    let mut total = ImportTimes::default();
    println!(
        "| book | mdbook build | worked build | faster by | worked import + build | faster by | mdBook ids missing |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- |");
    let row = |book: &str, times: &ImportTimes, missing: &str| {
        let mdbook = times.mdbook.as_secs_f64();
        println!(
            "| {book} | {mdbook:.2} s | {:.2} s | {:.1}× | {:.2} s | {:.1}× | {missing} |",
            times.build.as_secs_f64(),
            mdbook / times.build.as_secs_f64(),
            times.import_and_build.as_secs_f64(),
            mdbook / times.import_and_build.as_secs_f64(),
        );
    };
    for (index, book) in books.iter().enumerate() {
        let scratch = place.path().join(index.to_string());
        std::fs::create_dir_all(&scratch).expect("a scratch folder");
        let times = import_and_build_against_mdbook(Path::new(book), &scratch);
        total.mdbook += times.mdbook;
        total.build += times.build;
        total.import_and_build += times.import_and_build;
        let missing = missing_heading_ids(
            &scratch.join(MDBOOK_SITE),
            &scratch.join("imported-0/public"),
        )
        .map_or_else(|| "no mdBook site".to_string(), |count| count.to_string());
        row(book, &times, &missing);
    }
    row("all", &total, "");
}

/// How many heading ids of the pages `mdbook build` wrote into `mdbook_out` (or its `html/`
/// beside other outputs) are no id of the same page of the `worked` site; the front page,
/// print page and 404 page are left out (they are different pages in the two).
fn missing_heading_ids(mdbook_out: &Path, worked_site: &Path) -> Option<usize> {
    let mdbook_site = [mdbook_out.join("html"), mdbook_out.to_path_buf()]
        .into_iter()
        .find(|dir| dir.join("index.html").is_file())?;
    let mut missing = 0;
    for entry in walkdir::WalkDir::new(&mdbook_site).into_iter().flatten() {
        let path = entry.path();
        let name = path
            .file_name()
            .and_then(|name| name.to_str())
            .unwrap_or("");
        if !name.ends_with(".html")
            || ["index.html", "print.html", "404.html", "toc.html"].contains(&name)
        {
            continue;
        }
        let Ok(theirs) = std::fs::read_to_string(path) else {
            continue;
        };
        let (Some(start), Some(end)) = (theirs.find("<main>"), theirs.find("</main>")) else {
            continue;
        };
        let relative = path.strip_prefix(&mdbook_site).expect("under the site");
        let ours = std::fs::read_to_string(worked_site.join(relative)).unwrap_or_default();
        for piece in theirs[start..end].split("<h").skip(1) {
            let Some(id) = piece
                .strip_prefix(|c: char| ('1'..='6').contains(&c))
                .and_then(|rest| rest.strip_prefix(" id=\""))
                .and_then(|rest| rest.split('"').next())
            else {
                continue;
            };
            if !ours.contains(&format!("id=\"{id}\"")) {
                missing += 1;
            }
        }
    }
    Some(missing)
}

/// Where, under a book's scratch folder, the first round's `mdbook build` writes its site.
const MDBOOK_SITE: &str = "mdbook-0";

/// Medians of one book's builds, each tool writing into an empty folder.
#[derive(Default)]
struct ImportTimes {
    /// `mdbook build` (mdbook + mdbook-katex).
    mdbook: Duration,
    /// `worked build` of the imported book.
    build: Duration,
    /// `worked import mdbook` and that build.
    import_and_build: Duration,
}

/// [`ImportTimes`] of the mdBook `source`: whole processes taking turns, [`ROUNDS`] each, every
/// one writing into a new folder under `place` (`mdbook build` too, by `--dest-dir`, so the
/// source folder is left as it was).
fn import_and_build_against_mdbook(source: &Path, place: &Path) -> ImportTimes {
    let mut mdbook_times = Vec::new();
    let mut build_times = Vec::new();
    let mut worked_times = Vec::new();
    for round in 0..ROUNDS {
        let mdbook_out = place.join(format!("mdbook-{round}"));
        let mdbook_args = [
            std::ffi::OsStr::new("build"),
            std::ffi::OsStr::new("--dest-dir"),
            mdbook_out.as_os_str(),
            source.as_os_str(),
        ];
        mdbook_times.push(time_command("mdbook", &mdbook_args).wall);
        let book = place.join(format!("imported-{round}"));
        let public = book.join("public");
        let import_args = [
            std::ffi::OsStr::new("import"),
            std::ffi::OsStr::new("mdbook"),
            source.as_os_str(),
            std::ffi::OsStr::new("--into"),
            book.as_os_str(),
        ];
        let build_args = [
            std::ffi::OsStr::new("build"),
            std::ffi::OsStr::new("--root"),
            book.as_os_str(),
            std::ffi::OsStr::new("--output"),
            public.as_os_str(),
        ];
        let import = time_command(env!("CARGO_BIN_EXE_worked"), &import_args).wall;
        let build = time_command(env!("CARGO_BIN_EXE_worked"), &build_args).wall;
        build_times.push(build);
        worked_times.push(import + build);
    }
    ImportTimes {
        mdbook: median(mdbook_times),
        build: median(build_times),
        import_and_build: median(worked_times),
    }
}

/// An mdBook with mdbook-katex: every formula distinct, macros from a file, display formulas
/// written across lines the way mdBook authors do, and in every chapter a listing included by
/// its anchor and a Markdown piece every chapter shares. Returns the number of formulas.
fn write_katex_mdbook(root: &Path) -> usize {
    let src = root.join("src");
    std::fs::create_dir_all(&src).expect("src folder");
    std::fs::write(
        root.join("book.toml"),
        "[book]\ntitle = \"Generated\"\nauthors = [\"bench\"]\n\n[preprocessor.katex]\nmacros = \"macros.txt\"\n",
    )
    .expect("book.toml");
    std::fs::write(
        root.join("macros.txt"),
        "\\R:\\mathbb{R}\n\\norm:\\left\\lVert #1 \\right\\rVert\n",
    )
    .expect("macros");
    let mut summary = String::from("# Summary\n\n[Introduction](README.md)\n");
    std::fs::write(
        src.join("README.md"),
        "# Introduction\n\nA generated book.\n",
    )
    .expect("readme");
    std::fs::create_dir_all(root.join("listings")).expect("listings folder");
    std::fs::write(
        src.join("shared.md"),
        "A piece every chapter includes, with $\\R^n$ in it.\n",
    )
    .expect("shared piece");
    let mut formulas = 0;
    for part in 0..MDBOOK_PARTS {
        let _ = write!(summary, "\n# Part {part}\n\n");
        let folder = src.join(format!("part-{part}"));
        std::fs::create_dir_all(folder.join("more")).expect("part folder");
        for chapter in 0..10 {
            let (path, indent) = if chapter < 5 {
                (format!("part-{part}/chapter-{chapter}.md"), "")
            } else {
                (format!("part-{part}/more/chapter-{chapter}.md"), "    ")
            };
            let _ = writeln!(summary, "{indent}- [Chapter {part}.{chapter}]({path})");
            let listing = format!("listings/chapter-{part}-{chapter}.rs");
            std::fs::write(
                root.join(&listing),
                format!("use std::io;\n// ANCHOR: main\nfn main() {{\n    println!(\"{part}.{chapter}\");\n}}\n// ANCHOR_END: main\n"),
            )
            .expect("listing");
            let up = "../".repeat(path.matches('/').count() + 1);
            let mut text = format!(
                "# Chapter {part}.{chapter}\n\n```rust\n{{{{#include {up}{listing}:main}}}}\n```\n\n{{{{#include {}shared.md}}}}\n\n",
                "../".repeat(path.matches('/').count())
            );
            for formula in 0..PARAGRAPHS_PER_CHAPTER {
                let n = (part * 10 + chapter) * PARAGRAPHS_PER_CHAPTER + formula;
                if formula % 4 == 0 {
                    let _ = write!(
                        text,
                        "The norm is\n\n$$\n\\norm{{x_{{{n}}}}}^2 = \\sum_{{i=1}}^{{{n}}} x_i^2\n$$\n\n"
                    );
                } else {
                    let _ = writeln!(
                        text,
                        "Here $x_{{{n}}} \\in \\R^{{{}}}$ and $\\alpha + {n}$ are used.\n",
                        formula + 2
                    );
                }
                formulas += if formula % 4 == 0 { 1 } else { 2 };
            }
            std::fs::write(src.join(&path), text).expect("chapter");
        }
    }
    std::fs::write(src.join("SUMMARY.md"), summary).expect("summary");
    formulas
}

/// Peak resident memory of this process (Linux), in KiB.
fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|value| value.trim().trim_end_matches("kB").trim().parse().ok())
}
