//! Printing one number: the book's one number rule (README, "How numbers print"). Whole
//! numbers as integers, thousands grouped, very large and very small magnitudes in scientific
//! notation, a true minus sign in prose. `static/js/worked-format.js` is its twin, held to it by
//! the differential test `tests/cli/format_differential.rs`.

/// How many digits to print.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Precision {
    /// Exactly this many decimal places (`3` → `0.187`, and `1.000` for one): what an author's
    /// `Ndp` asks for.
    Decimals(usize),
    /// This many significant figures (`4` → `16.92`, `69.65`, `0.04508`).
    Significant(usize),
    /// As the author wrote it: the shortest decimal that reads back as the same number, so an
    /// input `1` prints `1` and `0.25` prints `0.25` (never `1.000`). For inputs and whole
    /// numbers by construction; computed values use [`Precision::Computed`].
    AsWritten,
    /// The book's precision for a computed value: a value that is exactly a whole number prints
    /// as one (`1`, `0`: a weight that *is* 1 reads differently from one that rounds to
    /// `1.000`), anything else at this many decimal places.
    Computed(usize),
}

/// Where [`format_compact`] turns scientific: from five integer digits on.
pub const COMPACT_FROM: f64 = 1e4;

impl Precision {
    /// The one precision every entry of a vector or matrix prints at, so that one matrix never
    /// mixes `4` and `4.000`: computed entries print whole only when all of them are exactly
    /// whole (a mask's ±∞ aside), else every entry at the book's decimals. Any other precision
    /// already treats every entry alike.
    pub fn shared_by(self, values: impl IntoIterator<Item = f64>) -> Precision {
        match self {
            Precision::Computed(decimals)
                if !values
                    .into_iter()
                    .all(|value| value.is_infinite() || is_exactly_whole(value)) =>
            {
                Precision::Decimals(decimals)
            }
            other => other,
        }
    }
}

/// Whether a computed value says "exactly this integer" (below 2⁵³, where f64s are not all
/// whole).
fn is_exactly_whole(value: f64) -> bool {
    value.fract() == 0.0 && value.abs() < EXACT_WHOLE_BELOW
}

/// Where the number goes: prose uses U+2212 MINUS SIGN, LaTeX uses `-` (KaTeX typesets it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Running text or HTML.
    Prose,
    /// Inside `$…$`.
    Latex,
}

/// Integer parts of this many digits or more are grouped in threes (`4,096`, `12,345`): the
/// way prose writes counts from a thousand, so a computed `1,024` reads as the typed one beside it.
const GROUP_FROM_DIGITS: usize = 4;
/// Decimal exponents (of the number as rounded) that print in positional notation: from 1e9 on
/// a number prints in scientific notation (`8.610 × 10¹²`), and so, with significant figures or
/// as written, does a nonzero magnitude under 1e-4 (`1.125 × 10⁻⁷`); fixed decimals keep their
/// places below (`0.000` says "rounds to zero").
const POSITIONAL_EXPONENTS: std::ops::Range<i64> = -4..9;
/// Past 2⁵³ an f64 is a whole number whatever was computed, so "exactly whole" says nothing.
const EXACT_WHOLE_BELOW: f64 = 9_007_199_254_740_992.0;

/// Formats `value` by the number rule; `-0.000` prints as `0.000`, and ±∞ as `∞`/`\infty`.
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
    let abs = value.abs();
    let digits = match precision {
        Precision::Computed(_) if is_exactly_whole(abs) => shortest(abs),
        Precision::Computed(decimals) | Precision::Decimals(decimals) => {
            let fixed = format!("{abs:.decimals$}");
            let integer_digits = fixed.split('.').next().map_or(0, str::len) as i64;
            if integer_digits > POSITIONAL_EXPONENTS.end {
                // At least four significant figures, whatever few places were asked for.
                let mantissa_decimals = decimals.max(3);
                Digits::Scientific(format!("{abs:.mantissa_decimals$e}"))
            } else {
                Digits::Fixed(fixed)
            }
        }
        Precision::Significant(figures) => {
            let figures = figures.max(1);
            let scientific = format!("{abs:.*e}", figures - 1);
            let exponent = exponent_of(&scientific);
            if abs != 0.0 && !POSITIONAL_EXPONENTS.contains(&exponent) {
                Digits::Scientific(scientific)
            } else {
                let decimals = (figures as i64 - 1 - exponent).max(0) as usize;
                Digits::Fixed(format!("{abs:.decimals$}"))
            }
        }
        Precision::AsWritten => shortest(abs),
    };
    let negative = value.is_sign_negative() && !digits.is_zero();
    format!("{}{}", sign(negative, style), digits.render(style))
}

