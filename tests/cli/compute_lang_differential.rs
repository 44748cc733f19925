//! Differential test: the reader-side interpreter (`static/js/compute-lang.js`) must run every
//! program as the Rust one (`worked::compute::lang`) does: the same values to 1e-9, or the same
//! kind of error with the same message at the same place.
//!
//! A grammar-based generator writes a few thousand random programs: random input shapes and
//! values, every operator and function, keyword axes, masks, and a share of deliberately broken
//! programs (typos, unknown functions, syntax slips, redefinitions, bad keywords, shape clashes,
//! token soup).
//! Rust evaluates each; the cases and results go to a temporary JSON file;
//! `node tests/js/compute-lang-differential.mjs FILE` re-runs them in JavaScript and exits
//! non-zero naming the first disagreement. Without Node the test fails under `CI=true` and
//! otherwise skips loudly.

use crate::common::SplitMix64;
use serde_json::{json, Value as Json};
use worked::compute::lang::{evaluate, ErrorKind, Limit, Value};

/// How many random programs. About a third run to the end (the rest stop at an error, which is
/// compared too); the issues ask for at least 10,000, of which at least 3,000 must run.
const PROGRAMS: usize = 18_000;
/// Fewest programs that must run without an error for the value comparison to count.
const RUNNING: usize = 3000;

/// A number for the cases file: JSON has no −∞, so it is written as the string "-inf".
fn number(x: f64) -> Json {
    if x == f64::NEG_INFINITY {
        Json::from("-inf")
    } else {
        Json::from(x)
    }
}

/// A value as the JavaScript API takes it: a number, a list, or a list of rows.
pub(crate) fn plain(value: &Value) -> Json {
    match value {
        Value::Scalar(x) => number(*x),
        Value::Vector(v) => v.iter().map(|x| number(*x)).collect(),
        Value::Matrix(m) => m
            .rows()
            .into_iter()
            .map(|row| row.iter().map(|x| number(*x)).collect::<Json>())
            .collect(),
    }
}

/// One random program: its inputs (name, value) and its steps text.
pub(crate) struct Program {
    pub(crate) inputs: Vec<(String, Value)>,
    pub(crate) steps: String,
}

/// Writes random programs over a small set of sizes, so that most shapes fit together and the
/// programs get past broadcasting into the arithmetic, while some still clash.
pub(crate) struct Generator {
    rng: SplitMix64,
    /// Rows of the "tokens" dimension and width of the "features" dimension for one program.
    tokens: usize,
    width: usize,
    /// Names defined so far (inputs, then steps).
    names: Vec<String>,
    /// The inputs that hold a vector or a matrix, for functions that refuse scalars.
    arrays: Vec<String>,
}

const ELEMENTWISE: [&str; 17] = [
    "exp", "log", "sqrt", "abs", "sin", "cos", "tanh", "sigmoid", "relu", "gelu", "acos", "asin",
    "atan", "sign", "floor", "ceil", "round",
];
const REDUCTIONS: [&str; 10] = [
    "sum",
    "mean",
    "max",
    "min",
    "argmax",
    "norm",
    "var",
    "std",
    "argmin",
    "logsumexp",
];
const SCANS: [&str; 4] = ["cumsum", "cumprod", "sort", "argsort"];
const COMPARISONS: [&str; 6] = ["<", "<=", ">", ">=", "==", "!="];
/// Functions of two values, entry by entry with broadcasting.
const PAIRWISE: [&str; 4] = ["maximum", "minimum", "atan2", "xlogy"];
/// Subscripts: positions (some outside a 1–4 entry value), slices with every kind of step.
const SUBSCRIPTS: [&str; 16] = [
    "0", "1", "-1", "2", "-3", "4", ":", "1:", ":2", "::-1", "::2", "-2:", "2:0:-1", "1:3", "0.5",
    "::0",
];
const OPERATORS: [&str; 8] = ["+", "-", "*", "/", "@", "^", "//", "%"];
/// Vectors of positions for gathers and `take`: in range, repeated, negative, outside, not whole.
const GATHERS: [&str; 8] = [
    "concat(0, 0)",
    "concat(1, 0, -1)",
    "argsort(x)",
    "argtopk(x, 1)",
    "concat(0, 5)",
    "concat(0.5, 1)",
    "arange(2)",
    "x",
];
/// Pieces of token soup, valid and not.
const SOUP: [&str; 35] = [
    "x", "(", ")", ",", "+", "-", "*", "/", "@", "^", ".T", "=", "2", "1e400", ".5", "2x",
    "softmax(", "axis=", "sum(", "**", "#", "[", "0.25", "x.", "]", ":", "<", "<=", "==", "!",
    "!=", "repeat", "as", "\n    ", "until",
];
/// Axes for `axis=…`: mostly valid, some out of range or not whole.
const AXES: [&str; 10] = ["0", "1", "-1", "0", "1", "-1", "0", "1", "-2", "2"];

