//! The one headless Chromium of this test binary, and the helpers every browser test shares.
//!
//! The browser starts on first use and serves every browser test of the run (one launch per
//! `cargo test`, not one per test). Each test gets fresh tabs, each in a window of its own and
//! emulating focus (so tests running at once do not take focus or the foreground from each other),
//! closed when the test ends: no viewport or emulated media leaks from one test into another.
//! The profile is shared (a `file://` page's localStorage, granted permissions), which is why
//! every test builds its book in a folder of its own.
//!
//! - [`launch`]`(test, what)`: a [`Chromium`] handle on the shared browser, or `None` when the
//!   test must skip: without Chromium it fails under `CI=true` and skips loudly elsewhere.
//!   Chromium is `$CHROMIUM`, else `/usr/bin/chromium`, else `chromium` on PATH.
//! - [`Chromium::tab`]: a new tab (1280 × 900, no emulation but focus); the handle closes its
//!   tabs when it drops at the end of the test.
//! - [`navigate`]`(tab, url)`: open a page and wait for its load ([`reload`]: the same for a
//!   reload); [`open_live`]`(tab, url, ready)`:
//!   then wait until the JavaScript `ready` is true.
//! - [`eval`], [`eval_json`], [`wait_for`], [`click`], [`mouse_click`], [`type_into`], [`paste_into`],
//!   [`js_string`]: drive and read a page. [`metrics`] and [`color_scheme`]: emulate a screen.
//! - [`shoot`], [`screenshot_slices`], [`screenshot_folder`]: pictures for a person to look at.
//! - [`fmt`]: a number as the book prints it (3 decimals, prose style).

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use headless_chrome::browser::tab::element::Element;
use headless_chrome::browser::tab::point::Point;
use headless_chrome::protocol::cdp::{Emulation, Page, Target};
use headless_chrome::{Browser, LaunchOptions, Tab};
use serde_json::Value;
use tempfile::TempDir;
use worked::present::{format_number, Precision, Style};

use crate::common::tool_available;

/// How long a browser test waits for a page or a condition before giving up.
pub const PATIENCE: Duration = Duration::from_secs(10);

/// How long a tab waits for a page to load or an element to appear: a long lesson (half a
/// megabyte) took 17 s to load in a bare Chromium on the 2-core machine under other builds, so
/// [`PATIENCE`] is too short for a navigation there.
const PAGE_PATIENCE: Duration = Duration::from_secs(60);

/// The width and height of a new tab's window, in CSS pixels.
const WINDOW: (u32, u32) = (1280, 900);

/// The running browser and its profile folder; replaced if the browser dies.
struct Shared {
    browser: Browser,
    profile: TempDir,
}

static SHARED: Mutex<Option<Shared>> = Mutex::new(None);

/// The shared browser's process id, for [`stop_at_exit`]: statics are never dropped, so without
/// it the browser would outlive the test run.
static PROCESS: AtomicU32 = AtomicU32::new(0);

/// Chromium's path, or why there is none.
fn chromium_path() -> Result<PathBuf, String> {
    if let Some(path) = std::env::var_os("CHROMIUM") {
        let path = PathBuf::from(path);
        return if path.is_file() {
            Ok(path)
        } else {
            Err(format!("CHROMIUM={} is not a file", path.display()))
        };
    }
    let default = Path::new("/usr/bin/chromium");
    if default.is_file() {
        return Ok(default.to_path_buf());
    }
    std::env::var_os("PATH")
        .and_then(|paths| {
            std::env::split_paths(&paths)
                .map(|dir| dir.join("chromium"))
                .find(|candidate| candidate.is_file())
        })
        .ok_or_else(|| "no Chromium: CHROMIUM is unset and there is no `chromium` on PATH".into())
}

/// Starts a headless Chromium with a fresh profile.
fn start(path: &Path) -> Shared {
    let profile = tempfile::tempdir().expect("temporary profile folder");
    let args: Vec<&OsStr> = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
    ]
    .iter()
    .map(OsStr::new)
    .collect();
    let options = LaunchOptions {
        path: Some(path.to_path_buf()),
        headless: true,
        sandbox: false,
        enable_gpu: false,
        user_data_dir: Some(profile.path().to_path_buf()),
        window_size: Some(WINDOW),
        args,
        // The browser lives for the whole run, and non-browser tests can keep it silent for
        // many minutes; a hung page is caught by each tab's own timeout instead.
        idle_browser_timeout: Duration::from_secs(24 * 60 * 60),
        ..LaunchOptions::default()
    };
    let browser = Browser::new(options)
        .unwrap_or_else(|error| panic!("cannot start {}: {error:#}", path.display()));
    PROCESS.store(browser.get_process_id().unwrap_or(0), Ordering::SeqCst);
    crate::support::remove_at_exit(profile.path());
    Shared { browser, profile }
}

