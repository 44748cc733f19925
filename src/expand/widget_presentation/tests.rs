use super::controls::{control, names, outside_domain, ControlSpec};
use super::sentences::Part;
use super::views::{view_table, ViewEntry};
use super::*;
use crate::compute::computed::Computed;
use crate::compute::lang::Value;
use crate::compute::Quantity;
use serde::Deserialize;
use serde_json::json;

fn spec(text: &str) -> toml::Spanned<ControlSpec> {
    #[derive(Deserialize)]
    struct Wrap {
        c: toml::Spanned<ControlSpec>,
    }
    toml::from_str::<Wrap>(&format!("c = {text}")).unwrap().c
}

/// A small example: a loss history, its least value, a count and a vector.
fn descent() -> Computed {
    let steps = "losses = concat(4, 2, 1)\nleast = min(losses)\nstopped = 3 * 0 + 3\nhalf = 0.5\nws = concat(1, 2)\n";
    crate::compute::computed::compute(steps, Vec::new(), Default::default()).unwrap()
}

/// `[views]`'s entry `text` for step `losses`, checked.
fn line_view(text: &str) -> Result<(&'static str, ViewParts), KeyProblem> {
    #[derive(Deserialize)]
    struct Wrap {
        v: toml::Spanned<ViewEntry>,
    }
    let entry = toml::from_str::<Wrap>(&format!("v = {text}")).unwrap().v;
    let ViewEntry::Table(table) = entry.get_ref() else {
        panic!("a table")
    };
    view_table(&descent(), table, entry.span())
}

#[test]
fn a_contour_names_its_optimum_and_directions_by_steps_and_no_other_view_takes_them() {
    let (view, parts) =
        line_view("{ contour = true, optimum = \"ws\", directions = \"losses\" }").unwrap();
    assert_eq!(view, "contour");
    let ViewParts::Contour(contour) = parts else {
        panic!("a contour")
    };
    assert_eq!(contour.optimum.as_deref(), Some("ws"));
    assert_eq!(contour.directions.as_deref(), Some("losses"));
    assert_eq!(contour.json()["optimum"], "ws");
    assert_eq!(ContourView::from_json(&contour.json()), contour);
    let (message, _, _) = line_view("{ heatmap = true, optimum = \"ws\" }").unwrap_err();
    assert_eq!(
        message,
        "`optimum` belongs to a contour's table, and this one draws a heatmap"
    );
    let (message, help, _) = line_view("{ contour = true, directions = \"axes\" }").unwrap_err();
    assert_eq!(
        message,
        "the example has no step named `axes` for the contour's directions"
    );
    assert!(help.starts_with("name one of: "), "{help}");
}

#[test]
fn a_contour_titles_its_axes_in_the_readers_words_and_no_other_view_takes_them() {
    let (_, parts) = line_view("{ contour = true, x_label = \" w \", y_label = \"b\" }").unwrap();
    let ViewParts::Contour(contour) = parts else {
        panic!("a contour")
    };
    assert_eq!(contour.x_label.as_deref(), Some("w"));
    assert_eq!(contour.json()["y_label"], "b");
    assert_eq!(ContourView::from_json(&contour.json()), contour);
    let (message, help, _) = line_view("{ line = true, x_label = \"w\" }").unwrap_err();
    assert_eq!(
        message,
        "`x_label` belongs to a contour's table, and this one draws a line"
    );
    assert_eq!(help, "remove `x_label`, or draw a contour");
    let (message, help, span) = line_view("{ contour = true, y_label = \"\" }").unwrap_err();
    assert_eq!(message, "`y_label` is empty");
    assert!(
        help.starts_with("write y_label = \"…\" as one line"),
        "{help}"
    );
    assert_eq!(span, 32..34);
    // A number where words go: serde's error names the type it wants, at the key.
    #[derive(Deserialize, Debug)]
    struct Wrap {
        #[allow(dead_code)]
        v: toml::Spanned<ViewEntry>,
    }
    let wrong = toml::from_str::<Wrap>("v = { contour = true, x_label = 3 }").unwrap_err();
    assert!(wrong.to_string().contains("expected a string"), "{wrong}");
    assert_eq!(wrong.span(), Some(32..33));
}