impl Generator {
    /// A generator whose programs follow from `seed`.
    pub(crate) fn new(seed: u64) -> Generator {
        Generator {
            rng: SplitMix64(seed),
            tokens: 1,
            width: 1,
            names: Vec::new(),
            arrays: Vec::new(),
        }
    }

    fn pick<'a>(&mut self, options: &[&'a str]) -> &'a str {
        options[self.rng.range(0, options.len() - 1)]
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.rng.range(1, 100) <= percent
    }

    /// A size for a constructor: mostly one of the program's dimensions.
    fn size(&mut self) -> usize {
        match self.rng.range(0, 4) {
            0 => self.tokens,
            1 => self.width,
            2 => 1,
            _ => self.rng.range(1, 4),
        }
    }

    fn random_value(&mut self) -> Value {
        let (rows, cols) = match self.rng.range(0, 6) {
            0 => (0, 0),
            1 => (0, self.width),
            2 => (0, self.tokens),
            3 => (self.tokens, self.width),
            4 => (self.width, self.width),
            5 => (self.tokens, self.tokens),
            _ => (self.width, self.tokens),
        };
        match (rows, cols) {
            (0, 0) => Value::Scalar(self.rng.authored_entry()),
            (0, n) => Value::Vector(ndarray::Array1::from_shape_simple_fn(n, || {
                self.rng.authored_entry()
            })),
            (r, c) => Value::Matrix(ndarray::Array2::from_shape_simple_fn((r, c), || {
                self.rng.authored_entry()
            })),
        }
    }

    fn literal(&mut self) -> String {
        match self.rng.range(0, 5) {
            0 => format!("{}", self.rng.range(0, 4)),
            1 => format!("{}.{}", self.rng.range(0, 3), self.rng.range(0, 99)),
            2 => format!("{}e-{}", self.rng.range(1, 9), self.rng.range(1, 2)),
            3 => "pi".to_string(),
            4 => "0.5".to_string(),
            _ => "2".to_string(),
        }
    }

    fn leaf(&mut self) -> String {
        if self.names.is_empty() || self.chance(25) {
            return self.literal();
        }
        let index = self.rng.range(0, self.names.len() - 1);
        self.names[index].clone()
    }

    /// A vector or matrix by construction (an array input, a constructor, or an operation that
    /// keeps an array an array), so that functions refusing scalars mostly get what they take.
    fn array(&mut self, depth: usize) -> String {
        if depth == 0 || self.chance(30) {
            if !self.arrays.is_empty() && self.chance(60) {
                let index = self.rng.range(0, self.arrays.len() - 1);
                return self.arrays[index].clone();
            }
            return self.constructor();
        }
        let d = depth - 1;
        match self.rng.range(0, 7) {
            0 => format!("{}({})", self.pick(&ELEMENTWISE), self.array(d)),
            1 => {
                let op = self.pick(&["+", "-", "*", "/"]);
                let other = if self.chance(50) {
                    self.leaf()
                } else {
                    self.array(d)
                };
                format!("{} {op} {other}", self.array(d))
            }
            2 => format!("softmax({}{})", self.array(d), self.axis()),
            3 => {
                let axis = self.pick(&["0", "1", "-1"]);
                format!("{}({}, axis={axis})", self.pick(&REDUCTIONS), self.array(d))
            }
            4 => format!("({}).T", self.array(d)),
            5 => format!("-{}", self.array(d)),
            6 => format!("layer_norm({})", self.array(d)),
            _ => format!("{} @ {}", self.array(d), self.array(d)),
        }
    }

    fn axis(&mut self) -> String {
        if self.chance(50) {
            String::new()
        } else {
            format!(", axis={}", self.pick(&AXES))
        }
    }

    fn constructor(&mut self) -> String {
        let (a, b) = (self.size(), self.size());
        match self.rng.range(0, 7) {
            0 => format!("arange({a})"),
            1 => format!("eye({a})"),
            2 => format!("zeros({a}, {b})"),
            3 => format!("ones({a})"),
            4 => format!("randn({a}, {b}, seed={})", self.rng.range(0, 1000)),
            5 => format!("randn({a})"),
            6 => format!("causal_mask({a})"),
            _ => format!("ones({a}, {b})"),
        }
    }

    /// A random expression at most `depth` calls or operators deep.
    fn expr(&mut self, depth: usize) -> String {
        if depth == 0 || self.chance(10) {
            return self.leaf();
        }
        let d = depth - 1;
        match self.rng.range(0, 20) {
            0..=2 => {
                let op = self.pick(&OPERATORS);
                let right = if op == "^" {
                    self.pick(&["2", "0.5", "-1", "3", "(1 / 3)"]).to_string()
                } else {
                    self.expr(d)
                };
                format!("{} {op} {right}", self.expr(d))
            }
            3 => format!("({})", self.expr(d)),
            4 => format!("-{}", self.expr(d)),
            5 => format!("{}.T", self.leaf()),
            6 => format!("{}({})", self.pick(&ELEMENTWISE), self.expr(d)),
            7 => {
                let function = self.pick(&["softmax", "log_softmax"]);
                let scores = self.array(d);
                if self.chance(40) {
                    let n = self.tokens;
                    format!("{function}({scores} + causal_mask({n}){})", self.axis())
                } else {
                    format!("{function}({scores}{})", self.axis())
                }
            }
            8 => {
                let function = self.pick(&REDUCTIONS);
                format!("{function}({}{})", self.array(d), self.axis())
            }
            9 => {
                let function = self.pick(&["dot", "outer"]);
                format!("{function}({}, {})", self.array(d), self.array(d))
            }
            10 => format!("concat({}, {}{})", self.array(d), self.expr(d), self.axis()),
            11 => {
                let (start, end) = (self.rng.range(0, 2), self.rng.range(1, 4));
                let function = self.pick(&["rows", "cols"]);
                format!("{function}({}, {start}, {end})", self.array(d))
            }
            12 => {
                let function = self.pick(&["row", "col", "transpose"]);
                format!("{function}({})", self.expr(d))
            }
            13 => {
                let eps = self.pick(&["0.00001", "0.1", "0.00001", "0.5", "0", "-1"]);
                format!("layer_norm({}, eps={eps})", self.array(d))
            }
            _ => self.algorithmic(d),
        }
    }

    /// The constructs of the algorithms issue: comparisons, `where` with −∞ masks, subscripts,
    /// the new functions along an axis, shapes and linear algebra.
    fn algorithmic(&mut self, d: usize) -> String {
        match self.rng.range(0, 15) {
            0 => format!(
                "({} {} {})",
                self.expr(d),
                self.pick(&COMPARISONS),
                self.expr(d)
            ),
            1 => {
                let condition = format!("{} {} 0", self.array(d), self.pick(&COMPARISONS));
                let mask = format!("where({condition}, {}, -inf)", self.pick(&["0", "1", "x"]));
                if self.chance(50) {
                    format!("softmax({} + {mask}{})", self.array(d), self.axis())
                } else {
                    mask
                }
            }
            2 => format!(
                "where({}, {}, {})",
                self.expr(d),
                self.expr(d),
                self.expr(d)
            ),
            3 => {
                let first = self.pick(&SUBSCRIPTS);
                if self.chance(40) {
                    format!("{}[{first}, {}]", self.array(d), self.pick(&SUBSCRIPTS))
                } else {
                    format!("{}[{first}]", self.array(d))
                }
            }
            4 => format!("{}({}{})", self.pick(&SCANS), self.array(d), self.axis()),
            5 => format!(
                "{}({}, {})",
                self.pick(&PAIRWISE),
                self.expr(d),
                self.expr(d)
            ),
            6 => format!("clip({}, -0.5, 0.5)", self.expr(d)),
            7 => {
                let (a, b) = (self.size(), self.size());
                match self.rng.range(0, 3) {
                    0 => format!("reshape({}, {a}, {b})", self.array(d)),
                    1 => format!("reshape({}, {a})", self.array(d)),
                    2 => format!("flatten({})", self.expr(d)),
                    _ => format!(
                        "one_hot({}, {a})",
                        self.pick(&["0", "1", "2", "argmax(x)", "x"])
                    ),
                }
            }
            8 => {
                let function = self.pick(&["tril", "triu", "diag", "trace"]);
                let k = if function.starts_with("tri") && self.chance(50) {
                    format!(", k={}", self.pick(&["-1", "0", "1", "0.5"]))
                } else {
                    String::new()
                };
                format!("{function}({}{k})", self.array(d))
            }
            9 | 10 => {
                let n = self.tokens;
                let square = format!("({} + {n} * eye({n}))", self.array(d));
                match self.rng.range(0, 5) {
                    0 => format!("solve({square}, {})", self.array(d)),
                    1 => format!("inv({square})"),
                    2 => format!("det({square})"),
                    3 => format!("lstsq({}, {})", self.array(d), self.array(d)),
                    4 => {
                        let m = self.array(d);
                        format!("eigvals(({m}) + ({m}).T)")
                    }
                    // Eigenvectors of a repeated eigenvalue change with the last bit of the
                    // matrix, and exp/log/sin may differ in that bit between the platforms: so
                    // only from the inputs, which both sides hold exactly.
                    _ => match self.arrays.first() {
                        Some(m) => format!("eigvecs({m} @ {m}.T)"),
                        None => "eigvecs(eye(2))".to_string(),
                    },
                }
            }
            12 | 13 => self.authoring(d),
            11 => format!(
                "{}(ones({}, {}))",
                self.pick(&["inv", "det", "solve", "eigvals"]),
                self.size(),
                self.size()
            ),
            _ => self.constructor(),
        }
    }

    /// The constructs of authoring III: gathers, `take`, `topk`/`argtopk` (with −∞), `len`,
    /// `shape`, `//` and `%`, and calls that must fail with the fitting message.
    fn authoring(&mut self, d: usize) -> String {
        let idx = self.pick(&GATHERS);
        match self.rng.range(0, 9) {
            0 => format!("{}[{idx}]", self.array(d)),
            1 => format!("{}[:, {idx}]", self.array(d)),
            2 => format!("{}[{idx}, {}]", self.array(d), self.pick(&GATHERS)),
            3 => format!("take({}, {idx}{})", self.array(d), self.axis()),
            4 => {
                let scores = if self.chance(40) {
                    format!(
                        "({} + where({} > 0, 0, -inf))",
                        self.array(d),
                        self.array(d)
                    )
                } else {
                    self.array(d)
                };
                let function = self.pick(&["topk", "argtopk", "argsort"]);
                if function == "argsort" {
                    format!("argsort({scores})")
                } else {
                    format!(
                        "{function}({scores}, {})",
                        self.pick(&["1", "2", "3", "0", "1.5"])
                    )
                }
            }
            5 => format!("{}({})", self.pick(&["len", "shape"]), self.expr(d)),
            6 => format!("{}(x, 0)", self.pick(&["max", "size", "mod"])),
            _ => format!(
                "{} {} {}",
                self.expr(d),
                self.pick(&["//", "%"]),
                self.pick(&["2", "-3", "0.5", "x", "2", "0"])
            ),
        }
    }

    /// A loop: state defined before it, updated in place (keeping its shape, or now and then
    /// not), temporaries, sometimes a nested loop, sometimes a stopping condition (which may
    /// hold, overflow, or not be one number) and the state's history after it.
    fn repeat_block(&mut self, index: usize, lines: &mut Vec<String>) {
        let state = format!("s{index}");
        let start = if self.chance(60) {
            self.array(1)
        } else {
            self.literal()
        };
        lines.push(format!("{state} = {start}"));
        self.names.push(state.clone());
        let count = self.pick(&["0", "1", "2", "3", "5", "n_steps", "2.5", "-1"]);
        let counter = if self.chance(70) { " as t" } else { "" };
        let until = if self.chance(40) {
            let condition = match self.rng.range(0, 5) {
                0 => format!("sum({state}) > {}", self.pick(&["0", "1", "3"])),
                1 => format!("max(abs({state})) < 0.5"),
                2 => format!("{} > 0", self.expr(1)),
                3 => format!("{state} > 1"),
                _ => self.pick(&["1", "0", "t >= 1"]).to_string(),
            };
            format!(" until {condition}")
        } else {
            String::new()
        };
        lines.push(format!("repeat {count}{counter}{until}:"));
        let step = if counter.is_empty() { "0.1" } else { "t" };
        let temp = format!("g{index}");
        let update = match self.rng.range(0, 4) {
            0 => format!("{state} = 0.9 * {state} + 0.1 * tanh({state}) + {step} / 10"),
            1 if until.is_empty() => format!("{state} = {state} - 0.1 * {temp}"),
            // Overflows within a few iterations, which a stopping loop survives.
            1 => format!("{state} = {state} * 1e150 + {temp}"),
            2 => format!("{state} = maximum({state}, {step})"),
            _ => format!("{state} = {}", self.expr(2)),
        };
        lines.push(format!("    {temp} = {}", self.expr(2)));
        lines.push(format!("    {update}"));
        if self.chance(30) {
            lines.push("    repeat 2 as u:".to_string());
            lines.push(format!("        {state} = {state} * 0.5 + u"));
        }
        self.names.push(temp);
        if self.chance(70) {
            lines.push(format!("h{index} = history({state})"));
            self.names.push(format!("h{index}"));
        }
    }

    /// A deliberately broken line (about one program in eight gets one).
    fn broken_line(&mut self, name: &str) -> String {
        let known = self.leaf();
        match self.rng.range(0, 14) {
            0 => format!("{name} = {known}x + 1"),
            9 => format!("{name} = zeros({}, 2)", self.rng.range(1025, 5000)),
            11 => format!("{name} = {known}[9]"),
            12 => format!("for i in range(3):\n    {name} = {known}"),
            13 => format!("{name} = {known} < 1 < 2"),
            14 => format!("repeat 3:\n{name} = 1"),
            10 => format!("{name} = {known} + {known}_"),
            1 => format!("{name} = ({known} + 1"),
            2 => format!("{name} = {known} {known}"),
            3 => format!("{name} = sofmax({known})"),
            4 => format!("{name} = {known}q"),
            5 => format!("{name} = sum({known}, axes=1)"),
            6 => format!("{name} = inf"),
            7 => format!("{name} = -(-inf) + {known}"),
            8 => format!("{name} = exp(causal_mask(2))"),
            _ => format!("{name} {known}"),
        }
    }

    /// A line of token soup after `y =`: pieces of the language in random order, so both
    /// lexers and parsers meet every kind of malformed input and must fail the same way.
    fn soup(&mut self) -> String {
        let pieces: Vec<&str> = (0..self.rng.range(1, 12))
            .map(|_| self.pick(&SOUP))
            .collect();
        format!("y = {}", pieces.join(" "))
    }

    /// A random smooth expression over the vector `v` (n entries) and the n×n matrix `W`,
    /// giving a vector of n: the differentiable functions, so that most programs run.
    fn smooth(&mut self, v: &str, depth: usize) -> String {
        if depth == 0 {
            return self
                .pick(&[v, "W[0]", "W[:, 1]", "(v @ W)", "sum(W, axis=0)[0]"])
                .replace('v', v);
        }
        let a = self.smooth(v, depth - 1);
        match self.rng.range(0, 19) {
            0 => format!("tanh({a})"),
            1 => format!("sigmoid({a})"),
            2 => format!("softmax({a})"),
            3 => format!("log_softmax({a})"),
            4 => format!("exp(0.3 * {a})"),
            5 => format!("layer_norm({a})"),
            6 => format!("({a} * {})", self.smooth(v, depth - 1)),
            7 => format!("({a} - {})", self.smooth(v, depth - 1)),
            8 => format!("({a} / (2 + {} ^ 2))", self.smooth(v, depth - 1)),
            9 => format!("({a} @ W.T)"),
            10 => format!("(W @ {a})"),
            11 => format!("sqrt(1 + {a} ^ 2)"),
            12 => format!("concat({a}[1:], max({a}))"),
            13 => format!("maximum({a}, 0.5 * {a})"),
            14 => format!("where({a} > 0, {a}, 0.1 * {a})"),
            15 => format!("cumsum({a})[::-1]"),
            16 => format!("sort({a}) + mean(outer({a}, {v}), axis=0)[0]"),
            17 => format!("round({a})"),
            _ => format!("log(1 + exp({a}))"),
        }
    }

    /// A program with `grad`: a smooth loss of random inputs differentiated with respect to
    /// them (or a list of them, or a loop's state inside its body, or through every iteration
    /// after it), or now and then a random program of any kind with a gradient appended.
    pub(crate) fn grad_program(&mut self) -> Program {
        if self.chance(20) {
            let mut program = self.program();
            let last = self
                .names
                .last()
                .cloned()
                .unwrap_or_else(|| "1".to_string());
            program.steps = format!(
                "{}\nL = sum({last} * {last})\ng = grad(L, {})",
                program.steps,
                self.leaf()
            );
            return program;
        }
        let n = self.rng.range(2, 4);
        let mut entries = |count: usize| -> Vec<f64> {
            (0..count)
                .map(|_| (self.rng.range(0, 200) as f64 - 100.0) / 60.0)
                .collect()
        };
        let x = Value::Vector(ndarray::Array1::from(entries(n)));
        let w = Value::Matrix(
            ndarray::Array2::from_shape_vec((n, n), entries(n * n)).expect("n×n entries"),
        );
        let inputs = vec![("x".to_string(), x), ("W".to_string(), w)];
        let depth = self.rng.range(1, 3);
        let steps = if self.chance(30) {
            let body = self.smooth("w", depth);
            let wrt = self.pick(&["w", "w", "p", "t"]);
            let until = self.pick(&["", "", " until L > 3", " until L > 1"]);
            format!(
                "w = x\nrepeat {} as t{until}:\n    p = {body}\n    L = sum(p * p) + sum(w * w)\n    g = grad(L, {wrt})\n    w = w - 0.1 * g\ntotal = sum(history(L))\nd = grad(total, {})",
                self.rng.range(1, 3),
                self.pick(&["x", "W", "w"])
            )
        } else {
            let y = self.smooth("x", depth);
            let wrt = self.pick(&["x", "W", "[x, W]", "y", "[W, y, x]"]);
            format!("y = {y}\nL = sum(y * arange({n})) + 0.5 * sum(y ^ 2)\ng = grad(L, {wrt})")
        };
        Program { inputs, steps }
    }

    pub(crate) fn program(&mut self) -> Program {
        self.tokens = self.rng.range(1, 4);
        // Equal sizes half the time, so shapes often fit together.
        self.width = if self.chance(50) {
            self.tokens
        } else {
            self.rng.range(1, 4)
        };
        self.names.clear();
        self.arrays.clear();
        let pool = ["x", "w", "b", "q", "k", "scores"];
        let mut inputs = Vec::new();
        for name in pool.iter().take(self.rng.range(0, 3)) {
            let value = self.random_value();
            if !matches!(value, Value::Scalar(_)) {
                self.arrays.push(name.to_string());
            }
            inputs.push((name.to_string(), value));
            self.names.push(name.to_string());
        }
        let mut lines = Vec::new();
        let broken = self.chance(15).then(|| self.rng.range(0, 3));
        if self.chance(8) {
            return Program {
                inputs,
                steps: self.soup(),
            };
        }
        if self.chance(35) {
            inputs.push((
                "n_steps".to_string(),
                Value::Scalar(self.rng.range(0, 4) as f64),
            ));
            self.names.push("n_steps".to_string());
            let mut lines = Vec::new();
            for index in 0..self.rng.range(1, 2) {
                self.repeat_block(index, &mut lines);
            }
            lines.push(format!("z = {}", self.expr(2)));
            return Program {
                inputs,
                steps: lines.join("\n"),
            };
        }
        for index in 0..self.rng.range(1, 4) {
            // Now and then a step reuses a name, which must be a redefinition error.
            let name = if self.chance(3) && !self.names.is_empty() {
                self.leaf()
            } else {
                format!("s{index}")
            };
            if broken == Some(index) {
                lines.push(self.broken_line(&name));
            } else {
                let depth = self.rng.range(2, 3);
                lines.push(format!("{name} = {}", self.expr(depth)));
            }
            if self.chance(10) {
                lines.push("# a comment line".to_string());
            }
            self.names.push(name);
        }
        Program {
            inputs,
            steps: lines.join("\n"),
        }
    }
}

