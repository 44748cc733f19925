//! `[vary]` designs a reader learns from: `check` refuses one whose answer never changes or
//! repeats far more often than its draws do, and a noun counted by a drawn number agrees with
//! it ("after 1 merge").

use crate::exercises::{book, PATH};
use crate::support::{lesson, place};

/// A count drawn from four values and an answer that is different for each.
pub(crate) const COUNTED: &str = r#"```compute
name = "bpe"
steps = """
left = 12 - merges
base = 12 + 0 * merges
few = maximum(0, 2 - merges)
"""

[inputs]
merges = 3
```

```exercise
name = "count"
question = """
After {{bpe.merges}} merges, how many symbols are left?
"""
answer = "bpe.left"
solution = """
{{bpe.left}}: each merge joins one pair.
"""

[vary]
bpe.merges = "choice(1, 2, 3, 4)"
```
"#;

#[test]
fn a_choice_of_four_whose_answer_follows_it_passes() {
    let (book, _) = book(COUNTED);
    book.check().succeeds();
}

#[test]
fn an_answer_no_draw_changes_is_refused_at_the_vary_table() {
    let (book, text) = book(&COUNTED.replace("answer = \"bpe.left\"", "answer = \"bpe.base\""));
    book.check()
        .exits_with(1)
        .stderr_has(&place(PATH, &text, "bpe.merges = "))
        .stderr_has("print the same answer, 12, on all 50 seeds")
        .stderr_has("inputs never change it");
}

#[test]
fn one_answer_far_more_common_than_any_draw_is_refused() {
    let text = COUNTED
        .replace("answer = \"bpe.left\"", "answer = \"bpe.few\"")
        .replace("choice(1, 2, 3, 4)", "randint(1, 40)");
    let (book, text) = book(&text);
    book.check()
        .exits_with(1)
        .stderr_has(&place(PATH, &text, "bpe.merges = "))
        .stderr_has("print the answer 0 on 49 of 50 seeds")
        .stderr_has("comes up more than");
}

#[test]
fn the_noun_after_a_drawn_count_carries_both_forms() {
    let (book, _) = book(COUNTED);
    book.build().succeeds();
    let html = book.read("public/ex.html");
    assert!(
        html.contains(
            "<span class=\"vary-noun\" data-one=\"merge\" data-many=\"merges\">merges</span>, how many"
        ),
        "{html}"
    );
}

#[test]
fn a_draw_outside_the_inputs_domain_is_refused_at_its_key() {
    let with_domain = COUNTED.replace(
        "merges = 3\n",
        "merges = { value = 3, min = 1, max = 6, integer = true }\n",
    );
    book(&with_domain).0.check().succeeds();
    for (draw, outside) in [
        ("choice(0, 1, 2, 3)", "can draw 0, but the input is"),
        ("randint(2, 9)", "can draw 7, but the input is"),
        ("uniform(1, 2, 1)", "can draw 1.1, but the input is"),
    ] {
        let (book, text) = book(&with_domain.replace("choice(1, 2, 3, 4)", draw));
        book.check()
            .exits_with(1)
            .stderr_has(&place(PATH, &text, "bpe.merges = "))
            .stderr_has(outside)
            .stderr_has("a whole number from 1 to 6");
    }
}

/// An example with a costly step (8 million element operations) beside cheap ones, and three
/// exercises whose numbers read only the cheap steps.
const COSTLY: &str = r#"```compute
name = "run"
steps = """
big = ones(200, 200) @ ones(200, 200)
total = sum(big) * x
y = 2 * x + 1
z = y * y
"""

[inputs]
x = 3
```

```exercise
name = "line"
question = """
With x = {{run.x}}, what is 2x + 1?
"""
answer = "run.y"
solution = """
{{run.y}}.
"""

[vary]
run.x = "randint(1, 40)"
```

```exercise
name = "square"
question = """
With x = {{run.x}}, what is (2x + 1) squared?
"""
answer = "run.z"
solution = """
{{run.y}} squared is {{run.z}}.
"""

