//! Label placement: slot labels upright or turned when they would touch, and a placer that
//! puts annotations where they clash with nothing drawn before.

use super::scale::{Frame, Point};
use super::text::{widest, Anchor, Baseline, TextBox, SMALL_TEXT};
use super::writer::Svg;

/// Widest label, in ems, that stays upright however narrow its slot.
const SHORT_LABEL_EMS: f64 = 2.0;

/// Where labels of equally spaced slots (bar groups, heatmap columns) go: upright when the
/// widest fits its slot or is short, else turned 45°, and only every `stride`-th one when even
/// that is too tight.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SlotLabels {
    /// Whether the labels are turned by 45°.
    pub slanted: bool,
    /// Every how many slots a label is written.
    pub stride: usize,
    /// How far the labels reach away from the edge they stand on.
    pub depth: f64,
    /// How far a turned label reaches sideways past its slot's centre (0 when upright).
    pub reach: f64,
}

/// Which side of an edge slot labels stand on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// Under the edge, turned labels running down and to the left (a bar chart's x axis).
    Below,
    /// Above the edge, turned labels running up and to the right (a heatmap's columns).
    Above,
}

impl SlotLabels {
    /// The layout of `labels` on slots `slot` units wide, at `size`.
    pub fn new<'a>(labels: impl IntoIterator<Item = &'a str>, slot: f64, size: f64) -> Self {
        let widest = widest(labels, size);
        // Short labels (up to three digits) are never turned: turning them saves little width
        // and costs legibility, so they thin out upright instead.
        let short = widest <= SHORT_LABEL_EMS * size;
        let slanted = !short && widest + 4.0 > slot;
        // Turned labels are `slot · sin 45°` apart across their lines; they need a line each.
        let needed = if slanted {
            size * 1.2 / std::f64::consts::FRAC_1_SQRT_2
        } else {
            widest + 4.0
        };
        let stride = if slot >= needed {
            1
        } else {
            (needed / slot.max(0.1)).ceil() as usize
        };
        let (depth, reach) = if slanted {
            (
                (widest + size) * std::f64::consts::FRAC_1_SQRT_2 + 6.0,
                (widest + size) * std::f64::consts::FRAC_1_SQRT_2,
            )
        } else {
            (size + 6.0, 0.0)
        };
        SlotLabels {
            slanted,
            stride,
            depth,
            reach,
        }
    }
}

impl Svg {
    /// Writes every `stride`-th label of `labels`, slot `i` centred at `first + i · slot`, on
    /// `side` of the edge at `edge`; `class` gives each label's class by its index.
    pub fn slot_labels<'a>(
        &mut self,
        layout: &SlotLabels,
        labels: impl IntoIterator<Item = &'a str>,
        (first, slot): (f64, f64),
        (edge, side): (f64, Side),
        class: impl Fn(usize) -> &'a str,
    ) {
        for (index, label) in labels.into_iter().enumerate().step_by(layout.stride) {
            let x = first + index as f64 * slot;
            let class = class(index);
            match (layout.slanted, side) {
                (false, Side::Below) => self.text(
                    Point::new(x, edge + 6.0),
                    (Anchor::Middle, Baseline::Hanging),
                    SMALL_TEXT,
                    class,
                    label,
                ),
                (false, Side::Above) => self.text(
                    Point::new(x, edge - 6.0),
                    (Anchor::Middle, Baseline::Alphabetic),
                    SMALL_TEXT,
                    class,
                    label,
                ),
                (true, Side::Below) => self.text_rotated(
                    Point::new(x, edge + 8.0),
                    (Anchor::End, Baseline::Hanging),
                    SMALL_TEXT,
                    -45.0,
                    class,
                    label,
                ),
                (true, Side::Above) => self.text_rotated(
                    Point::new(x, edge - 6.0),
                    (Anchor::Start, Baseline::Middle),
                    SMALL_TEXT,
                    -45.0,
                    class,
                    label,
                ),
            }
        }
    }
}

/// Finds room for annotations: each label goes to the first of its candidate places that
/// stays inside the plot and clear of the data and of the labels placed before it.
#[derive(Debug, Clone)]
pub struct Placer {
    area: (f64, f64, f64, f64),
    taken: Vec<TextBox>,
    points: Vec<Point>,
    segments: Vec<(Point, Point)>,
}

