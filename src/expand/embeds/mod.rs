//! Widgets and figures: the blocks that place something on the page for an example.
//!
//! A ` ```widget ` block becomes the mount point of a reader-side widget (the example's inputs
//! as JSON, plus the generated values for readers without JavaScript); a ` ```figure ` block
//! becomes an inline SVG drawn now from the computed numbers. Both name an example of the lesson,
//! read here.

mod figure;
mod widget;

pub use widget::MOST_WIDGET_NUMBERS;

use super::resolve::example_names;
use super::Expander;
use crate::base::diagnostics::Diagnostic;
use crate::expand::blocks::{BlockText, ExampleBlock};
use std::ops::Range;

/// Styles of ` ```figure ` pictures, relative to the output root.
const FIGURE_STYLESHEET: &str = "figures.css";

impl<'x> Expander<'x> {
    /// Reads the TOML of a widget or figure block; a problem is recorded at its place.
    fn block_spec<T: serde::de::DeserializeOwned>(
        &mut self,
        body: &BlockText,
        what: &str,
        help: &str,
    ) -> Option<T> {
        match toml::from_str(&body.text) {
            Ok(spec) => Some(spec),
            Err(error) => {
                let span = body.file_span(error.span().unwrap_or(0..0));
                self.problems.push(
                    Diagnostic::at(
                        self.file,
                        span,
                        format!("invalid {what}: {}", error.message().trim()),
                    )
                    .with_help(help),
                );
                None
            }
        }
    }

    /// The example a widget or figure names, with the file span of the name. An example whose
    /// own block failed was reported there already, so it is skipped quietly.
    fn named_example(
        &mut self,
        name: &toml::Spanned<String>,
        body: &BlockText,
    ) -> Option<(&'x ExampleBlock, Range<usize>)> {
        let span = body.file_span(name.span());
        let examples = self.examples;
        if let Some(example) = examples
            .iter()
            .find(|example| &example.name == name.get_ref())
        {
            return Some((example, span));
        }
        if !self.failed_examples.contains(name.get_ref()) {
            self.problems.push(
                Diagnostic::at(
                    self.file,
                    span,
                    format!("no example named \"{}\" in this lesson", name.get_ref()),
                )
                .with_help(example_names(examples)),
            );
        }
        None
    }
}

#[cfg(test)]
mod tests;
