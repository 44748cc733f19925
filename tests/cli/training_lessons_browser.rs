//! Real-browser tests of the widgets in the lessons of `content/training/`: build this
//! repository's book, open each lesson in headless Chromium over file://, edit its widget with the
//! keyboard, and compare every step the page shows with what the Rust core computes from the
//! lesson's own ```` ```compute ```` block with the same edits; an edit the core refuses must be
//! refused at its field, in the core's words, with suggestions that run. The blocks are read
//! from the lesson files, so the tests follow the lessons as they are written.

use super::block_lessons_browser::{
    computed, edit, example_in_part, expected as every_step, open_in_part, shown, step, Example,
    Shown,
};
use super::widget_guards_browser::message_at;
use crate::browser::{color_scheme, eval_json, js_string, type_into, wait_for};
use crate::browser::{launch, Chromium};
use headless_chrome::Tab;
use std::path::Path;
use std::sync::Arc;
use tempfile::TempDir;
use worked::compute::lang::Value;
use worked::present::figure::{line_layout, LineMarks, Series};
use worked::present::{Precision, Style};

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

/// A core's message as the widget words it for a reader (widget-common.js `readerWords`): names
/// in `code` marks quoted, and every number printed by the number rule (−1, not -1).
fn reader_words(message: &str) -> String {
    let quoted: String = message
        .split('`')
        .enumerate()
        .map(|(k, part)| match k % 2 {
            0 => part.to_string(),
            _ => format!("\u{201c}{part}\u{201d}"),
        })
        .collect();
    let chars: Vec<char> = quoted.chars().collect();
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    let (mut out, mut i) = (String::new(), 0);
    while i < chars.len() {
        let starts_number = chars[i].is_ascii_digit()
            || (chars[i] == '-' && chars.get(i + 1).is_some_and(char::is_ascii_digit));
        if !starts_number || (i > 0 && (is_word(chars[i - 1]) || chars[i - 1] == '.')) {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        let digit_at = |k: usize| chars.get(k).is_some_and(char::is_ascii_digit);
        while digit_at(i) || (chars.get(i) == Some(&'.') && digit_at(i + 1)) {
            i += 1;
        }
        let text: String = chars[start..i].iter().collect();
        match text.parse::<f64>() {
            Ok(x) if chars.get(i).is_none_or(|&c| !is_word(c)) => out.push_str(
                &worked::present::format_number(x, Precision::AsWritten, Style::Prose),
            ),
            _ => out.push_str(&text),
        }
    }
    out
}

/// A training lesson open in headless Chromium at the widget of one of its examples.
struct Open {
    lesson: &'static str,
    example: Example,
    tab: Arc<Tab>,
    /// The built book the tab reads, and the browser: kept as long as the tab.
    _book: &'static TempDir,
    _chromium: Chromium,
}

impl Open {
    /// The widget of example `name` in `content/training/<lesson>.md`, open in a built book
    /// (None, skipped loudly, without Chromium).
    fn widget(lesson: &'static str, name: &str) -> Option<Open> {
        let chromium = launch(
            "training_lessons_browser",
            "The widgets of the training lessons",
        )?;
        let example = example_in_part("training", lesson, name);
        let book = crate::support::build_repository_book();
        let tab = open_in_part(&chromium, book, "training", lesson, &example);
        Some(Open {
            lesson,
            example,
            tab,
            _book: book,
            _chromium: chromium,
        })
    }

    /// Checks that the widget shows what the core computes after `edits` (all the reader's
    /// edits so far), and returns that.
    fn compare(&self, edits: &[(&str, usize, usize, f64)], when: &str) -> Shown {
        let core = expected(self.lesson, &self.example, edits);
        assert_eq!(shown(&self.tab, &self.example, &core), core, "{when}");
        core
    }

    /// Types `typed` into the widget, as a reader does, after `earlier` edits; then compares.
    fn edit(
        &self,
        earlier: &[(&str, usize, usize, f64)],
        typed: &[(&str, usize, usize, f64)],
        when: &str,
    ) -> Shown {
        edit(&self.tab, &self.example, typed);
        let all: Vec<_> = earlier.iter().chain(typed).copied().collect();
        self.compare(&all, when)
    }

    /// Types `typed` into the field of the scalar input `input`, after the reader's `earlier`
    /// edits; the widget must refuse it as the Rust core does: the message at the field names
    /// the field and what was typed, gives the core's reason, suggests values, and keeps the
    /// value the field had. Each suggestion must run in the core, and none is given twice; they
    /// are returned, first first.
    fn refused(&self, earlier: &[(&str, usize, usize, f64)], input: &str, typed: f64) -> Vec<f64> {
        let (tab, example) = (&self.tab, &self.example);
        let with =
            |x: f64| -> Vec<_> { earlier.iter().copied().chain([(input, 0, 0, x)]).collect() };
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
        let typed_words = worked::present::format_number(typed, Precision::AsWritten, Style::Prose);
        // An input with a domain refuses a value outside it before the program runs, in the
        // lesson's words (issue 42); any other refusal gives the core's reason.
        let outside =
            format!("{input} = {typed_words} is outside what {input} can be: {input} is ");
        let reason = if message.starts_with(&outside) {
            ". Try ".to_string()
        } else {
            let error =
                computed(example, &with(typed)).expect_err("the Rust core refuses the edit too");
            assert!(
                message.starts_with(&format!("{input} = {typed_words} makes step \u{201c}")),
                "the message names the field and what was typed: {message}"
            );
            format!(" fail: {}. Try ", reader_words(&error.message))
        };
        let (_, rest) = message
            .split_once(&reason)
            .unwrap_or_else(|| panic!("the message gives the reason, {reason:?}: {message}"));
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
}

#[test]
fn the_training_widget_reruns_the_loop_with_the_readers_steps_seed_and_optimiser() {
    let Some(open) = Open::widget("training-loop", "try") else {
        return;
    };
    let before = open.compare(&[], "before any edit");
    assert_eq!(
        step(&before, "curve")[0].len(),
        101,
        "one loss before the first update and one after each"
    );

    // Fewer steps from another seed: the curve is as long as the reader asked.
    let fewer = [("steps", 0, 0, 30.0), ("seed", 0, 0, 2.0)];
    let after = open.edit(&[], &fewer, "after steps and seed");
    assert_eq!(step(&after, "curve")[0].len(), 31);
    assert_ne!(step(&after, "p"), step(&before, "p"));

    // Plain gradient descent at a larger rate, from the same start.
    let sgd = [("adam", 0, 0, 0.0), ("rate", 0, 0, 0.5)];
    let descent = open.edit(&fewer, &sgd, "after the optimiser");
    assert_eq!(
        step(&descent, "curve")[0][0],
        step(&after, "curve")[0][0],
        "both start from the same loss"
    );
    assert_ne!(step(&descent, "curve"), step(&after, "curve"));
}

/// The live widget's line chart as the page draws it: its points, tick labels, text
/// alternative and the colour of its line, and the decimals the widget prints at.
fn live_chart(tab: &Tab) -> serde_json::Value {
    eval_json(
        tab,
        "(function () {
            var svg = document.querySelector('[data-example=\"try\"] .ww .ww-lines svg');
            if (!svg) return null;
            var line = svg.querySelector('polyline.wf-curve');
            var text = function (list) { return Array.from(list).map(function (t) { return t.textContent; }); };
            var twin = document.querySelector('[data-example=\"try\"] .worked-widget-static polyline.wf-curve');
            return {
                points: line.getAttribute('points').split(' ').map(function (p) { return p.split(',').map(Number); }),
                x: text(svg.querySelectorAll('.wf-axis-x .wf-tick')),
                y: text(svg.querySelectorAll('.wf-axis-y .wf-tick')),
                name: document.getElementById(svg.getAttribute('aria-labelledby')).textContent,
                description: document.getElementById(svg.getAttribute('aria-describedby')).textContent,
                stroke: getComputedStyle(line).stroke,
                build_stroke: twin ? getComputedStyle(twin).stroke : null,
                table: document.querySelector('[data-example=\"try\"] .ww .ww-lines details [data-matrix=\"curve\"]') !== null,
                decimals: JSON.parse(document.querySelector('[data-example=\"try\"] script[data-example-data]').textContent).decimals
            };
        })()",
    )
}

