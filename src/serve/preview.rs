//! The pure half of `worked serve`: a request path in, a response out.
//!
//! Input: a [`PreviewState`] (the last site that built, the problems of the latest build if it
//! failed, and a version number that changes on every rebuild) and a request's method and URL.
//! Output: a [`Response`] (status, content type, bytes). HTML pages served here get a live-reload
//! script tag and, while the latest build is failing, an error banner at the top of `<body>`
//! listing the problems as escaped text. Both are added on the way out: the [`RenderedSite`]
//! itself is never changed, so nothing served here can leak into `worked build`'s output.
//!
//! No sockets, files or threads here; `commands::serve` is the glue around it.

use crate::base::diagnostics::Diagnostic;
use crate::base::html::escape_html;
use crate::pipeline::{RenderedSite, PRINT_PAGE};
use crate::serve::Response;
use std::borrow::Cow;

/// Where the preview serves its own files; no book file can live under this prefix's name.
pub const RESERVED_PREFIX: &str = "__worked/";

/// The banner's stylesheet, served at `/__worked/error.css` and linked only while a build fails.
const ERROR_CSS: &str = r#"/* worked serve: the build-error banner. Served only by `worked serve`. */
.worked-build-error {
  margin: 0;
  padding: 1rem 1.5rem;
  border-bottom: 4px solid #b00020;
  background: #fff0f0;
  color: #3a0008;
  font: 0.95rem/1.45 system-ui, sans-serif;
}
.worked-build-error-title {
  margin: 0 0 0.5rem;
  font-weight: 700;
}
.worked-build-error ul {
  margin: 0;
  padding-left: 1.25rem;
}
.worked-build-error code {
  white-space: pre-wrap;
  word-break: break-word;
  font-family: ui-monospace, monospace;
  background: none;
  color: inherit;
}
.worked-build-error-help {
  display: block;
  opacity: 0.8;
}
"#;

/// Served at `/__worked/reload.js`: asks `/__worked/wait?since=V` (which `worked serve`
/// answers when the version is no longer V, or after a while) and reloads the page when the
/// answer differs from the version the page was served at (its `data-version`). A failed
/// request (the server stopped) is retried every second.
const RELOAD_JS: &str = r#"// worked serve: reload the page when the preview rebuilds. Served only by `worked serve`.
(function () {
  "use strict";
  var script = document.currentScript;
  var served = script ? script.getAttribute("data-version") : null;
  function wait() {
    fetch("/__worked/wait?since=" + encodeURIComponent(served || ""), { cache: "no-store" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (version) {
        if (version === null) { setTimeout(wait, 1000); return; }
        if (served === null) { served = version; }
        else if (version !== served) { window.location.reload(); return; }
        wait();
      })
      .catch(function () { setTimeout(wait, 1000); });
  }
  wait();
})();
"#;

/// The version a `/__worked/wait?since=V` request waits to see change, or `None` for any other
/// request. The waiting is the server's (see `commands::serve`); the answer is
/// `/__worked/version`'s.
pub fn wait_since(target: &str) -> Option<u64> {
    let query = target.strip_prefix("/__worked/wait?")?;
    query
        .split('&')
        .find_map(|pair| pair.strip_prefix("since="))
        .map(|since| since.parse().unwrap_or(0))
}

/// What the preview currently serves.
#[derive(Debug, Default)]
pub struct PreviewState {
    /// The last site that built; `None` until a build succeeds.
    site: Option<RenderedSite>,
    /// The problems of the latest build, empty when it succeeded.
    problems: Vec<Problem>,
    /// Changes on every rebuild, failed or not; pages reload when it changes.
    version: u64,
}

/// One problem as the banner shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Problem {
    /// `file:line:col: message`, or just the message when it has no place.
    headline: String,
    help: Option<String>,
}

impl PreviewState {
    /// A preview that has not built yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// A build succeeded: serve `site` and clear the banner.
    pub fn record_success(&mut self, site: RenderedSite) {
        self.site = Some(site);
        self.problems.clear();
        self.version += 1;
    }