#[test]
fn a_line_view_names_its_reference_and_the_step_where_the_run_diverged() {
    let (name, parts) =
        line_view("{ line = true, reference = \"least\", diverged = \"stopped\" }").unwrap();
    assert_eq!(name, "line");
    let ViewParts::Line(marks) = parts else {
        panic!("a line's marks")
    };
    assert_eq!(marks.reference.as_deref(), Some("least"));
    assert_eq!(marks.diverged.as_deref(), Some("stopped"));
    // Marked in a run where the diverged step holds 3; 0 (a run that went through) marks
    // nothing, and nor does a step that is not a whole number from 1.
    let with = |stopped: f64| {
        marks
            .marks(|step| Some(if step == "least" { 1.0 } else { stopped }))
            .diverged_at
    };
    assert_eq!(with(3.0), Some(3));
    assert_eq!(with(0.0), None);
    assert_eq!(with(2.5), None);
    assert_eq!(marks.marks(|_| Some(1.0)).reference, Some(("least", 1.0)));
}

#[test]
fn a_wrong_line_mark_is_an_error_at_its_key() {
    let message = |text: &str| line_view(text).err().map(|problem| problem.0);
    assert_eq!(
        message("{ line = true, reference = \"ws\" }").as_deref(),
        Some("`ws` is a vector of 2, and a line's mark is one number")
    );
    assert_eq!(
        message("{ line = true, diverged = \"half\" }").as_deref(),
        Some("`half` is 0.5, and `diverged` names a step that is 0, or the step where the run diverged")
    );
    assert_eq!(
        message("{ line = true, reference = \"nothing\" }").as_deref(),
        Some("the example has no value named `nothing`")
    );
    assert_eq!(
        message("{ line = true, x = \"ws\" }").as_deref(),
        Some("`x` belongs to a contour's table, and this one draws a line")
    );
    assert_eq!(
        message("{ contour = true, reference = \"least\" }").as_deref(),
        Some("`reference` belongs to a line's table, and this one draws a contour")
    );
    assert_eq!(
        message("{ reference = \"least\" }").as_deref(),
        Some("a view's table draws a line, and it lacks `line = true`")
    );
    assert_eq!(
        message("{ line = true, contour = true }").as_deref(),
        Some(
            "a view's table draws one heatmap, line or contour, and this one says line and contour"
        )
    );
    assert_eq!(
        message("{ line = false }").as_deref(),
        Some("`line = false` says no line")
    );
}

#[test]
fn a_sentence_fills_in_the_runs_numbers_and_the_label_at_a_computed_position() {
    let p = || Quantity::Vector {
        values: ndarray::array![0.665, 0.245, 0.09],
        labels: Some(vec!["cat".into(), "dog".into(), "fish".into()]),
    };
    let entry = |label: bool| {
        let (of, at) = ("p".to_string(), "t".to_string());
        if label {
            Part::Label { of, at }
        } else {
            Part::Entry { of, at }
        }
    };
    let sentence = Sentence {
        after: "loss".into(),
        parts: vec![
            Part::Text("the target ".into()),
            entry(true),
            Part::Text(" has p = ".into()),
            entry(false),
            Part::Text(", loss ".into()),
            Part::Value("loss".into()),
        ],
    };
    // A position the program computed, or (a kind's target) the label itself.
    for target in [Quantity::Scalar(0.0), Quantity::Text("cat".into())] {
        let values = |name: &str| match name {
            "p" => Some(p()),
            "t" => Some(target.clone()),
            "loss" => Some(Quantity::Scalar(0.40760596444438)),
            _ => None,
        };
        assert_eq!(
            sentence.fill(values, 3).as_deref(),
            Some("the target cat has p = 0.665, loss 0.408")
        );
    }
    // A number the places would print as 0 keeps its significant figures.
    let tiny = Sentence {
        after: "loss".into(),
        parts: vec![Part::Value("loss".into())],
    };
    let values = |_: &str| Some(Quantity::Scalar(4.539786870243442e-5));
    assert_eq!(
        tiny.fill(values, 3).as_deref(),
        Some("4.54\u{a0}×\u{a0}10⁻⁵")
    );
    // Out of range, not a position, or a step the run lacks: no sentence at all.
    for target in [Quantity::Scalar(3.0), Quantity::Scalar(0.5)] {
        let values = |name: &str| match name {
            "p" => Some(p()),
            "t" => Some(target.clone()),
            _ => None,
        };
        assert_eq!(sentence.fill(values, 3), None);
    }
    // The JSON compute-widget.js reads, one key per part.
    assert_eq!(
        serde_json::json!(sentence)["parts"][1],
        serde_json::json!({ "label": { "of": "p", "at": "t" } })
    );
    assert_eq!(
        serde_json::json!(Highlight {
            step: "t".into(),
            says: "target".into()
        }),
        serde_json::json!({ "step": "t", "says": "target" })
    );
}