/// A computed number where room is short (a contour's legend), in prose: at the book's
/// `decimals` below [`COMPACT_FROM`], and from there three significant figures in scientific
/// notation (`9.57 × 10⁵`), so a loss in the millions never prints as a long run of digits.
pub fn format_compact(value: f64, decimals: usize) -> String {
    let abs = value.abs();
    if abs.is_nan() || abs < COMPACT_FROM || abs.is_infinite() {
        return format_number(value, Precision::Computed(decimals), Style::Prose);
    }
    let digits = Digits::Scientific(format!("{abs:.2e}"));
    format!(
        "{}{}",
        sign(value < 0.0, Style::Prose),
        digits.render(Style::Prose)
    )
}

/// The digits of a magnitude, before sign and style.
enum Digits {
    /// `1234.5`, grouped when printed.
    Fixed(String),
    /// Rust's exponent form, `1.125e-7`.
    Scientific(String),
}

impl Digits {
    fn is_zero(&self) -> bool {
        let mantissa = match self {
            Digits::Fixed(text) => text.as_str(),
            Digits::Scientific(text) => text.split('e').next().unwrap_or(""),
        };
        mantissa.bytes().all(|b| b == b'0' || b == b'.')
    }

    fn render(&self, style: Style) -> String {
        match self {
            Digits::Fixed(text) => grouped(text, style),
            Digits::Scientific(text) => {
                let (mantissa, exponent) = text.split_once('e').unwrap_or((text, "0"));
                match style {
                    Style::Prose => format!("{mantissa}\u{a0}×\u{a0}10{}", superscript(exponent)),
                    Style::Latex => format!(r"{mantissa} \times 10^{{{exponent}}}"),
                }
            }
        }
    }
}

/// The shortest digits that read back as `abs`, in scientific notation past the thresholds.
fn shortest(abs: f64) -> Digits {
    let scientific = format!("{abs:e}");
    let exponent = exponent_of(&scientific);
    if abs != 0.0 && !POSITIONAL_EXPONENTS.contains(&exponent) {
        Digits::Scientific(scientific)
    } else {
        // Rust prints an f64 as the shortest decimal that parses back to it, never with an
        // exponent.
        Digits::Fixed(format!("{abs}"))
    }
}

fn exponent_of(scientific: &str) -> i64 {
    scientific
        .split_once('e')
        .and_then(|(_, exponent)| exponent.parse().ok())
        .unwrap_or(0)
}

/// `12345.678` as `12,345.678` (`12{,}345.678` in LaTeX, where a bare comma is punctuation).
fn grouped(fixed: &str, style: Style) -> String {
    let (integer, fraction) = match fixed.split_once('.') {
        Some((integer, fraction)) => (integer, Some(fraction)),
        None => (fixed, None),
    };
    if integer.len() < GROUP_FROM_DIGITS {
        return fixed.to_string();
    }
    let separator = match style {
        Style::Prose => ",",
        Style::Latex => "{,}",
    };
    let mut out = String::new();
    for (i, digit) in integer.chars().enumerate() {
        if i > 0 && (integer.len() - i) % 3 == 0 {
            out.push_str(separator);
        }
        out.push(digit);
    }
    if let Some(fraction) = fraction {
        out.push('.');
        out.push_str(fraction);
    }
    out
}

/// `-7` as `⁻⁷`: an exponent in running text.
pub(crate) fn superscript(digits: &str) -> String {
    digits
        .chars()
        .map(|c| match c {
            '-' => '⁻',
            '0' => '⁰',
            '1' => '¹',
            '2' => '²',
            '3' => '³',
            '4' => '⁴',
            '5' => '⁵',
            '6' => '⁶',
            '7' => '⁷',
            '8' => '⁸',
            '9' => '⁹',
            other => other,
        })
        .collect()
}

fn sign(negative: bool, style: Style) -> &'static str {
    match (negative, style) {
        (false, _) => "",
        (true, Style::Prose) => "\u{2212}",
        (true, Style::Latex) => "-",
    }
}