    /// A build failed: keep serving the last good site, with these problems in a banner.
    pub fn record_failure(&mut self, problems: &[Diagnostic]) {
        self.problems = problems
            .iter()
            .map(|problem| Problem {
                headline: problem.to_string(),
                help: problem.help().map(str::to_string),
            })
            .collect();
        if self.problems.is_empty() {
            // A failure must show, even if no stage explained it.
            self.problems.push(Problem {
                headline: "the build failed without a message".to_string(),
                help: None,
            });
        }
        self.version += 1;
    }

    /// The current version, as `/__worked/version` reports it.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// Whether the latest build failed.
    pub fn is_failing(&self) -> bool {
        !self.problems.is_empty()
    }

    /// Answers one request. Only `GET` and `HEAD` are allowed (the server drops `HEAD` bodies).
    pub fn respond(&self, method: &str, url: &str) -> Response {
        if method != "GET" && method != "HEAD" {
            return Response {
                status: 405,
                content_type: content_type("txt"),
                body: b"worked serve only answers GET and HEAD\n".to_vec(),
            };
        }
        let Some(path) = resolve_path(url) else {
            return self.page(404, &not_found_page(url));
        };
        if let Some(own) = path.strip_prefix(RESERVED_PREFIX) {
            return self.own_file(own);
        }
        let Some(site) = &self.site else {
            // The very first build failed: every page is the error page until one succeeds.
            return self.page(503, &error_page());
        };
        match lookup(site, &path) {
            Some((found, bytes)) => {
                let content_type = content_type(extension(&found));
                if content_type == HTML {
                    self.page(200, &String::from_utf8_lossy(&bytes))
                } else {
                    Response {
                        status: 200,
                        content_type,
                        body: bytes.into_owned(),
                    }
                }
            }
            None => match site.files.get("404.html") {
                Some(page) => self.page(404, &String::from_utf8_lossy(page)),
                None => self.page(404, &not_found_page(url)),
            },
        }
    }

    fn own_file(&self, name: &str) -> Response {
        let (content_type, body) = match name {
            "version" | "wait" => (content_type("txt"), self.version.to_string().into_bytes()),
            "error.css" => (content_type("css"), ERROR_CSS.as_bytes().to_vec()),
            "reload.js" => (content_type("js"), RELOAD_JS.as_bytes().to_vec()),
            _ => return self.page(404, &not_found_page(name)),
        };
        Response {
            status: 200,
            content_type,
            body,
        }
    }

    /// An HTML response with the preview's additions.
    fn page(&self, status: u16, html: &str) -> Response {
        Response {
            status,
            content_type: HTML,
            body: self.decorate(html).into_bytes(),
        }
    }

    /// Adds the reload script and, while the build fails, the stylesheet and banner.
    fn decorate(&self, html: &str) -> String {
        let mut head = format!(
            "<script defer src=\"/__worked/reload.js\" data-version=\"{}\"></script>\n",
            self.version
        );
        if self.is_failing() {
            head.push_str("<link rel=\"stylesheet\" href=\"/__worked/error.css\">\n");
        }
        let html = insert_before_head_end(html, &head);
        if self.is_failing() {
            insert_after_body_start(&html, &self.banner())
        } else {
            html
        }
    }

    /// The banner: a static `<div role="alert">` of escaped text, no script.
    fn banner(&self) -> String {
        let title = if self.site.is_some() {
            "The last rebuild failed. This is the last good version of the page; fix these problems and save:"
        } else {
            "The book does not build yet. Fix these problems and save:"
        };
        let mut out = format!(
            "<div class=\"worked-build-error\" role=\"alert\">\n<p class=\"worked-build-error-title\">{title}</p>\n<ul>\n"
        );
        for problem in &self.problems {
            out.push_str("<li><code>");
            out.push_str(&escape_html(&problem.headline));
            out.push_str("</code>");
            if let Some(help) = &problem.help {
                out.push_str("<span class=\"worked-build-error-help\">help: ");
                out.push_str(&escape_html(help));
                out.push_str("</span>");
            }
            out.push_str("</li>\n");
        }
        out.push_str("</ul>\n</div>\n");
        out
    }
}

const HTML: &str = "text/html; charset=utf-8";