/// Kills the shared browser when the test binary exits.
extern "C" fn stop_at_exit() {
    let pid = PROCESS.load(Ordering::SeqCst);
    if pid != 0 {
        // SAFETY: `kill` takes a process id and a signal number; it touches no memory of ours.
        unsafe { libc::kill(pid as libc::pid_t, libc::SIGKILL) };
    }
}

/// The shared browser, started on first use, and started again if it has died.
fn shared_browser(path: &Path) -> Browser {
    static AT_EXIT: OnceLock<()> = OnceLock::new();
    let mut shared = SHARED.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(running) = shared.as_ref() {
        if running.browser.get_version().is_ok() {
            return running.browser.clone();
        }
    }
    let started = start(path);
    // Registered after `start`, so it runs before the profile folder is removed (last in, first
    // out).
    AT_EXIT.get_or_init(|| {
        // SAFETY: registers a plain function with no arguments to run at exit.
        unsafe { libc::atexit(stop_at_exit) };
    });
    let browser = started.browser.clone();
    if let Some(dead) = shared.replace(started) {
        drop(dead.browser);
        let _ = dead.profile.close();
    }
    browser
}

/// One test's view of the shared browser, whose tabs close when it drops.
pub struct Chromium {
    browser: Browser,
    tabs: Mutex<Vec<Arc<Tab>>>,
}

/// A handle on the shared headless Chromium for `test`, or None when the test must skip (without
/// Chromium: a failure under `CI=true`, a loud notice elsewhere; `what_went_unchecked` says what
/// the skip leaves unchecked).
pub fn launch(test: &str, what_went_unchecked: &str) -> Option<Chromium> {
    let path = match chromium_path() {
        Ok(path) => path,
        Err(reason) => {
            tool_available(
                test,
                Err(reason),
                what_went_unchecked,
                "Install chromium or set CHROMIUM=/path/to/chromium",
            );
            return None;
        }
    };
    Some(Chromium {
        browser: shared_browser(&path),
        tabs: Mutex::new(Vec::new()),
    })
}

impl Chromium {
    /// A new tab in a window of its own, 1280 × 900, focused, whose own waits (a navigation, an
    /// element) give up after [`PAGE_PATIENCE`]; [`wait_for`] gives up after [`PATIENCE`].
    pub fn tab(&self) -> Arc<Tab> {
        let tab = self
            .browser
            .new_tab_with_options(Target::CreateTarget {
                url: "about:blank".into(),
                left: None,
                top: None,
                width: Some(WINDOW.0),
                height: Some(WINDOW.1),
                window_state: None,
                browser_context_id: None,
                enable_begin_frame_control: None,
                new_window: Some(true),
                background: None,
                for_tab: None,
                hidden: None,
            })
            .expect("a new tab");
        tab.set_default_timeout(PAGE_PATIENCE);
        tab.call_method(Emulation::SetFocusEmulationEnabled { enabled: true })
            .expect("emulate focus");
        self.tabs
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(tab.clone());
        tab
    }
}

impl Drop for Chromium {
    fn drop(&mut self) {
        for tab in self
            .tabs
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .drain(..)
        {
            let _ = tab.close_target();
        }
    }
}

/// Opens `url` and waits until the JavaScript condition `ready` holds (a live widget has
/// replaced its static tables, say).
pub fn open_live(tab: &Tab, url: &str, ready: &str) {
    navigate(tab, url);
    wait_for(tab, ready);
}

