//! Text metrics: the font sizes figures use, how text is aligned at its point, how wide a label
//! will be, and the box it covers (so layout can leave room for labels and tests can check
//! they do not collide).

use super::scale::Point;

/// Font size of tick labels, legends and every number in a figure, in user units. One user unit
/// is at most one CSS pixel (see [`Svg::finish`](super::Svg::finish)), so on a wide screen this
/// is the size in px.
pub const SMALL_TEXT: f64 = 14.0;
/// Font size of axis titles, in user units.
pub const LABEL_TEXT: f64 = 15.0;
/// The width, in CSS px, that the lesson column gives a figure on a 360 px wide screen
/// (`style.css`: the page's side padding taken off).
pub const PHONE_COLUMN: f64 = 328.0;
/// The smallest text, in CSS px, a figure may show on that screen.
pub const LEAST_TEXT_PX: f64 = 11.0;

/// The widest view box whose text at `size` is still [`LEAST_TEXT_PX`] on a phone, where the
/// picture shrinks to [`PHONE_COLUMN`]. Figure layouts keep their width at or below it.
pub const fn legible_width(size: f64) -> f64 {
    size * PHONE_COLUMN / LEAST_TEXT_PX
}

/// CSS px per user unit on a 360 px screen: a chart is shown at most at its own width (one unit
/// per px), a panel (`wf-panel`) always fills the column.
pub fn phone_scale(view_width: f64, fills_column: bool) -> f64 {
    if fills_column {
        PHONE_COLUMN / view_width
    } else {
        PHONE_COLUMN.min(view_width) / view_width
    }
}

/// A rough width of `text` at `font_size`: enough to keep labels apart, not a typesetter.
pub fn text_width(text: &str, font_size: f64) -> f64 {
    text.chars().count() as f64 * font_size * 0.6
}

/// Shortens a long label for a picture (to 14 characters, the last an ellipsis); the text
/// alternative keeps it whole.
pub fn short_label(label: &str) -> String {
    const LONGEST: usize = 14;
    if label.chars().count() <= LONGEST {
        label.to_string()
    } else {
        let kept: String = label.chars().take(LONGEST - 1).collect();
        format!("{kept}…")
    }
}

/// The width of the widest of `labels` at `font_size`, 0 for none: how much room a column of
/// tick labels or a row of names needs.
pub fn widest<'a>(labels: impl IntoIterator<Item = &'a str>, font_size: f64) -> f64 {
    labels
        .into_iter()
        .map(|label| text_width(label, font_size))
        .fold(0.0, f64::max)
}

/// The estimated box a `<text>` covers, turned with the text: four corners in user units.
/// Layout code asks it where a label would go, and the figure tests ask it whether two
/// labels collide or one leaves the picture, so both use the same estimate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TextBox {
    corners: [Point; 4],
}

impl TextBox {
    /// The box of `text` drawn at `at` with this alignment and size, turned by `degrees`
    /// clockwise about `at` (as [`Svg::text_rotated`](super::Svg::text_rotated) draws it).
    pub fn new(
        at: Point,
        (anchor, baseline): (Anchor, Baseline),
        size: f64,
        degrees: f64,
        text: &str,
    ) -> Self {
        let width = text_width(text, size);
        let left = match anchor {
            Anchor::Start => 0.0,
            Anchor::Middle => -width / 2.0,
            Anchor::End => -width,
        };
        let base = match baseline {
            Baseline::Alphabetic => 0.0,
            Baseline::Middle => 0.35 * size,
            Baseline::Hanging => 0.8 * size,
        };
        // Ascenders reach about 0.76 em above the baseline, descenders 0.24 em below.
        let (top, bottom) = (base - 0.76 * size, base + 0.24 * size);
        let (sin, cos) = degrees.to_radians().sin_cos();
        let turn = |x: f64, y: f64| Point::new(at.x + x * cos - y * sin, at.y + x * sin + y * cos);
        TextBox {
            corners: [
                turn(left, top),
                turn(left + width, top),
                turn(left + width, bottom),
                turn(left, bottom),
            ],
        }
    }

    /// An upright box from its edges, for a mark such as a dot or a swatch.
    pub fn rect(left: f64, top: f64, right: f64, bottom: f64) -> Self {
        TextBox {
            corners: [
                Point::new(left, top),
                Point::new(right, top),
                Point::new(right, bottom),
                Point::new(left, bottom),
            ],
        }
    }

    /// (left, top, right, bottom) of the upright rectangle around the box.
    pub fn bounds(&self) -> (f64, f64, f64, f64) {
        self.corners.iter().fold(
            (
                f64::INFINITY,
                f64::INFINITY,
                f64::NEG_INFINITY,
                f64::NEG_INFINITY,
            ),
            |(l, t, r, b), p| (l.min(p.x), t.min(p.y), r.max(p.x), b.max(p.y)),
        )
    }

    /// Whether the box lies within `width` × `height` from the origin.
    pub fn inside(&self, width: f64, height: f64) -> bool {
        let (l, t, r, b) = self.bounds();
        l >= -0.5 && t >= -0.5 && r <= width + 0.5 && b <= height + 0.5
    }

    /// Whether two boxes share more than a sliver (half a unit), by separating axes: turned
    /// labels side by side do not collide merely because their upright bounds do.
    pub fn overlaps(&self, other: &TextBox) -> bool {
        const SLIVER: f64 = 0.5;
        let axes = [self.corners, other.corners].map(|c| {
            [
                (c[1].x - c[0].x, c[1].y - c[0].y),
                (c[3].x - c[0].x, c[3].y - c[0].y),
            ]
        });
        axes.iter().flatten().all(|&(ax, ay)| {
            let length = ax.hypot(ay);
            if length < 1e-9 {
                return true;
            }
            let project = |c: &[Point; 4]| {
                c.iter()
                    .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| {
                        let d = (p.x * ax + p.y * ay) / length;
                        (lo.min(d), hi.max(d))
                    })
            };
            let (a0, a1) = project(&self.corners);
            let (b0, b1) = project(&other.corners);
            a0.max(b0) < a1.min(b1) - SLIVER
        })
    }

    /// Whether the segment from `a` to `b` passes through the box (a curve under a label).
    pub fn crosses(&self, a: Point, b: Point) -> bool {
        // Sample the segment finely enough that no crossing of a label-sized box is missed.
        let steps = ((b.x - a.x).hypot(b.y - a.y) / 2.0)
            .ceil()
            .clamp(1.0, 400.0) as usize;
        (0..=steps).any(|i| {
            let t = i as f64 / steps as f64;
            self.contains(Point::new(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t))
        })
    }

    /// Whether `point` lies inside the box.
    pub fn contains(&self, point: Point) -> bool {
        let c = self.corners;
        (0..4).all(|i| {
            let (p, q) = (c[i], c[(i + 1) % 4]);
            (q.x - p.x) * (point.y - p.y) - (q.y - p.y) * (point.x - p.x) >= 0.0
        })
    }
}

/// Horizontal alignment of text at its point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    /// The text starts at the point.
    Start,
    /// The text is centred on the point.
    Middle,
    /// The text ends at the point.
    End,
}

/// Vertical alignment of text at its point. Done with `dy` rather than `dominant-baseline`,
/// which renderers disagree on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Baseline {
    /// The point is on the text's baseline.
    Alphabetic,
    /// The point is at the middle of lower-case letters.
    Middle,
    /// The point is just above the tallest letters.
    Hanging,
}
