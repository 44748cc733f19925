use crate::base::diagnostics::Diagnostic;
use crate::base::source::SourceFile;
use crate::expand::evaluation_cache::Evaluations;
use crate::expand::{expand_lesson, markdown};
use crate::load::content::parse_lesson;
use std::path::Path;

/// The problems of expanding `text` as `content/t.md`.
fn problems(text: &str) -> Vec<Diagnostic> {
    let lesson = parse_lesson(SourceFile::new("content/t.md", text), Path::new("t.md"))
        .expect("the lesson parses");
    let events = markdown::parse(&lesson.source.text, lesson.body.clone());
    let table = crate::expand::labels::LabelTable::default();
    let labels = crate::expand::crossref::PageLabels {
        table: &table,
        page: lesson.page(),
        position: 1,
    };
    let evaluations = Evaluations {
        budget: &Default::default(),
        cache: &Default::default(),
    };
    match expand_lesson(
        &lesson,
        events,
        3,
        evaluations,
        &labels,
        &Default::default(),
    ) {
        Ok(_) => Vec::new(),
        Err(unexpanded) => unexpanded.problems,
    }
}

/// Every key that draws or shapes a compute example's steps, given to a kind's example, is
/// refused at the key: what the key does, what the example is instead, and how the block does
/// without it.
#[test]
fn a_kinds_example_is_refused_each_key_of_a_compute_examples_figure_or_widget_at_the_key() {
    let blocks = [
        (
            "figure",
            "step = \"probabilities\"",
            "`step` names a step of a compute example",
            "remove the step key: this figure draws the whole example",
        ),
        (
            "figure",
            "graph = [\"probabilities\"]",
            "`graph` draws steps of a compute example",
            "remove the graph key: this figure draws the whole example",
        ),
        (
            "figure",
            "shapes = [[\"probabilities\"]]",
            "`shapes` draws values of a compute example",
            "remove the shapes key: this figure draws the whole example",
        ),
        (
            "figure",
            "scatter = [\"logits\", \"probabilities\"]",
            "a scatter or panels draw steps of a compute example",
            "remove the key: this figure draws the whole example",
        ),
        (
            "figure",
            "panels = [{ step = \"probabilities\" }]",
            "a scatter or panels draw steps of a compute example",
            "remove the key: this figure draws the whole example",
        ),
        (
            "widget",
            "views = { probabilities = \"bars\" }",
            "[controls] and [views] shape the widget of a compute example",
            "remove them: this kind's widget has its own controls",
        ),
    ];
    let mut text =
        "+++\ntitle = \"T\"\n+++\n\n```softmax\nname = \"s\"\nlogits = [1, 2]\n```\n".to_string();
    for (block, key, ..) in blocks {
        text.push_str(&format!("\n```{block}\nexample = \"s\"\n{key}\n```\n"));
    }
    let source = SourceFile::new("content/t.md", text.as_str());
    let found = problems(&text);
    assert_eq!(found.len(), blocks.len(), "{found:?}");
    for ((_, key, does, help), problem) in blocks.iter().zip(&found) {
        // At the key's value, the first character after `= `.
        let at = source.line_column(text.find(key).unwrap() + key.find("= ").unwrap() + 2);
        assert_eq!(
            problem.position().unwrap(),
            format!("content/t.md:{}:{}", at.line, at.column),
            "{key}"
        );
        assert_eq!(
            problem.message(),
            format!("{does}, but \"s\" is a softmax example")
        );
        assert_eq!(problem.help(), Some(*help));
    }
}