/// A place to try for a label: its point and alignment.
pub type Spot = (Point, (Anchor, Baseline));

impl Placer {
    /// A placer for labels that must stay within `frame`.
    pub fn new(frame: &Frame) -> Self {
        Placer {
            area: (frame.left, frame.top, frame.right(), frame.bottom()),
            taken: Vec::new(),
            points: Vec::new(),
            segments: Vec::new(),
        }
    }

    /// Keeps labels off a drawn line through `points`.
    pub fn avoid_line(&mut self, points: &[Point]) {
        self.segments
            .extend(points.windows(2).map(|pair| (pair[0], pair[1])));
        self.points.extend(points.first().copied());
    }

    /// Keeps labels off a mark of `radius` around `at` (a dot, a cross).
    pub fn avoid_mark(&mut self, at: Point, radius: f64) {
        self.taken.push(TextBox::rect(
            at.x - radius,
            at.y - radius,
            at.x + radius,
            at.y + radius,
        ));
    }

    /// The eight places around `at`, `gap` away, each aligned to grow away from it: right,
    /// above, left, below first, then the diagonals.
    pub fn around(at: Point, gap: f64) -> Vec<Spot> {
        let diagonal = gap * std::f64::consts::FRAC_1_SQRT_2;
        vec![
            (
                Point::new(at.x + gap, at.y),
                (Anchor::Start, Baseline::Middle),
            ),
            (
                Point::new(at.x, at.y - gap),
                (Anchor::Middle, Baseline::Alphabetic),
            ),
            (
                Point::new(at.x - gap, at.y),
                (Anchor::End, Baseline::Middle),
            ),
            (
                Point::new(at.x, at.y + gap),
                (Anchor::Middle, Baseline::Hanging),
            ),
            (
                Point::new(at.x + diagonal, at.y - diagonal),
                (Anchor::Start, Baseline::Alphabetic),
            ),
            (
                Point::new(at.x - diagonal, at.y - diagonal),
                (Anchor::End, Baseline::Alphabetic),
            ),
            (
                Point::new(at.x - diagonal, at.y + diagonal),
                (Anchor::End, Baseline::Hanging),
            ),
            (
                Point::new(at.x + diagonal, at.y + diagonal),
                (Anchor::Start, Baseline::Hanging),
            ),
        ]
    }

    /// How much `text` at `size` placed at `spot` clashes: 100 for leaving the area, 2 per label
    /// it overlaps and 1 per line or point it covers; 0 when it touches nothing.
    fn conflicts(&self, text: &str, size: f64, spot: &Spot) -> usize {
        let (left, top, right, bottom) = self.area;
        let label = TextBox::new(spot.0, spot.1, size, 0.0, text);
        let (l, t, r, b) = label.bounds();
        // Leaving the plot is worse than any collision inside it: there it may cover the
        // axes' labels, which are not in this placer.
        let outside = usize::from(l < left || t < top || r > right || b > bottom) * 100;
        let labels = self.taken.iter().filter(|o| o.overlaps(&label)).count() * 2;
        let lines = self
            .segments
            .iter()
            .filter(|(a, b)| label.crosses(*a, *b))
            .count()
            + self.points.iter().filter(|p| label.contains(**p)).count();
        outside + labels + lines
    }

    /// The first of `spots` where `text` at `size` is inside the area and touches nothing;
    /// failing that, the one that touches least. The label's box is then taken.
    pub fn place(&mut self, text: &str, size: f64, spots: &[Spot]) -> Spot {
        let best = spots
            .iter()
            .copied()
            .enumerate()
            .min_by_key(|(index, spot)| (self.conflicts(text, size, spot), *index))
            .map(|(_, spot)| spot)
            .expect("at least one spot to try");
        self.taken
            .push(TextBox::new(best.0, best.1, size, 0.0, text));
        best
    }

    /// The first of `spots` where `text` touches nothing, its box then taken; `None` when every
    /// spot clashes (a crowded scatter leaves such a label to the text alternative).
    pub fn place_clear(&mut self, text: &str, size: f64, spots: &[Spot]) -> Option<Spot> {
        let spot = *spots
            .iter()
            .find(|spot| self.conflicts(text, size, spot) == 0)?;
        self.taken
            .push(TextBox::new(spot.0, spot.1, size, 0.0, text));
        Some(spot)
    }
}
