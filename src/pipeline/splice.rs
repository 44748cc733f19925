//! Whether a lesson page's template can be rendered around a marker, with the lesson's content
//! put in its place afterwards, instead of with the content itself.
//!
//! A lesson's content is most of its page (a hundred kilobytes on a formula-heavy page), and
//! handing it to Tera copied it three times: joined with the popovers, into the template
//! context's JSON value, then into the rendered page. On the 1,000-lesson benchmark book,
//! rendering the lesson pages was 8.5 % of a build's samples, most of it faulting in fresh memory
//! for the JSON copy; rendered around a short marker it is 1.9 % (the page is its template's own
//! few kilobytes; the content goes to the file beside them, uncopied).
//!
//! The page is the same only when the template prints the content once, as it is, and does
//! nothing else with it: a test (`{% if lesson.content %}`), a filter (`| length`,
//! `| truncate`) or a loop over `lesson` would see the marker instead. [`splices_content`]
//! reads the templates the lesson page uses and allows the marker only when every mention of the
//! content is `{{ lesson.content | safe }}`, outside any `{% filter %}` section, and `lesson`
//! itself is never passed around, rebound or indexed by a variable; `pages` then checks that the
//! rendered frame holds the marker exactly once, and renders the page with the content otherwise.

use std::collections::{BTreeMap, BTreeSet};
use tera::ast::{Expr, ExprVal, Node};

/// What stands for the lesson's content while its page's template is rendered: a comment that
/// escaped text cannot spell (`<` becomes `&lt;`), so a template that escapes the content
/// leaves no marker and the page is rendered with the content itself.
pub(super) const CONTENT_MARKER: &str = "<!--worked lesson content-->";

/// The template of a lesson page.
pub(super) const LESSON_TEMPLATE: &str = "lesson.html";

/// Whether the lesson page, rendered from `templates` (the theme's templates by name), may be
/// rendered around [`CONTENT_MARKER`] (see the module doc). Reads `lesson.html` and every
/// template it extends, includes or imports; any template that does not parse, or any use of
/// the content this cannot prove harmless, answers no.
pub(super) fn splices_content(templates: &BTreeMap<String, String>) -> bool {
    let mut to_read = vec![LESSON_TEMPLATE.to_string()];
    let mut read = BTreeSet::new();
    while let Some(name) = to_read.pop() {
        if !read.insert(name.clone()) {
            continue;
        }
        let Some(text) = templates.get(&name) else {
            // A missing template fails the page either way; the full render reports it.
            return false;
        };
        let Ok(template) = tera::Template::new(&name, None, text) else {
            return false;
        };
        let mut check = Check {
            uses: &mut to_read,
            in_filter_section: false,
        };
        if !check.nodes(&template.ast) {
            return false;
        }
    }
    true
}

/// A walk over one template's nodes; each method answers whether what it read is harmless.
struct Check<'a> {
    /// Templates this one extends, includes or imports, to read next.
    uses: &'a mut Vec<String>,
    /// Inside `{% filter %}`, whose filter would rewrite the content along with the marker.
    in_filter_section: bool,
}

impl Check<'_> {
    fn nodes(&mut self, nodes: &[Node]) -> bool {
        nodes.iter().all(|node| self.node(node))
    }

    fn node(&mut self, node: &Node) -> bool {
        match node {
            Node::Super | Node::Text(_) | Node::Raw(..) | Node::Comment(..) => true,
            Node::Break(_) | Node::Continue(_) => true,
            Node::VariableBlock(_, expr) => {
                (is_printed_content(expr) && !self.in_filter_section) || self.expr(expr)
            }
            Node::MacroDefinition(_, definition, _) => {
                definition.args.iter().all(|(name, default)| {
                    binds_other(name) && default.iter().all(|e| self.expr(e))
                }) && self.nodes(&definition.body)
            }
            Node::Extends(_, parent) => {
                self.uses.push(parent.clone());
                true
            }
            Node::Include(_, names, _) => {
                self.uses.extend(names.iter().cloned());
                true
            }
            Node::ImportMacro(_, file, _) => {
                self.uses.push(file.clone());
                true
            }
            Node::Set(_, set) => binds_other(&set.key) && self.expr(&set.value),
            Node::FilterSection(_, section, _) => {
                let outer = std::mem::replace(&mut self.in_filter_section, true);
                let harmless =
                    section.filter.args.values().all(|e| self.expr(e)) && self.nodes(&section.body);
                self.in_filter_section = outer;
                harmless
            }
            Node::Block(_, block, _) => self.nodes(&block.body),
            Node::Forloop(_, forloop, _) => {
                forloop.key.as_deref().is_none_or(binds_other)
                    && binds_other(&forloop.value)
                    && self.expr(&forloop.container)
                    && self.nodes(&forloop.body)
                    && forloop
                        .empty_body
                        .as_deref()
                        .is_none_or(|body| self.nodes(body))
            }
            Node::If(branches, _) => {
                branches
                    .conditions
                    .iter()
                    .all(|(_, condition, body)| self.expr(condition) && self.nodes(body))
                    && branches
                        .otherwise
                        .as_ref()
                        .is_none_or(|(_, body)| self.nodes(body))
            }
        }
    }

    fn expr(&mut self, expr: &Expr) -> bool {
        self.value(&expr.val)
            && expr
                .filters
                .iter()
                .all(|filter| filter.args.values().all(|arg| self.expr(arg)))
    }

    fn value(&mut self, value: &ExprVal) -> bool {
        match value {
            ExprVal::String(_) | ExprVal::Int(_) | ExprVal::Float(_) | ExprVal::Bool(_) => true,
            ExprVal::Ident(ident) => harmless_ident(ident),
            ExprVal::Math(math) => self.expr(&math.lhs) && self.expr(&math.rhs),
            ExprVal::Logic(logic) => self.expr(&logic.lhs) && self.expr(&logic.rhs),
            ExprVal::In(within) => self.expr(&within.lhs) && self.expr(&within.rhs),
            ExprVal::Test(test) => {
                harmless_ident(&test.ident) && test.args.iter().all(|arg| self.expr(arg))
            }
            ExprVal::MacroCall(call) => call.args.values().all(|arg| self.expr(arg)),
            ExprVal::FunctionCall(call) => call.args.values().all(|arg| self.expr(arg)),
            ExprVal::Array(items) => items.iter().all(|item| self.expr(item)),
            ExprVal::StringConcat(concat) => concat.values.iter().all(|part| self.value(part)),
        }
    }
}

