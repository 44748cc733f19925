//! "Copy as NumPy": the snippet `eval --json` gives for every compute example of the shipped
//! book, for a fixture that uses every construct of the language (loops and histories
//! included), and for the random programs of the differential test, runs in Python with NumPy
//! and holds every input and step within 1e-9 of the core's value, with the same shape
//! (`tests/tools/numpy-snippets.py` compares). Also the snippet on the page without JavaScript,
//! which ends by printing the steps the page shows: run, it prints the page's numbers.

use crate::common::tool_available;
use crate::compute_lang_differential::{plain, Generator};
use crate::support::{lesson, Book};
use serde_json::Value;
use std::io::Write;
use std::path::Path;
use std::process::Command;
use worked::base::html::escape_html;
use worked::base::html::unescape_html;
use worked::compute::lang::numpy::{translate, translate_run};
use worked::compute::lang::{parse, run, Value as LangValue};
use worked::present::{format_number, Precision, Style};

/// Steps whose value is rounding error by design, so NumPy's pairwise sums need not reproduce
/// it: `step.tiny_off` measures how far a central difference with a nudge of 1e-14 is off, and
/// `bp.agree_1`/`bp.agree_q` count the digits in which a central difference and the backward
/// pass agree (a floor of a logarithm of their rounding-sized gap).
const ROUNDING_ERROR_BY_DESIGN: &[(&str, &str)] =
    &[("step", "tiny_off"), ("bp", "agree_1"), ("bp", "agree_q")];

