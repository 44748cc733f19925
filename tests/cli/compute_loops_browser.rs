//! Real-browser test of a loop in a ```` ```compute ```` widget: the number of steps is an
//! input, so the reader can edit it; the loss history and the best step recompute as they do,
//! match the Rust core's values, and the whole numbers (the best step, the counts) print
//! without decimals in the widget as on the page.

use super::compute_widget_browser::{printed_steps, steps_in_order};
use super::widget_browser::build_book_with;
use crate::browser::launch;
use crate::browser::navigate;
use crate::browser::{eval_json, type_into, wait_for};
use worked::compute::computed::{compute, Labels};
use worked::compute::lang::Value as LangValue;

const STEPS: &str = "w = w0
repeat steps as t:
    w = w - lr * 2 * (w - 3)
    loss = (w - 3) ^ 2
curve = history(loss)
best = argmin(curve)
kept = sum(curve > 0.1)
";

fn lesson() -> String {
    format!(
        r#"+++
title = "A loop, tried"
+++
```compute
name = "gd"
steps = """
{STEPS}"""

[inputs]
w0 = 0
lr = 0.1
steps = 5
```

The best step is {{{{gd.best}}}}.

```widget
example = "gd"
```
"#
    )
}

/// Every step as the widget prints it, for `steps` steps.
fn expected(steps: f64) -> Vec<(String, Vec<Vec<String>>)> {
    let inputs = vec![
        ("w0".to_string(), LangValue::Scalar(0.0)),
        ("lr".to_string(), LangValue::Scalar(0.1)),
        ("steps".to_string(), LangValue::Scalar(steps)),
    ];
    printed_steps(&compute(STEPS, inputs, Labels::default()).unwrap())
}

/// The steps the live widget shows, in the program's order.
fn shown(tab: &headless_chrome::Tab) -> Vec<(String, Vec<Vec<String>>)> {
    steps_in_order(tab, &["w", "loss", "curve", "best", "kept"])
}

#[test]
fn editing_the_number_of_steps_reruns_the_loop_and_its_history() {
    let Some(chromium) = launch("compute_loops_browser", "A loop in the compute widget") else {
        return;
    };
    let book = build_book_with(&lesson(), "compute");
    let tab = chromium.tab();
    navigate(&tab, &book.url());
    wait_for(
        &tab,
        "document.querySelector('.ww [data-matrix=\"curve\"]') !== null",
    );
    let before = expected(5.0);
    assert_eq!(shown(&tab), before, "before any edit");
    let best = eval_json(
        &tab,
        "document.querySelector('.ww [data-value=\"best\"]').textContent",
    );
    assert_eq!(best, "4", "a whole number prints without decimals");
    // The final value of the loop-carried `w` is titled by the update that gave it.
    let title = eval_json(
        &tab,
        "document.querySelector('.ww [data-value=\"w\"]').parentNode.querySelector('code').textContent",
    );
    assert_eq!(title, "w = w - lr * 2 * (w - 3)", "not its start, w = w0");

    type_into(
        &tab,
        "input[data-input='steps'][data-row='0'][data-col='0']",
        "8",
    );
    wait_for(
        &tab,
        "document.querySelectorAll('.ww [data-matrix=\"curve\"] td').length === 8",
    );
    let after = expected(8.0);
    assert_eq!(shown(&tab), after, "after steps = 8");
    assert_ne!(before, after);
}
