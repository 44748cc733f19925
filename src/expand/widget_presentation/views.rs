//! `[views]`: how each step is drawn (a table, a heatmap, bars, a line, a scatter, arrows, a
//! contour), checked to fit the step's value, and the build's figure of a step as its view.

use super::marks::{contour_view, line_marks, ContourView, LineMarkSteps};
use super::{said_off, KeyProblem};
use crate::compute::computed::Computed;
use crate::compute::lang::Value;
use crate::compute::Quantity;
use crate::present::figure::{
    arrows_step_figure, contour_step_panel, heatmap_panel, quantity_panel, scatter_step_figure,
    AxisText, ContourParts, FigureError, FigureOptions, HeatmapWords, Palette,
};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::ops::Range;

pub(in crate::expand) type ViewsKey =
    toml::Spanned<BTreeMap<toml::Spanned<String>, toml::Spanned<ViewEntry>>>;

/// One entry of `[views]`, as written: a view's name (`"heatmap"`), or a table: a heatmap with
/// the step whose −∞ entries mark the masked ones (`{ heatmap = true, masked = "scores" }`), a
/// line with its marks (`{ line = true, reference = "optimum_loss", diverged = "diverged_at" }`),
/// or a contour with the steps of its grid's x and y, a path over it and how many levels
/// (`{ contour = true, x = "xs", y = "ys", path = "P", levels = 8 }`).
#[derive(Debug)]
pub(in crate::expand) enum ViewEntry {
    Named(String),
    Table(Box<ViewSpec>),
}

/// A view's table in `[views]`, as written: a heatmap's (`heatmap = true`, `masked`), a line's
/// (`line = true`, `reference`, `diverged`) or a contour's (`contour = true`, `x`, `y`, `path`,
/// `levels`). A figure block's `contour = { … }` is a contour's table, where `contour = true`
/// may be left out since the key already says it. One table for all three, so an author's key
/// in the wrong one is named as such rather than as unknown.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(in crate::expand) struct ViewSpec {
    pub(super) heatmap: Option<toml::Spanned<bool>>,
    pub(super) masked: Option<toml::Spanned<String>>,
    pub(super) line: Option<toml::Spanned<bool>>,
    pub(super) reference: Option<toml::Spanned<String>>,
    pub(super) diverged: Option<toml::Spanned<String>>,
    pub(super) contour: Option<toml::Spanned<bool>>,
    pub(super) x: Option<toml::Spanned<String>>,
    pub(super) y: Option<toml::Spanned<String>>,
    pub(super) path: Option<toml::Spanned<String>>,
    pub(super) levels: Option<toml::Spanned<usize>>,
    pub(super) optimum: Option<toml::Spanned<String>>,
    pub(super) directions: Option<toml::Spanned<String>>,
    pub(super) x_label: Option<toml::Spanned<String>>,
    pub(super) y_label: Option<toml::Spanned<String>>,
}

impl<'de> Deserialize<'de> for ViewEntry {
    /// A string or an inline table ([`plain_or_view_table`]).
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        plain_or_view_table(
            deserializer,
            "a view's name, such as \"heatmap\", or { heatmap = true, masked = \"<step>\" }, { line = true, reference = \"<step>\", diverged = \"<step>\" } or { contour = true, x = \"<step>\", y = \"<step>\", optimum = \"<step>\", directions = \"<step>\", x_label = \"…\", y_label = \"…\" }",
            |plain| match plain {
                Plain::Str(name) => Some(ViewEntry::Named(name.to_string())),
                Plain::Bool(_) => None,
            },
            ViewEntry::Table,
        )
    }
}

/// A key's value written plain, as [`plain_or_view_table`] hands it over.
pub(super) enum Plain<'a> {
    Str(&'a str),
    Bool(bool),
}

