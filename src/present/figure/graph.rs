//! A compute example's steps as a computation graph: one box per step the author picked,
//! solid arrows where a step reads another, dashed arrows back where the backward pass carries
//! a gradient, each box tagged with the name of its gradient's step.
//!
//! The edges come from `compute::graph` (the program's own reads); this file only lays them
//! out. Top to bottom in layers (a step one layer below the deepest step it reads), so that the
//! picture reads in the program's order and stays one narrow column on a phone. An edge between
//! neighbouring layers is a straight arrow; a longer one (a residual branch) leaves downwards,
//! runs along a lane beside the layers it skips, and comes in from above, so no arrow crosses
//! a box. The backward arrow of an edge runs beside it, the other way.

use super::{and_list, FigureError, FigureOptions};
use crate::compute::graph::{GraphEdge, MOST_GRAPH_NODES};
use crate::present::svg::{text_width, Anchor, Baseline, Point, Svg, LABEL_TEXT, SMALL_TEXT};

/// One box of a graph figure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GraphNode {
    /// The step's (or input's) name.
    pub name: String,
    /// Rows of its value seen as a matrix (a scalar is 1×1, a vector one row).
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// The step that holds its gradient, if the figure pairs it with one.
    pub gradient: Option<String>,
}

/// Most edges a graph figure draws: with [`MOST_GRAPH_NODES`] boxes in at most
/// [`MOST_GRAPH_LAYERS`] layers, more would be a thicket rather than a picture.
pub const MOST_GRAPH_EDGES: usize = 64;
/// Most layers (the longest chain of steps): each adds a box's height to a tall picture.
pub const MOST_GRAPH_LAYERS: usize = 16;
/// The widest a graph may be, as every figure: at 360 px its labels stay legible.
const MOST_WIDTH: f64 = 416.0;
/// Space inside a box around its text.
const PADDING: f64 = 8.0;
/// Height of a box: one line, the name and the shape.
const BOX_HEIGHT: f64 = 28.0;
/// Space between two boxes of a layer, and between a box and its gradient's tag.
const BOX_GAP: f64 = 20.0;
/// Space between layers, where the arrows run.
const LAYER_GAP: f64 = 30.0;
/// Distance between an edge's forward arrow and its backward one.
const PAIR_GAP: f64 = 8.0;
/// Distance between two lanes of long edges, and from the boxes to the first lane.
const LANE_GAP: f64 = 18.0;
/// Room above the layers for the legend.
const LEGEND_HEIGHT: f64 = 34.0;

/// Where a box goes: its centre, half its width, its layer.
#[derive(Debug, Clone, Copy)]
struct Placed {
    centre_x: f64,
    half_width: f64,
    layer: usize,
}

/// The layer of every node: one below the deepest node it reads, and a node that reads nothing
/// (a weight, an input) just above the first node that reads it, so a weight sits beside the
/// value it multiplies rather than at the top. At most `count + 1` rounds of relaxation: an edge
/// still pushing a node down after that is a cycle, which the compute core refuses already.
pub(super) fn layers(count: usize, edges: &[GraphEdge]) -> Result<Vec<usize>, FigureError> {
    let mut layer = vec![0usize; count];
    let mut settled = false;
    for _ in 0..=count {
        settled = true;
        for edge in edges {
            if layer[edge.to] < layer[edge.from] + 1 {
                layer[edge.to] = layer[edge.from] + 1;
                settled = false;
            }
        }
        if settled {
            break;
        }
    }
    if !settled {
        return Err(FigureError {
            message: "the steps of the graph read each other in a cycle".to_string(),
            help: "draw the steps of one pass of the loop".to_string(),
        });
    }
    for node in 0..count {
        let reads_nothing = edges.iter().all(|edge| edge.to != node);
        let first_reader = edges
            .iter()
            .filter(|edge| edge.from == node)
            .map(|edge| layer[edge.to])
            .min();
        if let (true, Some(reader)) = (reads_nothing, first_reader) {
            layer[node] = reader - 1;
        }
    }
    Ok(layer)
}

