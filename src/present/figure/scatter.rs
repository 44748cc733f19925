//! Points in the plane: two steps (or a two-column matrix) as x and y, a name beside each
//! point where it fits, a colour per group from a third step (k-means clusters, classes) and a
//! legend of the groups.
//!
//! [`scatter_layout`] is pure data in, positions out, so a browser twin can compute the same
//! view; [`scatter_panel`] draws it as one SVG and [`scatter_figure`] wraps that in a figure.

use super::{and_list, placed_ticks, AxisText, FigureError, FigureOptions, Palette};
use crate::present::svg::{
    fitted_ticks, fitted_x_axis, legible_width, short_label, text_width, widest, Anchor, Baseline,
    Frame, Placer, Point, Scale, Spot, Svg, Tick, LABEL_TEXT, SMALL_TEXT,
};
use crate::present::{format_number, Precision, Style};

/// The panel's width and height: legible alone on a phone.
const PANEL: (f64, f64) = (360.0, 320.0);
const _: () = assert!(PANEL.0 <= legible_width(SMALL_TEXT));

/// Most points one scatter draws: more would be a cloud no reader can count.
pub const MOST_SCATTER_POINTS: usize = 1024;

/// Most groups one scatter colours: each needs a legend entry.
pub const MOST_GROUPS: usize = 12;

/// A point's radius, in user units.
const DOT: f64 = 4.0;

/// Points listed one by one in the text alternative up to this many; beyond, the ranges.
const LISTED_POINTS: usize = 40;

/// A legend line's height, and the gap between a swatch and its name.
const LEGEND_LINE: f64 = 20.0;

/// What a scatter draws: x and y per point, optional names and groups.
#[derive(Debug, Clone, Copy)]
pub struct ScatterPoints<'a> {
    /// What x is (a step's name, or "column 1 of X"), the x axis's title by default.
    pub x_name: &'a str,
    /// What y is, the y axis's title by default.
    pub y_name: &'a str,
    /// One x per point.
    pub xs: &'a [f64],
    /// One y per point.
    pub ys: &'a [f64],
    /// A name per point, written beside it where it fits.
    pub labels: Option<&'a [String]>,
    /// The step that groups the points, and its value per point.
    pub groups: Option<(&'a str, &'a [f64])>,
}

/// Where everything of a scatter goes, in user units of the panel.
#[derive(Debug, Clone, PartialEq)]
pub struct ScatterLayout {
    /// The picture's width and height.
    pub size: (f64, f64),
    /// The plot area.
    pub frame: Frame,
    /// The x ticks and their positions.
    pub x_ticks: Vec<(Tick, f64)>,
    /// The y ticks and their positions.
    pub y_ticks: Vec<(Tick, f64)>,
    /// The axes' titles.
    pub x_title: String,
    /// The y axis's title.
    pub y_title: String,
    /// Each point's position and the index of its group (0 without groups).
    pub points: Vec<(Point, usize)>,
    /// The groups' names in legend order ("cluster 0", …); empty without groups.
    pub groups: Vec<String>,
    /// Where each group's legend swatch is centred (its name starts 8 units right of it).
    pub legend: Vec<Point>,
    /// The names written beside points: the point's index, the text and where it stands.
    pub labels: Vec<(usize, String, Spot)>,
    /// The picture's name.
    pub title: String,
    /// Its text alternative.
    pub description: String,
}

