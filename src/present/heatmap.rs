//! A matrix as a heatmap: one cell per entry, its colour's strength the entry's size, its hue
//! the sign, masked entries (−∞) hatched, row and column labels at the edges, and the numbers
//! in the cells when they fit.
//!
//! PURE: input is a matrix view with its labels (any matrix: a compute step today, attention
//! weights tomorrow); output is an inline `<svg>` drawn with [`super::svg`] whose `<desc>` lists
//! the same numbers, printed with [`format_number`] as the prose prints them. Nothing here
//! computes with the numbers beyond mapping them to opacities.

use super::svg::{labelled, nice_ticks, text_width, Anchor, Baseline, Point, Svg, SMALL_TEXT};
use super::{format_number, Precision, Style};
use ndarray::ArrayView2;

/// Width of every heatmap, in user units, like the bar charts so text sizes match on a page.
const WIDTH: f64 = 520.0;
/// Widest a cell may be, so a 2×2 matrix does not fill the page.
const WIDEST_CELL: f64 = 64.0;
/// Height of a cell that shows its number.
const NUMBER_CELL_HEIGHT: f64 = 26.0;
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
/// Opacity above which a cell is dark (light, in the dark theme) enough to need light text.
const STRONG: f64 = 0.55;

/// What a heatmap shows.
#[derive(Debug, Clone)]
pub struct Heatmap<'a> {
    /// The entries; −∞ marks a masked entry.
    pub values: ArrayView2<'a, f64>,
    /// One label per row.
    pub row_labels: &'a [String],
    /// One label per column.
    pub col_labels: &'a [String],
    /// What the matrix is, for the title and text alternative, e.g. `pe.pe`.
    pub what: &'a str,
    /// Decimals for the numbers in cells, legend and text alternative.
    pub decimals: usize,
    /// Starts every id in the picture; unique on the page.
    pub id_prefix: &'a str,
}

