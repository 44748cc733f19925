//! A compute step drawn as a widget's `scatter` or `arrows` view: a matrix of two columns as
//! points (one per row) or as arrows from the origin (one per row), the drawing every figure of
//! them uses (a vectors example's among them). The live widget draws the same with
//! `static/js/plane-views.js`.

use super::arrows::{arrows_figure, Projected, MOST_ARROWS};
use super::scatter::{scatter_figure, ScatterPoints};
use super::{FigureError, FigureOptions, Palette};
use crate::compute::Quantity;

/// A matrix of two columns as its rows' (x, y), with its row and column labels.
type Pairs<'a> = (Vec<(f64, f64)>, Option<&'a [String]>, Option<&'a [String]>);

/// The rows of a matrix of two columns as (x, y), with the row and column labels; or why the
/// step is no such matrix.
fn pairs<'a>(quantity: &'a Quantity, what: &str, view: &str) -> Result<Pairs<'a>, FigureError> {
    match quantity {
        Quantity::Matrix {
            values,
            row_labels,
            col_labels,
        } if values.ncols() == 2 => Ok((
            values
                .rows()
                .into_iter()
                .map(|row| (row[0], row[1]))
                .collect(),
            row_labels.as_deref(),
            col_labels.as_deref(),
        )),
        _ => Err(FigureError {
            message: format!(
                "{what} is {}, and {view} draws a matrix of two columns, one row per point",
                quantity.shape_description()
            ),
            help: "draw a matrix with one row per point and two columns (x, y)".to_string(),
        }),
    }
}

/// A matrix of two columns as a scatter of its rows, named by the row labels, its axes by the
/// column labels (or "`what`, column 1" and "…, column 2").
pub fn scatter_step_figure(
    quantity: &Quantity,
    what: &str,
    options: &FigureOptions,
) -> Result<String, FigureError> {
    let (points, rows, cols) = pairs(quantity, what, "a scatter")?;
    let (x_name, y_name) = match cols {
        Some(cols) => (cols[0].clone(), cols[1].clone()),
        None => (format!("{what}, column 1"), format!("{what}, column 2")),
    };
    let xs: Vec<f64> = points.iter().map(|p| p.0).collect();
    let ys: Vec<f64> = points.iter().map(|p| p.1).collect();
    let data = ScatterPoints {
        x_name: &x_name,
        y_name: &y_name,
        xs: &xs,
        ys: &ys,
        labels: rows,
        groups: None,
    };
    scatter_figure(&data, options, &mut Palette::default())
}

/// A matrix of two columns as arrows from the origin, one per row, named by the row labels
/// (or by position); at most `MOST_ARROWS`, every entry finite; with a `projection` (a
/// vectors example's widget) drawn dashed among them, as a vectors example's figure shows it.
pub fn arrows_step_figure(
    quantity: &Quantity,
    what: &str,
    projection: Option<Projected>,
    options: &FigureOptions,
    palette: &mut Palette,
) -> Result<String, FigureError> {
    let (tips, rows, _) = pairs(quantity, what, "arrows")?;
    if tips.len() > MOST_ARROWS {
        return Err(FigureError {
            message: format!(
                "{what} holds {} vectors, and arrows draw at most {MOST_ARROWS}",
                tips.len()
            ),
            help: "draw fewer vectors as arrows, or show them as a table".to_string(),
        });
    }
    if tips.iter().any(|(x, y)| !x.is_finite() || !y.is_finite()) {
        return Err(FigureError {
            message: format!("arrows draw finite numbers, and {what} holds one that is not"),
            help: "draw a step without masked (−∞) or overflowing entries".to_string(),
        });
    }
    let names: Vec<String> = match rows {
        Some(rows) => rows.to_vec(),
        None => (1..=tips.len()).map(|i| i.to_string()).collect(),
    };
    arrows_figure(&names, &tips, projection, options, palette)
}
