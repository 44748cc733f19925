//! Pictures of evaluated examples, one drawing code per view: a value as a heatmap or bars,
//! long vectors as lines, 2-D vectors as arrows, a step over a grid as contours, points as a
//! scatter, several values by their shapes, and steps as a graph. The built-in kinds' figures
//! are drawn with these views too (`expand::kind_figures` picks them).
//!
//! PURE: input is a compute result (already evaluated; nothing is recomputed here beyond
//! mapping numbers to positions) and output is a `<figure class="worked-figure">` holding inline
//! SVG drawn with [`super::svg`]. Every figure names itself (`<title>`) and describes its numbers
//! in words (`<desc>`), printed with [`format_number`] exactly as the prose prints them, so a
//! reader who cannot see the picture gets the same information.
//!
//! One file per family of chart: `bars` (signed values), `arrows` (2-D vectors, with a
//! projection dashed), `contour` (a step over a grid as lines of equal value, by marching
//! squares: a descent's loss valley), `heatmaps` (one value as a heatmap or bars, an
//! attention's weights among them), `lines` (long vectors such
//! as a loop's history, one line per step drawn), `shapes` (values by their shapes) and `graph`
//! (steps as a computation graph, with the gradients flowing back); `views` draws a widget's
//! scatter and arrows of a step. This file holds what they share: the page's palette, the
//! options and the error every figure has.

mod arrows;
mod bars;
mod contour;
mod graph;
mod heatmaps;
mod lines;
mod scatter;
mod shapes;
#[cfg(test)]
mod tests;
mod views;

pub use arrows::Projected;
pub use bars::bars_panel;
pub use contour::{
    contour_levels, contour_step_figure, contour_step_panel, iso_lines, ContourParts, IsoLine,
    DEFAULT_LEVELS, MOST_CONTOUR_SIDE, MOST_LEVELS,
};
pub use graph::{graph_figure, GraphNode, MOST_GRAPH_EDGES, MOST_GRAPH_LAYERS};
pub use heatmaps::{heatmap_panel, quantity_figure, quantity_panel, HeatmapWords};
pub use lines::{
    diverged_step, line_layout, lines_figure, lines_panel, DivergedMark, LineLayout, LineMarks,
    ReferenceMark, Series, LINE_FROM, MARK_ROW, MOST_LINE_POINTS,
};
pub use scatter::{
    scatter_figure, scatter_layout, scatter_panel, ScatterLayout, ScatterPoints, MOST_GROUPS,
    MOST_SCATTER_POINTS,
};
pub use shapes::{shapes_figure, ShapeItem, MOST_SHAPE_SIDE};
pub use views::{arrows_step_figure, scatter_step_figure};

use crate::base::html::escape_html;
use crate::present::svg::{self, Anchor};
use crate::present::{format_number, Precision, Style};

/// How many series colours `figures.css` defines (`wf-s0` … `wf-s5`); later series reuse them.
const SERIES_COLOURS: usize = 6;

/// Series colours by name, shared by every figure of a page, so that a token (or a
/// temperature) has one colour in all of them: the first name seen gets `wf-s0`, the next
/// new one `wf-s1`, and so on.
#[derive(Debug, Clone, Default)]
pub struct Palette {
    names: Vec<String>,
}

impl Palette {
    /// The series class of `name` (`wf-s0` …), given it now if it has none yet.
    pub fn class(&mut self, name: &str) -> String {
        let index = match self.names.iter().position(|known| known == name) {
            Some(index) => index,
            None => {
                self.names.push(name.to_string());
                self.names.len() - 1
            }
        };
        format!("wf-s{}", index % SERIES_COLOURS)
    }

    /// The names given a class so far, in order: a widget's drawings (plane-views.js) take
    /// them as theirs, so a vector keeps its page colour in a live figure.
    pub fn names(&self) -> &[String] {
        &self.names
    }
}

/// What every figure needs besides its numbers.
#[derive(Debug, Clone)]
pub struct FigureOptions {
    /// The example's name, for `data-example` and generated captions.
    pub example: String,
    /// Starts every id in the figure; unique on the page (e.g. `wf-logits-1`).
    pub id_prefix: String,
    /// Decimals for numbers in the text alternative and on bars, as in the prose.
    pub decimals: usize,
    /// The author's caption as HTML, or `None` for a generated one.
    pub caption_html: Option<String>,
    /// The figure's label and the words its caption starts with (`fig-heat`, "Figure 3.1"),
    /// when it is a target of cross-references.
    pub label: Option<(String, String)>,
    /// What a heatmap's colour means, in the author's words (the figure block's `legend`);
    /// `None` says it from the data ("value of g", "attention weight").
    pub legend: Option<String>,
    /// The value a step's heatmap gives full colour, when its entries have a natural top (1 for
    /// an attention's weights, shares of one); `None`: the largest magnitude.
    pub full: Option<f64>,
    /// The entries of a step's heatmap that a mask removed (`true`), drawn hatched without
    /// their number and described as masked, though they hold a number (a causal attention's
    /// weights, exactly 0 because their scores were −∞); the mask must have the step's shape.
    pub mask: Option<ndarray::Array2<bool>>,
    /// The author's words for the axes and the figure's heading.
    pub axes: AxisText,
    /// The entry of a bar chart whose name is drawn bold, with the tag that says why (a
    /// widget's `highlight`: a softmax's target, "target"); the text alternative names it.
    pub highlight: Option<(usize, String)>,
}

