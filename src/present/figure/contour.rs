//! A step over a grid as lines of equal value: the `contour` view of a matrix `Z`, whose entry
//! in row i and column j is read as the value at (x_j, y_i). The lines come from marching
//! squares, at levels evenly spaced between the matrix's least and greatest entries (the
//! extremes left out: a line at the peak is a point). A path (a descent's iterates, a matrix of
//! two columns) may run over it.
//!
//! Marching squares here is written to be twinned exactly in the browser
//! (`static/js/contour-view.js`): every crossing is interpolated on its grid edge with the same
//! expression, a saddle cell is resolved by the mean of its four corners, and segments are
//! joined into lines by the edges they share (exact integers, never by comparing floats), in
//! the order of the cells. The loops are bounded by the grid: at most two segments per cell
//! and level.

use super::{and_list, placed_ticks, side, AxisText, FigureError, FigureOptions};
use crate::compute::Quantity;
use crate::present::format_compact;
use crate::present::svg::{
    fitted_ticks, fitted_x_axis, legible_width, text_width, widest, Anchor, Baseline, Frame, Point,
    Scale, Svg, LABEL_TEXT, SMALL_TEXT,
};
use ndarray::ArrayView2;

/// The panel's width and height: legible alone on a phone.
const PANEL: (f64, f64) = (360.0, 340.0);
const _: () = assert!(PANEL.0 <= legible_width(SMALL_TEXT));

/// Fewest and most rows (and columns) of a grid a contour draws.
pub const LEAST_CONTOUR_SIDE: usize = 2;
/// Most rows and columns: 64 × 64 values, the most a widget shows.
pub const MOST_CONTOUR_SIDE: usize = 64;
/// Levels drawn unless the author says how many.
pub const DEFAULT_LEVELS: usize = 8;
/// Most levels: each needs a swatch in the legend and a shade the eye can tell apart.
pub const MOST_LEVELS: usize = 16;
/// Most points of a path drawn over the contours.
pub const MOST_PATH_POINTS: usize = 1024;

/// The plot's top: the legend's line is above it.
const TOP: f64 = 34.0;
/// The legend's middle line.
const LEGEND_Y: f64 = 14.0;
/// Most room the legend's swatches take together.
const SWATCHES: f64 = 136.0;
/// Least room a legend's swatch takes (a 1-pixel dash and its gap).
const MIN_SWATCH: f64 = 4.0;
/// Room the legend leaves at the panel's right edge.
const LEGEND_MARGIN: f64 = 4.0;
/// Radius of the path's start.
const START_DOT: f64 = 4.0;
/// Half the arm of the cross at the optimum.
const OPTIMUM_CROSS: f64 = 6.0;

/// One line of equal value: its points in data coordinates, and whether it closes on itself.
#[derive(Debug, Clone, PartialEq)]
pub struct IsoLine {
    /// The points, in order along the line.
    pub points: Vec<(f64, f64)>,
    /// A ring: the last point joins the first.
    pub closed: bool,
}

/// `n` levels evenly spaced strictly between `low` and `high`; none when the two are equal
/// (a flat grid has no lines).
pub fn contour_levels(low: f64, high: f64, n: usize) -> Vec<f64> {
    if high.partial_cmp(&low) != Some(std::cmp::Ordering::Greater) {
        return Vec::new();
    }
    (0..n)
        .map(|k| low + (high - low) * (k + 1) as f64 / (n + 1) as f64)
        .collect()
}

/// A grid edge crossed by a level: horizontal edges from (i, j) to (i, j + 1) are `2·(i·cols +
/// j)`, vertical ones from (i, j) to (i + 1, j) the odd number after.
type Edge = usize;

