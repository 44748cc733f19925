//! An input's domain: `T = { value = 1, min = 0, exclusive_min = true }`, `adam = { value = 1,
//! choice = [0, 1] }`, `top_k = { value = 2, min = 1, max = 6, integer = true, means = "how
//! many tokens are kept" }` in a compute block's `[inputs]`; and its divisor, `w = { value =
//! [2, -1, 3], over = 4 }`, so weights a lesson picks in quarters are written as the whole
//! numbers they are chosen as, not typed as decimals (the project's rule: numbers are computed).
//!
//! Stage: expand, while a compute block's inputs are read. Input: the input's inline table.
//! Output: the value's TOML entry (read as any input is), its divisor, and a [`Domain`] that the
//! lesson's value (divided) must lie in (else an error at the value) and that the widget
//! enforces, with the domain's words (`words`, in the JSON) in its refusals, so the reader reads
//! the lesson's terms. The widget only ever sees divided values: bounds are of those.

use super::compute::reread;
use super::BlockError;
use crate::compute::lang::Value;
use serde::Deserialize;
use std::ops::Range;
use toml::Spanned;

/// Most values a `choice` lists (the radio buttons a widget draws for it).
const MOST_CHOICES: usize = 12;

const HELP: &str = "write x = { value = 1, min = 0, exclusive_min = true }, x = { value = 1, \
choice = [0, 1] } or x = { value = 2, min = 1, max = 6, integer = true }; `means` (optional) \
says what the input is, in the lesson's words; `over` (optional) divides the written numbers: \
x = { value = [1, -2, 3], over = 4 } is [0.25, -0.5, 0.75]";

const OVER_HELP: &str = "write a positive number that divides every number of `value`, e.g. \
w = { value = [[2, -1], [3, 4]], over = 4 } for quarters";

/// The table as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct DomainSpec {
    value: Spanned<toml::Value>,
    min: Option<Spanned<f64>>,
    max: Option<Spanned<f64>>,
    exclusive_min: Option<Spanned<bool>>,
    exclusive_max: Option<Spanned<bool>>,
    integer: Option<Spanned<bool>>,
    choice: Option<Spanned<Vec<f64>>>,
    means: Option<Spanned<String>>,
    /// Read as any TOML value, so a string or a list gets this module's words, not serde's.
    over: Option<Spanned<toml::Value>>,
}

/// An input's table read: the written `value` (for the caller to read as any input), its
/// divisor and its domain.
pub(super) struct InputTable {
    pub value: Spanned<toml::Value>,
    pub over: Option<Over>,
    pub domain: Domain,
}

/// The `over` of an input table: a positive finite number every written number is divided by.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Over {
    divisor: f64,
    span: Range<usize>,
}

/// The values an input may take (every entry, for a vector or matrix).
#[derive(Debug, Clone, PartialEq)]
pub struct Domain {
    min: Option<(f64, bool)>,
    max: Option<(f64, bool)>,
    integer: bool,
    choice: Option<Vec<f64>>,
    means: Option<String>,
}

