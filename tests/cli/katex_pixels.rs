//! The pixel half of the KaTeX fidelity test: formulas whose HTML from katex-rs differs from
//! KaTeX 0.18.5's are drawn both ways in headless Chromium, with the self-hosted KaTeX CSS and
//! fonts at 16 px, and their screenshots compared. Identical pixels are required, except for
//! formulas reviewed as differing by a sub-pixel delimiter size (`subpixel` in
//! `tests/katex-known-differences.txt`), which may differ in at most a thin sliver of pixels.

use crate::browser::launch;
use crate::browser::metrics;
use crate::browser::navigate;
use headless_chrome::protocol::cdp::Page;
use headless_chrome::Tab;
use std::path::Path;

/// One formula drawn two ways.
pub struct Pair<'a> {
    /// The TeX, for messages.
    pub tex: &'a str,
    /// Display or inline.
    pub display: bool,
    /// katex-rs's HTML.
    pub rust: &'a str,
    /// KaTeX 0.18.5's HTML.
    pub katex: &'a str,
    /// Reviewed as differing by a sub-pixel delimiter size.
    pub subpixel: bool,
}

/// Most pixels a `subpixel` pair may differ in, as a share of the formula's area.
const SUBPIXEL_SHARE: f64 = 0.02;

/// Pairs drawn on one page and photographed together; small enough that a page of the tallest
/// formulas stays within what one screenshot can hold.
const PAIRS_PER_PAGE: usize = 40;

/// Where the KaTeX copy of each pair starts: both drawings of a pair sit in shrink-to-fit boxes
/// at the same whole-pixel offsets, so any pixel difference is the markup's. No formula of the
/// corpus or the book comes near this width; a wider one fails the test rather than overlap.
const KATEX_COLUMN: usize = 2048;