/// A node's shape as printed under its name.
fn shape_text(node: &GraphNode) -> String {
    format!("{} × {}", node.rows, node.cols)
}

/// The box's width: the name and shape on one line, apart by more than a space, since the
/// name is bold and runs wider than [`text_width`] estimates.
fn box_width(node: &GraphNode) -> f64 {
    PADDING * 2.0
        + text_width(&node.name, LABEL_TEXT)
        + 10.0
        + text_width(&shape_text(node), SMALL_TEXT)
}

/// The width of the gradient's tag beside the box, with the gap before it; 0 without one.
fn tag_width(node: &GraphNode) -> f64 {
    node.gradient
        .as_ref()
        .map_or(0.0, |gradient| 6.0 + text_width(gradient, SMALL_TEXT))
}

/// `points` moved `distance` across the direction of travel (for a path going down, positive
/// is towards larger x), corners mitred so that the copy stays parallel to the path.
pub(super) fn offset(points: &[Point], distance: f64) -> Vec<Point> {
    let normal = |a: Point, b: Point| {
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        let length = dx.hypot(dy).max(f64::MIN_POSITIVE);
        (dy / length, -dx / length)
    };
    let count = points.len();
    (0..count)
        .map(|at| {
            let before = (at > 0).then(|| normal(points[at - 1], points[at]));
            let after = (at + 1 < count).then(|| normal(points[at], points[at + 1]));
            let (nx, ny) = match (before, after) {
                (Some(a), Some(b)) => {
                    let scale = 1.0 + a.0 * b.0 + a.1 * b.1;
                    ((a.0 + b.0) / scale, (a.1 + b.1) / scale)
                }
                (Some(only), None) | (None, Some(only)) => only,
                (None, None) => (0.0, 0.0),
            };
            Point::new(points[at].x + nx * distance, points[at].y + ny * distance)
        })
        .collect()
}

/// Moves the first and last points of `path` along their segments back onto the box edges
/// they leave from (`from_y`) and arrive at (`to_y`), after an offset tilted them off.
fn onto_edges(mut path: Vec<Point>, from_y: f64, to_y: f64) -> Vec<Point> {
    let onto = |end: Point, next: Point, y: f64| {
        if (next.y - end.y).abs() < 1e-9 {
            end
        } else {
            let t = (y - end.y) / (next.y - end.y);
            Point::new(end.x + (next.x - end.x) * t, y)
        }
    };
    let last = path.len() - 1;
    path[0] = onto(path[0], path[1], from_y);
    path[last] = onto(path[last], path[last - 1], to_y);
    path
}

/// Draws `path` with an arrowhead at its end: a polyline up to the last segment, an arrow on it.
fn arrow_along(svg: &mut Svg, path: &[Point], class: &str) {
    let last = path.len() - 1;
    if last > 1 {
        svg.polyline(&path[..last], class);
    }
    svg.arrow(path[last - 1], path[last], class);
}

/// Where the boxes of each layer go, in the author's order, packed and centred on x = 0 (a
/// lone box on it exactly, its tag hanging to the right, so a chain of lone boxes is one
/// straight line).
fn place_boxes(nodes: &[GraphNode], layer_of: &[usize], layer_count: usize) -> Vec<Placed> {
    let mut placed: Vec<Placed> = nodes
        .iter()
        .zip(layer_of)
        .map(|(node, &layer)| Placed {
            centre_x: 0.0,
            half_width: box_width(node) / 2.0,
            layer,
        })
        .collect();
    for layer in 0..layer_count {
        let members: Vec<usize> = (0..nodes.len())
            .filter(|&node| layer_of[node] == layer)
            .collect();
        let mut x = 0.0;
        for &node in &members {
            placed[node].centre_x = x + placed[node].half_width;
            x += placed[node].half_width * 2.0 + tag_width(&nodes[node]) + BOX_GAP;
        }
        if let (Some(&first), Some(&last)) = (members.first(), members.last()) {
            let middle = (placed[first].centre_x + placed[last].centre_x) / 2.0;
            for &node in &members {
                placed[node].centre_x -= middle;
            }
        }
    }
    placed
}