/// The case for the JavaScript side, and the kind of error Rust reported (if any).
fn case(program: &Program) -> (Json, Option<ErrorKind>) {
    let result = evaluate(&program.steps, &program.inputs);
    let expected = match &result {
        Ok(values) => json!({
            "values": values.iter().map(|o| json!([o.name, plain(&o.value)])).collect::<Vec<_>>(),
            "whole": values.iter().filter(|o| o.whole).map(|o| o.name.clone()).collect::<Vec<_>>(),
        }),
        // The generator writes ASCII only, so byte offsets equal JavaScript's UTF-16 offsets.
        Err(error) => json!({ "error": {
            "kind": error.kind.as_str(),
            "message": error.message,
            "start": error.span.start,
            "end": error.span.end,
        } }),
    };
    let case = json!({
        "input": {
            "steps": program.steps,
            "inputs": program.inputs.iter().map(|(name, value)| json!([name, plain(value)])).collect::<Vec<_>>(),
        },
        "expected": expected,
    });
    (case, result.err().map(|error| error.kind))
}

#[test]
fn javascript_runs_random_programs_as_the_rust_interpreter_does() {
    let Some(node) = crate::common::Node::for_differential(
        "compute_lang_differential",
        "The reader-side compute language against the Rust interpreter",
    ) else {
        return;
    };
    let mut generator = Generator::new(0x00c0_ffee_1a49);
    let programs: Vec<Program> = (0..PROGRAMS).map(|_| generator.program()).collect();
    let (cases, outcomes): (Vec<Json>, Vec<Option<ErrorKind>>) = programs.iter().map(case).unzip();
    // Stopping loops run, and some survive an overflow by stopping.
    let ran_with = |text: &str| {
        programs
            .iter()
            .zip(&outcomes)
            .filter(|(p, o)| p.steps.contains(" until ") && p.steps.contains(text) && o.is_none())
            .count()
    };
    assert!(
        ran_with("repeat") >= 50,
        "{} `until` loops ran",
        ran_with("repeat")
    );
    assert!(
        ran_with("1e150") >= 5,
        "{} overflowing `until` loops ran",
        ran_with("1e150")
    );

    // The generator must reach both outcomes and every kind of error, or the comparison would
    // pass while checking little: count what Rust reported (any limit counts as a limit).
    let successes = outcomes.iter().filter(|o| o.is_none()).count();
    assert!(
        successes >= RUNNING,
        "only {successes} of {PROGRAMS} programs ran"
    );
    for name in ErrorKind::NAMES {
        let count = (outcomes.iter())
            .filter(|o| o.map(ErrorKind::as_str) == Some(name))
            .count();
        assert!(count >= 10, "only {count} programs fail with {name}");
    }

    node.differential("compute-lang-differential.mjs", &cases);
}

