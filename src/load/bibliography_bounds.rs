//! Limits a `references.bib` must keep before hayagriva reads it.
//!
//! The BibLaTeX reader hayagriva uses resolves `crossref`/`xdata` and `@string` references by
//! recursion without a limit (a self-reference overflows the stack) and costs more than linear
//! time in brace depth, chain length and `@string` doubling. Its raw pass is linear and
//! non-recursive, so the file is split with it first and each limit is checked here, each
//! problem at the line of the bib that breaks it.

use crate::base::diagnostics::Diagnostic;
use crate::base::source::SourceFile;
use biblatex::{Pair, RawBibliography, RawChunk};
use std::collections::HashMap;
use std::ops::Range;

/// Most entries one bibliography may hold.
pub const MAX_BIB_ENTRIES: usize = 5_000;

/// Deepest nesting of braces inside one field value (`{{NASA}}` is 2).
pub const MAX_BIB_BRACE_DEPTH: usize = 32;

/// Longest chain of `@string`s naming `@string`s, and of `crossref`/`xdata` parents.
pub const MAX_BIB_CHAIN: usize = 16;

/// Most text all fields may hold once every `@string` is written out.
pub const MAX_BIB_EXPANDED_BYTES: u64 = 4 << 20;

/// Most entries resolving parents may visit in all (an entry's parents, their parents, …).
const MAX_BIB_PARENT_VISITS: u64 = 100_000;

const HELP_KEY: &str = "write the key as it is, e.g. `crossref = {knuth1984}`";

/// Checks every limit above; the first broken one is the problem.
pub fn check_bounds(file: &SourceFile) -> Result<(), Diagnostic> {
    // The raw pass reports no syntax errors of its own worth keeping: hayagriva reports them.
    let Ok(raw) = RawBibliography::parse(&file.text) else {
        return Ok(());
    };
    let at = |span: Range<usize>, message: String, help: &str| {
        Diagnostic::at(file, span, message).with_help(help.to_string())
    };
    if let Some(entry) = raw.entries.get(MAX_BIB_ENTRIES) {
        return Err(at(
            entry.span.start..entry.span.start + 1,
            format!("the bibliography holds more than {MAX_BIB_ENTRIES} entries"),
            "keep the entries the book cites, or split the book",
        ));
    }
    let strings = Strings::new(&raw.abbreviations);
    let mut expanded: u64 = 0;
    let fields = raw
        .abbreviations
        .iter()
        .chain(raw.entries.iter().flat_map(|entry| entry.v.fields.iter()));
    for pair in fields {
        for chunk in &pair.value.v {
            if let RawChunk::Normal(text) = chunk.v {
                if brace_depth(text) > MAX_BIB_BRACE_DEPTH {
                    return Err(at(
                        chunk.span.clone(),
                        format!(
                            "field `{}` nests braces more than {MAX_BIB_BRACE_DEPTH} deep",
                            pair.key.v
                        ),
                        "remove the extra braces; `{{Word}}` keeps a word's capitals",
                    ));
                }
            }
        }
    }
    for entry in &raw.entries {
        for pair in &entry.v.fields {
            expanded =
                expanded.saturating_add(strings.length(&pair.value.v, 0).map_err(|problem| {
                    at(
                        pair.value.span.clone(),
                        problem,
                        "define each @string once, from text or from @strings defined before it",
                    )
                })?);
            if expanded > MAX_BIB_EXPANDED_BYTES {
                return Err(at(
                    pair.value.span.clone(),
                    format!(
                        "with its @strings written out, the bibliography would hold more than {} MiB",
                        MAX_BIB_EXPANDED_BYTES >> 20
                    ),
                    "an @string should abbreviate a name, not build text by doubling",
                ));
            }
        }
    }
    Parents::new(&raw, &strings, file)?.check(file)
}