/// Counts print as integers, grouped from 1,000 (`1,024`, `1,048,576`).
pub fn format_count(count: usize) -> String {
    format_number(count as f64, Precision::AsWritten, Style::Prose)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_compact_number_is_scientific_from_ten_thousand() {
        assert_eq!(format_compact(5.0184, 3), "5.018");
        assert_eq!(format_compact(9_999.4, 1), "9,999.4");
        assert_eq!(format_compact(956_933.474, 3), "9.57\u{a0}×\u{a0}10⁵");
        assert_eq!(format_compact(-6_942_155.366, 3), "−6.94\u{a0}×\u{a0}10⁶");
        assert_eq!(format_compact(f64::INFINITY, 3), "∞");
    }

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
        assert_eq!(written(0.0001), "0.0001");
        assert_eq!(written(1234567.5), "1,234,567.5");
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
        assert_eq!(sf(123456.0), "123,456");
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
    fn computed_values_that_are_exactly_whole_print_as_integers() {
        let computed = |value| format_number(value, Precision::Computed(3), Style::Prose);
        assert_eq!(computed(1.0), "1");
        assert_eq!(computed(-0.0), "0");
        assert_eq!(computed(6.0), "6");
        assert_eq!(computed(0.99996), "1.000");
        assert_eq!(computed(0.00004), "0.000");
        assert_eq!(computed(-2.5), "\u{2212}2.500");
        // An explicit number of decimals is the author's choice.
        assert_eq!(
            format_number(1.0, Precision::Decimals(3), Style::Prose),
            "1.000"
        );
    }

    #[test]
    fn a_computed_array_prints_whole_only_when_every_entry_is_whole() {
        let shared = |values: &[f64]| Precision::Computed(3).shared_by(values.iter().copied());
        assert_eq!(shared(&[4.0, 0.0, -2.0]), Precision::Computed(3));
        assert_eq!(
            shared(&[4.0, f64::NEG_INFINITY, 1.0]),
            Precision::Computed(3)
        );
        assert_eq!(shared(&[4.0, 0.5]), Precision::Decimals(3));
        assert_eq!(shared(&[4.0, 1e300]), Precision::Decimals(3));
        assert_eq!(shared(&[]), Precision::Computed(3));
        let printed: Vec<String> = [4.0, 0.5]
            .iter()
            .map(|value| format_number(*value, shared(&[4.0, 0.5]), Style::Prose))
            .collect();
        assert_eq!(printed, ["4.000", "0.500"]);
        // Inputs print as written and explicit places are the author's: both stay as asked.
        assert_eq!(
            Precision::AsWritten.shared_by([4.0, 0.5]),
            Precision::AsWritten
        );
        assert_eq!(
            Precision::Decimals(2).shared_by([4.0]),
            Precision::Decimals(2)
        );
    }

    #[test]
    fn large_integer_parts_are_grouped_in_threes() {
        let written = |value, style| format_number(value, Precision::AsWritten, style);
        assert_eq!(written(1_048_576.0, Style::Prose), "1,048,576");
        assert_eq!(written(1_048_576.0, Style::Latex), "1{,}048{,}576");
        assert_eq!(written(4096.0, Style::Prose), "4,096");
        assert_eq!(written(999.0, Style::Prose), "999");
        assert_eq!(written(-1000.5, Style::Prose), "\u{2212}1,000.5");
        assert_eq!(format_count(1024), "1,024");
        assert_eq!(written(-12_345.5, Style::Prose), "\u{2212}12,345.5");
        assert_eq!(
            format_number(123_456.789, Precision::Decimals(2), Style::Prose),
            "123,456.79"
        );
        assert_eq!(format_count(1_048_576), "1,048,576");
    }

    #[test]
    fn magnitudes_past_the_thresholds_print_in_scientific_notation() {
        let prose = |value, precision| format_number(value, precision, Style::Prose);
        assert_eq!(
            prose(8_610_286_968_332.432, Precision::Decimals(3)),
            "8.610\u{a0}×\u{a0}10¹²"
        );
        assert_eq!(
            prose(999_999_999.999_6, Precision::Decimals(3)),
            "1.000\u{a0}×\u{a0}10⁹"
        );
        assert_eq!(prose(999_999_999.0, Precision::Decimals(0)), "999,999,999");
        assert_eq!(
            prose(1_234_567_891.0, Precision::Decimals(0)),
            "1.235\u{a0}×\u{a0}10⁹"
        );
        assert_eq!(
            prose(1.125e-7, Precision::AsWritten),
            "1.125\u{a0}×\u{a0}10⁻⁷"
        );
        assert_eq!(
            prose(-1.125e-7, Precision::Significant(2)),
            "\u{2212}1.1\u{a0}×\u{a0}10⁻⁷"
        );
        assert_eq!(prose(0.0001, Precision::AsWritten), "0.0001");
        // Past 2⁵³ every f64 is whole, so being whole says nothing.
        assert_eq!(
            prose(1e300, Precision::Computed(3)),
            "1.000\u{a0}×\u{a0}10³⁰⁰"
        );
        assert_eq!(prose(1e300, Precision::AsWritten), "1\u{a0}×\u{a0}10³⁰⁰");
        assert_eq!(
            prose(1.75e11, Precision::AsWritten),
            "1.75\u{a0}×\u{a0}10¹¹"
        );
        // Fixed decimals keep their places for small values: 0.000 reads "rounds to zero".
        assert_eq!(prose(1.125e-7, Precision::Decimals(3)), "0.000");
        assert_eq!(
            format_number(-1.125e-7, Precision::Significant(4), Style::Latex),
            r"-1.125 \times 10^{-7}"
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
        let back = read_back(&text);
        assert!((back - value).abs() <= 0.5e-7 + 4.0 * f64::EPSILON * value.abs());
    }

    /// A LaTeX-style printed number read back as an f64.
    fn read_back(text: &str) -> f64 {
        let plain = text.replace("{,}", "");
        match plain.split_once(r" \times 10^{") {
            Some((mantissa, exponent)) => format!("{mantissa}e{}", exponent.trim_end_matches('}'))
                .parse()
                .unwrap(),
            None => plain.parse().unwrap(),
        }
    }

    proptest! {
        #[test]
        fn printed_numbers_parse_back_within_half_a_unit_of_the_last_place(
            value in -1.0e6f64..1.0e6, decimals in 0usize..8
        ) {
            let text = format_number(value, Precision::Decimals(decimals), Style::Latex);
            let back = read_back(&text);
            // Half a unit of the last printed place, plus the few units in the last place of
            // the f64 itself that decimal rounding can land on either side of.
            let slack = 4.0 * f64::EPSILON * value.abs().max(1.0);
            prop_assert!((back - value).abs() <= 0.5 * 10f64.powi(-(decimals as i32)) + slack);
        }

        #[test]
        fn every_printed_number_reads_back_close_to_its_value(
            value in prop_oneof![-1.0e12f64..1.0e12, -1.0e-3f64..1.0e-3, (-1000i64..1000).prop_map(|n| n as f64)],
            decimals in 0usize..6,
        ) {
            for precision in [
                Precision::Decimals(decimals),
                Precision::Computed(decimals),
                Precision::Significant(decimals + 1),
                Precision::AsWritten,
            ] {
                let text = format_number(value, precision, Style::Latex);
                let back = read_back(&text);
                let slack = match precision {
                    Precision::AsWritten => 0.0,
                    Precision::Significant(figures) => 0.5 * 10f64.powi(1 - figures as i32) * value.abs(),
                    // Four significant figures at least, past 1e9.
                    _ if text.contains("times") => 5e-4 * value.abs(),
                    Precision::Decimals(places) | Precision::Computed(places) => {
                        0.5 * 10f64.powi(-(places as i32)) + 4.0 * f64::EPSILON * value.abs()
                    }
                };
                prop_assert!((back - value).abs() <= slack, "{value} printed {text}");
            }
        }

        #[test]
        fn entries_of_one_computed_array_print_all_whole_or_all_at_the_same_places(
            values in proptest::collection::vec(prop_oneof![(-50i64..50).prop_map(|n| n as f64), -50.0f64..50.0], 0..12),
            decimals in 1usize..6,
        ) {
            let precision = Precision::Computed(decimals).shared_by(values.iter().copied());
            let places: Vec<usize> = values
                .iter()
                .map(|value| {
                    let text = format_number(*value, precision, Style::Latex);
                    text.split_once('.').map_or(0, |(_, fraction)| fraction.len())
                })
                .collect();
            prop_assert!(places.iter().all(|n| *n == 0) || places.iter().all(|n| *n == decimals), "{values:?} printed with places {places:?}");
        }

        #[test]
        fn significant_figures_keep_the_relative_error_small(
            value in prop_oneof![-1.0e6f64..-1.0e-6, 1.0e-6f64..1.0e6], figures in 1usize..10
        ) {
            let text = format_number(value, Precision::Significant(figures), Style::Latex);
            let back = read_back(&text);
            prop_assert!(((back - value) / value).abs() <= 0.5 * 10f64.powi(1 - figures as i32));
        }
    }
}