/// Reads a key written plain (a `[views]` entry's name, a figure's `contour = true`) or as an
/// inline table that [`ViewSpec`] reads from the same map, so its keys keep their spans and
/// an unknown key is named. `plain` takes the plain values the key takes (`None`: not this
/// one), `table` the table; anything else is refused with what the key `expects`.
pub(super) fn plain_or_view_table<'de, D: serde::Deserializer<'de>, T>(
    deserializer: D,
    expects: &'static str,
    plain: impl FnOnce(Plain) -> Option<T>,
    table: impl FnOnce(Box<ViewSpec>) -> T,
) -> Result<T, D::Error> {
    use serde::de::{Error, Unexpected};
    struct Key<P, V> {
        expects: &'static str,
        plain: P,
        table: V,
    }
    impl<'de, T, P, V> serde::de::Visitor<'de> for Key<P, V>
    where
        P: FnOnce(Plain) -> Option<T>,
        V: FnOnce(Box<ViewSpec>) -> T,
    {
        type Value = T;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str(self.expects)
        }
        fn visit_str<E: Error>(self, text: &str) -> Result<T, E> {
            let unexpected = E::invalid_type(Unexpected::Str(text), &self);
            (self.plain)(Plain::Str(text)).ok_or(unexpected)
        }
        fn visit_bool<E: Error>(self, on: bool) -> Result<T, E> {
            let unexpected = E::invalid_type(Unexpected::Bool(on), &self);
            (self.plain)(Plain::Bool(on)).ok_or(unexpected)
        }
        fn visit_map<M: serde::de::MapAccess<'de>>(self, map: M) -> Result<T, M::Error> {
            ViewSpec::deserialize(serde::de::value::MapAccessDeserializer::new(map))
                .map(|spec| (self.table)(Box::new(spec)))
        }
    }
    deserializer.deserialize_any(Key {
        expects,
        plain,
        table,
    })
}

/// How a step is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::expand) enum View {
    Table,
    Heatmap,
    Bars,
    Line,
    /// A matrix of two columns as points, one per row.
    Scatter,
    /// A matrix of two columns as arrows from the origin, one per row.
    Arrows,
    /// A matrix of values over a grid as lines of equal value.
    Contour,
}

/// The views a widget block may name, in the order its help lists them.
const VIEW_NAMES: [&str; 7] = [
    "table", "heatmap", "bars", "line", "scatter", "arrows", "contour",
];

impl View {
    pub(in crate::expand) fn name(self) -> &'static str {
        VIEW_NAMES[self as usize]
    }
}

/// What a view's table adds to the view: a heatmap's mask, a line's marks, a contour's parts.
#[derive(Debug)]
pub(super) enum ViewParts {
    None,
    Heatmap { masked: Option<String> },
    Line(LineMarkSteps),
    Contour(ContourView),
}

/// A checked view of a step: which, the span of its entry, and its table's parts.
type CheckedView = (View, Range<usize>, ViewParts);