/// Opens `url` and waits until its document has loaded (its `load` event, so its stylesheets,
/// scripts and images are in and its scripts have run). Not headless_chrome's
/// `wait_until_navigated`, which waits for Chromium's "network almost idle", half a second
/// without a request after the load: a second or so for every page the tests open.
/// The document being left is marked, so its own `complete` is not taken for the new one's; a
/// link to a fragment of the page already open stays in that document.
pub fn navigate(tab: &Tab, url: &str) {
    let _ = tab.evaluate("window.__workedLeaving = true", false);
    tab.navigate_to(url)
        .unwrap_or_else(|error| panic!("navigate to {url}: {error:#}"));
    let same_document = format!(
        "(location.href === {0} && {0}.indexOf('#') >= 0)",
        js_string(url)
    );
    wait_for_within(
        tab,
        &format!(
            "document.readyState === 'complete' && (window.__workedLeaving === undefined || {same_document})"
        ),
        PAGE_PATIENCE,
    );
}

/// `x` as the book prints a computed number: 3 decimals, prose style.
pub fn fmt(x: f64) -> String {
    format_number(x, Precision::Computed(3), Style::Prose)
}

/// Evaluates `expression` in the page and returns its JSON value (Null for undefined). A promise
/// is not awaited: to wait for one, `tab.evaluate(expression, true)` (as `accessibility::settle`).
pub fn eval(tab: &Tab, expression: &str) -> Value {
    let object = tab
        .evaluate(expression, false)
        .unwrap_or_else(|error| panic!("evaluate `{expression}`: {error:#}"));
    object.value.unwrap_or(Value::Null)
}

/// Evaluates a JavaScript expression that returns JSON text, and parses it.
pub fn eval_json(tab: &Tab, expression: &str) -> Value {
    let text = eval(tab, &format!("JSON.stringify({expression})"));
    serde_json::from_str(text.as_str().expect("JSON text")).expect("valid JSON")
}

/// Polls until `condition` (JavaScript) is true.
pub fn wait_for(tab: &Tab, condition: &str) {
    wait_for_within(tab, condition, PATIENCE);
}

/// Polls until `condition` (JavaScript) is true, for at most `patience`.
fn wait_for_within(tab: &Tab, condition: &str, patience: Duration) {
    let start = Instant::now();
    loop {
        if tab
            .evaluate(&format!("Boolean({condition})"), false)
            .ok()
            .and_then(|object| object.value)
            == Some(Value::Bool(true))
        {
            return;
        }
        if start.elapsed() > patience {
            let body = eval(tab, "document.body ? document.body.innerText : ''");
            panic!("timed out waiting for `{condition}`; the page says:\n{body}");
        }
        std::thread::sleep(Duration::from_millis(25));
    }
}

/// Replaces a text field's contents by typing with the keyboard (one `input` event per key),
/// then waits until no widget is busy with what the keys started.
pub fn type_into(tab: &Tab, selector: &str, text: &str) {
    select_field(tab, selector);
    tab.type_str(text).expect("type");
    assert_field_value(tab, selector, text);
    wait_until_idle(tab);
}

/// Types `text` after a text field's contents, as a reader does who clicks in it and goes to its
/// end (extending "70" to "700" runs for "700" only once "70" has run), then waits until no
/// widget is busy with what the keys started.
pub fn append_to(tab: &Tab, selector: &str, text: &str) {
    let value = format!("document.querySelector({}).value", js_string(selector));
    let before = eval_json(tab, &value);
    let before = before.as_str().expect("a text field's contents");
    mouse_click(tab, selector);
    tab.press_key("End").expect("to the end of the field");
    tab.type_str(text).expect("type");
    assert_field_value(tab, selector, &format!("{before}{text}"));
    wait_until_idle(tab);
}

/// Types `words` into the open search panel's field and waits until it lists `results` links.
pub fn search_for(tab: &Tab, words: &str, results: usize) {
    tab.type_str(words).expect("type");
    wait_for(
        tab,
        &format!("document.querySelectorAll('.search-results a').length === {results}"),
    );
}

/// Waits until no widget computes any more (compute-widget.js marks its figure `data-busy`
/// while a run or a suggestion search, which may take 10 s, is under way).
pub fn wait_until_idle(tab: &Tab) {
    wait_for_within(tab, "!document.querySelector('[data-busy]')", PAGE_PATIENCE);
}

/// Reloads the page and waits until the new document has loaded, marking the old one as
/// [`navigate`] does, so its own `complete` is not taken for the new one's.
pub fn reload(tab: &Tab) {
    eval(tab, "window.__workedLeaving = true");
    tab.reload(false, None).expect("reload");
    wait_for_within(
        tab,
        "window.__workedLeaving === undefined && document.readyState === 'complete'",
        PAGE_PATIENCE,
    );
}

