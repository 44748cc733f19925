//! Finding computed values typed by hand, and the reference that should print each.
//!
//! Two halves. [`find_numbers`] reads a piece of prose or math and returns the numbers written
//! in it the way values are printed: decimals (`0.187`, `.5`), percentages (`66.5%`, `12\%` in
//! math), scientific notation (`1e-5`, `2.5E3`), grouped thousands (`12,000`) and integers of
//! three or more digits (`4694`). Section and version numbers (`2.4.1`, `Section 2.4`), ranges
//! (`6..9`), names (`GPT-3.5`, `fig-1.5.png`, `h1.weights`) and small integers are not such
//! numbers. [`Printable`] holds every number a lesson's examples print (each entry of each
//! quantity, and each value a reference of the lesson computes) and finds the one that prints
//! the same as a written number at the written precision, through `present::printed`: the
//! formatting the page itself uses. Nothing here computes with example data.

use crate::compute::Quantity;
use crate::expand::reference::Reference;
use crate::present::printed::{entries, printed};
use crate::present::Precision;
use std::collections::HashMap;
use std::ops::Range;
use std::sync::{Arc, Mutex};

/// Most numbers of one lesson's examples that typed numbers are compared with; beyond it (a
/// page of 512×1024 matrices) the first ones are used.
pub const MAX_PRINTABLE: usize = 100_000;

/// Words after which a number names a part of a text, not a value (`Section 2.4`).
const NUMBERING_WORDS: [&str; 14] = [
    "section", "sections", "chapter", "chapters", "figure", "fig", "table", "equation", "eq",
    "version", "appendix", "part", "lesson", "§",
];

/// How a number is written; decides how it is compared and how the hint reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// `0.187`, `4694`, `12,000`.
    Plain,
    /// `66.5%`: compared as the proportion `0.665`.
    Percent,
    /// `1e-5`: compared at its significant figures.
    Scientific,
}

/// A number written in prose or math.
#[derive(Debug, Clone, PartialEq)]
pub struct Written {
    /// Where it is in the scanned text, sign and `%` included.
    pub range: Range<usize>,
    /// The number as written.
    pub text: String,
    /// How it is written.
    pub form: Form,
    /// The precision it is written at (for a percentage, that of the proportion).
    pub precision: Precision,
    /// The number as the page prints it at `precision`, without sign: `0.665` for `66.5%`.
    pub unsigned: String,
    /// The number it stands for, without sign (the proportion, for a percentage).
    pub value: f64,
    /// Written with a minus sign.
    pub negative: bool,
    /// Has a decimal point: the kind of number that is reported even when nothing matches.
    pub has_point: bool,
    /// Has one significant figure (`0.5`, `1e-5`, `50%`), so it is close to many values.
    pub one_figure: bool,
}

/// Where a piece of text stands: a hyphen joins a name in prose (`GPT-3.5`) but subtracts in
/// math (`x-0.5`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// Running text.
    Prose,
    /// Inside `$…$` or `$$…$$`.
    Math,
}

/// The numbers written in `text` (see the module documentation for what counts).
pub fn find_numbers(text: &str, place: Place) -> Vec<Written> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let starts = bytes[at].is_ascii_digit()
            || (bytes[at] == b'.' && bytes.get(at + 1).is_some_and(u8::is_ascii_digit));
        if !starts || glued_before(text, at, place) {
            at += text[at..].chars().next().map_or(1, char::len_utf8);
            continue;
        }
        let (end, written) = read_number(text, at, place);
        if let Some(written) = written {
            found.push(written);
        }
        at = end.max(at + 1);
    }
    found
}

/// Whether the character before `at` makes the digits there part of something else: a word or
/// identifier (`h1`, `w_2`), a range or version (`6..9`, `v.2`), a path or anchor, or a
/// hyphenated name in prose (`GPT-3.5`).
fn glued_before(text: &str, at: usize, place: Place) -> bool {
    let mut before = text[..at].chars().rev();
    match before.next() {
        None => false,
        Some(c) if c.is_alphanumeric() || "_./#@\\".contains(c) => true,
        Some('-') => place == Place::Prose && before.next().is_some_and(char::is_alphabetic),
        _ => false,
    }
}

/// Whether the minus sign ending `before` makes the number after it negative: in prose unless
/// it joins a name, in math unless it follows an operand (`x - 0.5` subtracts).
fn is_sign(before: &str, place: Place) -> bool {
    let mut rest = before.chars().rev();
    let Some(minus @ ('-' | '\u{2212}')) = rest.next() else {
        return false;
    };
    match place {
        Place::Prose => !glued_before(before, before.len() - minus.len_utf8(), place),
        Place::Math => !rest
            .find(|c| !c.is_whitespace())
            .is_some_and(|c| c.is_alphanumeric() || "})]|".contains(c)),
    }
}

