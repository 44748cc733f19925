//! The pixel half of the KaTeX fidelity test: formulas whose HTML from katex-rs differs from
//! KaTeX 0.18.5's are drawn both ways in headless Chromium, with the self-hosted KaTeX CSS and
//! fonts at 16 px, and their screenshots compared. Identical pixels are required, except for
//! formulas reviewed as differing by a sub-pixel delimiter size (`subpixel` in
//! `tests/katex-known-differences.txt`), which may differ in at most a thin sliver of pixels.

use crate::common::{launch_chromium, PATIENCE};
use headless_chrome::protocol::cdp::Page;
use headless_chrome::Tab;
use std::path::Path;
use std::time::Instant;

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

/// Panics naming every pair whose two drawings differ more than allowed.
pub fn differences_look_the_same(pairs: Vec<Pair<'_>>) {
    if pairs.is_empty() {
        return;
    }
    let Some(chromium) = launch_chromium(
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
         #f{{position:absolute;left:0;top:0;padding:4px;display:inline-block}}</style>\
         <div id=f></div>",
            css.display()
        ),
    )
    .expect("write the comparison page");
    let tab = chromium.tab();
    tab.navigate_to(&format!("file://{}", page.path().display()))
        .expect("navigate");
    tab.wait_until_navigated().expect("page loads");
    let mut failures = Vec::new();
    for pair in &pairs {
        let rust = draw(&tab, pair.rust);
        let katex = draw(&tab, pair.katex);
        let differing = differing_pixels(&rust, &katex);
        let area = rust.width.max(katex.width) * rust.height.max(katex.height);
        let allowed = if pair.subpixel {
            (area as f64 * SUBPIXEL_SHARE) as usize
        } else {
            0
        };
        if differing > allowed {
            failures.push(format!(
                "{} {:?}: {differing} of {area} pixels differ ({}×{} vs {}×{})",
                if pair.display { "display" } else { "inline" },
                pair.tex,
                rust.width,
                rust.height,
                katex.width,
                katex.height
            ));
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

/// A screenshot, decoded to RGBA.
struct Picture {
    width: usize,
    height: usize,
    rgba: Vec<u8>,
}

/// Puts `html` in the page (test-only markup from the two typesetters) and photographs it
/// once its fonts have loaded.
fn draw(tab: &Tab, html: &str) -> Picture {
    let set = format!(
        "(async () => {{ const f = document.getElementById('f'); f.innerHTML = {}; \
         await document.fonts.ready; const r = f.getBoundingClientRect(); \
         return JSON.stringify([Math.ceil(r.width), Math.ceil(r.height)]); }})()",
        serde_json::to_string(html).expect("json string")
    );
    let started = Instant::now();
    let size = loop {
        let value = tab
            .evaluate(&set, true)
            .expect("draw the formula")
            .value
            .expect("a size");
        let size: [f64; 2] = serde_json::from_str(value.as_str().expect("json")).expect("size");
        if size[0] > 0.0 || started.elapsed() > PATIENCE {
            break size;
        }
    };
    let png = tab
        .capture_screenshot(
            Page::CaptureScreenshotFormatOption::Png,
            None,
            Some(Page::Viewport {
                x: 0.0,
                y: 0.0,
                width: size[0].max(1.0),
                height: size[1].max(1.0),
                scale: 1.0,
            }),
            true,
        )
        .expect("screenshot");
    let decoder = png::Decoder::new(std::io::Cursor::new(png));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut rgba = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut rgba).expect("a frame");
    rgba.truncate(info.buffer_size());
    Picture {
        width: info.width as usize,
        height: info.height as usize,
        rgba,
    }
}

/// The colour of one pixel, or None outside the picture.
fn rgb_at(picture: &Picture, channels: usize, x: usize, y: usize) -> Option<&[u8]> {
    (x < picture.width && y < picture.height).then(|| {
        let at = (y * picture.width + x) * channels;
        &picture.rgba[at..at + 3]
    })
}

/// Pixels that differ, counting every pixel outside the smaller picture as different.
fn differing_pixels(a: &Picture, b: &Picture) -> usize {
    let (width, height) = (a.width.max(b.width), a.height.max(b.height));
    let channels_a = a.rgba.len() / (a.width * a.height).max(1);
    let channels_b = b.rgba.len() / (b.width * b.height).max(1);
    let mut differing = 0;
    for y in 0..height {
        for x in 0..width {
            if rgb_at(a, channels_a, x, y) != rgb_at(b, channels_b, x, y) {
                differing += 1;
            }
        }
    }
    differing
}