/// Lays `data` out: round ticks that enclose every point, the legend above the plot on as
/// many lines as it needs, each name beside its point where it touches nothing.
pub fn scatter_layout(
    data: &ScatterPoints,
    axes: &AxisText,
    decimals: usize,
) -> Result<ScatterLayout, FigureError> {
    let number = |value| format_number(value, Precision::Computed(decimals), Style::Prose);
    let count = data.xs.len();
    if count != data.ys.len() {
        return Err(FigureError {
            message: format!(
                "a scatter pairs each x with a y, and {} holds {count} values while {} holds {}",
                data.x_name,
                data.y_name,
                data.ys.len()
            ),
            help: "draw two steps of the same length, or one matrix of two columns".to_string(),
        });
    }
    if count == 0 {
        return Err(FigureError {
            message: "a scatter draws at least one point".to_string(),
            help: "draw steps that hold numbers".to_string(),
        });
    }
    if count > MOST_SCATTER_POINTS {
        return Err(FigureError {
            message: format!(
                "a scatter draws at most {MOST_SCATTER_POINTS} points, and these steps hold {count}"
            ),
            help: "draw fewer points".to_string(),
        });
    }
    if let Some(bad) = data.xs.iter().chain(data.ys).find(|v| !v.is_finite()) {
        return Err(FigureError {
            message: format!(
                "a scatter draws finite numbers, and a point has {}",
                number(*bad)
            ),
            help: "draw steps without masked (−∞) entries".to_string(),
        });
    }
    if let Some(labels) = data.labels.filter(|labels| labels.len() != count) {
        return Err(FigureError {
            message: format!(
                "a scatter of {count} points needs {count} labels, and there are {}",
                labels.len()
            ),
            help: "give one name per point, in the order of the points".to_string(),
        });
    }
    let (groups, point_groups) = match data.groups {
        Some((name, values)) => grouped(name, values, count, &number)?,
        None => (Vec::new(), vec![0; count]),
    };

    // The legend runs above the plot, wrapping to further lines as it needs.
    let mut legend = Vec::new();
    let mut line = 0.0;
    let mut at = 8.0 + DOT;
    for group in &groups {
        let width = 2.0 * DOT + 6.0 + text_width(&short_label(group), SMALL_TEXT);
        if at > 8.0 + DOT && at + width > PANEL.0 - 8.0 {
            line += 1.0;
            at = 8.0 + DOT;
        }
        legend.push(Point::new(at, 14.0 + line * LEGEND_LINE));
        at += width + 14.0;
    }
    let top = if groups.is_empty() {
        14.0
    } else {
        14.0 + (line + 1.0) * LEGEND_LINE
    };

    let span = |values: &[f64]| {
        let low = values.iter().copied().fold(f64::INFINITY, f64::min);
        let high = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        if high > low {
            (low, high)
        } else {
            (low - 1.0, high + 1.0)
        }
    };
    let (x_low, x_high) = span(data.xs);
    let (y_low, y_high) = span(data.ys);
    let plot_height = PANEL.1 - top - 52.0;
    let (y_ticks, y_domain) = fitted_ticks(y_low, y_high, plot_height, false, 6);
    let widest_tick = widest(y_ticks.iter().map(|tick| tick.label.as_str()), SMALL_TEXT);
    let left = 18.0 + LABEL_TEXT + widest_tick;
    let mut frame = Frame {
        left,
        top,
        width: PANEL.0 - left - 14.0,
        height: plot_height,
    };
    let (x_ticks, x_domain) = fitted_x_axis(x_low, x_high, &mut frame, PANEL.0);
    let x = Scale::linear(x_domain, (frame.left, frame.right()));
    let y = Scale::linear(y_domain, (frame.bottom(), frame.top));
    let points: Vec<(Point, usize)> = data
        .xs
        .iter()
        .zip(data.ys)
        .zip(&point_groups)
        .map(|((&px, &py), &group)| (Point::new(x.map(px), y.map(py)), group))
        .collect();

    let mut labels = Vec::new();
    if let Some(names) = data.labels {
        let mut placer = Placer::new(&frame);
        for (point, _) in &points {
            placer.avoid_mark(*point, DOT + 1.0);
        }
        for (index, ((point, _), name)) in points.iter().zip(names).enumerate() {
            let shown = short_label(name);
            let spots = Placer::around(*point, DOT + 3.0);
            if let Some(spot) = placer.place_clear(&shown, SMALL_TEXT, &spots) {
                labels.push((index, shown, spot));
            }
        }
    }

    let x_title = axes.x.clone().unwrap_or_else(|| data.x_name.to_string());
    let y_title = axes.y.clone().unwrap_or_else(|| data.y_name.to_string());
    let title = format!("{y_title} against {x_title}");
    let description = describe(data, &groups, &point_groups, &number);
    Ok(ScatterLayout {
        size: PANEL,
        frame,
        x_ticks: placed_ticks(x_ticks, &x),
        y_ticks: placed_ticks(y_ticks, &y),
        x_title,
        y_title,
        points,
        groups,
        legend,
        labels,
        title,
        description,
    })
}

