//! Dollar signs that are money, not math. pulldown-cmark 0.13 closes inline math at any `$`
//! that follows a non-space, so `Between $5-$10 per item.` becomes the formula `5-` and the
//! dollar signs vanish. Pandoc and GitHub do not let a `$` close a formula when a digit follows
//! it, and neither does pulldown-cmark after its 0.13 releases; until that ships, the parse
//! stage applies the same rule to the event stream.

use pulldown_cmark::{CowStr, Event};
use std::ops::Range;

/// `event` as the Markdown `source` should read: inline math whose closing `$` is followed by a
/// digit (`$5-$10`, `$5/$10`, `$1M-$2M`) is the text it was written as. Adjacent text events
/// are merged afterwards, so the sentence arrives in one piece.
pub fn currency_is_text<'a>(source: &'a str, event: Event<'a>, range: &Range<usize>) -> Event<'a> {
    let closes_before_digit = source
        .as_bytes()
        .get(range.end)
        .is_some_and(u8::is_ascii_digit);
    match event {
        Event::InlineMath(_) if closes_before_digit && source[..range.end].ends_with('$') => {
            Event::Text(CowStr::Borrowed(&source[range.clone()]))
        }
        other => other,
    }
}

/// Whether the `$` at `at` in `file` is money: a digit follows it (`$5`, `$10`). Such a dollar
/// that opens no formula is plain text, not a mistake.
pub fn is_currency(file: &str, at: usize) -> bool {
    file.as_bytes().get(at) == Some(&b'$')
        && file.as_bytes().get(at + 1).is_some_and(u8::is_ascii_digit)
}

/// For text starting at a `$` that opens no formula: the length of `$ x + y $` or `$x + y $`
/// when a space next to a dollar is what kept it from being one (as CommonMark's math rule
/// wants), so the author hears that the spaces are the problem.
pub fn spaced_formula(text: &str) -> Option<usize> {
    let inside = text.strip_prefix('$')?;
    let close = inside.find('$')?;
    let formula = &inside[..close];
    let spaced = formula.starts_with(char::is_whitespace) || formula.ends_with(char::is_whitespace);
    (spaced && !formula.trim().is_empty()).then_some(close + 2)
}

#[cfg(test)]
mod tests {
    use super::spaced_formula;
    use crate::expand::markdown::parse;
    use pulldown_cmark::Event;

    fn texts_and_math(text: &str) -> Vec<String> {
        parse(text, 0..text.len())
            .into_iter()
            .filter_map(|(event, _)| match event {
                Event::Text(text) => Some(format!("text {text}")),
                Event::InlineMath(tex) => Some(format!("math {tex}")),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_dollar_before_a_digit_does_not_close_a_formula() {
        assert_eq!(
            texts_and_math("Between $5-$10 per item, $5/$10 or $1M-$2M."),
            ["text Between $5-$10 per item, $5/$10 or $1M-$2M."]
        );
    }

    #[test]
    fn formulas_around_money_still_are_formulas() {
        assert_eq!(
            texts_and_math("Pay $5-$10 for $x$, or $y$ 2 times."),
            [
                "text Pay $5-$10 for ",
                "math x",
                "text , or ",
                "math y",
                "text  2 times."
            ]
        );
    }

    #[test]
    fn spaces_inside_the_dollars_are_found() {
        assert_eq!(spaced_formula("$ x + y $ and"), Some(9));
        assert_eq!(spaced_formula("$x + y $"), Some(8));
        assert_eq!(spaced_formula("$x$"), None);
        assert_eq!(spaced_formula("$  $"), None);
        assert_eq!(spaced_formula("$ no end"), None);
    }
}