/// Reads the number starting at `start`; returns where it ends and, if it is a number of the
/// kinds the check compares, what was written.
fn read_number(text: &str, start: usize, place: Place) -> (usize, Option<Written>) {
    let bytes = text.as_bytes();
    let digits_from = |from: usize| {
        bytes[from..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count()
    };
    let mut at = start + digits_from(start);
    let integer_digits = at - start;
    let mut grouped = false;
    if (1..=3).contains(&integer_digits) {
        while bytes.get(at) == Some(&b',')
            && digits_from(at + 1) == 3
            && !bytes.get(at + 4).is_some_and(u8::is_ascii_digit)
        {
            grouped = true;
            at += 4;
        }
    }
    let mut fraction_digits = 0;
    if bytes.get(at) == Some(&b'.') && bytes.get(at + 1).is_some_and(u8::is_ascii_digit) {
        fraction_digits = digits_from(at + 1);
        at += 1 + fraction_digits;
    }
    // A second point, a range or a file name: `2.4.1`, `6..9`, `fig-1.5.png`.
    if bytes.get(at) == Some(&b'.')
        && bytes
            .get(at + 1)
            .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'.')
    {
        let end = at
            + bytes[at..]
                .iter()
                .take_while(|b| b.is_ascii_alphanumeric() || **b == b'.')
                .count();
        return (end, None);
    }
    let mantissa_end = at;
    let mut form = Form::Plain;
    let mut exponent = None;
    if matches!(bytes.get(at), Some(b'e' | b'E')) {
        let sign = usize::from(matches!(bytes.get(at + 1), Some(b'-' | b'+')));
        let count = digits_from(at + 1 + sign);
        if count > 0 {
            exponent = Some(&text[at + 1..at + 1 + sign + count]);
            form = Form::Scientific;
            at += 1 + sign + count;
        }
    }
    if form == Form::Plain {
        // `96 %` with a space (plain, no-break or thin) is a percentage too.
        let spaced = text[at..]
            .chars()
            .next()
            .filter(|c| [' ', '\u{a0}', '\u{2009}', '\u{202f}'].contains(c))
            .map_or(0, char::len_utf8);
        if text[at + spaced..].starts_with('%') {
            form = Form::Percent;
            at += spaced + 1;
        } else if text[at + spaced..].starts_with("\\%") {
            form = Form::Percent;
            at += spaced + 2;
        }
    }
    // `3rd`, `2x`, `512d`: a word, not a number (a coefficient in math is one: `0.5x`).
    let glued_after = form != Form::Percent
        && text[at..]
            .chars()
            .next()
            .is_some_and(|c| c.is_alphanumeric() || c == '_');
    let mantissa = text[start..mantissa_end].replace(',', "");
    let has_point = fraction_digits > 0;
    let counts = has_point || form != Form::Plain || integer_digits >= 3 || grouped;
    if glued_after && !mantissa.contains('.') || !counts || after_numbering_word(text, start) {
        return (at, None);
    }
    let figures = significant_figures(&mantissa, form == Form::Plain && !has_point);
    let (precision, decimal) = match (form, exponent) {
        (Form::Scientific, Some(exponent)) => (
            Precision::Significant(figures.max(1)),
            format!("{mantissa}e{exponent}"),
        ),
        (Form::Percent, _) => (
            Precision::Decimals(fraction_digits + 2),
            shift_point_left(&mantissa, 2),
        ),
        _ => (Precision::Decimals(fraction_digits), mantissa.clone()),
    };
    let Ok(value) = decimal.parse::<f64>() else {
        return (at, None);
    };
    let (sign_start, negative) = match text[..start].chars().next_back() {
        Some(minus) if is_sign(&text[..start], place) => (start - minus.len_utf8(), true),
        _ => (start, false),
    };
    let written = Written {
        range: sign_start..at,
        text: text[sign_start..at].to_string(),
        form,
        precision,
        unsigned: printed(value, precision),
        value,
        negative,
        has_point,
        one_figure: figures <= 1,
    };
    (at, Some(written))
}

/// Whether the number at `start` follows a word such as "Section" or "Table".
fn after_numbering_word(text: &str, start: usize) -> bool {
    let before = text[..start].trim_end_matches([' ', '\u{a0}']);
    if before.len() == start {
        return before.ends_with('§');
    }
    let word: String = before
        .chars()
        .rev()
        .take_while(|c| c.is_alphabetic() || *c == '§')
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect::<String>()
        .to_lowercase();
    let word = word.trim_end_matches('.');
    NUMBERING_WORDS.contains(&word) || before.ends_with("No.") || before.ends_with("no.")
}

