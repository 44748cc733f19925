//! "Copy as NumPy" on the page: under a compute example's card and in its widget, a disclosure
//! with the program translated to NumPy (`compute::lang::numpy`) on the lesson's inputs, which
//! `static/js/compute-numpy.js` gives a copy button and the widget rewrites with the reader's
//! inputs. Without JavaScript the disclosure still opens and shows the lesson's snippet.

use super::Expander;
use crate::base::html::escape_html;
use crate::compute::computed::{Computed, Origin};
use crate::compute::Evaluated;
use std::ops::Range;

/// Styles of the disclosure, relative to the output root.
const NUMPY_STYLESHEET: &str = "numpy.css";
/// The copy button and the inputs rewritten for the reader, relative to the output root.
pub(super) const NUMPY_SCRIPT: &str = "js/compute-numpy.js";
/// Most input numbers a snippet writes out: beyond this (an example at a model's real sizes)
/// the page would carry megabytes of digits nobody copies, so it offers no snippet.
pub const MAX_SNIPPET_NUMBERS: usize = 4096;

/// Whether the example's inputs are small enough to be written into its snippet.
fn fits(computed: &Computed) -> bool {
    let numbers: usize = computed
        .values
        .iter()
        .filter(|(_, origin, _)| *origin == Origin::Input)
        .map(|(_, _, value)| value.len())
        .sum();
    numbers <= MAX_SNIPPET_NUMBERS
}

/// What the widget needs to write the snippet on the reader's inputs: the prelude and the steps
/// as they are, and the Python name of each input (in the order of the widget's inputs).
pub(crate) fn widget_json(computed: &Computed) -> Option<serde_json::Value> {
    let numpy = &computed.numpy;
    let inputs: Vec<&str> = numpy
        .inputs
        .iter()
        .map(|(_, python)| python.as_str())
        .collect();
    fits(computed).then(
        || serde_json::json!({ "prelude": numpy.prelude, "body": numpy.body, "inputs": inputs }),
    )
}

/// The snippet's last lines: the steps the page shows (`shown`, else every step) printed at
/// its `decimals`, one line per row, so that running the snippet reproduces the page.
pub(crate) fn ending(computed: &Computed, shown: Option<&[String]>, decimals: usize) -> String {
    let python = |step: &str| {
        computed
            .numpy
            .names
            .iter()
            .find(|(name, _)| name == step)
            .map(|(_, python)| python.clone())
    };
    let shows: String = computed
        .step_names()
        .into_iter()
        .filter(|step| shown.is_none_or(|shown| shown.iter().any(|s| s == step)))
        .filter_map(|step| python(step).map(|python| format!("show(\"{step}\", {python})\n")))
        .collect();
    format!(
        "\n# What the page shows, at its {decimals} decimals\n\
         def show(name, value):\n    \
         fixed = {{\"float_kind\": \"{{:.{decimals}f}}\".format}}\n    \
         text = np.array2string(np.asarray(value, dtype=float), formatter=fixed, threshold=10**7, max_line_width=10**7)\n    \
         print(name, \"=\", text)\n\n{shows}"
    )
}

/// The disclosure of `name`'s snippet on the lesson's inputs, ending with the steps `shown`,
/// or `None` when it does not fit.
fn details(
    name: &str,
    computed: &Computed,
    shown: Option<&[String]>,
    decimals: usize,
) -> Option<String> {
    if !fits(computed) {
        return None;
    }
    let code = computed.numpy_code() + &ending(computed, shown, decimals);
    Some(format!(
        "<details class=\"worked-numpy\" data-numpy=\"{}\">\n<summary>The program in NumPy</summary>\n<pre class=\"worked-numpy-code\"><code>{}</code></pre>\n</details>\n",
        escape_html(name),
        escape_html(&code)
    ))
}

impl<'x> Expander<'x> {
    /// The snippet of the compute example `evaluated` named `name`, with its style and script
    /// registered for the page.
    pub(super) fn numpy_details(
        &mut self,
        name: &str,
        evaluated: &Evaluated,
        shown: Option<&[String]>,
    ) -> Option<String> {
        let Evaluated::Compute(computed) = evaluated else {
            return None;
        };
        let html = details(name, computed, shown, self.decimals)?;
        self.stylesheets.insert(NUMPY_STYLESHEET);
        if !self.scripts.contains(&NUMPY_SCRIPT) {
            self.scripts.push(NUMPY_SCRIPT);
        }
        Some(html)
    }

    /// The snippet under the card of the example block spanning `block`.
    pub(super) fn numpy_at(&mut self, block: Range<usize>) -> String {
        let examples: &'x [_] = self.examples;
        examples
            .iter()
            .find(|example| block.contains(&example.name_span.start))
            .and_then(|example| self.numpy_details(&example.name, &example.evaluated, None))
            .unwrap_or_default()
    }
}
