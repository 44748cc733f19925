//! Real-browser tests of the widgets in the lessons of `content/training/`: build this
//! repository's book, open each lesson in headless Chromium over file://, edit its widget with the
//! keyboard, and compare every step the page shows with what the Rust core computes from the
//! lesson's own ```` ```compute ```` block with the same edits. The blocks are read from the
//! lesson files, so the tests follow the lessons as they are written.

use super::block_lessons_browser::{
    computed, edit, example_in_part, expected as every_step, open_in_part, shown, step, Example,
    Shown,
};
use super::widget_browser::{eval_json, js_string, type_into};
use super::widget_guards_browser::message_at;
use crate::common::{launch_chromium, Chromium};
use headless_chrome::Tab;
use std::path::Path;

/// The `show` list of the widget of `example` in `content/training/<lesson>.md`.
fn widget_shows(lesson: &str, example: &str) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("content/training/{lesson}.md"));
    let text = std::fs::read_to_string(path).expect("the lesson exists");
    let block = text
        .split("```widget\n")
        .skip(1)
        .map(|rest| rest.split("\n```").next().unwrap())
        .find(|block| block.starts_with(&format!("example = \"{example}\"")))
        .expect("the lesson has this widget");
    let table: toml::Table = block.parse().expect("the widget block is TOML");
    table["show"]
        .as_array()
        .expect("a show list")
        .iter()
        .map(|name| name.as_str().unwrap().to_string())
        .collect()
}

/// The steps the widget of `example` shows, after `edits`, as the Rust core computes them.
fn expected(lesson: &str, example: &Example, edits: &[(&str, usize, usize, f64)]) -> Shown {
    let shows = widget_shows(lesson, &example.name);
    every_step(example, edits)
        .into_iter()
        .filter(|(name, _)| shows.contains(name))
        .collect()
}

/// A core's message as the widget words it for a reader: names in `code` marks quoted.
fn reader_words(message: &str) -> String {
    message
        .split('`')
        .enumerate()
        .map(|(k, part)| match k % 2 {
            0 => part.to_string(),
            _ => format!("\u{201c}{part}\u{201d}"),
        })
        .collect()
}

/// Types `typed` into the field of the scalar input `input` of `example`'s widget, after the
/// reader's `earlier` edits, which must refuse it as the Rust core does: the message at the field
/// names the field and what was typed, gives the core's reason, suggests values, and keeps the
/// value the field had. Each suggestion must run in the core; they are returned, first first.
fn refused(
    tab: &Tab,
    example: &Example,
    earlier: &[(&str, usize, usize, f64)],
    input: &str,
    typed: f64,
) -> Vec<f64> {
    let with = |x: f64| -> Vec<_> { earlier.iter().copied().chain([(input, 0, 0, x)]).collect() };
    let field = format!(
        "{} input[data-input='{input}'][data-row='0'][data-col='0']",
        example.scope()
    );
    let before = eval_json(
        tab,
        &format!("document.querySelector({}).value", js_string(&field)),
    );
    type_into(tab, &field, &typed.to_string());
    let (message, invalid) = message_at(tab, &field);
    assert!(invalid, "the field is marked invalid: {message}");
    let error = computed(example, &with(typed)).expect_err("the Rust core refuses the edit too");
    assert!(
        message.starts_with(&format!("{input} = {typed} makes step \u{201c}")),
        "the message names the field and what was typed: {message}"
    );
    let reason = format!(" fail: {}. Try ", reader_words(&error.message));
    let (_, rest) = message
        .split_once(&reason)
        .unwrap_or_else(|| panic!("the message gives the core's reason, {reason:?}: {message}"));
    let (tries, still) = rest
        .split_once(". ")
        .expect("the suggestions end a sentence");
    assert_eq!(
        still,
        format!(
            "Still using {} until it is fixed.",
            before.as_str().unwrap()
        ),
        "{message}"
    );
    let suggestions: Vec<f64> = tries
        .split(" or ")
        .map(|x| {
            x.replace('\u{2212}', "-")
                .parse()
                .expect("a suggested number")
        })
        .collect();
    for (k, suggestion) in suggestions.iter().enumerate() {
        assert!(
            !suggestions[..k].contains(suggestion),
            "no value is suggested twice: {message}"
        );
    }
    for &suggestion in &suggestions {
        assert!(
            computed(example, &with(suggestion)).is_ok(),
            "the suggestion {input} = {suggestion} runs: {message}"
        );
    }
    suggestions
}