/// The lines of `z` at `level`, by marching squares. `xs` gives each column's x and `ys` each
/// row's y (row 0 at the bottom); a corner counts as above the level when its value exceeds
/// it, and a saddle cell (two opposite corners above) joins its above corners when the mean
/// of its four corners is above too.
pub fn iso_lines(z: ArrayView2<f64>, xs: &[f64], ys: &[f64], level: f64) -> Vec<IsoLine> {
    let (rows, cols) = z.dim();
    if rows < 2 || cols < 2 {
        return Vec::new();
    }
    let above = |i: usize, j: usize| z[[i, j]] > level;
    // Each cell's segments, as the two edges each joins.
    let mut segments: Vec<(Edge, Edge)> = Vec::new();
    for i in 0..rows - 1 {
        for j in 0..cols - 1 {
            let bottom = 2 * (i * cols + j);
            let top = 2 * ((i + 1) * cols + j);
            let left = bottom + 1;
            let right = 2 * (i * cols + j + 1) + 1;
            let corners = [
                above(i, j),
                above(i, j + 1),
                above(i + 1, j + 1),
                above(i + 1, j),
            ];
            let case = corners
                .iter()
                .enumerate()
                .fold(0, |case, (bit, &up)| case | (usize::from(up) << bit));
            match case {
                0 | 15 => {}
                5 | 10 => {
                    let mean =
                        (z[[i, j]] + z[[i, j + 1]] + z[[i + 1, j + 1]] + z[[i + 1, j]]) / 4.0;
                    // Around the bottom-right and top-left corners, or the other two.
                    if (case == 5) == (mean > level) {
                        segments.push((bottom, right));
                        segments.push((top, left));
                    } else {
                        segments.push((bottom, left));
                        segments.push((right, top));
                    }
                }
                _ => {
                    // Exactly two edges have one corner above and one not.
                    let crossed: Vec<Edge> = [
                        (bottom, corners[0] != corners[1]),
                        (right, corners[1] != corners[2]),
                        (top, corners[2] != corners[3]),
                        (left, corners[3] != corners[0]),
                    ]
                    .into_iter()
                    .filter(|(_, crossed)| *crossed)
                    .map(|(edge, _)| edge)
                    .collect();
                    segments.push((crossed[0], crossed[1]));
                }
            }
        }
    }
    let crossing = |edge: Edge| -> (f64, f64) {
        let (i, j) = ((edge / 2) / cols, (edge / 2) % cols);
        if edge % 2 == 0 {
            let t = (level - z[[i, j]]) / (z[[i, j + 1]] - z[[i, j]]);
            (xs[j] + t * (xs[j + 1] - xs[j]), ys[i])
        } else {
            let t = (level - z[[i, j]]) / (z[[i + 1, j]] - z[[i, j]]);
            (xs[j], ys[i] + t * (ys[i + 1] - ys[i]))
        }
    };
    join(&segments, 2 * rows * cols, crossing)
}

/// Segments joined into lines by their shared edges: first the lines that end at the grid's
/// border (from the first segment with a free end), then the rings.
fn join(
    segments: &[(Edge, Edge)],
    edges: usize,
    crossing: impl Fn(Edge) -> (f64, f64),
) -> Vec<IsoLine> {
    // The (at most two) segments at each edge.
    let mut at: Vec<[usize; 2]> = vec![[usize::MAX; 2]; edges];
    for (index, &(a, b)) in segments.iter().enumerate() {
        for edge in [a, b] {
            let slot = if at[edge][0] == usize::MAX { 0 } else { 1 };
            at[edge][slot] = index;
        }
    }
    let free = |edge: Edge| at[edge][1] == usize::MAX;
    let mut used = vec![false; segments.len()];
    let mut lines = Vec::new();
    for open in [true, false] {
        for start in 0..segments.len() {
            if used[start] {
                continue;
            }
            let (a, b) = segments[start];
            let from = match (open, free(a), free(b)) {
                (true, true, _) => a,
                (true, false, true) => b,
                (true, false, false) => continue,
                (false, _, _) => a,
            };
            let mut points = vec![crossing(from)];
            let (mut segment, mut edge) = (start, from);
            loop {
                used[segment] = true;
                let (a, b) = segments[segment];
                edge = if a == edge { b } else { a };
                let next = at[edge].into_iter().find(|&s| s != usize::MAX && !used[s]);
                match next {
                    Some(next) => {
                        points.push(crossing(edge));
                        segment = next;
                    }
                    None => break,
                }
            }
            let closed = edge == from && !open;
            if !closed {
                points.push(crossing(edge));
            }
            lines.push(IsoLine { points, closed });
        }
    }
    lines
}

/// What a contour draws besides its grid: the steps giving each column's x and each row's y,
/// a path over it, and how many levels.
#[derive(Debug, Clone, Copy)]
pub struct ContourParts<'a> {
    /// The step of one x per column, and its name; else columns 1, 2, ….
    pub x: Option<(&'a str, &'a Quantity)>,
    /// The step of one y per row, and its name; else rows 1, 2, … (row 1 at the bottom).
    pub y: Option<(&'a str, &'a Quantity)>,
    /// A matrix of two columns, one (x, y) per row, drawn as a line over the contours.
    pub path: Option<(&'a str, &'a Quantity)>,
    /// How many levels.
    pub levels: usize,
    /// A point (two numbers) marked ✕ and labelled with its step's name: a fit's optimum, the
    /// bottom of the valley a path descends.
    pub optimum: Option<(&'a str, &'a Quantity)>,
    /// A matrix of two rows, each a direction (x, y) drawn as a line through `optimum`, the
    /// first solid and the second dashed: a valley's steepest and shallowest directions.
    pub directions: Option<(&'a str, &'a Quantity)>,
}

