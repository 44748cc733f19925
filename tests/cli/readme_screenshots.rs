//! The two pictures README.md shows, taken from a fresh build of the shipped book: the attention
//! lesson at the heatmap of its weights, and its widget after a reader's edit. The committed
//! copies must match what the book shows now (same size, at most 5% of pixels different), so a
//! change to a page's look fails here until the pictures are taken again:
//! `WORKED_UPDATE_SCREENSHOTS=1 cargo test --test cli readme_screenshots` writes them.

use crate::browser::{color_scheme, eval, eval_json, metrics, type_into, wait_for};
use crate::support::ShippedSite;
use headless_chrome::protocol::cdp::Page;
use headless_chrome::Tab;
use std::path::PathBuf;

const WIDTH: u32 = 1280;

/// The most of a picture's pixels that may differ before it counts as out of date: fonts
/// antialias the same on one machine kind, so what differs is what the page shows.
const MOST_CHANGED_SHARE: f64 = 0.05;

struct Picture {
    width: u32,
    height: u32,
    pixels: Vec<u8>,
}

fn decode(png_bytes: &[u8]) -> Picture {
    let decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut pixels = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut pixels).expect("a frame");
    pixels.truncate(info.buffer_size());
    Picture {
        width: info.width,
        height: info.height,
        pixels,
    }
}

/// The part of the page that `selector`'s element covers, `above` pixels of context above it,
/// at most `most_height` tall, in document coordinates.
fn element_shot(tab: &Tab, selector: &str, above: f64, most_height: f64) -> Vec<u8> {
    let height = eval(tab, "document.documentElement.scrollHeight")
        .as_u64()
        .expect("page height") as u32;
    metrics(tab, WIDTH, height);
    let rect = eval_json(
        tab,
        &format!(
            "(() => {{ const r = document.querySelector({}).getBoundingClientRect(); \
             return [r.top + window.scrollY, r.height]; }})()",
            serde_json::Value::from(selector)
        ),
    );
    let top = rect[0].as_f64().expect("top") - above;
    let tall = (rect[1].as_f64().expect("height") + above).min(most_height);
    tab.capture_screenshot(
        Page::CaptureScreenshotFormatOption::Png,
        None,
        Some(Page::Viewport {
            x: 0.0,
            y: top.max(0.0).round(),
            width: f64::from(WIDTH),
            height: tall.round(),
            scale: 1.0,
        }),
        true,
    )
    .expect("screenshot")
}

fn images_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/images")
}

/// Writes `fresh` over the committed picture when asked to, else holds the committed one to it.
fn keep_current(name: &str, fresh: &[u8]) {
    let path = images_dir().join(name);
    if std::env::var_os("WORKED_UPDATE_SCREENSHOTS").is_some() {
        std::fs::create_dir_all(images_dir()).expect("docs/images");
        std::fs::write(&path, fresh).expect("write the picture");
        return;
    }
    let update =
        "take them again: WORKED_UPDATE_SCREENSHOTS=1 cargo test --test cli readme_screenshots";
    let committed =
        std::fs::read(&path).unwrap_or_else(|_| panic!("docs/images/{name} is missing; {update}"));
    let (old, new) = (decode(&committed), decode(fresh));
    assert_eq!(
        (old.width, old.height),
        (new.width, new.height),
        "docs/images/{name} has another size than the page shows now; {update}"
    );
    let channels = new.pixels.len() / (new.width * new.height) as usize;
    let changed = old
        .pixels
        .chunks(channels)
        .zip(new.pixels.chunks(channels))
        .filter(|(a, b)| a != b)
        .count();
    let share = changed as f64 / f64::from(new.width * new.height);
    assert!(
        share <= MOST_CHANGED_SHARE,
        "docs/images/{name} differs from the page in {:.1}% of its pixels; {update}",
        share * 100.0
    );
}

#[test]
fn readme_screenshots_show_the_book_as_it_builds_now() {
    let Some(chromium) = crate::browser::launch(
        "readme_screenshots",
        "README's pictures of the shipped book",
    ) else {
        return;
    };
    let site = ShippedSite::build();
    let tab = chromium.tab();
    color_scheme(&tab, "light");
    metrics(&tab, WIDTH, 900);
    crate::browser::navigate(&tab, &site.url("transformers/attention.html"));
    wait_for(&tab, "document.fonts.status === 'loaded'");
    wait_for(
        &tab,
        "document.querySelector('[data-widget=\"attention\"] .ww') !== null",
    );
    let page = element_shot(&tab, "figure svg", 260.0, 760.0);
    keep_current("page.png", &page);

    // A reader's edit: the first entry of "the"'s embedding becomes 2, so every matrix follows.
    type_into(
        &tab,
        "input[data-input='embeddings'][data-row='0'][data-col='0']",
        "2",
    );
    wait_for(&tab, "document.querySelector('[data-changed]') !== null");
    let widget = element_shot(&tab, "[data-widget=\"attention\"]", 0.0, 900.0);
    keep_current("widget.png", &widget);
}