/// The site path a request URL names, or `None` for a path that tries to leave the site
/// (`..`, `.`, backslashes, empty segments, NUL) or is not valid percent-encoded UTF-8.
///
/// The query and fragment are dropped; `/` and any path ending in `/` name `index.html`.
pub fn resolve_path(url: &str) -> Option<String> {
    let path = url.split(['?', '#']).next().unwrap_or("");
    let path = percent_decode(path)?;
    let path = path.strip_prefix('/').unwrap_or(&path);
    let mut resolved = path.to_string();
    if resolved.is_empty() || resolved.ends_with('/') {
        resolved.push_str("index.html");
    }
    let safe = resolved.split('/').all(|segment| {
        !segment.is_empty() && segment != "." && segment != ".." && !segment.contains(['\\', '\0'])
    });
    safe.then_some(resolved)
}

/// The file for `path`: the file itself, or `path/index.html` for a folder. The print page is
/// put together only when asked for, not on every rebuild.
fn lookup<'a>(site: &'a RenderedSite, path: &str) -> Option<(String, Cow<'a, [u8]>)> {
    if let Some(bytes) = site.files.get(path) {
        return Some((path.to_string(), Cow::Borrowed(bytes)));
    }
    if let (PRINT_PAGE, Some(page)) = (path, &site.print_page) {
        return Some((path.to_string(), Cow::Owned(page.to_bytes())));
    }
    // An image or download beside the lessons is read when asked for, through the same checks
    // as when the book was loaded; one gone or swapped for a FIFO since then is not found.
    if let Some(file) = site.copied.get(path) {
        return file
            .read()
            .ok()
            .map(|bytes| (path.to_string(), Cow::Owned(bytes)));
    }
    let index = format!("{path}/index.html");
    site.files
        .get(&index)
        .map(|bytes| (index, Cow::Borrowed(&bytes[..])))
}

fn extension(path: &str) -> &str {
    let name = path.rsplit('/').next().unwrap_or(path);
    match name.rsplit_once('.') {
        Some((stem, extension)) if !stem.is_empty() => extension,
        _ => "",
    }
}

/// The `Content-Type` for a file extension (without the dot). Files without an extension, such
/// as KaTeX's `LICENSE`, are plain text.
pub fn content_type(extension: &str) -> &'static str {
    match extension.to_ascii_lowercase().as_str() {
        "html" | "htm" => HTML,
        "css" => "text/css; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "json" => "application/json",
        "txt" | "md" | "" => "text/plain; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "ttf" => "font/ttf",
        "otf" => "font/otf",
        "pdf" => "application/pdf",
        _ => "application/octet-stream",
    }
}

/// Decodes `%XX` escapes; `None` for a malformed escape or bytes that are not UTF-8.
fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

fn insert_before_head_end(html: &str, addition: &str) -> String {
    match find_ascii_case_insensitive(html, "</head>") {
        Some(at) => format!("{}{addition}{}", &html[..at], &html[at..]),
        None => format!("{addition}{html}"),
    }
}

fn insert_after_body_start(html: &str, addition: &str) -> String {
    let after_body = find_ascii_case_insensitive(html, "<body")
        .and_then(|start| html[start..].find('>').map(|end| start + end + 1));
    match after_body {
        Some(at) => format!("{}\n{addition}{}", &html[..at], &html[at..]),
        None => format!("{addition}{html}"),
    }
}

fn find_ascii_case_insensitive(haystack: &str, needle: &str) -> Option<usize> {
    haystack
        .as_bytes()
        .windows(needle.len())
        .position(|window| window.eq_ignore_ascii_case(needle.as_bytes()))
}

fn not_found_page(url: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Not found</title>\n<link rel=\"stylesheet\" href=\"/style.css\">\n</head>\n<body>\n<main id=\"main\">\n<h1>Not found</h1>\n<p>The book has no page at <code>{}</code>. <a href=\"/\">Back to the contents</a>.</p>\n</main>\n</body>\n</html>\n",
        escape_html(url)
    )
}

