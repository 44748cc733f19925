//! One value of an example as a picture: a matrix as a heatmap (an attention's weights, one
//! panel per head), a vector as bars (a softmax's probabilities).

use super::bars::bars_panel;
use super::{and_list, FigureError, FigureOptions};
use crate::compute::Quantity;
use crate::present::heatmap::{Heatmap, MOST_CELLS};

/// One value of a ```` ```compute ```` example (or any labelled quantity) as a picture: a
/// matrix as a heatmap, a vector (or a matrix of one row or one column) as bars. `what` is the
/// step's name as the lesson uses it; errors, which the author reads, name it with its
/// example (`ln.eps`). A heatmap hatches the entries [`FigureOptions::mask`] marks, besides
/// its −∞ ones.
pub fn quantity_figure(
    quantity: &Quantity,
    what: &str,
    options: &FigureOptions,
) -> Result<String, FigureError> {
    let (kind, svg, title) = quantity_panel(quantity, what, HeatmapWords::default(), options)?;
    Ok(options.wrap(kind, &[svg], &format!("{title}.")))
}

/// What a heatmap panel says besides its numbers, when it is one of several or its rows and
/// columns mean something (an attention's heads: "Head 2" above, "token" and "attends to →" on
/// its sides); `None` leaves it unsaid.
#[derive(Debug, Clone, Copy, Default)]
pub struct HeatmapWords<'a> {
    /// A heading above the heatmap.
    pub heading: Option<&'a str>,
    /// The titles of its rows' and its columns' side.
    pub axis_titles: Option<(&'a str, &'a str)>,
    /// What the text alternative says the numbers are, else the step's name.
    pub described: Option<&'a str>,
    /// The panel's title in the reader's words ("Attention weights of head 1"), else
    /// "Heatmap of" the step.
    pub title: Option<&'a str>,
}

/// [`quantity_figure`]'s one SVG with what it draws (`heatmap` or `bars`) and its title, for
/// a figure of several panels; a heatmap says its `words`.
pub fn quantity_panel(
    quantity: &Quantity,
    what: &str,
    words: HeatmapWords,
    options: &FigureOptions,
) -> Result<(&'static str, String, String), FigureError> {
    match quantity {
        Quantity::Matrix { values, .. } if values.nrows() > 1 && values.ncols() > 1 => {
            heatmap_panel(quantity, what, words, options)
        }
        Quantity::Matrix {
            values,
            row_labels,
            col_labels,
        } => {
            // One row or one column: its entries are a list, drawn like a vector.
            let (entries, labels) = if values.nrows() == 1 {
                (values.row(0).to_vec(), col_labels.clone())
            } else {
                (values.column(0).to_vec(), row_labels.clone())
            };
            let labels = labels.unwrap_or_else(|| positions(entries.len()));
            let (svg, title) = bars_panel(&entries, &labels, what, options)?;
            Ok(("bars", svg, title))
        }
        Quantity::Vector { values, labels } => {
            let labels = labels.clone().unwrap_or_else(|| positions(values.len()));
            let (svg, title) = bars_panel(&values.to_vec(), &labels, what, options)?;
            Ok(("bars", svg, title))
        }
        Quantity::Count(_) | Quantity::Scalar(_) | Quantity::Text(_) => Err(FigureError {
            message: format!(
                "{}.{what} is {}, which a figure cannot draw",
                options.example,
                quantity.shape_description()
            ),
            help: "figures draw a matrix (as a heatmap) or a vector (as bars); print a number with a reference".to_string(),
        }),
    }
}

fn positions(count: usize) -> Vec<String> {
    (1..=count).map(|i| i.to_string()).collect()
}

/// A matrix of any shape, one row or a single entry too, as a heatmap: what a step whose view
/// says `heatmap` draws (a one-token attention's 1×1 weights), where [`quantity_panel`] draws
/// a single row as bars. Returns `heatmap`, the SVG and its title; refuses anything but a
/// matrix.
pub fn heatmap_panel(
    quantity: &Quantity,
    what: &str,
    words: HeatmapWords,
    options: &FigureOptions,
) -> Result<(&'static str, String, String), FigureError> {
    match quantity {
        Quantity::Matrix {
            values,
            row_labels,
            col_labels,
        } => {
            if values.len() > MOST_CELLS {
                return Err(FigureError {
                    message: format!(
                        "{}.{what} is a {}×{} matrix, too large to draw as a heatmap (at most {MOST_CELLS} cells)",
                        options.example,
                        values.nrows(),
                        values.ncols()
                    ),
                    help: "draw a smaller step, or show the numbers with a reference".to_string(),
                });
            }
            if let Some(mask) = options
                .mask
                .as_ref()
                .filter(|mask| mask.dim() != values.dim())
            {
                return Err(FigureError {
                    message: format!(
                        "the mask of {}.{what} is {}×{}, and {what} is {}×{}: a mask marks the entries of the step it has the shape of",
                        options.example,
                        mask.nrows(),
                        mask.ncols(),
                        values.nrows(),
                        values.ncols()
                    ),
                    help: "name a mask step of the drawn step's shape, such as the scores with −∞ where they are masked".to_string(),
                });
            }
            let rows = row_labels
                .clone()
                .unwrap_or_else(|| positions(values.nrows()));
            let cols = col_labels
                .clone()
                .unwrap_or_else(|| positions(values.ncols()));
            let title = match (words.title, row_labels) {
                (Some(title), _) => title.to_string(),
                (None, Some(labels)) => {
                    format!("Heatmap of {what}, one row each for {}", few(labels))
                }
                (None, None) => format!("Heatmap of {what}"),
            };
            let legend_title = options
                .legend
                .clone()
                .unwrap_or_else(|| format!("value of {what}"));
            let svg = Heatmap {
                values: values.view(),
                row_labels: &rows,
                col_labels: &cols,
                what: words.described.unwrap_or(what),
                decimals: options.decimals,
                id_prefix: &options.id_prefix,
                mask: options.mask.as_ref().map(|mask| mask.view()),
                full: options.full,
                heading: words.heading,
                axis_titles: words.axis_titles,
                legend_title: &legend_title,
            }
            .svg(&title);
            Ok(("heatmap", svg, title))
        }
        _ => Err(FigureError {
            message: format!(
                "{}.{what} is {}, and a heatmap draws a matrix",
                options.example,
                quantity.shape_description()
            ),
            help: "draw a matrix step as a heatmap, or a vector as bars".to_string(),
        }),
    }
}

/// "a, b and c", or the first few and how many more: names for a title.
fn few(names: &[String]) -> String {
    const SHOWN: usize = 6;
    if names.len() <= SHOWN {
        and_list(names)
    } else {
        format!(
            "{} and {} more",
            names[..SHOWN].join(", "),
            names.len() - SHOWN
        )
    }
}
