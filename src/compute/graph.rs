//! The graph of a compute example as a figure shows it: the steps the author picked as nodes,
//! an edge wherever one of them reads another (directly or through steps not shown), and the
//! edges along which the backward pass carries a gradient.
//!
//! Stage: after evaluation; nothing is computed but the graph. Input: every step's reads
//! ([`crate::compute::lang::Program::step_reads`]), the names to show and, for some of them,
//! the step that holds their gradient. Output: the edges, or a [`GraphError`] saying why the
//! picture would be wrong. Must not: lay anything out (that is `present::figure::graph`), or
//! know where the names were written (the block reader checks them and reports positions).

use super::lang::StepReads;
use std::collections::{BTreeMap, BTreeSet};

/// Most nodes a graph may show: past it a picture of one column on a phone is a wall.
pub const MOST_GRAPH_NODES: usize = 24;

/// One edge of the graph: node `to` reads node `from`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GraphEdge {
    /// Index of the node read.
    pub from: usize,
    /// Index of the node that reads it.
    pub to: usize,
    /// Whether the backward pass carries a gradient back along the edge: the gradient of
    /// `from` reads the gradient of `to`, or, where the pass starts, `to` is the end of the
    /// graph (read by no node, with no gradient: the loss) and the gradient of `from` reads
    /// no other gradient shown.
    pub backward: bool,
}

/// Why a graph cannot be drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GraphError {
    /// The nodes read each other round a loop (a `repeat` that carries a value into its next
    /// pass): the names of one such cycle, in reading order, the first again at the end.
    Cycle(Vec<String>),
    /// The gradient of node `node` reads the gradient of node `reads`, but `node` does not feed
    /// `reads` directly, so the arrow back would have no arrow forward to run beside.
    StrayGradient {
        /// Index of the node whose gradient it is.
        node: usize,
        /// Index of the node whose gradient it reads.
        reads: usize,
    },
}

/// The edges between `shown` names, sorted: an edge `from → to` wherever `to` reads `from`
/// directly or through a chain of names that are not shown. A name that is not a step (an
/// input, a loop counter) reads nothing. A name reaching itself (a loop's state) gives no edge.
///
/// Bounded: each search expands every step at most once, so the work is at most the shown
/// names times the program's reads.
pub fn collapse(reads: &[StepReads], shown: &[&str]) -> Vec<(usize, usize)> {
    let by_name: BTreeMap<&str, &[String]> = reads
        .iter()
        .map(|step| (step.name.as_str(), step.reads.as_slice()))
        .collect();
    let index: BTreeMap<&str, usize> = shown
        .iter()
        .enumerate()
        .rev()
        .map(|(position, name)| (*name, position))
        .collect();
    let mut edges = BTreeSet::new();
    for (to, name) in shown.iter().enumerate() {
        let mut waiting: Vec<&str> = by_name
            .get(name)
            .map(|names| names.iter().map(String::as_str).collect())
            .unwrap_or_default();
        let mut expanded = BTreeSet::new();
        while let Some(read) = waiting.pop() {
            if let Some(&from) = index.get(read) {
                if from != to {
                    edges.insert((from, to));
                }
            } else if expanded.insert(read) {
                if let Some(names) = by_name.get(read) {
                    waiting.extend(names.iter().map(String::as_str));
                }
            }
        }
    }
    edges.into_iter().collect()
}