/// Reads the table of `name` at `span`: its `value` entry (for the caller to read as an input),
/// its divisor and its domain, each checked for sense.
pub(super) fn read(text: &str, name: &str, span: &Range<usize>) -> Result<InputTable, BlockError> {
    let spec: DomainSpec = reread(text, span).map_err(|error| error.help(HELP))?;
    let over = spec
        .over
        .as_ref()
        .map(|over| read_over(name, over))
        .transpose()?;
    let flag = |flag: &Option<Spanned<bool>>| flag.as_ref().is_some_and(|f| *f.get_ref());
    for (bound, exclusive, key) in [
        (&spec.min, &spec.exclusive_min, "min"),
        (&spec.max, &spec.exclusive_max, "max"),
    ] {
        if let (None, Some(exclusive)) = (bound, exclusive) {
            return Err(BlockError::new(
                exclusive.span(),
                format!("`exclusive_{key}` leaves out a bound, and `{name}` has no `{key}`"),
            )
            .help(format!("add {key} = … beside it, or remove it")));
        }
        if let Some(bound) = bound.as_ref().filter(|b| !b.get_ref().is_finite()) {
            return Err(
                BlockError::new(bound.span(), format!("`{key}` must be a finite number"))
                    .help(HELP),
            );
        }
    }
    let min = spec
        .min
        .as_ref()
        .map(|m| (*m.get_ref(), flag(&spec.exclusive_min)));
    let max = spec
        .max
        .as_ref()
        .map(|m| (*m.get_ref(), flag(&spec.exclusive_max)));
    if let (Some((lo, lo_open)), Some((hi, hi_open)), Some(at)) = (min, max, spec.max.as_ref()) {
        if lo > hi || (lo == hi && (lo_open || hi_open)) {
            return Err(BlockError::new(
                at.span(),
                format!("`{name}` may be no number: its max is below its min"),
            )
            .help("make max larger than min"));
        }
    }
    if let Some(choice) = &spec.choice {
        let values = choice.get_ref();
        let repeated = values
            .iter()
            .enumerate()
            .any(|(i, x)| values[..i].contains(x));
        let problem = if spec.min.is_some() || spec.max.is_some() || spec.integer.is_some() {
            Some("`choice` lists every value, so it takes no min, max or integer".to_string())
        } else if values.len() < 2 || values.len() > MOST_CHOICES {
            Some(format!(
                "a choice lists 2 to {MOST_CHOICES} values, and this one lists {}",
                values.len()
            ))
        } else if repeated || values.iter().any(|x| !x.is_finite()) {
            Some("each value of a choice must be a different finite number".to_string())
        } else {
            None
        };
        if let Some(message) = problem {
            return Err(BlockError::new(choice.span(), message).help(HELP));
        }
    }
    if let Some(means) = spec
        .means
        .as_ref()
        .filter(|m| m.get_ref().trim().is_empty())
    {
        return Err(BlockError::new(means.span(), "`means` is blank").help(HELP));
    }
    let domain = Domain {
        min,
        max,
        integer: flag(&spec.integer),
        choice: spec.choice.as_ref().map(|c| c.get_ref().clone()),
        means: spec.means.as_ref().map(|m| m.get_ref().trim().to_string()),
    };
    Ok(InputTable {
        value: spec.value,
        over,
        domain,
    })
}

/// `over` checked: a number (TOML integer or float), finite and above 0.
fn read_over(name: &str, over: &Spanned<toml::Value>) -> Result<Over, BlockError> {
    let divisor = match over.get_ref() {
        toml::Value::Integer(n) => *n as f64,
        toml::Value::Float(x) => *x,
        other => {
            let what = match other {
                toml::Value::String(_) => "text",
                toml::Value::Boolean(_) => "true or false",
                toml::Value::Array(_) => "a list",
                toml::Value::Table(_) => "a table",
                _ => "a date",
            };
            return Err(BlockError::new(
                over.span(),
                format!(
                    "`over` of input `{name}` is {what}; it divides every number of `value`, so it must be a number"
                ),
            )
            .help(OVER_HELP));
        }
    };
    if !(divisor.is_finite() && divisor > 0.0) {
        let why = if divisor == 0.0 {
            "is 0, and nothing can be divided by 0".to_string()
        } else if divisor.is_finite() {
            format!(
                "is {}, and it must be above 0 (write a minus sign in `value` instead)",
                number(divisor)
            )
        } else {
            "is not a finite number".to_string()
        };
        return Err(
            BlockError::new(over.span(), format!("`over` of input `{name}` {why}")).help(OVER_HELP),
        );
    }
    Ok(Over {
        divisor,
        span: over.span(),
    })
}

