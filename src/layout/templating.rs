//! Laying out pages with Tera templates.
//!
//! Input: the theme's templates and typed page contexts. Output: HTML strings. Contexts are
//! `#[derive(Serialize)]` structs, so a template that asks for a field the pipeline does not
//! provide fails loudly at build time instead of printing nothing.
//!
//! Tera has no limits of its own, and a book may bring its own templates, so this module bounds
//! them: a template that includes itself or a macro that calls itself (directly or through
//! others) is refused when the templates load, since Tera would recurse until the stack
//! overflows; `range` yields at most [`MAX_RANGE`] numbers; and rendering one page stops with
//! an error after [`RenderLimits`] of time or output, checked on every write and `range` call.

use crate::base::diagnostics::Diagnostic;
use crate::load::config::BookConfig;
use serde::Serialize;
use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, HashMap};
use std::io::{self, Write};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tera::ast::{Expr, ExprVal, Node};

/// Most numbers one `range(…)` call may produce in a template.
pub const MAX_RANGE: usize = 10_000;

/// How long and how large one rendered page may get.
#[derive(Debug, Clone, Copy)]
pub struct RenderLimits {
    /// Wall-clock time for one page.
    pub time: Duration,
    /// Bytes of HTML for one page.
    pub bytes: usize,
}

impl Default for RenderLimits {
    fn default() -> Self {
        RenderLimits {
            time: Duration::from_secs(10),
            bytes: 64 << 20,
        }
    }
}

/// Tera loaded with the theme's templates.
pub struct Templates {
    tera: tera::Tera,
    limits: RenderLimits,
}

thread_local! {
    /// When the page being rendered on this thread must be done; read by the bounded `range`.
    static DEADLINE: Cell<Option<Instant>> = const { Cell::new(None) };
    /// The buffer pages are rendered into on this thread, kept between pages.
    static PAGE_BUFFER: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Largest page buffer a thread keeps for the next page; an outsized page's is let go.
const KEPT_BUFFER_BYTES: usize = 4 << 20;

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
    /// The page's absolute address, HTML-escaped, when `base_url` is set (for
    /// `<link rel="canonical">` and `og:url`); empty otherwise.
    pub canonical: String,
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
        refuse_recursion(&tera)?;
        tera.register_function("range", bounded_range);
        Ok(Templates {
            tera,
            limits: RenderLimits::default(),
        })
    }

    /// The same templates with other limits (tests use small ones).
    pub fn with_limits(mut self, limits: RenderLimits) -> Self {
        self.limits = limits;
        self
    }

    /// The time and size limits every page is rendered within: a page assembled from a
    /// rendered frame and its content (`pipeline::splice`) keeps to the same size.
    pub fn limits(&self) -> RenderLimits {
        self.limits
    }

    /// Renders one page, within the time and size limits.
    pub fn render(&self, template: &str, context: &impl Serialize) -> Result<String, Diagnostic> {
        self.render_with(template, context, str::to_string)
    }

    /// [`Templates::render`] for a page the site will hold as shared bytes: the page is copied
    /// once, at its final size, into them.
    pub fn render_page(
        &self,
        template: &str,
        context: &impl Serialize,
    ) -> Result<Arc<[u8]>, Diagnostic> {
        self.render_with(template, context, |page| Arc::from(page.as_bytes()))
    }

    /// [`Templates::render`] for a page used once, as it is made (`build` writes it to disk):
    /// `finish` reads it in this thread's buffer, where it was rendered, uncopied.
    pub fn render_page_with<T>(
        &self,
        template: &str,
        context: &impl Serialize,
        finish: impl FnOnce(&[u8]) -> T,
    ) -> Result<T, Diagnostic> {
        self.render_with(template, context, |page| finish(page.as_bytes()))
    }

    /// Renders into this thread's reusable buffer, so a page grows in memory already mapped
    /// rather than by repeated reallocation, and hands the finished text to `finish`.
    fn render_with<T>(
        &self,
        template: &str,
        context: &impl Serialize,
        finish: impl FnOnce(&str) -> T,
    ) -> Result<T, Diagnostic> {
        let mut bytes = PAGE_BUFFER.with(RefCell::take);
        bytes.clear();
        let page = self
            .render_into(template, context, &mut bytes)
            .and_then(|()| {
                std::str::from_utf8(&bytes).map(finish).map_err(|error| {
                    Diagnostic::general(format!(
                        "template {template} produced text that is not UTF-8: {error}"
                    ))
                })
            });
        if bytes.capacity() <= KEPT_BUFFER_BYTES {
            PAGE_BUFFER.with(|buffer| buffer.replace(bytes));
        }
        page
    }

    /// Renders `template` onto the end of `bytes`, within the time and size limits.
    fn render_into(
        &self,
        template: &str,
        context: &impl Serialize,
        bytes: &mut Vec<u8>,
    ) -> Result<(), Diagnostic> {
        let context = tera::Context::from_serialize(context).map_err(|error| {
            Diagnostic::general(format!(
                "cannot pass page data to {template}: {}",
                unravel(&error)
            ))
        })?;
        let deadline = Instant::now() + self.limits.time;
        let mut output = BoundedOutput {
            bytes,
            limits: self.limits,
            deadline,
            exceeded: None,
        };
        DEADLINE.with(|cell| cell.set(Some(deadline)));
        let rendered = self.tera.render_to(template, &context, &mut output);
        DEADLINE.with(|cell| cell.set(None));
        if let Some(limit) = output.exceeded {
            return Err(Diagnostic::general(format!(
                "template {template} stopped: the page {limit}"
            ))
            .with_help("look for loops in the template that run too long or print too much"));
        }
        rendered.map_err(|error| {
            Diagnostic::general(format!("template {template} failed: {}", unravel(&error)))
                .with_help("check the variable names against the template context in the manual (docs/content/config/themes.md)")
        })
    }
}

