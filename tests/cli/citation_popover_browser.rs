//! Real-browser test of citation popovers on the shipped book over file://: tabbing to a
//! citation shows its reference-list entry in the cross-references' popover, described by it,
//! and Escape closes it.

use crate::browser::navigate;
use crate::browser::{eval, launch, wait_for};
use crate::support::ShippedSite;
use headless_chrome::browser::tab::ModifierKey;
use serde_json::Value;

#[test]
fn a_citation_reached_by_keyboard_shows_its_entry_and_escape_closes_it() {
    let Some(chromium) = launch("citation_popover_browser", "Citation popovers") else {
        return;
    };
    let site = ShippedSite::build();
    let tab = chromium.tab();
    navigate(&tab, &site.url("transformers/positional-encoding.html"));
    wait_for(&tab, "document.getElementById('xref-popover') !== null");
    // Start on the first citation, Tab past it, and come back to it with Shift+Tab.
    eval(&tab, "document.querySelector('a.worked-cite').focus()");
    tab.press_key("Tab").expect("press Tab");
    wait_for(&tab, "document.getElementById('xref-popover').hidden");
    tab.press_key_with_modifiers("Tab", Some(&[ModifierKey::Shift]))
        .expect("press Shift+Tab");
    wait_for(
        &tab,
        "document.activeElement.classList.contains('worked-cite') && !document.getElementById('xref-popover').hidden",
    );
    let entry = eval(
        &tab,
        "document.getElementById(document.activeElement.getAttribute('href').slice(1)).textContent",
    );
    assert_eq!(
        eval(&tab, "document.getElementById('xref-popover').textContent"),
        entry
    );
    assert!(
        entry.as_str().is_some_and(|text| text.len() > 20),
        "{entry}"
    );
    assert_eq!(
        eval(
            &tab,
            "document.activeElement.getAttribute('aria-describedby')"
        ),
        Value::from("xref-popover")
    );
    tab.press_key("Escape").expect("press Escape");
    wait_for(&tab, "document.getElementById('xref-popover').hidden");
    assert_eq!(
        eval(
            &tab,
            "document.activeElement.getAttribute('aria-describedby')"
        ),
        Value::Null
    );
}