impl Over {
    /// `value` with every entry `n` made `n / over`: IEEE division, correctly rounded, so
    /// `2 / 4` is exactly the `0.5` a lesson would have typed. An entry the division takes past
    /// the largest number (a huge value over a tiny divisor) is an error at `over`.
    pub(super) fn divide(&self, name: &str, value: Value) -> Result<Value, BlockError> {
        let divided = match value {
            Value::Scalar(x) => Value::Scalar(x / self.divisor),
            Value::Vector(values) => Value::Vector(values.mapv(|x| x / self.divisor)),
            Value::Matrix(values) => Value::Matrix(values.mapv(|x| x / self.divisor)),
        };
        let finite = match &divided {
            Value::Scalar(x) => x.is_finite(),
            Value::Vector(values) => values.iter().all(|x| x.is_finite()),
            Value::Matrix(values) => values.iter().all(|x| x.is_finite()),
        };
        if finite {
            return Ok(divided);
        }
        Err(BlockError::new(
            self.span.clone(),
            format!(
                "input `{name}` over {} is beyond the largest number",
                number(self.divisor)
            ),
        )
        .help("use a larger `over`, or smaller numbers in `value`"))
    }
}

impl Domain {
    /// Numbers above 0, such as a kind's temperature, with what the input `means`.
    pub(super) fn positive(means: &str) -> Domain {
        Domain {
            min: Some((0.0, true)),
            max: None,
            integer: false,
            choice: None,
            means: Some(means.to_string()),
        }
    }

    /// Whole numbers from `lo` to `hi`, such as a kind's count of steps, with what the input
    /// `means`.
    pub(super) fn whole(lo: f64, hi: f64, means: &str) -> Domain {
        Domain {
            min: Some((lo, false)),
            max: Some((hi, false)),
            integer: true,
            choice: None,
            means: Some(means.to_string()),
        }
    }

    /// The domain `Domain::json` wrote, read back (by the widget block's controls).
    pub fn from_json(json: &serde_json::Value) -> Domain {
        let number = |key: &str| json.get(key).and_then(serde_json::Value::as_f64);
        let flag = |key: &str| json.get(key).and_then(serde_json::Value::as_bool) == Some(true);
        Domain {
            min: number("min").map(|lo| (lo, flag("exclusive_min"))),
            max: number("max").map(|hi| (hi, flag("exclusive_max"))),
            integer: flag("integer"),
            choice: json
                .get("choice")
                .and_then(serde_json::Value::as_array)
                .map(|values| {
                    values
                        .iter()
                        .filter_map(serde_json::Value::as_f64)
                        .collect()
                }),
            means: json
                .get("means")
                .and_then(serde_json::Value::as_str)
                .map(str::to_string),
        }
    }

    /// Whether the domain says anything: bounds, whole numbers, a choice or what the input
    /// means. A table with only `value` and `over` says nothing, and its page data is as if the
    /// numbers were typed.
    pub(super) fn says_anything(&self) -> bool {
        self.min.is_some()
            || self.max.is_some()
            || self.integer
            || self.choice.is_some()
            || self.means.is_some()
    }

    /// Whether `x` is one of the domain's values (compute-widget.js `inside` is its twin).
    pub fn contains(&self, x: f64) -> bool {
        if let Some(choice) = &self.choice {
            return choice.contains(&x);
        }
        let above = self
            .min
            .is_none_or(|(lo, open)| if open { x > lo } else { x >= lo });
        let below = self
            .max
            .is_none_or(|(hi, open)| if open { x < hi } else { x <= hi });
        x.is_finite() && above && below && (!self.integer || x.fract() == 0.0)
    }

    /// The domain in words: "a number above 0", "a whole number from 1 to 6", "0 or 1".
    pub(crate) fn words(&self) -> String {
        if let Some(choice) = &self.choice {
            let names: Vec<String> = choice.iter().map(|x| number(*x)).collect();
            let (last, first) = names.split_last().expect("a choice has two values or more");
            let either = if names.len() == 2 { "" } else { "one of " };
            return format!("{either}{} or {last}", first.join(", "));
        }
        let kind = if self.integer {
            "a whole number"
        } else {
            "a number"
        };
        let lower = self.min.map(|(lo, open)| {
            if open {
                format!("above {}", number(lo))
            } else {
                format!("at least {}", number(lo))
            }
        });
        let upper = self.max.map(|(hi, open)| {
            if open {
                format!("below {}", number(hi))
            } else {
                format!("at most {}", number(hi))
            }
        });
        match (self.min, self.max, lower, upper) {
            (Some((lo, false)), Some((hi, false)), _, _) => {
                format!("{kind} from {} to {}", number(lo), number(hi))
            }
            (_, _, Some(lower), Some(upper)) => format!("{kind} {lower} and {upper}"),
            (_, _, Some(bound), None) | (_, _, None, Some(bound)) => format!("{kind} {bound}"),
            (_, _, None, None) => kind.to_string(),
        }
    }

