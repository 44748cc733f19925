//! A matrix as a heatmap: one cell per entry, its colour's strength the entry's size, its hue
//! the sign, masked entries (−∞) hatched, row and column labels at the edges, and the numbers
//! in the cells when they fit.
//!
//! PURE: input is a matrix view with its labels (any matrix: a compute step today, attention
//! weights tomorrow); output is an inline `<svg>` drawn with [`super::svg`] whose `<desc>` lists
//! the same numbers, printed with [`format_number`] as the prose prints them. Nothing here
//! computes with the numbers beyond mapping them to opacities.

use super::svg::{
    labelled, nice_ticks, short_label, text_width, widest, Anchor, Baseline, Point, Side,
    SlotLabels, Svg, LABEL_TEXT, SMALL_TEXT,
};
use super::{format_number, Precision, Style};
use ndarray::ArrayView2;

/// Widest a heatmap may be, in user units: within [`super::svg::legible_width`] of its text, so labels and
/// numbers stay legible on a phone.
const WIDTH: f64 = 416.0;
const _: () = assert!(WIDTH <= super::svg::legible_width(SMALL_TEXT));
/// Widest a cell may be, so a 2×2 matrix does not fill the page.
const WIDEST_CELL: f64 = 64.0;
/// Height of a cell that shows its number.
const NUMBER_CELL_HEIGHT: f64 = 28.0;
/// Font size of the numbers inside cells: as large as tick labels, since a heatmap is scaled
/// down to a phone's width with the rest of the figure.
const CELL_TEXT: f64 = SMALL_TEXT;
/// Most cells that print their number; beyond it the picture shows colours only (the text
/// alternative still has every number).
const MOST_NUMBERED_CELLS: usize = 400;
/// Most entries the text alternative lists one by one; beyond it each row is summarised.
const MOST_DESCRIBED_ENTRIES: usize = 400;
/// Most cells one heatmap draws: past this a picture is no longer readable, only large.
pub const MOST_CELLS: usize = 16_384;
/// Most rows that each get a label; taller heatmaps label every few rows.
const MOST_LABELLED_ROWS: usize = 48;
/// Size of a legend swatch.
const SWATCH: (f64, f64) = (26.0, 12.0);

/// What a heatmap shows.
#[derive(Debug, Clone)]
pub struct Heatmap<'a> {
    /// The entries; −∞ marks a masked entry.
    pub values: ArrayView2<'a, f64>,
    /// One label per row.
    pub row_labels: &'a [String],
    /// One label per column.
    pub col_labels: &'a [String],
    /// What the matrix is, for the text alternative, in the reader's words (e.g. "the
    /// attention weights of head 1").
    pub what: &'a str,
    /// Decimals for the numbers in cells, legend and text alternative.
    pub decimals: usize,
    /// Starts every id in the picture; unique on the page.
    pub id_prefix: &'a str,
    /// Entries that a mask removed although they hold a number (the exact zeros of causal
    /// attention weights): drawn hatched without their number, described as masked.
    pub mask: Option<ArrayView2<'a, bool>>,
    /// The value that gets full colour, when the entries have a natural top (1 for weights
    /// that are probabilities); else the largest magnitude.
    pub full: Option<f64>,
    /// A line written above the picture, naming it among its neighbours ("head 2").
    pub heading: Option<&'a str>,
    /// What the rows and the columns stand for: the first in the corner over the row labels,
    /// the second above the column labels.
    pub axis_titles: Option<(&'a str, &'a str)>,
    /// What the colour means ("attention weight", "value of g"): the legend's title, so a
    /// reader of the scale knows what its numbers measure.
    pub legend_title: &'a str,
}

