//! How fast the compute widget redraws an example with a 200-step loop after an edit, and a
//! logistic regression that trains with `grad` for 100 steps (issue 36's target: under 50 ms).
//!
//! `cargo bench --bench widget_loop` builds a one-lesson book whose compute example trains a
//! straight-line fit for 200 steps (`repeat steps:` with the loss's `history`), opens it in
//! headless Chromium (`/usr/bin/chromium`, or `CHROMIUM=…`), and edits the learning rate 20
//! times. Each edit is timed in the page, from the field's `input` event to the widget's tables
//! rebuilt and laid out (the whole program runs again in JavaScript, in slices that let the page
//! breathe, so the time includes the gaps between them); the median and the range
//! are printed. The issue's target is a median under 50 ms. Not a test: the numbers go to the
//! README's "Performance".

use std::ffi::OsStr;
use std::process::Command;
use std::time::Duration;

use headless_chrome::{Browser, LaunchOptions};

/// A lesson of one compute example, `name`, run by a widget.
fn lesson(title: &str, name: &str, steps: &str, inputs: &str) -> String {
    format!(
        "+++\ntitle = \"{title}\"\n+++\n```compute\nname = \"{name}\"\nsteps = \"\"\"\n{steps}\"\"\"\n\n[inputs]\n{inputs}```\n\n```widget\nexample = \"{name}\"\n```\n"
    )
}

/// A straight-line fit trained for 200 steps, its gradient written by hand.
const LOOP_STEPS: &str = "w = zeros(2)
repeat steps:
    err = x @ w - y
    grad = 2 * (x.T @ err) / n
    w = w - lr * grad
    loss = mean((x @ w - y) ^ 2)
curve = history(loss)
best = argmin(curve)
";

const LOOP_INPUTS: &str = "x = [[1, 1], [1, 2], [1, 3], [1, 4]]
y = [6, 5, 7, 10]
n = 4
lr = 0.05
steps = 200
";

/// The logistic regression of the foundations part: 100 steps, each differentiated by `grad`.
const GRAD_STEPS: &str = "w = w0
b = b0
repeat steps:
    P = sigmoid(X @ w + b)
    L = -mean(T * log(P) + (1 - T) * log(1 - P))
    g = grad(L, [w, b])
    w = w - lr * g_w
    b = b - lr * g_b
curve = history(L)
";

const GRAD_INPUTS: &str = "X = [[1, 4], [2, 8], [3, 5], [4, 7], [5, 6], [6, 8]]
T = [0, 0, 1, 0, 1, 1]
w0 = [0, 0]
b0 = 0
lr = 0.1
steps = 100
";

/// Edits the learning rate 20 times, from `BASE`, and returns each edit's time in milliseconds:
/// until the widget is no longer busy (a run longer than a slice goes on after the `input`
/// event, issue 41), its tables laid out.
const EDITS: &str = "(async function () {
  var field = document.querySelector(\"input[data-input='lr']\");
  var figure = field.closest('[data-widget]');
  var times = [];
  for (var i = 0; i < 20; i++) {
    field.value = String(BASE + i * 0.001);
    var start = performance.now();
    field.dispatchEvent(new Event('input', { bubbles: true }));
    while (figure.hasAttribute('data-busy')) await new Promise(function (done) { setTimeout(done, 0); });
    void document.body.offsetHeight;
    times.push(performance.now() - start);
  }
  return JSON.stringify(times);
})()";

/// Waits until the page's widgets have finished what they started (the mount's run).
fn wait_until_idle(tab: &headless_chrome::Tab) {
    for _ in 0..600 {
        let busy = tab
            .evaluate("document.querySelector('[data-busy]') !== null", false)
            .expect("ask the page")
            .value;
        if busy == Some(serde_json::Value::Bool(false)) {
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    panic!("the widget stayed busy for 30 s");
}

fn main() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let root = folder.path();
    std::fs::create_dir_all(root.join("content")).unwrap();
    let train = lesson("A training loop", "train", LOOP_STEPS, LOOP_INPUTS);
    std::fs::write(root.join("content/train.md"), train).unwrap();
    let grad = lesson("A loop with grad", "fit", GRAD_STEPS, GRAD_INPUTS);
    std::fs::write(root.join("content/grad.md"), grad).unwrap();
    std::fs::write(root.join("book.toml"), "title = \"Widget benchmark\"\n").unwrap();
    let built = Command::new(env!("CARGO_BIN_EXE_worked"))
        .args([OsStr::new("build"), OsStr::new("--root"), root.as_os_str()])
        .arg("--output")
        .arg(root.join("public"))
        .status()
        .expect("run worked build");
    assert!(built.success(), "the benchmark book builds");
    let chromium = std::env::var_os("CHROMIUM").unwrap_or_else(|| "/usr/bin/chromium".into());
    let profile = tempfile::tempdir().expect("temporary profile folder");
    let browser = Browser::new(LaunchOptions {
        path: Some(chromium.into()),
        headless: true,
        sandbox: false,
        enable_gpu: false,
        user_data_dir: Some(profile.path().to_path_buf()),
        window_size: Some((1280, 900)),
        args: [
            "--disable-background-networking",
            "--disable-component-update",
            "--no-first-run",
        ]
        .iter()
        .map(OsStr::new)
        .collect(),
        idle_browser_timeout: Duration::from_secs(120),
        ..LaunchOptions::default()
    })
    .expect("start Chromium");
    for (page, base, what) in [
        ("train", "0.04", "200-step loop"),
        ("grad", "0.1", "100-step logistic regression with grad"),
    ] {
        let tab = browser.new_tab().expect("a tab");
        let url = format!(
            "file://{}",
            root.join(format!("public/{page}.html")).display()
        );
        tab.navigate_to(&url).expect("navigate");
        tab.wait_until_navigated().expect("page loads");
        tab.wait_for_element("input[data-input='lr']")
            .expect("the widget mounts");
        wait_until_idle(&tab);
        let result = tab
            .evaluate(&EDITS.replace("BASE", base), true)
            .expect("the edits run");
        let text = result
            .value
            .and_then(|v| v.as_str().map(String::from))
            .expect("times");
        let mut times: Vec<f64> = serde_json::from_str(&text).expect("a list of times");
        times.sort_by(|a, b| a.partial_cmp(b).unwrap());
        let median = (times[9] + times[10]) / 2.0;
        println!(
            "{what}, 20 edits of the learning rate: median {median:.1} ms (fastest {:.1} ms, slowest {:.1} ms); target < 50 ms",
            times[0], times[19]
        );
    }
}