/// The entries of a vector, or of a matrix of one row or one column.
fn entries(quantity: &Quantity) -> Option<Vec<f64>> {
    match quantity {
        Quantity::Vector { values, .. } => Some(values.to_vec()),
        Quantity::Matrix { values, .. } if values.nrows() == 1 || values.ncols() == 1 => {
            Some(values.iter().copied().collect())
        }
        _ => None,
    }
}

fn refused(message: String, help: &str) -> FigureError {
    FigureError {
        message,
        help: help.to_string(),
    }
}

/// The coordinates along one side of the grid: the author's step (one finite value per
/// column or row, strictly increasing) or the positions 1, 2, ….
fn side_values(
    side: Option<(&str, &Quantity)>,
    count: usize,
    what: &str,
    axis: &str,
    along: &str,
) -> Result<Vec<f64>, FigureError> {
    let Some((name, quantity)) = side else {
        return Ok((1..=count).map(|i| i as f64).collect());
    };
    let help =
        format!("give `{axis}` a step holding one {axis} per {along} of {what}, smallest first");
    let values = entries(quantity).ok_or_else(|| {
        refused(
            format!(
                "`{name}` is {}, and a contour's {axis} is a vector of one {axis} per {along}",
                quantity.shape_description()
            ),
            &help,
        )
    })?;
    if values.len() != count {
        return Err(refused(
            format!(
                "`{name}` holds {} values, and {what} has {count} {along}s",
                values.len()
            ),
            &help,
        ));
    }
    if values.iter().any(|v| !v.is_finite()) || values.windows(2).any(|w| w[1] <= w[0]) {
        return Err(refused(
            format!("`{name}` must rise from {along} to {along} in finite steps, and it does not"),
            &help,
        ));
    }
    Ok(values)
}

/// A matrix of `LEAST_CONTOUR_SIDE..=MOST_CONTOUR_SIDE` rows and columns of finite values as
/// lines of equal value, with the `parts` the author named; or why it cannot be drawn.
pub fn contour_step_figure(
    quantity: &Quantity,
    what: &str,
    parts: &ContourParts,
    options: &FigureOptions,
) -> Result<String, FigureError> {
    let (panel, title) = contour_step_panel(quantity, what, parts, options)?;
    Ok(options.wrap("contour", &[panel], &format!("{title}.")))
}

/// [`contour_step_figure`]'s one SVG and its title, for a figure of several panels (a
/// descent's loss beside the path over its valley).
pub fn contour_step_panel(
    quantity: &Quantity,
    what: &str,
    parts: &ContourParts,
    options: &FigureOptions,
) -> Result<(String, String), FigureError> {
    let sides = format!("{LEAST_CONTOUR_SIDE} to {MOST_CONTOUR_SIDE}");
    let z = match quantity {
        Quantity::Matrix { values, .. }
            if (LEAST_CONTOUR_SIDE..=MOST_CONTOUR_SIDE).contains(&values.nrows())
                && (LEAST_CONTOUR_SIDE..=MOST_CONTOUR_SIDE).contains(&values.ncols()) =>
        {
            values.view()
        }
        _ => {
            return Err(refused(
                format!(
                    "`{what}` is {}, and a contour draws a matrix of {sides} rows and columns",
                    quantity.shape_description()
                ),
                "draw a matrix of values over a grid, one row per y and one column per x",
            ))
        }
    };
    if z.iter().any(|v| !v.is_finite()) {
        return Err(refused(
            format!("a contour draws finite numbers, and `{what}` holds one that is not"),
            "draw a step without masked (−∞) or overflowing entries",
        ));
    }
    if !(1..=MOST_LEVELS).contains(&parts.levels) {
        return Err(refused(
            format!(
                "a contour draws 1 to {MOST_LEVELS} levels, and this one asks for {}",
                parts.levels
            ),
            "ask for fewer levels, or leave out `levels` for 8",
        ));
    }
    let (rows, cols) = z.dim();
    let xs = side_values(parts.x, cols, what, "x", "column")?;
    let ys = side_values(parts.y, rows, what, "y", "row")?;
    let path = match parts.path {
        None => None,
        Some((name, quantity)) => Some((name, path_points(name, quantity)?)),
    };
    let marks = optimum_marks(parts)?;
    Ok(draw(z, what, &xs, &ys, path, marks, parts, options))
}

