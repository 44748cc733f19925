//! Real-browser test of a counted noun under "New numbers": a shared link whose draw makes the
//! count 1 reads "After 1 merge", one whose draw makes it 3 reads "After 3 merges".

use crate::browser::navigate;
use crate::browser::{eval_json, launch, wait_for};
use crate::support::{lesson, Book};
use worked::compute::vary::{run, VaryPlan};

#[test]
fn a_noun_after_a_drawn_count_agrees_with_it() {
    let Some(chromium) = launch("vary_nouns_browser", "counted nouns under New numbers") else {
        return;
    };
    let book = Book::with_lesson("ex.md", &lesson("Counted", super::vary_designs::COUNTED));
    book.build().succeeds();
    let vary = crate::exercise_differential::vary_data(&book.read("public/ex.html")).remove(0);
    let plan: VaryPlan = serde_json::from_value(vary["plan"].clone()).unwrap();
    let seed_drawing = |count: f64| {
        (1..=50)
            .find(|seed| {
                run(&plan, *seed).unwrap().inputs[0] == worked::compute::lang::Value::Scalar(count)
            })
            .unwrap_or_else(|| panic!("some seed draws {count}"))
    };
    let url = book.url("ex.html");
    for (count, reads) in [
        (1.0, "After 1 merge, how many"),
        (3.0, "After 3 merges, how many"),
    ] {
        let tab = chromium.tab();
        navigate(&tab, &format!("{url}#vary-count={}", seed_drawing(count)));
        wait_for(
            &tab,
            "!document.querySelector('#exercise-count .exercise-controls').hidden",
        );
        let question = eval_json(
            &tab,
            "document.querySelector('#exercise-count .exercise-question').textContent",
        );
        assert!(
            question.as_str().unwrap().contains(reads),
            "{question} should read {reads:?}"
        );
    }
}
