//! Values drawn by their shapes rather than their numbers: a block of cells per value, with
//! operators between them, one line per step as the author grouped them.

use super::{FigureError, FigureOptions};
use crate::present::svg::{text_width, Anchor, Baseline, Point, Svg, LABEL_TEXT, SMALL_TEXT};

/// One thing in a line of a shapes figure: a value drawn by its shape, or an operator between
/// values (`@`, `=`, …) drawn as text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShapeItem {
    /// A value of `rows` × `cols` entries, named `label`; `input` when the author wrote it
    /// rather than a step computing it (the two are coloured differently).
    Value {
        /// The name shown above the block, e.g. `q1` or `k1.T`.
        label: String,
        /// Rows of the value seen as a matrix (a scalar is 1×1, a vector one row).
        rows: usize,
        /// Columns.
        cols: usize,
        /// Written in `[inputs]` rather than computed.
        input: bool,
    },
    /// Text between values.
    Operator(String),
}

/// Most entries along one side of a value in a shapes figure: beyond it a cell would be a
/// speck, and the picture would say less than the "r × c" printed under it.
pub const MOST_SHAPE_SIDE: usize = 64;
/// Side of one entry's cell, in user units, when the widest line fits the column at that size.
const SHAPE_CELL: f64 = 14.0;
/// The smallest side a cell shrinks to so that a wide line (several values of 16 columns, say)
/// still fits `MOST_WIDTH`; below it a cell would be a speck.
const SMALLEST_SHAPE_CELL: f64 = 4.0;
/// The widest a shapes figure may be, as every figure: at 360 px its labels stay legible.
const MOST_WIDTH: f64 = 416.0;
/// Space between two things on a line.
const SHAPE_GAP: f64 = 16.0;