#[test]
fn a_sentence_fills_its_braces_from_the_lessons_values_and_each_wrong_one_is_named() {
    let computed = crate::compute::computed::compute(
        "p = softmax(z)\nt = argmax(p)\nloss = -log(p[t])\nq = p\n",
        vec![("z".into(), Value::Vector(ndarray::array![1.0, 3.0, 2.0]))],
        Default::default(),
    )
    .unwrap();
    let key = |after: &str, says: &str| {
        #[derive(Deserialize)]
        struct Wrap {
            s: SentencesKey,
        }
        let text = format!("[[s]]\nafter = \"{after}\"\nsays = '{says}'\n");
        toml::from_str::<Wrap>(&text).unwrap().s
    };
    let checked = sentences(
        &computed,
        None,
        &key("loss", "{{L}} = {loss}: {p[t].label} has p = {p[t]}."),
    )
    .unwrap();
    let entry = || ("p".to_string(), "t".to_string());
    assert_eq!(
        checked[0].parts,
        vec![
            Part::Text("{L} = ".into()),
            Part::Value("loss".into()),
            Part::Text(": ".into()),
            Part::Label {
                of: entry().0,
                at: entry().1
            },
            Part::Text(" has p = ".into()),
            Part::Entry {
                of: entry().0,
                at: entry().1
            },
            Part::Text(".".into()),
        ]
    );
    let filled = checked[0].fill(|name| computed.quantity(name), 3).unwrap();
    assert_eq!(filled, "{L} = 0.408: entry 2 has p = 0.665.");
    let problem = |after: &str, says: &str, shown: Option<&[String]>| {
        let (message, _, _) = sentences(&computed, shown, &key(after, says)).unwrap_err();
        message
    };
    let only_p = ["p".to_string()];
    for (after, says, shown, expected) in [
        (
            "z",
            "{loss}",
            None,
            "`after = \"z\"` names no step this widget shows",
        ),
        (
            "loss",
            "{loss}",
            Some(&only_p[..]),
            "names no step this widget shows",
        ),
        (
            "loss",
            "{lost}",
            None,
            "the example has no value named `lost`",
        ),
        (
            "loss",
            "{p}",
            None,
            "`{p}` is a vector of 3, and a sentence prints one number",
        ),
        (
            "loss",
            "{loss[t]}",
            None,
            "`loss` is a scalar, and `{loss[t]}` needs a vector",
        ),
        (
            "loss",
            "{p[loss]}",
            None,
            "`loss` does not hold a position of `p`",
        ),
        (
            "loss",
            "{loss.label}",
            None,
            "asks for a label but names no entry",
        ),
        ("loss", "{loss", None, "a `{` is not closed"),
        ("loss", "loss}", None, "a `}` closes no `{`"),
        ("loss", " ", None, "`says` must be 1 to 400 characters"),
    ] {
        let message = problem(after, says, shown);
        assert!(message.contains(expected), "{says}: {message}");
    }
}