/// Significant figures of digits as written (`0.0450` → 3, `12000` → 2 when `integer`).
fn significant_figures(mantissa: &str, integer: bool) -> usize {
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let digits = digits.trim_start_matches('0');
    let digits = if integer {
        digits.trim_end_matches('0')
    } else {
        digits
    };
    digits.len()
}

/// `66.5` → `0.665`, `12` → `0.12`: the decimal point moved `places` to the left, in text, so
/// the proportion is exactly what was written.
fn shift_point_left(number: &str, places: usize) -> String {
    let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
    let whole = format!("{}{whole}", "0".repeat(places));
    let split = whole.len() - places;
    format!("{}.{}{fraction}", &whole[..split], &whole[split..])
}

/// A number the lesson's examples can print, and the reference that prints it.
#[derive(Debug, Clone)]
struct Candidate {
    /// The reference, spelled as an author writes it: `cat.weights[cat, sat]`.
    spelling: String,
    value: f64,
    /// What the reference prints at without a precision filter.
    default: Precision,
    /// How plausible a match with it is.
    kind: CandidateKind,
    /// Where in the file it is printed (a reference) or defined (an example's name), if known.
    at: Option<usize>,
}

/// Quantities with more entries than this are long (a loss history, a data set): a written
/// number matches one of their entries by chance far more often than it was typed from it.
pub const LONG_QUANTITY: usize = 20;

/// Where a candidate comes from, for how plausible a match with it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CandidateKind {
    /// A scalar, a reference's value, an entry of a short computed value, or the first or last
    /// entry of a long one (where a history starts and ends).
    Plain,
    /// An entry of an input vector or matrix (data), or of a long value (any entry): a round
    /// constant (`0.5`, `1e-3`) written in prose is not taken from it.
    Bulk,
    /// An interior entry of a long value: matched only by a number of three or more figures.
    Interior,
}

/// Whether a candidate of `kind` is a plausible source of `written`.
fn plausible(kind: CandidateKind, written: &Written) -> bool {
    match kind {
        CandidateKind::Plain => true,
        CandidateKind::Bulk => !written.one_figure,
        CandidateKind::Interior => written.figures() >= 3,
    }
}

impl Written {
    /// Significant figures as written: `0.025` (2.5%) has 2, `1,024` has 4, `12,000` has 2.
    pub fn figures(&self) -> usize {
        let integer = self.form == Form::Plain && !self.has_point;
        significant_figures(&self.unsigned, integer)
    }
}

/// How near a candidate at `at` is to a written number at `near` in `text`: 0 in the same
/// paragraph, 1 in the same section, 2 elsewhere (or not known), then the distance in bytes.
fn nearness(text: &str, near: usize, at: Option<usize>) -> (u8, usize) {
    let Some(at) = at else {
        return (2, usize::MAX);
    };
    let (low, high) = (near.min(at), near.max(at).min(text.len()));
    let between = text.get(low.min(high)..high).unwrap_or_default();
    let class = if !between.contains("\n\n") && !between.contains("\n\r\n") {
        0
    } else if !between.lines().skip(1).any(|line| line.starts_with('#')) {
        1
    } else {
        2
    };
    (class, high - low)
}

/// Printed text → the candidates printing it, in order.
type ByPrint = HashMap<String, Vec<usize>>;

/// The numbers one example prints, and their lookup tables by precision: made once per
/// evaluation and shared by every build that reuses it, so a prose edit formats none of an
/// example's numbers again (a page of 1,000 × 64 matrices has 100,000 of them).
#[derive(Debug)]
pub struct ExampleNumbers {
    /// The book's `decimals` the candidates print computed values at.
    decimals: usize,
    /// Each without a place: the lesson gives its example's.
    candidates: Vec<Candidate>,
    by_print: Mutex<HashMap<Precision, Arc<ByPrint>>>,
}

impl ExampleNumbers {
    /// The numbers `add` puts in, at the book's `decimals`.
    pub fn new(decimals: usize, add: impl FnOnce(&mut Printable)) -> Self {
        let mut printable = Printable::default();
        add(&mut printable);
        let mut candidates = printable.candidates;
        for candidate in &mut candidates {
            candidate.at = None;
        }
        ExampleNumbers {
            decimals,
            candidates,
            by_print: Mutex::default(),
        }
    }

    /// The book's `decimals` these numbers were made at.
    pub fn decimals(&self) -> usize {
        self.decimals
    }