/// The `[views]` table checked: each names a step (among `shown` when the widget shows some),
/// a view from [`VIEW_NAMES`], and a step whose lesson value that view draws (a heatmap a
/// matrix, bars a vector or a single row or column, a line a vector, a contour a grid of
/// values whose x, y and path name steps, a heatmap's mask a step of its shape).
pub(super) fn views(
    computed: &Computed,
    table: &ViewsKey,
    shown: Option<&[String]>,
    options: &FigureOptions,
) -> Result<BTreeMap<String, CheckedView>, KeyProblem> {
    let steps: Vec<&str> = computed
        .step_names()
        .into_iter()
        .filter(|step| shown.is_none_or(|shown| shown.iter().any(|s| s == step)))
        .collect();
    let mut checked = BTreeMap::new();
    for (name, view) in table.get_ref() {
        let step = name.get_ref();
        let every = || format!("give a view to one of: {}", steps.join(", "));
        if !steps.contains(&step.as_str()) {
            let message = match computed.value(step) {
                Some(_) if computed.input_names().contains(step) => {
                    format!("`{step}` is an input, and a view draws a step")
                }
                Some(_) => format!(
                    "`{step}` is not in the widget's `show` list, so it is not drawn at all"
                ),
                None => format!("the example has no step named `{step}`"),
            };
            return Err((message, every(), name.span()));
        }
        let (name, parts) = match view.get_ref() {
            ViewEntry::Named(name) if name == "contour" => {
                ("contour", ViewParts::Contour(ContourView::default()))
            }
            ViewEntry::Named(name) => (name.as_str(), ViewParts::None),
            ViewEntry::Table(spec) => view_table(computed, spec, view.span())?,
        };
        let (contour, masked) = match &parts {
            ViewParts::Contour(contour) => (Some(contour), None),
            ViewParts::Heatmap { masked } => (None, masked.as_deref()),
            _ => (None, None),
        };
        let kind = match name {
            "table" => View::Table,
            "heatmap" => View::Heatmap,
            "bars" => View::Bars,
            "line" => View::Line,
            "scatter" => View::Scatter,
            "arrows" => View::Arrows,
            "contour" => View::Contour,
            other => {
                return Err((
                    format!("`{other}` is not a view"),
                    format!("write one of: {}", VIEW_NAMES.join(", ")),
                    view.span(),
                ))
            }
        };
        let value = computed.value(step).expect("a step has a value");
        // Whether the build's figure can be drawn (not too large, no −∞ on a bar or a point).
        let drawn = |kind| {
            let palette = &mut Palette::default();
            view_figure(computed, step, kind, (contour, masked), options, palette)
                .map(|_| ())
                .map_err(|error| (error.message, error.help))
        };
        let fits = match (kind, value) {
            (View::Table, _) => Ok(()),
            (View::Line, Value::Vector(_)) => Ok(()),
            (View::Heatmap, Value::Matrix(_)) => drawn(kind),
            (View::Bars, Value::Vector(_)) => drawn(kind),
            (View::Bars, Value::Matrix(m)) if m.nrows() == 1 || m.ncols() == 1 => drawn(kind),
            (View::Scatter | View::Arrows, Value::Matrix(m)) if m.ncols() == 2 => drawn(kind),
            (View::Contour, Value::Matrix(_)) => drawn(kind),
            (_, value) => Err((
                format!(
                    "`{step}` is a {}, which {} cannot draw",
                    value.describe_shape(),
                    match kind {
                        View::Bars | View::Arrows => kind.name().to_string(),
                        _ => format!("a {}", kind.name()),
                    }
                ),
                "a heatmap draws a matrix, bars and a line a vector, a scatter and arrows a matrix of two columns (x, y), a contour a matrix over a grid; a table draws anything"
                    .to_string(),
            )),
        };
        fits.map_err(|(message, help)| (message, help, view.span()))?;
        checked.insert(step.clone(), (kind, view.span(), parts));
    }
    Ok(checked)
}

/// The step a view's key names (`part`: "contour's x", "heatmap's mask"), if given: a step,
/// not an input, since what a view draws must be what the widget recomputes on every edit
/// (an input is copied into a step first).
pub(super) fn named_step(
    computed: &Computed,
    key: &Option<toml::Spanned<String>>,
    part: &str,
) -> Result<Option<String>, KeyProblem> {
    let Some(name) = key else { return Ok(None) };
    let step = name.get_ref();
    let steps = computed.step_names();
    if steps.contains(&step.as_str()) {
        return Ok(Some(step.clone()));
    }
    let (message, help) = if computed.input_names().contains(step) {
        (
            format!("`{step}` is an input, and a {part} names a step"),
            format!("add a step that copies it, such as `{step}_step = {step}`, and name that"),
        )
    } else {
        (
            format!("the example has no step named `{step}` for the {part}"),
            format!("name one of: {}", steps.join(", ")),
        )
    };
    Err((message, help, name.span()))
}

/// A key of another view's table (a contour's `x` in a heatmap's), at its span.
fn foreign_key<T>(
    key: &Option<toml::Spanned<T>>,
    name: &str,
    view: &str,
    other: &str,
) -> Result<(), KeyProblem> {
    match key {
        Some(key) => Err((
            format!("`{name}` belongs to a {other}'s table, and this one draws a {view}"),
            format!("remove `{name}`, or draw a {other}"),
            key.span(),
        )),
        None => Ok(()),
    }
}

