//! Problems found in a book, reported the way authors need them.
//!
//! A [`Diagnostic`] names the file, line and column, says what is wrong and what to do. Stages
//! collect every diagnostic they find instead of stopping at the first, so one `worked check`
//! shows all the work left. Rendering goes through miette, so the offending line is quoted with
//! a caret under the exact span; the headline keeps the grep-able `file:line:column: message` form.

use crate::source::SourceFile;
use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteSpanContents, SourceSpan};
use std::fmt;
use std::ops::Range;

/// One problem, with where it is (when known) and a hint on how to fix it.
///
/// Boxed inside, so `Result<T, Diagnostic>` stays one pointer wide on the happy path.
#[derive(Debug, Clone)]
pub struct Diagnostic(Box<Details>);

#[derive(Debug, Clone)]
struct Details {
    message: String,
    location: Option<Location>,
    label: Option<String>,
    help: Option<String>,
    warning: bool,
}

#[derive(Debug, Clone)]
struct Location {
    file: SourceFile,
    span: Range<usize>,
}

impl Diagnostic {
    /// A problem that belongs to no particular place (an unreadable folder, a missing `content/`).
    pub fn general(message: impl Into<String>) -> Self {
        Diagnostic(Box::new(Details {
            message: message.into(),
            location: None,
            label: None,
            help: None,
            warning: false,
        }))
    }

    /// A problem at a byte range of a file.
    pub fn at(file: &SourceFile, span: Range<usize>, message: impl Into<String>) -> Self {
        let start = span.start.min(file.text.len());
        let end = span.end.clamp(start, file.text.len());
        Diagnostic(Box::new(Details {
            message: message.into(),
            location: Some(Location {
                file: file.clone(),
                span: start..end,
            }),
            label: None,
            help: None,
            warning: false,
        }))
    }

    /// Adds a short note shown under the caret.
    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.0.label = Some(label.into());
        self
    }

    /// Adds what the author should do.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.0.help = Some(help.into());
        self
    }

    /// Marks the problem as one that does not stop a build (shown as `warning:`).
    pub fn into_warning(mut self) -> Self {
        self.0.warning = true;
        self
    }

    /// Adds help only when there is some.
    pub fn with_optional_help(self, help: Option<String>) -> Self {
        match help {
            Some(help) => self.with_help(help),
            None => self,
        }
    }

    /// What is wrong, without the position.
    pub fn message(&self) -> &str {
        &self.0.message
    }

    /// The hint, if any.
    pub fn help(&self) -> Option<&str> {
        self.0.help.as_deref()
    }

    /// `path:line:column` of the start of the span, if the problem has a place.
    pub fn position(&self) -> Option<String> {
        self.0.location.as_ref().map(|location| {
            let at = location.file.line_column(location.span.start);
            format!("{}:{}:{}", location.file.path, at.line, at.column)
        })
    }

    /// The file this problem is in, if any.
    pub fn path(&self) -> Option<&str> {
        self.0
            .location
            .as_ref()
            .map(|location| location.file.path.as_str())
    }

    /// Renders the diagnostic for a terminal or a log, without colour so logs stay readable.
    pub fn render(&self) -> String {
        let mut out = String::new();
        let mut theme = GraphicalTheme::unicode_nocolor();
        theme.characters.error = "error:".to_string();
        theme.characters.warning = "warning:".to_string();
        let handler = GraphicalReportHandler::new_themed(theme)
            .with_width(120)
            .with_links(false);
        if handler.render_report(&mut out, self).is_err() {
            out = self.to_string();
        }
        out
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.position() {
            Some(position) => write!(f, "{position}: {}", self.0.message),
            None => f.write_str(&self.0.message),
        }
    }
}

impl std::error::Error for Diagnostic {}

impl miette::Diagnostic for Diagnostic {
    fn severity(&self) -> Option<miette::Severity> {
        Some(if self.0.warning {
            miette::Severity::Warning
        } else {
            miette::Severity::Error
        })
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.0
            .help
            .as_ref()
            .map(|help| Box::new(help) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.0
            .location
            .as_ref()
            .map(|location| &location.file as &dyn miette::SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let location = self.0.location.as_ref()?;
        let span =
            SourceSpan::from(location.span.start..location.span.end.max(location.span.start));
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(
            self.0.label.clone(),
            span,
        ))))
    }
}

impl miette::SourceCode for SourceFile {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        let lines =
            self.text
                .as_ref()
                .read_span(span, context_lines_before, context_lines_after)?;
        // Same quoted lines, now carrying the file name for the `╭─[path:line:col]` header.
        Ok(Box::new(MietteSpanContents::new_named(
            self.path.clone(),
            lines.data(),
            *lines.span(),
            lines.line(),
            lines.column(),
            lines.line_count(),
        )))
    }
}

/// Renders many diagnostics, one after another, ending with a count.
pub fn render_all(diagnostics: &[Diagnostic]) -> String {
    let mut out = String::new();
    for diagnostic in diagnostics {
        out.push_str(&diagnostic.render());
        out.push('\n');
    }
    let count = diagnostics.len();
    out.push_str(&format!(
        "{count} error{} found\n",
        if count == 1 { "" } else { "s" }
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headline_names_file_line_and_column() {
        let file = SourceFile::new("content/a.md", "one\ntwo {{x}} three\n");
        let diagnostic = Diagnostic::at(&file, 8..13, "unknown example \"x\"");
        assert_eq!(
            diagnostic.to_string(),
            "content/a.md:2:5: unknown example \"x\""
        );
    }

    #[test]
    fn rendering_quotes_the_line_and_the_help() {
        let file = SourceFile::new("content/a.md", "one\ntwo {{x}} three\n");
        let rendered = Diagnostic::at(&file, 8..13, "unknown example \"x\"")
            .with_label("not defined in this lesson")
            .with_help("define it in an example block")
            .render();
        assert!(
            rendered.contains("content/a.md:2:5: unknown example"),
            "{rendered}"
        );
        assert!(rendered.contains("two {{x}} three"), "{rendered}");
        assert!(
            rendered.contains("not defined in this lesson"),
            "{rendered}"
        );
        assert!(
            rendered.contains("define it in an example block"),
            "{rendered}"
        );
    }

    #[test]
    fn a_general_problem_has_no_position() {
        let diagnostic = Diagnostic::general("no content/ folder");
        assert_eq!(diagnostic.position(), None);
        assert_eq!(diagnostic.to_string(), "no content/ folder");
    }
}
