//! Functions applied entry by entry to one value.
//!
//! Stage: evaluation of a call. Must not: look at more than one entry at a time.

use super::{Args, Context, LangError, Value};
use crate::compute::lang::value::{format_number, map_value};

/// `x` rounded to the nearest whole number, halves to the even one (as NumPy: round(2.5) = 2,
/// round(3.5) = 4), spelled out so the JavaScript twin rounds the same way.
fn round_half_even(x: f64) -> f64 {
    let below = x.floor();
    let fraction = x - below;
    if fraction < 0.5 {
        below
    } else if fraction > 0.5 || below % 2.0 != 0.0 {
        below + 1.0
    } else {
        below
    }
}

/// One entry of the elementwise function `name` (any name but the others listed here is GELU).
/// The reference filters `exp`, `ln` and `sqrt` call it too, so a filter and a step agree.
pub(crate) fn apply_elementwise(name: &str, x: f64) -> f64 {
    match name {
        "exp" => x.exp(),
        "log" => x.ln(),
        "sqrt" => x.sqrt(),
        "abs" => x.abs(),
        "sin" => x.sin(),
        "cos" => x.cos(),
        "tanh" => x.tanh(),
        "sigmoid" => 1.0 / (1.0 + (-x).exp()),
        "relu" => {
            if x > 0.0 {
                x
            } else {
                0.0
            }
        }
        "acos" => x.acos(),
        "asin" => x.asin(),
        "atan" => x.atan(),
        "sign" => {
            if x > 0.0 {
                1.0
            } else if x < 0.0 {
                -1.0
            } else {
                0.0
            }
        }
        "floor" => x.floor(),
        "ceil" => x.ceil(),
        "round" => round_half_even(x),
        // The tanh approximation of GELU (Hendrycks & Gimpel), as GPT-2 and BERT use it:
        // ½x(1 + tanh(√(2/π)(x + 0.044715x³))).
        _ => {
            let inner = (2.0 / std::f64::consts::PI).sqrt() * (x + 0.044715 * x * x * x);
            0.5 * x * (1.0 + inner.tanh())
        }
    }
}

/// `exp`, `log`, `sqrt`, `abs`, `sin`, `cos`, `tanh`, `sigmoid`, `relu`, `gelu`: entry by entry.
pub(super) fn elementwise(
    context: &mut Context,
    args: &Args,
    name: &str,
) -> Result<Value, LangError> {
    let x = args.positional[0].value.as_ref();
    context.charge(x.len(), &args.span)?;
    let result = map_value(x, |entry| apply_elementwise(name, entry));
    let entries = x.entries();
    context.ensure_finite(
        &result,
        &args.span,
        |_| false,
        |flat| {
            let entry = entries[flat];
            match name {
                "log" if entry == 0.0 => "log of 0".to_string(),
                "log" | "sqrt" if entry < 0.0 => {
                    format!("{name} of a negative number ({})", format_number(entry))
                }
                "acos" | "asin" => {
                    format!("{name} of {}, outside -1 to 1", format_number(entry))
                }
                _ => format!("{name}({}) overflows", format_number(entry)),
            }
        },
    )?;
    Ok(result)
}