/// The groups' names in ascending order of their values ("cluster 0", "cluster 1", …) and
/// each point's group, or why the values cannot group the points.
fn grouped(
    name: &str,
    values: &[f64],
    count: usize,
    number: &dyn Fn(f64) -> String,
) -> Result<(Vec<String>, Vec<usize>), FigureError> {
    if values.len() != count {
        return Err(FigureError {
            message: format!(
                "`{name}` groups {} points, and the scatter has {count}",
                values.len()
            ),
            help: "group with a step holding one value per point (a cluster number each)"
                .to_string(),
        });
    }
    if let Some(bad) = values.iter().find(|v| !v.is_finite()) {
        return Err(FigureError {
            message: format!("`{name}` holds {}, which names no group", number(*bad)),
            help: "group with a step of finite numbers, such as cluster numbers".to_string(),
        });
    }
    let mut distinct: Vec<f64> = values.to_vec();
    distinct.sort_by(f64::total_cmp);
    distinct.dedup();
    if distinct.len() > MOST_GROUPS {
        return Err(FigureError {
            message: format!(
                "`{name}` holds {} different values, and a scatter colours at most {MOST_GROUPS} groups",
                distinct.len()
            ),
            help: "group with a step of a few values, such as cluster numbers".to_string(),
        });
    }
    let names = distinct
        .iter()
        .map(|value| format!("{name} {}", number(*value)))
        .collect();
    let of_point = values
        .iter()
        .map(|value| {
            distinct
                .iter()
                .position(|known| known == value)
                .expect("every value is one of the distinct ones")
        })
        .collect();
    Ok((names, of_point))
}

/// The text alternative: every point (or the ranges of many) and how many are in each group.
fn describe(
    data: &ScatterPoints,
    groups: &[String],
    point_groups: &[usize],
    number: &dyn Fn(f64) -> String,
) -> String {
    let count = data.xs.len();
    let mut text = format!(
        "{count} point{} of {} against {}",
        if count == 1 { "" } else { "s" },
        data.y_name,
        data.x_name
    );
    if !groups.is_empty() {
        let sizes: Vec<String> = groups
            .iter()
            .enumerate()
            .map(|(index, group)| {
                let size = point_groups.iter().filter(|&&g| g == index).count();
                format!("{group} ({size})")
            })
            .collect();
        text.push_str(&format!(
            ", in {} groups: {}",
            groups.len(),
            and_list(&sizes)
        ));
    }
    if count <= LISTED_POINTS {
        let listed: Vec<String> = (0..count)
            .map(|index| {
                let name = data
                    .labels
                    .map(|labels| format!("{} ", labels[index]))
                    .unwrap_or_default();
                let group = if groups.is_empty() {
                    String::new()
                } else {
                    format!(" in {}", groups[point_groups[index]])
                };
                format!(
                    "{name}({}, {}){group}",
                    number(data.xs[index]),
                    number(data.ys[index])
                )
            })
            .collect();
        text.push_str(&format!(": {}.", listed.join("; ")));
    } else {
        let range = |values: &[f64]| {
            let low = values.iter().copied().fold(f64::INFINITY, f64::min);
            let high = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            format!("from {} to {}", number(low), number(high))
        };
        text.push_str(&format!(
            "; {} runs {} and {} {}.",
            data.x_name,
            range(data.xs),
            data.y_name,
            range(data.ys)
        ));
    }
    text
}

/// The scatter as one SVG panel, its colours from `palette` by group name (or by the y step's
/// name without groups), so a cluster keeps its colour in every figure of the page.
pub fn scatter_panel(
    data: &ScatterPoints,
    options: &FigureOptions,
    id_suffix: &str,
    palette: &mut Palette,
) -> Result<(String, ScatterLayout), FigureError> {
    let layout = scatter_layout(data, &options.axes, options.decimals)?;
    let frame = layout.frame;
    let mut svg = Svg::new(
        layout.size.0,
        layout.size.1,
        &format!("{}-{id_suffix}", options.id_prefix),
    );
    svg.placed_x_axis(&frame, &layout.x_ticks, &layout.x_title);
    svg.placed_y_axis(&frame, &layout.y_ticks, &layout.y_title);
    let classes: Vec<String> = if layout.groups.is_empty() {
        vec![palette.class(data.y_name)]
    } else {
        layout
            .groups
            .iter()
            .map(|group| palette.class(group))
            .collect()
    };
    for (group, (class, swatch)) in layout.groups.iter().zip(classes.iter().zip(&layout.legend)) {
        svg.group(class);
        svg.circle(*swatch, DOT, "wf-dot");
        svg.text(
            Point::new(swatch.x + DOT + 6.0, swatch.y),
            (Anchor::Start, Baseline::Middle),
            SMALL_TEXT,
            "wf-legend",
            &short_label(group),
        );
        svg.end_group();
    }
    for (index, class) in classes.iter().enumerate() {
        svg.group(class);
        for (point, _) in layout.points.iter().filter(|(_, group)| *group == index) {
            svg.circle(*point, DOT, "wf-dot");
        }
        svg.end_group();
    }
    for (_, text, (at, align)) in &layout.labels {
        svg.text(*at, *align, SMALL_TEXT, "wf-tick", text);
    }
    let panel = svg.finish("wf-chart wf-panel", &layout.title, &layout.description);
    Ok((panel, layout))
}