impl Heatmap<'_> {
    /// The one precision of every entry shown (see [`Precision::shared_by`]); computed once
    /// per picture, since it looks at every entry.
    fn entry_precision(&self) -> Precision {
        Precision::Computed(self.decimals).shared_by(
            self.values
                .indexed_iter()
                .filter(|(at, _)| !self.masked(*at))
                .map(|(_, &value)| value),
        )
    }

    /// Whether entry (row, col) is masked: −∞, or removed by [`Heatmap::mask`].
    fn masked(&self, (row, col): (usize, usize)) -> bool {
        self.values[[row, col]] == f64::NEG_INFINITY
            || self.mask.is_some_and(|mask| mask[[row, col]])
    }

    /// The largest magnitude that is not masked, which gets full colour; 1 when there is none.
    fn magnitude(&self) -> f64 {
        if let Some(full) = self.full.filter(|full| *full > 0.0) {
            return full;
        }
        let largest = self
            .values
            .indexed_iter()
            .filter(|(at, value)| value.is_finite() && !self.masked(*at))
            .fold(0.0, |largest: f64, (_, value)| largest.max(value.abs()));
        if largest > 0.0 {
            largest
        } else {
            1.0
        }
    }

    /// The SVG, titled `title`. Callers check [`MOST_CELLS`] first.
    pub fn svg(&self, title: &str) -> String {
        let (rows, cols) = self.values.dim();
        let magnitude = self.magnitude();
        let any_masked = self.values.indexed_iter().any(|(at, _)| self.masked(at));
        let (row_title, col_title) = self.axis_titles.unwrap_or(("", ""));
        let title_room = |title: &str| {
            if title.is_empty() {
                0.0
            } else {
                LABEL_TEXT + 8.0
            }
        };
        // The rows' title stands in the corner above the row labels, level with the column
        // labels; the columns' title above those.
        let row_labels: Vec<String> = self.row_labels.iter().map(|l| short_label(l)).collect();
        let col_labels: Vec<String> = self.col_labels.iter().map(|l| short_label(l)).collect();
        let left = 12.0
            + widest(row_labels.iter().map(String::as_str), SMALL_TEXT)
                .max(text_width(row_title, LABEL_TEXT));
        let mut cell_width = ((WIDTH - left - 12.0) / cols as f64).min(WIDEST_CELL);
        // Slanted column labels run up to the right past the last column: narrow the cells
        // until the last one's label fits in the picture too.
        let columns = SlotLabels::new(
            col_labels.iter().map(String::as_str),
            cell_width,
            SMALL_TEXT,
        );
        if columns.slanted {
            cell_width = cell_width
                .min((WIDTH - left - columns.reach - 4.0) / (cols as f64 - 0.5))
                .max(1.0);
        }
        let precision = self.entry_precision();
        let number = |value: f64| format_number(value, precision, Style::Prose);
        let numbers: Vec<String> = self
            .values
            .indexed_iter()
            .filter(|(at, _)| !self.masked(*at) || self.values[*at] == f64::NEG_INFINITY)
            .map(|(_, &value)| number(value))
            .collect();
        let widest_number = widest(numbers.iter().map(String::as_str), CELL_TEXT);
        let numbered = rows * cols <= MOST_NUMBERED_CELLS && widest_number <= cell_width - 6.0;
        // Cells are at least a label's line tall, so every row is labelled, unless there are
        // so many rows that the picture would grow past any screen.
        let shortest = if rows <= MOST_LABELLED_ROWS {
            SMALL_TEXT * 1.2
        } else {
            4.0
        };
        let cell_height = if numbered {
            NUMBER_CELL_HEIGHT
        } else {
            cell_width.clamp(shortest, 28.0)
        };
        // Column labels stand upright over their column when they fit, slanted otherwise; on
        // narrow cells only every `stride`-th label is written so none overlap.
        let columns = SlotLabels::new(
            col_labels.iter().map(String::as_str),
            cell_width,
            SMALL_TEXT,
        );
        let row_stride = (SMALL_TEXT * 1.2 / cell_height).ceil().max(1.0) as usize;
        let heading_room = self.heading.map_or(0.0, |_| LABEL_TEXT + 10.0);
        let top = 8.0 + heading_room + title_room(col_title) + columns.depth.max(LABEL_TEXT + 6.0);
        let grid_right = left + cols as f64 * cell_width;
        let grid_bottom = top + rows as f64 * cell_height;
        // The legend's title on its own line, its swatches under it.
        let legend_title = short_legend_title(self.legend_title);
        let legend_title_top = grid_bottom + 12.0;
        let legend_top = legend_title_top + SMALL_TEXT + 6.0;
        let legend_width = self
            .legend_width(magnitude, precision, any_masked)
            .max(text_width(&legend_title, SMALL_TEXT));
        let width = (grid_right + 12.0)
            .max((left + legend_width + 12.0).min(WIDTH))
            .max(grid_right - cell_width / 2.0 + columns.reach + 4.0)
            .max(left + text_width(col_title, LABEL_TEXT) + 12.0)
            .max(24.0 + text_width(self.heading.unwrap_or(""), LABEL_TEXT))
            .min(WIDTH.max(grid_right + 12.0));
        let height = legend_top + SWATCH.1 + 6.0 + SMALL_TEXT + 4.0;
        let mut svg = Svg::new(width, height, self.id_prefix);
        let hatch = any_masked.then(|| svg.hatch("wf-hatch"));

        if let Some(heading) = self.heading {
            svg.text(
                Point::new(12.0, 8.0),
                (Anchor::Start, Baseline::Hanging),
                LABEL_TEXT,
                "wf-heading",
                heading,
            );
        }
        if !col_title.is_empty() {
            svg.text(
                Point::new(left, 8.0 + heading_room),
                (Anchor::Start, Baseline::Hanging),
                LABEL_TEXT,
                "wf-axis-title",
                col_title,
            );
        }
        if !row_title.is_empty() {
            svg.text(
                Point::new(left - 6.0, top - 6.0),
                (Anchor::End, Baseline::Alphabetic),
                LABEL_TEXT,
                "wf-axis-title",
                row_title,
            );
        }
        for (row, label) in row_labels.iter().enumerate().step_by(row_stride) {
            svg.text(
                Point::new(left - 6.0, top + (row as f64 + 0.5) * cell_height),
                (Anchor::End, Baseline::Middle),
                SMALL_TEXT,
                "wf-tick",
                label,
            );
        }
        svg.slot_labels(
            &columns,
            col_labels.iter().map(String::as_str),
            (left + cell_width / 2.0, cell_width),
            (top, Side::Above),
            |_| "wf-tick",
        );
        svg.group("wf-heatmap");
        for ((row, col), &value) in self.values.indexed_iter() {
            let corner = Point::new(
                left + col as f64 * cell_width,
                top + row as f64 * cell_height,
            );
            let size = (cell_width, cell_height);
            svg.rect_fill(corner, size, "wf-cell", "currentColor", 1.0);
            let masked = self.masked((row, col));
            let strength = if value.is_finite() && !masked {
                value.abs() / magnitude
            } else {
                0.0
            };
            match &hatch {
                Some(pattern) if masked => svg.rect_fill(corner, size, "wf-masked", pattern, 1.0),
                _ => svg.rect_fill(corner, size, heat_class(value), "currentColor", strength),
            }
            // A masked number is not a value the reader should read: only −∞ says what it is.
            if numbered && (!masked || value == f64::NEG_INFINITY) {
                svg.text(
                    Point::new(corner.x + cell_width / 2.0, corner.y + cell_height / 2.0),
                    (Anchor::Middle, Baseline::Middle),
                    CELL_TEXT,
                    "wf-cell-value",
                    &number(value),
                );
            }
        }
        svg.end_group();
        // Under the grid, moved left when long row labels would push it out of the picture.
        let legend_left = left.min(width - legend_width - 12.0).max(12.0);
        svg.text(
            Point::new(legend_left, legend_title_top),
            (Anchor::Start, Baseline::Hanging),
            SMALL_TEXT,
            "wf-legend wf-legend-title",
            &legend_title,
        );
        self.legend(
            &mut svg,
            Point::new(legend_left, legend_top),
            (magnitude, precision),
            hatch.as_deref(),
        );
        svg.finish(
            "wf-chart wf-heatmap-chart",
            title,
            &self.description(precision),
        )
    }

    /// The legend's swatches: round values over the range of the entries (over the whole scale
    /// when [`Heatmap::full`] fixes it), ended by the entries' extremes.
    fn legend_ticks(&self, magnitude: f64, precision: Precision) -> Vec<super::svg::Tick> {
        let shown = self
            .values
            .indexed_iter()
            .filter(|(at, value)| value.is_finite() && !self.masked(*at))
            .map(|(_, &value)| value);
        let (lowest, highest) = shown.fold((0.0f64, 0.0f64), |(low, high), value| {
            (low.min(value), high.max(value))
        });
        let (low, high) = match self.full.filter(|full| *full > 0.0) {
            Some(_) => (if lowest < 0.0 { -magnitude } else { 0.0 }, magnitude),
            None if lowest == 0.0 && highest == 0.0 => (0.0, magnitude),
            None => (lowest, highest),
        };
        let round = nice_ticks(low, high, 5);
        let step = round
            .values
            .get(1)
            .map_or(magnitude, |second| second - round.values[0]);
        let mut ticks: Vec<_> = labelled(&round)
            .into_iter()
            .filter(|tick| tick.value.abs() <= magnitude * 1.0001)
            .collect();
        // The legend reaches the entries' ends: where the round values stop short of the
        // largest magnitude (0.6 under cells of 0.735), a swatch at that magnitude ends it,
        // replacing a round one too close to share the room.
        let end = |value: f64| super::svg::Tick {
            value,
            label: format_number(value, precision, Style::Prose),
        };
        let reaches = |ticks: &[super::svg::Tick], value: f64| {
            ticks
                .iter()
                .any(|tick| (tick.value - value).abs() <= magnitude * 1e-6)
        };
        if high > 0.0 && !reaches(&ticks, high) {
            ticks.retain(|tick| high - tick.value >= step / 2.0);
            ticks.push(end(high));
        }
        if low < 0.0 && !reaches(&ticks, low) {
            ticks.retain(|tick| tick.value - low >= step / 2.0);
            ticks.insert(0, end(low));
        }
        ticks
    }

    /// How far each swatch and its label advance the legend: its labels are centred under
    /// their swatches, so two neighbours need half of each label's width and a gap between.
    fn swatch_steps(ticks: &[super::svg::Tick]) -> Vec<f64> {
        let widths: Vec<f64> = ticks
            .iter()
            .map(|tick| text_width(&tick.label, SMALL_TEXT))
            .collect();
        (0..ticks.len())
            .map(|i| {
                let next = widths.get(i + 1).copied().unwrap_or(SWATCH.0);
                (SWATCH.0 + 10.0).max((widths[i] + next) / 2.0 + 10.0)
            })
            .collect()
    }

    /// The masked swatch's label.
    fn masked_label(&self) -> &'static str {
        if self.values.iter().any(|value| *value == f64::NEG_INFINITY) {
            "−∞: masked"
        } else {
            "masked"
        }
    }

    fn legend_width(&self, magnitude: f64, precision: Precision, masked: bool) -> f64 {
        let swatches: f64 = Self::swatch_steps(&self.legend_ticks(magnitude, precision))
            .iter()
            .sum();
        if masked {
            swatches + 12.0 + SWATCH.0 + 6.0 + text_width(self.masked_label(), SMALL_TEXT)
        } else {
            swatches
        }
    }

    /// Swatches at round values from the most negative to the most positive entry, and the
    /// hatch of masked entries when there are any.
    fn legend(
        &self,
        svg: &mut Svg,
        at: Point,
        (magnitude, precision): (f64, Precision),
        hatch: Option<&str>,
    ) {
        let mut x = at.x;
        let ticks = self.legend_ticks(magnitude, precision);
        for (tick, step) in ticks.iter().zip(Self::swatch_steps(&ticks)) {
            let corner = Point::new(x, at.y);
            svg.rect_fill(corner, SWATCH, "wf-cell", "currentColor", 1.0);
            let strength = (tick.value.abs() / magnitude).min(1.0);
            svg.rect_fill(
                corner,
                SWATCH,
                heat_class(tick.value),
                "currentColor",
                strength,
            );
            svg.text(
                Point::new(x + SWATCH.0 / 2.0, at.y + SWATCH.1 + 4.0),
                (Anchor::Middle, Baseline::Hanging),
                SMALL_TEXT,
                "wf-tick",
                &tick.label,
            );
            x += step;
        }
        if let Some(pattern) = hatch {
            x += 12.0;
            let corner = Point::new(x, at.y);
            svg.rect_fill(corner, SWATCH, "wf-cell", "currentColor", 1.0);
            svg.rect_fill(corner, SWATCH, "wf-masked", pattern, 1.0);
            svg.text(
                Point::new(x + SWATCH.0 + 6.0, at.y + SWATCH.1 / 2.0),
                (Anchor::Start, Baseline::Middle),
                SMALL_TEXT,
                "wf-legend",
                self.masked_label(),
            );
        }
    }

    /// Every entry by row and column label, or each row's range when there are too many.
    fn description(&self, precision: Precision) -> String {
        let number = |value: f64| format_number(value, precision, Style::Prose);
        let (rows, cols) = self.values.dim();
        let entry = |at: (usize, usize)| {
            let value = self.values[at];
            if value == f64::NEG_INFINITY {
                "−∞ (masked)".to_string()
            } else if self.masked(at) {
                "masked".to_string()
            } else {
                number(value)
            }
        };
        let mut parts = Vec::with_capacity(rows);
        for (index, (row, label)) in self
            .values
            .rows()
            .into_iter()
            .zip(self.row_labels)
            .enumerate()
        {
            let text = if rows * cols <= MOST_DESCRIBED_ENTRIES {
                (0..row.len())
                    .zip(self.col_labels)
                    .map(|(col, name)| format!("{name} {}", entry((index, col))))
                    .collect::<Vec<_>>()
                    .join(", ")
            } else {
                let shown = (0..row.len()).filter(|&col| !self.masked((index, col)));
                let low = shown
                    .clone()
                    .map(|col| row[col])
                    .fold(f64::INFINITY, f64::min);
                let high = shown.map(|col| row[col]).fold(f64::NEG_INFINITY, f64::max);
                let masked = (0..row.len())
                    .filter(|&col| self.masked((index, col)))
                    .count();
                let mut text = if low <= high {
                    format!("from {} to {}", number(low), number(high))
                } else {
                    String::new()
                };
                if masked > 0 {
                    text.push_str(&format!(
                        "{}{masked} masked",
                        if text.is_empty() { "" } else { ", " }
                    ));
                }
                text
            };
            parts.push(format!("row {label}: {text}"));
        }
        let masked = self.values.indexed_iter().any(|(at, _)| self.masked(at));
        format!(
            "{}, a {rows}×{cols} matrix; darker cells hold larger magnitudes{}{}. {}.",
            self.what,
            if self
                .values
                .iter()
                .any(|value| value.is_finite() && *value < 0.0)
            {
                ", one hue for positive and another for negative entries"
            } else {
                ""
            },
            if masked {
                "; hatched cells are masked"
            } else {
                ""
            },
            parts.join("; ")
        )
    }
}