/// The vertical lane of an edge that skips layers.
struct Lane {
    /// Index of the edge in the figure's list.
    edge: usize,
    /// Whether it runs left of the layers (else right).
    left: bool,
    /// Its x, in the layout's coordinates (x = 0 the layers' middle).
    x: f64,
}

/// Lanes for the edges that skip layers, shortest first: each on the side its ends lean to,
/// clear of every box and tag of the layers it skips and of the lanes already there that
/// share a layer with it. `extent` is a layer's (left, right) edge.
fn route_lanes(
    edges: &[GraphEdge],
    layer_of: &[usize],
    placed: &[Placed],
    extent: impl Fn(usize) -> (f64, f64),
) -> Vec<Lane> {
    let mut lanes: Vec<Lane> = Vec::new();
    let mut long: Vec<usize> = (0..edges.len())
        .filter(|&at| layer_of[edges[at].to] > layer_of[edges[at].from] + 1)
        .collect();
    long.sort_by_key(|&at| layer_of[edges[at].to] - layer_of[edges[at].from]);
    for at in long {
        let edge = edges[at];
        let (from, to) = (layer_of[edge.from], layer_of[edge.to]);
        let left = placed[edge.from].centre_x + placed[edge.to].centre_x <= 0.0;
        let skipped = (from + 1..to).map(&extent);
        let mut x = if left {
            skipped.map(|(l, _)| l).fold(f64::INFINITY, f64::min) - LANE_GAP
        } else {
            skipped.map(|(_, r)| r).fold(f64::NEG_INFINITY, f64::max) + LANE_GAP
        };
        let shares = |other: &Lane| {
            let other_edge = edges[other.edge];
            other.left == left && layer_of[other_edge.from] < to && from < layer_of[other_edge.to]
        };
        for other in lanes.iter().filter(|other| shares(other)) {
            x = if left {
                x.min(other.x - LANE_GAP)
            } else {
                x.max(other.x + LANE_GAP)
            };
        }
        lanes.push(Lane { edge: at, left, x });
    }
    lanes
}

/// What a solid and a dashed arrow mean, as the legend says it (the dashed one only when the
/// figure has one).
fn legend_entries(edges: &[GraphEdge]) -> &'static [(&'static str, &'static str)] {
    if edges.iter().any(|edge| edge.backward) {
        &[
            ("wf-forward", "forward: reads"),
            ("wf-backward", "backward: gradient"),
        ]
    } else {
        &[("wf-forward", "forward: reads")]
    }
}

/// A legend entry's width: a short arrow, then its words.
fn legend_entry_width(text: &str) -> f64 {
    34.0 + text_width(text, SMALL_TEXT)
}

/// The legend's width, its entries side by side.
fn legend_width(entries: &[(&str, &str)]) -> f64 {
    entries
        .iter()
        .map(|(_, text)| legend_entry_width(text))
        .sum::<f64>()
        + BOX_GAP * entries.len().saturating_sub(1) as f64
}

/// Draws the legend centred across the top of a picture `width` wide.
fn draw_legend(svg: &mut Svg, entries: &[(&str, &str)], width: f64) {
    let mut x = (width - legend_width(entries)) / 2.0;
    for (class, text) in entries {
        svg.arrow(Point::new(x, 14.0), Point::new(x + 28.0, 14.0), class);
        svg.text(
            Point::new(x + 34.0, 14.0),
            (Anchor::Start, Baseline::Middle),
            SMALL_TEXT,
            "wf-legend",
            text,
        );
        x += legend_entry_width(text) + BOX_GAP;
    }
}

