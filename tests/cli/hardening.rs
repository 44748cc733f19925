//! Hostile and careless inputs (issue 11): no input loses a file, crashes the tool, or runs away
//! with time or memory, and each gets one clear message with the right exit code. Each test is
//! one case that failed before its fix.

use crate::serve::Server;
use crate::support::{files_under, lesson, place, Book, ATTENTION, CAT_BLOCK};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::Duration;

const MARKER: &str = ".worked-site";

// --- Data loss -------------------------------------------------------------------------------

#[test]
fn an_output_spelled_through_a_missing_folder_cannot_replace_the_lessons() {
    let book = Book::seed();
    let before = files_under(book.root());
    book.build_into("nope/../content")
        .exits_with(2)
        .stderr_has("refusing to write the site")
        .stderr_has("it is the content/ folder");
    assert!(
        files_under(book.root()) == before,
        "the book changed: {:?}",
        files_under(book.root()).keys().collect::<Vec<_>>()
    );
}

#[test]
fn an_output_spelled_around_the_book_root_is_refused_before_anything_moves() {
    let book = Book::seed();
    let name = book
        .root()
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    let before = book.top_level();
    book.build_into(&format!("x/../../{name}"))
        .exits_with(2)
        .stderr_has("it is the book root");
    assert_eq!(book.top_level(), before);
}

#[test]
fn a_folder_of_the_authors_own_files_is_replaced_only_with_force() {
    let book = Book::seed();
    book.write("mine/thesis.tex", "years of work");
    book.build_into("mine")
        .exits_with(2)
        .stderr_has("did not write")
        .stderr_has("--force")
        .stderr_has("The previous mine was left as it was.");
    assert_eq!(book.read("mine/thesis.tex"), "years of work");

    book.run(&["build", "--root", ".", "--output", "mine", "--force"])
        .succeeds();
    assert!(book.path("mine/index.html").is_file());
    assert!(!book.path("mine/thesis.tex").exists());
    assert!(book.path(&format!("mine/{MARKER}")).is_file());
    // From now on the folder is the site's own and rebuilds need no flag.
    book.build_into("mine").succeeds();
}

#[test]
fn leftovers_of_a_killed_build_are_removed_but_unmarked_folders_stay() {
    let book = Book::seed();
    book.build().succeeds();
    let mut child = Command::new("true").spawn().unwrap();
    let dead = child.id();
    child.wait().unwrap();
    for leftover in [
        format!(".public.staging-{dead}-Ab3"),
        format!(".public.old-{dead}"),
    ] {
        book.write(&format!("{leftover}/{MARKER}"), "");
        book.write(&format!("{leftover}/attention.html"), "old");
    }
    book.write(&format!(".public.old-{dead}-notes/mine.txt"), "mine");
    book.build().succeeds();
    assert_eq!(
        book.top_level(),
        [
            format!(".public.old-{dead}-notes"),
            "book.toml".to_string(),
            "content".to_string(),
            "public".to_string()
        ]
    );
}

#[test]
fn a_failed_first_build_says_nothing_was_written() {
    let book = Book::with_lesson("a.md", &lesson("A", "{{nope.x}}\n"));
    let run = book.build();
    run.exits_with(1)
        .stderr_has("Nothing was written; public does not exist.");
    assert!(!run.stderr.contains("left as it was"), "{}", run.stderr);
}

#[test]
fn a_previous_site_that_cannot_be_removed_is_reported_where_it_was_moved() {
    use std::os::unix::fs::PermissionsExt;
    let book = Book::seed();
    book.build().succeeds();
    let stuck = book.path("public/stuck");
    std::fs::create_dir(&stuck).unwrap();
    std::fs::write(stuck.join("file"), "x").unwrap();
    // Make `stuck/file` undeletable: root ignores permissions, so root marks it immutable.
    // SAFETY: geteuid has no preconditions and cannot fail.
    let as_root = unsafe { libc::geteuid() } == 0;
    let locked = if as_root {
        Command::new("chattr")
            .arg("+i")
            .arg(stuck.join("file"))
            .status()
            .map_err(|error| error.to_string())
            .and_then(|status| {
                status
                    .success()
                    .then_some(())
                    .ok_or_else(|| "chattr +i failed on this file system".to_string())
            })
    } else {
        std::fs::set_permissions(&stuck, std::fs::Permissions::from_mode(0o555))
            .map_err(|error| error.to_string())
    };
    if !crate::common::tool_available(
        "a_previous_site_that_cannot_be_removed_is_reported_where_it_was_moved",
        locked,
        "The message after a failed removal of the previous site",
        "run as root on a file system with chattr (ext4), or as a normal user",
    ) {
        return;
    }
    let run = book.build();
    let moved = book
        .top_level()
        .into_iter()
        .find(|name| name.starts_with(".public.old-"));
    // Unlock before asserting, so the temporary book can always be removed.
    let moved_path = moved.as_ref().map(|name| book.path(name).join("stuck"));
    if let Some(stuck) = &moved_path {
        if as_root {
            let _ = Command::new("chattr")
                .arg("-i")
                .arg(stuck.join("file"))
                .status();
        } else {
            let _ = std::fs::set_permissions(stuck, std::fs::Permissions::from_mode(0o755));
        }
    }
    run.succeeds()
        .stderr_has("warning: the new site is in public, but the previous site, moved to")
        .stderr_has("could not be removed");
    assert!(!run.stderr.contains("left as it was"), "{}", run.stderr);
    let moved = moved.expect("the previous site stays beside the output");
    assert!(book.path("public/index.html").is_file());
    // The next build clears it: it carries the marker and its process is gone.
    book.build().succeeds();
    assert!(!book.path(&moved).exists(), "{moved} is still there");
}

// --- Crashes ---------------------------------------------------------------------------------

#[test]
fn a_problem_past_column_65535_is_reported_not_a_crash() {
    let text = lesson("Long", &format!("{} {{{{nope.x}}}}\n", "a".repeat(70_000)));
    let book = Book::with_lesson("long.md", &text);
    let run = book.check();
    run.exits_with(1).stderr_has(&format!(
        "{}: no example named \"nope\"",
        place("content/long.md", &text, "{{nope")
    ));
    assert!(
        run.stderr.len() < 5_000,
        "{} bytes of diagnostics",
        run.stderr.len()
    );
}

#[test]
fn dot_products_nested_thousands_deep_are_an_error() {
    let deep = format!(
        "{{{{cat.q[sat]{}{}}}}}",
        " | dot(cat.k[the]".repeat(5_000),
        ")".repeat(5_000)
    );
    let text = ATTENTION.replace("{{cat.output[sat]}}", &deep);
    let book = Book::with_lesson("attention.md", &text);
    book.check()
        .exits_with(1)
        .stderr_has("dot(…) nests more than 8 deep");
}