fn launch() -> Option<Chromium> {
    launch_chromium(
        "training_lessons_browser",
        "The widgets of the training lessons",
    )
}

#[test]
fn the_training_widget_reruns_the_loop_with_the_readers_steps_seed_and_optimiser() {
    const LESSON: &str = "training-loop";
    let Some(chromium) = launch() else { return };
    let example = example_in_part("training", LESSON, "try");
    let book = crate::support::build_repository_book();
    let tab = open_in_part(&chromium, &book, "training", LESSON, &example);
    let before = expected(LESSON, &example, &[]);
    assert_eq!(shown(&tab, &example, &before), before, "before any edit");
    assert_eq!(step(&before, "curve")[0].len(), 100, "one loss per step");

    // Fewer steps from another seed: the curve is as long as the reader asked.
    let fewer = [("steps", 0, 0, 30.0), ("seed", 0, 0, 2.0)];
    edit(&tab, &example, &fewer);
    let after = expected(LESSON, &example, &fewer);
    assert_eq!(shown(&tab, &example, &after), after, "after steps and seed");
    assert_eq!(step(&after, "curve")[0].len(), 30);
    assert_ne!(step(&after, "p"), step(&before, "p"));

    // Plain gradient descent at a larger rate, from the same start.
    let sgd = [("adam", 0, 0, 0.0), ("rate", 0, 0, 0.5)];
    edit(&tab, &example, &sgd);
    let both: Vec<_> = fewer.iter().chain(&sgd).copied().collect();
    let descent = expected(LESSON, &example, &both);
    assert_eq!(
        shown(&tab, &example, &descent),
        descent,
        "after the optimiser"
    );
    assert_eq!(
        step(&descent, "curve")[0][0],
        step(&after, "curve")[0][0],
        "both start from the same loss"
    );
    assert_ne!(step(&descent, "curve"), step(&after, "curve"));
}

#[test]
fn the_backpropagation_widget_recomputes_both_slopes_for_another_weight() {
    const LESSON: &str = "backprop";
    let Some(chromium) = launch() else { return };
    let example = example_in_part("training", LESSON, "bp");
    let book = crate::support::build_repository_book();
    let tab = open_in_part(&chromium, &book, "training", LESSON, &example);
    let before = expected(LESSON, &example, &[]);
    assert_eq!(shown(&tab, &example, &before), before, "before any edit");

    // The lesson's first suggestion: a hidden unit that is off for every token.
    let closed = [("fj", 0, 0, 3.0)];
    edit(&tab, &example, &closed);
    let after = expected(LESSON, &example, &closed);
    assert_eq!(shown(&tab, &example, &after), after, "after the edit");
    assert_eq!(
        step(&after, "exact_1"),
        &[["0"]],
        "the gate passes nothing: exactly 0, which the number rule prints whole"
    );
    assert_ne!(step(&after, "exact_1"), step(&before, "exact_1"));
}