/// A page's HTML, refusing to grow past the size limit or the deadline.
struct BoundedOutput<'a> {
    bytes: &'a mut Vec<u8>,
    limits: RenderLimits,
    deadline: Instant,
    /// Which limit stopped the page, as the end of a sentence.
    exceeded: Option<String>,
}

impl Write for BoundedOutput<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.bytes.len() + buf.len() > self.limits.bytes {
            self.exceeded = Some(format!("grew past {} bytes", self.limits.bytes));
        } else if Instant::now() > self.deadline {
            self.exceeded = Some(format!("took longer than {:?}", self.limits.time));
        }
        if self.exceeded.is_some() {
            return Err(io::Error::other("render limit reached"));
        }
        self.bytes.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Tera's `range(end, start=0, step_by=1)`, refusing more than [`MAX_RANGE`] numbers and any
/// call after the page's deadline (so loops that print nothing still stop).
fn bounded_range(args: &HashMap<String, tera::Value>) -> tera::Result<tera::Value> {
    if DEADLINE
        .with(Cell::get)
        .is_some_and(|deadline| Instant::now() > deadline)
    {
        return Err(tera::Error::msg(
            "range(): the page took too long to render",
        ));
    }
    let number = |name: &str, default: Option<i64>| -> tera::Result<i64> {
        match args.get(name) {
            Some(value) => value.as_i64().ok_or_else(|| {
                tera::Error::msg(format!("range(): `{name}` must be an integer, not {value}"))
            }),
            None => {
                default.ok_or_else(|| tera::Error::msg(format!("range(): `{name}` is required")))
            }
        }
    };
    let end = number("end", None)?;
    let start = number("start", Some(0))?;
    let step = number("step_by", Some(1))?;
    if step <= 0 {
        return Err(tera::Error::msg("range(): `step_by` must be positive"));
    }
    let count = (i128::from(end) - i128::from(start)).max(0) / i128::from(step);
    if count > MAX_RANGE as i128 {
        return Err(tera::Error::msg(format!(
            "range(): {count} numbers, more than the limit of {MAX_RANGE}"
        )));
    }
    let numbers: Vec<i64> = (start..end).step_by(step as usize).collect();
    Ok(tera::Value::from(numbers))
}

/// What a template or macro may lead Tera into while rendering.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Callee {
    /// Rendering a template (by include, or as the parent it extends).
    Template(String),
    /// Calling macro `name` defined in template `file`.
    Macro { file: String, name: String },
}

impl std::fmt::Display for Callee {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Callee::Template(name) => f.write_str(name),
            Callee::Macro { file, name } => write!(f, "{file}: macro {name}"),
        }
    }
}