    /// How many numbers it holds.
    pub fn len(&self) -> usize {
        self.candidates.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.candidates.is_empty()
    }

    /// The table at `precision`, and whether it was made now.
    fn by_print(&self, precision: Precision) -> (Arc<ByPrint>, bool) {
        let mut tables = self
            .by_print
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        let mut made = false;
        let table = tables.entry(precision).or_insert_with(|| {
            made = true;
            Arc::new(by_print(&self.candidates, precision))
        });
        (Arc::clone(table), made)
    }
}

fn by_print(candidates: &[Candidate], precision: Precision) -> ByPrint {
    let mut table = HashMap::new();
    for (index, candidate) in candidates.iter().enumerate() {
        table
            .entry(printed(candidate.value, precision))
            .or_insert_with(Vec::new)
            .push(index);
    }
    table
}

/// Every number a lesson's examples print, searchable by how it prints.
#[derive(Debug, Default)]
pub struct Printable {
    /// The examples' numbers, each with where its example is named in the file; first in
    /// the order of candidates.
    examples: Vec<(Arc<ExampleNumbers>, usize)>,
    /// How many candidates `examples` hold together.
    in_examples: usize,
    candidates: Vec<Candidate>,
    /// For each precision asked so far: printed text → the candidates printing it, in order.
    by_print: HashMap<Precision, ByPrint>,
    /// The examples' numbers formatted so far: made, or put in a table at a precision.
    formatted: usize,
}

impl Printable {
    /// Adds an example's numbers, shared; `at` is where the example is named in the file, and
    /// `made` says they were made now (and so count as formatted).
    pub fn add_example(&mut self, numbers: Arc<ExampleNumbers>, at: usize, made: bool) {
        if made {
            self.formatted += numbers.len();
        }
        self.in_examples += numbers.len();
        self.examples.push((numbers, at));
        self.by_print.clear();
    }

    /// How many of the examples' numbers were formatted (made, or put in a table) to search
    /// them: after a prose edit, none.
    pub fn formatted(&self) -> usize {
        self.formatted
    }

    fn len(&self) -> usize {
        self.in_examples + self.candidates.len()
    }

    /// The candidate at `index` in the order of all, with its place in the file.
    fn candidate(&self, mut index: usize) -> (&Candidate, Option<usize>) {
        for (numbers, at) in &self.examples {
            match numbers.candidates.get(index) {
                Some(candidate) => return (candidate, candidate.at.or(Some(*at))),
                None => index -= numbers.len(),
            }
        }
        let candidate = &self.candidates[index];
        (candidate, candidate.at)
    }

    /// Adds every entry of a quantity: `example.quantity[row, column]`, printing at `default`.
    /// `input` says the quantity is an input (data, when it has several entries) and `at` where
    /// its example is named in the file.
    pub fn add_quantity(
        &mut self,
        example: &str,
        quantity_name: &str,
        quantity: &Quantity,
        default: Precision,
        (input, at): (bool, usize),
    ) {
        let room = MAX_PRINTABLE.saturating_sub(self.len());
        let default = match quantity {
            Quantity::Count(_) => Precision::Decimals(0),
            _ => default,
        };
        let (count, rows) = match quantity {
            Quantity::Vector { values, .. } => (values.len(), values.len()),
            Quantity::Matrix { values, .. } => (values.len(), values.nrows()),
            _ => (1, 1),
        };
        let long = count > LONG_QUANTITY;
        let row_length = count / rows.max(1);
        for (position, entry) in entries(quantity, room).into_iter().enumerate() {
            let row = position / row_length.max(1);
            let kind = if long && row != 0 && row + 1 != rows {
                CandidateKind::Interior
            } else if long || (input && count > 1) {
                CandidateKind::Bulk
            } else {
                CandidateKind::Plain
            };
            let reference = Reference {
                example: example.to_string(),
                quantity: quantity_name.to_string(),
                indices: entry.indices,
                filters: Vec::new(),
            };
            self.push(reference.spelled(), entry.value, default, kind, Some(at));
        }
    }

    /// Adds the value a reference of the lesson computes, when it is one number; `at` is where
    /// the reference is in the file.
    pub fn add_reference(
        &mut self,
        reference: &Reference,
        value: &Quantity,
        precision: Precision,
        at: Option<usize>,
    ) {
        let value = match value {
            Quantity::Scalar(value) => *value,
            Quantity::Count(count) => *count as f64,
            _ => return,
        };
        self.push(
            reference.spelled(),
            value,
            precision,
            CandidateKind::Plain,
            at,
        );
    }