#[test]
fn a_highlight_names_a_value_holding_a_position_and_says_a_short_tag() {
    let computed = crate::compute::computed::compute(
        "p = softmax(z)\nt = argmax(p)\nhalf = 0.5\n",
        vec![("z".into(), Value::Vector(ndarray::array![1.0, 3.0, 2.0]))],
        Default::default(),
    )
    .unwrap();
    let key = |text: &str| {
        #[derive(Deserialize)]
        struct Wrap {
            h: HighlightKey,
        }
        toml::from_str::<Wrap>(&format!("h = {text}")).unwrap().h
    };
    assert_eq!(
        highlight(&computed, &key("{ step = \"t\", says = \"winner\" }")),
        Ok(Highlight {
            step: "t".into(),
            says: "winner".into()
        })
    );
    let problem = |text: &str| highlight(&computed, &key(text)).unwrap_err();
    let (message, help, _) = problem("{ step = \"q\", says = \"x\" }");
    assert_eq!(message, "the example has no value named `q`");
    assert_eq!(help, "name one of: t");
    let (message, _, _) = problem("{ step = \"half\", says = \"x\" }");
    assert!(message.starts_with("`half` is 0.5, and a highlight needs a position"));
    let (message, _, _) = problem("{ step = \"p\", says = \"x\" }");
    assert!(message.starts_with("`p` is a vector"), "{message}");
    let (message, _, _) = problem("{ step = \"t\", says = \" \" }");
    assert!(message.contains("1 to 24 characters"), "{message}");
}

#[test]
fn a_slider_must_reach_the_lessons_value_and_a_log_one_start_above_zero() {
    assert_eq!(
        control("T", 1.0, &spec("{ slider = [0.05, 5], log = true }")),
        Ok(Control::Slider {
            lo: 0.05,
            hi: 5.0,
            log: true,
            marks: vec![]
        })
    );
    let marked = control("T", 1.0, &spec("{ slider = [0.05, 5], marks = [0.5, 2] }"));
    assert_eq!(
        marked.unwrap().json()["marks"],
        serde_json::json!([0.5, 2.0])
    );
    let (message, _, _) =
        control("T", 1.0, &spec("{ slider = [0.05, 5], marks = [9] }")).unwrap_err();
    assert!(message.contains("mark 9 of `T` lies outside"), "{message}");
    let (message, _, _) = control("c", 1.0, &spec("{ toggle = true, marks = [1] }")).unwrap_err();
    assert!(message.contains("no slider"), "{message}");
    let (message, _, _) = control("T", 9.0, &spec("{ slider = [0.05, 5] }")).unwrap_err();
    assert!(
        message.contains("leaves out the lesson's T = 9"),
        "{message}"
    );
    let (message, _, _) = control("T", 1.0, &spec("{ slider = [0, 5], log = true }")).unwrap_err();
    assert!(message.contains("starts above 0"), "{message}");
}

#[test]
fn a_control_offers_only_values_of_the_inputs_domain() {
    let above_zero = serde_json::json!({ "min": 0.0, "exclusive_min": true, "integer": false, "words": "a number above 0" });
    let slider = |lo, hi| Control::Slider {
        lo,
        hi,
        log: false,
        marks: vec![],
    };
    assert_eq!(outside_domain("T", &slider(0.05, 5.0), &above_zero), None);
    assert_eq!(
        outside_domain("T", &slider(0.0, 5.0), &above_zero).as_deref(),
        Some("the control of `T` offers 0, and T is a number above 0")
    );
    let switch = serde_json::json!({ "choice": [0.0, 1.0], "integer": false, "words": "0 or 1" });
    assert_eq!(outside_domain("adam", &Control::Toggle, &switch), None);
    let three = Control::Choice {
        values: vec![0.0, 1.0, 2.0],
        labels: vec![],
    };
    assert!(outside_domain("adam", &three, &switch).is_some());
}