/// Refuses templates that include themselves and macros that call themselves, directly or
/// through others: Tera follows them without a depth limit until the stack overflows.
fn refuse_recursion(tera: &tera::Tera) -> Result<(), Diagnostic> {
    let mut edges: BTreeMap<Callee, Vec<Callee>> = BTreeMap::new();
    for name in tera.get_template_names() {
        let Ok(template) = tera.get_template(name) else {
            continue;
        };
        let namespaces: HashMap<&str, &str> = template
            .imported_macro_files
            .iter()
            .map(|(file, namespace)| (namespace.as_str(), file.as_str()))
            .collect();
        let resolve = |namespace: &str| -> String {
            if namespace == "self" {
                name.to_string()
            } else {
                namespaces
                    .get(namespace)
                    .copied()
                    .unwrap_or(namespace)
                    .to_string()
            }
        };
        let mut callees = Vec::new();
        collect_nodes(&template.ast, &mut callees);
        if let Some(parent) = &template.parent {
            callees.push(Callee::Template(parent.clone()));
        }
        let resolved = |callees: Vec<Callee>| -> Vec<Callee> {
            callees
                .into_iter()
                .map(|callee| match callee {
                    Callee::Macro { file, name } => Callee::Macro {
                        file: resolve(&file),
                        name,
                    },
                    template => template,
                })
                .collect()
        };
        edges.insert(Callee::Template(name.to_string()), resolved(callees));
        for (macro_name, definition) in &template.macros {
            let mut callees = Vec::new();
            collect_nodes(&definition.body, &mut callees);
            edges.insert(
                Callee::Macro {
                    file: name.to_string(),
                    name: macro_name.clone(),
                },
                resolved(callees),
            );
        }
    }
    if let Some(cycle) = find_cycle(&edges) {
        let path: Vec<String> = cycle.iter().map(ToString::to_string).collect();
        let what = match &cycle[0] {
            Callee::Template(name) => format!("template {name} includes itself"),
            Callee::Macro { file, name } => format!("macro {name} in {file} calls itself"),
        };
        return Err(Diagnostic::general(format!(
            "{what}: {}",
            path.join(" → ")
        ))
        .with_help(
            "Tera has no depth limit, so templates may not include themselves and macros may not call themselves; unroll the recursion",
        ));
    }
    Ok(())
}

/// The first cycle found by a depth-first walk (iterative, so deep chains cannot overflow),
/// as the path from its first node back to it.
fn find_cycle(edges: &BTreeMap<Callee, Vec<Callee>>) -> Option<Vec<Callee>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Active,
        Done,
    }
    let mut marks: HashMap<&Callee, Mark> = HashMap::new();
    for start in edges.keys() {
        if marks.contains_key(start) {
            continue;
        }
        let mut stack: Vec<(&Callee, usize)> = vec![(start, 0)];
        marks.insert(start, Mark::Active);
        while let Some((node, next)) = stack.last_mut() {
            let callees = edges.get(*node).map(Vec::as_slice).unwrap_or_default();
            let Some(callee) = callees.get(*next) else {
                marks.insert(*node, Mark::Done);
                stack.pop();
                continue;
            };
            *next += 1;
            match marks.get(callee) {
                Some(Mark::Active) => {
                    let from = stack.iter().position(|(node, _)| *node == callee)?;
                    let mut cycle: Vec<Callee> = stack[from..]
                        .iter()
                        .map(|(node, _)| (*node).clone())
                        .collect();
                    cycle.push(callee.clone());
                    return Some(cycle);
                }
                Some(Mark::Done) => {}
                None => {
                    marks.insert(callee, Mark::Active);
                    stack.push((callee, 0));
                }
            }
        }
    }
    None
}

/// Includes and macro calls anywhere in `nodes` (macro namespaces as written).
fn collect_nodes(nodes: &[Node], found: &mut Vec<Callee>) {
    for node in nodes {
        match node {
            Node::VariableBlock(_, expr) => collect_expr(expr, found),
            Node::Include(_, names, _) => {
                found.extend(names.iter().cloned().map(Callee::Template));
            }
            Node::Set(_, set) => collect_expr(&set.value, found),
            Node::FilterSection(_, section, _) => {
                section
                    .filter
                    .args
                    .values()
                    .for_each(|arg| collect_expr(arg, found));
                collect_nodes(&section.body, found);
            }
            Node::Block(_, block, _) => collect_nodes(&block.body, found),
            Node::Forloop(_, forloop, _) => {
                collect_expr(&forloop.container, found);
                collect_nodes(&forloop.body, found);
                if let Some(empty) = &forloop.empty_body {
                    collect_nodes(empty, found);
                }
            }
            Node::If(branches, _) => {
                for (_, condition, body) in &branches.conditions {
                    collect_expr(condition, found);
                    collect_nodes(body, found);
                }
                if let Some((_, body)) = &branches.otherwise {
                    collect_nodes(body, found);
                }
            }
            // Definitions are walked as their own graph nodes; the rest hold no calls.
            _ => {}
        }
    }
}

/// Macro calls anywhere in an expression, its filters' arguments included.
fn collect_expr(expr: &Expr, found: &mut Vec<Callee>) {
    for filter in &expr.filters {
        filter
            .args
            .values()
            .for_each(|arg| collect_expr(arg, found));
    }
    collect_value(&expr.val, found);
}

