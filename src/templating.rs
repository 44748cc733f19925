//! Laying out pages with Tera templates.
//!
//! Input: the theme's templates and typed page contexts. Output: HTML strings. Contexts are
//! `#[derive(Serialize)]` structs, so a template that asks for a field the pipeline does not
//! provide fails loudly at build time instead of printing nothing.

use crate::config::BookConfig;
use crate::diagnostics::Diagnostic;
use serde::Serialize;
use std::collections::BTreeMap;

/// Tera loaded with the theme's templates.
pub struct Templates {
    tera: tera::Tera,
}

/// What every page template receives.
#[derive(Debug, Serialize)]
pub struct PageContext<'a, T: Serialize> {
    /// Book-wide settings.
    pub site: &'a BookConfig,
    /// Text for `<title>`.
    pub page_title: String,
    /// `../` once per folder between this page and the output root; every URL a template
    /// writes starts with it, so pages work from disk and under any path prefix.
    pub root: String,
    /// This page's path from the output root (`part/chapter.html`), so the sidebar drawn
    /// from `book-toc.js` can mark it.
    pub page_path: String,
    /// Extra stylesheets for this page, relative to the output root.
    pub stylesheets: Vec<&'static str>,
    /// Reader-side scripts for this page, relative to the output root. Loaded as classic
    /// `defer` scripts: Chromium and Firefox refuse ES modules from `file://` pages.
    pub scripts: Vec<&'static str>,
    /// The page-specific part (`lesson`, `lessons`, …), flattened into the top level.
    #[serde(flatten)]
    pub page: T,
}

impl Templates {
    /// Parses every template; syntax errors name the template and the line Tera reports.
    pub fn new(templates: &BTreeMap<String, String>) -> Result<Self, Diagnostic> {
        let mut tera = tera::Tera::default();
        tera.autoescape_on(vec![".html"]);
        tera.add_raw_templates(
            templates
                .iter()
                .map(|(name, text)| (name.as_str(), text.as_str())),
        )
        .map_err(|error| {
            Diagnostic::general(format!("a template does not parse: {}", unravel(&error)))
                .with_help("fix the template in templates/ (Tera syntax)")
        })?;
        Ok(Templates { tera })
    }

    /// Renders one page.
    pub fn render(&self, template: &str, context: &impl Serialize) -> Result<String, Diagnostic> {
        let context = tera::Context::from_serialize(context).map_err(|error| {
            Diagnostic::general(format!(
                "cannot pass page data to {template}: {}",
                unravel(&error)
            ))
        })?;
        self.tera.render(template, &context).map_err(|error| {
            Diagnostic::general(format!("template {template} failed: {}", unravel(&error)))
                .with_help("check the variable names against the template context in README.md")
        })
    }
}

/// Tera's top-level error only says "Failed to render 'x'"; the cause is in its sources.
fn unravel(error: &dyn std::error::Error) -> String {
    let mut messages = vec![error.to_string()];
    let mut source = error.source();
    while let Some(cause) = source {
        messages.push(cause.to_string());
        source = cause.source();
    }
    messages.join(": ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_variable_names_the_template_and_the_variable() {
        let templates = BTreeMap::from([("p.html".to_string(), "{{ nothing }}".to_string())]);
        let templates = Templates::new(&templates).unwrap();
        let error = templates
            .render("p.html", &serde_json::json!({}))
            .unwrap_err();
        assert!(error.message().contains("p.html"), "{error}");
        assert!(error.message().contains("nothing"), "{error}");
    }

    #[test]
    fn html_templates_escape_values() {
        let templates = BTreeMap::from([("p.html".to_string(), "{{ x }}".to_string())]);
        let templates = Templates::new(&templates).unwrap();
        let html = templates
            .render("p.html", &serde_json::json!({"x": "<b>"}))
            .unwrap();
        assert_eq!(html, "&lt;b&gt;");
    }
}