#[test]
fn a_template_that_includes_itself_or_a_recursive_macro_is_an_error() {
    let book = Book::seed();
    book.write("templates/index.html", "{% include \"index.html\" %}");
    book.check()
        .exits_with(1)
        .stderr_has("template index.html includes itself");

    let book = Book::seed();
    book.write(
        "templates/macros.html",
        "{% macro lesson_card(item) %}{{ self::lesson_card(item=item) }}{% endmacro lesson_card %}",
    );
    book.check()
        .exits_with(1)
        .stderr_has("macro lesson_card in macros.html calls itself");
}

#[test]
fn printing_into_a_closed_pipe_ends_quietly() {
    use std::os::unix::process::ExitStatusExt;
    let book = Book::seed();
    let mut child = Command::new(env!("CARGO_BIN_EXE_worked"))
        .args(["check", "--root", "."])
        .current_dir(book.root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Close the reading end before the binary prints anything, as `| head -0` would.
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(
        output.status.success() || output.status.signal() == Some(13),
        "{:?}: {stderr}",
        output.status
    );
}

// --- Runaway time and memory -----------------------------------------------------------------

/// Runs `command` with at most `bytes` of virtual address space (`ulimit -v`).
fn limit_address_space(command: &mut Command, bytes: u64) {
    use std::os::unix::process::CommandExt;
    // SAFETY: setrlimit is async-signal-safe and touches only the child's own limits.
    unsafe {
        command.pre_exec(move || {
            let limit = libc::rlimit {
                rlim_cur: bytes,
                rlim_max: bytes,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &limit) == 0 {
                Ok(())
            } else {
                Err(std::io::Error::last_os_error())
            }
        });
    }
}

#[test]
fn a_page_with_40000_headings_builds_in_bounded_address_space() {
    let body: String = (0..40_000)
        .map(|at| {
            format!(
                "## Part {at}

"
            )
        })
        .collect();
    let book = Book::with_lesson("many.md", &lesson("Many", &body));
    let mut command = Command::new(env!("CARGO_BIN_EXE_worked"));
    command
        .args(["build", "--root", ".", "--output", "public"])
        .current_dir(book.root());
    limit_address_space(&mut command, 3 << 30);
    let output = command.output().unwrap();
    assert!(
        output.status.success(),
        "{:?}: {}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn a_template_loop_beyond_the_range_limit_is_an_error() {
    let book = Book::seed();
    book.write(
        "templates/index.html",
        "{% for i in range(end=1000000) %}{% for j in range(end=1000000) %}x{% endfor %}{% endfor %}",
    );
    book.check()
        .exits_with(1)
        .stderr_has("more than the limit of 10000");
}

#[test]
fn an_attention_example_with_too_much_work_is_an_error_at_heads() {
    let tokens: Vec<String> = (0..512).map(|at| format!("\"t{at}\"")).collect();
    let row = format!("[{}]", vec!["1"; 1024].join(", "));
    let block = format!(
        "```attention\nname = \"big\"\ntokens = [{}]\nembeddings = [{}]\nw_q = [{row}]\nw_k = [{row}]\nw_v = [{row}]\nheads = 64\n```\n",
        tokens.join(", "),
        vec!["[1]"; 512].join(", ")
    );
    let text = lesson("Big", &block);
    let book = Book::with_lesson("big.md", &text);
    book.check()
        .exits_with(1)
        .stderr_has(&format!("{}: ", place("content/big.md", &text, "64\n")))
        .stderr_has(
            "64 heads over 512 tokens need more than 10000000 operations, the limit of any example",
        );
}

#[test]
fn eval_json_of_a_large_example_streams_within_bounded_memory() {
    // 3 heads over 512 tokens, about the most one run of the kind's program allows: 58 MB of
    // JSON streamed within 256 MB (16 heads' 250 MB, before, once took 1.5 GB in memory).
    let tokens: Vec<String> = (0..512).map(|at| format!("\"t{at}\"")).collect();
    let embeddings: Vec<String> = (0..512)
        .map(|at| format!("[{}, {}]", at % 7, at * 3 % 5))
        .collect();
    let row = |modulus: i32| {
        let cells: Vec<String> = (0..3).map(|at| (at % modulus - 1).to_string()).collect();
        format!("[{}]", cells.join(", "))
    };
    let weights = format!("[{}, {}]", row(5), row(3));
    let block = format!(
        "```attention\nname = \"big\"\ntokens = [{}]\nembeddings = [{}]\nw_q = {weights}\nw_k = {weights}\nw_v = {weights}\nheads = 3\n```\n",
        tokens.join(", "),
        embeddings.join(", ")
    );
    let book = Book::with_lesson("big.md", &lesson("Big", &block));
    let mut command = Command::new(env!("CARGO_BIN_EXE_worked"));
    command
        .args(["eval", "content/big.md", "--json"])
        .current_dir(book.root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    limit_address_space(&mut command, 256 << 20);
    let mut child = command.spawn().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut bytes = 0usize;
    let mut buffer = vec![0u8; 1 << 16];
    let mut tail = Vec::new();
    loop {
        let read = stdout.read(&mut buffer).unwrap();
        if read == 0 {
            break;
        }
        bytes += read;
        tail = buffer[..read].to_vec();
    }
    let output = child.wait_with_output().unwrap();
    assert!(
        output.status.success(),
        "{:?}: {}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(bytes > 50 << 20, "only {bytes} bytes of JSON");
    assert!(String::from_utf8_lossy(&tail).trim_end().ends_with('}'));
}

#[test]
fn thousands_of_typed_numbers_on_one_line_give_a_bounded_report() {
    let line = vec!["0.5"; 16_000].join(" ");
    let book = Book::with_lesson(
        "typed.md",
        &lesson("Typed", &format!("{CAT_BLOCK}\n{line}\n")),
    );
    let run = book.check();
    run.exits_with(1)
        .stderr_has("… and 15980 more typed numbers in content/typed.md")
        .stderr_has("16000 errors found");
    assert!(run.stderr.len() < 100_000, "{} bytes", run.stderr.len());
}

#[test]
fn serve_refuses_a_huge_request_line_and_keeps_answering_while_clients_stall() {
    let book = Book::seed();
    let server = Server::start(book.root());

    // A request line far beyond the head limit: refused, connection closed.
    let mut huge = TcpStream::connect(&server.address).unwrap();
    huge.set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let line = format!("GET /{} HTTP/1.1\r\n", "a".repeat(1 << 20));
    // The server stops reading at the limit, so the write may fail part-way.
    let _ = huge.write_all(line.as_bytes());
    let mut reply = Vec::new();
    let _ = huge.read_to_end(&mut reply);
    assert!(
        String::from_utf8_lossy(&reply).starts_with("HTTP/1.1 431"),
        "{}",
        String::from_utf8_lossy(&reply[..reply.len().min(200)])
    );

    // Clients that pipeline many requests and never read the replies.
    let stalled: Vec<TcpStream> = (0..6)
        .map(|_| {
            let mut stream = TcpStream::connect(&server.address).unwrap();
            stream
                .set_write_timeout(Some(Duration::from_secs(2)))
                .unwrap();
            let requests = "GET /attention.html HTTP/1.1\r\nHost: x\r\n\r\n".repeat(2_000);
            let _ = stream.write_all(requests.as_bytes());
            stream
        })
        .collect();
    let (status, _, page) = server.get("/attention.html");
    assert_eq!(status, 200);
    assert!(page.contains("Attention"));
    drop(stalled);
}

// --- Unclear messages ------------------------------------------------------------------------

#[test]
fn a_lone_dollar_is_an_error_unless_escaped() {
    let text = lesson("Money", "Let $d_k = 2 and move on.\n");
    let book = Book::with_lesson("money.md", &text);
    book.check().exits_with(1).stderr_has(&format!(
        "{}: this `$` does not start a formula",
        place("content/money.md", &text, "$d_k")
    ));
    let book = Book::with_lesson("money.md", &lesson("Money", "It costs \\$5.\n"));
    book.check().succeeds();
}

#[test]
fn a_byte_order_mark_does_not_shift_columns() {
    let book = Book::with_lesson("bom.md", "\u{feff}+++ {{x}}\ntitle = \"T\"\n+++\n");
    book.check().exits_with(1).stderr_has("content/bom.md:1:1:");
}

#[test]
fn eval_on_a_file_that_is_not_utf8_names_the_position() {
    let book = Book::empty();
    let mut bytes = lesson("Bad", "line one\nab").into_bytes();
    bytes.push(0xff);
    book.write("content/bad.md", bytes);
    book.run(&["eval", "content/bad.md"])
        .exits_with(1)
        .stderr_has("content/bad.md:6:3: this file is not UTF-8 text");
}

#[test]
fn a_root_that_is_a_file_is_called_a_file() {
    let book = Book::seed();
    for command in ["build", "check"] {
        book.run(&[command, "--root", "content/attention.md"])
            .exits_with(2)
            .stderr_has("is a file, not a folder");
    }
}

#[test]
fn an_unreadable_lesson_exits_2() {
    use std::os::unix::fs::PermissionsExt;
    use std::os::unix::process::CommandExt;
    let book = Book::seed();
    std::fs::set_permissions(book.root(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let locked = book.path("content/softmax.md");
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_worked"));
    command
        .args(["check", "--root", "."])
        .current_dir(book.root());
    // Root reads every file; run as `nobody` so the permission bites.
    // SAFETY: geteuid has no preconditions and cannot fail.
    if unsafe { libc::geteuid() } == 0 {
        command.uid(65_534).gid(65_534);
    }
    let output = command.output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("cannot read content/softmax.md"),
        "{stderr}"
    );
}

#[test]
fn raw_html_inside_a_reference_is_reported_at_its_column() {
    // Curly quotes are three bytes each: the quoted header once counted bytes, not characters.
    let text = ATTENTION.replace("{{cat.output[sat]}}", "“really” {{cat.output[<b>sat</b>]}}");
    let book = Book::with_lesson("attention.md", &text);
    let run = book.check();
    run.exits_with(1);
    let at = place("content/attention.md", &text, "{{cat.output[<b>");
    run.stderr_has(&format!(
        "{at}: this `{{{{` is cut short by the HTML tag `<b>` before its `}}}}`"
    ))
    .stderr_has(&format!("╭─[{at}]"));
}

#[test]
fn a_lesson_page_colliding_with_a_static_file_names_the_lesson_and_exits_1() {
    let book = Book::seed();
    book.write("static/softmax.html/picture.png", "png");
    book.build()
        .exits_with(1)
        .stderr_has("content/softmax.md:1:1: this lesson's page softmax.html collides with static/softmax.html/picture.png");
    let book = Book::seed();
    book.write("static/softmax.html", "mine");
    book.build().exits_with(1).stderr_has(
        "content/softmax.md:1:1: this lesson's page softmax.html collides with static/softmax.html",
    );
}

// --- Import stays inside SRC and DEST (issue 23) ----------------------------------------------

/// An mdBook at `mdbook/` in a scratch folder, beside `outside/secret.md`.
fn hostile_mdbook(summary: &str, book_toml: &str) -> Book {
    let scratch = Book::empty();
    scratch.write("outside/secret.md", "# Secret\n\nkeep me\n");
    scratch.write("mdbook/book.toml", book_toml);
    scratch.write("mdbook/src/SUMMARY.md", summary);
    scratch.write("mdbook/src/intro.md", "# Intro\n\nHello.\n");
    scratch
}

#[test]
fn import_refuses_summary_entries_outside_src_and_writes_only_into_dest() {
    let scratch = hostile_mdbook("", "[book]\ntitle = \"T\"\n");
    let secret = scratch.path("outside/secret.md");
    let summary = format!(
        "# Summary\n\n- [Intro](intro.md)\n- [Abs]({})\n- [Up](../../outside/secret.md)\n- [Link](link.md)\n- [Dir](away/secret.md)\n",
        secret.display()
    );
    scratch.write("mdbook/src/SUMMARY.md", summary);
    std::os::unix::fs::symlink(&secret, scratch.path("mdbook/src/link.md")).unwrap();
    std::os::unix::fs::symlink(scratch.path("outside"), scratch.path("mdbook/src/away")).unwrap();
    let before_outside = scratch.files("outside");
    let before_source = scratch.files("mdbook");
    let run = scratch.run(&["import", "mdbook", "mdbook", "--into", "out"]);
    run.succeeds()
        .stderr_has("SUMMARY.md:4: [ROOT]/outside/secret.md is an absolute path")
        .stderr_has("SUMMARY.md:5: ../../outside/secret.md uses `..`")
        .stderr_has("SUMMARY.md:6: link.md is a link to")
        .stderr_has("SUMMARY.md:7: away/secret.md is a link to")
        .stderr_has("chapter \"Abs\" skipped");
    assert_eq!(scratch.files("outside"), before_outside);
    assert_eq!(scratch.files("mdbook"), before_source);
    assert_eq!(
        scratch.top_level(),
        ["content", "mdbook", "out", "outside"],
        "nothing beside DEST"
    );
    let imported: Vec<String> = scratch.files("out").into_keys().collect();
    // SUMMARY.md is copied as the new book's `contents`, without the refused entries.
    assert_eq!(
        imported,
        ["book.toml", "content/SUMMARY.md", "content/intro.md"]
    );
    let contents =
        std::fs::read_to_string(scratch.path("out/content/SUMMARY.md")).expect("the contents file");
    assert!(contents.contains("intro.md"), "{contents}");
    for refused in ["outside", "link.md", "away/secret.md"] {
        assert!(!contents.contains(refused), "{refused} kept:\n{contents}");
    }
    scratch.run(&["build", "--root", "out"]).succeeds();
}

#[test]
fn import_refuses_a_src_or_macros_file_outside_the_mdbook() {
    let scratch = hostile_mdbook(
        "- [Intro](intro.md)\n",
        "[book]\ntitle = \"T\"\n\n[preprocessor.katex]\nmacros = \"/etc/passwd\"\n",
    );
    scratch
        .run(&["import", "mdbook", "mdbook", "--into", "out"])
        .succeeds()
        .stderr_has(
            "book.toml:5: [preprocessor.katex] macros = \"/etc/passwd\": /etc/passwd is an absolute path",
        );
    assert!(!scratch.path("out/macros.txt").exists());
    assert!(!scratch.read("out/book.toml").contains("macros_file"));

    let scratch = hostile_mdbook("- [Intro](intro.md)\n", "[book]\nsrc = \"../outside\"\n");
    scratch
        .run(&["import", "mdbook", "mdbook", "--into", "out"])
        .exits_with(2)
        .stderr_has("src = \"../outside\": ../outside uses `..`");
    assert!(
        !scratch.path("out").exists(),
        "a failed import leaves no DEST"
    );

    let scratch = hostile_mdbook("", "[book]\ntitle = \"T\"\n");
    std::fs::remove_file(scratch.path("mdbook/src/SUMMARY.md")).unwrap();
    std::os::unix::fs::symlink(
        scratch.path("outside/secret.md"),
        scratch.path("mdbook/src/SUMMARY.md"),
    )
    .unwrap();
    scratch
        .run(&["import", "mdbook", "mdbook", "--into", "out"])
        .exits_with(2)
        .stderr_has("SUMMARY.md is a link to");
    assert!(!scratch.path("out").exists());
}

#[test]
fn import_refuses_a_dest_reached_through_a_link_into_src() {
    let scratch = hostile_mdbook("- [Intro](intro.md)\n", "[book]\ntitle = \"T\"\n");
    std::os::unix::fs::symlink(scratch.path("mdbook/src"), scratch.path("into-src")).unwrap();
    let before = scratch.files("mdbook");
    for dest in ["into-src/new", "into-src"] {
        scratch
            .run(&["import", "mdbook", "mdbook", "--into", dest])
            .exits_with(2)
            .stderr_has(dest)
            .stderr_has("the import never writes");
    }
    assert_eq!(scratch.files("mdbook"), before);
}

#[test]
fn a_failed_import_removes_what_it_wrote_so_the_next_run_succeeds() {
    let scratch = hostile_mdbook(
        "- [Intro](intro.md)\n- [Bad](bad.md)\n",
        "[book]\ntitle = \"T\"\n",
    );
    scratch.write("mdbook/src/bad.md", b"# Bad\n\xff\n");
    scratch
        .run(&["import", "mdbook", "mdbook", "--into", "out"])
        .exits_with(2)
        .stderr_has("bad.md: not UTF-8 text");
    assert!(!scratch.path("out").exists());
    scratch.write("mdbook/src/bad.md", "# Bad\n\nfixed\n");
    scratch
        .run(&["import", "mdbook", "mdbook", "--into", "out"])
        .succeeds();
    assert!(scratch.path("out/content/bad.md").is_file());
}

#[test]
fn new_refuses_to_write_through_a_linked_folder_out_of_the_book() {
    let scratch = Book::empty();
    scratch.write("outside/keep.txt", "x");
    let book = Book::seed();
    std::os::unix::fs::symlink(scratch.path("outside"), book.path("content/evil")).unwrap();
    book.run(&["new", "content/evil/deep/lesson.md"])
        .exits_with(2)
        .stderr_has("content/evil is a symbolic link");
    assert_eq!(scratch.files("outside").len(), 1, "nothing written outside");
}

// --- Special files (issue 23) -----------------------------------------------------------------

fn mkfifo(path: &std::path::Path) {
    assert!(Command::new("mkfifo").arg(path).status().unwrap().success());
}

#[test]
fn a_fifo_or_a_link_to_dev_zero_is_reported_by_name_not_read() {
    let book = Book::seed();
    std::fs::remove_file(book.path("book.toml")).unwrap();
    mkfifo(&book.path("book.toml"));
    book.check()
        .exits_with(2)
        .stderr_has("cannot read book.toml: it is a named pipe (FIFO), not a regular file");

    let book = Book::seed();
    book.write("book.toml", "[math]\nmacros_file = \"macros.txt\"\n");
    std::os::unix::fs::symlink("/dev/zero", book.path("macros.txt")).unwrap();
    book.check()
        .exits_with(1)
        .stderr_has("cannot read the macros file macros.txt: it is outside the book's folder");

    let book = Book::seed();
    mkfifo(&book.path("content/pipe.md"));
    book.run(&["eval", "content/pipe.md"])
        .exits_with(2)
        .stderr_has("cannot read content/pipe.md: it is a named pipe (FIFO)");

    let book = Book::seed();
    std::os::unix::fs::symlink("/dev/zero", book.path("content/zero.png")).unwrap();
    book.check().succeeds();
    // A lesson is never left out silently (issue 35): a `.md` link to a device or a FIFO is an
    // error naming it, and a link to a lesson is read.
    std::os::unix::fs::symlink("/dev/zero", book.path("content/zero.md")).unwrap();
    mkfifo(&book.path("content/pipe.md"));
    book.write("elsewhere/linked.md", lesson("Linked", "Through a link.\n"));
    std::os::unix::fs::symlink(
        book.path("elsewhere/linked.md"),
        book.path("content/linked.md"),
    )
    .unwrap();
    book.check()
        .exits_with(2)
        .stderr_has("content/zero.md: it is a device")
        .stderr_has("content/pipe.md: it is a named pipe (FIFO)");
    std::fs::remove_file(book.path("content/zero.md")).unwrap();
    std::fs::remove_file(book.path("content/pipe.md")).unwrap();
    book.build().succeeds();
    assert!(book.read("public/linked.html").contains("Through a link."));
}

#[test]
fn an_image_is_copied_byte_for_byte_and_one_linked_from_outside_is_left_out() {
    // Copied file to file when the site is written, not read into memory: the bytes must be
    // the same, `check --site` must still compare them, and a link is still not followed.
    let scratch = Book::empty();
    scratch.write("secret.png", "secret");
    let book = Book::seed();
    let image: Vec<u8> = (0..100_000u32).map(|n| (n % 253) as u8).collect();
    book.write("content/img/figure.png", &image);
    std::os::unix::fs::symlink(scratch.path("secret.png"), book.path("content/secret.png"))
        .unwrap();
    book.build().succeeds();
    assert_eq!(
        std::fs::read(book.path("public/img/figure.png")).unwrap(),
        image
    );
    assert!(!book.path("public/secret.png").exists());
    book.check_site("public").succeeds();
    book.write("content/img/figure.png", b"changed");
    book.check_site("public")
        .exits_with(1)
        .stderr_has("public/img/figure.png differs from what the sources build");
}

// --- Output collisions (issue 23) -------------------------------------------------------------

#[test]
fn a_lesson_or_file_on_a_generated_name_is_an_error_naming_both() {
    let book = Book::seed();
    book.write("content/404.md", lesson("Lost", "Mine.\n"));
    book.check().exits_with(1).stderr_has(
        "content/404.md:1:1: this lesson's page 404.html is the name of the not-found page",
    );

    let book = Book::seed();
    book.write(
        "content/lost.md",
        "+++\ntitle = \"Lost\"\nslug = \"404\"\n+++\n\nMine.\n",
    );
    book.build()
        .exits_with(1)
        .stderr_has("content/lost.md:1:1: this lesson's page 404.html");

    for (file, what) in [
        ("static/search-index.js", "the search index"),
        ("static/book-toc.js", "the table of contents script"),
        ("content/search-index.js", "the search index"),
    ] {
        let book = Book::seed();
        book.write(file, "mine");
        book.build()
            .exits_with(1)
            .stderr_has(&format!("{file} would be replaced by {what}"));
    }
}

#[test]
fn asset_names_that_are_not_utf8_are_an_error_not_a_lost_file() {
    use std::os::unix::ffi::OsStrExt;
    let book = Book::seed();
    for byte in [0xfe_u8, 0xff] {
        let name = [b'p', byte, b'.', b'p', b'n', b'g'];
        let path = book
            .path("content")
            .join(std::ffi::OsStr::from_bytes(&name));
        std::fs::write(path, [byte]).unwrap();
    }
    let run = book.build();
    run.exits_with(1)
        .stderr_has("the file name of content/p\u{fffd}.png is not UTF-8");
    assert_eq!(
        run.stderr.matches("is not UTF-8").count(),
        2,
        "{}",
        run.stderr
    );
    assert!(!book.path("public").exists());
}

// --- Typesetter bounds (issue 23) ---------------------------------------------------------------

#[test]
fn formulas_whose_macros_nest_double_or_misuse_arguments_are_one_clean_error_each() {
    let book = Book::seed();
    book.write(
        "book.toml",
        "title = \"T\"\n\n[math.macros]\nnest = \"\\\\sqrt{\\\\nest}\"\nnine = \"#1 + #9\"\n",
    );
    let body = format!(
        "Nested $\\nest$.\n\nDoubled $\\def\\x#1#2{{#2{{#1#1}}}}\\x{{y}}{}\\relax$.\n\nNine $\\nine{{a}}$.\n",
        "\\x".repeat(25)
    );
    book.write("content/macros.md", lesson("Macros", &body));
    let run = book.check();
    run.exits_with(1)
        .stderr_has("content/macros.md:")
        .stderr_has("The formula nests more than 500 levels deep")
        .stderr_has("Macros expand to more than 200000 tokens");
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    assert!(!run.stderr.contains("backtrace"), "{}", run.stderr);
    assert_eq!(run.stderr.matches("error:").count(), 3, "{}", run.stderr);
}

// --- Printing errors (issue 23) -----------------------------------------------------------------

/// Runs `worked args` in `book` with stdout (or stderr) on `/dev/full`; the exit code and stderr.
fn into_dev_full(book: &Book, args: &[&str], stderr_too: bool) -> (Option<i32>, String) {
    let full = || {
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap()
    };
    let mut command = Command::new(env!("CARGO_BIN_EXE_worked"));
    command.args(args).current_dir(book.root()).stdout(full());
    if stderr_too {
        command.stderr(full());
    }
    let output = command.output().unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn output_that_cannot_be_written_exits_2_with_one_line_in_every_command() {
    let book = Book::seed();
    for args in [
        &["check", "--root", "."][..],
        &["build", "--root", "."],
        &["eval", "content/attention.md"],
        &["new", "content/fresh.md"],
        &["init", "fresh-book"],
        &["--help"],
        &["--version"],
    ] {
        let (code, stderr) = into_dev_full(&book, args, false);
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(
            stderr.starts_with("error: cannot write"),
            "{args:?}: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
    let broken = Book::with_lesson("a.md", &lesson("A", "{{nope.x}}\n"));
    let (code, _) = into_dev_full(&broken, &["check", "--root", "."], true);
    assert_eq!(
        code,
        Some(2),
        "errors that cannot be shown are an I/O error"
    );
}

// --- serve limits (issue 23) --------------------------------------------------------------------

/// Sends `request` on a new connection and reads the whole reply (the server closes it).
fn exchange(address: &str, request: &[u8]) -> String {
    let mut stream = TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(15)))
        .unwrap();
    let _ = stream.write_all(request);
    let mut reply = Vec::new();
    let _ = stream.read_to_end(&mut reply);
    String::from_utf8_lossy(&reply).into_owned()
}

#[test]
fn serve_refuses_heads_over_16_kib_however_they_arrive() {
    let book = Book::seed();
    let server = Server::start(book.root());
    let head = |bytes: usize| {
        let start = "GET /attention.html HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Pad: ";
        let pad = bytes - start.len() - 4;
        format!("{start}{}\r\n\r\n", "a".repeat(pad))
    };
    assert!(exchange(&server.address, head(16 * 1024).as_bytes()).starts_with("HTTP/1.1 200"));
    for bytes in [16 * 1024 + 1, 18_000, 20_000] {
        let reply = exchange(&server.address, head(bytes).as_bytes());
        assert!(
            reply.starts_with("HTTP/1.1 431"),
            "{bytes}: {}",
            &reply[..reply.len().min(80)]
        );
    }
}

#[test]
fn serve_closes_a_kept_alive_connection_left_idle() {
    let book = Book::seed();
    let server = Server::start(book.root());

    // A kept-alive connection that asks nothing more is closed after the idle limit (2 s).
    let mut idle = TcpStream::connect(&server.address).unwrap();
    idle.set_read_timeout(Some(Duration::from_secs(8))).unwrap();
    idle.write_all(b"GET /attention.html HTTP/1.1\r\nHost: x\r\n\r\n")
        .unwrap();
    let started = std::time::Instant::now();
    let mut reply = Vec::new();
    let _ = idle.read_to_end(&mut reply);
    assert!(String::from_utf8_lossy(&reply).starts_with("HTTP/1.1 200"));
    assert!(
        started.elapsed() < Duration::from_secs(6),
        "the idle connection was closed by the server, not by the test's timeout"
    );
}

#[test]
fn serve_keeps_rebuilding_after_a_rebuild_that_met_a_fifo() {
    let book = Book::seed();
    let server = Server::start(book.root());
    std::fs::remove_file(book.path("book.toml")).unwrap();
    mkfifo(&book.path("book.toml"));
    server.wait_for("/attention.html", "the failed rebuild", |page| {
        page.contains("named pipe (FIFO)")
    });
    std::fs::remove_file(book.path("book.toml")).unwrap();
    book.write("book.toml", "title = \"Test Book\"\n");
    book.edit("content/softmax.md", "## Definition", "## Defined again");
    server.wait_for("/softmax.html", "the next rebuild", |page| {
        page.contains("Defined again") && !page.contains("named pipe")
    });
}

// --- Compute memory (issue 23) ------------------------------------------------------------------

#[test]
fn compute_blocks_are_bounded_in_memory_per_block_and_per_book() {
    let block = |name: &str, copies: usize| {
        let mut steps = String::from("x = zeros(1024, 1024)\n");
        for copy in 0..copies {
            steps.push_str(&format!("a{copy} = x\n"));
        }
        format!("```compute\nname = \"{name}\"\nsteps = \"\"\"\n{steps}\"\"\"\n```\n\n")
    };
    let text = lesson("Aliases", &block("aliases", 998));
    let book = Book::with_lesson("aliases.md", &text);
    book.check()
        .exits_with(1)
        .stderr_has("the steps keep more than 4194304 numbers (step a3)");

    let body: String = (0..5).map(|at| block(&format!("b{at}"), 3)).collect();
    let book = Book::with_lesson("many.md", &lesson("Many", &body));
    let run = book.check();
    run.exits_with(1)
        .stderr_has("with this example the book's compute blocks keep more than 16777216 numbers");
    assert_eq!(
        run.stderr.matches("keep more than").count(),
        1,
        "{}",
        run.stderr
    );
}

#[test]
fn the_block_blamed_for_the_books_memory_bound_is_the_first_past_it_in_book_order() {
    let block = |name: &str| {
        format!("```compute\nname = \"{name}\"\nsteps = \"\"\"\nx = zeros(1024, 1024)\na = x\nb = x\nc = x\n\"\"\"\n```\n\n")
    };
    // The first lesson fills the bound exactly; the second's block crosses it, however the
    // lessons' evaluations interleave.
    let book = Book::with_lesson(
        "a.md",
        &lesson(
            "A",
            &(0..4)
                .map(|at| block(&format!("a{at}")))
                .collect::<String>(),
        ),
    );
    let second = lesson("B", &block("b0"));
    book.write("content/b.md", &second);
    let run = book.check();
    run.exits_with(1)
        .stderr_has("with this example the book's compute blocks keep more than 16777216 numbers")
        .stderr_has(
            place("content/b.md", &second, "b0")
                .rsplit_once(':')
                .unwrap()
                .0,
        );
    assert!(!run.stderr.contains("content/a.md"), "{}", run.stderr);
    assert_eq!(
        run.stderr.matches("keep more than").count(),
        1,
        "{}",
        run.stderr
    );
}

// --- Leftovers and links (issue 23) -------------------------------------------------------------

#[test]
fn an_emptied_leftover_of_a_killed_removal_is_removed() {
    let book = Book::seed();
    let mut child = Command::new("true").spawn().unwrap();
    let dead = child.id();
    child.wait().unwrap();
    std::fs::create_dir(book.path(&format!(".public.old-{dead}"))).unwrap();
    book.write(&format!(".public.old-{dead}-notes/mine.txt"), "mine");
    book.build().succeeds();
    assert!(!book.path(&format!(".public.old-{dead}")).exists());
    assert!(book
        .path(&format!(".public.old-{dead}-notes/mine.txt"))
        .exists());
}

#[test]
fn a_previous_subfolder_replaced_by_a_link_lends_no_files() {
    use std::os::unix::fs::MetadataExt;
    let book = Book::seed();
    book.write("content/part/deep.md", lesson("Deep", "Deep text.\n"));
    book.build().succeeds();
    let outside = tempfile::tempdir().unwrap();
    let copy = outside.path().join("deep.html");
    std::fs::copy(book.path("public/part/deep.html"), &copy).unwrap();
    std::fs::remove_dir_all(book.path("public/part")).unwrap();
    std::os::unix::fs::symlink(outside.path(), book.path("public/part")).unwrap();
    book.build().succeeds();
    assert_eq!(
        std::fs::metadata(&copy).unwrap().nlink(),
        1,
        "the outside file was linked"
    );
    assert!(!std::fs::symlink_metadata(book.path("public/part"))
        .unwrap()
        .file_type()
        .is_symlink());
}

#[test]
fn check_site_reports_links_and_special_files_in_the_site() {
    let book = Book::seed();
    book.build().succeeds();
    let outside = tempfile::tempdir().unwrap();
    let copy = outside.path().join("softmax.html");
    std::fs::copy(book.path("public/softmax.html"), &copy).unwrap();
    std::fs::remove_file(book.path("public/softmax.html")).unwrap();
    std::os::unix::fs::symlink(&copy, book.path("public/softmax.html")).unwrap();
    mkfifo(&book.path("public/pipe"));
    book.check_site("public")
        .exits_with(1)
        .stderr_has("public/softmax.html is reached through a symbolic link (softmax.html)")
        .stderr_has("public/pipe is a symbolic link or special file");
}

// --- Messages and exit codes (issue 23) ---------------------------------------------------------

#[test]
fn messages_name_the_lesson_quote_briefly_and_exit_with_the_right_code() {
    // A page too large for the render limit names the lesson whose page it is.
    let book = Book::with_lesson(
        "big.md",
        &lesson("Big", &format!("{}\n", "word ".repeat(2_000))),
    );
    book.write(
        "templates/lesson.html",
        "{% for i in range(end=10000) %}{{ lesson.content | safe }}{% endfor %}",
    );
    book.build().exits_with(1).stderr_has(
        "content/big.md:1:1: this lesson's page big.html: template lesson.html stopped",
    );

    // A 900-digit literal is quoted in part, in the message and the hint (a lesson with an
    // example, where an unmatched decimal in prose is reported).
    let digits = "1".repeat(900);
    let book = Book::with_lesson(
        "typed.md",
        &lesson("Typed", &format!("{CAT_BLOCK}\nIt is 0.{digits}.\n")),
    );
    let run = book.check();
    run.exits_with(1);
    let longest = run
        .stderr
        .split(|c: char| c != '1')
        .map(str::len)
        .max()
        .unwrap_or(0);
    assert!(
        longest <= 160,
        "a run of {longest} digits quoted:\n{}",
        run.stderr
    );

    // A slug too long for a file name is found by check, not only by build.
    let slug = "s".repeat(300);
    let book = Book::with_lesson(
        "long.md",
        &format!("+++\ntitle = \"Long\"\nslug = \"{slug}\"\n+++\n\nText.\n"),
    );
    book.check()
        .exits_with(1)
        .stderr_has("is longer than 200 characters, too long for a file name");

    // No content/ is a usage error; an import into a regular file says so.
    let scratch = Book::empty();
    std::fs::create_dir(scratch.path("empty")).unwrap();
    scratch
        .run(&["build", "--root", "empty"])
        .exits_with(2)
        .stderr_has("no `content/` folder");
    let scratch = hostile_mdbook("- [Intro](intro.md)\n", "[book]\ntitle = \"T\"\n");
    scratch.write("a-file", "x");
    scratch
        .run(&["import", "mdbook", "mdbook", "--into", "a-file"])
        .exits_with(2)
        .stderr_has("a-file exists and is a file, not a folder");
}

// --- Hardening III (issue 35) -----------------------------------------------------------------

/// A book citing nothing whose `book.toml` names `refs.bib` holding `bib`.
fn book_with_bib(bib: impl AsRef<[u8]>) -> Book {
    let book = Book::seed();
    book.write("book.toml", "title = \"T\"\nbibliography = \"refs.bib\"\n");
    book.write("refs.bib", bib);
    book
}

#[test]
fn bibliography_references_to_themselves_are_an_error_at_the_bib_not_a_crash() {
    for (bib, place, says) in [
        (
            "@inbook{a, crossref = {a}, title = {A}, year = {2000}}\n",
            "refs.bib:1:1",
            "entry `a` is its own crossref or xdata parent",
        ),
        (
            "\n@inbook{a, crossref = {b}}\n@inbook{b, crossref = {a}}\n",
            "refs.bib:2:1",
            "a → b",
        ),
        (
            "@string{a = b}\n@string{b = a}\n@misc{k, title = a}\n",
            "refs.bib:3:",
            "through more than 16 other @strings",
        ),
    ] {
        book_with_bib(bib)
            .check()
            .exits_with(1)
            .stderr_has(place)
            .stderr_has(says);
    }
}

#[test]
fn bibliography_growth_is_bounded_before_reading_with_errors_at_the_bib() {
    let doubling = |bytes: usize, times: usize| {
        let mut bib = format!("@string{{s0 = \"{}\"}}\n", "x".repeat(bytes));
        for at in 1..=times {
            bib.push_str(&format!("@string{{s{at} = s{0} # s{0}}}\n", at - 1));
        }
        bib + &format!("@misc{{k, title = s{times}}}\n")
    };
    book_with_bib(doubling(16, 25))
        .check()
        .exits_with(1)
        .stderr_has("refs.bib:27:")
        .stderr_has("other @strings");
    book_with_bib(doubling(1024, 13))
        .check()
        .exits_with(1)
        .stderr_has("refs.bib:15:")
        .stderr_has("more than 4 MiB");
    let deep = format!(
        "@misc{{k, title = {}x{}}}\n",
        "{".repeat(100_000),
        "}".repeat(100_000)
    );
    book_with_bib(deep)
        .check()
        .exits_with(1)
        .stderr_has("refs.bib:1:")
        .stderr_has("nests braces more than 32 deep");
    let chain: String = (0..4000)
        .map(|at| format!("@inbook{{e{at}, crossref = {{e{}}}}}\n", at + 1))
        .collect();
    book_with_bib(chain)
        .check()
        .exits_with(1)
        .stderr_has("refs.bib:")
        .stderr_has("more than 16 entries deep");
    let many: String = (0..100_000)
        .map(|at| format!("@misc{{k{at}, title = {{T}}}}\n"))
        .collect();
    book_with_bib(many)
        .check()
        .exits_with(1)
        .stderr_has("refs.bib:5001:1")
        .stderr_has("more than 5000 entries");
}

#[test]
fn a_bib_that_is_not_utf8_and_a_style_that_is_not_csl_are_errors_at_their_place() {
    book_with_bib(b"@misc{k,\n  title = {Caf\xe9}}\n")
        .check()
        .exits_with(1)
        .stderr_has("refs.bib:2:15")
        .stderr_has("not UTF-8");
    let book = book_with_bib("@misc{k, title = {T}, year = {2000}}\n");
    book.write(
        "book.toml",
        "title = \"T\"\nbibliography = \"refs.bib\"\ncitation-style = \"house.csl\"\n",
    );
    book.write(
        "house.csl",
        "<?xml version=\"1.0\"?>\n<style>\n  <nonsense/>\n</style>\n",
    );
    book.check().exits_with(1).stderr_has("house.csl:");
}

#[test]
fn an_included_fifo_is_an_error_not_a_hang() {
    let book = Book::seed();
    book.write(
        "content/inc.md",
        lesson("Inc", "Before.\n\n{{#include pipe.txt}}\n"),
    );
    let pipe = book.path("content/pipe.txt");
    mkfifo(&pipe);
    // A reader that blocks on the pipe gets one line from this writer, so a build that reads
    // it includes "from the pipe" instead of hanging; one that refuses never meets the writer.
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let writer = {
        let done = done.clone();
        std::thread::spawn(move || {
            use std::os::unix::fs::OpenOptionsExt;
            while !done.load(std::sync::atomic::Ordering::SeqCst) {
                let opened = std::fs::OpenOptions::new()
                    .write(true)
                    .custom_flags(libc::O_NONBLOCK)
                    .open(&pipe);
                if let Ok(mut end) = opened {
                    let _ = end.write_all(b"from the pipe\n");
                    return;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
        })
    };
    let run = book.check();
    done.store(true, std::sync::atomic::Ordering::SeqCst);
    writer.join().unwrap();
    run.exits_with(1)
        .stderr_has("content/inc.md:7:1")
        .stderr_has("cannot include pipe.txt: it is a named pipe (FIFO)");
}

#[test]
fn an_include_of_a_few_lines_reads_only_those_lines_and_a_whole_huge_file_is_refused() {
    let book = Book::seed();
    book.write(
        "content/inc.md",
        lesson("Inc", "{{#include big.txt:2:2}}\n"),
    );
    // 64 MiB, sparse after its first two lines.
    let big = std::fs::File::create(book.path("content/big.txt")).unwrap();
    (&big).write_all(b"first\nsecond line\n").unwrap();
    big.set_len(64 << 20).unwrap();
    book.build().succeeds();
    assert!(book.read("public/inc.html").contains("second line"));
    book.edit("content/inc.md", "big.txt:2:2", "big.txt");
    book.check()
        .exits_with(1)
        .stderr_has("cannot include big.txt: it is larger than 16 MiB");
}

#[test]
fn a_bibliography_url_that_is_not_a_web_address_is_text_with_a_warning() {
    let book = book_with_bib(
        "@misc{evil, title = {Evil}, year = {2000}, url = {javascript:alert(1)}}\n@misc{good, title = {Good}, year = {2001}, url = {https://example.org/x}}\n",
    );
    book.build()
        .succeeds()
        .stderr_has("refs.bib:1:51")
        .stderr_has("entry `evil` has a url with the scheme \"javascript\"");
    let page = book.read("public/bibliography.html");
    assert!(
        page.contains("Available at: javascript:alert(1)."),
        "{page}"
    );
    assert!(!page.contains("href=\"javascript"), "{page}");
    assert!(
        page.contains("<a href=\"https://example.org/x\">"),
        "{page}"
    );
}

#[test]
fn a_bibliography_or_macros_file_outside_the_book_is_refused() {
    let outside = Book::empty();
    outside.write("secret.bib", "@misc{k, title = {Secret}, year = {2000}}\n");
    outside.write("macros.txt", "\\secret:x\n");
    let book = Book::seed();
    std::os::unix::fs::symlink(outside.path("secret.bib"), book.path("link.bib")).unwrap();
    let absolute = outside.path("secret.bib").display().to_string();
    for name in [absolute.as_str(), "link.bib"] {
        book.write(
            "book.toml",
            format!("title = \"T\"\nbibliography = \"{name}\"\n"),
        );
        book.check()
            .exits_with(1)
            .stderr_has("it is outside the book");
    }
    book.write(
        "book.toml",
        format!(
            "[math]\nmacros_file = \"{}\"\n",
            outside.path("macros.txt").display()
        ),
    );
    book.check()
        .exits_with(1)
        .stderr_has("book.toml:2:15")
        .stderr_has("it is outside the book");
}

#[test]
fn an_exercise_whose_answer_is_not_finite_is_an_error_at_the_answer() {
    let body = r#"```compute
name = "ln"
steps = """
m = where(x > 2, 0, -inf)
"""

[inputs]
x = [1, 4]
```

```exercise
name = "neg"
question = "Which entry is masked?"
answer = "ln.m[1]"
solution = "The first."
```
"#;
    let text = lesson("Masked", body);
    let book = Book::with_lesson("ex.md", &text);
    book.check()
        .exits_with(1)
        .stderr_has(&place("content/ex.md", &text, "\"ln.m[1]\""))
        .stderr_has("it is infinite, so no number a reader types can match it");
}

#[test]
fn labels_take_letters_of_any_script_and_other_characters_are_errors_naming_the_label() {
    let body = "$$ x $$ {#eq-ü}\n\nSee @eq-ü.\n\n## Début {#sec-début}\n\nAs in @sec-début.\n";
    let book = Book::with_lesson("a.md", &lesson("Labels", body));
    book.build().succeeds();
    let page = book.read("public/a.html");
    assert!(page.contains("id=\"eq-ü\""), "{page}");
    assert!(page.contains("href=\"#eq-ü\""), "{page}");
    assert!(page.contains("href=\"#sec-début\""), "{page}");

    let body = "$$ y $$ {#eq-a.b}\n\n$$ z $$ {#eq-a b}\n\n$$ w $$ {#eq-<script>}\n";
    let text = lesson("Labels", body);
    let book = Book::with_lesson("a.md", &text);
    let run = book.check();
    run.exits_with(1);
    for (label, bad) in [
        ("{#eq-a.b}", "'.'"),
        ("{#eq-a b}", "' '"),
        ("{#eq-<script>}", "'<'"),
    ] {
        run.stderr_has(&place("content/a.md", &text, label))
            .stderr_has(&format!("the label `{label}` holds {bad}"));
    }
    book.build().exits_with(1);
    assert!(!book.path("public/a.html").exists());
}

/// The `bib_and_includes` fuzz target's book, shared so its seeds run in `cargo test` as well.
mod bib_and_includes_case {
    include!("../../fuzz/fuzz_targets/bib_and_includes_book.rs");
}

#[test]
fn every_bib_and_includes_fuzz_seed_ends_in_a_site_or_located_errors() {
    use worked::base::diagnostics::render_all;
    use worked::pipeline::{build_site, Strictness};
    let seeds =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/seeds_bib_and_includes");
    let mut ran = Vec::new();
    for entry in std::fs::read_dir(&seeds).expect("the seed corpus") {
        let path = entry.expect("a seed").path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let data = std::fs::read(&path).expect("a seed's bytes");
        let book = tempfile::tempdir().expect("a temporary book");
        bib_and_includes_case::write_case(book.path(), &data);
        let outcome = std::panic::catch_unwind(|| build_site(book.path(), Strictness::Strict));
        match outcome {
            Err(_) => panic!("seed {name} panicked the build"),
            Ok(Ok(_)) => {}
            Ok(Err(problems)) => {
                let report = render_all(&problems);
                for line in report.lines().filter(|line| line.starts_with("error")) {
                    assert!(
                        line.contains("references.bib:") || line.contains(".md:"),
                        "seed {name}: an error without a place: {line}\n{report}"
                    );
                }
            }
        }
        ran.push(name);
    }
    ran.sort();
    assert!(
        ran.len() >= 5 && ran.contains(&"crossref-and-include".to_string()),
        "{ran:?}"
    );
}

#[test]
fn the_crossref_and_include_seed_builds_with_its_included_lines_and_citations() {
    use worked::pipeline::{build_site, Strictness};
    let data = std::fs::read(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fuzz/seeds_bib_and_includes/crossref-and-include"),
    )
    .unwrap();
    let book = tempfile::tempdir().expect("a temporary book");
    bib_and_includes_case::write_case(book.path(), &data);
    let built = build_site(book.path(), Strictness::Strict);
    assert!(
        built.is_ok(),
        "the seed is a good book: {:?}",
        built
            .err()
            .map(|e| worked::base::diagnostics::render_all(&e))
    );
}

#[test]
fn citations_in_an_exercises_texts_are_formatted_and_checked_and_their_locators_are_not_typed_numbers(
) {
    let exercise = |hint: &str| {
        format!(
            r#"```compute
name = "ln"
steps = """
y = x - 1
"""

[inputs]
x = [1, 4]
pages = 312
```

```exercise
name = "cite"
question = "As [@k, p. 312] asks, what is the first entry of y?"
answer = "ln.y[1]"
hints = ["{hint}"]
solution = "It is {{{{ln.y[1]}}}}, as in @k."
```
"#
        )
    };
    let book = Book::with_lesson("ex.md", &lesson("Cites", &exercise("Read [@k].")));
    book.write("book.toml", "title = \"T\"\nbibliography = \"refs.bib\"\n");
    book.write(
        "refs.bib",
        "@book{k, author = {Knuth, Donald}, title = {TAOCP}, year = {1968}}\n",
    );
    book.check().succeeds();
    book.build().succeeds();
    let page = book.read("public/ex.html");
    assert!(!page.contains("[@k"), "{page}");
    // `p. 312` is a locator, not the input `pages` typed by hand.
    assert!(page.contains("(Knuth, 1968, p. 312)"), "{page}");
    assert!(page.contains("id=\"ref-k\""), "{page}");

    let text = lesson("Cites", &exercise("Read [@nokey]."));
    book.write("content/ex.md", &text);
    book.check()
        .exits_with(1)
        .stderr_has(&place("content/ex.md", &text, "nokey]"));
}