impl ViewSpec {
    /// This table checked as drawing `view`: its `{view} = …` key (`said`) is not `false`
    /// (else the problem's help says `otherwise`), and no other view's key stands in it.
    pub(super) fn drawing(
        &self,
        view: &str,
        said: &Option<toml::Spanned<bool>>,
        otherwise: &str,
    ) -> Result<(), KeyProblem> {
        if let Some(off) = said.as_ref().filter(|on| !*on.get_ref()) {
            return Err(said_off(view, view, otherwise, off.span()));
        }
        self.foreign_keys(view)
    }

    /// The first key of the views other than `view` in this table, as [`foreign_key`] names it.
    fn foreign_keys(&self, view: &str) -> Result<(), KeyProblem> {
        if view != "heatmap" {
            foreign_key(&self.heatmap, "heatmap", view, "heatmap")?;
            foreign_key(&self.masked, "masked", view, "heatmap")?;
        }
        if view != "line" {
            foreign_key(&self.line, "line", view, "line")?;
            foreign_key(&self.reference, "reference", view, "line")?;
            foreign_key(&self.diverged, "diverged", view, "line")?;
        }
        if view != "contour" {
            foreign_key(&self.contour, "contour", view, "contour")?;
            foreign_key(&self.x, "x", view, "contour")?;
            foreign_key(&self.y, "y", view, "contour")?;
            foreign_key(&self.path, "path", view, "contour")?;
            foreign_key(&self.levels, "levels", view, "contour")?;
            foreign_key(&self.optimum, "optimum", view, "contour")?;
            foreign_key(&self.directions, "directions", view, "contour")?;
            foreign_key(&self.x_label, "x_label", view, "contour")?;
            foreign_key(&self.y_label, "y_label", view, "contour")?;
        }
        Ok(())
    }
}

/// A view's table checked: it says one of `heatmap = true`, `line = true` and `contour = true`
/// (a table of a line's or a heatmap's keys without it is named as lacking it), holds no key of
/// the others, and names steps that fit; the view's name and its parts.
pub(super) fn view_table(
    computed: &Computed,
    spec: &ViewSpec,
    span: Range<usize>,
) -> Result<(&'static str, ViewParts), KeyProblem> {
    let said: Vec<&'static str> = [
        ("heatmap", spec.heatmap.is_some()),
        ("line", spec.line.is_some()),
        ("contour", spec.contour.is_some()),
    ]
    .into_iter()
    .filter(|(_, said)| *said)
    .map(|(view, _)| view)
    .collect();
    match said.as_slice() {
        ["heatmap"] => Ok((
            "heatmap",
            ViewParts::Heatmap {
                masked: heatmap_mask(computed, spec)?,
            },
        )),
        ["line"] => Ok(("line", ViewParts::Line(line_marks(computed, spec)?))),
        ["contour"] => Ok(("contour", ViewParts::Contour(contour_view(computed, spec)?))),
        [] => {
            let meant = if spec.reference.is_some() || spec.diverged.is_some() {
                "line"
            } else if spec.masked.is_some() {
                "heatmap"
            } else {
                "contour"
            };
            Err((
                format!("a view's table draws a {meant}, and it lacks `{meant} = true`"),
                format!("write {{ {meant} = true, … }}, or name a view, such as \"{meant}\""),
                span,
            ))
        }
        several => Err((
            format!(
                "a view's table draws one heatmap, line or contour, and this one says {}",
                several.join(" and ")
            ),
            "keep one of them".to_string(),
            span,
        )),
    }
}

/// A heatmap's table checked: `heatmap = true`, no other view's keys, and `masked`, if given,
/// naming a step (its shape is checked when the figure is drawn).
fn heatmap_mask(computed: &Computed, spec: &ViewSpec) -> Result<Option<String>, KeyProblem> {
    spec.drawing(
        "heatmap",
        &spec.heatmap,
        "draw another view, such as \"bars\"",
    )?;
    named_step(computed, &spec.masked, "heatmap's mask")
}

