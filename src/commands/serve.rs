//! `worked serve`: build in memory, serve it over HTTP, rebuild when a source changes.
//!
//! Glue only: the pipeline builds, [`crate::serve::preview`] turns a request path into a response,
//! [`crate::serve::http`] moves the bytes (with bounded requests, timeouts and a thread per
//! connection) and `notify` reports saves. Nothing is written to disk, so the
//! output folder of `worked build` is never touched. A failed rebuild keeps the last good site
//! and shows its problems in a banner on every page.

use super::exit;
use super::rebuild_report::ProblemMemory;
use crate::base::diagnostics::{render_all, render_warnings};
use crate::pipeline::build_cache::BuildCache;
use crate::pipeline::{build_site_with, Drafts, Strictness};
use crate::serve::http;
use crate::serve::preview::{wait_since, PreviewState};
use notify::event::{AccessKind, AccessMode};
use notify::{Event, EventKind, RecursiveMode, Watcher};
use std::collections::BTreeSet;
use std::io::Write;
use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::sync::{mpsc, Arc, Condvar, Mutex, RwLock};
use std::time::{Duration, Instant};

/// The sources whose changes trigger a rebuild, relative to the book root.
const WATCHED: [&str; 4] = [
    "content",
    "templates",
    "static",
    crate::load::config::CONFIG_FILE,
];

/// Saves closer together than this become one rebuild. An editor's save (a write, or a
/// temporary file and a rename) takes a few milliseconds; anything longer is felt as lag.
const DEBOUNCE: Duration = Duration::from_millis(50);

/// Longest a `/__worked/wait` request is held before it is answered with the current version
/// (the page then asks again). Well under the server's I/O timeout and any proxy's.
const LONGEST_WAIT: Duration = Duration::from_secs(8);

type Shared = Arc<RwLock<PreviewState>>;

/// The version of the last rebuild, for reload requests to wait on: an open page reloads the
/// moment a rebuild finishes instead of polling.
#[derive(Default)]
struct Rebuilds {
    version: Mutex<u64>,
    finished: Condvar,
}

impl Rebuilds {
    fn finished(&self, version: u64) {
        *self
            .version
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner()) = version;
        self.finished.notify_all();
    }

    /// Returns when the version is no longer `seen`, or after [`LONGEST_WAIT`].
    fn wait_past(&self, seen: u64) {
        let version = self
            .version
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let _ = self
            .finished
            .wait_timeout_while(version, LONGEST_WAIT, |version| *version == seen);
    }
}

/// Runs the preview server until the process is stopped; returns an exit code on failure.
pub fn run(root: &Path, host: IpAddr, port: u16) -> u8 {
    if let Err(code) = super::require_book_folder(root) {
        return code;
    }
    let listener = match std::net::TcpListener::bind((host, port)) {
        Ok(listener) => listener,
        Err(error) => {
            eprintln!("error: cannot listen on {host}:{port}: {error}");
            eprintln!("  help: choose another --port, or --port 0 for any free one");
            return exit::USAGE_OR_IO;
        }
    };
    let address = listener
        .local_addr()
        .map_or_else(|_| format!("{host}:{port}"), |address| address.to_string());

    // Watch before the first build, so that no save made from now on is missed.
    let (sender, events) = mpsc::channel::<notify::Result<Event>>();
    let mut watcher = match notify::recommended_watcher(sender) {
        Ok(watcher) => watcher,
        Err(error) => {
            tell(&format!(
                "error: cannot watch {} for changes: {error}\n",
                root.display()
            ));
            return exit::USAGE_OR_IO;
        }
    };
    // Events carry absolute paths; compare them with an absolute root.
    let root_abs = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
    let mut watched = BTreeSet::new();
    watch_sources(&mut watcher, &root_abs, &mut watched);

    let state: Shared = Arc::new(RwLock::new(PreviewState::new()));
    let rebuilds = Arc::new(Rebuilds::default());
    let mut cache = BuildCache::default();
    let mut memory = ProblemMemory::default();
    rebuild(root, &state, &rebuilds, None, &mut cache, &mut memory);

    let pages = Arc::clone(&state);
    let waiting = Arc::clone(&rebuilds);
    let handler: Arc<http::Handler> = Arc::new(move |method: &str, target: &str| {
        if let Some(seen) = wait_since(target) {
            waiting.wait_past(seen);
        }
        pages
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .respond(method, target)
    });
    std::thread::spawn(move || http::serve(listener, http::Limits::default(), handler));
    if !host.is_loopback() {
        tell(&format!(
            "note: serving on {host}, which other machines may reach; the default is 127.0.0.1\n"
        ));
    }

    // The integration tests read this line to learn the port chosen for `--port 0`.
    say(&format!(
        "Serving the book at http://{address}/ (Ctrl-C to stop)\n"
    ));

    while let Some(changed) = next_change(&events, &root_abs) {
        // Before the build, so that no save made while it runs is missed.
        rearm_sources(&mut watcher, &root_abs, &mut watched);
        // A rebuild that panics (a bug) is reported, and the next change rebuilds from scratch:
        // the preview must keep following the sources whatever one build did.
        let rebuilt = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            rebuild(
                root,
                &state,
                &rebuilds,
                Some(&changed),
                &mut cache,
                &mut memory,
            )
        }));
        if rebuilt.is_err() {
            cache = BuildCache::default();
            tell("error: this rebuild stopped on an internal error (a bug in worked; please report it); the next change rebuilds from scratch\n");
        }
    }
    exit::OK
}