/// Draws one box: its outline, its name and shape, and its gradient's tag on the right.
fn draw_box(svg: &mut Svg, node: &GraphNode, left: f64, top: f64, width: f64) {
    svg.polyline(
        &[
            Point::new(left, top),
            Point::new(left + width, top),
            Point::new(left + width, top + BOX_HEIGHT),
            Point::new(left, top + BOX_HEIGHT),
            Point::new(left, top),
        ],
        "wf-node",
    );
    let middle = top + BOX_HEIGHT / 2.0;
    let aligned = |anchor| (anchor, Baseline::Middle);
    svg.text(
        Point::new(left + PADDING, middle),
        aligned(Anchor::Start),
        LABEL_TEXT,
        "wf-node-name",
        &node.name,
    );
    svg.text(
        Point::new(left + width - PADDING, middle),
        aligned(Anchor::End),
        SMALL_TEXT,
        "wf-tick",
        &shape_text(node),
    );
    if let Some(gradient) = &node.gradient {
        svg.text(
            Point::new(left + width + 6.0, middle),
            aligned(Anchor::Start),
            SMALL_TEXT,
            "wf-gradient",
            gradient,
        );
    }
}

/// The steps `nodes` as boxes in layers, `edges` (from `compute::graph::step_graph`) as
/// arrows, the backward ones dashed beside them.
pub fn graph_figure(
    nodes: &[GraphNode],
    edges: &[GraphEdge],
    options: &FigureOptions,
) -> Result<String, FigureError> {
    if nodes.is_empty() || nodes.len() > MOST_GRAPH_NODES || edges.len() > MOST_GRAPH_EDGES {
        return Err(FigureError {
            message: format!(
                "a graph of {} steps and {} arrows is more than a figure can draw (at most {MOST_GRAPH_NODES} steps and {MOST_GRAPH_EDGES} arrows)",
                nodes.len(),
                edges.len()
            ),
            help: "show fewer steps: those left out are followed through to the ones shown"
                .to_string(),
        });
    }
    let layer_of = layers(nodes.len(), edges)?;
    let layer_count = layer_of.iter().max().map_or(0, |deepest| deepest + 1);
    if layer_count > MOST_GRAPH_LAYERS {
        return Err(FigureError {
            message: format!(
                "the steps shown form a chain {layer_count} deep, more than the {MOST_GRAPH_LAYERS} layers a graph figure draws"
            ),
            help: "show fewer steps along the chain: those left out are followed through"
                .to_string(),
        });
    }
    let placed = place_boxes(nodes, &layer_of, layer_count);
    let extent = |layer: usize| -> (f64, f64) {
        (0..nodes.len())
            .filter(|&node| layer_of[node] == layer)
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(left, right), node| {
                let box_ = placed[node];
                (
                    left.min(box_.centre_x - box_.half_width),
                    right.max(box_.centre_x + box_.half_width + tag_width(&nodes[node])),
                )
            })
    };
    let lanes = route_lanes(edges, &layer_of, &placed, extent);

    // The picture's width: every box, tag and lane (with room for the backward arrow beside
    // it), and the legend, centred.
    let (mut left, mut right) = (0..layer_count)
        .map(extent)
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(l, r), (a, b)| {
            (l.min(a), r.max(b))
        });
    for lane in &lanes {
        left = left.min(lane.x - PAIR_GAP);
        right = right.max(lane.x + PAIR_GAP);
    }
    let entries = legend_entries(edges);
    let width = (right - left).max(legend_width(entries)) + 16.0;
    if width > MOST_WIDTH {
        return Err(FigureError {
            message: format!(
                "the graph is {width:.0} units wide, more than the {MOST_WIDTH:.0} that stay legible on a phone"
            ),
            help: "show fewer steps side by side, or leave out a weight that reads nothing"
                .to_string(),
        });
    }
    let shift = (width - (right + left)) / 2.0;
    let layer_top = |layer: usize| LEGEND_HEIGHT + layer as f64 * (BOX_HEIGHT + LAYER_GAP);
    let height = layer_top(layer_count) - LAYER_GAP + 8.0;
    let mut svg = Svg::new(width, height, &options.id_prefix);
    let centre = |node: usize| placed[node].centre_x + shift;
    let top = |node: usize| layer_top(placed[node].layer);
    let bottom = |node: usize| top(node) + BOX_HEIGHT;

    // Where an edge leaves the bottom of a box or enters the top of one: off the centre towards
    // the other end, so several edges of one box part.
    let port = |node: usize, towards: f64| {
        let room = (placed[node].half_width - PADDING).max(0.0);
        centre(node) + ((towards - centre(node)) / 3.0).clamp(-room, room)
    };
    for (at, edge) in edges.iter().enumerate() {
        let (from_y, to_y) = (bottom(edge.from), top(edge.to));
        let path = match lanes.iter().find(|lane| lane.edge == at) {
            None => vec![
                Point::new(port(edge.from, centre(edge.to)), from_y),
                Point::new(port(edge.to, centre(edge.from)), to_y),
            ],
            Some(lane) => {
                let x = lane.x + shift;
                let (out, into) = (port(edge.from, x), port(edge.to, x));
                let below = from_y + LAYER_GAP / 2.0;
                let above = to_y - LAYER_GAP / 2.0;
                vec![
                    Point::new(out, from_y),
                    Point::new(out, below),
                    Point::new(x, below),
                    Point::new(x, above),
                    Point::new(into, above),
                    Point::new(into, to_y),
                ]
            }
        };
        if edge.backward {
            let forward = onto_edges(offset(&path, -PAIR_GAP / 2.0), from_y, to_y);
            arrow_along(&mut svg, &forward, "wf-forward");
            let mut back = onto_edges(offset(&path, PAIR_GAP / 2.0), from_y, to_y);
            back.reverse();
            arrow_along(&mut svg, &back, "wf-backward");
        } else {
            arrow_along(&mut svg, &path, "wf-forward");
        }
    }
    for (index, node) in nodes.iter().enumerate() {
        let half = placed[index].half_width;
        draw_box(&mut svg, node, centre(index) - half, top(index), half * 2.0);
    }
    draw_legend(&mut svg, entries, width);

    let title = format!("Computation graph of {}", options.example);
    let description = describe(nodes, edges, &title);
    let svg = svg.finish("wf-chart wf-graph-chart", &title, &description);
    let caption = if entries.len() > 1 {
        format!("{title}: solid arrows run forward from a step to the steps that read it, dashed arrows carry the gradients back.")
    } else {
        format!("{title}: arrows run from a step to the steps that read it.")
    };
    Ok(options.wrap("graph", &[svg], &caption))
}