/// How many random programs with `grad` the two interpreters run, and how many must succeed.
const GRAD_PROGRAMS: usize = 3000;
const GRAD_RUNNING: usize = 1000;

#[test]
fn javascript_differentiates_random_programs_as_the_rust_interpreter_does() {
    let Some(node) = crate::common::Node::for_differential(
        "compute_lang_differential",
        "The reader-side grad against the Rust interpreter",
    ) else {
        return;
    };
    let mut generator = Generator::new(0x0067_7261_6421);
    let (cases, outcomes): (Vec<Json>, Vec<Option<ErrorKind>>) = (0..GRAD_PROGRAMS)
        .map(|_| case(&generator.grad_program()))
        .unzip();
    let successes = outcomes.iter().filter(|o| o.is_none()).count();
    assert!(
        successes >= GRAD_RUNNING,
        "only {successes} of {GRAD_PROGRAMS} programs with grad ran"
    );
    node.differential("compute-lang-differential.mjs", &cases);
}

/// Random programs a widget runs again after edits (kept-statements test): each runs five times.
const EDITED_PROGRAMS: usize = 3000;

/// `inputs` with one entry of one input changed, as a reader's edit changes it (the loop count
/// `n_steps` to another count, sometimes 0).
fn edited(rng: &mut SplitMix64, inputs: &[(String, Value)]) -> Vec<(String, Value)> {
    let mut inputs = inputs.to_vec();
    let which = rng.range(0, inputs.len() - 1);
    let (name, value) = &mut inputs[which];
    let entry = if name == "n_steps" {
        rng.range(0, 4) as f64
    } else if rng.range(0, 9) == 0 {
        -0.0
    } else {
        rng.authored_entry()
    };
    match value {
        Value::Scalar(x) => *x = entry,
        Value::Vector(v) => {
            let at = rng.range(0, v.len() - 1);
            v[at] = entry;
        }
        Value::Matrix(m) => {
            let (rows, cols) = m.dim();
            let at = (rng.range(0, rows - 1), rng.range(0, cols - 1));
            m[at] = entry;
        }
    }
    inputs
}