/// The scatter as a figure, captioned with what it plots.
pub fn scatter_figure(
    data: &ScatterPoints,
    options: &FigureOptions,
    palette: &mut Palette,
) -> Result<String, FigureError> {
    let (panel, layout) = scatter_panel(data, options, "scatter", palette)?;
    let caption = match data.groups {
        Some((name, _)) => format!("{}, coloured by {name}.", layout.title),
        None => format!("{}.", layout.title),
    };
    Ok(options.wrap("scatter", &[panel], &caption))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::present::svg::TextBox;
    use proptest::prelude::*;

    fn options() -> FigureOptions {
        FigureOptions {
            axes: AxisText {
                x: Some("first feature".into()),
                y: Some("second feature".into()),
                title: Some("Points by cluster".into()),
            },
            ..FigureOptions::new("km", "wf-km-1", 3)
        }
    }

    fn names(count: usize) -> Vec<String> {
        (0..count).map(|i| format!("p{i}")).collect()
    }

    #[test]
    fn a_clustered_scatter_draws_each_group_in_its_colour_with_a_legend() {
        let xs = [1.0, 0.8, 1.3, 4.0, 4.4, 3.8];
        let ys = [1.2, 0.9, 0.7, 4.2, 3.9, 4.5];
        let groups = [0.0, 0.0, 0.0, 1.0, 1.0, 1.0];
        let labels = names(6);
        let data = ScatterPoints {
            x_name: "x",
            y_name: "y",
            xs: &xs,
            ys: &ys,
            labels: Some(&labels),
            groups: Some(("cluster", &groups)),
        };
        let html = scatter_figure(&data, &options(), &mut Palette::default()).unwrap();
        insta::assert_snapshot!(html);
    }

    #[test]
    fn bad_scatters_are_refused_with_what_to_do() {
        let refused = |xs: &[f64], ys: &[f64], groups: Option<&[f64]>| {
            let data = ScatterPoints {
                x_name: "a",
                y_name: "b",
                xs,
                ys,
                labels: None,
                groups: groups.map(|values| ("g", values)),
            };
            scatter_layout(&data, &AxisText::default(), 3)
                .unwrap_err()
                .message
        };
        assert!(refused(&[1.0, 2.0], &[1.0], None).contains("a holds 2 values while b holds 1"));
        assert!(refused(&[], &[], None).contains("at least one point"));
        assert!(refused(&[f64::NEG_INFINITY], &[1.0], None).contains("finite numbers"));
        assert!(refused(&[1.0], &[1.0], Some(&[1.0, 2.0])).contains("`g` groups 2 points"));
        let many: Vec<f64> = (0..13).map(f64::from).collect();
        assert!(refused(&many, &many, Some(&many)).contains("13 different values"));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Every point is inside the plot, and every name written beside one is inside the
        /// picture and touches no other name and no point.
        #[test]
        fn every_point_is_inside_the_plot_and_names_never_collide(
            points in prop::collection::vec((-1e4f64..1e4, -1e4f64..1e4, 0u8..5), 1..80),
        ) {
            let xs: Vec<f64> = points.iter().map(|p| p.0).collect();
            let ys: Vec<f64> = points.iter().map(|p| p.1).collect();
            let groups: Vec<f64> = points.iter().map(|p| f64::from(p.2)).collect();
            let labels = names(points.len());
            let data = ScatterPoints {
                x_name: "x",
                y_name: "y",
                xs: &xs,
                ys: &ys,
                labels: Some(&labels),
                groups: Some(("cluster", &groups)),
            };
            let layout = scatter_layout(&data, &AxisText::default(), 3).unwrap();
            let frame = layout.frame;
            for (point, _) in &layout.points {
                prop_assert!(point.x >= frame.left - 1e-9 && point.x <= frame.right() + 1e-9);
                prop_assert!(point.y >= frame.top - 1e-9 && point.y <= frame.bottom() + 1e-9);
            }
            prop_assert!(layout.legend.iter().all(|swatch| swatch.y < frame.top));
            let boxes: Vec<TextBox> = layout
                .labels
                .iter()
                .map(|(_, text, (at, align))| TextBox::new(*at, *align, SMALL_TEXT, 0.0, text))
                .collect();
            for (index, one) in boxes.iter().enumerate() {
                prop_assert!(one.inside(layout.size.0, layout.size.1));
                prop_assert!(boxes[index + 1..].iter().all(|other| !one.overlaps(other)));
                prop_assert!(layout.points.iter().all(|(point, _)| !one.contains(*point)));
            }
        }
    }
}
