//! Real-browser test of the logistic-regression lesson (`content/foundations/
//! logistic-regression.md`): its widget trains with `grad` in a `repeat` loop; an edited
//! learning rate reruns the training in the reader's browser, and every shown step is then what
//! the Rust core computes with that edit. One page of the shared shipped book.

use super::block_lessons_browser::{edit, example_in_part, expected, open_in_part, shown, Shown};
use crate::browser::launch;
use crate::browser::wait_for;

const SHOWN: [&str; 5] = ["curve", "w", "b", "P_end", "correct"];

fn drawn(steps: Shown) -> Shown {
    steps
        .into_iter()
        .filter(|(name, _)| SHOWN.contains(&name.as_str()))
        .collect()
}

#[test]
fn editing_the_learning_rate_retrains_the_logistic_regression_with_grad() {
    let Some(chromium) = launch(
        module_path!(),
        "The logistic-regression widget training with grad",
    ) else {
        return;
    };
    let example = example_in_part("foundations", "logistic-regression", "fit");
    let book = crate::support::build_repository_book();
    let tab = open_in_part(
        &chromium,
        book,
        "foundations",
        "logistic-regression",
        &example,
    );
    let before = drawn(expected(&example, &[]));
    assert_eq!(shown(&tab, &example, &before), before, "before any edit");

    let rate = [("rate", 0, 0, 0.5)];
    let after = drawn(expected(&example, &rate));
    assert_ne!(after, before, "the edit changes the training");
    let b = &after
        .iter()
        .find(|(name, _)| name == "b")
        .expect("b is shown")
        .1[0][0];
    edit(&tab, &example, &rate);
    wait_for(
        &tab,
        &format!(
            "document.querySelector({}).textContent === {}",
            crate::browser::js_string(&format!("{} [data-value=\"b\"]", example.scope())),
            crate::browser::js_string(b)
        ),
    );
    assert_eq!(shown(&tab, &example, &after), after, "after rate = 0.5");
}