/// The build's figure of `step` as `view` (a contour with its parts, a heatmap hatching the
/// entries where its mask step is −∞): the figure code the kinds draw with.
pub(in crate::expand) fn view_figure(
    computed: &Computed,
    step: &str,
    view: View,
    parts: (Option<&ContourView>, Option<&str>),
    options: &FigureOptions,
    palette: &mut Palette,
) -> Result<String, FigureError> {
    match view {
        View::Scatter => scatter_step_figure(&step_quantity(computed, step)?, step, options),
        View::Arrows => arrows_step_figure(
            &step_quantity(computed, step)?,
            step,
            None,
            options,
            palette,
        ),
        _ => {
            let (kind, svg, title) = view_panel(
                computed,
                step,
                view,
                parts,
                HeatmapWords::default(),
                options,
            )?;
            Ok(options.wrap(kind, &[svg], &format!("{title}.")))
        }
    }
}

/// The value `name` of `computed`, or why a view cannot draw it.
fn step_quantity(computed: &Computed, name: &str) -> Result<Quantity, FigureError> {
    computed.quantity(name).ok_or_else(|| FigureError {
        message: format!("the example has no step named `{name}`"),
        help: "name a step of the example".to_string(),
    })
}

/// [`view_figure`]'s one SVG of a heatmap (saying its `words`), bars or a contour, with what it
/// draws and its title, for a figure of several panels (a kind's heads, a descent's valley).
pub(in crate::expand) fn view_panel(
    computed: &Computed,
    step: &str,
    view: View,
    (contour, masked): (Option<&ContourView>, Option<&str>),
    words: HeatmapWords,
    options: &FigureOptions,
) -> Result<(&'static str, String, String), FigureError> {
    let quantity_of = |name: &str| step_quantity(computed, name);
    let quantity = quantity_of(step)?;
    // A heatmap view draws any matrix as one, a single row or entry too.
    let panel = if view == View::Heatmap {
        heatmap_panel
    } else {
        quantity_panel
    };
    match view {
        View::Contour => {
            let default = ContourView::default();
            let contour = contour.unwrap_or(&default);
            let part = |name: &Option<String>| -> Result<Option<(String, Quantity)>, FigureError> {
                name.as_ref()
                    .map(|name| quantity_of(name).map(|q| (name.clone(), q)))
                    .transpose()
            };
            let (x, y, path) = (part(&contour.x)?, part(&contour.y)?, part(&contour.path)?);
            let (optimum, directions) = (part(&contour.optimum)?, part(&contour.directions)?);
            fn borrow(part: &Option<(String, Quantity)>) -> Option<(&str, &Quantity)> {
                part.as_ref()
                    .map(|(name, quantity)| (name.as_str(), quantity))
            }
            let parts = ContourParts {
                x: borrow(&x),
                y: borrow(&y),
                path: borrow(&path),
                levels: contour.levels,
                optimum: borrow(&optimum),
                directions: borrow(&directions),
            };
            // The view's axis titles, unless the figure's own (a figure block's) say otherwise.
            let titled = FigureOptions {
                axes: AxisText {
                    x: options.axes.x.clone().or_else(|| contour.x_label.clone()),
                    y: options.axes.y.clone().or_else(|| contour.y_label.clone()),
                    title: options.axes.title.clone(),
                },
                ..options.clone()
            };
            let (svg, title) = contour_step_panel(&quantity, step, &parts, &titled)?;
            Ok(("contour", svg, title))
        }
        _ => match masked {
            Some(name) => {
                let mask = match quantity_of(name)? {
                    Quantity::Matrix { values, .. } => values.mapv(|x| x == f64::NEG_INFINITY),
                    other => {
                        return Err(FigureError {
                            message: format!(
                                "the mask `{name}` of {step} is {}, and a mask is a matrix of the step's shape",
                                other.shape_description()
                            ),
                            help: "name a step of the drawn step's shape, −∞ where an entry is masked".to_string(),
                        })
                    }
                };
                let options = FigureOptions {
                    mask: Some(mask),
                    ..options.clone()
                };
                panel(&quantity, step, words, &options)
            }
            None => panel(&quantity, step, words, options),
        },
    }
}
