//! Heatmaps: the attention weights of an attention example, one per head, and one value of a
//! compute example (a matrix as a heatmap, a vector as bars).

use super::bars::bars;
use super::{and_list, FigureError, FigureOptions};
use crate::compute::attention::Attention;
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
    let positions = |count: usize| -> Vec<String> { (1..=count).map(|i| i.to_string()).collect() };
    match quantity {
        Quantity::Matrix {
            values,
            row_labels,
            col_labels,
        } if values.nrows() > 1 && values.ncols() > 1 => {
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
            if let Some(mask) = options.mask.as_ref().filter(|mask| mask.dim() != values.dim()) {
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
            let rows = row_labels.clone().unwrap_or_else(|| positions(values.nrows()));
            let cols = col_labels.clone().unwrap_or_else(|| positions(values.ncols()));
            let title = match row_labels {
                Some(labels) => format!("Heatmap of {what}, one row each for {}", few(labels)),
                None => format!("Heatmap of {what}"),
            };
            let legend_title = options
                .legend
                .clone()
                .unwrap_or_else(|| format!("value of {what}"));
            let svg = Heatmap {
                values: values.view(),
                row_labels: &rows,
                col_labels: &cols,
                what,
                decimals: options.decimals,
                id_prefix: &options.id_prefix,
                mask: options.mask.as_ref().map(|mask| mask.view()),
                full: options.full,
                heading: None,
                axis_titles: None,
                legend_title: &legend_title,
            }
            .svg(&title);
            Ok(options.wrap("heatmap", &[svg], &format!("{title}.")))
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
            bars(&entries, &labels, what, options)
        }
        Quantity::Vector { values, labels } => {
            let labels = labels.clone().unwrap_or_else(|| positions(values.len()));
            bars(&values.to_vec(), &labels, what, options)
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

/// The attention weights of an attention example as heatmaps, one per head: a row for each
/// token attending, a column for each token it attends to, the weight in the cell. With a
/// causal mask the entries a token may not see are hatched and described as masked, not
/// printed as the zeros they are.
pub fn attention_figure(
    result: &Attention,
    options: &FigureOptions,
) -> Result<String, FigureError> {
    let tokens = &result.tokens;
    let cells = tokens.len() * tokens.len();
    if cells > MOST_CELLS {
        return Err(FigureError {
            message: format!(
                "\"{}\" has {} tokens, too many to draw {}×{} attention weights (at most {MOST_CELLS} cells)",
                options.example,
                tokens.len(),
                tokens.len(),
                tokens.len()
            ),
            help: "draw a shorter example, or show the weights with a reference".to_string(),
        });
    }
    let mask = result
        .causal
        .then(|| ndarray::Array2::from_shape_fn((tokens.len(), tokens.len()), |(i, j)| j > i));
    let several = result.heads.len() > 1;
    let panels: Vec<String> = result
        .heads
        .iter()
        .enumerate()
        .map(|(index, head)| {
            let whose = if several {
                format!("head {}", index + 1)
            } else {
                few(tokens)
            };
            let title = format!(
                "Attention weights of {whose}{}",
                if result.causal { ", with the causal mask" } else { "" }
            );
            let what = format!(
                "The attention weights of {whose}, one row for each token attending and one column for each token it attends to"
            );
            let heading = format!("Head {}", index + 1);
            let id_prefix = if several {
                format!("{}-h{}", options.id_prefix, index + 1)
            } else {
                options.id_prefix.clone()
            };
            Heatmap {
                values: head.weights.view(),
                row_labels: tokens,
                col_labels: tokens,
                what: &what,
                decimals: options.decimals,
                id_prefix: &id_prefix,
                mask: mask.as_ref().map(|mask| mask.view()),
                // Weights are shares of one: a full cell is all of a token's attention.
                full: Some(1.0),
                heading: several.then_some(heading.as_str()),
                axis_titles: Some(("token", "attends to →")),
                legend_title: options.legend.as_deref().unwrap_or("attention weight"),
            }
            .svg(&title)
        })
        .collect();
    let mut caption = String::from(if several {
        "Attention weights, one heatmap per head: each row is a token and how it divides its attention among the tokens of the columns; every row sums to 1."
    } else {
        "Attention weights: each row is a token and how it divides its attention among the tokens of the columns; every row sums to 1."
    });
    if result.causal {
        caption
            .push_str(" Hatched cells are masked: a token may not attend to the tokens after it.");
    }
    Ok(options.wrap("attention", &panels, &caption))
}