[vary]
run.x = "randint(1, 40)"
```

```exercise
name = "half"
question = """
With x = {{run.x}}, what is x + 1/2?
"""
steps = """
half = run.x + 0.5
"""
answer = "steps.half"
solution = """
{{steps.half | 1dp}}.
"""

[vary]
run.x = "randint(1, 40)"
```
"#;

#[test]
fn varied_exercises_run_only_the_steps_their_numbers_read() {
    use worked::pipeline::{build_site, Strictness};
    let (book, _) = book(COSTLY);
    let build = build_site(book.root(), Strictness::Strict).expect("the book checks");
    // One run of the example alone needs 8 million operations; the 150 seeds of the three
    // exercises together need less than one, since none of them reads `big`.
    assert!(
        build.stats.vary_work > 0 && build.stats.vary_work < 1_000_000,
        "{} operations",
        build.stats.vary_work
    );
    let html = String::from_utf8_lossy(&build.site.files["ex.html"]).into_owned();
    let plans = crate::exercise_differential::vary_data(&html);
    let steps: Vec<&str> = plans
        .iter()
        .map(|vary| vary["plan"]["examples"][0]["steps"].as_str().unwrap())
        .collect();
    assert_eq!(
        steps,
        ["y = 2 * x + 1\n", "y = 2 * x + 1\nz = y * y\n", ""],
        "each exercise re-runs the steps it reads (the third reads only the drawn input)"
    );
}

#[test]
fn a_book_whose_varied_exercises_need_too_much_work_is_refused_at_the_one_that_crosses() {
    let text = COSTLY.replace("answer = \"run.y\"", "answer = \"run.total\"");
    let (book, text) = book(&text);
    book.check()
        .exits_with(1)
        .stderr_has(&place(PATH, &text, "run.x = "))
        .stderr_has("[vary] draws need more than")
        .stderr_has("\"line\" crosses that")
        .stderr_has("cheaper steps");
}

#[test]
fn a_tolerance_wider_than_half_a_drawn_answer_is_refused_though_the_lessons_answer_allows_it() {
    // The lesson's answer, 9, allows 4.5; the draw merges = 4 makes it 8, which allows 4.
    let text = COUNTED.replace(
        "answer = \"bpe.left\"",
        "tolerance = 4.2\nanswer = \"bpe.left\"",
    );
    let (book, text) = book(&text);
    book.check()
        .exits_with(1)
        .stderr_has(&place(PATH, &text, "\"bpe.left\""))
        .stderr_has("`tolerance` is wider than half the answer bpe.left draws")
        .stderr_has("set tolerance to at most 4 ");
    book.write(
        PATH,
        lesson(
            "Exercises",
            &COUNTED.replace(
                "answer = \"bpe.left\"",
                "tolerance = 4\nanswer = \"bpe.left\"",
            ),
        ),
    );
    book.check().succeeds();
}

#[test]
fn a_draw_written_from_the_lessons_values_draws_what_the_typed_numbers_would() {
    let draw_of = |draw: &str| {
        let (book, _) = book(&COUNTED.replace("\"choice(1, 2, 3, 4)\"", draw));
        book.build().succeeds();
        super::exercise_differential::vary_data(&book.read("public/ex.html"))
    };
    let typed = draw_of("\"choice(1, 2, 3, 4)\"");
    assert_eq!(
        typed[0]["plan"]["draws"][0]["draw"]["options"],
        serde_json::json!([1.0, 2.0, 3.0, 4.0])
    );
    assert_eq!(
        draw_of("\"choice(bpe.merges - 2, bpe.merges - 1, bpe.merges, bpe.merges + 1)\""),
        typed
    );
}

#[test]
fn a_draw_naming_a_value_the_lesson_lacks_is_refused_at_the_draw() {
    let (book, text) = book(&COUNTED.replace("choice(1, 2, 3, 4)", "choice(1, 2 * bpe.mergers)"));
    book.check()
        .exits_with(1)
        .stderr_has(&place(PATH, &text, "\"choice(1, 2 * bpe.mergers)\""))
        .stderr_has("`2 * bpe.mergers` is not a number, nor one the lesson's values give")
        .stderr_has("no quantity `mergers`");
}