/// Asserts that the page's chart is the build's line figure of `curve`, on a log scale.
fn assert_chart_of(chart: &serde_json::Value, curve: &Value, when: &str) {
    let Value::Vector(values) = curve else {
        panic!("curve is a vector")
    };
    let values = values.to_vec();
    let decimals = chart["decimals"].as_u64().expect("the widget's decimals") as usize;
    let layout = line_layout(
        &[Series {
            name: "curve",
            values: &values,
        }],
        true,
        decimals,
        &LineMarks::default(),
    )
    .expect("the lesson's curve draws");
    let labels = |ticks: &[(worked::present::svg::Tick, f64)]| -> Vec<String> {
        ticks.iter().map(|(tick, _)| tick.label.clone()).collect()
    };
    assert_eq!(
        chart["x"],
        serde_json::json!(labels(&layout.x_ticks)),
        "{when}: x ticks"
    );
    assert_eq!(
        chart["y"],
        serde_json::json!(labels(&layout.y_ticks)),
        "{when}: y ticks"
    );
    assert_eq!(chart["name"], layout.title, "{when}");
    assert_eq!(chart["description"], layout.description, "{when}");
    let points = chart["points"].as_array().expect("points");
    assert_eq!(
        points.len(),
        layout.curves[0].len(),
        "{when}: one point per step"
    );
    for (shown, point) in points.iter().zip(&layout.curves[0]) {
        let (x, y) = (shown[0].as_f64().unwrap(), shown[1].as_f64().unwrap());
        // Two decimals, as the build writes them (a tie may round either way).
        assert!(
            (x - point.x).abs() <= 0.006 && (y - point.y).abs() <= 0.006,
            "{when}: the page draws ({x}, {y}) where the build draws {point:?}"
        );
    }
    assert_eq!(chart["table"], true, "{when}: the numbers stay in a table");
}

