//! Numbers as Python writes them: the shortest text that reads back as the same `f64`, laid out
//! as Python's `repr(float)` lays it out (`0.1`, `2.0`, `1e-05`, `1.5e+16`).
//!
//! `static/js/compute-numpy.js` has the twin (`pythonNumber`) that writes the reader's inputs
//! into the snippet; both start from the shortest round-trip digits (Rust's `{:e}`, JavaScript's
//! `toExponential()`), so the two agree digit for digit.

/// `x` as Python's `repr` writes a float. Inputs are finite; −∞ (a mask, only ever in a step)
/// is written `-np.inf`.
pub fn python_number(x: f64) -> String {
    if x.is_infinite() {
        return if x < 0.0 { "-np.inf" } else { "np.inf" }.to_string();
    }
    if x == 0.0 {
        return if x.is_sign_negative() { "-0.0" } else { "0.0" }.to_string();
    }
    // `{:e}` writes the shortest digits that round-trip, as `-1.2345e-5` or `2e0`.
    let scientific = format!("{:e}", x.abs());
    let (mantissa, exponent) = scientific
        .split_once('e')
        .expect("`{:e}` always writes an exponent");
    let exponent: i32 = exponent.parse().expect("the exponent is an integer");
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    let sign = if x < 0.0 { "-" } else { "" };
    format!("{sign}{}", layout(&digits, exponent))
}

/// Python's layout of the digits `d₁d₂…` of `d₁.d₂… × 10^exponent`: positional from 10⁻⁴ up to
/// below 10¹⁶, always with a point; otherwise `d₁.d₂…e±XX` with at least two exponent digits.
fn layout(digits: &str, exponent: i32) -> String {
    if (-4..16).contains(&exponent) {
        let point = exponent + 1; // digits before the point
        if point <= 0 {
            format!("0.{}{digits}", "0".repeat((-point) as usize))
        } else if point as usize >= digits.len() {
            format!("{digits}{}.0", "0".repeat(point as usize - digits.len()))
        } else {
            let (whole, fraction) = digits.split_at(point as usize);
            format!("{whole}.{fraction}")
        }
    } else {
        let (first, rest) = digits.split_at(1);
        let mantissa = if rest.is_empty() {
            first.to_string()
        } else {
            format!("{first}.{rest}")
        };
        let sign = if exponent < 0 { '-' } else { '+' };
        format!("{mantissa}e{sign}{:02}", exponent.abs())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_print_as_python_repr_prints_them() {
        for (x, python) in [
            (0.1, "0.1"),
            (2.0, "2.0"),
            (-3.5, "-3.5"),
            (0.0001, "0.0001"),
            (0.00001, "1e-05"),
            (1.25e-7, "1.25e-07"),
            (1e15, "1000000000000000.0"),
            (1e16, "1e+16"),
            (1.5e300, "1.5e+300"),
            (123.456, "123.456"),
            (1.0 / 3.0, "0.3333333333333333"),
            (-0.0, "-0.0"),
            (5e-324, "5e-324"),
            (f64::MAX, "1.7976931348623157e+308"),
            (f64::NEG_INFINITY, "-np.inf"),
        ] {
            assert_eq!(python_number(x), python, "{x:e}");
        }
    }

    #[test]
    fn every_printed_number_reads_back_as_the_same_bits() {
        let mut state = 0x1234_5678_u64;
        for _ in 0..2000 {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let x = f64::from_bits(state >> 2);
            if x.is_finite() {
                let text = python_number(x);
                assert_eq!(
                    text.parse::<f64>().unwrap().to_bits(),
                    x.to_bits(),
                    "{text}"
                );
            }
        }
    }
}
