//! A gradient-descent run as two panels: the loss at every step, and the path of (w, b)
//! through the loss valley towards the least-squares optimum.

use super::contour::iso_lines;
use super::{input_number, side, step_axes, FigureOptions, StepAxes, STEP_PANEL};
use crate::compute::gradient_descent::GradientDescent;
use crate::present::svg::{
    decade_ticks, fitted_ticks, fitted_x_axis, labelled, legible_width, nice_ticks, spread_markers,
    widest, Anchor, Baseline, Frame, Marker, Placer, Point, Scale, Svg, LABEL_TEXT, SMALL_TEXT,
};

/// Radius of the dots at the loss curve's two ends.
const END_DOT: f64 = 3.5;
/// Radius of each iterate's dot on the path.
const PATH_DOT: f64 = 2.2;
/// Radius of the start's dot on the path.
const START_DOT: f64 = 4.5;
/// Half the arm of the cross at the optimum.
const OPTIMUM_CROSS: f64 = 6.0;

/// The width and height of each gradient-descent panel; two fit side by side in a lesson
/// column and each is legible alone on a phone.
pub(super) const PANEL: (f64, f64) = STEP_PANEL;
// Panels stay within the width at which their text is 11 px on a phone.
const _: () = assert!(PANEL.0 <= legible_width(SMALL_TEXT));

/// A gradient-descent run as two pictures: the loss at every step (on a log scale when it
/// spans more than two decades) and the path of (w, b) towards the least-squares optimum.
pub fn gradient_descent_figure(result: &GradientDescent, options: &FigureOptions) -> String {
    let loss = loss_panel(result, options);
    let path = path_panel(result, options);
    let caption = format!(
        "Gradient descent at learning rate {}: the loss at each step, and the path of (w, b) towards the least-squares optimum.",
        input_number(result.learning_rate)
    );
    options.wrap("gradient_descent", &[loss, path], &caption)
}

fn loss_panel(result: &GradientDescent, options: &FigureOptions) -> String {
    let losses = &result.losses;
    let taken = result.steps_taken();
    let largest = losses.iter().copied().fold(0.0, f64::max);
    let smallest_positive = losses
        .iter()
        .copied()
        .filter(|loss| *loss > 0.0)
        .fold(f64::INFINITY, f64::min);
    let log = smallest_positive.is_finite() && largest / smallest_positive > 100.0;
    let (y_ticks, y_domain) = if log {
        decade_ticks(smallest_positive, largest)
    } else {
        let ticks = nice_ticks(0.0, if largest > 0.0 { largest } else { 1.0 }, 5);
        let domain = ticks.domain();
        (labelled(&ticks), domain)
    };
    let StepAxes {
        frame,
        x_ticks,
        x,
        y,
    } = step_axes(&y_ticks, y_domain, log, 14.0, taken.max(1) as f64);
    let mut svg = Svg::new(PANEL.0, PANEL.1, &format!("{}-loss", options.id_prefix));
    svg.x_axis(&frame, &x, &x_ticks, "step");
    svg.y_axis(
        &frame,
        &y,
        &y_ticks,
        if log { "loss (log scale)" } else { "loss" },
    );
    let curve: Vec<Point> = losses
        .iter()
        .enumerate()
        .map(|(step, &loss)| Point::new(x.map(step as f64), y.map(loss)))
        .collect();
    // Should the curve's two ends ever meet in the picture, their dots are moved apart.
    let ends = spread_markers(
        &[curve[0], curve[curve.len() - 1]].map(|at| Marker {
            at,
            radius: END_DOT,
        }),
        &frame,
    );
    let mut placer = Placer::new(&frame);
    placer.avoid_line(&curve);
    for &end in &ends {
        placer.avoid_mark(end, END_DOT + 1.5);
    }
    let minimum = result.optimum_loss;
    let minimum_shown = if log {
        minimum >= y_domain.0
    } else {
        minimum <= y_domain.1
    };
    // Notes go in a corner of the plot that the curve leaves free, the minimum's just above
    // or below its dashed line.
    let inset = |left: bool, top: bool| -> crate::present::svg::Spot {
        (
            Point::new(
                if left {
                    frame.left + 6.0
                } else {
                    frame.right() - 6.0
                },
                if top {
                    frame.top + 6.0
                } else {
                    frame.bottom() - 6.0
                },
            ),
            (
                if left { Anchor::Start } else { Anchor::End },
                if top {
                    Baseline::Hanging
                } else {
                    Baseline::Alphabetic
                },
            ),
        )
    };
    if let Some(step) = result.diverged_at {
        let note = format!("diverged at step {step}");
        let spots = [
            inset(false, true),
            inset(true, true),
            inset(false, false),
            inset(true, false),
        ];
        let (point, alignment) = placer.place(&note, SMALL_TEXT, &spots);
        svg.text(point, alignment, SMALL_TEXT, "wf-note wf-warning", &note);
    }
    if minimum_shown {
        let level = y.map(minimum);
        svg.line(
            Point::new(frame.left, level),
            Point::new(frame.right(), level),
            "wf-optimum-line",
        );
        placer.avoid_line(&[
            Point::new(frame.left, level),
            Point::new(frame.right(), level),
        ]);
        let note = format!("least-squares minimum {}", options.number(minimum));
        let centre = frame.left + frame.width / 2.0;
        let spots: Vec<crate::present::svg::Spot> = [frame.right() - 4.0, frame.left + 4.0, centre]
            .into_iter()
            .flat_map(|x| {
                let anchor = if x == centre {
                    Anchor::Middle
                } else if x > centre {
                    Anchor::End
                } else {
                    Anchor::Start
                };
                [
                    (Point::new(x, level - 5.0), (anchor, Baseline::Alphabetic)),
                    (Point::new(x, level + 5.0), (anchor, Baseline::Hanging)),
                ]
            })
            .collect();
        let (point, alignment) = placer.place(&note, SMALL_TEXT, &spots);
        svg.text(point, alignment, SMALL_TEXT, "wf-note", &note);
    }
    svg.polyline(&curve, "wf-curve wf-s0");
    for &end in &ends {
        svg.circle(end, END_DOT, "wf-dot wf-s0");
    }

    let first = losses[0];
    let last = losses[taken];
    let trend = if last < first {
        "falls"
    } else if last > first {
        "rises"
    } else {
        "stays"
    };
    let mut description = format!(
        "The loss {trend} from {} at step 0 to {} at step {taken}",
        options.number(first),
        options.number(last)
    );
    if log {
        description.push_str(", drawn on a log scale");
    }
    description.push_str(&format!(
        "; the least-squares minimum is {}.",
        options.number(minimum)
    ));
    if let Some(step) = result.diverged_at {
        description.push_str(&format!(
            " The run diverged at step {step} with learning rate {}.",
            input_number(result.learning_rate)
        ));
    }
    let title = format!(
        "Loss per step of gradient descent at learning rate {}",
        input_number(result.learning_rate)
    );
    svg.finish("wf-chart wf-panel", &title, &description)
}