/// The number of `{` a text is inside at its deepest (`\{` and `\}` are characters).
fn brace_depth(text: &str) -> usize {
    let (mut depth, mut deepest) = (0usize, 0usize);
    let mut bytes = text.bytes();
    while let Some(byte) = bytes.next() {
        match byte {
            b'\\' => {
                bytes.next();
            }
            b'{' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

/// The `@string`s of the file by name, as the reader resolves them (the last definition wins).
struct Strings<'a, 's> {
    by_name: HashMap<&'s str, &'a [biblatex::Spanned<RawChunk<'s>>]>,
    /// Each `@string`'s length written out, once known.
    lengths: std::cell::RefCell<HashMap<&'s str, u64>>,
}

/// Most parts one key (`crossref`, `xdata`, `ids`) may be built from, `@string`s written out.
const MAX_KEY_PARTS: usize = 1024;

impl<'a, 's> Strings<'a, 's> {
    fn new(pairs: &'a [Pair<'s>]) -> Self {
        let by_name = pairs
            .iter()
            .map(|pair| (pair.key.v, pair.value.v.as_slice()))
            .collect();
        Strings {
            by_name,
            lengths: Default::default(),
        }
    }

    /// The bytes `value` holds written out, saturating; an error past [`MAX_BIB_CHAIN`] links
    /// (a cycle is such a chain). Each `@string`'s length is computed once.
    fn length(
        &self,
        value: &[biblatex::Spanned<RawChunk<'s>>],
        depth: usize,
    ) -> Result<u64, String> {
        let mut total: u64 = 0;
        for chunk in value {
            total = total.saturating_add(match chunk.v {
                RawChunk::Normal(text) => text.len() as u64,
                RawChunk::Abbreviation(name) => match self.by_name.get(name) {
                    Some(_) if depth >= MAX_BIB_CHAIN => {
                        return Err(format!(
                            "@string `{name}` is defined through more than {MAX_BIB_CHAIN} other @strings (or through itself)"
                        ))
                    }
                    Some(inner) => {
                        let known = self.lengths.borrow().get(name).copied();
                        match known {
                            Some(length) => length,
                            None => {
                                let length = self.length(inner, depth + 1)?;
                                self.lengths.borrow_mut().insert(name, length);
                                length
                            }
                        }
                    }
                    None => name.len() as u64,
                },
            });
            if total > MAX_BIB_EXPANDED_BYTES {
                break;
            }
        }
        Ok(total)
    }

    /// The text of `value` as a key, or why it cannot be one.
    fn key_text(&self, value: &[biblatex::Spanned<RawChunk<'_>>]) -> Result<String, String> {
        let mut text = String::new();
        self.write_key(value, 0, &mut 0, &mut text)?;
        if text.contains(['\\', '$']) {
            return Err("a key here cannot hold `\\` or `$`".to_string());
        }
        Ok(text)
    }

    fn write_key(
        &self,
        value: &[biblatex::Spanned<RawChunk<'_>>],
        depth: usize,
        parts: &mut usize,
        text: &mut String,
    ) -> Result<(), String> {
        for chunk in value {
            *parts += 1;
            if *parts > MAX_KEY_PARTS || text.len() > 1024 {
                return Err("this key is longer than a key can be".to_string());
            }
            match chunk.v {
                RawChunk::Normal(part) => {
                    text.extend(part.chars().filter(|c| !matches!(c, '{' | '}')))
                }
                RawChunk::Abbreviation(name) => match self.by_name.get(name) {
                    Some(_) if depth >= MAX_BIB_CHAIN => {
                        return Err(format!("@string `{name}` is defined through itself"))
                    }
                    Some(inner) => self.write_key(inner, depth + 1, parts, text)?,
                    None => text.push_str(name),
                },
            }
        }
        Ok(())
    }
}

/// Each entry's `crossref` and `xdata` parents, by entry index.
struct Parents {
    parents: Vec<Vec<usize>>,
    spans: Vec<Range<usize>>,
    keys: Vec<String>,
}

impl Parents {
    fn new<'s>(
        raw: &RawBibliography<'s>,
        strings: &Strings<'_, 's>,
        file: &SourceFile,
    ) -> Result<Self, Diagnostic> {
        let field = |entry: &biblatex::RawEntry<'s>, name: &str| {
            entry
                .fields
                .iter()
                .rev()
                .find(|pair| pair.key.v.eq_ignore_ascii_case(name))
                .map(|pair| {
                    strings.key_text(&pair.value.v).map_err(|problem| {
                        Diagnostic::at(
                            file,
                            pair.value.span.clone(),
                            format!("field `{name}`: {problem}"),
                        )
                        .with_help(HELP_KEY)
                    })
                })
                .transpose()
        };
        // Keys, then aliases (`ids`), each later one winning, as the reader looks them up.
        let mut index: HashMap<String, usize> = HashMap::new();
        for (at, entry) in raw.entries.iter().enumerate() {
            index.insert(entry.v.key.v.to_string(), at);
            if let Some(ids) = field(&entry.v, "ids")? {
                for alias in ids.split(',') {
                    index.insert(alias.trim().to_string(), at);
                }
            }
        }
        let mut parents = Vec::with_capacity(raw.entries.len());
        for entry in &raw.entries {
            let mut named = Vec::new();
            if let Some(key) = field(&entry.v, "crossref")? {
                named.extend(index.get(key.trim()).copied());
            }
            if let Some(keys) = field(&entry.v, "xdata")? {
                named.extend(
                    keys.split(',')
                        .filter_map(|key| index.get(key.trim()).copied()),
                );
            }
            parents.push(named);
        }
        Ok(Parents {
            parents,
            spans: raw.entries.iter().map(|entry| entry.span.clone()).collect(),
            keys: raw
                .entries
                .iter()
                .map(|entry| entry.v.key.v.to_string())
                .collect(),
        })
    }

    /// No cycle, no chain longer than [`MAX_BIB_CHAIN`], and at most
    /// [`MAX_BIB_PARENT_VISITS`] visits resolving them all (the reader resolves each path).
    fn check(&self, file: &SourceFile) -> Result<(), Diagnostic> {
        // visits[e]: entries resolving `e` visits, itself included; computed deepest first.
        let mut visits: Vec<Option<u64>> = vec![None; self.parents.len()];
        let mut total: u64 = 0;
        for start in 0..self.parents.len() {
            total = total.saturating_add(self.visits(start, &mut visits, &mut Vec::new(), file)?);
            if total > MAX_BIB_PARENT_VISITS {
                return Err(self.problem(
                    file,
                    start,
                    format!("resolving the bibliography's crossref and xdata parents would visit more than {MAX_BIB_PARENT_VISITS} entries"),
                ));
            }
        }
        Ok(())
    }

    fn visits(
        &self,
        entry: usize,
        visits: &mut Vec<Option<u64>>,
        chain: &mut Vec<usize>,
        file: &SourceFile,
    ) -> Result<u64, Diagnostic> {
        if let Some(known) = visits[entry] {
            return Ok(known);
        }
        if chain.contains(&entry) {
            let around: Vec<&str> = chain
                .iter()
                .skip_while(|&&at| at != entry)
                .map(|&at| self.keys[at].as_str())
                .collect();
            return Err(self.problem(
                file,
                entry,
                format!(
                    "entry `{}` is its own crossref or xdata parent (through {})",
                    self.keys[entry],
                    around.join(" → ")
                ),
            ));
        }
        if chain.len() >= MAX_BIB_CHAIN {
            return Err(self.problem(
                file,
                entry,
                format!(
                    "crossref and xdata parents chain more than {MAX_BIB_CHAIN} entries deep here"
                ),
            ));
        }
        chain.push(entry);
        let mut count: u64 = 1;
        for &parent in &self.parents[entry] {
            count = count.saturating_add(self.visits(parent, visits, chain, file)?);
        }
        chain.pop();
        visits[entry] = Some(count);
        Ok(count)
    }

    fn problem(&self, file: &SourceFile, entry: usize, message: String) -> Diagnostic {
        let start = self.spans[entry].start;
        Diagnostic::at(file, start..start + 1, message)
            .with_help("a crossref or xdata field names a parent entry; parents must not lead back, nor chain deeper than a book, its collection and its series")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str) -> Result<(), String> {
        check_bounds(&SourceFile::new("refs.bib", text)).map_err(|problem| problem.render())
    }

    const ENTRY: &str = "@book{b, title = {{NASA} Book}, year = {2000}}\n";

    #[test]
    fn an_ordinary_bibliography_keeps_every_limit() {
        check(&format!(
            "@string{{pub = \"Press\"}}\n{ENTRY}@inbook{{a, crossref = {{b}}, publisher = pub # \" Ltd\", title = {{A}}}}\n"
        ))
        .unwrap();
    }

    #[test]
    fn crossref_and_xdata_cycles_are_errors_at_the_entry() {
        for bib in [
            "@inbook{a, crossref = {a}, title = {A}, year = {2000}}",
            "\n@inbook{a, crossref = {b}}\n@inbook{b, crossref = {a}}",
            "\n@inbook{a, xdata = {x, b}}\n@inbook{b, crossref = {a}}",
            "\n@inbook{a, ids = {z}, crossref = z}",
            "\n@string{k = \"a\"}\n@inbook{a, crossref = k}",
        ] {
            let problem = check(bib).unwrap_err();
            assert!(problem.contains("its own crossref"), "{bib}: {problem}");
            assert!(problem.contains("refs.bib:"), "{problem}");
        }
    }

    #[test]
    fn long_chains_and_fanning_parents_are_errors() {
        let chain: String = (0..40)
            .map(|at| format!("@inbook{{e{at}, crossref = {{e{}}}}}\n", at + 1))
            .collect();
        assert!(check(&chain)
            .unwrap_err()
            .contains("more than 16 entries deep"));
        // Each entry names the next ten times: 10^12 paths from 13 entries.
        let fan: String = (0..13)
            .map(|at| {
                format!(
                    "@misc{{f{at}, xdata = {{{}}}}}\n",
                    vec![format!("f{}", at + 1); 10].join(",")
                )
            })
            .collect();
        assert!(check(&fan).unwrap_err().contains("would visit more than"));
    }

    /// An @string of `bytes` bytes doubled `times` times, and an entry using the last.
    fn doubling(bytes: usize, times: usize) -> String {
        let mut bib = format!("@string{{s0 = \"{}\"}}\n", "x".repeat(bytes));
        for at in 1..=times {
            bib.push_str(&format!("@string{{s{at} = s{0} # s{0}}}\n", at - 1));
        }
        bib + &format!("@misc{{x, title = s{times}}}\n")
    }

    #[test]
    fn string_cycles_doubling_and_deep_braces_are_errors_at_their_line() {
        let cycle = "@string{a = b}\n@string{b = a}\n@misc{x, title = a}";
        assert!(check(cycle).unwrap_err().contains("through more than 16"));
        let problem = check(&doubling(1024, 13)).unwrap_err();
        assert!(problem.contains("more than 4 MiB"), "{problem}");
        assert!(problem.contains("refs.bib:15:"), "{problem}");
        check(&doubling(1024, 11)).unwrap();
        // Empty strings doubled a thousandfold at each step: nothing to add, much to visit.
        let mut empties = String::from("@string{e0 = \"\"}\n");
        for at in 1..=15 {
            let parts = vec![format!("e{}", at - 1); 1000].join(" # ");
            empties.push_str(&format!("@string{{e{at} = {parts}}}\n"));
        }
        empties.push_str("@misc{x, title = e15, crossref = e15}\n");
        let problem = check(&empties).unwrap_err();
        assert!(problem.contains("longer than a key can be"), "{problem}");
        let deep = format!(
            "\n@misc{{x, title = {{{}x{}}}}}",
            "{".repeat(100_000),
            "}".repeat(100_000)
        );
        let problem = check(&deep).unwrap_err();
        assert!(
            problem.contains("nests braces more than 32 deep") && problem.contains("refs.bib:2:"),
            "{problem}"
        );
    }

    #[test]
    fn too_many_entries_is_an_error_at_the_first_one_past_the_limit() {
        let many: String = (0..=MAX_BIB_ENTRIES)
            .map(|at| format!("@misc{{k{at}, title = {{T}}}}\n"))
            .collect();
        let problem = check(&many).unwrap_err();
        assert!(
            problem.contains(&format!("refs.bib:{}:", MAX_BIB_ENTRIES + 1)),
            "{problem}"
        );
    }
}