/// A contour's optimum, a point, and the directions drawn through it, two (x, y) rows.
#[derive(Debug, Clone, Default)]
struct OptimumMarks<'a> {
    optimum: Option<(&'a str, (f64, f64))>,
    directions: Option<(&'a str, [(f64, f64); 2])>,
}

/// The optimum's point and the directions' rows, all finite; directions need an optimum to run
/// through.
fn optimum_marks<'a>(parts: &ContourParts<'a>) -> Result<OptimumMarks<'a>, FigureError> {
    let optimum =
        match parts.optimum {
            None => None,
            Some((name, quantity)) => match entries(quantity).as_deref() {
                Some(&[a, b]) if a.is_finite() && b.is_finite() => Some((name, (a, b))),
                _ => return Err(refused(
                    format!(
                    "`{name}` is {}, and a contour's optimum is a point: two finite numbers (x, y)",
                    quantity.shape_description()
                ),
                    "give `optimum` a step holding one point, such as concat(optimum_w, optimum_b)",
                )),
            },
        };
    let directions = match parts.directions {
        None => None,
        Some((name, quantity)) => {
            let help =
                "give `directions` a step of two rows (x, y), each a direction through the optimum";
            let rows = match quantity {
                Quantity::Matrix { values, .. }
                    if values.dim() == (2, 2) && values.iter().all(|v| v.is_finite()) =>
                {
                    [
                        (values[[0, 0]], values[[0, 1]]),
                        (values[[1, 0]], values[[1, 1]]),
                    ]
                }
                _ => {
                    return Err(refused(
                        format!(
                            "`{name}` is {}, and a contour's directions are a 2×2 matrix of finite numbers, one direction (x, y) per row",
                            quantity.shape_description()
                        ),
                        help,
                    ))
                }
            };
            if optimum.is_none() {
                return Err(refused(
                    format!("`{name}` are directions through the optimum, and the contour names no optimum"),
                    "name the point they run through with `optimum`, or remove `directions`",
                ));
            }
            Some((name, rows))
        }
    };
    Ok(OptimumMarks {
        optimum,
        directions,
    })
}

/// The rows of a matrix of two columns as points, at most [`MOST_PATH_POINTS`], all finite.
fn path_points(name: &str, quantity: &Quantity) -> Result<Vec<(f64, f64)>, FigureError> {
    let help = "give `path` a step of one (x, y) per row, such as a descent's iterates";
    match quantity {
        Quantity::Matrix { values, .. } if values.ncols() == 2 && values.nrows() > 0 => {
            if values.nrows() > MOST_PATH_POINTS {
                return Err(refused(
                    format!(
                        "`{name}` holds {} points, and a contour's path draws at most {MOST_PATH_POINTS}",
                        values.nrows()
                    ),
                    help,
                ));
            }
            if values.iter().any(|v| !v.is_finite()) {
                return Err(refused(
                    format!("a path draws finite numbers, and `{name}` holds one that is not"),
                    help,
                ));
            }
            Ok(values.rows().into_iter().map(|r| (r[0], r[1])).collect())
        }
        _ => Err(refused(
            format!(
                "`{name}` is {}, and a contour's path is a matrix of two columns (x, y)",
                quantity.shape_description()
            ),
            help,
        )),
    }
}

/// Lowest and highest of `values`, with the first index of each.
fn extremes(values: &[f64]) -> ((f64, usize), (f64, usize)) {
    let mut low = (values[0], 0);
    let mut high = (values[0], 0);
    for (index, &v) in values.iter().enumerate() {
        if v < low.0 {
            low = (v, index);
        }
        if v > high.0 {
            high = (v, index);
        }
    }
    (low, high)
}

