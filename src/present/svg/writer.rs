//! The writer: `<svg>` markup element by element, every coordinate with two decimals.

use super::scale::{Frame, Point, Scale};
use super::text::{widest, Anchor, Baseline, LABEL_TEXT, SMALL_TEXT};
use super::ticks::Tick;
use crate::base::html::escape_html;
use std::fmt::Write;

/// A coordinate with two decimals; `-0.00` prints as `0.00` so equal pictures are equal bytes.
pub fn coordinate(value: f64) -> String {
    let text = format!("{value:.2}");
    if text == "-0.00" {
        "0.00".to_string()
    } else {
        text
    }
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

    /// A fresh id for a `<defs>` entry of `kind`: the prefix, the kind and a counter shared by
    /// every kind, so no two entries of the image share one.
    fn next_id(&mut self, kind: &str) -> String {
        let id = format!("{}-{kind}-{}", self.id_prefix, self.markers);
        self.markers += 1;
        id
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

    /// Lines (each its points and whether it closes on itself) as one `<path>` stroked at
    /// `opacity`: a contour level is one element however many pieces it has. Nothing for no
    /// lines.
    pub fn path(&mut self, lines: &[(Vec<Point>, bool)], class: &str, opacity: f64) {
        let mut d = String::new();
        for (points, closed) in lines.iter().filter(|(points, _)| points.len() >= 2) {
            for (index, p) in points.iter().enumerate() {
                let command = if index == 0 { 'M' } else { 'L' };
                let _ = write!(d, "{command}{},{}", coordinate(p.x), coordinate(p.y));
            }
            if *closed {
                d.push('Z');
            }
        }
        if d.is_empty() {
            return;
        }
        let _ = writeln!(
            self.body,
            "<path class=\"{}\" d=\"{d}\" fill=\"none\" stroke=\"currentColor\" stroke-opacity=\"{:.3}\"/>",
            escape_html(class),
            opacity
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
        let id = self.next_id("hatch");
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
        let id = self.next_id("head");
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
        self.placed_x_axis(frame, &placed(scale, ticks), title);
    }

    /// [`Svg::x_axis`] with each tick's position given.
    pub fn placed_x_axis(&mut self, frame: &Frame, ticks: &[(Tick, f64)], title: &str) {
        self.group("wf-axis-x");
        for (tick, x) in ticks {
            self.line(
                Point::new(*x, frame.top),
                Point::new(*x, frame.bottom()),
                "wf-grid",
            );
            // Nine units down clears the y axis's bottom label.
            self.text(
                Point::new(*x, frame.bottom() + 9.0),
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
        self.placed_y_axis(frame, &placed(scale, ticks), title);
    }

    /// [`Svg::y_axis`] with each tick's position given.
    pub fn placed_y_axis(&mut self, frame: &Frame, ticks: &[(Tick, f64)], title: &str) {
        self.group("wf-axis-y");
        let widest = widest(
            ticks.iter().map(|(tick, _)| tick.label.as_str()),
            SMALL_TEXT,
        );
        for (tick, y) in ticks {
            self.line(
                Point::new(frame.left, *y),
                Point::new(frame.right(), *y),
                "wf-grid",
            );
            self.text(
                Point::new(frame.left - 6.0, *y),
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
    /// (`wf-panel`) fill theirs. Layouts keep the width within
    /// [`legible_width`](super::legible_width), so even shrunk to a phone's column no text is
    /// smaller than [`LEAST_TEXT_PX`](super::LEAST_TEXT_PX).
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

/// Each tick with its position on `scale`.
fn placed(scale: &Scale, ticks: &[Tick]) -> Vec<(Tick, f64)> {
    ticks
        .iter()
        .map(|tick| (tick.clone(), scale.map(tick.value)))
        .collect()
}
