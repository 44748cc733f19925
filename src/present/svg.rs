//! A small SVG writer for build-time figures: scales, "nice" ticks, axes, lines, bars, arrows
//! and text.
//!
//! PURE: numbers in, markup out; no I/O. Output is deterministic: every coordinate is printed
//! with two decimals (and never as `-0.00`), and elements come out in the order they were
//! drawn. Colours are not written here: elements carry `wf-*` classes that `static/figures.css`
//! colours through CSS custom properties, and `currentColor` attributes keep a figure legible
//! even without that stylesheet. Font sizes *are* written here, because the layout code that
//! leaves room for labels has to know them.

use crate::base::html::escape_html;
use std::fmt::Write;

/// Font size of tick labels, legends and every number in a figure, in user units. One user unit
/// is at most one CSS pixel (see [`Svg::finish`]), so on a wide screen this is the size in px.
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
    /// clockwise about `at` (as [`Svg::text_rotated`] draws it).
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

/// A coordinate with two decimals; `-0.00` prints as `0.00` so equal pictures are equal bytes.
pub fn coordinate(value: f64) -> String {
    let text = format!("{value:.2}");
    if text == "-0.00" {
        "0.00".to_string()
    } else {
        text
    }
}

/// A position in user units; y grows downwards, as in SVG.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    /// Horizontal position.
    pub x: f64,
    /// Vertical position, downwards.
    pub y: f64,
}

impl Point {
    /// The point (x, y).
    pub fn new(x: f64, y: f64) -> Self {
        Point { x, y }
    }
}

/// The rectangle a plot draws its data in (axes and labels go outside it).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Frame {
    /// Left edge.
    pub left: f64,
    /// Top edge.
    pub top: f64,
    /// Width.
    pub width: f64,
    /// Height.
    pub height: f64,
}

impl Frame {
    /// The right edge.
    pub fn right(&self) -> f64 {
        self.left + self.width
    }

    /// The bottom edge.
    pub fn bottom(&self) -> f64 {
        self.top + self.height
    }
}

/// Maps data values onto a range of user units, linearly or by their base-10 logarithm.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scale {
    domain: (f64, f64),
    range: (f64, f64),
    log: bool,
}

impl Scale {
    /// A linear scale; an empty domain (all values equal) is widened so nothing divides by 0.
    pub fn linear(domain: (f64, f64), range: (f64, f64)) -> Self {
        Scale {
            domain: widen(domain),
            range,
            log: false,
        }
    }

    /// A logarithmic scale over a positive domain; values at or below 0 map to its bottom.
    pub fn log10(domain: (f64, f64), range: (f64, f64)) -> Self {
        let low = domain.0.max(f64::MIN_POSITIVE).log10();
        let high = domain.1.max(f64::MIN_POSITIVE).log10();
        Scale {
            domain: widen((low, high)),
            range,
            log: true,
        }
    }

    /// The user-unit position of `value`.
    pub fn map(&self, value: f64) -> f64 {
        let value = if self.log {
            if value > 0.0 {
                value.log10()
            } else {
                self.domain.0
            }
        } else {
            value
        };
        let (d0, d1) = self.domain;
        let (r0, r1) = self.range;
        r0 + (value - d0) / (d1 - d0) * (r1 - r0)
    }
}

/// A domain of positive width: equal ends move apart by 1, or by a tenth of their size.
fn widen((low, high): (f64, f64)) -> (f64, f64) {
    if high > low {
        (low, high)
    } else {
        let pad = if low == 0.0 { 1.0 } else { low.abs() * 0.1 };
        (low - pad, high + pad)
    }
}

/// One labelled position on an axis.
#[derive(Debug, Clone, PartialEq)]
pub struct Tick {
    /// The data value.
    pub value: f64,
    /// What to print there.
    pub label: String,
}

/// Ticks at round numbers (1, 2 or 5 times a power of ten) that cover `[low, high]`.
#[derive(Debug, Clone, PartialEq)]
pub struct NiceTicks {
    /// The tick values, ascending; the first is ≤ `low` and the last ≥ `high`.
    pub values: Vec<f64>,
    /// Decimals that print every tick exactly (0 for a step of 1 or more).
    pub decimals: usize,
}

impl NiceTicks {
    /// From the first tick to the last: the domain to give a scale so the ticks fill the axis.
    pub fn domain(&self) -> (f64, f64) {
        (self.values[0], self.values[self.values.len() - 1])
    }
}

