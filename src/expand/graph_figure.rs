//! The `graph` and `gradients` keys of a ` ```figure ` block: the steps of a compute example to
//! draw as a computation graph, and the step that holds each one's gradient.
//!
//! Every name is checked here against the evaluated example, so that a problem points at the
//! entry that has it; the edges come from the compute core (`compute::graph`, from the program's
//! own reads) and the picture from `present::figure::graph_figure`. Nothing is computed here.

use crate::compute::computed::{Computed, Origin};
use crate::compute::graph::{step_graph, GraphError, MOST_GRAPH_NODES};
use crate::expand::blocks::BlockText;
use crate::present::figure::{self, FigureOptions, GraphNode};
use std::collections::BTreeMap;
use std::ops::Range;

/// The `graph` list as written, each name with its place.
pub(super) type GraphKey = toml::Spanned<Vec<toml::Spanned<String>>>;
/// The `[gradients]` table as written: node name → the step holding its gradient.
pub(super) type GradientsKey =
    toml::Spanned<BTreeMap<toml::Spanned<String>, toml::Spanned<String>>>;

/// A problem: what is wrong, what to do, and where (in the file).
type Problem = (String, String, Range<usize>);

/// The graph figure of `computed`'s steps named in `graph`, paired with `gradients`.
pub(super) fn graph_figure(
    computed: &Computed,
    graph: &GraphKey,
    gradients: Option<&GradientsKey>,
    body: &BlockText,
    options: &FigureOptions,
) -> Result<String, Problem> {
    let names: Vec<&str> = graph
        .get_ref()
        .iter()
        .map(|entry| entry.get_ref().as_str())
        .collect();
    if names.is_empty() || names.len() > MOST_GRAPH_NODES {
        return Err((
            format!("`graph` needs 1 to {MOST_GRAPH_NODES} steps, and lists {}", names.len()),
            "write graph = [\"x\", \"h\", \"y\"]: the steps to draw, in the order each layer shows them"
                .to_string(),
            body.file_span(graph.span()),
        ));
    }
    let every_name = || format!("draw some of {}", computed.quantity_names().join(", "));
    let mut nodes: Vec<GraphNode> = Vec::with_capacity(names.len());
    for (at, entry) in graph.get_ref().iter().enumerate() {
        let name = entry.get_ref();
        let problem = if names[..at].contains(&name.as_str()) {
            Some(format!("`{name}` is listed twice in `graph`"))
        } else if computed.value(name).is_none() {
            Some(format!("no step or input named `{name}` to draw"))
        } else {
            None
        };
        if let Some(message) = problem {
            return Err((message, every_name(), body.file_span(entry.span())));
        }
        let (rows, cols) = computed.value(name).expect("checked above").dims();
        nodes.push(GraphNode {
            name: name.clone(),
            rows,
            cols,
            gradient: None,
        });
    }
    if let Some(gradients) = gradients {
        pair_gradients(computed, &mut nodes, gradients, body)?;
    }
    let paired: Vec<Option<&str>> = nodes.iter().map(|node| node.gradient.as_deref()).collect();
    let edges = step_graph(&computed.reads, &names, &paired).map_err(|error| match error {
        GraphError::Cycle(cycle) => (
            format!("the steps of `graph` read each other in a cycle: {}", cycle.join(" → ")),
            "a repeat that feeds a value into its next pass has no graph of one pass; draw the steps of the pass without the value it carries over".to_string(),
            body.file_span(graph.span()),
        ),
        GraphError::StrayGradient { node, reads } => {
            let (from, to) = (&nodes[node], &nodes[reads]);
            let gradient = from.gradient.as_deref().unwrap_or_default();
            let read = to.gradient.as_deref().unwrap_or_default();
            let span = gradient_span(gradients, &from.name).unwrap_or(graph.span());
            (
                format!(
                    "the gradient of {}, `{gradient}`, reads `{read}`, the gradient of {}, but {} does not feed {} directly in the graph",
                    from.name, to.name, from.name, to.name
                ),
                "pair the steps shown between them with their gradients too, or leave those steps out".to_string(),
                body.file_span(span),
            )
        }
    })?;
    figure::graph_figure(&nodes, &edges, options)
        .map_err(|error| (error.message, error.help, body.file_span(graph.span())))
}

/// The place of the gradient written for node `name`.
fn gradient_span(gradients: Option<&GradientsKey>, name: &str) -> Option<Range<usize>> {
    gradients?
        .get_ref()
        .iter()
        .find(|(node, _)| node.get_ref() == name)
        .map(|(_, gradient)| gradient.span())
}

/// Gives each node named in `[gradients]` its gradient: a step (not an input), not itself
/// drawn, paired once, and of its node's shape, as the gradient of a value always is.
fn pair_gradients(
    computed: &Computed,
    nodes: &mut [GraphNode],
    gradients: &GradientsKey,
    body: &BlockText,
) -> Result<(), Problem> {
    let steps = computed.step_names();
    let mut used: Vec<&str> = Vec::new();
    // In the order written, so that a step paired twice is reported where it comes second.
    let mut written: Vec<_> = gradients.get_ref().iter().collect();
    written.sort_by_key(|(node_name, _)| node_name.span().start);
    for (node_name, gradient) in written {
        let Some(node) = nodes
            .iter()
            .position(|node| &node.name == node_name.get_ref())
        else {
            return Err((
                format!(
                    "`{}` is not in `graph`, so it has no box to pair with a gradient",
                    node_name.get_ref()
                ),
                "add it to graph, or pair one of the steps it lists".to_string(),
                body.file_span(node_name.span()),
            ));
        };
        let name = gradient.get_ref().as_str();
        let node_shape = (nodes[node].rows, nodes[node].cols);
        let problem = if !steps.contains(&name) {
            let what = match computed.values.iter().find(|(known, _, _)| known == name) {
                Some((_, Origin::Input, _)) => "is an input, and a gradient is computed by a step",
                _ => "is not a step of the example",
            };
            Some((
                format!("`{name}` {what}"),
                format!("pair {} with one of {}", nodes[node].name, steps.join(", ")),
            ))
        } else if nodes.iter().any(|drawn| drawn.name == name) {
            Some((
                format!("`{name}` is drawn as a box of the graph, and a gradient is drawn as its value's tag"),
                format!("remove {name} from graph, or pair {} with another step", nodes[node].name),
            ))
        } else if used.contains(&name) {
            Some((
                format!("`{name}` is the gradient of two boxes"),
                "pair each box with its own gradient".to_string(),
            ))
        } else {
            let shape = computed.value(name).expect("a step").dims();
            (shape != node_shape).then(|| {
                (
                    format!(
                        "`{name}` is {} × {} but {} is {} × {}, and a gradient has the shape of its value",
                        shape.0, shape.1, nodes[node].name, node_shape.0, node_shape.1
                    ),
                    format!("pair {} with the step that holds its gradient", nodes[node].name),
                )
            })
        };
        if let Some((message, help)) = problem {
            return Err((message, help, body.file_span(gradient.span())));
        }
        used.push(name);
        nodes[node].gradient = Some(name.to_string());
    }
    Ok(())
}