/// The graph of `nodes`, with `gradients[i]` the step holding the gradient of node `i` (or
/// `None`); the two lists are the same length. Forward edges come from [`collapse`]; an edge
/// is `backward` when the gradients say so (see [`GraphEdge::backward`]).
pub fn step_graph(
    reads: &[StepReads],
    nodes: &[&str],
    gradients: &[Option<&str>],
) -> Result<Vec<GraphEdge>, GraphError> {
    let forward = collapse(reads, nodes);
    if let Some(cycle) = find_cycle(nodes.len(), &forward) {
        return Err(GraphError::Cycle(
            cycle
                .into_iter()
                .map(|node| nodes[node].to_string())
                .collect(),
        ));
    }
    // The gradients' own graph, with the nodes shown too, so that a gradient reading a value
    // of the forward pass stops there instead of following it back to a gradient that a
    // training loop fed into the weights.
    let owners: Vec<usize> = (0..nodes.len())
        .filter(|&node| gradients.get(node).copied().flatten().is_some())
        .collect();
    let mut shown = nodes.to_vec();
    shown.extend(
        owners
            .iter()
            .map(|&node| gradients[node].expect("an owner")),
    );
    let mut read_gradients: BTreeMap<usize, BTreeSet<usize>> =
        owners.iter().map(|&node| (node, BTreeSet::new())).collect();
    for (from, to) in collapse(reads, &shown) {
        if let (Some(from), Some(to)) = (from.checked_sub(nodes.len()), to.checked_sub(nodes.len()))
        {
            read_gradients
                .get_mut(&owners[to])
                .expect("an owner")
                .insert(owners[from]);
        }
    }
    let has_gradient = |node: usize| read_gradients.contains_key(&node);
    let is_read = |node: usize| forward.iter().any(|&(from, _)| from == node);
    for (&node, read) in &read_gradients {
        if let Some(&stray) = read
            .iter()
            .find(|&&later| !forward.contains(&(node, later)))
        {
            return Err(GraphError::StrayGradient { node, reads: stray });
        }
    }
    Ok(forward
        .iter()
        .map(|&(from, to)| {
            let backward = match read_gradients.get(&from) {
                Some(read) if read.is_empty() => !has_gradient(to) && !is_read(to),
                Some(read) => read.contains(&to),
                None => false,
            };
            GraphEdge { from, to, backward }
        })
        .collect())
}

