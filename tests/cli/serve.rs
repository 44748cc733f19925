//! `worked serve` end to end: start the binary on a free loopback port, fetch pages with a
//! hand-written HTTP/1.0 request, save a lesson and see the page change, break the lesson and
//! see the error banner over the last good page. Every wait is bounded; the child process is
//! killed when the test ends, pass or fail.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

const LESSON: &str = "+++\ntitle = \"First steps\"\nweight = 1\n+++\n\n## Start\n\nThe original sentence, with $x^2$.\n";
const OTHER: &str =
    "+++\ntitle = \"Second steps\"\nweight = 2\n+++\n\nBack to [the start](first.html#start).\n";

/// How long the first build and each rebuild may take before the test gives up.
const PATIENCE: Duration = Duration::from_secs(10);

/// Kills the server when dropped, so a failing assertion never leaves it running.
pub struct Server {
    child: Child,
    /// `127.0.0.1:PORT`, as the server printed it.
    pub address: String,
    /// What the server printed on stderr, shown when the test fails.
    log: Arc<Mutex<String>>,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if std::thread::panicking() {
            let log = self.log.lock().unwrap_or_else(|e| e.into_inner());
            eprintln!("worked serve's stderr:\n{log}");
        }
    }
}

impl Server {
    /// Starts `worked serve --port 0` on the book at `root` and waits for its address.
    pub fn start(root: &Path) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_worked"))
            .args(["serve", "--root"])
            .arg(root)
            .args(["--port", "0"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start worked serve");
        // Read stdout on a thread so the wait for the address line can time out. The thread
        // then closes the pipe: the server must keep serving when nobody reads its log (a
        // `println!` there once died of the broken pipe).
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, address) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Some(rest) = line.split("http://").nth(1) {
                    let _ = sender.send(rest.split('/').next().unwrap_or_default().to_string());
                    return;
                }
            }
        });
        // Keep stderr (the diagnostics) to show if the test fails.
        let mut stderr = child.stderr.take().expect("piped stderr");
        let log = Arc::new(Mutex::new(String::new()));
        let sink = Arc::clone(&log);
        std::thread::spawn(move || {
            let mut buffer = [0; 4096];
            while let Ok(read @ 1..) = stderr.read(&mut buffer) {
                let text = String::from_utf8_lossy(&buffer[..read]).into_owned();
                sink.lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push_str(&text);
            }
        });
        let mut server = Server {
            child,
            address: String::new(),
            log,
        };
        // The first build typesets with KaTeX; give it longer than a rebuild.
        server.address = address
            .recv_timeout(PATIENCE * 6)
            .expect("worked serve prints the address it serves");
        assert!(
            server.address.starts_with("127.0.0.1:"),
            "loopback by default: {}",
            server.address
        );
        server
    }

    /// `GET path` over HTTP/1.0: (status, raw headers, body).
    pub fn get(&self, path: &str) -> (u16, String, String) {
        let mut stream = TcpStream::connect(&self.address).expect("connect to worked serve");
        stream.set_read_timeout(Some(PATIENCE)).unwrap();
        stream.set_write_timeout(Some(PATIENCE)).unwrap();
        write!(stream, "GET {path} HTTP/1.0\r\nHost: localhost\r\n\r\n").unwrap();
        let mut response = Vec::new();
        stream
            .read_to_end(&mut response)
            .expect("read the response");
        let response = String::from_utf8_lossy(&response).into_owned();
        let (head, body) = response
            .split_once("\r\n\r\n")
            .expect("a response with headers");
        let status = head
            .split(' ')
            .nth(1)
            .and_then(|code| code.parse().ok())
            .expect("a status code");
        (status, head.to_string(), body.to_string())
    }

    /// Fetches `path` until its body satisfies `done`, for at most [`PATIENCE`].
    pub fn wait_for(&self, path: &str, what: &str, done: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let (_, _, body) = self.get(path);
            if done(&body) {
                return body;
            }
            assert!(
                Instant::now() < deadline,
                "{path} did not show {what} within {PATIENCE:?}; last body:\n{body}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Server {
    /// Waits until the server's stderr holds `needle`, for at most [`PATIENCE`]; returns it.
    fn wait_for_log(&self, needle: &str) -> String {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let log = self.log.lock().unwrap_or_else(|e| e.into_inner()).clone();
            if log.contains(needle) {
                return log;
            }
            assert!(
                Instant::now() < deadline,
                "stderr did not show {needle:?} within {PATIENCE:?}:\n{log}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

/// A book folder holding these lessons, and its `content/` folder.
fn book_with(lessons: &[(&str, &str)]) -> (tempfile::TempDir, std::path::PathBuf) {
    let book = tempfile::tempdir().unwrap();
    let content = book.path().join("content");
    std::fs::create_dir(&content).unwrap();
    for (name, text) in lessons {
        std::fs::write(content.join(name), text).unwrap();
    }
    (book, content)
}

#[test]
fn serve_rebuilds_on_save_and_shows_a_failed_rebuild_over_the_last_good_page() {
    let (book, content) = book_with(&[("first.md", LESSON), ("second.md", OTHER)]);
    let server = Server::start(book.path());

    let (status, head, index) = server.get("/");
    assert_eq!(status, 200);
    assert!(
        head.contains("Content-Type: text/html; charset=utf-8"),
        "{head}"
    );
    assert!(index.contains("First steps") && index.contains("Second steps"));

    let (status, _, page) = server.get("/first.html");
    assert_eq!(status, 200);
    assert!(page.contains("The original sentence"));
    assert!(page.contains("/__worked/reload.js"));
    assert!(!page.contains("worked-build-error"));

    let (status, head, _) = server.get("/style.css");
    assert_eq!(status, 200);
    assert!(head.contains("Content-Type: text/css"), "{head}");
    assert_eq!(server.get("/no-such-page").0, 404);
    assert_eq!(server.get("/../Cargo.toml").0, 404);

    // Save an edit: the served page follows.
    std::fs::write(
        content.join("first.md"),
        LESSON.replace("The original sentence", "The edited sentence"),
    )
    .unwrap();
    server.wait_for("/first.html", "the edit", |body| {
        body.contains("The edited sentence")
    });

    // Break the front matter: the last good page stays, under a banner naming the problem.
    std::fs::write(
        content.join("first.md"),
        LESSON
            .replace("title =", "titel =")
            .replace("The original sentence", "A sentence that never builds"),
    )
    .unwrap();
    let page = server.wait_for("/first.html", "the error banner", |body| {
        body.contains("worked-build-error")
    });
    assert!(page.contains("<div class=\"worked-build-error\" role=\"alert\">"));
    assert!(
        page.contains("first.md:2:1:"),
        "the banner names file:line:col"
    );
    assert!(page.contains("titel"));
    assert!(
        page.contains("The edited sentence"),
        "the last good page is kept"
    );
    assert!(!page.contains("A sentence that never builds"));
    assert!(server.get("/").2.contains("worked-build-error"));

    // Fix it again: the banner goes.
    std::fs::write(content.join("first.md"), LESSON).unwrap();
    server.wait_for("/first.html", "the fixed page", |body| {
        body.contains("The original sentence") && !body.contains("worked-build-error")
    });

    drop(server);
    assert!(
        !book.path().join("public").exists(),
        "serve writes nothing to disk"
    );
}

#[test]
fn an_open_page_hears_of_a_rebuild_as_soon_as_it_finishes() {
    let (book, content) = book_with(&[("first.md", LESSON)]);
    let server = Server::start(book.path());
    let (_, _, version) = server.get("/__worked/version");
    let version: u64 = version.trim().parse().expect("the version is a number");

    // A page served at an older version is told the current one at once.
    let started = Instant::now();
    let (status, _, answer) = server.get("/__worked/wait?since=0");
    assert_eq!((status, answer.trim()), (200, version.to_string().as_str()));
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "a stale page does not wait"
    );

    // A page at the current version waits until the next rebuild, not until its wait runs out
    // (8 s): the answer arrives with the new version.
    let address = server.address.clone();
    let waiter = std::thread::spawn(move || {
        let mut stream = TcpStream::connect(address).unwrap();
        stream.set_read_timeout(Some(PATIENCE)).unwrap();
        write!(
            stream,
            "GET /__worked/wait?since={version} HTTP/1.0\r\n\r\n"
        )
        .unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).unwrap();
        (Instant::now(), response)
    });
    std::thread::sleep(Duration::from_millis(300));
    let saved = Instant::now();
    std::fs::write(
        content.join("first.md"),
        LESSON.replace("original", "saved"),
    )
    .unwrap();
    let (answered, response) = waiter.join().unwrap();
    assert!(
        response.ends_with(&format!("\r\n\r\n{}", version + 1)),
        "{response}"
    );
    assert!(
        answered.duration_since(saved) < Duration::from_secs(6),
        "the wait ended with the rebuild, {:?} after the save",
        answered.duration_since(saved)
    );
}

#[test]
fn a_page_open_in_a_browser_reloads_itself_after_a_save() {
    let Some(chromium) = crate::browser::launch(
        "serve_live_reload",
        "that a page open in `worked serve` reloads after a save",
    ) else {
        return;
    };
    let (book, content) = book_with(&[("first.md", LESSON)]);
    let server = Server::start(book.path());
    let tab = chromium.tab();
    crate::browser::navigate(&tab, &format!("http://{}/first.html", server.address));
    crate::browser::eval(&tab, "window.__not_reloaded = true");
    // Let the page's wait reach the server before the save.
    std::thread::sleep(Duration::from_millis(500));
    std::fs::write(
        content.join("first.md"),
        LESSON.replace("original", "reloaded"),
    )
    .unwrap();
    crate::browser::wait_for(
        &tab,
        "window.__not_reloaded === undefined && document.body.innerText.includes('The reloaded sentence')",
    );
}

#[test]
fn a_rebuild_prints_the_problems_of_the_changed_page_and_counts_the_rest() {
    let typed = |number: &str| {
        crate::support::lesson(
            "Typed",
            &format!("{}\nThe weight is {number}.\n", crate::support::CAT_BLOCK),
        )
    };
    let (book, content) = book_with(&[("a.md", &typed("0.321")), ("b.md", &typed("0.654"))]);
    let server = Server::start(book.path());
    server.wait_for_log("0.654 looks typed by hand");
    std::fs::write(content.join("a.md"), typed("0.322")).unwrap();
    let log =
        server.wait_for_log("… and 1 warning in 1 other file, the same as before this change");
    assert!(log.contains("0.322 looks typed by hand"), "{log}");
    assert_eq!(log.matches("0.654 looks typed by hand").count(), 1, "{log}");
}

#[test]
fn serve_follows_edits_after_content_is_moved_away_and_back_or_replaced_by_a_copy() {
    let (book, content) = book_with(&[("first.md", LESSON)]);
    let server = Server::start(book.path());
    let away = book.path().join("away");
    let version = || -> u64 {
        let (_, _, version) = server.get("/__worked/version");
        version.trim().parse().expect("the version is a number")
    };
    // Waits for the rebuild the replacement causes, then saves an edit: only a watched
    // folder can bring that edit to the page.
    let edit_after_rebuild = |before: u64, sentence: &str| {
        server.wait_for("/__worked/version", "a rebuild", |body| {
            body.trim().parse::<u64>().is_ok_and(|now| now > before)
        });
        std::fs::write(
            content.join("first.md"),
            LESSON.replace("The original sentence", sentence),
        )
        .unwrap();
        server.wait_for("/first.html", sentence, |body| body.contains(sentence));
    };

    // A stash or branch switch: the folder moves away and comes back.
    let before = version();
    std::fs::rename(&content, &away).unwrap();
    std::fs::rename(&away, &content).unwrap();
    edit_after_rebuild(before, "The sentence after the move");

    // Removed and copied back: a new folder under the old name.
    let before = version();
    std::fs::create_dir(&away).unwrap();
    std::fs::copy(content.join("first.md"), away.join("first.md")).unwrap();
    std::fs::remove_dir_all(&content).unwrap();
    std::fs::rename(&away, &content).unwrap();
    edit_after_rebuild(before, "The sentence after the copy");
}

#[test]
fn serve_rebuilds_a_page_when_a_data_file_it_reads_changes() {
    let lesson = "+++\ntitle = \"Data\"\n+++\n\n```compute\nname = \"d\"\nsteps = \"\"\"\ntotal = sum(x)\n\"\"\"\n\n[inputs]\nx = { csv = \"points.csv\" }\n```\n\nThe total is {{d.total}} today.\n";
    let (book, content) = book_with(&[("data.md", lesson)]);
    std::fs::write(content.join("points.csv"), "x\n1\n2\n4\n").unwrap();
    let server = Server::start(book.path());
    server.wait_for("/data.html", "the sum of the first file", |body| {
        body.contains("data-ref=\"d.total\">7</span> today")
    });
    std::fs::write(content.join("points.csv"), "x\n100\n200\n438\n").unwrap();
    let page = server.wait_for("/data.html", "the sum of the edited file", |body| {
        body.contains("data-ref=\"d.total\">738</span> today")
    });
    assert!(!page.contains("worked-build-error"), "{page}");
}
