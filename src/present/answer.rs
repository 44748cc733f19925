//! Reading a number as a reader types it into an exercise: `0.67`, `.67`, `2/3`, `6.7e-1`,
//! `−0.5` (with U+2212), digits grouped as the book prints them (`1,048,576`, `1 048 576`), a
//! percentage (`24.5%`, read as 0.245), surrounding spaces ignored. A decimal comma (`0,245`)
//! is not read but answered with its point form, as widgets answer it. The browser's twin is
//! `static/js/exercise-answer.js`; a differential test holds the two to the same bits.
//!
//! PURE: text in, a finite number (or why not) out.

use serde::Serialize;

/// Longest answer read; anything longer is not a number a reader means.
pub const MAX_ANSWER_CHARS: usize = 64;

/// What a reader's text says.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Reading {
    /// A number; `percent` when it was written as a percentage and so divided by 100.
    Number {
        /// The number meant.
        value: f64,
        /// Written with `%`.
        percent: bool,
    },
    /// A decimal comma (`0,245`): the same number written with a point, to suggest.
    #[serde(rename_all = "camelCase")]
    DecimalComma {
        /// The text with its comma made a point.
        with_point: String,
    },
    /// Not a number.
    Unread,
}

/// Characters that may separate groups of three digits: comma, space, no-break and thin spaces.
const GROUP_SEPARATORS: [char; 5] = [',', ' ', '\u{a0}', '\u{202f}', '\u{2009}'];

/// The number `text` means, or `None` when it is not one (or is not finite).
pub fn read_answer(text: &str) -> Option<f64> {
    match read(text) {
        Reading::Number { value, .. } => Some(value),
        _ => None,
    }
}

/// What `text` says: a number (maybe a percentage), a decimal comma to correct, or nothing.
pub fn read(text: &str) -> Reading {
    let text = text.trim();
    if text.is_empty() || text.chars().count() > MAX_ANSWER_CHARS {
        return Reading::Unread;
    }
    let (body, percent) = match text.strip_suffix('%') {
        Some(body) => (body.trim_end(), true),
        None => (text, false),
    };
    let value = match body.split_once('/') {
        Some(_) if percent => None,
        Some((top, bottom)) => read_decimal(bottom.trim())
            .filter(|bottom| *bottom != 0.0)
            .and_then(|bottom| Some(read_decimal(top.trim())? / bottom)),
        None => read_decimal(body).map(|value| if percent { value / 100.0 } else { value }),
    };
    match value.filter(|value| value.is_finite()) {
        Some(value) => Reading::Number { value, percent },
        None if is_decimal_comma(text) => Reading::DecimalComma {
            with_point: text.replacen(',', ".", 1),
        },
        None => Reading::Unread,
    }
}

/// `[sign]digits,digits`: a number written with a decimal comma.
fn is_decimal_comma(text: &str) -> bool {
    let unsigned = text.strip_prefix(['+', '-', '\u{2212}']).unwrap_or(text);
    unsigned.split_once(',').is_some_and(|(whole, fraction)| {
        [whole, fraction]
            .iter()
            .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()))
    })
}

/// `text` with the separators of its leading digit groups taken out (`1,048,576.5` →
/// `1048576.5`), or as it is when its digits are not grouped: a first group of one to three
/// digits not starting with 0, then groups of exactly three behind one separator used throughout.
fn ungrouped(text: &str) -> std::borrow::Cow<'_, str> {
    let sign = text.len() - text.trim_start_matches(['+', '-', '\u{2212}']).len();
    let (signed, rest) = text.split_at(sign.min(text.len()));
    let chars: Vec<char> = rest.chars().collect();
    let first = chars.iter().take_while(|c| c.is_ascii_digit()).count();
    if first == 0 || first > 3 || chars[0] == '0' {
        return text.into();
    }
    let Some(&separator) = chars.get(first).filter(|c| GROUP_SEPARATORS.contains(c)) else {
        return text.into();
    };
    let mut digits: String = chars[..first].iter().collect();
    let mut at = first;
    while chars.get(at) == Some(&separator) {
        let group = chars[at + 1..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count();
        if group != 3 {
            return text.into();
        }
        digits.extend(&chars[at + 1..at + 4]);
        at += 4;
    }
    if chars.get(at).is_some_and(|c| GROUP_SEPARATORS.contains(c)) {
        return text.into();
    }
    let tail: String = chars[at..].iter().collect();
    format!("{signed}{digits}{tail}").into()
}

