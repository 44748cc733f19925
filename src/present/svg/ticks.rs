//! Ticks: round values over a range ("nice" steps, powers of ten), labelled briefly, and as
//! many as fit along an axis.

use super::scale::{widen, Frame};
use super::text::{text_width, widest, SMALL_TEXT};

/// One labelled position on an axis.
#[derive(Debug, Clone, PartialEq)]
pub struct Tick {
    /// The data value.
    pub value: f64,
    /// What to print there.
    pub label: String,
}

/// Ticks at round numbers (1, 2 or 5 times a power of ten) that cover `[low, high]`.
#[derive(Debug, Clone, PartialEq)]
pub struct NiceTicks {
    /// The tick values, ascending; the first is ≤ `low` and the last ≥ `high`.
    pub values: Vec<f64>,
    /// Decimals that print every tick exactly (0 for a step of 1 or more).
    pub decimals: usize,
}

impl NiceTicks {
    /// From the first tick to the last: the domain to give a scale so the ticks fill the axis.
    pub fn domain(&self) -> (f64, f64) {
        (self.values[0], self.values[self.values.len() - 1])
    }
}

/// About `count` round ticks covering `[low, high]`; equal ends are widened first, and
/// non-finite ends give the ticks of [0, 1].
pub fn nice_ticks(low: f64, high: f64, count: usize) -> NiceTicks {
    let (low, high) = if low.is_finite() && high.is_finite() {
        widen((low.min(high), low.max(high)))
    } else {
        (0.0, 1.0)
    };
    let raw = (high - low) / count.max(2).saturating_sub(1) as f64;
    let magnitude = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|factor| factor * magnitude)
        .find(|step| *step >= raw)
        .unwrap_or(10.0 * magnitude);
    let decimals = (-step.log10().floor()).max(0.0) as usize;
    let first = (low / step).floor();
    let last = (high / step).ceil();
    let round = 10f64.powi(decimals as i32);
    let values = (0..=(last - first) as usize)
        .map(|i| (((first + i as f64) * step) * round).round() / round + 0.0)
        .collect();
    NiceTicks { values, decimals }
}

/// Whole powers of ten for a log axis over `[low, high]` (both > 0): the domain, from the
/// decade at or below `low` to the one at or above `high`, and at most about six ticks in it,
/// labelled `0.01`, `1`, `100` when every label is short, otherwise `10⁻⁵`, `10⁰`, `10⁵`.
pub fn decade_ticks(low: f64, high: f64) -> (Vec<Tick>, (f64, f64)) {
    let low = low.max(f64::MIN_POSITIVE).log10().floor() as i32;
    let high = (high.max(f64::MIN_POSITIVE).log10().ceil() as i32).max(low + 1);
    let stride = ((high - low) as usize).div_ceil(6).max(1);
    let plain = low >= -3 && high <= 4;
    let ticks = (low..=high)
        .step_by(stride)
        .map(|exponent| Tick {
            value: power_of_ten(exponent),
            label: if plain {
                plain_power_of_ten(exponent)
            } else {
                format!("10{}", superscript(exponent))
            },
        })
        .collect();
    (ticks, (power_of_ten(low), power_of_ten(high)))
}

/// 10ⁿ as the nearest `f64`, which repeated multiplication does not always give.
fn power_of_ten(exponent: i32) -> f64 {
    format!("1e{exponent}").parse().unwrap_or(1.0)
}

/// `0.001`, `1`, `1000`: written out digit by digit, so no rounding can creep in.
fn plain_power_of_ten(exponent: i32) -> String {
    let zeros = "0".repeat(exponent.unsigned_abs() as usize);
    if exponent >= 0 {
        format!("1{zeros}")
    } else {
        format!("0.{}1", &zeros[1..])
    }
}

fn superscript(exponent: i32) -> String {
    crate::present::number::superscript(&exponent.to_string())
}