fn error_page() -> String {
    "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Build failed</title>\n</head>\n<body>\n<main id=\"main\">\n<p>This page appears when the book builds.</p>\n</main>\n</body>\n</html>\n".to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site() -> RenderedSite {
        let mut site = RenderedSite::default();
        let page = "<!doctype html><html><head><title>T</title></head><body class=\"x\"><p>Hello</p></body></html>";
        site.files
            .insert("index.html".to_string(), page.as_bytes().into());
        site.files
            .insert("attention.html".to_string(), page.as_bytes().into());
        site.files
            .insert("style.css".to_string(), b"body{}".as_slice().into());
        site.files.insert(
            "katex/fonts/KaTeX_Main-Regular.woff2".to_string(),
            [0, 1, 2].as_slice().into(),
        );
        site
    }

    #[test]
    fn a_copied_file_is_read_when_asked_for_and_not_found_once_gone() {
        let dir = tempfile::tempdir().unwrap();
        let image = dir.path().join("figure.png");
        std::fs::write(&image, [137, 80, 78, 71]).unwrap();
        let mut site = site();
        let checked = crate::load::regular_file::CheckedFile::check(&image, 1024).unwrap();
        site.copied.insert("img/figure.png".to_string(), checked);
        let (path, bytes) = lookup(&site, "img/figure.png").unwrap();
        assert_eq!(
            (path.as_str(), &*bytes),
            ("img/figure.png", [137, 80, 78, 71].as_slice())
        );
        std::fs::remove_file(&image).unwrap();
        assert!(lookup(&site, "img/figure.png").is_none());
    }

    #[test]
    fn only_wait_requests_name_a_version_to_wait_past() {
        assert_eq!(wait_since("/__worked/wait?since=7"), Some(7));
        assert_eq!(wait_since("/__worked/wait?x=1&since=12"), Some(12));
        assert_eq!(wait_since("/__worked/wait?since=nonsense"), Some(0));
        assert_eq!(wait_since("/__worked/version"), None);
        assert_eq!(wait_since("/attention.html?since=3"), None);
        let state = serving();
        assert_eq!(body(&state.respond("GET", "/__worked/wait?since=0")), "1");
    }

    fn serving() -> PreviewState {
        let mut state = PreviewState::new();
        state.record_success(site());
        state
    }

    fn body(response: &Response) -> String {
        String::from_utf8(response.body.clone()).unwrap()
    }

    #[test]
    fn the_root_and_folders_resolve_to_index_html() {
        assert_eq!(resolve_path("/").as_deref(), Some("index.html"));
        assert_eq!(resolve_path("").as_deref(), Some("index.html"));
        assert_eq!(resolve_path("/katex/").as_deref(), Some("katex/index.html"));
        assert_eq!(
            resolve_path("/attention.html?x=1#top").as_deref(),
            Some("attention.html")
        );
        assert_eq!(
            resolve_path("/caf%C3%A9.html").as_deref(),
            Some("café.html")
        );
    }

    #[test]
    fn paths_that_try_to_leave_the_site_are_refused() {
        for url in [
            "/../Cargo.toml",
            "/katex/../../etc/passwd",
            "/%2e%2e/secret",
            "/a/%2E%2E/b",
            "/./index.html",
            "//etc/passwd",
            "/a\\..\\b",
            "/a%5C..%5Cb",
            "/%00",
            "/%zz",
            "/%C3",
        ] {
            assert_eq!(resolve_path(url), None, "{url}");
        }
        let response = serving().respond("GET", "/../Cargo.toml");
        assert_eq!(response.status, 404);
    }

    #[test]
    fn content_types_follow_the_extension() {
        let state = serving();
        assert_eq!(
            state.respond("GET", "/").content_type,
            "text/html; charset=utf-8"
        );
        assert_eq!(
            state.respond("GET", "/style.css").content_type,
            "text/css; charset=utf-8"
        );
        let font = state.respond("GET", "/katex/fonts/KaTeX_Main-Regular.woff2");
        assert_eq!(font.content_type, "font/woff2");
        assert_eq!(font.body, vec![0, 1, 2]);
        assert_eq!(content_type("js"), "text/javascript; charset=utf-8");
        assert_eq!(content_type("svg"), "image/svg+xml");
        assert_eq!(content_type("txt"), "text/plain; charset=utf-8");
        assert_eq!(content_type("SVG"), "image/svg+xml");
        assert_eq!(extension("katex/LICENSE"), "");
        assert_eq!(extension(".hidden"), "");
        assert_eq!(content_type("exe"), "application/octet-stream");
    }

    #[test]
    fn an_unknown_path_is_a_404_page_that_escapes_the_path() {
        let response = serving().respond("GET", "/nope<b>.html");
        assert_eq!(response.status, 404);
        assert_eq!(response.content_type, HTML);
        let page = body(&response);
        assert!(page.contains("Not found"));
        assert!(page.contains("nope&lt;b&gt;.html"));
        assert!(!page.contains("<b>"));
    }

    #[test]
    fn pages_get_the_reload_script_but_the_site_is_left_unchanged() {
        let state = serving();
        let page = body(&state.respond("GET", "/attention.html"));
        assert!(page.contains(
            "<script defer src=\"/__worked/reload.js\" data-version=\"1\"></script>\n</head>"
        ));
        assert!(!page.contains("worked-build-error"));
        let stored = state.site.as_ref().unwrap().files.get("attention.html");
        assert!(!String::from_utf8_lossy(stored.unwrap()).contains("__worked"));
        // Non-HTML files are served byte for byte.
        assert_eq!(body(&state.respond("GET", "/style.css")), "body{}");
    }

    #[test]
    fn a_failed_rebuild_keeps_the_old_page_and_adds_an_escaped_banner() {
        let mut state = serving();
        state.record_failure(
            &[Diagnostic::general("bad <script>alert(1)</script> & more")
                .with_help("remove the \"script\"")],
        );
        assert!(state.is_failing());
        let page = body(&state.respond("GET", "/attention.html"));
        assert!(
            page.contains("<p>Hello</p>"),
            "the last good page is still served"
        );
        let banner_at = page
            .find("<body class=\"x\">\n<div class=\"worked-build-error\" role=\"alert\">")
            .expect("the banner opens the body");
        assert!(banner_at > page.find("</head>").unwrap());
        assert!(page.contains("bad &lt;script&gt;alert(1)&lt;/script&gt; &amp; more"));
        assert!(page.contains("help: remove the &quot;script&quot;"));
        assert!(!page.contains("<script>"));
        assert!(page.contains("<link rel=\"stylesheet\" href=\"/__worked/error.css\">"));
        // The banner is for pages only.
        assert_eq!(body(&state.respond("GET", "/style.css")), "body{}");

        state.record_success(site());
        assert!(!body(&state.respond("GET", "/")).contains("worked-build-error"));
    }

    #[test]
    fn the_banner_names_file_line_and_column() {
        let file = crate::base::source::SourceFile::new("content/a.md", "+++\ntitle = 1\n+++\n");
        let mut state = serving();
        state.record_failure(&[Diagnostic::at(&file, 12..13, "title must be a string")]);
        let page = body(&state.respond("GET", "/"));
        assert!(page.contains("<code>content/a.md:2:9: title must be a string</code>"));
    }

    #[test]
    fn before_the_first_good_build_every_page_is_the_error_page() {
        let mut state = PreviewState::new();
        state.record_failure(&[Diagnostic::general("no `content/` folder")]);
        for url in ["/", "/attention.html", "/style.css"] {
            let response = state.respond("GET", url);
            assert_eq!(response.status, 503);
            assert_eq!(response.content_type, HTML);
            let page = body(&response);
            assert!(page.contains("does not build yet"));
            assert!(page.contains("no `content/` folder"));
        }
        assert_eq!(body(&state.respond("GET", "/__worked/version")), "1");
    }

    #[test]
    fn the_preview_serves_its_own_files_and_a_version_that_changes_on_every_rebuild() {
        let mut state = serving();
        assert_eq!(body(&state.respond("GET", "/__worked/version")), "1");
        state.record_failure(&[]);
        assert_eq!(body(&state.respond("GET", "/__worked/version")), "2");
        assert!(
            state.is_failing(),
            "a failure without diagnostics still shows"
        );
        let script = state.respond("GET", "/__worked/reload.js");
        assert_eq!(script.content_type, "text/javascript; charset=utf-8");
        assert!(body(&script).contains("/__worked/wait?since="));
        let css = state.respond("GET", "/__worked/error.css");
        assert!(body(&css).contains(".worked-build-error"));
        assert_eq!(state.respond("GET", "/__worked/nope").status, 404);
    }

    #[test]
    fn only_get_and_head_are_answered() {
        let state = serving();
        assert_eq!(state.respond("POST", "/").status, 405);
        assert_eq!(state.respond("HEAD", "/").status, 200);
    }
}