/// A cycle among `count` nodes joined by `edges`, if there is one: Kahn's algorithm removes
/// every node with no edge in; whatever is left lies on or after a cycle, and walking back
/// along edges between left nodes (at most `count` steps) must come round to a node seen.
fn find_cycle(count: usize, edges: &[(usize, usize)]) -> Option<Vec<usize>> {
    let mut into = vec![0usize; count];
    for &(_, to) in edges {
        into[to] += 1;
    }
    let mut ready: Vec<usize> = (0..count).filter(|&node| into[node] == 0).collect();
    let mut removed = vec![false; count];
    while let Some(node) = ready.pop() {
        removed[node] = true;
        for &(from, to) in edges {
            if from == node {
                into[to] -= 1;
                if into[to] == 0 {
                    ready.push(to);
                }
            }
        }
    }
    let start = (0..count).find(|&node| !removed[node])?;
    let mut walk = vec![start];
    for _ in 0..count {
        let last = *walk.last().expect("a node");
        let previous = edges
            .iter()
            .find(|&&(from, to)| to == last && !removed[from])
            .map(|&(from, _)| from)?;
        if let Some(seen) = walk.iter().position(|&node| node == previous) {
            // The walk went against the edges; turn it round, and start at the node listed
            // first so the message reads as the author's list does.
            let mut cycle: Vec<usize> = walk[seen..].iter().rev().copied().collect();
            let first = (0..cycle.len())
                .min_by_key(|&at| cycle[at])
                .expect("a node");
            cycle.rotate_left(first);
            cycle.push(cycle[0]);
            return Some(cycle);
        }
        walk.push(previous);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compute::lang::parse;

    fn reads(steps: &str) -> Vec<StepReads> {
        parse(steps).unwrap().step_reads()
    }

    const BLOCK: &str = "\
h = x + p
q = h @ w_q
k = h @ w_k
s = q @ k.T
a = softmax(s)
r = h + a @ h
loss = sum(r)
g_r = 1 + 0 * r
g_a = g_r @ h.T
g_s = a * (g_a - sum(g_a * a))
g_q = g_s @ k
g_wq = h.T @ g_q
";

    #[test]
    fn steps_not_shown_are_collapsed_onto_the_nodes_that_read_through_them() {
        // s and a are hidden: r reads q and k through them, and h directly.
        let edges = collapse(&reads(BLOCK), &["h", "q", "k", "r"]);
        assert_eq!(edges, vec![(0, 1), (0, 2), (0, 3), (1, 3), (2, 3)]);
    }

    #[test]
    fn inputs_and_unread_names_give_no_edges_and_a_name_shown_twice_counts_once() {
        assert_eq!(
            collapse(&reads(BLOCK), &["x", "p", "h"]),
            vec![(0, 2), (1, 2)]
        );
        assert_eq!(collapse(&reads(BLOCK), &["loss", "x"]), vec![(1, 0)]);
        assert_eq!(collapse(&reads(BLOCK), &["h", "h", "q"]), vec![(0, 2)]);
    }

    #[test]
    fn a_loop_state_reading_itself_gives_no_edge() {
        let program = reads("w = w0\nrepeat 3:\n    w = w - 0.1 * w\n");
        assert_eq!(collapse(&program, &["w0", "w"]), vec![(0, 1)]);
    }

    #[test]
    fn gradients_flow_back_along_the_edges_whose_gradients_read_each_other() {
        let nodes = ["h", "w_q", "q", "s", "a", "r", "loss"];
        let gradients = [
            None,
            Some("g_wq"),
            Some("g_q"),
            Some("g_s"),
            Some("g_a"),
            Some("g_r"),
            None,
        ];
        let edges = step_graph(&reads(BLOCK), &nodes, &gradients).unwrap();
        let backward: Vec<(&str, &str)> = edges
            .iter()
            .filter(|edge| edge.backward)
            .map(|edge| (nodes[edge.from], nodes[edge.to]))
            .collect();
        // g_r reads no gradient and loss has none: the pass starts at r → loss. h has no
        // gradient, so nothing flows back along h → q; a → r and s → a carry their gradients.
        assert_eq!(
            backward,
            vec![
                ("w_q", "q"),
                ("q", "s"),
                ("s", "a"),
                ("a", "r"),
                ("r", "loss")
            ]
        );
        assert!(edges.contains(&GraphEdge {
            from: 0,
            to: 5,
            backward: false
        }));
        // Without a's gradient, g_s reads no gradient shown; but a is read by r, so it is not
        // where the pass starts, and nothing flows back to s.
        let gradients = [None, None, None, Some("g_s"), None, None, None];
        let edges = step_graph(&reads(BLOCK), &nodes, &gradients).unwrap();
        assert!(edges.iter().all(|edge| !edge.backward), "{edges:?}");
    }

    #[test]
    fn a_gradient_that_reads_past_its_node_successor_is_refused() {
        // g_q reads g_a through g_s, but s, shown without its gradient, stands between q and a.
        let nodes = ["q", "s", "a"];
        let error = step_graph(&reads(BLOCK), &nodes, &[Some("g_q"), None, Some("g_a")]);
        assert_eq!(error, Err(GraphError::StrayGradient { node: 0, reads: 2 }));
    }

    #[test]
    fn a_loop_that_carries_a_weight_through_its_gradient_is_a_cycle() {
        let program =
            reads("w = w0\nrepeat 3:\n    y = x @ w\n    g = x.T @ y\n    w = w - 0.1 * g\n");
        assert_eq!(
            step_graph(&program, &["w", "y", "g"], &[None, None, None]),
            Err(GraphError::Cycle(vec![
                "w".to_string(),
                "y".to_string(),
                "g".to_string(),
                "w".to_string()
            ]))
        );
    }

    #[test]
    fn a_cycle_is_found_among_nodes_that_only_follow_it() {
        // 0 → 1 → 2 → 1, and 2 → 3: 3 is left by Kahn's algorithm but is on no cycle.
        let cycle = find_cycle(4, &[(0, 1), (1, 2), (2, 1), (2, 3)]).unwrap();
        assert_eq!(cycle, vec![1, 2, 1]);
        assert_eq!(find_cycle(3, &[(0, 1), (1, 2), (0, 2)]), None);
    }
}