/// `python3` on PATH imports NumPy.
pub(crate) fn python_with_numpy() -> Result<(), String> {
    match Command::new("python3")
        .args(["-c", "import numpy"])
        .output()
    {
        Ok(out) if out.status.success() => Ok(()),
        Ok(out) => Err(format!(
            "`python3 -c \"import numpy\"` failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        )),
        Err(error) => Err(format!("cannot run `python3`: {error}")),
    }
}

fn available() -> bool {
    tool_available(
        "the NumPy snippets test",
        python_with_numpy(),
        "That \"Copy as NumPy\" gives the core's values",
        "install NumPy with `pip install numpy`",
    )
}

/// The compute examples of `worked eval --json FILE`, run in `dir`.
fn compute_examples(dir: &Path, file: &Path) -> Vec<Value> {
    let out = Command::new(env!("CARGO_BIN_EXE_worked"))
        .arg("eval")
        .arg(file)
        .arg("--json")
        .current_dir(dir)
        .output()
        .expect("the worked binary runs");
    assert!(
        out.status.success(),
        "eval {}: {}",
        file.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let json: Value = serde_json::from_slice(&out.stdout).expect("eval --json is JSON");
    json["examples"]
        .as_array()
        .expect("an examples list")
        .iter()
        .filter(|example| example["kind"] == "compute")
        .cloned()
        .collect()
}

/// Runs the Python comparison on `cases`; asserts that all agree.
fn assert_numpy_agrees(cases: &[Value]) {
    let mut file = tempfile::NamedTempFile::new().expect("temp file");
    file.write_all(serde_json::to_string(cases).expect("json").as_bytes())
        .expect("write cases");
    file.flush().expect("flush cases");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/tools/numpy-snippets.py");
    let out = Command::new("python3")
        .arg(&script)
        .arg(file.path())
        .output()
        .expect("run python3");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && stdout.contains(&format!("all {} examples agree", cases.len())),
        "NumPy and the core disagree:\n{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn markdown_files(dir: &Path, into: &mut Vec<std::path::PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("read content/")
        .map(|entry| entry.expect("an entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            markdown_files(&path, into);
        } else if path.extension().is_some_and(|e| e == "md") {
            into.push(path);
        }
    }
}

#[test]
fn every_compute_example_of_the_shipped_book_runs_in_numpy_with_the_cores_values() {
    if !available() {
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    markdown_files(&root.join("content"), &mut files);
    let mut fences = 0;
    let mut cases = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("read a lesson");
        fences += text
            .lines()
            .filter(|line| line.trim() == "```compute")
            .count();
        cases.extend(compute_examples(root, file));
    }
    assert!(
        fences > 0 && cases.len() == fences,
        "{} examples for {fences} ```compute blocks",
        cases.len()
    );
    for (example, step) in ROUNDING_ERROR_BY_DESIGN {
        let case = cases
            .iter_mut()
            .find(|case| case["name"] == *example)
            .unwrap_or_else(|| panic!("the book has no example {example} any more"));
        let steps = case["steps"].as_object_mut().expect("steps");
        assert!(
            steps.remove(*step).is_some(),
            "{example} has no step {step} any more"
        );
    }
    assert_numpy_agrees(&cases);
}

#[test]
fn a_program_of_every_construct_runs_in_numpy_with_the_cores_values() {
    if !available() {
        return;
    }
    let book = Book::with_lesson(
        "every.md",
        include_str!("fixtures/numpy-every-construct.md"),
    );
    let cases = compute_examples(book.root(), Path::new("content/every.md"));
    let code = cases[0]["numpy"]["code"].as_str().expect("a snippet");
    for construct in [
        "for t in range(",
        "    for j in range(2):",
        "_history.append(",
        "lambda_ = 0.5",
        "softmax_ = softmax(v)",
        "        del z_history[z_history_length:]\n        break",
    ] {
        assert!(code.contains(construct), "{construct:?} is not in\n{code}");
    }
    assert_numpy_agrees(&cases);
}

const LAYER_NORM: &str = r#"```compute
name = "ln"
steps = """
mu = mean(x, axis=1)
y = (x - mu) / sqrt(var(x, axis=1) + eps)
"""

[inputs]
x = [[2, 4, 6], [1, -1, 3]]
eps = 0.00001
```

```widget
example = "ln"
```
"#;

/// What a snippet prints when run with NumPy: each `show` line's step and its numbers, row
/// after row (`-inf` included).
pub(crate) fn printed_steps(code: &str) -> Vec<(String, Vec<f64>)> {
    let out = Command::new("python3")
        .args(["-c", code])
        .output()
        .expect("run python3");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "the snippet fails:\n{code}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let numbers = |text: &str| -> Vec<f64> {
        text.split(|c: char| c == '[' || c == ']' || c.is_whitespace())
            .filter(|word| !word.is_empty())
            .map(|word| {
                word.parse()
                    .unwrap_or_else(|_| panic!("{word:?} in\n{stdout}"))
            })
            .collect()
    };
    let mut steps: Vec<(String, Vec<f64>)> = Vec::new();
    for line in stdout.lines() {
        match line.split_once(" = ") {
            Some((name, rest)) => steps.push((name.to_string(), numbers(rest))),
            None => steps
                .last_mut()
                .unwrap_or_else(|| panic!("printed before any step:\n{stdout}"))
                .1
                .extend(numbers(line)),
        }
    }
    steps
}

#[test]
fn without_javascript_the_card_and_the_widget_show_the_lessons_snippet() {
    let book = Book::with_lesson("ln.md", &lesson("Layer norm", LAYER_NORM));
    book.build().succeeds();
    let html = book.read("public/ln.html");
    let example = &compute_examples(book.root(), Path::new("content/ln.md"))[0];
    let code = example["numpy"]["code"].as_str().expect("a snippet");
    assert!(
        code.contains("eps = 1e-05\n") && code.contains("y = (x - mu) / np.sqrt("),
        "{code}"
    );
    let shown = format!("<code>{}", escape_html(code));
    assert_eq!(
        html.matches(&shown).count(),
        2,
        "under the card and in the widget:\n{html}"
    );
    // The snippet ends by printing the steps the page shows; run, it prints the page's numbers
    // (the book's three decimals), step by step.
    let page_code = html
        .split("<pre class=\"worked-numpy-code\"><code>")
        .nth(1)
        .and_then(|rest| rest.split("</code>").next())
        .map(unescape_html)
        .expect("the page's snippet");
    assert!(
        page_code.starts_with(code) && page_code.ends_with("show(\"mu\", mu)\nshow(\"y\", y)\n"),
        "{page_code}"
    );
    if available() {
        let printed = printed_steps(&page_code);
        let page: Vec<(String, Vec<f64>)> = ["mu", "y"]
            .iter()
            .map(|step| {
                let numbers = example["steps"][step]
                    .as_array()
                    .expect("a matrix")
                    .iter()
                    .flat_map(|row| row.as_array().expect("a row").clone())
                    .map(|x| {
                        let shown = format_number(
                            x.as_f64().unwrap(),
                            Precision::Computed(3),
                            Style::Prose,
                        );
                        shown
                            .replace('\u{2212}', "-")
                            .parse::<f64>()
                            .expect("a number")
                    })
                    .collect();
                (step.to_string(), numbers)
            })
            .collect();
        assert_eq!(
            printed, page,
            "what the snippet prints is what the page shows"
        );
    }
    assert_eq!(
        html.matches("<details class=\"worked-numpy\" data-numpy=\"ln\">")
            .count(),
        2
    );
    assert!(html.contains("numpy.css") && html.contains("js/compute-numpy.js"));
    // The widget gets the parts it writes the reader's inputs between.
    assert!(
        html.contains("\"numpy\":{\"body\":\"# Steps\\nmu = np.mean(x, axis=1, keepdims=True)"),
        "{html}"
    );
}

#[test]
fn an_example_with_more_input_numbers_than_a_snippet_writes_offers_none() {
    // Rows of 1,000 numbers, one row more than the limit allows.
    let rows = worked::expand::MAX_SNIPPET_NUMBERS / 1000 + 1;
    let row = format!("[{}]", vec!["1"; 1000].join(", "));
    let many = vec![row; rows].join(", ");
    let block = format!(
        "```compute\nname = \"big\"\nsteps = \"total = sum(x)\"\n\n[inputs]\nx = [{many}]\n```\n"
    );
    let book = Book::with_lesson("big.md", &lesson("Big", &block));
    book.build().succeeds();
    let html = book.read("public/big.html");
    assert!(html.contains("worked-card") && !html.contains("worked-numpy"));
}

/// The manual's layer norm (its "Compute blocks" chapter), whose snippet the manual shows.
const README_EXAMPLE: &str = r#"```compute
name = "ln"
steps = """
mu = mean(x, axis=1)                 # 3×1: reductions keep the reduced axis
xc = x - mu                          # broadcasting, as in NumPy
var = mean(xc ^ 2, axis=-1)
y = gamma * xc / sqrt(var + eps) + beta
"""

[inputs]
x = [[2, 4, 6, 8], [1, -1, 3, 0.5], [0, 0, 1, 0]]
gamma = [1, 0.5, 2, 1]
beta = [0, 0.1, 0, -0.2]
eps = 0.00001
```
"#;

#[test]
fn the_manual_shows_the_snippet_the_translator_writes() {
    let book = Book::with_lesson("ln.md", &lesson("Layer norm", README_EXAMPLE));
    let example = &compute_examples(book.root(), Path::new("content/ln.md"))[0];
    let code = example["numpy"]["code"].as_str().expect("a snippet");
    let manual = include_str!("../../docs/content/language/compute-blocks.md");
    assert!(
        manual.contains(&format!("```python\n{code}```\n")),
        "the manual's compute-blocks chapter should show:\n{code}"
    );
}

/// Random programs of the differential test's generator (loops, histories, subscripts,
/// comparisons, masks and every function); about 1,100 of them run to the end and are compared.
const RANDOM_PROGRAMS: usize = 6000;

#[test]
fn random_programs_that_run_give_the_same_values_in_numpy() {
    if !available() {
        return;
    }
    let mut generator = Generator::new(0x0000_a11c_e5ee);
    let mut cases = Vec::new();
    for index in 0..RANDOM_PROGRAMS {
        let program = generator.program();
        // The eigenvectors of a repeated eigenvalue are not unique (README), and random
        // matrices such as x @ x.T often have one; the fixture checks eigvecs on distinct ones.
        if program.steps.contains("eigvecs(") {
            continue;
        }
        // LAPACK's eigenvalues and the core's Jacobi sweeps differ in the last bits, which a
        // step (floor, ceil, round, `//`, `%`) can turn into a whole unit: 10.999… floors to 10.
        let steps = ["floor(", "ceil(", "round(", "sign(", "//", "%"];
        if program.steps.contains("eigvals(") && steps.iter().any(|f| program.steps.contains(f)) {
            continue;
        }
        let Ok(parsed) = parse(&program.steps) else {
            continue;
        };
        let Ok(outputs) = run(&parsed, &program.inputs) else {
            continue;
        };
        let numpy = translate(&parsed, &program.inputs);
        let values: Vec<LangValue> = program.inputs.iter().map(|(_, v)| v.clone()).collect();
        let inputs: serde_json::Map<String, Value> = program
            .inputs
            .iter()
            .map(|(name, value)| (name.clone(), plain(value)))
            .collect();
        let steps: serde_json::Map<String, Value> = outputs
            .iter()
            .map(|output| (output.name.clone(), plain(&output.value)))
            .collect();
        let names: serde_json::Map<String, Value> = numpy
            .names
            .iter()
            .map(|(name, python)| (name.clone(), Value::from(python.as_str())))
            .collect();
        cases.push(serde_json::json!({
            "name": format!("random program {index}:\n{}\n", program.steps),
            "inputs": inputs,
            "steps": steps,
            "numpy": { "code": numpy.code(&values), "names": names },
        }));
    }
    assert!(
        cases.len() >= RANDOM_PROGRAMS / 6,
        "only {} programs ran",
        cases.len()
    );
    assert_numpy_agrees(&cases);
}

