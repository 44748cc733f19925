//! 2-D vectors as arrows from the origin, with a projection as a dashed arrow.

use super::{and_list, side, FigureError, FigureOptions, Palette};
use crate::present::svg::{
    labelled, nice_ticks, short_label, spread_markers, widest, Anchor, Baseline, Frame, Marker,
    Placer, Point, Scale, Svg, LABEL_TEXT, SMALL_TEXT,
};

/// The width and height of the plane of a vectors figure.
const PLANE: f64 = 300.0;
/// How close two arrowheads may come before one hides the other: half a head's width.
const ARROW_HEAD: f64 = 4.0;

/// A projection drawn among the arrows: of which vector onto which, its tip and signed length.
#[derive(Debug, Clone, Copy)]
pub struct Projected<'a> {
    /// The name of the projected vector.
    pub of: &'a str,
    /// The name of the vector it is projected onto.
    pub onto: &'a str,
    /// The projection's tip.
    pub vector: (f64, f64),
    /// Its signed length.
    pub scalar: f64,
}

/// Most arrows a step's `arrows` view draws: each name is placed clear of every other arrow.
pub const MOST_ARROWS: usize = 64;

/// Named 2-D vectors (`tips`, one per name) as arrows from the origin, equal units on both
/// axes so angles look true, with a dashed `projection` and a dotted drop line from the
/// projected vector's tip: a compute step's `arrows` view (a vectors example's figure).
pub fn arrows_figure(
    names: &[String],
    tips: &[(f64, f64)],
    projection: Option<Projected>,
    options: &FigureOptions,
    palette: &mut Palette,
) -> Result<String, FigureError> {
    // One square domain around the origin and every tip, so one unit is as long across as up.
    let projected_tip = projection.map(|projection| projection.vector);
    let all = tips.iter().chain(projected_tip.iter()).chain([&(0.0, 0.0)]);
    let (mut low, mut high) = (
        (f64::INFINITY, f64::INFINITY),
        (f64::NEG_INFINITY, f64::NEG_INFINITY),
    );
    for &(x, y) in all {
        low = (low.0.min(x), low.1.min(y));
        high = (high.0.max(x), high.1.max(y));
    }
    let half = (high.0 - low.0).max(high.1 - low.1) / 2.0 * 1.3;
    let centre = ((low.0 + high.0) / 2.0, (low.1 + high.1) / 2.0);
    let domain_x = (centre.0 - half, centre.0 + half);
    let domain_y = (centre.1 - half, centre.1 + half);
    // Round ticks inside the domain, as many as fit side by side under the plot.
    let within = |(low, high): (f64, f64)| {
        let mut fallback = Vec::new();
        for count in (3..=6).rev() {
            let ticks = nice_ticks(low, high, count);
            let decimals = ticks.decimals;
            let values: Vec<f64> = ticks
                .values
                .into_iter()
                .filter(|value| (low..=high).contains(value))
                .collect();
            let step = if values.len() > 1 {
                values[1] - values[0]
            } else {
                high - low
            };
            let labels = labelled(&crate::present::svg::NiceTicks { values, decimals });
            let spacing = PLANE * step / (high - low);
            let needed = widest(labels.iter().map(|tick| tick.label.as_str()), SMALL_TEXT)
                + SMALL_TEXT * 0.6;
            if spacing >= needed {
                return labels;
            }
            fallback = labels;
        }
        fallback
    };
    let x_ticks = within(domain_x);
    let y_ticks = within(domain_y);
    let widest_tick = widest(y_ticks.iter().map(|tick| tick.label.as_str()), SMALL_TEXT);
    let legend = projection.is_some();
    let frame = Frame {
        left: 12.0 + widest_tick,
        top: if legend { 34.0 } else { 12.0 },
        width: PLANE,
        height: PLANE,
    };
    let mut svg = Svg::new(
        frame.right() + 24.0,
        frame.bottom() + 12.0 + SMALL_TEXT + 8.0,
        &options.id_prefix,
    );
    let x = Scale::linear(domain_x, (frame.left, frame.right()));
    let y = Scale::linear(domain_y, (frame.bottom(), frame.top));
    svg.x_axis(&frame, &x, &x_ticks, "");
    svg.y_axis(&frame, &y, &y_ticks, "");
    let origin = Point::new(x.map(0.0), y.map(0.0));
    svg.line(
        Point::new(frame.left, origin.y),
        Point::new(frame.right(), origin.y),
        "wf-origin",
    );
    svg.line(
        Point::new(origin.x, frame.top),
        Point::new(origin.x, frame.bottom()),
        "wf-origin",
    );
    let at = |(a, b): (f64, f64)| Point::new(x.map(a), y.map(b));

    if let Some(of) = projection {
        let tip = of.vector;
        let from = names
            .iter()
            .position(|name| name == of.of)
            .map(|index| tips[index]);
        if let Some(from) = from {
            svg.line(at(from), at(tip), "wf-drop");
        }
        let end = at(tip);
        if (end.x - origin.x).hypot(end.y - origin.y) >= 1.0 {
            svg.arrow(origin, end, "wf-projection");
        }
        let label = format!("projection of {} onto {}", of.of, of.onto);
        svg.line(
            Point::new(frame.left, 16.0),
            Point::new(frame.left + 28.0, 16.0),
            "wf-projection",
        );
        svg.text(
            Point::new(frame.left + 34.0, 16.0),
            (Anchor::Start, Baseline::Middle),
            SMALL_TEXT,
            "wf-legend",
            &label,
        );
    }
    // Every arrow first, then the names: each goes beyond its arrow's tip, or else to the
    // nearest place around the tip clear of the arrows and of the names placed before it.
    // Equal vectors would draw one arrow over the other: their heads are moved apart (the text
    // alternative gives the true coordinates).
    let markers: Vec<Marker> = tips
        .iter()
        .map(|&tip| Marker {
            at: at(tip),
            radius: ARROW_HEAD,
        })
        .collect();
    let ends = spread_markers(&markers, &frame);
    let colours: Vec<String> = names.iter().map(|name| palette.class(name)).collect();
    let mut placer = Placer::new(&frame);
    for (end, colour) in ends.iter().zip(&colours) {
        svg.arrow(origin, *end, &format!("wf-vector {colour}"));
        placer.avoid_line(&[origin, *end]);
    }
    for ((name, end), colour) in names.iter().zip(&ends).zip(&colours) {
        let (dx, dy) = (end.x - origin.x, end.y - origin.y);
        let length = dx.hypot(dy).max(f64::MIN_POSITIVE);
        let (ux, uy) = (dx / length, dy / length);
        let beyond = (
            Point::new(end.x + ux * 10.0, end.y + uy * 10.0),
            (side(ux), Baseline::Middle),
        );
        let mut spots = vec![beyond];
        spots.extend(Placer::around(*end, 10.0));
        spots.extend(Placer::around(*end, 26.0));
        let label = short_label(name);
        let (point, alignment) = placer.place(&label, LABEL_TEXT, &spots);
        svg.text(
            point,
            alignment,
            LABEL_TEXT,
            &format!("wf-label {colour}"),
            &label,
        );
    }

    let arrows: Vec<String> = names
        .iter()
        .zip(tips)
        .map(|(name, &tip)| format!("{name} {}", options.pair(tip)))
        .collect();
    let mut description = format!("Arrows from the origin to {}.", and_list(&arrows));
    if let Some(projection) = projection {
        description.push_str(&format!(
            " Dashed: the projection of {} onto {}, {}, of signed length {}.",
            projection.of,
            projection.onto,
            options.pair(projection.vector),
            options.number(projection.scalar)
        ));
    }
    let title = format!("Arrows from the origin to {}", and_list(names));
    let mut caption = format!("{title}.");
    if let Some(projection) = projection {
        caption.push_str(&format!(
            " Dashed: the projection of {} onto {}.",
            projection.of, projection.onto
        ));
    }
    let svg = svg.finish("wf-chart wf-square", &title, &description);
    Ok(options.wrap("vectors", &[svg], &caption))
}
