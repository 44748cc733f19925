use crate::base::diagnostics::Diagnostic;
use crate::base::source::SourceFile;
use crate::expand::expand_test_lesson;

/// The scripts the page of `text` (as `content/t.md`) lists, in order, or the problems of
/// expanding it.
fn expanded(text: &str) -> Result<Vec<&'static str>, Vec<Diagnostic>> {
    expand_test_lesson(text, |expanded| {
        expanded
            .map(|expanded| expanded.scripts)
            .map_err(|unexpanded| unexpanded.problems)
    })
}

/// compute-widget.js reads the shape of values (`isMatrix`, `asRows`) from step-explain.js as
/// it loads, so every widget's page lists step-explain.js first: a kind's and a compute
/// example's alike.
#[test]
fn a_widgets_page_lists_step_explain_before_the_widget_that_reads_it() {
    let kind = "```softmax\nname = \"e\"\nlogits = [1, 2]\n```\n";
    let compute = "```compute\nname = \"e\"\nsteps = \"y = x * 2\"\n\n[inputs]\nx = [1, 2]\n```\n";
    for example in [kind, compute] {
        let text =
            format!("+++\ntitle = \"T\"\n+++\n\n{example}\n```widget\nexample = \"e\"\n```\n");
        let scripts = expanded(&text).expect("the lesson expands");
        let at = |script| scripts.iter().position(|listed| *listed == script);
        assert!(
            at("js/step-explain.js").unwrap() < at("js/compute-widget.js").unwrap(),
            "{scripts:?}"
        );
    }
}

/// Every key that draws or shapes a compute example's steps, given to a kind's example, is
/// refused at the key: what the key does, what the example is instead, and how the block does
/// without it. A widget's keys each reach the one refusal (`compute_run`) by their own path.
#[test]
fn a_kinds_example_is_refused_each_key_of_a_compute_examples_figure_or_widget_at_the_key() {
    let marks_itself = "remove it: this kind's widget marks and words what it needs itself";
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
        (
            "widget",
            "controls = { logits = { slider = [0, 5] } }",
            "[controls] and [views] shape the widget of a compute example",
            "remove them: this kind's widget has its own controls",
        ),
        (
            "widget",
            "show = [\"probabilities\"]",
            "`show` picks the steps of a compute example's widget",
            "remove the show key: this widget shows the whole example",
        ),
        (
            "widget",
            "decimals = { probabilities = 2 }",
            "`decimals` sets the places of a compute example's steps",
            "remove the decimals key: this widget prints at the book's decimals",
        ),
        (
            "widget",
            "highlight = { step = \"probabilities\", says = \"most\" }",
            "`highlight` belongs to a compute example's widget",
            marks_itself,
        ),
        (
            "widget",
            "sentences = [{ after = \"probabilities\", says = \"p is {probabilities}\" }]",
            "`sentences` belongs to a compute example's widget",
            marks_itself,
        ),
        (
            "widget",
            "projection = { step = \"probabilities\", of = \"a\", onto = \"b\", vector = \"c\", scalar = \"d\" }",
            "`projection` belongs to a compute example's widget",
            marks_itself,
        ),
    ];
    let mut text =
        "+++\ntitle = \"T\"\n+++\n\n```softmax\nname = \"s\"\nlogits = [1, 2]\n```\n".to_string();
    for (block, key, ..) in blocks {
        text.push_str(&format!("\n```{block}\nexample = \"s\"\n{key}\n```\n"));
    }
    let source = SourceFile::new("content/t.md", text.as_str());
    let found = expanded(&text).expect_err("every block is refused");
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