#[test]
fn a_toggle_holds_zero_or_one_and_a_choice_one_label_per_value() {
    assert_eq!(
        control("c", 1.0, &spec("{ toggle = true }")),
        Ok(Control::Toggle)
    );
    let (message, _, _) = control("c", 0.5, &spec("{ toggle = true }")).unwrap_err();
    assert!(message.contains("is 0.5"), "{message}");
    let (message, _, _) =
        control("o", 0.0, &spec("{ choice = [0, 1], labels = [\"SGD\"] }")).unwrap_err();
    assert_eq!(message, "1 labels for 2 choices");
    let (message, _, _) = control("o", 2.0, &spec("{ choice = [0, 1] }")).unwrap_err();
    assert!(message.contains("not among the choices"), "{message}");
    let (message, _, _) =
        control("o", 0.0, &spec("{ toggle = true, choice = [0, 1] }")).unwrap_err();
    assert!(
        message.contains("one of slider, toggle or choice"),
        "{message}"
    );
}
#[test]
fn names_make_the_rows_labels_of_a_matrix_input_editable_under_a_new_name() {
    use crate::compute::computed::{compute, Labels};
    let x = Value::Matrix(ndarray::array![[1.0, 2.0], [3.0, 4.0]]);
    let rows = |names: &[&str]| Labels {
        rows: Some(names.iter().map(|n| n.to_string()).collect()),
        ..Labels::default()
    };
    let computed = |labels| {
        compute(
            "S = X + t",
            vec![("X".into(), x.clone()), ("t".into(), Value::Scalar(1.0))],
            labels,
        )
        .unwrap()
    };
    let tokens = computed(rows(&["the", "cat"]));
    let names_of = |computed: &Computed, input: &str, text: &str| {
        let spec = spec(text);
        let called = spec.get_ref().names.clone().unwrap();
        names(computed, input, 0..1, &spec, &called)
    };
    assert_eq!(
        names_of(&tokens, "X", "{ names = \"tokens\" }"),
        Ok(Control::Names {
            called: "tokens".into()
        })
    );
    assert_eq!(
        Control::Names {
            called: "tokens".into()
        }
        .json(),
        json!({ "kind": "names", "called": "tokens" })
    );
    for (computed, input, text, says) in [
        (
            &tokens,
            "t",
            "{ names = \"tokens\" }",
            "no input whose rows",
        ),
        (
            &tokens,
            "S",
            "{ names = \"tokens\" }",
            "no input whose rows",
        ),
        (
            &computed(rows(&["a", "b", "c"])),
            "X",
            "{ names = \"tokens\" }",
            "no input whose rows",
        ),
        (
            &computed(Labels::default()),
            "X",
            "{ names = \"tokens\" }",
            "no input whose rows",
        ),
        (&tokens, "X", "{ names = \"S\" }", "no input or step has"),
        (
            &tokens,
            "X",
            "{ names = \"two words\" }",
            "letters, digits and _",
        ),
        (
            &tokens,
            "X",
            "{ names = \"tokens\", toggle = true }",
            "takes no other key",
        ),
    ] {
        let (message, _, _) = names_of(computed, input, text).unwrap_err();
        assert!(message.contains(says), "{text} on {input}: {message}");
    }
}

#[test]
fn a_view_entry_is_a_name_or_a_table_and_a_contour_key_a_boolean_or_a_table() {
    #[derive(Deserialize, Debug)]
    struct Wrap {
        view: Option<ViewEntry>,
        contour: Option<ContourKey>,
    }
    let read = |text: &str| toml::from_str::<Wrap>(text);
    let both = read("view = \"bars\"\ncontour = false").unwrap();
    assert!(matches!(both.view, Some(ViewEntry::Named(name)) if name == "bars"));
    assert!(matches!(both.contour, Some(ContourKey::On(false))));
    let tables = read("view = { heatmap = true }\ncontour = { levels = 4 }").unwrap();
    assert!(matches!(tables.view, Some(ViewEntry::Table(spec)) if spec.heatmap.is_some()));
    assert!(matches!(tables.contour, Some(ContourKey::Parts(spec)) if spec.levels.is_some()));
    // The plain value the other one takes is refused with what the key expects.
    let wrong = read("view = true").unwrap_err().to_string();
    assert!(
        wrong.contains("invalid type: boolean `true`, expected a view's name"),
        "{wrong}"
    );
    let wrong = read("contour = \"yes\"").unwrap_err().to_string();
    assert!(
        wrong.contains("invalid type: string \"yes\", expected contour = true, or {"),
        "{wrong}"
    );
    // A table's unknown key is named, at the key.
    let wrong = read("contour = { q = 1 }").unwrap_err();
    assert!(wrong.to_string().contains("unknown field `q`"), "{wrong}");
    assert_eq!(wrong.span(), Some(12..13));
}