    fn push(
        &mut self,
        spelling: String,
        value: f64,
        default: Precision,
        kind: CandidateKind,
        at: Option<usize>,
    ) {
        if self.len() < MAX_PRINTABLE {
            self.candidates.push(Candidate {
                spelling,
                value,
                default,
                kind,
                at,
            });
            self.by_print.clear();
        }
    }

    /// Adds everything `other` holds after what this one holds.
    pub fn append(&mut self, other: Printable) {
        for candidate in other.candidates {
            self.push(
                candidate.spelling,
                candidate.value,
                candidate.default,
                candidate.kind,
                candidate.at,
            );
        }
    }

    /// The reference that prints `written`, if any: `exact` asks for the very value written
    /// (as an input prints it), otherwise any value printing the same at the written precision.
    /// Only plausible sources count (see `CandidateKind`); of several, the nearest to `near`
    /// in `text` (the same paragraph, then the same section) is named.
    pub fn find(&mut self, written: &Written, exact: bool, near: (&str, usize)) -> Option<Match> {
        self.search(written, exact, near, false)
    }

    /// Whether some value prints as `written`, plausible source or not: a round constant that
    /// happens to be in a loss history is a constant, not a stale value.
    pub fn coincides(&mut self, written: &Written) -> bool {
        self.search(written, false, ("", 0), true).is_some()
    }

    fn search(
        &mut self,
        written: &Written,
        exact: bool,
        (text, near): (&str, usize),
        any: bool,
    ) -> Option<Match> {
        let precision = if exact {
            Precision::AsWritten
        } else {
            written.precision
        };
        let key = if exact {
            // The written number, read back and printed as an input would print it.
            printed(written.value, Precision::AsWritten)
        } else {
            written.unsigned.clone()
        };
        // One table per part, each with the index of its first candidate among all.
        let mut tables: Vec<(Arc<ByPrint>, usize)> = Vec::new();
        let mut first = 0;
        for (numbers, _) in &self.examples {
            let (table, made) = numbers.by_print(precision);
            if made {
                self.formatted += numbers.len();
            }
            tables.push((table, first));
            first += numbers.len();
        }
        if !self.by_print.contains_key(&precision) {
            let table = by_print(&self.candidates, precision);
            self.by_print.insert(precision, table);
        }
        let signed = format!("-{key}");
        let this = &*self;
        let table = &this.by_print[&precision];
        let best = |key: &str| {
            tables
                .iter()
                .map(|(table, first)| (&**table, *first))
                .chain([(table, first)])
                .filter_map(|(table, first)| Some((table.get(key)?, first)))
                .flat_map(|(indices, first)| indices.iter().map(move |index| first + *index))
                .filter(|&index| index < MAX_PRINTABLE)
                .filter(|&index| any || plausible(this.candidate(index).0.kind, written))
                .min_by_key(|&index| (nearness(text, near, this.candidate(index).1), index))
        };
        let index = if written.negative {
            best(&signed)
        } else {
            best(&key).or_else(|| best(&signed))
        }?;
        let (candidate, _) = self.candidate(index);
        let to_write = match written.form {
            Form::Percent => as_percent(candidate, written.precision),
            _ => to_write(candidate, written.precision),
        };
        Some(Match {
            reference: candidate.spelling.clone(),
            to_write,
            proportion: (written.form == Form::Percent).then(|| written.unsigned.clone()),
            precision: written.precision,
        })
    }
}

/// A written number that the examples print.
#[derive(Debug, Clone, PartialEq)]
pub struct Match {
    /// The reference that computes it, e.g. `cat.weights[cat, sat]`.
    pub reference: String,
    /// What to write instead, e.g. `{{cat.weights[cat, sat] | 2dp}}`.
    pub to_write: String,
    /// For a percentage, the proportion it stands for (`0.665`).
    pub proportion: Option<String>,
    /// The precision it is written at.
    pub precision: Precision,
}

impl Match {
    /// The hint: `0.665 is cat.weights[cat, sat] (3 dp): write {{cat.weights[cat, sat]}}`.
    pub fn hint(&self, written: &str) -> String {
        let precision = precision_name(self.precision);
        match &self.proportion {
            Some(proportion) => format!(
                "{written} is {} as a percentage ({proportion}, {precision}): write {}",
                self.reference, self.to_write
            ),
            None => format!(
                "{written} is {} ({precision}): write {}",
                self.reference, self.to_write
            ),
        }
    }
}

