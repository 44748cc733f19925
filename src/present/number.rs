//! Printing one number: fixed decimals or significant figures, a true minus sign in prose.

/// How many digits to print.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Precision {
    /// Exactly this many decimal places (`3` → `0.187`).
    Decimals(usize),
    /// This many significant figures (`4` → `16.92`, `69.65`, `0.04508`).
    Significant(usize),
    /// As the author wrote it: the shortest decimal that reads back as the same number, so an
    /// input `1` prints `1` and `0.25` prints `0.25` (never `1.000`). For inputs only; computed
    /// values use the book's precision.
    AsWritten,
}

/// Where the number goes: prose uses U+2212 MINUS SIGN, LaTeX uses `-` (KaTeX typesets it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Running text or HTML.
    Prose,
    /// Inside `$…$`.
    Latex,
}

/// Formats `value`; `-0.000` prints as `0.000`, and ±∞ as `∞`/`\infty`.
pub fn format_number(value: f64, precision: Precision, style: Style) -> String {
    if value.is_nan() {
        // The compute core never produces NaN; say so plainly if it ever did.
        return "NaN".to_string();
    }
    if value.is_infinite() {
        let infinity = match style {
            Style::Prose => "∞",
            Style::Latex => r"\infty",
        };
        return format!("{}{infinity}", sign(value < 0.0, style));
    }
    let decimals = match precision {
        Precision::Decimals(decimals) => decimals,
        Precision::Significant(figures) => decimals_for_significant(value, figures),
        // Rust prints an f64 as the shortest decimal that parses back to it, never with an
        // exponent; its digits after the point are the ones the author needed.
        Precision::AsWritten => format!("{}", value.abs())
            .split_once('.')
            .map_or(0, |(_, fraction)| fraction.len()),
    };
    let text = format!("{:.*}", decimals, value.abs());
    let is_zero = text.bytes().all(|b| b == b'0' || b == b'.');
    let negative = value.is_sign_negative() && !is_zero;
    format!("{}{text}", sign(negative, style))
}

fn sign(negative: bool, style: Style) -> &'static str {
    match (negative, style) {
        (false, _) => "",
        (true, Style::Prose) => "\u{2212}",
        (true, Style::Latex) => "-",
    }
}

/// Decimals that leave `figures` significant digits, decided after rounding (9.996 at 3 sf
/// is 10.0, not 9.996).
fn decimals_for_significant(value: f64, figures: usize) -> usize {
    let figures = figures.max(1);
    if value == 0.0 {
        return figures - 1;
    }
    let scientific = format!("{:.*e}", figures - 1, value.abs());
    let exponent: i64 = scientific
        .split_once('e')
        .and_then(|(_, exponent)| exponent.parse().ok())
        .unwrap_or(0);
    (figures as i64 - 1 - exponent).max(0) as usize
}

/// Counts print as integers.
pub fn format_count(count: usize) -> String {
    count.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn fixed_decimals_round_half_away_as_printed() {
        assert_eq!(
            format_number(0.18696, Precision::Decimals(3), Style::Prose),
            "0.187"
        );
        assert_eq!(
            format_number(2.0, Precision::Decimals(3), Style::Prose),
            "2.000"
        );
    }

    #[test]
    fn inputs_print_as_written_integers_without_decimals() {
        let written = |value| format_number(value, Precision::AsWritten, Style::Prose);
        assert_eq!(written(1.0), "1");
        assert_eq!(written(0.0), "0");
        assert_eq!(written(-2.0), "\u{2212}2");
        assert_eq!(written(0.25), "0.25");
        assert_eq!(written(0.1), "0.1");
        assert_eq!(written(0.00001), "0.00001");
        assert_eq!(written(1234567.5), "1234567.5");
        assert_eq!(format_number(-0.0, Precision::AsWritten, Style::Latex), "0");
    }

    #[test]
    fn negative_zero_prints_without_a_sign() {
        assert_eq!(
            format_number(-0.0001, Precision::Decimals(3), Style::Prose),
            "0.000"
        );
        assert_eq!(
            format_number(-0.0, Precision::Decimals(2), Style::Latex),
            "0.00"
        );
    }

    #[test]
    fn prose_uses_a_true_minus_and_latex_a_hyphen() {
        assert_eq!(
            format_number(-1.5, Precision::Decimals(1), Style::Prose),
            "\u{2212}1.5"
        );
        assert_eq!(
            format_number(-1.5, Precision::Decimals(1), Style::Latex),
            "-1.5"
        );
    }

    #[test]
    fn significant_figures_choose_their_decimals() {
        let sf = |value| format_number(value, Precision::Significant(4), Style::Prose);
        assert_eq!(sf(16.918), "16.92");
        assert_eq!(sf(69.646), "69.65");
        assert_eq!(sf(0.045079), "0.04508");
        assert_eq!(sf(123456.0), "123456");
        assert_eq!(sf(0.0), "0.000");
    }

    #[test]
    fn significant_figures_are_counted_after_rounding() {
        assert_eq!(
            format_number(9.996, Precision::Significant(3), Style::Prose),
            "10.0"
        );
    }

    #[test]
    fn infinities_have_words_in_both_styles() {
        assert_eq!(
            format_number(f64::NEG_INFINITY, Precision::Decimals(3), Style::Latex),
            r"-\infty"
        );
        assert_eq!(
            format_number(f64::INFINITY, Precision::Decimals(3), Style::Prose),
            "∞"
        );
    }

    #[test]
    fn a_value_at_the_edge_of_rounding_parses_back_within_half_a_unit() {
        // Found by the property below: 7 decimals of a number near 5·10⁵ sit at the edge of
        // what an f64 can tell apart.
        let value = -514_554.275_113_65;
        let text = format_number(value, Precision::Decimals(7), Style::Latex);
        let back: f64 = text.parse().unwrap();
        assert!((back - value).abs() <= 0.5e-7 + 4.0 * f64::EPSILON * value.abs());
    }

    proptest! {
        #[test]
        fn printed_numbers_parse_back_within_half_a_unit_of_the_last_place(
            value in -1.0e6f64..1.0e6, decimals in 0usize..8
        ) {
            let text = format_number(value, Precision::Decimals(decimals), Style::Latex);
            let back: f64 = text.parse().unwrap();
            // Half a unit of the last printed place, plus the few units in the last place of
            // the f64 itself that decimal rounding can land on either side of.
            let slack = 4.0 * f64::EPSILON * value.abs().max(1.0);
            prop_assert!((back - value).abs() <= 0.5 * 10f64.powi(-(decimals as i32)) + slack);
        }

        #[test]
        fn significant_figures_keep_the_relative_error_small(
            value in prop_oneof![-1.0e6f64..-1.0e-6, 1.0e-6f64..1.0e6], figures in 1usize..10
        ) {
            let text = format_number(value, Precision::Significant(figures), Style::Latex);
            let back: f64 = text.parse().unwrap();
            prop_assert!(((back - value) / value).abs() <= 0.5 * 10f64.powi(1 - figures as i32));
        }
    }
}