/// Longest a legend's title is drawn, in characters; a longer one is cut with "…" (an author's
/// `legend` is held to this when the lesson is read, a step's name may be long).
pub const LONGEST_LEGEND_TITLE: usize = 40;

/// `title`, cut to [`LONGEST_LEGEND_TITLE`] characters.
fn short_legend_title(title: &str) -> String {
    if title.chars().count() <= LONGEST_LEGEND_TITLE {
        title.to_string()
    } else {
        let kept: String = title.chars().take(LONGEST_LEGEND_TITLE - 1).collect();
        format!("{kept}…")
    }
}

/// Positive and negative entries take different hues (figures.css); 0 takes neither.
fn heat_class(value: f64) -> &'static str {
    if value < 0.0 {
        "wf-heat wf-heat-negative"
    } else {
        "wf-heat wf-heat-positive"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::array;

    fn labels(names: &[&str]) -> Vec<String> {
        names.iter().map(|name| name.to_string()).collect()
    }

    /// The numbers printed in the cells, in reading order.
    fn cell_numbers(svg: &str) -> Vec<String> {
        svg.split("class=\"wf-cell-value\"")
            .skip(1)
            .filter_map(|part| {
                let text = &part[part.find('>')? + 1..];
                Some(text[..text.find('<')?].to_string())
            })
            .collect()
    }

    #[test]
    fn a_heatmap_prints_its_cells_all_whole_or_all_at_the_same_places() {
        let rows = labels(&["a"]);
        let cols = labels(&["x", "y"]);
        let cells = |values: ndarray::Array2<f64>| {
            let svg = Heatmap {
                what: "g",
                id_prefix: "wf-g-1",
                legend_title: "value of g",
                ..plain(&values, &rows, &cols)
            }
            .svg("Heatmap of g");
            (cell_numbers(&svg), svg)
        };
        let (mixed, svg) = cells(array![[4.0, 3.535]]);
        assert_eq!(mixed, ["4.000", "3.535"], "{svg}");
        assert!(
            svg.contains("x 4.000, y 3.535"),
            "the text alternative agrees: {svg}"
        );
        assert_eq!(cells(array![[4.0, 2.0]]).0, ["4", "2"]);
        assert!(
            svg.contains("class=\"wf-legend wf-legend-title\"")
                && svg.contains(">value of g</text>"),
            "the legend says what the colour means: {svg}"
        );
    }

    #[test]
    fn every_cell_is_drawn_with_its_number_and_labels_at_the_edges() {
        let values = array![[0.5, -1.0], [0.0, 0.25]];
        let rows = labels(&["the", "<cat>"]);
        let cols = labels(&["a", "b"]);
        let svg = Heatmap {
            what: "x.y",
            decimals: 2,
            ..plain(&values, &rows, &cols)
        }
        .svg("Heatmap of x.y");
        assert_eq!(
            svg.matches("class=\"wf-cell\"").count(),
            4 + 4,
            "4 cells and 4 legend swatches, from −1 to 0.5"
        );
        assert!(svg.contains(">&lt;cat&gt;</text>"), "{svg}");
        // Not every entry is whole, so each prints at the two places asked for.
        assert!(svg.contains(">\u{2212}1.00</text>"), "{svg}");
        // −1 is the largest magnitude: full strength, in the negative hue; every number is in
        // the text colour, which every strength of either hue keeps legible (heat_contrast).
        assert!(svg.contains("class=\"wf-heat wf-heat-negative\""), "{svg}");
        assert!(!svg.contains("wf-on-strong"), "{svg}");
        assert!(
            svg.contains("fill-opacity=\"0.500\""),
            "0.5 is half of the largest: {svg}"
        );
        assert!(
            svg.contains("row the: a 0.50, b \u{2212}1.00; row &lt;cat&gt;: a 0.00, b 0.25."),
            "{svg}"
        );
    }

    /// A heatmap of `values` named x, three decimals, with no mask, heading or axis titles:
    /// each test sets only the fields it looks at.
    fn plain<'a>(
        values: &'a ndarray::Array2<f64>,
        rows: &'a [String],
        cols: &'a [String],
    ) -> Heatmap<'a> {
        Heatmap {
            values: values.view(),
            row_labels: rows,
            col_labels: cols,
            what: "x",
            decimals: 3,
            id_prefix: "wf-x-1",
            mask: None,
            full: None,
            heading: None,
            axis_titles: None,
            legend_title: "value",
        }
    }

    fn heatmap_svg(values: &ndarray::Array2<f64>, rows: &[String], cols: &[String]) -> String {
        plain(values, rows, cols).svg("Heatmap of x")
    }

    /// The legend's labels, left to right: the texts under its swatches.
    fn legend_labels(svg: &str) -> Vec<String> {
        let legend = &svg[svg.rfind("</g>").unwrap()..];
        legend
            .split("class=\"wf-tick\"")
            .skip(1)
            .map(|rest| {
                let text = &rest[rest.find('>').unwrap() + 1..];
                text[..text.find('<').unwrap()].to_string()
            })
            .collect()
    }

    #[test]
    fn the_legend_reaches_the_largest_and_the_most_negative_entry() {
        let values = array![[0.1, 0.735], [0.2, 0.3]];
        let labels = labels(&["a", "b"]);
        let svg = heatmap_svg(&values, &labels, &labels);
        assert_eq!(
            legend_labels(&svg),
            ["0.0", "0.2", "0.4", "0.6", "0.735"],
            "{svg}"
        );
        let values = array![[-0.42, 0.9], [0.2, 0.3]];
        let svg = heatmap_svg(&values, &labels, &labels);
        let legend = legend_labels(&svg);
        assert_eq!(
            legend.first().map(String::as_str),
            Some("\u{2212}0.420"),
            "{svg}"
        );
        assert_eq!(legend.last().map(String::as_str), Some("0.900"), "{svg}");
    }

    #[test]
    fn every_row_of_a_heatmap_without_numbers_is_labelled() {
        let values = ndarray::Array2::from_shape_fn((16, 64), |(r, c)| (r * c) as f64);
        let rows: Vec<String> = (0..16).map(|r| format!("r{r}")).collect();
        let cols: Vec<String> = (0..64).map(|c| c.to_string()).collect();
        let svg = heatmap_svg(&values, &rows, &cols);
        for row in &rows {
            assert!(svg.contains(&format!(">{row}</text>")), "{row} is labelled");
        }
    }

    #[test]
    fn masked_entries_are_hatched_and_described_as_masked() {
        let values = array![[0.0, f64::NEG_INFINITY], [1.0, 2.0]];
        let names = labels(&["p", "q"]);
        let svg = Heatmap {
            what: "s.scores",
            decimals: 1,
            id_prefix: "wf-s-1",
            ..plain(&values, &names, &names)
        }
        .svg("t");
        assert!(svg.contains("<pattern id=\"wf-s-1-hatch-0\""), "{svg}");
        assert_eq!(
            svg.matches("fill=\"url(#wf-s-1-hatch-0)\"").count(),
            2,
            "the cell and its legend swatch"
        );
        assert!(svg.contains("q \u{2212}∞ (masked)"), "{svg}");
        assert!(svg.contains(">\u{2212}∞</text>"), "{svg}");
        assert!(!svg.contains("NaN"));
    }

    #[test]
    fn a_large_matrix_is_drawn_without_numbers_and_described_row_by_row() {
        let values =
            ndarray::Array2::from_shape_fn((30, 20), |(i, j)| (i as f64 - j as f64) / 10.0);
        let rows: Vec<String> = (1..=30).map(|i| i.to_string()).collect();
        let cols: Vec<String> = (1..=20).map(|i| i.to_string()).collect();
        let svg = Heatmap {
            what: "big",
            id_prefix: "wf-b-1",
            ..plain(&values, &rows, &cols)
        }
        .svg("t");
        assert!(!svg.contains("wf-cell-value"), "no numbers in 600 cells");
        assert!(
            svg.contains("row 1: from \u{2212}1.900 to 0.000; row 2:"),
            "{svg}"
        );
    }
}
