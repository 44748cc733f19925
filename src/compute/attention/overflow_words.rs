//! The attention kind's words for a step that overflows, the build's and the widget's alike.

use super::super::ComputeError;

/// What overflowing in a step means in the lesson's words, as `(step, words, a head's words)`:
/// a head's step is named without its suffix, and with several heads its scores and output are
/// said with their head; a step not listed is a head's scores or weights ([`SCORES`]).
const OVERFLOWING: [(&str, &str, &str); 7] = [
    ("q", "the queries Q", ""),
    ("k", "the keys K", ""),
    ("v", "the values V", ""),
    ("out", "the heads' outputs", "the output"),
    ("concat", "the heads' outputs", ""),
    ("output", "the output", ""),
    SCORES,
];

/// The words of a head's scores, also said for its scaled scores and weights, the steps
/// [`OVERFLOWING`] does not list.
const SCORES: (&str, &str, &str) = ("scores", "the scores Q·Kᵀ", "the scores Q·Kᵀ");

/// What each step of the kind's program that can overflow means, for the widget to say when a
/// reader's edit makes it overflow: the build's own words (`OVERFLOWING`), a head's with its
/// head ("the scores Q·Kᵀ of head 2").
pub fn step_words(heads: usize) -> Vec<(String, String)> {
    let mut words = Vec::new();
    for (step, said, per_head) in OVERFLOWING {
        if heads > 1 && !per_head.is_empty() {
            words.extend(
                (1..=heads).map(|h| (format!("{step}_{h}"), format!("{per_head} of head {h}"))),
            );
        } else {
            words.push((step.to_string(), said.to_string()));
        }
    }
    words
}

/// The author's words for a run that overflowed at `step` (the inputs are finite): a head's step
/// said as its kind of step, without its suffix.
pub(super) fn overflowed(step: &str) -> ComputeError {
    let bare = step.trim_end_matches(|c: char| c.is_ascii_digit() || c == '_');
    let words = |step: &str| OVERFLOWING.iter().find(|(name, ..)| *name == step);
    let (_, what, _) = words(bare).unwrap_or(&SCORES);
    ComputeError::new(format!(
        "{what} overflows: the inputs are too large to compute with"
    ))
    .with_hint("scale the inputs down")
}