#[test]
fn the_training_widget_draws_the_loss_curve_as_the_build_does_and_redraws_it_on_each_edit() {
    let Some(open) = Open::widget("training-loop", "try") else {
        return;
    };
    let (tab, example) = (&open.tab, &open.example);
    let curve = |edits: &[(&str, usize, usize, f64)]| {
        computed(example, edits)
            .expect("the lesson's program runs")
            .value("curve")
            .expect("a curve")
            .clone()
    };
    wait_for(tab, "document.querySelector('.ww-lines svg') !== null");
    let before = live_chart(tab);
    assert_chart_of(&before, &curve(&[]), "the lesson's numbers");
    // The line has the colour the build's chart of the same step has, light and dark.
    assert_eq!(before["stroke"], before["build_stroke"]);
    color_scheme(tab, "dark");
    let dark = live_chart(tab);
    assert_eq!(dark["stroke"], dark["build_stroke"]);
    assert_ne!(
        dark["stroke"], before["stroke"],
        "dark mode has its own colour"
    );
    color_scheme(tab, "light");

    let faster = [("rate", 0, 0, 0.5)];
    edit(tab, example, &faster);
    let fast = live_chart(tab);
    assert_ne!(
        fast["points"], before["points"],
        "a new rate redraws the curve"
    );
    assert_chart_of(&fast, &curve(&faster), "rate 0.5");

    let fewer = [("rate", 0, 0, 0.5), ("steps", 0, 0, 30.0)];
    edit(tab, example, &fewer[1..]);
    let short = live_chart(tab);
    assert_ne!(short["x"], fast["x"], "fewer steps, another step axis");
    assert_chart_of(&short, &curve(&fewer), "30 steps");
}

#[test]
fn the_backpropagation_widget_recomputes_both_slopes_for_another_weight() {
    let Some(open) = Open::widget("backprop", "bp") else {
        return;
    };
    let before = open.compare(&[], "before any edit");

    // The lesson's first suggestion: a hidden unit that is off for every token.
    let after = open.edit(&[], &[("fj", 0, 0, 3.0)], "after the edit");
    assert_eq!(
        step(&after, "exact_1"),
        &[["0"]],
        "the gate passes nothing: exactly 0, which the number rule prints whole"
    );
    assert_ne!(step(&after, "exact_1"), step(&before, "exact_1"));
}

#[test]
fn the_generation_widget_samples_again_from_the_same_training_and_refuses_an_unknown_token() {
    let Some(open) = Open::widget("generation", "gen") else {
        return;
    };
    let before = open.compare(&[], "before any edit");

    // A cooler temperature and one more token kept by top-k.
    let cooler = [("temperature", 0, 0, 1.5), ("top_k", 0, 0, 3.0)];
    let after = open.edit(&[], &cooler, "after temperature and k");
    assert_eq!(
        step(&after, "draws"),
        step(&before, "draws"),
        "the same draws"
    );
    assert_ne!(step(&after, "sweep"), step(&before, "sweep"));

    // A prompt past the six tokens is refused with prompts that exist; the first one generates.
    let suggestions = open.refused(&cooler, "start", 6.0);
    let prompt = [("start", 0, 0, suggestions[0])];
    let moved = open.edit(&cooler, &prompt, "after the suggested prompt");
    assert_ne!(step(&moved, "texts"), step(&after, "texts"));
}

#[test]
fn the_merges_widget_merges_another_sentence_and_refuses_a_sixth_merge() {
    let Some(open) = Open::widget("two-ends", "bpe") else {
        return;
    };
    open.compare(&[], "before any edit");

    // "the cat sat" becomes "the mat sat" (symbol 9 is "m"), with three merges.
    let edits = [("text", 0, 4, 9.0), ("merges", 0, 0, 3.0)];
    let after = open.edit(&[], &edits, "after the edit");
    assert_eq!(step(&after, "lefts")[0].len(), 3, "one merge each");

    // Five merges is all the program has symbols for.
    let suggestions = open.refused(&edits, "merges", 6.0);
    let most = [("merges", 0, 0, suggestions[0])];
    open.edit(&edits[..1], &most, "after the suggested count");
}

#[test]
fn the_token_path_widget_switches_to_post_norm_and_refuses_a_negative_seed() {
    let Some(open) = Open::widget("token-path", "pre") else {
        return;
    };
    let before = open.compare(&[], "before any edit");

    // The pre-norm switch off: the same weights in the post-norm arrangement.
    let post = [("prenorm", 0, 0, 0.0)];
    let after = open.edit(&[], &post, "after the switch");
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
    let suggestions = open.refused(&post, "seed", -1.0);
    open.edit(
        &post,
        &[("seed", 0, 0, suggestions[0])],
        "after the suggested seed",
    );
}