/// Programs with `grad`: a logistic regression whose block also shows its backward pass, the
/// same regression trained in a `repeat` loop (the backward lines inside the loop body), and a
/// two-layer network with a softmax cross-entropy, and a recurrent network whose backward pass
/// runs its loop in reverse (shown, and not).
fn grad_programs() -> String {
    format!(
        r#"```compute
name = "regression"
steps = """
Z = X @ w + b
P = sigmoid(Z)
L = -mean(T * log(P) + (1 - T) * log(1 - P))
g = grad(L, [w, b])
"""
backward = "g"

{}```

```compute
name = "training"
steps = """
w = w0
repeat 50:
    P = sigmoid(X @ w + b)
    L = -mean(T * log(P) + (1 - T) * log(1 - P))
    g = grad(L, w)
    w = w - 0.5 * g
"""

{}```

```compute
name = "training_shown"
steps = """
W1 = W1_0
W2 = W2_0
repeat 20:
    H = tanh(X @ W1)
    Z = H @ W2
    L = -sum(Y * log_softmax(Z, axis=1)) / 3
    g = grad(L, [W1, W2])
    W1 = W1 - 0.5 * g_W1
    W2 = W2 - 0.5 * g_W2
"""
backward = "g"

[inputs]
X = [[1, 2], [0, 1], [2, -1]]
Y = [[1, 0], [0, 1], [1, 0]]
W1_0 = [[0.1, -0.2, 0.4], [0.3, 0.2, -0.5]]
W2_0 = [[0.2, -0.4], [-0.1, 0.5], [0.3, 0.1]]
```

```compute
name = "network"
steps = """
H = tanh(X @ W1 + c)
Z = H @ W2.T
L = -sum(Y * log_softmax(Z, axis=1)) / 3
g = grad(L, [W1, c, W2])
"""

[inputs]
X = [[1, 2], [0, 1], [2, -1]]
Y = [[1, 0], [0, 1], [1, 0]]
W1 = [[0.1, -0.2, 0.4], [0.3, 0.2, -0.5]]
c = [0.1, 0, -0.1]
W2 = [[0.2, -0.1, 0.3], [-0.4, 0.5, 0.1]]
```

```compute
name = "recurrent"
steps = """
h = h0
repeat 4 as t:
    h = tanh(W @ h + U * x[t])
    y = v @ h
L = sum(history(y) ^ 2) / 4 + sum(h * h)
g = grad(L, [W, U, h0])
"""
backward = "g"

[inputs]
h0 = [0.1, -0.3]
W = [[0.5, -0.4], [0.3, 0.8]]
U = [1, -0.5]
x = [0.2, -1, 0.7, 0.4]
v = [0.6, -0.9]
```

```compute
name = "recurrent_unshown"
steps = """
h = h0
repeat 3 as t:
    h = tanh(W @ h + U * x[t])
L = sum(history(h) * history(h))
g = grad(L, W)
"""

[inputs]
h0 = [0.1, -0.3]
W = [[0.5, -0.4], [0.3, 0.8]]
U = [1, -0.5]
x = [0.2, -1, 0.7]
```
"#,
        logistic_inputs("w"),
        logistic_inputs("w0")
    )
}

/// The inputs of the logistic regressions of [`grad_programs`], their weights named `w`.
fn logistic_inputs(w: &str) -> String {
    format!("[inputs]\nX = [[1, 2], [0, 1], [2, 0]]\nT = [1, 0, 1]\n{w} = [0.1, -0.2]\nb = 0.3\n")
}

/// How many random programs with `grad` are tried; most have a written backward pass.
const RANDOM_GRAD_PROGRAMS: usize = 600;

#[test]
fn programs_with_grad_run_their_written_backward_pass_in_numpy_with_the_cores_values() {
    if !available() {
        return;
    }
    let book = Book::with_lesson("grad.md", &lesson("Grad", &grad_programs()));
    let mut cases = compute_examples(book.root(), Path::new("content/grad.md"));
    for case in &cases {
        let code = case["numpy"]["code"].as_str().expect("a snippet");
        assert!(
            code.contains("bar_") && !code.contains("raise"),
            "no written backward pass in\n{code}"
        );
    }
    let training = cases[1]["numpy"]["code"].as_str().expect("a snippet");
    assert!(
        training.contains("    bar_w = ") && training.contains("    g = bar_w"),
        "{training}"
    );
    // A grad in a loop body shows its backward pass in the body, written once.
    let shown = cases[2]["numpy"]["code"].as_str().expect("a snippet");
    assert!(
        shown.matches("    bar_W2 = ").count() == 1
            && shown.matches("    bar_H = ").count() == 1
            && shown.contains("    g_W2 = bar_W2"),
        "{shown}"
    );
    // Backpropagation through time: a loop counting down, written once.
    for case in &cases[4..6] {
        let code = case["numpy"]["code"].as_str().expect("a snippet");
        assert!(
            code.matches("for t_back in range(").count() == 1
                && code.contains("h_history.append(h)"),
            "{code}"
        );
    }
    let mut generator = Generator::new(0x0067_7261_646e);
    let mut written = 0;
    for index in 0..RANDOM_GRAD_PROGRAMS {
        let program = generator.grad_program();
        let Ok(parsed) = parse(&program.steps) else {
            continue;
        };
        let Ok(outputs) = run(&parsed, &program.inputs) else {
            continue;
        };
        let values: Vec<(String, LangValue)> = program
            .inputs
            .iter()
            .cloned()
            .chain(outputs.iter().map(|o| (o.name.clone(), o.value.clone())))
            .collect();
        let numpy = translate_run(&parsed, &program.inputs, &values);
        let inputs: Vec<LangValue> = program.inputs.iter().map(|(_, v)| v.clone()).collect();
        let code = numpy.code(&inputs);
        if code.contains("raise NotImplementedError") {
            continue;
        }
        written += 1;
        let plain_map = |pairs: &mut dyn Iterator<Item = (String, Value)>| {
            pairs.collect::<serde_json::Map<String, Value>>()
        };
        cases.push(serde_json::json!({
            "name": format!("random program with grad {index}:\n{}\n", program.steps),
            "inputs": plain_map(&mut program.inputs.iter().map(|(n, v)| (n.clone(), plain(v)))),
            "steps": plain_map(&mut outputs.iter().map(|o| (o.name.clone(), plain(&o.value)))),
            "numpy": {
                "code": code,
                "names": plain_map(&mut numpy.names.iter().map(|(n, p)| (n.clone(), Value::from(p.as_str())))),
            },
        }));
    }
    assert!(
        written >= RANDOM_GRAD_PROGRAMS / 10,
        "only {written} random programs had a written backward pass"
    );
    assert_numpy_agrees(&cases);
}