/// Builds the book, swaps the result into `state` and wakes the pages waiting to reload;
/// prints one line, or the problems (of the files whose problems changed, see
/// [`ProblemMemory`]). Pages and formulas that earlier builds made and this one can reuse come
/// from `cache`.
fn rebuild(
    root: &Path,
    state: &Shared,
    rebuilds: &Rebuilds,
    changed: Option<&Path>,
    cache: &mut BuildCache,
    memory: &mut ProblemMemory,
) {
    let started = Instant::now();
    let result = build_site_with(root, Strictness::Lenient, Drafts::Show, Some(cache));
    let seconds = started.elapsed().as_secs_f64();
    let cause = changed.map_or_else(String::new, |path| format!(" ({} changed)", path.display()));
    let mut state = state
        .write()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    match result {
        Ok(build) => {
            state.record_success(build.site);
            rebuilds.finished(state.version());
            drop(state);
            let report = memory.report(&build.warnings, changed);
            if !report.shown.is_empty() {
                tell(&render_warnings(&report.shown));
            }
            if let Some(line) = report.unchanged_line("warning") {
                tell(&line);
            }
            let lessons = build.stats.lessons;
            let laid_out = build.stats.pages_laid_out;
            let reused = if laid_out == lessons {
                String::new()
            } else {
                format!(
                    ", {laid_out} page{} laid out again",
                    if laid_out == 1 { "" } else { "s" }
                )
            };
            say(&format!(
                "[{} UTC] Built {lessons} lesson{} in {:.0} ms{cause}{reused}\n",
                clock(),
                if lessons == 1 { "" } else { "s" },
                seconds * 1000.0,
            ));
        }
        Err(problems) => {
            state.record_failure(&problems);
            rebuilds.finished(state.version());
            drop(state);
            let report = memory.report(&problems, changed);
            if !report.shown.is_empty() {
                tell(&render_all(&report.shown));
            }
            if let Some(line) = report.unchanged_line("problem") {
                tell(&line);
            }
            tell(&format!(
                "[{} UTC] Build failed in {:.0} ms{cause}: {} problem{}; {}\n",
                clock(),
                seconds * 1000.0,
                problems.len(),
                if problems.len() == 1 { "" } else { "s" },
                "the preview keeps the last good pages and shows the problems on them"
            ));
        }
    }
}

/// Prints to stdout. A closed stdout (`worked serve | head`) must not stop the server, so
/// errors are ignored where `println!` would panic.
fn say(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(text.as_bytes());
    let _ = stdout.flush();
}

/// Prints to stderr, ignoring errors for the same reason as [`say`].
fn tell(text: &str) {
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}

/// Watches every source folder or file that exists and is not watched yet, and the root itself
/// (not recursively) so that a newly created source folder or `book.toml` is noticed.
fn watch_sources(watcher: &mut impl Watcher, root: &Path, watched: &mut BTreeSet<PathBuf>) {
    let targets = std::iter::once((root.to_path_buf(), RecursiveMode::NonRecursive)).chain(
        WATCHED
            .iter()
            .map(|name| (root.join(name), RecursiveMode::Recursive)),
    );
    for (path, mode) in targets {
        if watched.contains(&path) || !path.exists() {
            continue;
        }
        match watcher.watch(&path, mode) {
            Ok(()) => {
                watched.insert(path);
            }
            Err(error) => tell(&format!(
                "warning: cannot watch {}: {error}\n",
                path.display()
            )),
        }
    }
}