fn path_panel(result: &GradientDescent, options: &FigureOptions) -> String {
    let iterates: Vec<(f64, f64)> = result
        .iterates
        .rows()
        .into_iter()
        .map(|row| (row[0], row[1]))
        .collect();
    let optimum = result.optimum;
    let span = |pick: fn(&(f64, f64)) -> f64| {
        let values = iterates.iter().chain([&optimum]).map(pick);
        let (low, high) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), v| {
            (l.min(v), h.max(v))
        });
        let pad = (high - low) * 0.08;
        (low - pad, high + pad)
    };
    let (w_low, w_high) = span(|point| point.0);
    let (b_low, b_high) = span(|point| point.1);
    let height = PANEL.1 - 14.0 - 52.0;
    let (b_labels, b_domain) = fitted_ticks(b_low, b_high, height, false, 6);
    let left =
        18.0 + LABEL_TEXT + widest(b_labels.iter().map(|tick| tick.label.as_str()), SMALL_TEXT);
    let mut frame = Frame {
        left,
        top: 14.0,
        width: PANEL.0 - left - 14.0,
        height,
    };
    let (w_labels, w_domain) = fitted_x_axis(w_low, w_high, &mut frame, PANEL.0);
    let x = Scale::linear(w_domain, (frame.left, frame.right()));
    let y = Scale::linear(b_domain, (frame.bottom(), frame.top));
    let at = |(w, b): (f64, f64)| Point::new(x.map(w), y.map(b));
    let mut svg = Svg::new(PANEL.0, PANEL.1, &format!("{}-path", options.id_prefix));
    svg.x_axis(&frame, &x, &w_labels, "w");
    svg.y_axis(&frame, &y, &b_labels, "b");
    draw_loss_valley(&mut svg, &frame, result, &at);
    let path: Vec<Point> = iterates.iter().map(|&point| at(point)).collect();
    svg.polyline(&path, "wf-curve wf-s0");
    // The start, the optimum, and a dot per iterate while they are few enough to tell apart;
    // a run that converges puts many iterates on one point, and those are fanned out around
    // it so that each shows (the line keeps the true path).
    let mut markers = vec![
        Marker {
            at: path[0],
            radius: START_DOT,
        },
        Marker {
            at: at(optimum),
            radius: OPTIMUM_CROSS,
        },
    ];
    if path.len() <= 80 {
        markers.extend(path[1..].iter().map(|&at| Marker {
            at,
            radius: PATH_DOT,
        }));
    }
    let spread = spread_markers(&markers, &frame);
    let (start, best, dots) = (spread[0], spread[1], &spread[2..]);
    for &dot in dots {
        svg.circle(dot, PATH_DOT, "wf-dot wf-s0");
    }
    svg.circle(start, START_DOT, "wf-start wf-s0");
    let arm = OPTIMUM_CROSS;
    svg.line(
        Point::new(best.x - arm, best.y - arm),
        Point::new(best.x + arm, best.y + arm),
        "wf-optimum",
    );
    svg.line(
        Point::new(best.x - arm, best.y + arm),
        Point::new(best.x + arm, best.y - arm),
        "wf-optimum",
    );
    // "start" goes behind the start and "optimum" beyond the optimum, along the line between
    // them, when that is clear of the path and of each other; otherwise the nearest place
    // around the point that is.
    let (dx, dy) = (best.x - start.x, best.y - start.y);
    let length = dx.hypot(dy);
    let (ux, uy) = if length >= 1.0 {
        (dx / length, dy / length)
    } else {
        (0.6, -0.8)
    };
    let mut placer = Placer::new(&frame);
    placer.avoid_line(&path);
    placer.avoid_mark(start, START_DOT + 1.5);
    placer.avoid_mark(best, OPTIMUM_CROSS + 1.0);
    for &dot in dots {
        placer.avoid_mark(dot, PATH_DOT + 1.0);
    }
    for (label, point, direction, gap) in [
        ("start", start, (-ux, -uy), 12.0),
        ("optimum", best, (ux, uy), 14.0),
    ] {
        let mut spots = vec![(
            Point::new(point.x + direction.0 * gap, point.y + direction.1 * gap),
            (side(direction.0), Baseline::Middle),
        )];
        spots.extend(Placer::around(point, gap));
        spots.extend(Placer::around(point, gap * 2.5));
        let (at, alignment) = placer.place(label, SMALL_TEXT, &spots);
        svg.text(at, alignment, SMALL_TEXT, "wf-note", label);
    }

    let last = iterates[iterates.len() - 1];
    let taken = result.steps_taken();
    let (steep, shallow) = result.hessian_eigenvectors();
    let description = format!(
        "(w, b) moves from {} at the start to {} after {taken} step{}; the least-squares optimum is {}. \
         Ellipses are lines of equal loss around the optimum; the solid line through it is the steepest \
         direction of the loss, {}, and the dashed one the shallowest, {}.",
        options.pair(iterates[0]),
        options.pair(last),
        if taken == 1 { "" } else { "s" },
        options.pair(optimum),
        options.pair(steep),
        options.pair(shallow)
    );
    let title = format!(
        "Path of (w, b) during gradient descent at learning rate {}",
        input_number(result.learning_rate)
    );
    svg.finish("wf-chart wf-panel", &title, &description)
}

