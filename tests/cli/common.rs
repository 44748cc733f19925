//! Helpers for the tests that need a tool outside Rust (Node.js for the JS-vs-Rust differential
//! tests; Chromium is `browser`'s).

use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;
use std::process::{Command, ExitStatus};
use std::time::{Duration, Instant};

/// Whether a test that needs `tool` may run. Under `CI=true` a missing tool fails the test;
/// elsewhere it prints a skip notice straight to stderr, because the test harness hides the
/// `eprintln!` output of a passing test, and a skip nobody sees is a pass nobody earned.
pub fn tool_available(
    test: &str,
    tool: Result<(), String>,
    what_went_unchecked: &str,
    install: &str,
) -> bool {
    let Err(reason) = tool else {
        return true;
    };
    if std::env::var("CI").as_deref() == Ok("true") {
        panic!("{reason}; CI must run {test} ({install})");
    }
    let _ = writeln!(
        std::io::stderr(),
        "\n\n*** SKIPPED {test}: {reason}. {what_went_unchecked} was NOT checked. {install}. ***\n"
    );
    false
}

/// `node` on PATH can be run.
pub fn node() -> Result<(), String> {
    match Command::new("node").arg("--version").output() {
        Ok(out) if out.status.success() => Ok(()),
        Ok(out) => Err(format!("`node --version` exited with {}", out.status)),
        Err(error) => Err(format!("cannot run `node`: {error}")),
    }
}

/// Node.js, found runnable: what a JS-against-Rust differential test runs its cases with.
pub struct Node(());

impl Node {
    /// Node when it runs; else `None` after a loud skip of `test`, saying that `what` went
    /// unchecked (a failure under `CI=true`), as [`tool_available`].
    pub fn for_differential(test: &str, what: &str) -> Option<Node> {
        tool_available(test, node(), what, "Install Node.js to run it").then_some(Node(()))
    }

    /// Writes `cases` to a temporary JSON file, runs `node tests/js/<script> FILE`, and asserts
    /// that it exits successfully, saying all of the cases agree.
    pub fn differential(&self, script: &str, cases: &[impl serde::Serialize]) {
        let count = cases.len();
        let mut file = tempfile::NamedTempFile::new().expect("temp file");
        file.write_all(serde_json::to_string(cases).expect("json").as_bytes())
            .expect("write cases");
        file.flush().expect("flush cases");
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/js")
            .join(script);
        let (status, stdout, stderr) = run_node_within(&path, file.path(), NODE_PATIENCE);
        let status = status.unwrap_or_else(|| {
            panic!(
                "node {script} did not exit within {} s (after printing {stdout:?}): something the \
                 script loads keeps Node's event loop alive (a timer, an open MessagePort, a \
                 worker), which would hold CI until its limit",
                NODE_PATIENCE.as_secs()
            )
        });
        assert!(
            status.success(),
            "JS and Rust disagree (node {script} exited with {status}):\n{stdout}{stderr}"
        );
        assert!(
            stdout.contains(&format!("all {count} cases agree")),
            "{stdout}"
        );
    }
}

/// How long a differential script may run: the largest take a few seconds, ten under load.
const NODE_PATIENCE: Duration = Duration::from_secs(180);

/// Runs `node script cases` for at most `patience`: its exit status (None when it had to be
/// killed), stdout and stderr. Its output goes to files, so a script that never exits cannot
/// block on a full pipe either.
fn run_node_within(
    script: &Path,
    cases: &Path,
    patience: Duration,
) -> (Option<ExitStatus>, String, String) {
    let mut stdout = tempfile::tempfile().expect("temp file");
    let mut stderr = tempfile::tempfile().expect("temp file");
    let mut child = Command::new("node")
        .arg(script)
        .arg(cases)
        .stdout(stdout.try_clone().expect("stdout file"))
        .stderr(stderr.try_clone().expect("stderr file"))
        .spawn()
        .expect("run node");
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for node") {
            break Some(status);
        }
        if start.elapsed() > patience {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let read = |file: &mut std::fs::File| {
        let mut text = String::new();
        file.seek(SeekFrom::Start(0)).expect("rewind");
        file.read_to_string(&mut text).expect("node's output");
        text
    };
    (status, read(&mut stdout), read(&mut stderr))
}

/// Asserts that between `least` and a quarter of `cases` are refusals (`expected.error` is a
/// string): a differential's random cases must cover its refusals and still be mostly `what`
/// (pictures, charts) that both twins draw.
pub fn assert_mostly_drawn(cases: &[serde_json::Value], least: usize, what: &str) {
    let refused = cases
        .iter()
        .filter(|c| c["expected"]["error"].is_string())
        .count();
    assert!(
        (least..cases.len() / 4).contains(&refused),
        "{refused} of {} cases are refusals: the random cases should be mostly {what}",
        cases.len()
    );
}

/// SplitMix64: a small deterministic generator, so a failing random case is the same on every run.
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `low..=high`.
    pub fn range(&mut self, low: usize, high: usize) -> usize {
        low + (self.next_u64() % (high - low + 1) as u64) as usize
    }

    /// Uniform in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A mix of what authors type (small integers, quarters) and arbitrary fractions, both signs.
    pub fn authored_entry(&mut self) -> f64 {
        match self.range(0, 2) {
            0 => self.range(0, 6) as f64 - 3.0,
            1 => (self.range(0, 24) as f64 - 12.0) / 4.0,
            _ => (self.unit() - 0.5) * 6.0,
        }
    }

    /// Log-uniform in [low, high): as many small values as large ones.
    pub fn log_uniform(&mut self, low: f64, high: f64) -> f64 {
        (low.ln() + self.unit() * (high.ln() - low.ln())).exp()
    }
}