/// The reference to write: plain where its own precision prints the written digits, else with
/// the written precision as a filter.
fn to_write(candidate: &Candidate, written: Precision) -> String {
    if printed(candidate.value, candidate.default) == printed(candidate.value, written) {
        return format!("{{{{{}}}}}", candidate.spelling);
    }
    let filter = match written {
        Precision::Significant(count) => format!("{count}sf"),
        Precision::Decimals(count) | Precision::Computed(count) => format!("{count}dp"),
        Precision::AsWritten => return format!("{{{{{}}}}}", candidate.spelling),
    };
    let base = candidate
        .spelling
        .rsplit_once(" | ")
        .filter(|(_, last)| last.ends_with("dp") || last.ends_with("sf"))
        .map_or(candidate.spelling.as_str(), |(base, _)| base);
    format!("{{{{{base} | {filter}}}}}")
}

/// The reference that prints a proportion as the percentage written: `| percent` prints one
/// decimal, other places follow as `| Ndp` (the written precision is that of the proportion,
/// two places more than the percentage's).
fn as_percent(candidate: &Candidate, written: Precision) -> String {
    let base = candidate
        .spelling
        .rsplit_once(" | ")
        .filter(|(_, last)| last.ends_with("dp") || last.ends_with("sf"))
        .map_or(candidate.spelling.as_str(), |(base, _)| base);
    match written {
        Precision::Decimals(3) | Precision::Computed(3) => format!("{{{{{base} | percent}}}}"),
        Precision::Decimals(places) | Precision::Computed(places) => {
            format!("{{{{{base} | percent | {}dp}}}}", places.saturating_sub(2))
        }
        _ => format!("{{{{{base} | percent}}}}"),
    }
}