#[allow(clippy::too_many_arguments)]
fn draw(
    z: ArrayView2<f64>,
    what: &str,
    xs: &[f64],
    ys: &[f64],
    path: Option<(&str, Vec<(f64, f64)>)>,
    marks: OptimumMarks,
    parts: &ContourParts,
    options: &FigureOptions,
) -> (String, String) {
    let cols = z.ncols();
    let flat: Vec<f64> = z.iter().copied().collect();
    let ((low, low_at), (high, high_at)) = extremes(&flat);
    let levels = contour_levels(low, high, parts.levels);
    // The optimum counts with the path's points: the axes reach both.
    let mut reached: Vec<(f64, f64)> = path
        .as_ref()
        .map(|(_, points)| points.clone())
        .unwrap_or_default();
    reached.extend(marks.optimum.map(|(_, point)| point));
    let span = |grid: &[f64], pick: fn(&(f64, f64)) -> f64| {
        let first = grid[0].min(reached.iter().map(pick).fold(f64::INFINITY, f64::min));
        let last =
            grid[grid.len() - 1].max(reached.iter().map(pick).fold(f64::NEG_INFINITY, f64::max));
        (first, last)
    };
    let (x_low, x_high) = span(xs, |p| p.0);
    let (y_low, y_high) = span(ys, |p| p.1);
    // The axes in the reader's words when the author gave them (a descent's `w` and `b`, not
    // its program's `grid_w`), else by the steps' names; the text alternative says the same.
    let title = |given: &Option<String>, side: Option<(&str, &Quantity)>, of: &str| {
        given.clone().unwrap_or_else(|| {
            side.map_or_else(|| format!("{of} of {what}"), |(name, _)| name.to_string())
        })
    };
    let AxisText { x, y, .. } = &options.axes;
    let x_title = title(x, parts.x, "column");
    let y_title = title(y, parts.y, "row");

    let plot_height = PANEL.1 - TOP - 52.0;
    let (y_ticks, y_domain) = fitted_ticks(y_low, y_high, plot_height, false, 6);
    let left = 18.0 + LABEL_TEXT + widest(y_ticks.iter().map(|t| t.label.as_str()), SMALL_TEXT);
    let mut frame = Frame {
        left,
        top: TOP,
        width: PANEL.0 - left - 14.0,
        height: plot_height,
    };
    let (x_ticks, x_domain) = fitted_x_axis(x_low, x_high, &mut frame, PANEL.0);
    let to_x = Scale::linear(x_domain, (frame.left, frame.right()));
    let to_y = Scale::linear(y_domain, (frame.bottom(), frame.top));
    let at = |(a, b): (f64, f64)| Point::new(to_x.map(a), to_y.map(b));

    let mut svg = Svg::new(PANEL.0, PANEL.1, &format!("{}-contour", options.id_prefix));
    svg.placed_x_axis(&frame, &placed_ticks(x_ticks, &to_x), &x_title);
    svg.placed_y_axis(&frame, &placed_ticks(y_ticks, &to_y), &y_title);
    let number = |v: f64| options.number(v);
    let shade = |k: usize| 0.35 + 0.65 * (k + 1) as f64 / levels.len() as f64;

    // The legend: the step's name, the lowest level, a swatch per level, the highest.
    svg.group("wf-contours wf-s0");
    let mut legend_x = frame.left;
    let say = |svg: &mut Svg, legend_x: &mut f64, text: &str, class: &str| {
        svg.text(
            Point::new(*legend_x, LEGEND_Y),
            (Anchor::Start, Baseline::Middle),
            SMALL_TEXT,
            class,
            text,
        );
        *legend_x += text_width(text, SMALL_TEXT) + 6.0;
    };
    match (levels.first(), levels.last()) {
        (Some(&first), Some(&last)) => {
            // The step's name, the ends (compact) and the swatches between them
            // sharing what is left; when a long name and long ends (a loss in the millions)
            // would leave the swatches too little room, the name is left out (the widget's code
            // line and the figure's text say it), so the legend stays inside the panel.
            let count = levels.len() as f64;
            // Compact: a loss in the millions reads 9.57 × 10⁵, not 956,933.474.
            let compact = |v: f64| format_compact(v, options.decimals);
            let ends = [compact(first), compact(last)];
            let room = |from: f64| {
                PANEL.0
                    - LEGEND_MARGIN
                    - from
                    - 9.0
                    - ends
                        .iter()
                        .map(|end| text_width(end, SMALL_TEXT))
                        .sum::<f64>()
            };
            let label = format!("{what}:");
            if room(legend_x + text_width(&label, SMALL_TEXT) + 6.0) >= MIN_SWATCH * count {
                say(&mut svg, &mut legend_x, &label, "wf-legend");
            }
            let width = (SWATCHES / count)
                .min(17.0)
                .min(room(legend_x) / count)
                .max(MIN_SWATCH);
            say(&mut svg, &mut legend_x, &ends[0], "wf-tick");
            for k in 0..levels.len() {
                let from = Point::new(legend_x + k as f64 * width, LEGEND_Y);
                let to = Point::new(from.x + width - 3.0, LEGEND_Y);
                svg.path(&[(vec![from, to], false)], "wf-level", shade(k));
            }
            legend_x += width * count + 3.0;
            say(&mut svg, &mut legend_x, &ends[1], "wf-tick");
        }
        _ => say(
            &mut svg,
            &mut legend_x,
            &format!("{what} = {} everywhere", number(low)),
            "wf-legend",
        ),
    }
    for (k, &level) in levels.iter().enumerate() {
        let lines: Vec<(Vec<Point>, bool)> = iso_lines(z, xs, ys, level)
            .into_iter()
            .map(|line| (line.points.into_iter().map(at).collect(), line.closed))
            .collect();
        svg.path(&lines, "wf-level", shade(k));
    }
    svg.end_group();
    // Each direction as a long line through the optimum, cut to the plot: far enough that
    // it crosses the whole plot whatever its slope.
    if let (Some((_, centre)), Some((_, rows))) = (marks.optimum, marks.directions) {
        let reach = 4.0 * ((x_domain.1 - x_domain.0).abs() + (y_domain.1 - y_domain.0).abs());
        for ((dx, dy), class) in rows
            .into_iter()
            .zip(["wf-direction", "wf-direction wf-dashed"])
        {
            let size = dx.abs() + dy.abs();
            if size == 0.0 {
                continue;
            }
            let far = reach / size;
            let ends = (
                at((centre.0 - far * dx, centre.1 - far * dy)),
                at((centre.0 + far * dx, centre.1 + far * dy)),
            );
            if let Some((from, to)) = frame.clip_segment(ends.0, ends.1) {
                svg.line(from, to, class);
            }
        }
    }
    let start = path.as_ref().map(|(_, points)| at(points[0]));
    if let Some((_, points)) = &path {
        let drawn: Vec<Point> = points.iter().map(|&p| at(p)).collect();
        svg.polyline(&drawn, "wf-curve wf-s1");
        svg.circle(drawn[0], START_DOT, "wf-start wf-s1");
    }
    if let Some((name, point)) = marks.optimum {
        let best = at(point);
        let arm = OPTIMUM_CROSS;
        for (from, to) in [((-arm, -arm), (arm, arm)), ((-arm, arm), (arm, -arm))] {
            svg.line(
                Point::new(best.x + from.0, best.y + from.1),
                Point::new(best.x + to.0, best.y + to.1),
                "wf-optimum",
            );
        }
        // "start" behind the start and the optimum's name beyond the optimum, along the line
        // from one to the other; above and to the right when there is no start.
        let (dx, dy) = start.map_or((0.0, 0.0), |s| (best.x - s.x, best.y - s.y));
        let length = (dx * dx + dy * dy).sqrt();
        let (ux, uy) = if length >= 1.0 {
            (dx / length, dy / length)
        } else {
            (0.6, -0.8)
        };
        let mut labels = vec![(name, best, (ux, uy), OPTIMUM_CROSS + 6.0)];
        labels.extend(start.map(|s| ("start", s, (-ux, -uy), START_DOT + 7.0)));
        for (label, point, (ux, uy), gap) in labels {
            svg.text(
                Point::new(point.x + ux * gap, point.y + uy * gap),
                (side(ux), Baseline::Middle),
                SMALL_TEXT,
                "wf-note",
                label,
            );
        }
    }

    let place = |index: usize| {
        format!(
            "({}, {})",
            number(xs[index % cols]),
            number(ys[index / cols])
        )
    };
    let over = format!(
        "over {x_title} from {} to {} and {y_title} from {} to {}",
        number(xs[0]),
        number(xs[xs.len() - 1]),
        number(ys[0]),
        number(ys[ys.len() - 1])
    );
    let mut description = if levels.is_empty() {
        format!(
            "{what} is {} everywhere {over}, so no line is drawn.",
            number(low)
        )
    } else {
        let listed: Vec<String> = levels.iter().map(|&l| number(l)).collect();
        format!(
            "Lines of equal {what} {over}, at {} level{}: {}. {what} is lowest, {}, at {} and highest, {}, at {}.",
            levels.len(),
            if levels.len() == 1 { "" } else { "s" },
            and_list(&listed),
            number(low),
            place(low_at),
            number(high),
            place(high_at)
        )
    };
    if let Some((name, points)) = &path {
        let pair = |(a, b): (f64, f64)| format!("({}, {})", number(a), number(b));
        description.push_str(&format!(
            " The path drawn over it, {name}, runs from {} to {} in {} point{}.",
            pair(points[0]),
            pair(points[points.len() - 1]),
            points.len(),
            if points.len() == 1 { "" } else { "s" }
        ));
    }
    if let Some((name, (a, b))) = marks.optimum {
        description.push_str(&format!(
            " The point {name}, ({}, {}), is marked ✕.",
            number(a),
            number(b)
        ));
    }
    if let Some((name, [first, second])) = marks.directions {
        let pair = |(a, b): (f64, f64)| format!("({}, {})", number(a), number(b));
        description.push_str(&format!(
            " The solid line through it runs along the first row of {name}, {}, and the dashed one along the second, {}.",
            pair(first),
            pair(second)
        ));
    }
    let title = format!("Contours of {what}");
    (svg.finish("wf-chart wf-panel", &title, &description), title)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::Array2;

    fn positions(n: usize) -> Vec<f64> {
        (0..n).map(|i| i as f64).collect()
    }

    fn lines(z: &Array2<f64>, level: f64) -> Vec<IsoLine> {
        let (rows, cols) = z.dim();
        iso_lines(z.view(), &positions(cols), &positions(rows), level)
    }

    #[test]
    fn a_cone_gives_one_closed_ring_per_level_around_its_peak() {
        let cone = Array2::from_shape_fn((21, 21), |(i, j)| {
            -((i as f64 - 10.0).hypot(j as f64 - 10.0))
        });
        for level in [-2.5, -5.5, -8.5] {
            let found = lines(&cone, level);
            assert_eq!(found.len(), 1, "{level}: {found:?}");
            let ring = &found[0];
            assert!(ring.closed);
            for &(x, y) in &ring.points {
                let radius = (x - 10.0).hypot(y - 10.0);
                assert!((radius + level).abs() < 0.1, "{radius} at level {level}");
            }
        }
    }

    #[test]
    fn a_plane_gives_parallel_straight_segments_from_border_to_border() {
        // z = x + 2y: lines of equal z are x + 2y = c, straight, of slope −1/2.
        let plane = Array2::from_shape_fn((6, 9), |(i, j)| j as f64 + 2.0 * i as f64);
        for level in [3.5, 7.25, 11.0] {
            let found = lines(&plane, level);
            assert_eq!(found.len(), 1, "{found:?}");
            assert!(!found[0].closed);
            for &(x, y) in &found[0].points {
                assert!((x + 2.0 * y - level).abs() < 1e-12, "({x}, {y}) at {level}");
            }
        }
    }

    #[test]
    fn a_flat_matrix_has_no_levels_and_no_lines() {
        assert!(contour_levels(2.0, 2.0, 8).is_empty());
        let flat = Array2::from_elem((5, 5), 2.0);
        assert!(lines(&flat, 2.0).is_empty());
        let html = contour_step_figure(&grid(flat), "Z", &by_position(8), &options()).unwrap();
        assert!(!html.contains("<path"), "{html}");
        assert!(html.contains("Z is 2 everywhere"), "{html}");
    }

    #[test]
    fn a_legend_of_large_values_stays_inside_the_panel() {
        // The rightmost legend text ends inside the panel, for a loss in the millions under a
        // long name at the most levels.
        let steep_again = || {
            Array2::from_shape_fn((12, 12), |(i, j)| {
                let (u, v) = (i as f64 * 300.0, j as f64 * 700.0);
                u * u + v * v
            })
        };
        let steep = steep_again();
        let mut parts = by_position(MOST_LEVELS);
        parts.levels = MOST_LEVELS;
        let html =
            contour_step_figure(&grid(steep), "valley_of_the_loss", &parts, &options()).unwrap();
        // The legend's texts: on its line, each with its x and words.
        let attribute = |text: &str, name: &str| -> Option<f64> {
            text.split(&format!(" {name}=\""))
                .nth(1)?
                .split('"')
                .next()?
                .parse()
                .ok()
        };
        let ticks: Vec<(f64, &str)> = html
            .split("<text")
            .skip(1)
            .filter(|text| attribute(text, "y") == Some(LEGEND_Y))
            .filter_map(|text| {
                let words = text.split('>').nth(1)?.split('<').next()?;
                Some((attribute(text, "x")?, words))
            })
            .collect();
        let right = ticks
            .iter()
            .map(|(x, words)| x + text_width(words, SMALL_TEXT))
            .fold(0.0, f64::max);
        assert!(right <= PANEL.0, "the legend ends at {right}: {ticks:?}");
        assert_eq!(ticks.len(), 2, "the long name is left out: {ticks:?}");
        // A short name still fits beside the same numbers.
        let html = contour_step_figure(&grid(steep_again()), "L", &parts, &options()).unwrap();
        assert!(html.contains(">L:</text>"), "{html}");
    }

    #[test]
    fn levels_are_evenly_spaced_between_the_extremes_which_are_left_out() {
        assert_eq!(
            contour_levels(0.0, 9.0, 8),
            (1..=8).map(f64::from).collect::<Vec<_>>()
        );
    }

    #[test]
    fn a_saddle_cell_is_resolved_by_the_mean_of_its_corners() {
        // Bottom-left and top-right above 0.5: joined when the mean is above, apart when not.
        let joined = Array2::from_shape_vec((2, 2), vec![1.0, 0.4, 0.4, 1.0]).unwrap();
        let apart = Array2::from_shape_vec((2, 2), vec![0.6, 0.0, 0.0, 0.6]).unwrap();
        let around = |z: &Array2<f64>| {
            lines(z, 0.5)
                .into_iter()
                .map(|line| line.points)
                .collect::<Vec<_>>()
        };
        // Joined: the lines cut off the below corners (bottom-right, top-left).
        let cut = around(&joined);
        assert_eq!(cut.len(), 2);
        assert!(cut[0].iter().all(|&(x, y)| x >= 0.5 && y <= 0.5), "{cut:?}");
        let cut = around(&apart);
        assert_eq!(cut.len(), 2);
        assert!(cut[0].iter().all(|&(x, y)| x <= 0.5 && y <= 0.5), "{cut:?}");
    }

    #[test]
    fn the_output_is_bounded_by_the_grid_however_noisy() {
        let mut seed = 7u64;
        let noise = Array2::from_shape_fn((MOST_CONTOUR_SIDE, MOST_CONTOUR_SIDE), |_| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as f64
        });
        let cells = (MOST_CONTOUR_SIDE - 1) * (MOST_CONTOUR_SIDE - 1);
        let mut segments = 0;
        for level in contour_levels(0.0, 2f64.powi(31), MOST_LEVELS) {
            for line in lines(&noise, level) {
                segments += line.points.len() - usize::from(!line.closed);
            }
        }
        assert!(segments <= 2 * cells * MOST_LEVELS);
        let parts = by_position(MOST_LEVELS);
        let html = contour_step_figure(&grid(noise), "Z", &parts, &options()).unwrap();
        // Each point prints as at most "L123.45,123.45 " and a segment adds at most one.
        assert!(
            html.len() < 16 * 2 * cells * MOST_LEVELS + 20_000,
            "{}",
            html.len()
        );
    }

    #[test]
    fn bad_grids_extents_and_paths_are_refused_with_what_to_do() {
        let matrix = |rows, cols, value| grid(Array2::from_elem((rows, cols), value));
        let vector = |values: Vec<f64>| Quantity::Vector {
            values: values.into(),
            labels: None,
        };
        let parts = by_position(8);
        let refused = |z: &Quantity, parts: &ContourParts| {
            contour_step_figure(z, "Z", parts, &options())
                .unwrap_err()
                .message
        };
        assert!(refused(&matrix(1, 5, 0.0), &parts).contains("a matrix of 2 to 64 rows"));
        assert!(refused(&matrix(65, 5, 0.0), &parts).contains("a matrix of 2 to 64 rows"));
        assert!(refused(&matrix(3, 3, f64::NEG_INFINITY), &parts).contains("finite"));
        let short = vector(vec![0.0, 1.0]);
        let x = ContourParts {
            x: Some(("xs", &short)),
            ..parts
        };
        assert!(
            refused(&matrix(3, 3, 0.0), &x).contains("`xs` holds 2 values, and Z has 3 columns")
        );
        let falling = vector(vec![2.0, 1.0, 0.0]);
        let y = ContourParts {
            y: Some(("ys", &falling)),
            ..parts
        };
        assert!(refused(&matrix(3, 3, 0.0), &y).contains("must rise from row to row"));
        let three = matrix(2, 3, 0.0);
        let path = ContourParts {
            path: Some(("P", &three)),
            ..parts
        };
        assert!(refused(&matrix(3, 3, 0.0), &path).contains("a matrix of two columns"));
        let many = ContourParts {
            levels: 17,
            ..parts
        };
        assert!(refused(&matrix(3, 3, 0.0), &many).contains("1 to 16 levels"));
    }

    fn grid(values: Array2<f64>) -> Quantity {
        Quantity::Matrix {
            values,
            row_labels: None,
            col_labels: None,
        }
    }

    /// A contour over the rows' and columns' positions, without a path.
    fn by_position(levels: usize) -> ContourParts<'static> {
        ContourParts {
            x: None,
            y: None,
            path: None,
            levels,
            optimum: None,
            directions: None,
        }
    }

    fn options() -> FigureOptions {
        FigureOptions::new("ex", "wf-ex-1", 2)
    }
}
