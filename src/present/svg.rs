//! A small SVG writer for build-time figures: scales, "nice" ticks, axes, lines, bars, arrows
//! and text.
//!
//! PURE: numbers in, markup out; no I/O. Output is deterministic: every coordinate is printed
//! with two decimals (and never as `-0.00`), and elements come out in the order they were
//! drawn. Colours are not written here: elements carry `wf-*` classes that `static/figures.css`
//! colours through CSS custom properties, and `currentColor` attributes keep a figure legible
//! even without that stylesheet. Font sizes *are* written here, because the layout code that
//! leaves room for labels has to know them.

use super::table::escape_html;
use std::fmt::Write;

/// Font size of tick labels and legends, in user units.
pub const SMALL_TEXT: f64 = 13.0;
/// Font size of axis titles, in user units.
pub const LABEL_TEXT: f64 = 14.0;

/// A rough width of `text` at `font_size`: enough to keep labels apart, not a typesetter.
pub fn text_width(text: &str, font_size: f64) -> f64 {
    text.chars().count() as f64 * font_size * 0.6
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
            self.text(
                Point::new(x, frame.bottom() + 6.0),
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
            Point::new(frame.left + frame.width / 2.0, frame.bottom() + 26.0),
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
        let mut widest: f64 = 0.0;
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
            widest = widest.max(text_width(&tick.label, SMALL_TEXT));
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

    /// The finished `<svg>`: scales to its container's width (a `viewBox`, no pixel size) and
    /// is announced as one image whose name is `title` and whose description is `description`.
    pub fn finish(self, class: &str, title: &str, description: &str) -> String {
        let prefix = escape_html(&self.id_prefix);
        let defs = if self.defs.is_empty() {
            String::new()
        } else {
            format!("<defs>\n{}</defs>\n", self.defs)
        };
        format!(
            "<svg class=\"{}\" viewBox=\"0 0 {} {}\" role=\"img\" aria-labelledby=\"{prefix}-title\" aria-describedby=\"{prefix}-desc\" xmlns=\"http://www.w3.org/2000/svg\">\n<title id=\"{prefix}-title\">{}</title>\n<desc id=\"{prefix}-desc\">{}</desc>\n{defs}{}</svg>\n",
            escape_html(class),
            coordinate(self.width),
            coordinate(self.height),
            escape_html(title),
            escape_html(description),
            self.body
        )
    }
}

/// Ticks labelled with `decimals` decimals, minus signs as U+2212 like the prose.
pub fn labelled(ticks: &NiceTicks) -> Vec<Tick> {
    ticks
        .values
        .iter()
        .map(|&value| Tick {
            value,
            label: super::format_number(
                value,
                super::Precision::Decimals(ticks.decimals),
                super::Style::Prose,
            ),
        })
        .collect()
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
    fn the_image_scales_by_its_view_box_and_names_itself() {
        let out = Svg::new(480.0, 320.0, "x").finish("wf", "t", "d");
        assert!(out.starts_with(
            "<svg class=\"wf\" viewBox=\"0 0 480.00 320.00\" role=\"img\" aria-labelledby=\"x-title\""
        ));
        assert!(!out.contains("width=\""));
    }

    #[test]
    fn a_rectangle_with_negative_height_is_drawn_upwards() {
        let mut svg = Svg::new(10.0, 10.0, "p");
        svg.rect(1.0, 8.0, 2.0, -5.0, "wf-bar");
        assert!(svg
            .finish("c", "t", "d")
            .contains("x=\"1.00\" y=\"3.00\" width=\"2.00\" height=\"5.00\""));
    }
}
