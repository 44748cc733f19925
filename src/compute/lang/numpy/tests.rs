use ndarray::array;

use super::*;
use crate::compute::lang::parse;
use crate::compute::lang::tests::owned_inputs;

fn code(steps: &str, inputs: &[(&str, Value)]) -> String {
    let inputs = owned_inputs(inputs);
    let numpy = translate(&parse(steps).unwrap(), &inputs);
    let values: Vec<Value> = inputs.into_iter().map(|(_, value)| value).collect();
    numpy.code(&values)
}

#[test]
fn layer_norm_by_hand_keeps_the_steps_names_comments_and_kept_axes() {
    let got = code(
        "# centre each row\nmu = mean(x, axis=1)   # 2×1\n\n  #  then scale\nxc = x - mu\nvar = mean(xc ^ 2, axis=-1)\ny = gamma * xc / sqrt(var + eps)\n",
        &[
            ("x", Value::Matrix(array![[2.0, 4.0], [1.0, -0.5]])),
            ("gamma", Value::Vector(array![1.0, 0.5])),
            ("eps", Value::Scalar(0.00001)),
        ],
    );
    assert_eq!(
        got,
        "import numpy as np

# Inputs
x = np.array([
    [2.0, 4.0],
    [1.0, -0.5],
])
gamma = np.array([1.0, 0.5])
eps = 1e-05

# Steps
# centre each row
mu = np.mean(x, axis=1, keepdims=True)  # 2×1
# then scale
xc = x - mu
var = np.mean(xc ** 2, axis=-1, keepdims=True)
y = gamma * xc / np.sqrt(var + eps)
"
    );
}

#[test]
fn a_loop_with_a_history_appends_to_a_list_and_only_used_helpers_are_defined() {
    let got = code(
        "w = w0\nrepeat steps as t:\n    # a step\n    w = w - lr * 2 * w / (t + 1)\n    loss = softmax(w)[0]\ncurve = history(loss)\nbest = argmin(curve)\n",
        &[
            ("w0", Value::Vector(array![1.0, 2.0])),
            ("lr", Value::Scalar(0.1)),
            ("steps", Value::Scalar(3.0)),
        ],
    );
    assert!(
        got.starts_with("import numpy as np\n\ndef softmax(x, axis=-1):\n"),
        "{got}"
    );
    assert!(!got.contains("def sigmoid"), "{got}");
    assert!(
        got.ends_with(
            "# Steps
w = w0
loss_history = []
for t in range(int(steps)):
    # a step
    w = w - lr * 2 * w / (t + 1)
    loss = softmax(w)[0]
    loss_history.append(loss)
curve = np.array(loss_history, dtype=float)
best = np.argmin(curve)
"
        ),
        "{got}"
    );
}

#[test]
fn the_languages_own_meanings_survive_where_numpy_differs() {
    let got = code(
        "c = v.T\nm = x.T @ x\nb = x > 0\nf = where(x > 0, 1, 0)\nn = 2\ne = v[n - 1] + v[n * k]\nz = -v ^ 2 + (-v) ^ 2 + 2 ^ -1\ns = x[:, ::2]\n",
        &[
            ("v", Value::Vector(array![1.0, 2.0, 3.0])),
            ("x", Value::Matrix(array![[1.0, -2.0], [3.0, 4.0]])),
            ("k", Value::Scalar(1.0)),
        ],
    );
    for line in [
        "c = v[:, None]\n",
        "m = x.T @ x\n",
        "b = (x > 0).astype(float)\n",
        "f = np.where(x > 0, 1.0, 0.0)\n",
        "e = v[n - 1] + v[int(n * k)]\n",
        "z = -v ** 2 + (-v) ** 2 + 2 ** -1\n",
        "s = x[:, ::2]\n",
    ] {
        assert!(got.contains(line), "{line:?} is not in\n{got}");
    }
}

#[test]
fn names_python_reserves_are_renamed_everywhere() {
    let numpy = translate(
        &parse("softmax = lambda * 2\nnp = softmax + 1\n").unwrap(),
        &[("lambda".to_string(), Value::Scalar(0.5))],
    );
    assert_eq!(
        numpy.names,
        [
            ("lambda".to_string(), "lambda_".to_string()),
            ("softmax".to_string(), "softmax_".to_string()),
            ("np".to_string(), "np_".to_string()),
        ]
    );
    assert!(
        numpy.body.contains("np_ = softmax_ + 1\n"),
        "{}",
        numpy.body
    );
}

#[test]
fn a_loop_without_a_counter_and_a_history_list_never_take_a_programs_name() {
    let numpy = translate(
        &parse("_ = 1\nloss_history = 2\nloss = 0\nrepeat 2:\n    loss = loss + _\ncurve = history(loss)\nlen = sum(curve)\n").unwrap(),
        &[],
    );
    for line in [
        "loss_history_ = []\n",
        "for __ in range(2):\n",
        "    loss_history_.append(loss)\n",
        "curve = np.array(loss_history_, dtype=float)\n",
        "len_ = np.sum(curve)\n",
    ] {
        assert!(
            numpy.body.contains(line),
            "{line:?} is not in\n{}",
            numpy.body
        );
    }
}

#[test]
fn a_shown_backward_pass_after_its_grad_is_written_once() {
    let steps = "Z = X @ w\nL = sum(Z * Z)\ng = grad(L, w)\n";
    let inputs = vec![
        (
            "X".to_string(),
            Value::Matrix(array![[1.0, 2.0], [0.0, 1.0]]),
        ),
        ("w".to_string(), Value::Vector(array![0.5, -1.0])),
    ];
    let values = |name: &str| {
        inputs
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    };
    let program = parse(steps).unwrap();
    let outputs = crate::compute::lang::run(&program, &inputs).unwrap();
    let all: Vec<(String, Value)> = inputs
        .iter()
        .cloned()
        .chain(outputs.into_iter().map(|o| (o.name, o.value)))
        .collect();
    let lookup = |name: &str| all.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone());
    let lines = crate::compute::lang::backward_program(&program, &lookup, "g").unwrap();
    assert!(
        values("w").is_some() && lines.contains("bar_Z = "),
        "{lines}"
    );
    let shown = parse(&format!("{steps}{lines}")).unwrap();
    let numpy = translate_run(&shown, &inputs, &all);
    for name in ["bar_Z", "bar_w"] {
        assert_eq!(
            numpy.body.matches(&format!("\n{name} = ")).count(),
            1,
            "{}",
            numpy.body
        );
    }
    assert!(numpy.body.contains("g = bar_w"), "{}", numpy.body);
}