/// About `count` round ticks covering `[low, high]`; equal ends are widened first, and
/// non-finite ends give the ticks of [0, 1].
pub fn nice_ticks(low: f64, high: f64, count: usize) -> NiceTicks {
    let (low, high) = if low.is_finite() && high.is_finite() {
        widen((low.min(high), low.max(high)))
    } else {
        (0.0, 1.0)
    };
    let raw = (high - low) / count.max(2).saturating_sub(1) as f64;
    let magnitude = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|factor| factor * magnitude)
        .find(|step| *step >= raw)
        .unwrap_or(10.0 * magnitude);
    let decimals = (-step.log10().floor()).max(0.0) as usize;
    let first = (low / step).floor();
    let last = (high / step).ceil();
    let round = 10f64.powi(decimals as i32);
    let values = (0..=(last - first) as usize)
        .map(|i| (((first + i as f64) * step) * round).round() / round + 0.0)
        .collect();
    NiceTicks { values, decimals }
}

/// Whole powers of ten for a log axis over `[low, high]` (both > 0): the domain, from the
/// decade at or below `low` to the one at or above `high`, and at most about six ticks in it,
/// labelled `0.01`, `1`, `100` when every label is short, otherwise `10⁻⁵`, `10⁰`, `10⁵`.
pub fn decade_ticks(low: f64, high: f64) -> (Vec<Tick>, (f64, f64)) {
    let low = low.max(f64::MIN_POSITIVE).log10().floor() as i32;
    let high = (high.max(f64::MIN_POSITIVE).log10().ceil() as i32).max(low + 1);
    let stride = ((high - low) as usize).div_ceil(6).max(1);
    let plain = low >= -3 && high <= 4;
    let ticks = (low..=high)
        .step_by(stride)
        .map(|exponent| Tick {
            value: power_of_ten(exponent),
            label: if plain {
                plain_power_of_ten(exponent)
            } else {
                format!("10{}", superscript(exponent))
            },
        })
        .collect();
    (ticks, (power_of_ten(low), power_of_ten(high)))
}

/// 10ⁿ as the nearest `f64`, which repeated multiplication does not always give.
fn power_of_ten(exponent: i32) -> f64 {
    format!("1e{exponent}").parse().unwrap_or(1.0)
}

/// `0.001`, `1`, `1000`: written out digit by digit, so no rounding can creep in.
fn plain_power_of_ten(exponent: i32) -> String {
    let zeros = "0".repeat(exponent.unsigned_abs() as usize);
    if exponent >= 0 {
        format!("1{zeros}")
    } else {
        format!("0.{}1", &zeros[1..])
    }
}

