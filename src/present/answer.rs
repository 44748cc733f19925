//! Reading a number as a reader types it into an exercise: `0.67`, `.67`, `2/3`, `6.7e-1`,
//! `−0.5` (with U+2212), surrounding spaces ignored. The browser's twin is
//! `static/js/exercise-answer.js`; a differential test holds the two to the same bits.
//!
//! PURE: text in, a finite number (or `None`) out.

/// Longest answer read; anything longer is not a number a reader means.
pub const MAX_ANSWER_CHARS: usize = 64;

/// The number `text` means, or `None` when it is not one (or is not finite).
pub fn read_answer(text: &str) -> Option<f64> {
    let text = text.trim();
    if text.is_empty() || text.chars().count() > MAX_ANSWER_CHARS {
        return None;
    }
    let value = match text.split_once('/') {
        Some((top, bottom)) => {
            let bottom = read_decimal(bottom.trim())?;
            if bottom == 0.0 {
                return None;
            }
            read_decimal(top.trim())? / bottom
        }
        None => read_decimal(text)?,
    };
    value.is_finite().then_some(value)
}

/// A signed decimal, with an optional exponent: `[+-−]digits[.digits][e[+-]digits]`, where the
/// digits before or after the point may be left out (not both).
fn read_decimal(text: &str) -> Option<f64> {
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
    fn refuses_what_is_not_a_number() {
        for text in [
            "", " ", ".", "-", "1/0", "abc", "0,5", "1.2.3", "1e", "e5", "2/3/4", "1e999", "--1",
            "0x10", "inf", "NaN", "½", "1 2",
        ] {
            assert_eq!(read_answer(text), None, "{text:?}");
        }
        assert_eq!(read_answer(&"1".repeat(65)), None);
    }
}