/// Waits until every widget of the page has started and none is computing: a widget mounts
/// after the page's `load` event and draws its steps in slices or in a worker, so what it adds
/// (and the scroll cues scroll-regions.js gives it) comes later than the page itself. A page
/// without the widgets' script (the whole-book print page shows their tables) has none to wait for.
pub fn wait_for_widgets(tab: &Tab) {
    wait_for_within(
        tab,
        "!(window.worked && window.worked.widgetCommon) \
         || document.querySelectorAll('.worked-widget:not(.ww-live)').length === 0 \
         && !document.querySelector('[data-busy]')",
        PAGE_PATIENCE,
    );
}

/// Replaces a text field's contents as a paste would (one `input` event); much faster than
/// typing a long text key by key.
pub fn paste_into(tab: &Tab, selector: &str, text: &str) {
    select_field(tab, selector);
    tab.send_character(text).expect("insert text");
    assert_field_value(tab, selector, text);
    wait_until_idle(tab);
}

/// Clicks a text field and selects its contents, so what comes next replaces them.
pub fn select_field(tab: &Tab, selector: &str) {
    let field = mouse_click(tab, selector);
    field
        .call_js_fn("function () { this.select(); }", vec![], false)
        .expect("select its text");
}

/// Clicks the middle of `selector`'s element with the mouse, as a reader does, once the element
/// is in view and is what the browser finds under that point: a page still moving (scrolling to
/// its fragment after a reload, a late font or figure shifting the layout) would otherwise take
/// the click somewhere else.
pub fn mouse_click<'a>(tab: &'a Tab, selector: &str) -> Element<'a> {
    let element = tab
        .find_element(selector)
        .unwrap_or_else(|error| panic!("no `{selector}`: {error:#}"));
    let start = Instant::now();
    let point = loop {
        // Where the element's middle is, after two frames without moving; null while something
        // else is under it or it moved.
        let settled = element
            .call_js_fn(
                "async function () {
                   this.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
                   var frame = function () { return new Promise(function (done) { requestAnimationFrame(done); }); };
                   var before = this.getBoundingClientRect();
                   await frame(); await frame();
                   var box = this.getBoundingClientRect();
                   var x = box.left + box.width / 2, y = box.top + box.height / 2;
                   var hit = document.elementFromPoint(x, y);
                   var still = box.left === before.left && box.top === before.top;
                   return still && hit && (hit === this || this.contains(hit)) ? JSON.stringify([x, y]) : null;
                 }",
                vec![],
                true,
            )
            .unwrap_or_else(|error| panic!("find where `{selector}` is: {error:#}"))
            .value
            .and_then(|value| value.as_str().map(str::to_owned));
        if let Some(text) = settled {
            let [x, y]: [f64; 2] = serde_json::from_str(&text).expect("a point");
            break Point { x, y };
        }
        assert!(
            start.elapsed() < PATIENCE,
            "`{selector}` is not the element under its own middle (covered, or the page keeps moving)"
        );
    };
    tab.click_point(point)
        .unwrap_or_else(|error| panic!("click `{selector}`: {error:#}"));
    element
}

pub fn assert_field_value(tab: &Tab, selector: &str, text: &str) {
    let value = eval_json(
        tab,
        &format!("document.querySelector({}).value", js_string(selector)),
    );
    assert_eq!(value, Value::from(text), "the text in `{selector}`");
}

/// Clicks `selector` with the mouse ([`mouse_click`]) and waits until no widget is busy.
pub fn click(tab: &Tab, selector: &str) {
    mouse_click(tab, selector);
    wait_until_idle(tab);
}

/// A Rust string as a JavaScript string literal.
pub fn js_string(text: &str) -> String {
    Value::from(text).to_string()
}

/// Where screenshots go: `$WORKED_SCREENSHOTS`, default `worked-screenshots` in the temporary
/// folder (created).
pub fn screenshot_folder() -> PathBuf {
    let folder = std::env::var_os("WORKED_SCREENSHOTS")
        .map(PathBuf::from)
        .unwrap_or_else(|| std::env::temp_dir().join("worked-screenshots"));
    std::fs::create_dir_all(&folder).unwrap();
    folder
}

