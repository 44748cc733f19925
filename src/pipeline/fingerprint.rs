//! The book's fingerprint: when it is unchanged, a lesson whose own file is unchanged has an
//! unchanged page, so `serve` takes the page from the cache instead of laying it out again.

use super::Drafts;
use crate::load::config::BookConfig;
use crate::load::content::{Asset, Lesson};
use crate::load::theme::Theme;
use std::collections::hash_map::DefaultHasher;
use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};

/// A hash of everything outside a lesson's own file that its page shows or depends on: the
/// settings (macros included), whether drafts are shown, the templates, the names of static
/// files and assets (links are checked against them), and every lesson's place, title,
/// summary, weight and keep-going list (previous and next links, breadcrumbs, cards). A cached
/// page is reused only while this is unchanged. Keep it in step with what [`super::pages`] shows:
/// the destructuring below fails to compile when a field is added, so that it is considered.
pub(super) fn book_fingerprint(
    config: &BookConfig,
    theme: &Theme,
    lessons: &[Lesson],
    assets: &BTreeMap<String, Asset>,
    drafts: Drafts,
) -> u64 {
    let mut hasher = DefaultHasher::new();
    let BookConfig {
        title,
        description,
        author,
        language,
        decimals,
        base_url,
        macros,
        macros_file,
        check,
        contents,
        ids,
        bibliography,
        citation_style,
        print,
        math_output,
        // Only the print page, put together on every build, reads it.
        print_math: _,
        // Only the search index, written whole on every build, reads them.
        search_synonyms: _,
    } = config;
    (
        title,
        description,
        author,
        language,
        decimals,
        base_url,
        macros,
        check,
        ids,
        bibliography,
        citation_style,
        print,
    )
        .hash(&mut hasher);
    math_output.hash(&mut hasher);
    macros_file.as_ref().map(|(name, _)| name).hash(&mut hasher);
    contents.as_ref().map(|(name, _)| name).hash(&mut hasher);
    (drafts == Drafts::Show).hash(&mut hasher);
    theme.templates.hash(&mut hasher);
    theme
        .static_files
        .keys()
        .for_each(|name| name.hash(&mut hasher));
    assets.keys().for_each(|name| name.hash(&mut hasher));
    // Compute inputs read data files: a changed file changes the pages that read it.
    assets
        .iter()
        .filter(|(_, asset)| matches!(asset, Asset::Data(_)))
        .for_each(|file| file.hash(&mut hasher));
    lessons.len().hash(&mut hasher);
    for lesson in lessons {
        let Lesson {
            source,
            slug,
            folder,
            section,
            draft,
            title,
            weight,
            summary,
            keep_going,
            body: _,
            page_title,
            // Hashed once above, with the assets.
            data: _,
        } = lesson;
        (
            &source.path,
            slug,
            folder,
            section,
            draft,
            title,
            weight,
            summary,
            page_title,
        )
            .hash(&mut hasher);
        keep_going.len().hash(&mut hasher);
        keep_going
            .iter()
            .for_each(|(name, _)| name.hash(&mut hasher));
    }
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::source::SourceFile;
    use crate::load::content::parse_lesson;
    use std::path::Path;

    fn lesson(path: &str, front: &str, body: &str) -> Lesson {
        let text = format!("+++\ntitle = \"{path}\"\n{front}\n+++\n{body}");
        parse_lesson(SourceFile::new(path, text), Path::new(path)).unwrap()
    }

    fn fingerprint(lessons: &[Lesson], drafts: Drafts) -> u64 {
        let config = BookConfig::defaults_for(Path::new("book"));
        let theme = Theme {
            templates: BTreeMap::from([("lesson.html".into(), "{{ page }}".into())]),
            static_files: BTreeMap::new(),
        };
        book_fingerprint(&config, &theme, lessons, &BTreeMap::new(), drafts)
    }

    #[test]
    fn a_lesson_s_own_text_leaves_the_book_s_fingerprint_alone_but_its_place_does_not() {
        let book = [
            lesson("content/a.md", "", "One."),
            lesson("content/b.md", "", ""),
        ];
        let before = fingerprint(&book, Drafts::LeaveOut);
        let edited = [
            lesson("content/a.md", "", "Two."),
            lesson("content/b.md", "", ""),
        ];
        assert_eq!(fingerprint(&edited, Drafts::LeaveOut), before);
        let renamed = [
            lesson("content/a.md", "slug = \"a2\"", "One."),
            book[1].clone(),
        ];
        assert_ne!(fingerprint(&renamed, Drafts::LeaveOut), before);
        let summarised = [
            lesson("content/a.md", "summary = \"S.\"", "One."),
            book[1].clone(),
        ];
        assert_ne!(fingerprint(&summarised, Drafts::LeaveOut), before);
        let reweighed = [
            lesson("content/a.md", "weight = 9", "One."),
            book[1].clone(),
        ];
        assert_ne!(fingerprint(&reweighed, Drafts::LeaveOut), before);
        assert_ne!(fingerprint(&book, Drafts::Show), before);
    }
}
