//! The contrast of the numbers printed on heatmap cells, checked from the stylesheets.
//!
//! axe-core does not check text inside SVG, so this does: a cell is the page background with
//! its sign's hue on top at an opacity from 0 to 1 (figures.css; the widgets' heatmaps in
//! widget.css mix the same colours), and its number is in the page's text colour. For every
//! opacity, in the light scheme, the dark scheme and print, that text must meet WCAG's 4.5:1.
//! The colours are read from `static/*.css`, so a change there that breaks contrast fails here.

use proptest::prelude::*;

const STYLE: &str = include_str!("../../static/style.css");
const FIGURES: &str = include_str!("../../static/figures.css");
const WIDGET: &str = include_str!("../../static/widget.css");

type Rgb = [f64; 3];

/// `#rrggbb` or `#rgb` as channels from 0 to 255.
fn hex(colour: &str) -> Rgb {
    let digits = colour.strip_prefix('#').expect("a # colour");
    let long: String = match digits.len() {
        3 => digits.chars().flat_map(|c| [c, c]).collect(),
        6 => digits.to_string(),
        _ => panic!("{colour} is not #rgb or #rrggbb"),
    };
    let channel = |at: usize| f64::from(u8::from_str_radix(&long[at..at + 2], 16).expect("hex"));
    [channel(0), channel(2), channel(4)]
}

/// WCAG 2 relative luminance.
fn luminance(colour: Rgb) -> f64 {
    let linear = |c: f64| {
        let c = c / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * linear(colour[0]) + 0.7152 * linear(colour[1]) + 0.0722 * linear(colour[2])
}

fn contrast(a: Rgb, b: Rgb) -> f64 {
    let (a, b) = (luminance(a), luminance(b));
    (a.max(b) + 0.05) / (a.min(b) + 0.05)
}

/// `top` at `opacity` over `under`, mixed per channel as browsers composite (and as
/// `color-mix(in srgb, …)` mixes).
fn over(top: Rgb, under: Rgb, opacity: f64) -> Rgb {
    [0, 1, 2].map(|i| opacity * top[i] + (1.0 - opacity) * under[i])
}

/// The `nth` (0 = light scheme, 1 = dark) value of custom property `name` in `css`.
fn property(css: &str, name: &str, nth: usize) -> String {
    let marker = format!("{name}:");
    let found = css
        .match_indices(&marker)
        .nth(nth)
        .unwrap_or_else(|| panic!("{name} is set {} times or fewer", nth + 1));
    let rest = &css[found.0 + marker.len()..];
    rest[..rest.find(';').expect("a declaration ends")]
        .split_whitespace()
        .next()
        .unwrap()
        .to_string()
}

/// The print block's value of `name` in style.css.
fn print_property(name: &str) -> String {
    let print = &STYLE[STYLE.find("@media print").expect("a print block")..];
    property(print, name, 0)
}

/// One way of showing a heatmap: background, text, and the two hues.
struct Scheme {
    name: &'static str,
    background: Rgb,
    text: Rgb,
    hues: [Rgb; 2],
}

fn schemes() -> Vec<Scheme> {
    let hues = |css: &str, positive: &str, negative: &str, nth: usize| {
        [
            hex(&property(css, positive, nth)),
            hex(&property(css, negative, nth)),
        ]
    };
    let figure = |nth| hues(FIGURES, "--wf-heat-positive", "--wf-heat-negative", nth);
    let widget = |nth| hues(WIDGET, "--ww-heat-high", "--ww-heat-negative", nth);
    let light = (
        hex(&property(STYLE, "--bg", 0)),
        hex(&property(STYLE, "--text", 0)),
    );
    let dark = (
        hex(&property(STYLE, "--bg", 1)),
        hex(&property(STYLE, "--text", 1)),
    );
    // Print has black on white and the light scheme's hues (figures.css colours the dark
    // scheme for screens only).
    let print = (hex(&print_property("--bg")), hex(&print_property("--text")));
    let scheme = |name, (background, text): (Rgb, Rgb), hues| Scheme {
        name,
        background,
        text,
        hues,
    };
    vec![
        scheme("figure, light", light, figure(0)),
        scheme("figure, dark", dark, figure(1)),
        scheme("figure, print", print, figure(0)),
        scheme("widget, light", light, widget(0)),
        scheme("widget, dark", dark, widget(1)),
        scheme("widget, print", print, widget(0)),
    ]
}

#[test]
fn the_widgets_heatmaps_take_the_figures_colours() {
    for nth in [0, 1] {
        assert_eq!(
            property(FIGURES, "--wf-heat-positive", nth),
            property(WIDGET, "--ww-heat-high", nth)
        );
        assert_eq!(
            property(FIGURES, "--wf-heat-negative", nth),
            property(WIDGET, "--ww-heat-negative", nth)
        );
    }
}

#[test]
fn a_full_strength_cell_stands_out_from_the_background() {
    for scheme in schemes() {
        for hue in scheme.hues {
            assert!(
                contrast(hue, scheme.background) >= 2.5,
                "{}: a full cell barely differs from an empty one",
                scheme.name
            );
        }
    }
}

#[test]
fn contrast_is_measured_as_wcag_measures_it() {
    assert!((contrast(hex("#000000"), hex("#ffffff")) - 21.0).abs() < 1e-9);
    assert!((contrast(hex("#777777"), hex("#ffffff")) - 4.48).abs() < 0.01);
    assert_eq!(over(hex("#ffffff"), hex("#000000"), 0.5), [127.5; 3]);
}

proptest! {
    #[test]
    fn numbers_on_heatmap_cells_meet_4_5_to_1_at_every_strength(strength in 0.0f64..=1.0) {
        for scheme in schemes() {
            for hue in scheme.hues {
                let cell = over(hue, scheme.background, strength);
                let ratio = contrast(scheme.text, cell);
                prop_assert!(
                    ratio >= 4.5,
                    "{}: text on a cell at strength {strength} has contrast {ratio:.2}",
                    scheme.name
                );
            }
        }
    }
}