    /// The lesson's `value` of `name` checked: every entry in the domain, else an error at the
    /// first entry outside it (the whole value for a matrix).
    pub(super) fn admit(
        &self,
        text: &str,
        name: &str,
        value: &Value,
        entry: &Spanned<toml::Value>,
    ) -> Result<(), BlockError> {
        let entries: Vec<f64> = match value {
            Value::Scalar(x) => vec![*x],
            Value::Vector(values) => values.to_vec(),
            Value::Matrix(values) => values.iter().copied().collect(),
        };
        let Some(at) = entries.iter().position(|x| !self.contains(*x)) else {
            return Ok(());
        };
        let span = match value {
            Value::Vector(_) => reread::<Vec<Spanned<f64>>>(text, &entry.span())
                .ok()
                .and_then(|items| items.get(at).map(|item| item.span()))
                .unwrap_or(entry.span()),
            _ => entry.span(),
        };
        let what = self
            .means
            .as_ref()
            .map_or(String::new(), |m| format!("{m}, "));
        Err(BlockError::new(
            span,
            format!(
                "the lesson's {name} = {} lies outside its domain: {name} is {what}{}",
                number(entries[at]),
                self.words()
            ),
        )
        .help(format!("change the value, or widen the domain of `{name}`")))
    }

    /// The JSON compute-widget.js reads: the bounds, `integer`, `choice`, `means` and `words`.
    pub(super) fn json(&self) -> serde_json::Value {
        let mut json = serde_json::json!({ "words": self.words(), "integer": self.integer });
        if let Some((lo, open)) = self.min {
            json["min"] = lo.into();
            json["exclusive_min"] = open.into();
        }
        if let Some((hi, open)) = self.max {
            json["max"] = hi.into();
            json["exclusive_max"] = open.into();
        }
        if let Some(choice) = &self.choice {
            json["choice"] = choice.clone().into();
        }
        if let Some(means) = &self.means {
            json["means"] = means.clone().into();
        }
        json
    }
}

