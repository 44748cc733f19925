//! mdBook's `src/404.md`, the page a server shows for a missing address, becomes the new
//! book's not-found page: a `templates/404.html` that is the built-in one with the article
//! holding the chapter's text (its Markdown rendered once, here; `{` written `&#123;` so the
//! template engine reads none of it).

use crate::load::theme::{built_in_template, TEMPLATES_DIR};
use std::path::PathBuf;

/// The file mdBook makes its 404 page from (`[output.html] input-404`'s default).
pub const NOT_FOUND_CHAPTER: &str = "404.md";

/// The template (its path under the new book, and its text) for the chapter `markdown`.
pub fn not_found_template(markdown: &str) -> Result<(PathBuf, String), String> {
    let name = crate::pipeline::NOT_FOUND_PAGE;
    let built_in = built_in_template(name)
        .ok_or_else(|| format!("the built-in template {name} is missing"))?;
    let (start, end) = built_in
        .find("<article")
        .zip(built_in.find("</article>"))
        .ok_or_else(|| format!("the built-in template {name} has no <article>"))?;
    let mut html = String::new();
    let options = pulldown_cmark::Options::ENABLE_TABLES;
    pulldown_cmark::html::push_html(
        &mut html,
        pulldown_cmark::Parser::new_ext(markdown, options),
    );
    let article = format!(
        "<article class=\"lesson-article not-found-article\">\n{}",
        html.replace('{', "&#123;")
    );
    let text = format!("{}{article}{}", &built_in[..start], &built_in[end..]);
    Ok((PathBuf::from(TEMPLATES_DIR).join(name), text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chapter_replaces_the_article_and_its_braces_are_not_template_syntax() {
        let (path, text) = not_found_template("# Lost\n\nNothing at {{ here }}.\n").unwrap();
        assert_eq!(path, PathBuf::from("templates/404.html"));
        assert!(
            text.contains("<h1>Lost</h1>\n<p>Nothing at &#123;&#123; here }}.</p>\n</article>"),
            "{text}"
        );
        assert!(text.starts_with("{% extends \"base.html\" %}"), "{text}");
        assert!(!text.contains("Page not found</h1>"), "{text}");
    }
}