/// Values of one example drawn by their shapes rather than their numbers: every entry a small
/// square, so a 4×2 matrix is a block of four rows and two columns, with its name above and
/// "rows × columns" below. `lines` are drawn one under another, as the author grouped them
/// (say one line per step of a computation, with operators between the values); inputs and
/// steps take different colours.
pub fn shapes_figure(
    lines: &[Vec<ShapeItem>],
    options: &FigureOptions,
) -> Result<String, FigureError> {
    for item in lines.iter().flatten() {
        if let ShapeItem::Value {
            label, rows, cols, ..
        } = item
        {
            if *rows > MOST_SHAPE_SIDE || *cols > MOST_SHAPE_SIDE {
                return Err(FigureError {
                    message: format!(
                        "{label} is {rows} × {cols}, too large to draw entry by entry (at most {MOST_SHAPE_SIDE} along a side)"
                    ),
                    help: "draw the shapes of a smaller example, or print the shape in a table"
                        .to_string(),
                });
            }
        }
    }
    let shape_text = |rows: usize, cols: usize| format!("{rows} × {cols}");
    let item_width = |item: &ShapeItem, cell: f64| match item {
        ShapeItem::Value {
            label, rows, cols, ..
        } => (*cols as f64 * cell)
            .max(text_width(label, LABEL_TEXT))
            .max(text_width(&shape_text(*rows, *cols), SMALL_TEXT)),
        ShapeItem::Operator(text) => text_width(text, LABEL_TEXT),
    };
    let line_width = |line: &[ShapeItem], cell: f64| -> f64 {
        let widths: f64 = line.iter().map(|item| item_width(item, cell)).sum();
        widths + SHAPE_GAP * line.len().saturating_sub(1) as f64
    };
    let figure_width = |cell: f64| {
        lines
            .iter()
            .map(|line| line_width(line, cell))
            .fold(0.0, f64::max)
            + 16.0
    };
    // Every line shares one cell size, so values on different lines compare by size; it
    // shrinks in half-unit steps until the widest line fits.
    let mut cell = SHAPE_CELL;
    while figure_width(cell) > MOST_WIDTH && cell > SMALLEST_SHAPE_CELL {
        cell -= 0.5;
    }
    let block_height = |line: &[ShapeItem]| -> f64 {
        line.iter()
            .map(|item| match item {
                ShapeItem::Value { rows, .. } => *rows as f64 * cell,
                ShapeItem::Operator(_) => LABEL_TEXT,
            })
            .fold(0.0, f64::max)
    };
    let above = LABEL_TEXT + 8.0;
    let below = SMALL_TEXT + 10.0;
    let width = figure_width(cell);
    let has = |wanted: bool| {
        lines
            .iter()
            .flatten()
            .any(|item| matches!(item, ShapeItem::Value { input, .. } if *input == wanted))
    };
    let legend = has(true) && has(false);
    let legend_height = if legend { LABEL_TEXT + 16.0 } else { 0.0 };
    let height: f64 = lines
        .iter()
        .map(|line| above + block_height(line) + below)
        .sum::<f64>()
        + 8.0
        + legend_height;
    let mut svg = Svg::new(width, height, &options.id_prefix);
    let mut described = Vec::new();
    let mut top = 4.0;
    for line in lines {
        let tallest = block_height(line);
        let middle = top + above + tallest / 2.0;
        let mut x = (width - line_width(line, cell)) / 2.0;
        let mut words = Vec::new();
        for item in line {
            let item_width = item_width(item, cell);
            let centre = x + item_width / 2.0;
            match item {
                ShapeItem::Value {
                    label,
                    rows,
                    cols,
                    input,
                } => {
                    let (block_width, block_height) = (*cols as f64 * cell, *rows as f64 * cell);
                    let left = centre - block_width / 2.0;
                    let block_top = middle - block_height / 2.0;
                    svg.group(if *input {
                        "wf-series wf-s1"
                    } else {
                        "wf-series wf-s0"
                    });
                    for row in 0..*rows {
                        for col in 0..*cols {
                            svg.rect(
                                left + col as f64 * cell,
                                block_top + row as f64 * cell,
                                cell,
                                cell,
                                "wf-entry",
                            );
                        }
                    }
                    svg.text(
                        Point::new(centre, block_top - 6.0),
                        (Anchor::Middle, Baseline::Alphabetic),
                        LABEL_TEXT,
                        "wf-label",
                        label,
                    );
                    svg.end_group();
                    svg.text(
                        Point::new(centre, block_top + block_height + 6.0),
                        (Anchor::Middle, Baseline::Hanging),
                        SMALL_TEXT,
                        "wf-tick",
                        &shape_text(*rows, *cols),
                    );
                    let origin = if *input { "input" } else { "step" };
                    words.push(format!("{label} ({origin}, {})", shape_text(*rows, *cols)));
                }
                ShapeItem::Operator(text) => {
                    svg.text(
                        Point::new(centre, middle),
                        (Anchor::Middle, Baseline::Middle),
                        LABEL_TEXT,
                        "wf-legend",
                        text,
                    );
                    words.push(text.clone());
                }
            }
            x += item_width + SHAPE_GAP;
        }
        described.push(words.join(" "));
        top += above + tallest + below;
    }
    if legend {
        let y = top + 8.0;
        let mut x = (width - 160.0) / 2.0;
        for (class, name) in [("wf-series wf-s1", "input"), ("wf-series wf-s0", "step")] {
            svg.group(class);
            svg.rect(x, y, SHAPE_CELL, SHAPE_CELL, "wf-entry");
            svg.end_group();
            svg.text(
                Point::new(x + SHAPE_CELL + 6.0, y + SHAPE_CELL / 2.0),
                (Anchor::Start, Baseline::Middle),
                LABEL_TEXT,
                "wf-legend",
                name,
            );
            x += 90.0;
        }
    }
    let title = format!("Shapes of the values of {}", options.example);
    let description = format!("{}: {}.", title, described.join("; "));
    let svg = svg.finish("wf-chart wf-shapes-chart", &title, &description);
    Ok(options.wrap("shapes", &[svg], &format!("{title}.")))
}
