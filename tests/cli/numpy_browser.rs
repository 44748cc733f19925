//! "Copy as NumPy" in a real browser: edit inputs of a compute widget, open its NumPy
//! disclosure, and find the snippet written on the new inputs, exactly as the Rust translator
//! writes it for them; the copy button puts the code on the clipboard, or, where the clipboard
//! cannot be written, selects it. Also writes screenshots at 360 and 1280 px, light and dark.

use super::widget_browser::{build_book_with, page_matrices};
use crate::accessibility::{npm_file, violations};
use crate::browser::open_live;
use crate::browser::{
    color_scheme, eval, eval_json, metrics, screenshot_folder, shoot, type_into, wait_for,
};
use crate::browser::{launch, mouse_click};
use headless_chrome::protocol::cdp::Browser as Cdp;
use headless_chrome::Tab;
use ndarray::array;
use worked::compute::lang::numpy::translate;
use worked::compute::lang::{parse, Value};

/// What these tests check, for the notice when Chromium is missing.
const CHECKS: &str = "\"Copy as NumPy\" in a browser";

const STEPS: &str = "mu = mean(x, axis=1)
xc = x - mu
y = xc / sqrt(mean(xc ^ 2, axis=1) + lambda)
";

fn lesson() -> String {
    format!(
        r#"+++
title = "NumPy, tried"
+++
```compute
name = "ln"
steps = """
{STEPS}"""

[inputs]
x = [[2, 4, 6], [1, -1, 3]]
lambda = 0.00001
```

```widget
example = "ln"
```
"#
    )
}

/// The snippet the Rust translator writes for the program on `x` and `lambda`.
fn rust_snippet(x: ndarray::Array2<f64>, lambda: f64) -> String {
    let inputs = vec![
        ("x".to_string(), Value::Matrix(x)),
        ("lambda".to_string(), Value::Scalar(lambda)),
    ];
    let numpy = translate(&parse(STEPS).unwrap(), &inputs);
    numpy.code(&inputs.into_iter().map(|(_, v)| v).collect::<Vec<_>>())
}

const LIVE: &str = ".ww details.worked-numpy";

/// The page is live: the widget has replaced its static tables.
fn live() -> String {
    format!("document.querySelector('{LIVE} .worked-numpy-copy') !== null")
}

fn shown_code(tab: &Tab) -> String {
    eval_json(
        tab,
        &format!("document.querySelector('{LIVE} code').textContent"),
    )
    .as_str()
    .expect("the snippet's text")
    .to_string()
}

fn status(tab: &Tab) -> String {
    eval_json(
        tab,
        &format!("document.querySelector('{LIVE} .worked-numpy-status').textContent"),
    )
    .as_str()
    .unwrap_or_default()
    .to_string()
}

