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