impl Heatmap<'_> {
    fn number(&self, value: f64) -> String {
        format_number(value, Precision::Decimals(self.decimals), Style::Prose)
    }

    /// The largest finite magnitude, which gets full colour; 1 when every entry is 0 or masked.
    fn magnitude(&self) -> f64 {
        let largest = self
            .values
            .iter()
            .filter(|value| value.is_finite())
            .fold(0.0, |largest: f64, value| largest.max(value.abs()));
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
        let masked = self.values.iter().any(|value| *value == f64::NEG_INFINITY);
        let widest_row_label = self
            .row_labels
            .iter()
            .map(|label| text_width(label, SMALL_TEXT))
            .fold(0.0, f64::max);
        let left = 12.0 + widest_row_label;
        let cell_width = ((WIDTH - left - 12.0) / cols as f64).min(WIDEST_CELL);
        let widest_number = self
            .values
            .iter()
            .map(|&value| text_width(&self.number(value), CELL_TEXT))
            .fold(0.0, f64::max);
        let numbered = rows * cols <= MOST_NUMBERED_CELLS && widest_number <= cell_width - 4.0;
        let cell_height = if numbered {
            NUMBER_CELL_HEIGHT
        } else {
            cell_width.clamp(4.0, 28.0)
        };
        // Column labels stand upright over their column when they fit, slanted otherwise; on
        // narrow cells only every `stride`-th label is written so none overlap.
        let widest_col_label = self
            .col_labels
            .iter()
            .map(|label| text_width(label, SMALL_TEXT))
            .fold(0.0, f64::max);
        let slanted = widest_col_label > cell_width - 2.0;
        let col_stride = label_stride(
            cell_width,
            if slanted {
                SMALL_TEXT * 1.3
            } else {
                widest_col_label + 4.0
            },
        );
        let row_stride = label_stride(cell_height, SMALL_TEXT * 1.2);
        let top = 8.0
            + if slanted {
                widest_col_label * 0.71 + SMALL_TEXT
            } else {
                SMALL_TEXT + 6.0
            };
        let grid_bottom = top + rows as f64 * cell_height;
        let legend_top = grid_bottom + 14.0;
        let width = (left + cols as f64 * cell_width + 12.0).max(WIDTH.min(left + 340.0));
        let height = legend_top + 34.0;
        let mut svg = Svg::new(width, height, self.id_prefix);
        let hatch = masked.then(|| svg.hatch("wf-hatch"));

        for (row, label) in self.row_labels.iter().enumerate().step_by(row_stride) {
            svg.text(
                Point::new(left - 6.0, top + (row as f64 + 0.5) * cell_height),
                (Anchor::End, Baseline::Middle),
                SMALL_TEXT,
                "wf-tick",
                label,
            );
        }
        for (col, label) in self.col_labels.iter().enumerate().step_by(col_stride) {
            let x = left + (col as f64 + 0.5) * cell_width;
            if slanted {
                svg.text_rotated(
                    Point::new(x, top - 6.0),
                    (Anchor::Start, Baseline::Middle),
                    SMALL_TEXT,
                    -45.0,
                    "wf-tick",
                    label,
                );
            } else {
                svg.text(
                    Point::new(x, top - 6.0),
                    (Anchor::Middle, Baseline::Alphabetic),
                    SMALL_TEXT,
                    "wf-tick",
                    label,
                );
            }
        }
        svg.group("wf-heatmap");
        for ((row, col), &value) in self.values.indexed_iter() {
            let corner = Point::new(
                left + col as f64 * cell_width,
                top + row as f64 * cell_height,
            );
            let size = (cell_width, cell_height);
            svg.rect_fill(corner, size, "wf-cell", "currentColor", 1.0);
            let strength = if value.is_finite() {
                value.abs() / magnitude
            } else {
                0.0
            };
            match &hatch {
                Some(pattern) if value == f64::NEG_INFINITY => {
                    svg.rect_fill(corner, size, "wf-masked", pattern, 1.0)
                }
                _ => svg.rect_fill(corner, size, heat_class(value), "currentColor", strength),
            }
            if numbered {
                let class = if strength > STRONG {
                    "wf-cell-value wf-on-strong"
                } else {
                    "wf-cell-value"
                };
                svg.text(
                    Point::new(corner.x + cell_width / 2.0, corner.y + cell_height / 2.0),
                    (Anchor::Middle, Baseline::Middle),
                    CELL_TEXT,
                    class,
                    &self.number(value),
                );
            }
        }
        svg.end_group();
        self.legend(
            &mut svg,
            Point::new(left, legend_top),
            magnitude,
            hatch.as_deref(),
        );
        svg.finish("wf-chart wf-heatmap-chart", title, &self.description())
    }

    /// Swatches at round values from the most negative to the most positive entry, and the
    /// hatch of masked entries when there are any.
    fn legend(&self, svg: &mut Svg, at: Point, magnitude: f64, hatch: Option<&str>) {
        let signed = self
            .values
            .iter()
            .any(|value| value.is_finite() && *value < 0.0);
        let positive = self
            .values
            .iter()
            .any(|value| value.is_finite() && *value > 0.0);
        let low = if signed { -magnitude } else { 0.0 };
        let high = if positive || !signed { magnitude } else { 0.0 };
        let ticks = labelled(&nice_ticks(low, high, 5));
        let mut x = at.x;
        const SWATCH: (f64, f64) = (26.0, 12.0);
        for tick in ticks
            .iter()
            .filter(|tick| tick.value.abs() <= magnitude * 1.0001)
        {
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
            x += SWATCH.0 + 10.0 + (text_width(&tick.label, SMALL_TEXT) - SWATCH.0).max(0.0);
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
                "−∞: masked",
            );
        }
    }

    /// Every entry by row and column label, or each row's range when there are too many.
    fn description(&self) -> String {
        let (rows, cols) = self.values.dim();
        let entry = |value: f64| {
            if value == f64::NEG_INFINITY {
                "−∞ (masked)".to_string()
            } else {
                self.number(value)
            }
        };
        let mut parts = Vec::with_capacity(rows);
        for (row, label) in self.values.rows().into_iter().zip(self.row_labels) {
            let text = if rows * cols <= MOST_DESCRIBED_ENTRIES {
                row.iter()
                    .zip(self.col_labels)
                    .map(|(&value, col)| format!("{col} {}", entry(value)))
                    .collect::<Vec<_>>()
                    .join(", ")
            } else {
                let finite = row.iter().copied().filter(|value| value.is_finite());
                let low = finite.clone().fold(f64::INFINITY, f64::min);
                let high = finite.fold(f64::NEG_INFINITY, f64::max);
                let masked = row.iter().filter(|value| value.is_infinite()).count();
                let mut text = if low <= high {
                    format!("from {} to {}", self.number(low), self.number(high))
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
        format!(
            "{}, a {rows}×{cols} matrix; darker cells hold larger magnitudes{}. {}.",
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
            parts.join("; ")
        )
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

/// Write every `stride`-th label so labels `needed` units long fit in cells `cell` units long.
fn label_stride(cell: f64, needed: f64) -> usize {
    if cell >= needed {
        1
    } else {
        (needed / cell.max(0.1)).ceil() as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::array;

    fn labels(names: &[&str]) -> Vec<String> {
        names.iter().map(|name| name.to_string()).collect()
    }

    #[test]
    fn every_cell_is_drawn_with_its_number_and_labels_at_the_edges() {
        let values = array![[0.5, -1.0], [0.0, 0.25]];
        let rows = labels(&["the", "<cat>"]);
        let cols = labels(&["a", "b"]);
        let svg = Heatmap {
            values: values.view(),
            row_labels: &rows,
            col_labels: &cols,
            what: "x.y",
            decimals: 2,
            id_prefix: "wf-x-1",
        }
        .svg("Heatmap of x.y");
        assert_eq!(
            svg.matches("class=\"wf-cell\"").count(),
            4 + 5,
            "4 cells and 5 legend swatches"
        );
        assert!(svg.contains(">&lt;cat&gt;</text>"), "{svg}");
        assert!(svg.contains(">\u{2212}1.00</text>"), "{svg}");
        // −1 is the largest magnitude: full strength, in the negative hue, with light text.
        assert!(svg.contains("class=\"wf-heat wf-heat-negative\""), "{svg}");
        assert!(
            svg.contains("class=\"wf-cell-value wf-on-strong\""),
            "{svg}"
        );
        assert!(
            svg.contains("fill-opacity=\"0.500\""),
            "0.5 is half of the largest: {svg}"
        );
        assert!(
            svg.contains("row the: a 0.50, b \u{2212}1.00; row &lt;cat&gt;: a 0.00, b 0.25."),
            "{svg}"
        );
    }

    #[test]
    fn masked_entries_are_hatched_and_described_as_masked() {
        let values = array![[0.0, f64::NEG_INFINITY], [1.0, 2.0]];
        let names = labels(&["p", "q"]);
        let svg = Heatmap {
            values: values.view(),
            row_labels: &names,
            col_labels: &names,
            what: "s.scores",
            decimals: 1,
            id_prefix: "wf-s-1",
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
            values: values.view(),
            row_labels: &rows,
            col_labels: &cols,
            what: "big",
            decimals: 3,
            id_prefix: "wf-b-1",
        }
        .svg("t");
        assert!(!svg.contains("wf-cell-value"), "no numbers in 600 cells");
        assert!(
            svg.contains("row 1: from \u{2212}1.900 to 0.000; row 2:"),
            "{svg}"
        );
    }
}