/// Ticks labelled with just enough decimals, minus signs as U+2212 like the prose. Large
/// values are written with an SI prefix (`500k`, `−1.5M`), beyond 10¹⁵ and below 10⁻³ as
/// powers of ten (`2×10⁻⁴`), so a label stays short whatever the range.
pub fn labelled(ticks: &NiceTicks) -> Vec<Tick> {
    let largest = ticks.values.iter().fold(0.0, |m: f64, v| m.max(v.abs()));
    let step = if ticks.values.len() > 1 {
        (ticks.values[1] - ticks.values[0]).abs()
    } else {
        1.0
    };
    // The power of ten that the printed digits count in, and what to write after them.
    let (exponent, suffix): (i32, Option<String>) = if (1e4..1e15).contains(&largest) {
        let exponent = ((largest.log10() + 1e-9).floor() as i32 / 3) * 3;
        let prefix = ["k", "M", "G", "T"][(exponent / 3 - 1) as usize];
        (exponent, Some(prefix.to_string()))
    } else if largest >= 1e15 || (largest > 0.0 && largest < 1e-3) {
        let exponent = (largest.log10() + 1e-9).floor() as i32;
        (exponent, Some(format!("×10{}", superscript(exponent))))
    } else {
        (0, None)
    };
    let scale = power_of_ten(exponent);
    let decimals = if suffix.is_some() {
        (-((step / scale).log10() + 1e-9).floor()).max(0.0) as usize
    } else {
        ticks.decimals
    };
    ticks
        .values
        .iter()
        .map(|&value| {
            let digits = crate::present::format_number(
                value / scale,
                crate::present::Precision::Decimals(decimals),
                crate::present::Style::Prose,
            );
            // Zero needs no unit: "0", not "0.0M".
            let label = match &suffix {
                Some(_) if value == 0.0 => "0".to_string(),
                Some(suffix) => format!("{digits}{suffix}"),
                None => digits,
            };
            Tick { value, label }
        })
        .collect()
}

/// Round ticks over `[low, high]` for an axis `length` units long whose labels never touch:
/// as many as about `most`, fewer when the labels (side by side on a horizontal axis, one
/// line apart on a vertical one) would not fit. Returns the labelled ticks and the domain.
pub fn fitted_ticks(
    low: f64,
    high: f64,
    length: f64,
    horizontal: bool,
    most: usize,
) -> (Vec<Tick>, (f64, f64)) {
    let mut fallback = None;
    for count in (2..=most.max(2)).rev() {
        let ticks = nice_ticks(low, high, count);
        let labels = labelled(&ticks);
        let domain = ticks.domain();
        let spacing = length / (ticks.values.len().max(2) - 1) as f64;
        let needed = if horizontal {
            widest(labels.iter().map(|tick| tick.label.as_str()), SMALL_TEXT) + SMALL_TEXT * 0.6
        } else {
            SMALL_TEXT * 1.4
        };
        if spacing >= needed {
            return (labels, domain);
        }
        fallback = Some((labels, domain));
    }
    // Not even two round ticks fit side by side: keep the two ends of the last try.
    let (labels, domain) = fallback.expect("at least one count was tried");
    let ends = vec![labels[0].clone(), labels[labels.len() - 1].clone()];
    (ends, domain)
}

/// [`fitted_ticks`] for the x axis of `frame`, narrowing the frame from the right until the
/// last label, centred on its tick, ends inside a picture `picture_width` wide.
pub fn fitted_x_axis(
    low: f64,
    high: f64,
    frame: &mut Frame,
    picture_width: f64,
) -> (Vec<Tick>, (f64, f64)) {
    for _ in 0..4 {
        let (ticks, domain) = fitted_ticks(low, high, frame.width, true, 6);
        let last = ticks.last().map_or(0.0, |tick| {
            let at = frame.left + (tick.value - domain.0) / (domain.1 - domain.0) * frame.width;
            at + text_width(&tick.label, SMALL_TEXT) / 2.0
        });
        let overflow = last - (picture_width - 2.0);
        if overflow <= 0.0 {
            return (ticks, domain);
        }
        frame.width -= overflow;
    }
    fitted_ticks(low, high, frame.width, true, 6)
}