/// What a figure's axes say and its heading, in the author's words (the figure block's
/// `x_label`, `y_label` and `title`); `None` leaves what the figure says from its data.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AxisText {
    /// The x axis's title.
    pub x: Option<String>,
    /// The y axis's title.
    pub y: Option<String>,
    /// A heading above the figure's panels.
    pub title: Option<String>,
}

/// Why an example cannot be drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FigureError {
    /// What is wrong, as one sentence.
    pub message: String,
    /// What would work.
    pub help: String,
}

impl FigureOptions {
    /// A figure with no caption, label, legend, mask, highlight or axis titles: what a
    /// widget's step figure is drawn with; the others set their fields over it.
    pub fn new(example: impl Into<String>, id_prefix: impl Into<String>, decimals: usize) -> Self {
        FigureOptions {
            example: example.into(),
            id_prefix: id_prefix.into(),
            decimals,
            caption_html: None,
            label: None,
            legend: None,
            full: None,
            mask: None,
            highlight: None,
            axes: AxisText::default(),
        }
    }

    fn number(&self, value: f64) -> String {
        format_number(value, Precision::Computed(self.decimals), Style::Prose)
    }

    fn pair(&self, (a, b): (f64, f64)) -> String {
        format!("({}, {})", self.number(a), self.number(b))
    }

    /// The `<figure>` around `panels`, with the author's caption or `generated` as caption.
    pub fn wrap(&self, kind: &str, panels: &[String], generated: &str) -> String {
        let caption = match &self.caption_html {
            Some(html) => html.clone(),
            None => escape_html(generated),
        };
        let (id, number) = match &self.label {
            Some((id, number)) => (
                format!(" id=\"{}\"", escape_html(id)),
                format!(
                    "<span class=\"figure-number\">{}:</span> ",
                    escape_html(number)
                ),
            ),
            None => (String::new(), String::new()),
        };
        let heading = match &self.axes.title {
            Some(title) => format!("<p class=\"wf-title\">{}</p>\n", escape_html(title)),
            None => String::new(),
        };
        format!(
            "<figure class=\"worked-figure\"{id} data-figure=\"{kind}\" data-example=\"{}\">\n{heading}<div class=\"wf-panels\">\n{}</div>\n<figcaption>{number}{caption}</figcaption>\n</figure>\n",
            escape_html(&self.example),
            panels.concat()
        )
    }
}

/// An input the author typed (a temperature, a learning rate): printed as written, shortest
/// form first, since it is not a computed result that needs fixed decimals.
pub fn input_number(value: f64) -> String {
    if value == 0.0 || (1e-4..1e6).contains(&value.abs()) {
        format!("{value}")
    } else {
        format!("{value:e}")
    }
    .replace('-', "\u{2212}")
}

/// "a", "a and b", "a, b and c".
pub fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [only] => only.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The panel a chart over steps is drawn in (line charts, a descent's losses among them).
const STEP_PANEL: (f64, f64) = (360.0, 280.0);

/// The axes of a chart over steps, in a [`STEP_PANEL`]: the frame fitted to the y tick labels
/// (its top at `top`), x ticks fitted from 0 to `last_step`, and the two scales, y on a log
/// scale when `log`.
struct StepAxes {
    frame: svg::Frame,
    x_ticks: Vec<svg::Tick>,
    x: svg::Scale,
    y: svg::Scale,
}

fn step_axes(
    y_ticks: &[svg::Tick],
    y_domain: (f64, f64),
    log: bool,
    top: f64,
    last_step: f64,
) -> StepAxes {
    let widest_tick = svg::widest(
        y_ticks.iter().map(|tick| tick.label.as_str()),
        svg::SMALL_TEXT,
    );
    let left = 18.0 + svg::LABEL_TEXT + widest_tick;
    let mut frame = svg::Frame {
        left,
        top,
        width: STEP_PANEL.0 - left - 14.0,
        height: STEP_PANEL.1 - top - 52.0,
    };
    let (x_ticks, x_domain) = svg::fitted_x_axis(0.0, last_step, &mut frame, STEP_PANEL.0);
    let x = svg::Scale::linear(x_domain, (frame.left, frame.right()));
    let y = if log {
        svg::Scale::log10(y_domain, (frame.bottom(), frame.top))
    } else {
        svg::Scale::linear(y_domain, (frame.bottom(), frame.top))
    };
    StepAxes {
        frame,
        x_ticks,
        x,
        y,
    }
}

/// Each tick with its position on `scale`, for a layout a browser twin draws as given.
fn placed_ticks(ticks: Vec<svg::Tick>, scale: &svg::Scale) -> Vec<(svg::Tick, f64)> {
    ticks
        .into_iter()
        .map(|tick| {
            let at = scale.map(tick.value);
            (tick, at)
        })
        .collect()
}

/// Text placed in direction `ux` (a unit vector's x) from its point starts, ends or centres
/// there, so it extends away from the point.
fn side(ux: f64) -> Anchor {
    if ux > 0.4 {
        Anchor::Start
    } else if ux < -0.4 {
        Anchor::End
    } else {
        Anchor::Middle
    }
}