/// The widget's incremental runs (compute-lang.js "kept statements": a top-level statement whose
/// names hold the same values as in a recent run is not run again) must give exactly what a full
/// run gives, bit for bit, errors included, and what Rust gives. Each random program runs as
/// written, after three edits in a row, and as written again (where every statement is kept).
#[test]
fn kept_statements_give_exactly_what_a_full_run_gives_after_random_edits() {
    let Some(node) = crate::common::Node::for_differential(
        "compute_lang_differential",
        "The reader-side compute language's kept statements against full runs",
    ) else {
        return;
    };
    let mut generator = Generator::new(0x0029_6e77);
    let mut rng = SplitMix64(0x0029_ed17);
    let mut cases = Vec::new();
    for _ in 0..EDITED_PROGRAMS {
        let program = generator.program();
        if program.inputs.is_empty() {
            continue;
        }
        let mut inputs = program.inputs.clone();
        cases.push(case(&program).0);
        for _ in 0..3 {
            inputs = edited(&mut rng, &inputs);
            let steps = program.steps.clone();
            cases.push(
                case(&Program {
                    inputs: inputs.clone(),
                    steps,
                })
                .0,
            );
        }
        cases.push(case(&program).0);
    }
    node.differential("compute-lang-kept.mjs", &cases);
}