fn selection(tab: &Tab) -> String {
    eval_json(tab, "String(window.getSelection())")
        .as_str()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn the_numpy_tab_shows_the_readers_inputs_and_copies_them() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = build_book_with(&lesson(), "compute");
    let tab = chromium.tab();
    open_live(&tab, &book.url(), &live());
    assert_eq!(
        eval(&tab, &format!("document.querySelector('{LIVE}').open")),
        serde_json::Value::Bool(false),
        "closed until the reader opens it"
    );
    type_into(
        &tab,
        "input[data-input='x'][data-row='1'][data-col='1']",
        "-1.5",
    );
    type_into(&tab, "input[data-input='lambda']", "0.25");
    mouse_click(&tab, &format!("{LIVE} > summary"));
    assert_eq!(
        eval(&tab, &format!("document.querySelector('{LIVE}').open")),
        serde_json::Value::Bool(true)
    );
    // Open, the disclosure passes axe (closed, the page-wide axe test sees it).
    let axe = std::fs::read_to_string(npm_file("axe-core", "axe.min.js").expect("axe-core"))
        .expect("read axe-core");
    assert_eq!(violations(&tab, &axe), Vec::<String>::new());
    let code = shown_code(&tab);
    assert!(
        code.contains("    [1.0, -1.5, 3.0],\n") && code.contains("lambda_ = 0.25\n"),
        "{code}"
    );
    let translated = rust_snippet(array![[2.0, 4.0, 6.0], [1.0, -1.5, 3.0]], 0.25);
    assert!(code.starts_with(&translated), "{code}");
    assert!(
        code[translated.len()..].contains("show(\"y\", y)\n"),
        "the snippet ends by printing the steps the widget shows:\n{code}"
    );
    if crate::common::tool_available(
        CHECKS,
        crate::numpy_snippets::python_with_numpy(),
        "That the snippet prints the widget's numbers",
        "install NumPy with `pip install numpy`",
    ) {
        // Run, the snippet prints what the widget shows on the reader's inputs.
        let page: Vec<(String, Vec<f64>)> = page_matrices(&tab)
            .into_iter()
            .map(|(step, rows)| {
                let numbers = rows
                    .concat()
                    .iter()
                    .map(|cell| {
                        cell.replace('\u{2212}', "-")
                            .parse::<f64>()
                            .expect("a number")
                    })
                    .collect();
                (step, numbers)
            })
            .collect();
        assert_eq!(crate::numpy_snippets::printed_steps(&code), page);
    }

    // The clipboard, where the browser lets the page write it.
    tab.call_method(Cdp::GrantPermissions {
        permissions: vec![
            Cdp::PermissionType::ClipboardReadWrite,
            Cdp::PermissionType::ClipboardSanitizedWrite,
        ],
        origin: None,
        browser_context_id: None,
    })
    .expect("grant the clipboard");
    mouse_click(&tab, &format!("{LIVE} .worked-numpy-copy"));
    wait_for(
        &tab,
        &format!("document.querySelector('{LIVE} .worked-numpy-status').textContent !== ''"),
    );
    assert_eq!(status(&tab), "Copied.");
    let pasted = tab
        .evaluate("navigator.clipboard.readText()", true)
        .expect("read the clipboard")
        .value
        .expect("text");
    assert_eq!(pasted.as_str(), Some(code.as_str()));

    // Without a clipboard (file:// in some browsers), the code is selected for Ctrl+C.
    eval(
        &tab,
        "Object.defineProperty(navigator, 'clipboard', { value: undefined }); 0",
    );
    eval(&tab, "window.getSelection().removeAllRanges(); 0");
    mouse_click(&tab, &format!("{LIVE} .worked-numpy-copy"));
    assert!(
        status(&tab).starts_with("Selected: press Ctrl+C"),
        "{}",
        status(&tab)
    );
    // A selection's text leaves out the code's final line break.
    assert_eq!(selection(&tab), code.trim_end());

    // The card's disclosure (the lesson's numbers) has its copy button too.
    assert_eq!(
        eval(&tab, "document.querySelector('.worked-card + details.worked-numpy .worked-numpy-copy') !== null"),
        serde_json::Value::Bool(true)
    );

    // An edit rewrites the snippet and clears the old status.
    type_into(&tab, "input[data-input='lambda']", "1e-7");
    assert!(shown_code(&tab).contains("lambda_ = 1e-07\n"));
    assert_eq!(status(&tab), "");
}

/// The opened disclosure at 360 and 1280 px, light and dark, for a person to look at.
#[test]
#[ignore = "writes screenshots for a person to look at"]
fn screenshots_of_the_numpy_tab() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = build_book_with(&lesson(), "compute");
    let folder = screenshot_folder();
    for width in [360, 1280] {
        for scheme in ["light", "dark"] {
            let tab = chromium.tab();
            color_scheme(&tab, scheme);
            metrics(&tab, width, 900);
            open_live(&tab, &book.url(), &live());
            eval(
                &tab,
                &format!("document.querySelector('{LIVE}').open = true; 0"),
            );
            shoot(
                &tab,
                width,
                &folder.join(format!("numpy-{width}-{scheme}.png")),
            );
            tab.close(false).ok();
        }
    }
    eprintln!("screenshots in {}", folder.display());
}