/// Panics naming every pair whose two drawings differ more than allowed.
pub fn differences_look_the_same(pairs: Vec<Pair<'_>>) {
    if pairs.is_empty() {
        return;
    }
    let Some(chromium) = launch(
        "the_native_typesetter_matches_katex_0_18_5",
        "Pixel equality of the formulas whose HTML differs from KaTeX 0.18.5",
    ) else {
        return;
    };
    let css = Path::new(env!("CARGO_MANIFEST_DIR")).join("static/katex/katex.min.css");
    let page = tempfile::Builder::new()
        .suffix(".html")
        .tempfile()
        .expect("a temporary page");
    std::fs::write(
        page.path(),
        format!(
            "<!doctype html><meta charset=utf-8><link rel=stylesheet href=\"file://{}\">\
             <style>body{{margin:0;font:16px serif;background:#fff;color:#000}}\
             .box{{position:absolute;left:0;padding:4px;display:inline-block}}\
             .box.katex-copy{{left:{}px}}</style><div id=f></div>",
            css.display(),
            KATEX_COLUMN
        ),
    )
    .expect("write the comparison page");
    let tab = chromium.tab();
    navigate(&tab, &format!("file://{}", page.path().display()));
    let mut failures = Vec::new();
    for chunk in pairs.chunks(PAIRS_PER_PAGE) {
        let (rows, picture) = draw_page(&tab, chunk);
        for (pair, &(top, width, height)) in chunk.iter().zip(&rows) {
            assert!(width < KATEX_COLUMN, "{:?} is {width} px wide", pair.tex);
            let region = |x| Region {
                picture: &picture,
                left: x,
                top,
            };
            let mut differing = differing_pixels(region(0), region(KATEX_COLUMN), width, height);
            if differing > 0 {
                // Chromium can rasterise the same markup a pixel differently at another place
                // on a large page; the verdict is the two drawn alone at the same spot.
                let (rust, katex) = (
                    draw_alone(&tab, pair.rust, height),
                    draw_alone(&tab, pair.katex, height),
                );
                let at_origin = |picture| Region {
                    picture,
                    left: 0,
                    top: 0,
                };
                differing = differing_pixels(at_origin(&rust), at_origin(&katex), width, height);
            }
            let area = width * height;
            let allowed = if pair.subpixel {
                (area as f64 * SUBPIXEL_SHARE) as usize
            } else {
                0
            };
            if differing > allowed {
                failures.push(format!(
                    "{} {:?}: {differing} of {area} pixels differ",
                    if pair.display { "display" } else { "inline" },
                    pair.tex,
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} formulas whose HTML differs from KaTeX 0.18.5 also look different:\n{}",
        failures.len(),
        pairs.len(),
        failures.join("\n")
    );
}

/// A screenshot, decoded.
struct Picture {
    width: usize,
    channels: usize,
    pixels: Vec<u8>,
}

/// Draws each pair as two boxes side by side (test-only markup from the two typesetters),
/// stacked at whole-pixel offsets once the fonts have loaded, and photographs the page. Returns
/// each pair's (top, width, height) in pixels, the larger of its two boxes, and the picture.
fn draw_page(tab: &Tab, pairs: &[Pair<'_>]) -> (Vec<(usize, usize, usize)>, Picture) {
    let boxes: String = pairs
        .iter()
        .enumerate()
        .map(|(i, pair)| {
            format!(
                "<div class=box id=r{i}>{}</div><div class=\"box katex-copy\" id=k{i}>{}</div>",
                pair.rust, pair.katex
            )
        })
        .collect();
    let script = format!(
        "(async () => {{ document.getElementById('f').innerHTML = {}; \
         await document.fonts.ready; let y = 0; const rows = []; \
         for (let i = 0; i < {}; i++) {{ \
           const r = document.getElementById('r' + i), k = document.getElementById('k' + i); \
           r.style.top = k.style.top = y + 'px'; \
           const a = r.getBoundingClientRect(), b = k.getBoundingClientRect(); \
           const h = Math.ceil(Math.max(a.height, b.height)); \
           rows.push([y, Math.ceil(Math.max(a.width, b.width)), h]); y += h + 8; }} \
         return JSON.stringify([rows, y]); }})()",
        serde_json::to_string(&boxes).expect("json string"),
        pairs.len()
    );
    let value = tab
        .evaluate(&script, true)
        .expect("draw the formulas")
        .value
        .expect("the layout");
    let (rows, total): (Vec<(usize, usize, usize)>, usize) =
        serde_json::from_str(value.as_str().expect("json")).expect("layout");
    (rows, screenshot(tab, 2 * KATEX_COLUMN, total.max(1)))
}

/// The page's top left `width` × `height` pixels, decoded.
fn screenshot(tab: &Tab, width: usize, height: usize) -> Picture {
    metrics(tab, width as u32, height as u32);
    let png = tab
        .capture_screenshot(
            Page::CaptureScreenshotFormatOption::Png,
            None,
            Some(Page::Viewport {
                x: 0.0,
                y: 0.0,
                width: width as f64,
                height: height as f64,
                scale: 1.0,
            }),
            true,
        )
        .expect("screenshot");
    let decoder = png::Decoder::new(std::io::Cursor::new(png));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut pixels = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut pixels).expect("a frame");
    pixels.truncate(info.buffer_size());
    assert!(
        info.width as usize >= width && info.height as usize >= height,
        "the screenshot ({}×{}) holds the page ({width}×{height})",
        info.width,
        info.height
    );
    let channels = info.buffer_size() / (info.width as usize * info.height as usize);
    Picture {
        width: info.width as usize,
        channels,
        pixels,
    }
}

/// Where one drawing of a pair is in a picture.
#[derive(Clone, Copy)]
struct Region<'a> {
    picture: &'a Picture,
    left: usize,
    top: usize,
}

impl Region<'_> {
    /// The colour at (x, y) from the region's corner; white outside the picture.
    fn rgb(&self, x: usize, y: usize) -> [u8; 3] {
        let (x, y) = (self.left + x, self.top + y);
        let picture = self.picture;
        if x >= picture.width || (y + 1) * picture.width * picture.channels > picture.pixels.len() {
            return [255; 3];
        }
        let at = (y * picture.width + x) * picture.channels;
        [
            picture.pixels[at],
            picture.pixels[at + 1],
            picture.pixels[at + 2],
        ]
    }
}

/// Pixels of a `width` × `height` area that differ between two regions.
fn differing_pixels(a: Region<'_>, b: Region<'_>, width: usize, height: usize) -> usize {
    (0..height)
        .flat_map(|y| (0..width).map(move |x| (x, y)))
        .filter(|&(x, y)| a.rgb(x, y) != b.rgb(x, y))
        .count()
}

/// One drawing alone at the page's top left corner, photographed `height` pixels down.
fn draw_alone(tab: &Tab, html: &str, height: usize) -> Picture {
    let script = format!(
        "(async () => {{ document.getElementById('f').innerHTML = \
         '<div class=box style=top:0>' + {} + '</div>'; await document.fonts.ready; \
         return 1; }})()",
        serde_json::to_string(html).expect("json string")
    );
    tab.evaluate(&script, true).expect("draw the formula");
    screenshot(tab, KATEX_COLUMN, height + 16)
}
