//! Nouns counted by a drawn number: "after {{bpe.merges}} merges" must read "after 1 merge"
//! when "New numbers" draws 1. In an exercise with `[vary]`, the word after a reference that
//! prints a whole number becomes `<span class="vary-noun" data-one data-many>`, and
//! static/js/exercise.js prints `data-one` beside a drawn 1 and `data-many` beside any other.

use super::markdown::Spanned;
use pulldown_cmark::{CowStr, Event};

/// Words that follow a number without being counted by it ("2 is even", "3 more steps").
const NOT_COUNTED: &[&str] = &[
    "a", "an", "and", "are", "as", "at", "by", "does", "each", "extra", "fewer", "first", "for",
    "from", "further", "has", "in", "is", "its", "last", "less", "more", "new", "next", "of", "on",
    "or", "other", "plus", "same", "than", "that", "the", "then", "this", "thus", "to", "us",
    "was", "were", "with",
];

/// The events with the word after each whole-number reference marked by its two forms.
pub(super) fn mark_counted_nouns(events: Vec<Spanned<'static>>) -> Vec<Spanned<'static>> {
    let mut out = Vec::with_capacity(events.len());
    let mut count: Option<bool> = None;
    for (event, span) in events {
        let is_one = count.take();
        match (&event, is_one) {
            (Event::Text(text), Some(is_one)) => {
                if let Some((word, rest, one, many)) = counted(text, is_one) {
                    out.push((Event::Text(CowStr::from(" ")), span.clone()));
                    out.push((
                        Event::InlineHtml(CowStr::from(format!(
                            "<span class=\"vary-noun\" data-one=\"{one}\" data-many=\"{many}\">{word}</span>"
                        ))),
                        span.clone(),
                    ));
                    out.push((Event::Text(CowStr::from(rest)), span));
                    continue;
                }
            }
            (Event::InlineHtml(html), _) => count = whole_number_printed(html),
            _ => {}
        }
        out.push((event, span));
    }
    out
}

/// For a reference's HTML that prints a whole number: whether it is 1.
fn whole_number_printed(html: &str) -> Option<bool> {
    let printed = html
        .strip_prefix("<span class=\"worked-ref\" data-ref=\"")?
        .split_once('>')?
        .1
        .strip_suffix("</span>")?;
    let digits = printed.trim_start_matches('\u{2212}').replace(',', "");
    (!digits.is_empty() && digits.bytes().all(|byte| byte.is_ascii_digit()))
        .then_some(printed == "1")
}

/// The counted word at the start of `text` (" merges, how many…"), the text after it, and
/// the word's singular and plural; `is_one` says which of them the lesson prints.
fn counted(text: &str, is_one: bool) -> Option<(String, String, String, String)> {
    let after_space = text.strip_prefix(' ')?;
    let end = after_space
        .find(|c: char| !c.is_ascii_lowercase())
        .unwrap_or(after_space.len());
    let word = &after_space[..end];
    if word.len() < 3 || NOT_COUNTED.contains(&word) {
        return None;
    }
    let (one, many) = if is_one {
        (word.to_string(), plural(word))
    } else {
        (singular(word)?, word.to_string())
    };
    Some((word.to_string(), after_space[end..].to_string(), one, many))
}

/// "merges" → "merge", "entries" → "entry", "batches" → "batch"; `None` for a word that is
/// not a plural.
fn singular(word: &str) -> Option<String> {
    if word.ends_with("ss") || word.ends_with("us") || word.ends_with("is") {
        return None;
    }
    let stem = word.strip_suffix('s')?;
    Some(if let Some(stem) = word.strip_suffix("ies") {
        format!("{stem}y")
    } else if ["ches", "shes", "xes", "sses", "zes"]
        .iter()
        .any(|ending| word.ends_with(ending))
    {
        stem.strip_suffix('e').unwrap_or(stem).to_string()
    } else {
        stem.to_string()
    })
}

/// "merge" → "merges", "entry" → "entries", "batch" → "batches".
fn plural(word: &str) -> String {
    let consonant_y =
        word.ends_with('y') && !word[..word.len() - 1].ends_with(['a', 'e', 'i', 'o', 'u']);
    if consonant_y {
        format!("{}ies", &word[..word.len() - 1])
    } else if ["ch", "sh", "x", "z", "s"]
        .iter()
        .any(|ending| word.ends_with(ending))
    {
        format!("{word}es")
    } else {
        format!("{word}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn marked(printed: &str, after: &str) -> Vec<String> {
        let reference =
            format!("<span class=\"worked-ref\" data-ref=\"bpe.merges\">{printed}</span>");
        let events = vec![
            (Event::InlineHtml(CowStr::from(reference)), 0..1),
            (Event::Text(CowStr::from(after.to_string())), 1..2),
        ];
        mark_counted_nouns(events)
            .into_iter()
            .skip(1)
            .map(|(event, _)| match event {
                Event::Text(text) | Event::InlineHtml(text) => text.to_string(),
                _ => String::new(),
            })
            .collect()
    }

    #[test]
    fn the_noun_after_a_count_gets_both_forms() {
        assert_eq!(
            marked("3", " merges, how many?"),
            [
                " ",
                "<span class=\"vary-noun\" data-one=\"merge\" data-many=\"merges\">merges</span>",
                ", how many?"
            ]
        );
        assert_eq!(
            marked("1", " entry")[1],
            "<span class=\"vary-noun\" data-one=\"entry\" data-many=\"entries\">entry</span>"
        );
        assert_eq!(
            marked("1,024", " batches")[1],
            "<span class=\"vary-noun\" data-one=\"batch\" data-many=\"batches\">batches</span>"
        );
    }

    #[test]
    fn words_that_are_not_counted_and_fractions_are_left_alone() {
        assert_eq!(marked("3", " is odd"), [" is odd"]);
        assert_eq!(marked("3", " more steps"), [" more steps"]);
        assert_eq!(marked("0.25", " steps"), [" steps"]);
        assert_eq!(marked("3", ", then"), [", then"]);
    }
}
