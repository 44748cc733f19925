//! Which problems this build reports as warnings, from `[check]` in `book.toml`: `build` and
//! `serve` take the book's downgrades, `check` reports everything as an error.

use super::Strictness;
use crate::base::diagnostics::Diagnostic;
use crate::load::config::{CheckLevels, Level};

/// The kind of a broken link, anchor or image (see [`Diagnostic::kind`]).
pub const LINK_KIND: &str = "broken link";
/// The kind of a formula KaTeX rejects.
pub const FORMULA_KIND: &str = "bad formula";

/// What this build tolerates.
pub(super) struct Tolerated {
    pub links: bool,
    pub math: bool,
}

impl Tolerated {
    pub fn new(levels: CheckLevels, strictness: Strictness) -> Self {
        let tolerates = |level| level == Level::Warn && strictness == Strictness::Lenient;
        Tolerated {
            links: tolerates(levels.links),
            math: tolerates(levels.math),
        }
    }

    /// Files `found` problems of `kind` ([`LINK_KIND`] or [`FORMULA_KIND`]) as errors or as
    /// warnings.
    pub fn sort(
        &self,
        found: Vec<Diagnostic>,
        kind: &'static str,
        problems: &mut Vec<Diagnostic>,
        warnings: &mut Vec<Diagnostic>,
    ) {
        let tolerated = if kind == LINK_KIND {
            self.links
        } else {
            self.math
        };
        let found = found.into_iter().map(|problem| problem.with_kind(kind));
        if tolerated {
            warnings.extend(found);
        } else {
            problems.extend(found);
        }
    }
}