#[test]
fn the_generation_widget_samples_again_from_the_same_training_and_refuses_an_unknown_token() {
    const LESSON: &str = "generation";
    let Some(chromium) = launch() else { return };
    let example = example_in_part("training", LESSON, "gen");
    let book = crate::support::build_repository_book();
    let tab = open_in_part(&chromium, &book, "training", LESSON, &example);
    let before = expected(LESSON, &example, &[]);
    assert_eq!(shown(&tab, &example, &before), before, "before any edit");

    // A cooler temperature and one more token kept by top-k.
    let cooler = [("temperature", 0, 0, 1.5), ("top_k", 0, 0, 3.0)];
    edit(&tab, &example, &cooler);
    let after = expected(LESSON, &example, &cooler);
    assert_eq!(
        shown(&tab, &example, &after),
        after,
        "after temperature and k"
    );
    assert_eq!(
        step(&after, "draws"),
        step(&before, "draws"),
        "the same draws"
    );
    assert_ne!(step(&after, "sweep"), step(&before, "sweep"));

    // A prompt past the six tokens is refused with prompts that exist; the first one generates.
    let suggestions = refused(&tab, &example, &cooler, "start", 6.0);
    let prompt = [("start", 0, 0, suggestions[0])];
    edit(&tab, &example, &prompt);
    let both: Vec<_> = cooler.iter().chain(&prompt).copied().collect();
    let moved = expected(LESSON, &example, &both);
    assert_eq!(
        shown(&tab, &example, &moved),
        moved,
        "after the suggested prompt"
    );
    assert_ne!(step(&moved, "texts"), step(&after, "texts"));
}

#[test]
fn the_merges_widget_merges_another_sentence_and_refuses_a_sixth_merge() {
    const LESSON: &str = "two-ends";
    let Some(chromium) = launch() else { return };
    let example = example_in_part("training", LESSON, "bpe");
    let book = crate::support::build_repository_book();
    let tab = open_in_part(&chromium, &book, "training", LESSON, &example);
    let before = expected(LESSON, &example, &[]);
    assert_eq!(shown(&tab, &example, &before), before, "before any edit");

    // "the cat sat" becomes "the mat sat" (symbol 9 is "m"), with three merges.
    let edits = [("text", 0, 4, 9.0), ("merges", 0, 0, 3.0)];
    edit(&tab, &example, &edits);
    let after = expected(LESSON, &example, &edits);
    assert_eq!(shown(&tab, &example, &after), after, "after the edit");
    assert_eq!(step(&after, "lefts")[0].len(), 3, "one merge each");

    // Five merges is all the program has symbols for.
    let suggestions = refused(&tab, &example, &edits, "merges", 6.0);
    let most = [("merges", 0, 0, suggestions[0])];
    edit(&tab, &example, &most);
    let edits: Vec<_> = edits[..1].iter().chain(&most).copied().collect();
    let merged = expected(LESSON, &example, &edits);
    assert_eq!(
        shown(&tab, &example, &merged),
        merged,
        "after the suggested count"
    );
}

#[test]
fn the_token_path_widget_switches_to_post_norm_and_refuses_a_negative_seed() {
    const LESSON: &str = "token-path";
    let Some(chromium) = launch() else { return };
    let example = example_in_part("training", LESSON, "pre");
    let book = crate::support::build_repository_book();
    let tab = open_in_part(&chromium, &book, "training", LESSON, &example);
    let before = expected(LESSON, &example, &[]);
    assert_eq!(shown(&tab, &example, &before), before, "before any edit");

    // The pre-norm switch off: the same weights in the post-norm arrangement.
    let post = [("prenorm", 0, 0, 0.0)];
    edit(&tab, &example, &post);
    let after = expected(LESSON, &example, &post);
    assert_eq!(shown(&tab, &example, &after), after, "after the switch");
    let path = |shown: &Shown| step(shown, "path").clone();
    assert_eq!(
        path(&after)[..3],
        path(&before)[..3],
        "embedding, position, input"
    );
    assert_ne!(
        path(&after)[3..],
        path(&before)[3..],
        "every stage after them"
    );

    // A seed must be a whole number of at least 0; the suggestion builds another block.
    let suggestions = refused(&tab, &example, &post, "seed", -1.0);
    let seed = [("seed", 0, 0, suggestions[0])];
    edit(&tab, &example, &seed);
    let edits: Vec<_> = post.iter().chain(&seed).copied().collect();
    let reseeded = expected(LESSON, &example, &edits);
    assert_eq!(
        shown(&tab, &example, &reseeded),
        reseeded,
        "after the suggested seed"
    );
}