/// A signed decimal, with an optional exponent: `[+-−]digits[.digits][e[+-]digits]`, where the
/// digits before or after the point may be left out (not both), and the digits before it may
/// be grouped in threes.
fn read_decimal(text: &str) -> Option<f64> {
    let text = ungrouped(text);
    let text = text.as_ref();
    let (negative, unsigned) = match text.chars().next()? {
        '-' | '\u{2212}' => (true, &text[text.chars().next()?.len_utf8()..]),
        '+' => (false, &text[1..]),
        _ => (false, text),
    };
    let bytes = unsigned.as_bytes();
    let digits = |from: usize| {
        bytes[from..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count()
    };
    let whole = digits(0);
    let mut at = whole;
    let mut fraction = 0;
    if bytes.get(at) == Some(&b'.') {
        fraction = digits(at + 1);
        at += 1 + fraction;
    }
    if whole + fraction == 0 {
        return None;
    }
    if matches!(bytes.get(at), Some(b'e' | b'E')) {
        let mut exponent = at + 1;
        if matches!(bytes.get(exponent), Some(b'+' | b'-')) {
            exponent += 1;
        }
        let count = digits(exponent);
        if count == 0 {
            return None;
        }
        at = exponent + count;
    }
    if at != bytes.len() {
        return None;
    }
    let magnitude: f64 = unsigned.parse().ok()?;
    Some(if negative { -magnitude } else { magnitude })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_numbers_as_readers_write_them() {
        assert_eq!(read_answer("0.67"), Some(0.67));
        assert_eq!(read_answer(" .67 "), Some(0.67));
        assert_eq!(read_answer("2/3"), Some(2.0 / 3.0));
        assert_eq!(read_answer("6.7e-1"), Some(0.67));
        assert_eq!(read_answer("\u{2212}0.5"), Some(-0.5));
        assert_eq!(read_answer("-1 / 4"), Some(-0.25));
        assert_eq!(read_answer("+3"), Some(3.0));
        assert_eq!(read_answer("5."), Some(5.0));
        assert_eq!(read_answer("1E3"), Some(1000.0));
    }

    #[test]
    fn reads_numbers_as_the_book_prints_them() {
        assert_eq!(read_answer("1,048,576"), Some(1_048_576.0));
        assert_eq!(read_answer("1 048 576"), Some(1_048_576.0));
        assert_eq!(read_answer("\u{2212}12\u{202f}345.5"), Some(-12_345.5));
        assert_eq!(read_answer("2,048 / 4"), Some(512.0));
        assert_eq!(
            read("24.5%"),
            Reading::Number {
                value: 0.245,
                percent: true
            }
        );
        assert_eq!(read_answer("-50 %"), Some(-0.5));
    }

    #[test]
    fn a_decimal_comma_is_answered_with_its_point_form() {
        for (text, with_point) in [
            ("0,245", "0.245"),
            ("\u{2212}2,5", "\u{2212}2.5"),
            ("12,34", "12.34"),
        ] {
            assert_eq!(
                read(text),
                Reading::DecimalComma {
                    with_point: with_point.into()
                }
            );
        }
        assert_eq!(read("1,5,6"), Reading::Unread);
    }

    #[test]
    fn refuses_what_is_not_a_number() {
        for text in [
            "",
            " ",
            ".",
            "-",
            "1/0",
            "abc",
            "0,5",
            "1.2.3",
            "1e",
            "e5",
            "2/3/4",
            "1e999",
            "--1",
            "0x10",
            "inf",
            "NaN",
            "½",
            "1 2",
            "1,00",
            "0,245,000",
            "1,000 000",
            "1234,567",
            "12,3456",
            ",123",
            "1,234,",
            "1/4%",
            "%",
            "5%%",
            "1 ,000",
        ] {
            assert_eq!(read_answer(text), None, "{text:?}");
        }
        assert_eq!(read_answer(&"1".repeat(65)), None);
    }
}