/// eigvals, eigvecs, inv and det of matrices at the ends of the double range: right in Rust
/// (the Jacobi test once squared entries that overflowed or vanished, and stopped at once) and
/// the same in JavaScript. Each case is a 2×2 input `a`, the steps, and what they must give.
/// The nearly equal rows of the third leave its small eigenvalue only about 2 digits (its
/// entries are 1e154 apart by 1e140, and a double near 1e154 is exact to 1.5e138).
#[test]
fn linear_algebra_at_extreme_scales_is_right_and_the_same_in_javascript() {
    let root2 = std::f64::consts::SQRT_2;
    let cases: [([f64; 4], &str, Vec<f64>); 7] = [
        (
            [1e200, 1e200, 1e200, -1e200],
            "e = eigvals(a)",
            vec![-root2 * 1e200, root2 * 1e200],
        ),
        (
            [1e-200, 1e-200, 1e-200, -1e-200],
            "e = eigvals(a)",
            vec![-root2 * 1e-200, root2 * 1e-200],
        ),
        (
            [1e154, 1e154, 1e154, 1e154 + 1e140],
            "e = eigvals(a)",
            vec![5e139, 2e154 + 5e139],
        ),
        // The eigenvector of the larger eigenvalue, (cos 22.5°, sin 22.5°).
        (
            [1e200, 1e200, 1e200, -1e200],
            "e = eigvecs(a)",
            vec![
                -0.3826834323650898,
                0.9238795325112867,
                0.9238795325112867,
                0.3826834323650898,
            ],
        ),
        (
            [1e-300, 0.0, 0.0, 2e-300],
            "e = inv(a)",
            vec![1e300, 0.0, 0.0, 5e299],
        ),
        (
            [3e200, 1e200, 1e200, 2e200],
            "e = inv(a)",
            vec![4e-201, -2e-201, -2e-201, 6e-201],
        ),
        (
            [3e-200, 1e-200, 1e-200, 2e-200],
            "e = inv(a)",
            vec![4e199, -2e199, -2e199, 6e199],
        ),
    ];
    fn flat(json: &Json, into: &mut Vec<f64>) {
        match json {
            Json::Array(items) => items.iter().for_each(|item| flat(item, into)),
            number => into.extend(number.as_f64()),
        }
    }
    let program = |a: [f64; 4], steps: &str| Program {
        inputs: vec![(
            "a".to_string(),
            Value::Matrix(ndarray::Array2::from_shape_vec((2, 2), a.to_vec()).unwrap()),
        )],
        steps: steps.to_string(),
    };
    let mut checked = Vec::new();
    for (a, steps, expected) in cases {
        let program = program(a, steps);
        let values = evaluate(&program.steps, &program.inputs)
            .unwrap_or_else(|error| panic!("{a:?} {steps}: {}", error.message));
        let mut got = Vec::new();
        flat(&plain(&values.last().unwrap().value), &mut got);
        assert_eq!(got.len(), expected.len(), "{a:?} {steps}: {got:?}");
        for (got, want) in got.iter().zip(&expected) {
            let close = if *want == 0.0 {
                got.abs() < 1e-250
            } else {
                let digits = if a[3] == 1e154 + 1e140 { 2e-2 } else { 1e-9 };
                ((got - want) / want).abs() < digits
            };
            assert!(close, "{a:?} {steps}: {got:e}, not {want:e}");
        }
        checked.push(case(&program).0);
    }
    // det of a well-conditioned matrix whose determinant overflows says so, not "singular".
    let overflow = program([1e200, 0.0, 0.0, 1e200], "d = det(a)");
    let message = evaluate(&overflow.steps, &overflow.inputs)
        .unwrap_err()
        .message;
    assert!(
        message.contains("larger than about 1.8e308") && !message.contains("singular"),
        "{message}"
    );
    checked.push(case(&overflow).0);
    if let Some(node) = crate::common::Node::for_differential(
        "compute_lang_differential",
        "The reader-side compute language against the Rust interpreter",
    ) {
        node.differential("compute-lang-differential.mjs", &checked);
    }
}