fn superscript(exponent: i32) -> String {
    exponent
        .to_string()
        .chars()
        .map(|c| match c {
            '-' => '⁻',
            '0' => '⁰',
            '1' => '¹',
            '2' => '²',
            '3' => '³',
            '4' => '⁴',
            '5' => '⁵',
            '6' => '⁶',
            '7' => '⁷',
            '8' => '⁸',
            _ => '⁹',
        })
        .collect()
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

/// An SVG image being drawn.
#[derive(Debug, Clone)]
pub struct Svg {
    width: f64,
    height: f64,
    id_prefix: String,
    defs: String,
    body: String,
    markers: usize,
}

impl Svg {
    /// An empty image of `width` × `height` user units. `id_prefix` starts every id in it, so
    /// two figures on one page never share one.
    pub fn new(width: f64, height: f64, id_prefix: &str) -> Self {
        Svg {
            width,
            height,
            id_prefix: id_prefix.to_string(),
            defs: String::new(),
            body: String::new(),
            markers: 0,
        }
    }

    /// Opens a group with `class`; close it with [`Svg::end_group`].
    pub fn group(&mut self, class: &str) {
        let _ = writeln!(self.body, "<g class=\"{}\">", escape_html(class));
    }

    /// Opens a group with `class` whose drawing is cut off outside `frame`; close it with
    /// [`Svg::end_group`]. For curves, such as contour lines, that run past the plot.
    pub fn clipped_group(&mut self, frame: &Frame, class: &str) {
        let id = format!("{}-clip", self.id_prefix);
        let _ = writeln!(
            self.defs,
            "<clipPath id=\"{}\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/></clipPath>",
            escape_html(&id),
            coordinate(frame.left),
            coordinate(frame.top),
            coordinate(frame.width),
            coordinate(frame.height)
        );
        let _ = writeln!(
            self.body,
            "<g class=\"{}\" clip-path=\"url(#{})\">",
            escape_html(class),
            escape_html(&id)
        );
    }

    /// Closes the innermost group.
    pub fn end_group(&mut self) {
        self.body.push_str("</g>\n");
    }

    /// A straight line.
    pub fn line(&mut self, from: Point, to: Point, class: &str) {
        let _ = writeln!(
            self.body,
            "<line class=\"{}\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"currentColor\"/>",
            escape_html(class),
            coordinate(from.x),
            coordinate(from.y),
            coordinate(to.x),
            coordinate(to.y)
        );
    }

    /// A line through `points`; nothing for fewer than two.
    pub fn polyline(&mut self, points: &[Point], class: &str) {
        if points.len() < 2 {
            return;
        }
        let list: Vec<String> = points
            .iter()
            .map(|p| format!("{},{}", coordinate(p.x), coordinate(p.y)))
            .collect();
        let _ = writeln!(
            self.body,
            "<polyline class=\"{}\" points=\"{}\" fill=\"none\" stroke=\"currentColor\"/>",
            escape_html(class),
            list.join(" ")
        );
    }

    /// A filled rectangle; a negative height is drawn upwards from `top`.
    pub fn rect(&mut self, left: f64, top: f64, width: f64, height: f64, class: &str) {
        let (top, height) = if height < 0.0 {
            (top + height, -height)
        } else {
            (top, height)
        };
        let _ = writeln!(
            self.body,
            "<rect class=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"currentColor\"/>",
            escape_html(class),
            coordinate(left),
            coordinate(top),
            coordinate(width.max(0.0)),
            coordinate(height)
        );
    }

    /// A rectangle filled with `fill` (a colour or `url(#…)`) at `opacity`, for heatmap cells
    /// whose strength is the opacity of one theme colour.
    pub fn rect_fill(
        &mut self,
        corner: Point,
        size: (f64, f64),
        class: &str,
        fill: &str,
        opacity: f64,
    ) {
        let opacity = if opacity < 1.0 {
            format!(" fill-opacity=\"{:.3}\"", opacity.max(0.0))
        } else {
            String::new()
        };
        let _ = writeln!(
            self.body,
            "<rect class=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"{opacity}/>",
            escape_html(class),
            coordinate(corner.x),
            coordinate(corner.y),
            coordinate(size.0.max(0.0)),
            coordinate(size.1.max(0.0)),
            escape_html(fill),
        );
    }

    /// Defines a diagonal hatch pattern drawn in `class`'s colour and returns its `url(#…)`, for
    /// cells that hold no number (a masked −∞).
    pub fn hatch(&mut self, class: &str) -> String {
        let id = format!("{}-hatch-{}", self.id_prefix, self.markers);
        self.markers += 1;
        let _ = writeln!(
            self.defs,
            "<pattern id=\"{}\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><line class=\"{}\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"currentColor\"/></pattern>",
            escape_html(&id),
            escape_html(class),
        );
        format!("url(#{id})")
    }

    /// A circle.
    pub fn circle(&mut self, center: Point, radius: f64, class: &str) {
        let _ = writeln!(
            self.body,
            "<circle class=\"{}\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"currentColor\"/>",
            escape_html(class),
            coordinate(center.x),
            coordinate(center.y),
            coordinate(radius)
        );
    }

    /// Text at `at`; `text` is escaped, so labels like `<b>` print as written.
    pub fn text(
        &mut self,
        at: Point,
        (anchor, baseline): (Anchor, Baseline),
        size: f64,
        class: &str,
        text: &str,
    ) {
        self.text_element(at, (anchor, baseline), size, class, text, "");
    }

    /// Text turned by `degrees` (clockwise) about its point, for slanted or vertical labels.
    pub fn text_rotated(
        &mut self,
        at: Point,
        (anchor, baseline): (Anchor, Baseline),
        size: f64,
        degrees: f64,
        class: &str,
        text: &str,
    ) {
        let transform = format!(
            " transform=\"rotate({} {} {})\"",
            coordinate(degrees),
            coordinate(at.x),
            coordinate(at.y)
        );
        self.text_element(at, (anchor, baseline), size, class, text, &transform);
    }

    fn text_element(
        &mut self,
        at: Point,
        (anchor, baseline): (Anchor, Baseline),
        size: f64,
        class: &str,
        text: &str,
        transform: &str,
    ) {
        // An empty label (an axis without a title) has nothing to show or to take room.
        if text.is_empty() {
            return;
        }
        let anchor = match anchor {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        };
        let dy = match baseline {
            Baseline::Alphabetic => "",
            Baseline::Middle => " dy=\"0.35em\"",
            Baseline::Hanging => " dy=\"0.8em\"",
        };
        let _ = writeln!(
            self.body,
            "<text class=\"{}\" x=\"{}\" y=\"{}\"{dy} text-anchor=\"{anchor}\" font-size=\"{}\" fill=\"currentColor\"{transform}>{}</text>",
            escape_html(class),
            coordinate(at.x),
            coordinate(at.y),
            coordinate(size),
            escape_html(text)
        );
    }

    /// An arrow from `from` whose head's tip is exactly at `to`. The line stops where the head
    /// begins, so a thick line never pokes out past the tip; `class` styles both line and head
    /// (the head is a `<marker>` of its own, with an id made from the prefix and a counter).
    pub fn arrow(&mut self, from: Point, to: Point, class: &str) {
        const HEAD_LENGTH: f64 = 10.0;
        const HEAD_WIDTH: f64 = 8.0;
        let id = format!("{}-head-{}", self.id_prefix, self.markers);
        self.markers += 1;
        let _ = writeln!(
            self.defs,
            "<marker id=\"{}\" viewBox=\"0 0 {HEAD_LENGTH} {HEAD_WIDTH}\" refX=\"0\" refY=\"{}\" markerWidth=\"{HEAD_LENGTH}\" markerHeight=\"{HEAD_WIDTH}\" markerUnits=\"userSpaceOnUse\" orient=\"auto\"><path class=\"{} wf-head\" d=\"M0,0 L{HEAD_LENGTH},{} L0,{HEAD_WIDTH} z\" fill=\"currentColor\"/></marker>",
            escape_html(&id),
            HEAD_WIDTH / 2.0,
            escape_html(class),
            HEAD_WIDTH / 2.0,
        );
        let (dx, dy) = (to.x - from.x, to.y - from.y);
        let length = dx.hypot(dy);
        // An arrow shorter than its head keeps its full line; the head then overshoots a
        // little, which beats a head pointing nowhere.
        let end = if length > HEAD_LENGTH {
            Point::new(
                to.x - dx / length * HEAD_LENGTH,
                to.y - dy / length * HEAD_LENGTH,
            )
        } else {
            to
        };
        let _ = writeln!(
            self.body,
            "<line class=\"{}\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"currentColor\" marker-end=\"url(#{})\"/>",
            escape_html(class),
            coordinate(from.x),
            coordinate(from.y),
            coordinate(end.x),
            coordinate(end.y),
            escape_html(&id)
        );
    }

    /// A horizontal axis under `frame`: grid lines, tick labels and a title.
    pub fn x_axis(&mut self, frame: &Frame, scale: &Scale, ticks: &[Tick], title: &str) {
        self.group("wf-axis-x");
        for tick in ticks {
            let x = scale.map(tick.value);
            self.line(
                Point::new(x, frame.top),
                Point::new(x, frame.bottom()),
                "wf-grid",
            );
            // Nine units down clears the y axis's bottom label.
            self.text(
                Point::new(x, frame.bottom() + 9.0),
                (Anchor::Middle, Baseline::Hanging),
                SMALL_TEXT,
                "wf-tick",
                &tick.label,
            );
        }
        self.line(
            Point::new(frame.left, frame.bottom()),
            Point::new(frame.right(), frame.bottom()),
            "wf-axis",
        );
        self.text(
            Point::new(frame.left + frame.width / 2.0, frame.bottom() + 27.0),
            (Anchor::Middle, Baseline::Hanging),
            LABEL_TEXT,
            "wf-axis-title",
            title,
        );
        self.end_group();
    }

    /// A vertical axis left of `frame`: grid lines, tick labels and a title read bottom-up.
    pub fn y_axis(&mut self, frame: &Frame, scale: &Scale, ticks: &[Tick], title: &str) {
        self.group("wf-axis-y");
        let widest = widest(ticks.iter().map(|tick| tick.label.as_str()), SMALL_TEXT);
        for tick in ticks {
            let y = scale.map(tick.value);
            self.line(
                Point::new(frame.left, y),
                Point::new(frame.right(), y),
                "wf-grid",
            );
            self.text(
                Point::new(frame.left - 6.0, y),
                (Anchor::End, Baseline::Middle),
                SMALL_TEXT,
                "wf-tick",
                &tick.label,
            );
        }
        self.line(
            Point::new(frame.left, frame.top),
            Point::new(frame.left, frame.bottom()),
            "wf-axis",
        );
        self.text_rotated(
            Point::new(frame.left - 12.0 - widest, frame.top + frame.height / 2.0),
            (Anchor::Middle, Baseline::Alphabetic),
            LABEL_TEXT,
            -90.0,
            "wf-axis-title",
            title,
        );
        self.end_group();
    }

    /// The finished `<svg>`, announced as one image whose name is `title` and whose
    /// description is `description`. Its `width` attribute is its view box's width, so on a
    /// wide screen one user unit is one CSS pixel and text is as large as its font size says;
    /// `figures.css` lets it shrink to a narrower column (`max-width: 100%`) and lets panels
    /// (`wf-panel`) fill theirs. Layouts keep the width within [`legible_width`], so even
    /// shrunk to a phone's column no text is smaller than [`LEAST_TEXT_PX`].
    pub fn finish(self, class: &str, title: &str, description: &str) -> String {
        let prefix = escape_html(&self.id_prefix);
        let defs = if self.defs.is_empty() {
            String::new()
        } else {
            format!("<defs>\n{}</defs>\n", self.defs)
        };
        format!(
            "<svg class=\"{}\" width=\"{}\" viewBox=\"0 0 {} {}\" role=\"img\" aria-labelledby=\"{prefix}-title\" aria-describedby=\"{prefix}-desc\" xmlns=\"http://www.w3.org/2000/svg\">\n<title id=\"{prefix}-title\">{}</title>\n<desc id=\"{prefix}-desc\">{}</desc>\n{defs}{}</svg>\n",
            escape_html(class),
            self.width.ceil(),
            coordinate(self.width),
            coordinate(self.height),
            escape_html(title),
            escape_html(description),
            self.body
        )
    }
}

/// Ticks labelled with just enough decimals, minus signs as U+2212 like the prose. Large
/// values are written with an SI prefix (`500k`, `−1.5M`), beyond 10¹⁵ and below 10⁻³ as
/// powers of ten (`2×10⁻⁴`), so a label stays short whatever the range.
pub fn labelled(ticks: &NiceTicks) -> Vec<Tick> {
    let largest = ticks.values.iter().fold(0.0, |m: f64, v| m.max(v.abs()));
    let step = if ticks.values.len() > 1 {
        (ticks.values[1] - ticks.values[0]).abs()
    } else {
        1.0
    };
    // The power of ten that the printed digits count in, and what to write after them.
    let (exponent, suffix): (i32, Option<String>) = if (1e4..1e15).contains(&largest) {
        let exponent = ((largest.log10() + 1e-9).floor() as i32 / 3) * 3;
        let prefix = ["k", "M", "G", "T"][(exponent / 3 - 1) as usize];
        (exponent, Some(prefix.to_string()))
    } else if largest >= 1e15 || (largest > 0.0 && largest < 1e-3) {
        let exponent = (largest.log10() + 1e-9).floor() as i32;
        (exponent, Some(format!("×10{}", superscript(exponent))))
    } else {
        (0, None)
    };
    let scale = power_of_ten(exponent);
    let decimals = if suffix.is_some() {
        (-((step / scale).log10() + 1e-9).floor()).max(0.0) as usize
    } else {
        ticks.decimals
    };
    ticks
        .values
        .iter()
        .map(|&value| {
            let digits = super::format_number(
                value / scale,
                super::Precision::Decimals(decimals),
                super::Style::Prose,
            );
            // Zero needs no unit: "0", not "0.0M".
            let label = match &suffix {
                Some(_) if value == 0.0 => "0".to_string(),
                Some(suffix) => format!("{digits}{suffix}"),
                None => digits,
            };
            Tick { value, label }
        })
        .collect()
}

/// Round ticks over `[low, high]` for an axis `length` units long whose labels never touch:
/// as many as about `most`, fewer when the labels (side by side on a horizontal axis, one
/// line apart on a vertical one) would not fit. Returns the labelled ticks and the domain.
pub fn fitted_ticks(
    low: f64,
    high: f64,
    length: f64,
    horizontal: bool,
    most: usize,
) -> (Vec<Tick>, (f64, f64)) {
    let mut fallback = None;
    for count in (2..=most.max(2)).rev() {
        let ticks = nice_ticks(low, high, count);
        let labels = labelled(&ticks);
        let domain = ticks.domain();
        let spacing = length / (ticks.values.len().max(2) - 1) as f64;
        let needed = if horizontal {
            widest(labels.iter().map(|tick| tick.label.as_str()), SMALL_TEXT) + SMALL_TEXT * 0.6
        } else {
            SMALL_TEXT * 1.4
        };
        if spacing >= needed {
            return (labels, domain);
        }
        fallback = Some((labels, domain));
    }
    // Not even two round ticks fit side by side: keep the two ends of the last try.
    let (labels, domain) = fallback.expect("at least one count was tried");
    let ends = vec![labels[0].clone(), labels[labels.len() - 1].clone()];
    (ends, domain)
}

/// [`fitted_ticks`] for the x axis of `frame`, narrowing the frame from the right until the
/// last label, centred on its tick, ends inside a picture `picture_width` wide.
pub fn fitted_x_axis(
    low: f64,
    high: f64,
    frame: &mut Frame,
    picture_width: f64,
) -> (Vec<Tick>, (f64, f64)) {
    for _ in 0..4 {
        let (ticks, domain) = fitted_ticks(low, high, frame.width, true, 6);
        let last = ticks.last().map_or(0.0, |tick| {
            let at = frame.left + (tick.value - domain.0) / (domain.1 - domain.0) * frame.width;
            at + text_width(&tick.label, SMALL_TEXT) / 2.0
        });
        let overflow = last - (picture_width - 2.0);
        if overflow <= 0.0 {
            return (ticks, domain);
        }
        frame.width -= overflow;
    }
    fitted_ticks(low, high, frame.width, true, 6)
}

/// Where labels of equally spaced slots (bar groups, heatmap columns) go: upright when the
/// widest fits its slot, else turned 45°, and only every `stride`-th one when even that is
/// too tight.
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
        let slanted = widest + 4.0 > slot;
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

    /// The first of `spots` where `text` at `size` is inside the area and touches nothing;
    /// failing that, the one that touches least. The label's box is then taken.
    pub fn place(&mut self, text: &str, size: f64, spots: &[Spot]) -> Spot {
        let (left, top, right, bottom) = self.area;
        let conflicts = |spot: &Spot| {
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
        };
        let best = spots
            .iter()
            .copied()
            .enumerate()
            .min_by_key(|(index, spot)| (conflicts(spot), *index))
            .map(|(_, spot)| spot)
            .expect("at least one spot to try");
        self.taken
            .push(TextBox::new(best.0, best.1, size, 0.0, text));
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nice_ticks_cover_a_probability_range_in_steps_of_a_fifth() {
        let ticks = nice_ticks(0.0, 0.864, 6);
        assert_eq!(ticks.values, [0.0, 0.2, 0.4, 0.6, 0.8, 1.0]);
        assert_eq!(ticks.decimals, 1);
        assert_eq!(ticks.domain(), (0.0, 1.0));
    }

    #[test]
    fn nice_ticks_step_by_one_two_or_five_times_a_power_of_ten() {
        assert_eq!(nice_ticks(0.0, 47.0, 5).values, [0.0, 20.0, 40.0, 60.0]);
        assert_eq!(
            nice_ticks(-3.0, 3.0, 7).values,
            [-3.0, -2.0, -1.0, 0.0, 1.0, 2.0, 3.0]
        );
        assert_eq!(nice_ticks(0.0, 0.03, 4).values, [0.0, 0.01, 0.02, 0.03]);
        assert_eq!(nice_ticks(0.0, 0.03, 4).decimals, 2);
    }

    #[test]
    fn nice_ticks_of_equal_ends_or_non_finite_ends_still_span_an_interval() {
        let equal = nice_ticks(2.0, 2.0, 5);
        assert!(equal.values.len() >= 2);
        assert!(equal.values[0] <= 2.0 && *equal.values.last().unwrap() >= 2.0);
        assert_eq!(nice_ticks(0.0, 0.0, 5).domain(), (-1.0, 1.0));
        assert_eq!(nice_ticks(f64::NAN, 1.0, 5).domain(), (0.0, 1.0));
    }

    #[test]
    fn nice_tick_values_carry_no_floating_point_dust() {
        let ticks = nice_ticks(0.1, 0.7, 7);
        assert!(ticks.values.contains(&0.3), "{:?}", ticks.values);
        let labels: Vec<String> = labelled(&ticks).into_iter().map(|t| t.label).collect();
        assert_eq!(labels, ["0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7"]);
    }

    #[test]
    fn negative_tick_labels_use_the_minus_sign_and_zero_has_none() {
        let labels: Vec<String> = labelled(&nice_ticks(-1.0, 1.0, 3))
            .into_iter()
            .map(|t| t.label)
            .collect();
        assert_eq!(labels, ["\u{2212}1", "0", "1"]);
    }

    #[test]
    fn decades_print_plainly_when_short_and_as_powers_otherwise() {
        let (ticks, domain) = decade_ticks(0.02, 30.0);
        let plain: Vec<String> = ticks.into_iter().map(|t| t.label).collect();
        assert_eq!(plain, ["0.01", "0.1", "1", "10", "100"]);
        assert_eq!(domain, (0.01, 100.0));
        let (ticks, domain) = decade_ticks(1e-12, 10.0);
        let powers: Vec<String> = ticks.into_iter().map(|t| t.label).collect();
        assert_eq!(powers, ["10⁻¹²", "10⁻⁹", "10⁻⁶", "10⁻³", "10⁰"]);
        assert_eq!(domain, (1e-12, 10.0));
    }

    #[test]
    fn scales_map_ends_to_ends_and_never_divide_by_zero() {
        let scale = Scale::linear((0.0, 10.0), (100.0, 0.0));
        assert_eq!(scale.map(0.0), 100.0);
        assert_eq!(scale.map(5.0), 50.0);
        let flat = Scale::linear((3.0, 3.0), (0.0, 100.0));
        assert!(flat.map(3.0).is_finite());
        let log = Scale::log10((1.0, 100.0), (0.0, 200.0));
        assert_eq!(log.map(10.0), 100.0);
        assert_eq!(log.map(0.0), 0.0);
    }

    #[test]
    fn coordinates_have_two_decimals_and_no_negative_zero() {
        assert_eq!(coordinate(1.0 / 3.0), "0.33");
        assert_eq!(coordinate(-0.001), "0.00");
        assert_eq!(coordinate(-2.5), "-2.50");
    }

    #[test]
    fn text_is_escaped() {
        let mut svg = Svg::new(100.0, 50.0, "p");
        svg.text(
            Point::new(1.0, 2.0),
            (Anchor::Start, Baseline::Alphabetic),
            SMALL_TEXT,
            "wf-label",
            "<b> & \"q\"",
        );
        let out = svg.finish("c", "a <title>", "d & e");
        assert!(
            out.contains(">&lt;b&gt; &amp; &quot;q&quot;</text>"),
            "{out}"
        );
        assert!(
            out.contains("<title id=\"p-title\">a &lt;title&gt;</title>"),
            "{out}"
        );
        assert!(
            out.contains("<desc id=\"p-desc\">d &amp; e</desc>"),
            "{out}"
        );
        assert!(!out.contains("<b>"));
    }

    #[test]
    fn arrows_get_their_own_prefixed_marker_and_stop_short_of_the_tip() {
        let mut svg = Svg::new(100.0, 100.0, "wf-emb-1");
        svg.arrow(Point::new(0.0, 0.0), Point::new(50.0, 0.0), "wf-s0");
        svg.arrow(Point::new(0.0, 0.0), Point::new(0.0, 50.0), "wf-s1");
        let out = svg.finish("c", "t", "d");
        assert!(out.contains("<marker id=\"wf-emb-1-head-0\""), "{out}");
        assert!(out.contains("<marker id=\"wf-emb-1-head-1\""), "{out}");
        assert!(out.contains("x2=\"40.00\" y2=\"0.00\""), "{out}");
        assert!(
            out.contains("marker-end=\"url(#wf-emb-1-head-1)\""),
            "{out}"
        );
    }

    #[test]
    fn the_image_is_as_wide_as_its_view_box_and_names_itself() {
        let out = Svg::new(380.0, 320.0, "x").finish("wf", "t", "d");
        assert!(out.starts_with(
            "<svg class=\"wf\" width=\"380\" viewBox=\"0 0 380.00 320.00\" role=\"img\" aria-labelledby=\"x-title\""
        ));
        assert!(
            !out.contains("height=\""),
            "the height follows the view box"
        );
    }

    #[test]
    fn a_rectangle_with_negative_height_is_drawn_upwards() {
        let mut svg = Svg::new(10.0, 10.0, "p");
        svg.rect(1.0, 8.0, 2.0, -5.0, "wf-bar");
        assert!(svg
            .finish("c", "t", "d")
            .contains("x=\"1.00\" y=\"3.00\" width=\"2.00\" height=\"5.00\""));
    }

    fn texts(ticks: &[Tick]) -> Vec<&str> {
        ticks.iter().map(|tick| tick.label.as_str()).collect()
    }

    #[test]
    fn large_ticks_take_an_si_prefix_and_tiny_ones_a_power_of_ten() {
        let ticks = labelled(&nice_ticks(-1.5e6, 1e6, 6));
        assert_eq!(
            texts(&ticks),
            ["−1.5M", "−1.0M", "−0.5M", "0", "0.5M", "1.0M"]
        );
        let ticks = labelled(&nice_ticks(0.0, 40_000.0, 5));
        assert_eq!(texts(&ticks), ["0", "10k", "20k", "30k", "40k"]);
        let ticks = labelled(&nice_ticks(0.0, 0.0004, 3));
        assert_eq!(texts(&ticks), ["0", "2×10⁻⁴", "4×10⁻⁴"]);
    }

    #[test]
    fn fitted_ticks_thin_out_until_labels_fit_side_by_side() {
        let (ticks, domain) = fitted_ticks(-1.3e6, 9e5, 250.0, true, 6);
        let spacing = 250.0 / (ticks.len() - 1) as f64;
        assert!(spacing >= widest(texts(&ticks), SMALL_TEXT), "{ticks:?}");
        assert!(domain.0 <= -1.3e6 && domain.1 >= 9e5);
        // A tall vertical axis keeps about as many as asked for.
        assert!(fitted_ticks(0.0, 1.0, 200.0, false, 6).0.len() >= 5);
    }

    #[test]
    fn turned_labels_side_by_side_do_not_overlap_though_their_bounds_do() {
        let label = |x: f64| {
            TextBox::new(
                Point::new(x, 100.0),
                (Anchor::End, Baseline::Hanging),
                SMALL_TEXT,
                -45.0,
                "a long name",
            )
        };
        let (a, b) = (label(100.0), label(130.0));
        let (_, _, right, _) = a.bounds();
        let (left, _, _, _) = b.bounds();
        assert!(left < right, "the upright bounds overlap");
        assert!(!a.overlaps(&b));
        assert!(a.overlaps(&label(105.0)));
    }

    #[test]
    fn a_text_box_follows_its_anchor_and_baseline() {
        let at = Point::new(50.0, 50.0);
        let start = TextBox::new(at, (Anchor::Start, Baseline::Alphabetic), 10.0, 0.0, "abcd");
        assert_eq!(start.bounds(), (50.0, 42.4, 74.0, 52.4));
        let end = TextBox::new(at, (Anchor::End, Baseline::Hanging), 10.0, 0.0, "abcd");
        assert_eq!(end.bounds().0, 26.0);
        assert!(end.bounds().1 > 50.0, "hanging text is below its point");
        assert!(start.inside(100.0, 100.0) && !start.inside(60.0, 100.0));
    }

    #[test]
    fn the_placer_skips_places_on_the_data_and_on_earlier_labels() {
        let frame = Frame {
            left: 0.0,
            top: 0.0,
            width: 200.0,
            height: 200.0,
        };
        let mut placer = Placer::new(&frame);
        let at = Point::new(100.0, 100.0);
        // A line running right from the point rules out the first place, to its right.
        placer.avoid_line(&[at, Point::new(200.0, 100.0)]);
        let spots = Placer::around(at, 10.0);
        let first = placer.place("start", SMALL_TEXT, &spots);
        assert_eq!(first, spots[1], "above the point");
        let second = placer.place("optimum", SMALL_TEXT, &spots);
        assert_eq!(second, spots[2], "left of it, clear of the first label");
    }

    #[test]
    fn slot_labels_slant_and_thin_out_when_slots_are_narrow() {
        let wide = SlotLabels::new(["the", "cat"], 60.0, SMALL_TEXT);
        assert!(!wide.slanted && wide.stride == 1);
        let narrow = SlotLabels::new(["transformer", "attention"], 40.0, SMALL_TEXT);
        assert!(narrow.slanted && narrow.stride == 1 && narrow.reach > 60.0);
        let crowded = SlotLabels::new(["transformer", "attention"], 8.0, SMALL_TEXT);
        assert!(crowded.stride >= 3);
    }

    #[test]
    fn figure_text_stays_legible_on_a_phone_within_its_width() {
        assert!(legible_width(SMALL_TEXT) >= 416.0);
        let scale = phone_scale(legible_width(SMALL_TEXT), false);
        assert!((SMALL_TEXT * scale - LEAST_TEXT_PX).abs() < 1e-9);
        assert_eq!(
            phone_scale(200.0, false),
            1.0,
            "a small chart is not enlarged"
        );
    }
}