fn precision_name(precision: Precision) -> String {
    match precision {
        Precision::Decimals(count) | Precision::Computed(count) => format!("{count} dp"),
        Precision::Significant(count) => format!("{count} sf"),
        Precision::AsWritten => "as written".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::present::{format_number, Style};
    use ndarray::{array, Array1};
    use proptest::prelude::*;

    fn numbers(text: &str) -> Vec<String> {
        find_numbers(text, Place::Prose)
            .into_iter()
            .map(|written| written.text)
            .collect()
    }

    #[test]
    fn every_usual_form_of_a_value_is_a_number() {
        assert_eq!(
            numbers("weights 0.187 and .5, then 66.5% or 1e-5 and 2.5E+3; 12,000 and 4694"),
            vec!["0.187", ".5", "66.5%", "1e-5", "2.5E+3", "12,000", "4694"]
        );
        assert_eq!(
            numbers(r"$12.5\%$ of 1,234,567.25"),
            vec![r"12.5\%", "1,234,567.25"]
        );
    }

    #[test]
    fn small_integers_identifiers_and_sentence_ends_are_not() {
        assert!(numbers("In 2017, 8 to 128 heads; d_k = 64. Step 3.")
            .iter()
            .all(|number| number == "2017" || number == "128"));
        assert!(numbers("h1.weights and w_2.5x, e.g. 3rd or 512d").is_empty());
    }

    #[test]
    fn sections_versions_ranges_and_file_names_are_not_numbers() {
        let text = "See 2.4.1, Section 2.4, Table 3.1, KaTeX 0.16.4, GPT-3.5, fig-1.5.png, \
                    rows 6..9, [0..15), 100..200, v1.5 and example.org/1.5/x";
        assert_eq!(numbers(text), Vec::<String>::new());
    }

    #[test]
    fn a_minus_sign_belongs_to_the_number_but_a_hyphen_in_a_name_does_not() {
        let found = find_numbers("loss \u{2212}0.187 and -1.25 but x-1.5", Place::Prose);
        assert_eq!(found.len(), 2);
        assert!(found.iter().all(|written| written.negative));
        assert_eq!(found[0].text, "\u{2212}0.187");
    }

    #[test]
    fn in_math_a_hyphen_subtracts_and_a_minus_after_an_operand_is_no_sign() {
        let found = find_numbers(r"x-0.768 + (-0.25) - 1.5, e^{-0.125}", Place::Math);
        let signs: Vec<(&str, bool)> = found
            .iter()
            .map(|written| (written.text.as_str(), written.negative))
            .collect();
        assert_eq!(
            signs,
            [
                ("0.768", false),
                ("-0.25", true),
                ("1.5", false),
                ("-0.125", true)
            ]
        );
    }

    #[test]
    fn a_percentage_is_read_as_the_proportion_it_was_written_as() {
        let found = &find_numbers("66.5% and 12%", Place::Prose)[..];
        assert_eq!(found[0].unsigned, "0.665");
        assert_eq!(found[0].precision, Precision::Decimals(3));
        assert_eq!(found[1].unsigned, "0.12");
        assert_eq!(shift_point_left("5", 2), "0.05");
    }

    fn attention_weights() -> Printable {
        let mut printable = Printable::default();
        printable.add_quantity(
            "cat",
            "weights",
            &Quantity::Matrix {
                values: array![[0.446, 0.108], [0.33478, 0.66522]],
                row_labels: Some(vec!["the".into(), "cat".into()]),
                col_labels: Some(vec!["the".into(), "sat".into()]),
            },
            Precision::Decimals(3),
            (false, 0),
        );
        printable.add_quantity(
            "g",
            "learning_rate",
            &Quantity::Scalar(0.00001),
            Precision::AsWritten,
            (true, 0),
        );
        printable.add_quantity(
            "g",
            "tokens",
            &Quantity::Scalar(4693.8),
            Precision::Decimals(3),
            (false, 0),
        );
        printable.add_quantity(
            "g",
            "steps",
            &Quantity::Count(12_000),
            Precision::AsWritten,
            (true, 0),
        );
        printable
    }

    fn hint(printable: &mut Printable, text: &str) -> Option<String> {
        let written = find_numbers(text, Place::Prose).into_iter().next()?;
        printable
            .find(&written, false, ("", 0))
            .map(|found| found.hint(&written.text))
    }

    #[test]
    fn each_usual_form_finds_the_reference_to_write() {
        let mut printable = attention_weights();
        assert_eq!(
            hint(&mut printable, "0.665").unwrap(),
            "0.665 is cat.weights[cat, sat] (3 dp): write {{cat.weights[cat, sat]}}"
        );
        assert_eq!(
            hint(&mut printable, "0.67").unwrap(),
            "0.67 is cat.weights[cat, sat] (2 dp): write {{cat.weights[cat, sat] | 2dp}}"
        );
        assert!(hint(&mut printable, "66.5%")
            .unwrap()
            .contains("cat.weights[cat, sat] as a percentage (0.665, 3 dp)"));
        assert_eq!(
            hint(&mut printable, "1e-5").unwrap(),
            "1e-5 is g.learning_rate (1 sf): write {{g.learning_rate}}"
        );
        assert_eq!(
            hint(&mut printable, "12,000").unwrap(),
            "12,000 is g.steps (0 dp): write {{g.steps}}"
        );
        assert_eq!(
            hint(&mut printable, "4694").unwrap(),
            "4694 is g.tokens (0 dp): write {{g.tokens | 0dp}}"
        );
        assert_eq!(hint(&mut printable, "0.5"), None);
    }

    #[test]
    fn exact_matching_wants_the_very_value() {
        let mut printable = attention_weights();
        let written = &find_numbers("1e-5 and 0.7", Place::Prose)[..];
        assert!(printable.find(&written[0], true, ("", 0)).is_some());
        assert!(printable.find(&written[1], false, ("", 0)).is_some());
        assert!(printable.find(&written[1], true, ("", 0)).is_none());
    }

    #[test]
    fn a_used_reference_with_a_precision_is_a_candidate_with_that_precision() {
        let mut printable = Printable::default();
        let reference = match crate::expand::reference::parse("cat.scaled[sat] | exp | sum | 1dp") {
            Ok(crate::expand::reference::Placeholder::Value(reference)) => reference,
            other => panic!("{other:?}"),
        };
        printable.add_reference(
            &reference,
            &Quantity::Scalar(90.61),
            Precision::Decimals(1),
            None,
        );
        assert_eq!(
            hint(&mut printable, "90.6").unwrap(),
            "90.6 is cat.scaled[sat] | exp | sum | 1dp (1 dp): write {{cat.scaled[sat] | exp | sum | 1dp}}"
        );
        assert_eq!(
            hint(&mut printable, "90.61").unwrap(),
            "90.61 is cat.scaled[sat] | exp | sum | 1dp (2 dp): write {{cat.scaled[sat] | exp | sum | 2dp}}"
        );
    }

    /// A 200-entry loss history falling from 2.3 through every small round value, a data set
    /// holding 0.5, and a scalar result.
    fn long_history() -> Printable {
        let mut printable = Printable::default();
        let losses: Vec<f64> = (0..200).map(|step| 2.3 * 0.955f64.powi(step)).collect();
        printable.add_quantity(
            "fit",
            "losses",
            &Quantity::Vector {
                values: Array1::from(losses),
                labels: None,
            },
            Precision::Decimals(3),
            (false, 0),
        );
        printable.add_quantity(
            "fit",
            "data",
            &Quantity::Vector {
                values: array![0.1, 0.5, 0.9],
                labels: None,
            },
            Precision::AsWritten,
            (true, 0),
        );
        printable.add_quantity(
            "fit",
            "share",
            &Quantity::Scalar(0.25),
            Precision::Decimals(3),
            (false, 0),
        );
        printable
    }

    #[test]
    fn round_constants_do_not_match_a_long_history_or_a_data_entry() {
        let mut printable = long_history();
        for text in [
            "a step size of 0.001",
            "below 1e-3",
            "a threshold of 0.5",
            "0.05",
        ] {
            assert_eq!(hint(&mut printable, text), None, "{text}");
        }
        // Where the history starts is a value a lesson talks about, and so is a scalar.
        assert!(hint(&mut printable, "2.300")
            .unwrap()
            .contains("fit.losses[1]"));
        assert!(hint(&mut printable, "0.25").unwrap().contains("fit.share"));
        // Three figures from inside the history are still caught.
        let inside = format_number(
            2.3 * 0.955f64.powi(50),
            Precision::Decimals(4),
            Style::Prose,
        );
        assert!(hint(&mut printable, &inside)
            .unwrap()
            .contains("fit.losses[51]"));
    }

    #[test]
    fn a_percentage_with_a_space_is_caught_with_the_percent_filter() {
        let mut printable = long_history();
        let found = find_numbers("96 % and 25\u{a0}%", Place::Prose);
        assert_eq!(found[0].text, "96 %");
        assert_eq!(found[1].unsigned, "0.25");
        assert_eq!(
            hint(&mut printable, "25 % of them").unwrap(),
            "25 % is fit.share as a percentage (0.25, 2 dp): write {{fit.share | percent | 0dp}}"
        );
        assert!(hint(&mut printable, "25.0%")
            .unwrap()
            .ends_with("write {{fit.share | percent}}"));
    }

    #[test]
    fn the_hint_names_the_match_in_the_same_paragraph_first() {
        let mut printable = Printable::default();
        for (name, at) in [("far", 8), ("near", 21)] {
            printable.add_quantity(
                "ex",
                name,
                &Quantity::Scalar(0.375),
                Precision::Decimals(3),
                (false, at),
            );
        }
        let text = "## One\n\nfar\n\n## Two\n\nnear and then 0.375 here.";
        let written = find_numbers(text, Place::Prose).remove(0);
        let near = printable.find(&written, false, (text, 35)).unwrap();
        assert_eq!(near.reference, "ex.near");
    }

    fn precision() -> impl Strategy<Value = Precision> {
        prop_oneof![
            (0usize..7).prop_map(Precision::Decimals),
            (1usize..7).prop_map(Precision::Significant),
        ]
    }

    proptest! {
        /// A value printed by a reference (in prose, with its true minus sign) and typed back
        /// is found, and the reference the hint proposes prints exactly what was typed.
        #[test]
        fn a_printed_value_typed_back_is_always_caught(
            values in proptest::collection::vec(-1.0e5f64..1.0e5, 1..8),
            pick in 0usize..8,
            precision in precision(),
        ) {
            let value = values[pick % values.len()];
            let typed = format_number(value, precision, Style::Prose);
            let mut printable = Printable::default();
            printable.add_quantity(
                "ex",
                "v",
                &Quantity::Vector { values: Array1::from(values.clone()), labels: None },
                Precision::Decimals(3),
                (false, 0),
            );
            let sentence = format!("The value is {typed}, as computed.");
            let found = find_numbers(&sentence, Place::Prose);
            let digits = typed.trim_start_matches('\u{2212}');
            let counts = digits.contains('.') || digits.len() >= 3;
            prop_assert_eq!(found.len(), usize::from(counts), "{:?}", found);
            if let Some(written) = found.first() {
                prop_assert_eq!(&written.text, &typed);
                let matched = printable.find(written, false, ("", 0));
                prop_assert!(matched.is_some(), "{} not caught", typed);
                let matched = matched.unwrap();
                // The proposed reference names an entry whose value prints as typed.
                let position: usize = matched.reference
                    .trim_start_matches("ex.v[")
                    .trim_end_matches(']')
                    .parse()
                    .unwrap();
                let precision = match matched.to_write.split(" | ").nth(1) {
                    Some(filter) => {
                        let filter = filter.trim_end_matches('}');
                        let count: usize = filter[..filter.len() - 2].parse().unwrap();
                        if filter.ends_with("dp") { Precision::Decimals(count) } else { Precision::Significant(count) }
                    }
                    None => Precision::Decimals(3),
                };
                let proposed = format_number(values[position - 1], precision, Style::Prose);
                prop_assert_eq!(proposed.trim_start_matches('\u{2212}'), digits);
            }
        }

        #[test]
        fn finding_numbers_never_panics(text in "\\PC{0,60}") {
            for written in find_numbers(&text, Place::Prose) {
                prop_assert!(text.get(written.range.clone()).is_some());
            }
        }
    }
}