/// The JS twin stops where the Rust core does at the memory bound (`MAX_KEPT_ENTRIES`): a large
/// value named again and again, and a program whose first two steps the widget keeps between
/// runs (a million numbers each, so both fit its cache, while the sums after them do not), run
/// again and again: the kept steps' values must count too.
#[test]
fn javascript_stops_at_the_rust_cores_memory_bound_in_full_and_kept_runs() {
    let Some(node) = crate::common::Node::for_differential(
        "compute_lang_differential",
        "The reader-side compute language's memory bound",
    ) else {
        return;
    };
    let program = |steps: &str| Program {
        inputs: Vec::new(),
        steps: steps.to_string(),
    };
    let named = program("x = zeros(1024, 1024)\na0 = x\na1 = x\na2 = x\na3 = x");
    let kept = program("a = zeros(1000, 1000)\nb = ones(1000, 1000)\nc = a + b\nd = a + b\ne = c");
    let mut cases = Vec::new();
    for (program, last) in [(&named, "a3"), (&kept, "e")] {
        let (case, kind) = case(program);
        assert_eq!(kind, Some(ErrorKind::Limit(Limit::Kept)), "{case}");
        let message = case["expected"]["error"]["message"].as_str().unwrap();
        assert!(
            message.starts_with("the steps keep more than ")
                && message.ends_with(&format!("(step {last})")),
            "{message}"
        );
        cases.push(case);
    }
    node.differential("compute-lang-differential.mjs", &cases);
    let again = vec![cases[1].clone(); 4];
    node.differential("compute-lang-kept.mjs", &again);
}