/// The graph in words: each step, its shape and the steps that read it; then, for each
/// gradient, the steps it comes back from.
fn describe(nodes: &[GraphNode], edges: &[GraphEdge], title: &str) -> String {
    let mut sentences = vec![format!("{title}, top to bottom.")];
    for (index, node) in nodes.iter().enumerate() {
        let readers: Vec<String> = edges
            .iter()
            .filter(|edge| edge.from == index)
            .map(|edge| nodes[edge.to].name.clone())
            .collect();
        let read = if readers.is_empty() {
            String::new()
        } else {
            format!(", read by {}", and_list(&readers))
        };
        sentences.push(format!("{} ({}){read}.", node.name, shape_text(node)));
    }
    for (index, node) in nodes.iter().enumerate() {
        let Some(gradient) = &node.gradient else {
            continue;
        };
        let from: Vec<String> = edges
            .iter()
            .filter(|edge| edge.backward && edge.from == index)
            .map(|edge| nodes[edge.to].name.clone())
            .collect();
        if from.is_empty() {
            sentences.push(format!("The gradient of {} is {gradient}.", node.name));
        } else {
            sentences.push(format!(
                "The gradient of {}, {gradient}, comes back from {}.",
                node.name,
                and_list(&from)
            ));
        }
    }
    sentences.join(" ")
}
