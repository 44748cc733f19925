//! Finding numbers that look typed by hand: a decimal point or a percentage in text that no
//! reference produced. Years, counts and small integers ("2017", "8 to 128 heads") pass.

use std::ops::Range;

/// Byte ranges of hand-typed-looking numbers in `text`: digits with a decimal point and more
/// digits (`0.187`, `.5`), or a number followed by `%`.
pub fn find_typed_numbers(text: &str) -> Vec<Range<usize>> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let starts_number = bytes[at].is_ascii_digit()
            || (bytes[at] == b'.' && bytes.get(at + 1).is_some_and(u8::is_ascii_digit));
        let inside_word =
            at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_');
        if !starts_number || inside_word {
            at += 1;
            continue;
        }
        let start = at;
        let mut has_fraction = false;
        while at < bytes.len() {
            if bytes[at].is_ascii_digit() {
                at += 1;
            } else if bytes[at] == b'.' && bytes.get(at + 1).is_some_and(u8::is_ascii_digit) {
                has_fraction = true;
                at += 1;
            } else {
                break;
            }
        }
        let percentage = bytes.get(at) == Some(&b'%');
        if percentage {
            at += 1;
        }
        if has_fraction || percentage {
            found.push(start..at);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(text: &str) -> Vec<&str> {
        find_typed_numbers(text)
            .into_iter()
            .map(|range| &text[range])
            .collect()
    }

    #[test]
    fn decimals_and_percentages_are_flagged() {
        assert_eq!(
            typed("weights 0.187 and .5, or 12%"),
            vec!["0.187", ".5", "12%"]
        );
    }

    #[test]
    fn integers_years_and_sentence_ends_pass() {
        assert!(typed("In 2017, 8 to 128 heads; d_k = 64. Step 3.").is_empty());
    }

    #[test]
    fn digits_inside_identifiers_pass() {
        assert!(typed("h1.weights and w_2.5x").is_empty());
    }

    #[test]
    fn version_numbers_are_flagged_as_one_number() {
        assert_eq!(typed("KaTeX 0.16.4"), vec!["0.16.4"]);
    }
}