/// A built page at 360 and 1280 px, light and dark, in slices of 1,200 px written to
/// [`screenshot_folder`] as `<prefix>-<width>-<scheme>-<slice>.png`, for a person to look at.
pub fn screenshot_slices(chromium: &Chromium, url: &str, prefix: &str) {
    const SLICE: u32 = 1200;
    let folder = screenshot_folder();
    each_view(chromium, |tab, width, scheme| {
        tab.navigate_to(url).unwrap();
        wait_for(
            tab,
            "document.readyState === 'complete' && document.fonts.status === 'loaded'",
        );
        let height = eval(tab, "document.documentElement.scrollHeight")
            .as_u64()
            .unwrap() as u32;
        metrics(tab, width, height);
        for (index, top) in (0..height).step_by(SLICE as usize).enumerate() {
            let clip = Page::Viewport {
                x: 0.0,
                y: f64::from(top),
                width: f64::from(width),
                height: f64::from(SLICE.min(height - top)),
                scale: 1.0,
            };
            let png = tab
                .capture_screenshot(
                    Page::CaptureScreenshotFormatOption::Png,
                    None,
                    Some(clip),
                    true,
                )
                .unwrap();
            std::fs::write(
                folder.join(format!("{prefix}-{width}-{scheme}-{index:02}.png")),
                png,
            )
            .unwrap();
        }
    });
    eprintln!("screenshots in {}", folder.display());
}

/// Runs `look` in a fresh tab at each width people read at (360 and 1280 px, 800 px high to
/// start with) in each colour scheme, closing the tab after.
pub fn each_view(chromium: &Chromium, mut look: impl FnMut(&Tab, u32, &str)) {
    for width in [360, 1280] {
        for scheme in ["light", "dark"] {
            let tab = chromium.tab();
            color_scheme(&tab, scheme);
            metrics(&tab, width, 800);
            look(&tab, width, scheme);
            tab.close(false).ok();
        }
    }
}

/// Runs `look` once per screen size `(width, height)`, each in a thread and a fresh tab of its
/// own, so one test's looks at several sizes use both cores; the results in `sizes`' order. A
/// failed look fails the test with its own message.
pub fn at_each_size<T: Send>(
    chromium: &Chromium,
    sizes: &[(u32, u32)],
    look: impl Fn(&Tab, u32, u32) -> T + Sync,
) -> Vec<T> {
    std::thread::scope(|scope| {
        let looks: Vec<_> = sizes
            .iter()
            .map(|&(width, height)| {
                let look = &look;
                scope.spawn(move || {
                    let tab = chromium.tab();
                    metrics(&tab, width, height);
                    let seen = look(&tab, width, height);
                    tab.close(false).ok();
                    seen
                })
            })
            .collect();
        looks
            .into_iter()
            .map(|one| {
                one.join()
                    .unwrap_or_else(|failed| std::panic::resume_unwind(failed))
            })
            .collect()
    })
}

/// Emulates the reader's `prefers-color-scheme` (`light` or `dark`).
pub fn color_scheme(tab: &Tab, scheme: &str) {
    tab.call_method(Emulation::SetEmulatedMedia {
        media: None,
        features: Some(vec![Emulation::MediaFeature {
            name: "prefers-color-scheme".into(),
            value: scheme.into(),
        }]),
    })
    .unwrap();
}

pub fn metrics(tab: &Tab, width: u32, height: u32) {
    tab.call_method(Emulation::SetDeviceMetricsOverride {
        width,
        height,
        device_scale_factor: 1.0,
        mobile: width < 600,
        scale: None,
        screen_width: None,
        screen_height: None,
        position_x: None,
        position_y: None,
        dont_set_visible_size: None,
        screen_orientation: None,
        viewport: None,
        display_feature: None,
        device_posture: None,
    })
    .unwrap();
}

/// The whole page, top to bottom, at `width`.
pub fn shoot(tab: &Tab, width: u32, path: &Path) {
    let height = eval(tab, "document.documentElement.scrollHeight")
        .as_u64()
        .unwrap() as u32;
    metrics(tab, width, height);
    eval(tab, "window.scrollTo(0, 0)");
    let png = tab
        .capture_screenshot(Page::CaptureScreenshotFormatOption::Png, None, None, true)
        .unwrap();
    std::fs::write(path, png).unwrap();
    metrics(tab, width, 800);
}