fn collect_value(value: &ExprVal, found: &mut Vec<Callee>) {
    match value {
        ExprVal::MacroCall(call) => {
            found.push(Callee::Macro {
                file: call.namespace.clone(),
                name: call.name.clone(),
            });
            call.args.values().for_each(|arg| collect_expr(arg, found));
        }
        ExprVal::FunctionCall(call) => call.args.values().for_each(|arg| collect_expr(arg, found)),
        ExprVal::Math(math) => {
            collect_expr(&math.lhs, found);
            collect_expr(&math.rhs, found);
        }
        ExprVal::Logic(logic) => {
            collect_expr(&logic.lhs, found);
            collect_expr(&logic.rhs, found);
        }
        ExprVal::In(inside) => {
            collect_expr(&inside.lhs, found);
            collect_expr(&inside.rhs, found);
        }
        ExprVal::Test(test) => test.args.iter().for_each(|arg| collect_expr(arg, found)),
        ExprVal::Array(items) => items.iter().for_each(|item| collect_expr(item, found)),
        ExprVal::StringConcat(concat) => {
            concat
                .values
                .iter()
                .for_each(|value| collect_value(value, found));
        }
        ExprVal::String(_)
        | ExprVal::Int(_)
        | ExprVal::Float(_)
        | ExprVal::Bool(_)
        | ExprVal::Ident(_) => {}
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

    fn load(templates: &[(&str, &str)]) -> Result<Templates, Diagnostic> {
        let templates: BTreeMap<String, String> = templates
            .iter()
            .map(|(name, text)| (name.to_string(), text.to_string()))
            .collect();
        Templates::new(&templates)
    }

    #[test]
    fn a_template_that_includes_itself_is_refused_when_loading() {
        let error = load(&[("p.html", "a{% include \"p.html\" %}")])
            .err()
            .unwrap();
        assert!(
            error.message().contains("p.html includes itself"),
            "{error}"
        );
        let error = load(&[
            ("a.html", "{% include \"b.html\" %}"),
            ("b.html", "{% if true %}{% include \"a.html\" %}{% endif %}"),
        ])
        .err()
        .unwrap();
        assert!(
            error.message().contains("a.html → b.html → a.html"),
            "{error}"
        );
    }

    #[test]
    fn a_macro_that_calls_itself_is_refused_when_loading() {
        let error = load(&[(
            "m.html",
            "{% macro down(n) %}{{ self::down(n=n - 1) }}{% endmacro down %}{{ self::down(n=3) }}",
        )])
        .err()
        .unwrap();
        assert!(
            error
                .message()
                .contains("macro down in m.html calls itself"),
            "{error}"
        );
        let error = load(&[
            (
                "m.html",
                "{% macro a() %}{% for x in [1] %}{{ self::b() | upper }}{% endfor %}{% endmacro a %}{% macro b() %}{{ self::a() }}{% endmacro b %}",
            ),
            ("p.html", "{% import \"m.html\" as m %}{{ m::a() }}"),
        ])
        .err()
        .unwrap();
        assert!(error.message().contains("calls itself"), "{error}");
    }

    #[test]
    fn the_default_theme_has_no_recursion() {
        let theme =
            crate::load::theme::load_theme(std::path::Path::new("/nonexistent-book")).unwrap();
        Templates::new(&theme.templates).unwrap();
    }

    #[test]
    fn a_range_beyond_the_limit_is_an_error() {
        let templates = load(&[(
            "p.html",
            "{% for i in range(end=100000) %}{% for j in range(end=100000) %}x{% endfor %}{% endfor %}",
        )])
        .unwrap();
        let error = templates
            .render("p.html", &serde_json::json!({}))
            .unwrap_err();
        assert!(error.message().contains("more than the limit"), "{error}");
        let small = load(&[(
            "p.html",
            "{% for i in range(start=2, end=8, step_by=3) %}{{ i }}{% endfor %}",
        )])
        .unwrap()
        .render("p.html", &serde_json::json!({}))
        .unwrap();
        assert_eq!(small, "25");
    }

    #[test]
    fn nested_loops_that_print_nothing_stop_at_the_time_limit() {
        let templates = load(&[(
            "p.html",
            "{% for i in range(end=10000) %}{% for j in range(end=10000) %}{% for k in range(end=10000) %}{% endfor %}{% endfor %}{% endfor %}",
        )])
        .unwrap()
        .with_limits(RenderLimits {
            time: Duration::from_millis(200),
            bytes: 1 << 20,
        });
        let started = Instant::now();
        let error = templates
            .render("p.html", &serde_json::json!({}))
            .unwrap_err();
        assert!(started.elapsed() < Duration::from_secs(10));
        assert!(error.message().contains("too long"), "{error}");
    }

    #[test]
    fn a_page_that_grows_past_the_size_limit_stops() {
        let templates = load(&[(
            "p.html",
            "{% for i in range(end=10000) %}{% for j in range(end=10000) %}xxxxxxxx{% endfor %}{% endfor %}",
        )])
        .unwrap()
        .with_limits(RenderLimits {
            time: Duration::from_secs(60),
            bytes: 1 << 20,
        });
        let error = templates
            .render("p.html", &serde_json::json!({}))
            .unwrap_err();
        assert!(
            error.message().contains("grew past 1048576 bytes"),
            "{error}"
        );
    }
}