/// Watches every source folder afresh: one replaced since it was watched (`mv content x; mv x
/// content`, or removed and copied back, as a branch switch does) took its watch with it, and
/// one created since (say `templates/`) has none yet.
fn rearm_sources(watcher: &mut impl Watcher, root: &Path, watched: &mut BTreeSet<PathBuf>) {
    watched.retain(|path| {
        if path == root {
            return true;
        }
        // Fails harmlessly when the watch already went with a moved or removed folder.
        let _ = watcher.unwatch(path);
        false
    });
    watch_sources(watcher, root, watched);
}

/// Waits for a change to a source, then for [`DEBOUNCE`] without another one, so that an editor's
/// save (often several writes and a rename) or a `git checkout` becomes one rebuild. Returns the
/// last changed source, or `None` when the watcher has gone away.
fn next_change(events: &mpsc::Receiver<notify::Result<Event>>, root: &Path) -> Option<PathBuf> {
    let mut changed = loop {
        if let Some(changed) = changed_source(root, events.recv().ok()?) {
            break changed;
        }
    };
    let mut quiet_until = Instant::now() + DEBOUNCE;
    loop {
        let left = quiet_until.saturating_duration_since(Instant::now());
        match events.recv_timeout(left) {
            Ok(event) => {
                if let Some(path) = changed_source(root, event) {
                    // The last path names the save best: editors write a temporary file first.
                    changed = path;
                    quiet_until = Instant::now() + DEBOUNCE;
                }
            }
            Err(mpsc::RecvTimeoutError::Timeout) => return Some(changed),
            Err(mpsc::RecvTimeoutError::Disconnected) => return None,
        }
    }
}

/// The source an event changed, relative to the root; `None` for reads and other files.
///
/// Reads must not count: notify's inotify backend reports every open, so the build's own
/// reads of the sources would otherwise trigger the next rebuild, forever (this is why the
/// kind-less `notify-debouncer-mini` does not fit).
fn changed_source(root: &Path, event: notify::Result<Event>) -> Option<PathBuf> {
    let event = match event {
        Ok(event) => event,
        Err(error) => {
            tell(&format!("warning: watching for changes: {error}\n"));
            return None;
        }
    };
    let written = EventKind::Access(AccessKind::Close(AccessMode::Write));
    if matches!(event.kind, EventKind::Access(_)) && event.kind != written {
        return None;
    }
    event.paths.iter().find_map(|path| source_path(root, path))
}

/// The changed path relative to the root, if it is one of the book's sources.
fn source_path(root: &Path, path: &Path) -> Option<PathBuf> {
    let relative = path.strip_prefix(root).ok()?;
    let first = relative.components().next()?.as_os_str().to_str()?;
    WATCHED.contains(&first).then(|| relative.to_path_buf())
}

/// The time of day (UTC) as `HH:MM:SS`, for the rebuild log.
fn clock() -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_secs());
    let of_day = seconds % 86_400;
    format!(
        "{:02}:{:02}:{:02}",
        of_day / 3600,
        of_day % 3600 / 60,
        of_day % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_changes_to_book_sources_trigger_a_rebuild() {
        let root = Path::new("/book");
        assert_eq!(
            source_path(root, Path::new("/book/content/a.md")),
            Some(PathBuf::from("content/a.md"))
        );
        assert!(source_path(root, Path::new("/book/book.toml")).is_some());
        assert!(source_path(root, Path::new("/book/static/style.css")).is_some());
        assert!(source_path(root, Path::new("/book/templates/base.html")).is_some());
        assert_eq!(
            source_path(root, Path::new("/book/public/index.html")),
            None
        );
        assert_eq!(source_path(root, Path::new("/book/target/x")), None);
        assert_eq!(
            source_path(root, Path::new("/elsewhere/content/a.md")),
            None
        );
        assert_eq!(source_path(root, Path::new("/book")), None);
    }

    #[test]
    fn reading_a_source_is_not_a_change() {
        use notify::event::{CreateKind, DataChange, ModifyKind};
        let root = Path::new("/book");
        let event = |kind| Ok(Event::new(kind).add_path(PathBuf::from("/book/content/a.md")));
        let opened = EventKind::Access(AccessKind::Open(AccessMode::Any));
        let closed = EventKind::Access(AccessKind::Close(AccessMode::Read));
        assert_eq!(changed_source(root, event(opened)), None);
        assert_eq!(changed_source(root, event(closed)), None);
        let written = EventKind::Modify(ModifyKind::Data(DataChange::Any));
        assert_eq!(
            changed_source(root, event(written)),
            Some(PathBuf::from("content/a.md"))
        );
        let closed_after_writing = EventKind::Access(AccessKind::Close(AccessMode::Write));
        assert!(changed_source(root, event(closed_after_writing)).is_some());
        let created = EventKind::Create(CreateKind::File);
        assert!(changed_source(root, event(created)).is_some());
    }
}