/// Loss contours (marching squares over [`GradientDescent::loss_grid`], as the contour view of
/// any step over a grid draws them) and the bowl's two axes, the Hessian's eigenvectors, through
/// the optimum. Everything is clipped to the plot.
fn draw_loss_valley(
    svg: &mut Svg,
    frame: &Frame,
    result: &GradientDescent,
    at: &impl Fn((f64, f64)) -> Point,
) {
    let (steep, shallow) = result.hessian_eigenvectors();
    let optimum = result.optimum;
    let start = (result.start.0 - optimum.0, result.start.1 - optimum.1);
    svg.clipped_group(frame, "wf-valley");
    if let Some(grid) = result.loss_grid() {
        for &level in &grid.levels {
            for line in iso_lines(grid.values.view(), &grid.ws, &grid.bs, level) {
                let mut drawn: Vec<Point> = line.points.into_iter().map(at).collect();
                if line.closed {
                    drawn.push(drawn[0]);
                }
                svg.polyline(&drawn, "wf-contour");
            }
        }
    }
    // Each axis as a long line through the optimum, cut to the plot.
    let reach = 1e3 * (1.0 + start.0.hypot(start.1));
    for (direction, class) in [(steep, "wf-axis-steep"), (shallow, "wf-axis-shallow")] {
        let ends = (
            at((
                optimum.0 - reach * direction.0,
                optimum.1 - reach * direction.1,
            )),
            at((
                optimum.0 + reach * direction.0,
                optimum.1 + reach * direction.1,
            )),
        );
        if let Some((from, to)) = frame.clip_segment(ends.0, ends.1) {
            svg.line(from, to, class);
        }
    }
    svg.end_group();
}