/// Slices cost what they return (issue 41): rows, columns and subscripts of a 1,024 × 1,024
/// matrix, concatenated again and again, reach the work limit at the same step in both
/// interpreters, and small slices of a masked matrix give the same values.
#[test]
fn slices_of_a_large_matrix_reach_the_work_limit_at_the_same_step_in_javascript() {
    let Some(node) = crate::common::Node::for_differential(
        "compute_lang_differential",
        "The reader-side compute language's slices",
    ) else {
        return;
    };
    let mut steps = String::from("x = zeros(1024, 1024) + 1\n");
    for statement in 0..100 {
        let parts: Vec<String> = (0..40)
            .map(|k| {
                let i = (statement + k) % 1023;
                match k % 3 {
                    0 => format!("rows(x, {i}, {})", i + 1),
                    1 => format!("x[{i}:{}]", i + 1),
                    _ => format!("cols(x, {i}, {}).T", i + 1),
                }
            })
            .collect();
        steps.push_str(&format!("s{statement} = concat({})\n", parts.join(", ")));
    }
    let limit = Program {
        inputs: Vec::new(),
        steps,
    };
    let x = Value::Matrix(ndarray::array![
        [1.0, 2.0, 3.0],
        [4.0, 5.0, 6.0],
        [7.0, 8.0, 9.0]
    ]);
    let small = Program {
        inputs: vec![("x".to_string(), x)],
        steps: "m = x + causal_mask(3)\na = concat(rows(m, 1, 3), m[0:1], cols(m, 1, 2).T)\nb = cols(m[1], 0, 2)\nc = softmax(rows(m, 0, 2))"
            .to_string(),
    };
    let (limit_case, kind) = case(&limit);
    assert_eq!(kind, Some(ErrorKind::Limit(Limit::Work)), "{limit_case}");
    let message = limit_case["expected"]["error"]["message"].as_str().unwrap();
    assert!(message.contains("element operations (step s"), "{message}");
    let (small_case, kind) = case(&small);
    assert_eq!(kind, None, "{small_case}");
    node.differential("compute-lang-differential.mjs", &[limit_case, small_case]);
}