/// A bound as the author wrote it (`0.05`, `6`, `-1`); a minus sign, not a hyphen.
fn number(x: f64) -> String {
    format!("{x}").replace('-', "\u{2212}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn domain(table: &str) -> Result<Domain, String> {
        let text = format!("x = {table}");
        read(&text, "x", &(4..text.len()))
            .map(|table| table.domain)
            .map_err(|error| error.message)
    }

    #[test]
    fn bounds_read_as_words_and_hold_their_ends_as_written() {
        let open = domain("{ value = 1, min = 0, exclusive_min = true }").unwrap();
        assert_eq!(open.words(), "a number above 0");
        assert!(!open.contains(0.0) && open.contains(1e-9) && !open.contains(f64::INFINITY));
        let k = domain("{ value = 2, min = 1, max = 6, integer = true }").unwrap();
        assert_eq!(k.words(), "a whole number from 1 to 6");
        assert!(k.contains(6.0) && !k.contains(7.0) && !k.contains(2.5) && !k.contains(0.0));
        let p = domain("{ value = 0.9, min = 0, max = 1, exclusive_min = true }").unwrap();
        assert_eq!(p.words(), "a number above 0 and at most 1");
        let switch = domain("{ value = 1, choice = [0, 1] }").unwrap();
        assert_eq!(switch.words(), "0 or 1");
        assert!(!switch.contains(2.0));
        let three = domain("{ value = 1, choice = [0, 1, -2] }").unwrap();
        assert_eq!(three.words(), "one of 0, 1 or \u{2212}2");
    }

    #[test]
    fn a_domain_that_makes_no_sense_is_refused_at_its_key() {
        for (table, says) in [
            ("{ value = 1, min = 2, max = 1 }", "max is below its min"),
            ("{ value = 1, exclusive_min = true }", "has no `min`"),
            ("{ value = 1, choice = [1] }", "2 to 12 values"),
            (
                "{ value = 1, choice = [0, 1], min = 0 }",
                "no min, max or integer",
            ),
            ("{ value = 1, mn = 0 }", "unknown field"),
            ("{ value = 1, min = 0, means = \" \" }", "blank"),
        ] {
            let message = domain(table).unwrap_err();
            assert!(message.contains(says), "{table}: {message}");
        }
    }

    #[test]
    fn the_lessons_value_outside_the_domain_is_an_error_at_its_entry() {
        let text = "x = { value = [1, 7, 2], min = 1, max = 6, means = \"a token id\" }";
        let InputTable {
            value: entry,
            domain,
            ..
        } = read(text, "x", &(4..text.len())).unwrap();
        let value = Value::Vector(ndarray::arr1(&[1.0, 7.0, 2.0]));
        let error = domain.admit(text, "x", &value, &entry).unwrap_err();
        assert_eq!(&text[error.span.clone()], "7");
        assert_eq!(
            error.message,
            "the lesson's x = 7 lies outside its domain: x is a token id, a number from 1 to 6"
        );
        let fine = Value::Vector(ndarray::arr1(&[1.0, 6.0, 2.0]));
        assert!(domain.admit(text, "x", &fine, &entry).is_ok());
    }

    #[test]
    fn over_divides_every_written_number_exactly_as_the_decimal_would_be_typed() {
        let text = "x = { value = [[2, -1], [3, 8]], over = 4 }";
        let table = read(text, "x", &(4..text.len())).unwrap();
        let over = table.over.expect("over is read");
        assert_eq!(&text[over.span.clone()], "4");
        let written = Value::Matrix(ndarray::array![[2.0, -1.0], [3.0, 8.0]]);
        assert_eq!(
            over.divide("x", written).unwrap(),
            Value::Matrix(ndarray::array![[0.5, -0.25], [0.75, 2.0]])
        );
        // Tenths too: 3 / 10 is the very f64 the decimal 0.3 reads as.
        let tenths = Over {
            divisor: 10.0,
            span: 0..0,
        };
        assert_eq!(
            tenths.divide("x", Value::Scalar(3.0)).unwrap(),
            Value::Scalar(0.3)
        );
        let text = "x = { value = 1e300, over = 1e-300 }";
        let huge = read(text, "x", &(4..text.len())).unwrap().over.unwrap();
        let error = huge.divide("x", Value::Scalar(1e300)).unwrap_err();
        assert_eq!(&text[error.span.clone()], "1e-300");
        assert!(error.message.contains("beyond the largest number"));
    }

    #[test]
    fn an_over_that_divides_nothing_sensibly_is_refused_at_it_with_what_to_write() {
        for (table, at, says) in [
            (
                "{ value = 1, over = 0 }",
                "0",
                "is 0, and nothing can be divided by 0",
            ),
            ("{ value = 1, over = 0.0 }", "0.0", "is 0"),
            (
                "{ value = 1, over = -4 }",
                "-4",
                "is \u{2212}4, and it must be above 0",
            ),
            (
                "{ value = 1, over = \"4\" }",
                "\"4\"",
                "is text; it divides",
            ),
            ("{ value = 1, over = [4] }", "[4]", "is a list"),
            ("{ value = 1, over = true }", "true", "is true or false"),
            ("{ value = 1, over = inf }", "inf", "not a finite number"),
            ("{ value = 1, over = nan }", "nan", "not a finite number"),
        ] {
            let text = format!("x = {table}");
            let error = read(&text, "x", &(4..text.len())).err().unwrap();
            assert_eq!(&text[error.span.clone()], at, "{table}");
            assert!(error.message.contains(says), "{table}: {}", error.message);
            assert!(
                error.help.as_deref().unwrap_or("").contains("over = 4"),
                "{table}"
            );
        }
    }
}
