//! Reading example inputs from TOML with the span of every value, so a ragged row or a NaN
//! is reported at its own line and column.

use super::BlockError;
use crate::compute;
use ndarray::{Array1, Array2};
use toml::Spanned;

/// One number with its span.
pub type Number = Spanned<f64>;
/// A list of numbers (a vector, or one row of a matrix).
pub type Numbers = Spanned<Vec<Number>>;
/// A list of rows (a matrix).
pub type Rows = Spanned<Vec<Numbers>>;
/// A list of names (labels, tokens, vectors' names).
pub type Names = Spanned<Vec<Spanned<String>>>;

/// Deserializes a block's TOML, turning TOML and serde errors into block errors.
pub fn parse_toml<T: serde::de::DeserializeOwned>(text: &str, keys: &str) -> Result<T, BlockError> {
    toml::from_str(text).map_err(|error| {
        let span = error.span().unwrap_or(0..0);
        BlockError::new(span, format!("invalid example: {}", error.message().trim()))
            .help(format!("keys of this block: {keys}"))
    })
}

/// A matrix from rows of numbers: every row as long as the first, every entry finite.
pub fn matrix(field: &str, rows: &Rows) -> Result<Array2<f64>, BlockError> {
    let Some(first) = rows.get_ref().first() else {
        return Err(
            BlockError::new(rows.span(), format!("`{field}` has no rows"))
                .help(format!("write {field} = [[1, 0], [0, 1]]")),
        );
    };
    let width = first.get_ref().len();
    if width == 0 {
        return Err(
            BlockError::new(first.span(), format!("`{field}` has an empty row"))
                .help("every row needs at least one number"),
        );
    }
    let mut values = Vec::with_capacity(rows.get_ref().len() * width);
    for (index, row) in rows.get_ref().iter().enumerate() {
        if row.get_ref().len() != width {
            return Err(BlockError::new(
                row.span(),
                format!(
                    "row {} of `{field}` has {} number{}, but row 1 has {width}",
                    index + 1,
                    row.get_ref().len(),
                    if row.get_ref().len() == 1 { "" } else { "s" }
                ),
            )
            .help("a matrix needs rows of equal length"));
        }
        for number in row.get_ref() {
            values.push(finite(field, number)?);
        }
    }
    Array2::from_shape_vec((rows.get_ref().len(), width), values)
        .map_err(|error| BlockError::new(rows.span(), format!("`{field}`: {error}")))
}

/// A vector from a list of numbers, every entry finite.
pub fn vector(field: &str, numbers: &Numbers) -> Result<Array1<f64>, BlockError> {
    if numbers.get_ref().is_empty() {
        let error = compute::empty_list(field);
        return Err(BlockError::from_compute(numbers.span(), error));
    }
    numbers
        .get_ref()
        .iter()
        .map(|number| finite(field, number))
        .collect::<Result<Vec<_>, _>>()
        .map(Array1::from)
}

/// The names of a list, without their spans.
pub fn strings(names: &Names) -> Vec<String> {
    (names.get_ref().iter())
        .map(|name| name.get_ref().clone())
        .collect()
}

/// A finite number greater than zero (a temperature, a learning rate), reported at its entry.
pub fn positive(field: &str, number: &Number, help: &str) -> Result<f64, BlockError> {
    let value = *number.get_ref();
    compute::positive(field, value, help)
        .map(|()| value)
        .map_err(|error| BlockError::from_compute(number.span(), error))
}

/// A whole number from 1 to `most` (heads, steps), reported at its value otherwise, with `help`
/// saying what is: 0 or less is not a number of `field` at all, while more than `most` is one,
/// just too many, so its message names the most.
pub fn count(
    field: &str,
    value: &Spanned<i64>,
    most: usize,
    help: &str,
) -> Result<usize, BlockError> {
    let number = *value.get_ref();
    if number < 1 {
        let message = format!("{field} = {number} is not a number of {field}");
        return Err(BlockError::new(value.span(), message).help(help));
    }
    match usize::try_from(number).ok().filter(|count| *count <= most) {
        Some(count) => Ok(count),
        None => Err(BlockError::from_compute(
            value.span(),
            compute::too_many(field, number, most, help),
        )),
    }
}

/// A finite number, reported at its entry otherwise.
pub fn finite(field: &str, number: &Number) -> Result<f64, BlockError> {
    let value = *number.get_ref();
    match value.is_finite() {
        true => Ok(value),
        false => Err(BlockError::from_compute(
            number.span(),
            compute::not_finite(field, &value.to_string()),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Deserialize)]
    struct One {
        m: Rows,
    }

    #[test]
    fn a_ragged_row_is_reported_at_that_row() {
        let text = "m = [[1, 2], [3]]";
        let one: One = parse_toml(text, "m").unwrap();
        let error = matrix("m", &one.m).unwrap_err();
        assert_eq!(&text[error.span.clone()], "[3]");
        assert!(error.message.contains("row 2"), "{}", error.message);
    }

    #[test]
    fn nan_is_reported_at_its_entry() {
        let text = "m = [[1, nan]]";
        let one: One = parse_toml(text, "m").unwrap();
        let error = matrix("m", &one.m).unwrap_err();
        assert_eq!(&text[error.span.clone()], "nan");
    }

    #[test]
    fn zero_is_not_positive() {
        #[derive(Deserialize)]
        struct Rate {
            rate: Number,
        }
        let text = "rate = 0.0";
        let rate: Rate = parse_toml(text, "rate").unwrap();
        let error = positive("rate", &rate.rate, "e.g. 0.1").unwrap_err();
        assert_eq!(&text[error.span.clone()], "0.0");
        assert_eq!(error.message, "`rate` must be greater than 0, but is 0");
    }

    #[test]
    fn a_count_is_a_whole_number_from_one_to_the_most() {
        #[derive(Deserialize)]
        struct Steps {
            steps: Spanned<i64>,
        }
        let read = |text: &str| {
            let steps: Steps = parse_toml(text, "steps").unwrap();
            count("steps", &steps.steps, 3, "use 1 to 3")
        };
        assert_eq!(read("steps = 3").unwrap(), 3);
        let cases = [
            ("steps = 0", "steps = 0 is not a number of steps"),
            ("steps = -1", "steps = -1 is not a number of steps"),
            (
                "steps = 4",
                "steps = 4 is more than 3, the most an example may have",
            ),
            (
                "steps = 9223372036854775807",
                "steps = 9223372036854775807 is more than 3, the most an example may have",
            ),
        ];
        for (text, message) in cases {
            let error = read(text).unwrap_err();
            assert_eq!(&text[error.span.clone()], &text[8..]);
            assert_eq!(error.message, message);
            assert_eq!(error.help.as_deref(), Some("use 1 to 3"));
        }
    }

    #[test]
    fn integers_and_decimals_both_read_as_numbers() {
        let one: One = parse_toml("m = [[1, 0.5]]", "m").unwrap();
        assert_eq!(matrix("m", &one.m).unwrap(), ndarray::array![[1.0, 0.5]]);
    }
}