/// `{{ lesson.content | safe }}`: the content printed once, as it is.
fn is_printed_content(expr: &Expr) -> bool {
    matches!(&expr.val, ExprVal::Ident(ident) if ident == "lesson.content")
        && !expr.negated
        && matches!(expr.filters.as_slice(), [filter] if filter.name == "safe" && filter.args.is_empty())
}

/// Whether a variable reference cannot reach the content: anything but the content itself,
/// `lesson` whole, `lesson` indexed (`lesson[name]`), and the whole context.
fn harmless_ident(ident: &str) -> bool {
    let root = ident.split(['.', '[']).next().unwrap_or_default();
    match root {
        "__tera_context" => false,
        "lesson" => ident
            .strip_prefix("lesson.")
            .and_then(|field| field.split(['.', '[']).next())
            .is_some_and(|field| field != "content"),
        _ => true,
    }
}

/// Whether a name a template binds (a loop variable, a `set`, a macro argument) leaves
/// `lesson` meaning the page's lesson.
fn binds_other(name: &str) -> bool {
    name != "lesson" && name != "__tera_context"
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load::theme::load_theme;
    use std::path::Path;

    /// The default theme with `lesson.html` replaced by `lesson`.
    fn with_lesson(lesson: &str) -> BTreeMap<String, String> {
        let mut templates = load_theme(Path::new("/nonexistent-book"))
            .unwrap()
            .templates;
        templates.insert(LESSON_TEMPLATE.to_string(), lesson.to_string());
        templates
    }

    #[test]
    fn the_default_theme_prints_the_content_as_it_is_so_its_pages_are_spliced() {
        let templates = load_theme(Path::new("/nonexistent-book"))
            .unwrap()
            .templates;
        assert!(splices_content(&templates));
    }

    #[test]
    fn a_template_that_prints_the_content_once_raw_is_spliced_whatever_else_it_reads() {
        for template in [
            "{{ lesson.content | safe }}",
            "{% if lesson.title %}<h1>{{ lesson.title }}</h1>{% endif %}{{ lesson.content | safe }}",
            "{% extends \"base.html\" %}{% block main %}{{ lesson.content | safe }}{% endblock main %}",
            "{% for crumb in breadcrumbs %}{{ crumb.title }}{% endfor %}{{lesson.content|safe}}",
        ] {
            assert!(splices_content(&with_lesson(template)), "{template}");
        }
    }

    #[test]
    fn a_template_that_does_anything_else_with_the_content_is_rendered_with_it() {
        for template in [
            "{% if lesson.content %}{{ lesson.content | safe }}{% endif %}",
            "{{ lesson.content | safe }}{{ lesson.content | length }}",
            "{{ lesson.content | safe | upper }}",
            "{{ lesson.content | truncate(length=10) | safe }}",
            "{% filter upper %}{{ lesson.content | safe }}{% endfilter %}",
            "{% set l = lesson %}{{ l.content | safe }}",
            "{% for key, value in lesson %}{{ value | safe }}{% endfor %}",
            "{{ lesson[\"content\"] | safe }}",
            "{% set lesson = toc %}{{ lesson.content | safe }}",
            "{% if lesson.content is containing(\"x\") %}x{% endif %}{{ lesson.content | safe }}",
            "{{ __tera_context }}{{ lesson.content | safe }}",
            "{% include \"missing.html\" %}{{ lesson.content | safe }}",
            "{% if \"x\" in lesson.content %}x{% endif %}{{ lesson.content | safe }}",
            "{{ lesson.content ~ \"x\" }}",
            "{% extends \"base.html\" %",
        ] {
            assert!(!splices_content(&with_lesson(template)), "{template}");
        }
    }

    #[test]
    fn an_included_template_that_uses_the_content_otherwise_is_read_too() {
        let mut templates = with_lesson("{% include \"part.html\" %}{{ lesson.content | safe }}");
        templates.insert(
            "part.html".to_string(),
            "{{ lesson.content | wordcount }}".to_string(),
        );
        assert!(!splices_content(&templates));
        templates.insert("part.html".to_string(), "{{ lesson.title }}".to_string());
        assert!(splices_content(&templates));
    }
}
