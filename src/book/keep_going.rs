//! Keep-going lists: the lessons a page suggests next, named in its front matter by slug or by
//! folder and slug. Checked once for the whole book, resolved again for each page's cards.

use crate::base::diagnostics::Diagnostic;
use crate::load::content::Lesson;

/// Every keep-going entry must name a published lesson of this book: a bare slug names a
/// lesson in the same folder, else the one lesson anywhere with that slug; `part/chapter`
/// names a lesson by its folder and slug from `content/` (a section by its folder alone).
pub fn keep_going_problems(lessons: &[Lesson], left_out: &[Lesson]) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    for lesson in lessons {
        for (name, span) in &lesson.keep_going {
            let problem = match resolve_keep_going(lesson, name, lessons) {
                Ok(_) => continue,
                Err(problem) => problem,
            };
            let (message, help) = if resolve_keep_going(lesson, name, left_out).is_ok() {
                (
                    format!("\"{name}\" is a draft"),
                    "drafts are left out of the published book; remove `draft = true` there, or this entry".to_string(),
                )
            } else {
                problem
            };
            problems.push(
                Diagnostic::at(&lesson.source, span.clone(), message)
                    .with_label("listed in keep_going")
                    .with_help(help),
            );
        }
    }
    problems
}

/// The lesson a keep-going entry of `from` names (see [`keep_going_problems`]).
pub fn resolve_keep_going<'a>(
    from: &Lesson,
    name: &str,
    lessons: &'a [Lesson],
) -> Result<&'a Lesson, (String, String)> {
    if name.contains('/') {
        return lessons
            .iter()
            .find(|lesson| lesson.book_path() == name.trim_matches('/'))
            .ok_or_else(|| {
                (
                    format!("no lesson is at \"{name}\""),
                    "write a lesson's folder and slug from content/, e.g. \"background/fields\""
                        .to_string(),
                )
            });
    }
    if let Some(sibling) = lessons
        .iter()
        .find(|lesson| !lesson.section && lesson.folder == from.folder && lesson.slug == name)
    {
        return Ok(sibling);
    }
    let matches: Vec<&Lesson> = lessons
        .iter()
        .filter(|lesson| !lesson.section && lesson.slug == name)
        .collect();
    match matches.as_slice() {
        [one] => Ok(one),
        [] => {
            let slugs: Vec<String> = lessons.iter().map(Lesson::book_path).collect();
            Err((
                format!("no lesson has the slug \"{name}\""),
                format!("lessons in this book: {}", slugs.join(", ")),
            ))
        }
        several => {
            let paths: Vec<String> = several.iter().map(|lesson| lesson.book_path()).collect();
            Err((
                format!("several lessons have the slug \"{name}\""),
                format!("name one by its folder: {}", paths.join(", ")),
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::navigation::tests::lesson;

    fn book() -> Vec<Lesson> {
        vec![
            lesson("content/a/intro.md", ""),
            lesson("content/a/fields.md", ""),
            lesson("content/b/intro.md", ""),
            lesson("content/b/rings.md", ""),
            lesson("content/b/index.md", ""),
        ]
    }

    fn resolved(from: usize, name: &str) -> Result<String, String> {
        let lessons = book();
        resolve_keep_going(&lessons[from], name, &lessons)
            .map(Lesson::book_path)
            .map_err(|(message, _)| message)
    }

    #[test]
    fn a_bare_slug_names_a_sibling_first_then_the_one_lesson_anywhere() {
        assert_eq!(resolved(1, "intro"), Ok("a/intro".to_string()));
        assert_eq!(resolved(3, "intro"), Ok("b/intro".to_string()));
        assert_eq!(resolved(0, "rings"), Ok("b/rings".to_string()));
    }

    #[test]
    fn a_path_names_a_lesson_by_folder_and_slug_and_a_section_by_its_folder() {
        assert_eq!(resolved(3, "a/intro"), Ok("a/intro".to_string()));
        assert_eq!(resolved(0, "/b/"), Ok("b".to_string()));
        assert_eq!(
            resolved(0, "c/intro"),
            Err("no lesson is at \"c/intro\"".to_string())
        );
    }

    #[test]
    fn an_unknown_or_ambiguous_slug_is_a_problem_that_says_which() {
        assert_eq!(
            resolved(0, "groups"),
            Err("no lesson has the slug \"groups\"".to_string())
        );
        let lessons = vec![
            lesson("content/a/intro.md", ""),
            lesson("content/b/intro.md", ""),
            lesson("content/c/x.md", ""),
        ];
        let (message, help) = resolve_keep_going(&lessons[2], "intro", &lessons).unwrap_err();
        assert_eq!(message, "several lessons have the slug \"intro\"");
        assert_eq!(help, "name one by its folder: a/intro, b/intro");
    }

    #[test]
    fn an_entry_naming_a_draft_says_so_and_a_good_one_says_nothing() {
        let published = vec![
            lesson("content/a.md", "keep_going = [\"b\", \"c\"]"),
            lesson("content/c.md", ""),
        ];
        let drafts = vec![lesson("content/b.md", "draft = true")];
        let problems = keep_going_problems(&published, &drafts);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(
            problems[0].to_string().contains("\"b\" is a draft"),
            "{}",
            problems[0]
        );
    }
}
