//! `\shown`: a formula that shows arithmetic on printed numbers must add up on those numbers.
//!
//! A reader who redoes `(1.695543 − 1.695482)/(2 × 0.0001)` by hand gets 0.305, whatever more
//! precise values the build computed the printed 0.3033 from. An author marks such a formula
//! with `\shown`; once its references are printed, every relation chain in it (`… = … ≈ r`,
//! split at `\\` and top-level commas) whose last side is a number and whose side before that
//! is arithmetic on numbers is evaluated, and the number printed last must be that arithmetic's
//! value to its printed decimals. README, "Shown arithmetic", has the grammar.
//!
//! PURE: text in, verdict out.

/// The mark an author puts in a formula.
pub(super) const MARK: &str = r"\shown";

/// Formulas deeper than this are not followed (a bound on author input).
const MAX_DEPTH: usize = 64;

/// The formula without its marks, and the byte offset of the first mark; `None` when unmarked.
pub(super) fn take_mark(tex: &str) -> Option<(String, usize)> {
    let mut first = None;
    let mut out = String::with_capacity(tex.len());
    let mut rest = tex;
    let mut consumed = 0;
    while let Some(at) = rest.find(MARK) {
        let after = &rest[at + MARK.len()..];
        let whole_word = !after.starts_with(|c: char| c.is_ascii_alphabetic());
        out.push_str(&rest[..at]);
        if whole_word {
            first.get_or_insert(consumed + at);
            // Keep the width, so later offsets in the formula still point at the file.
            out.push_str(&" ".repeat(MARK.len()));
        } else {
            out.push_str(MARK);
        }
        consumed += at + MARK.len();
        rest = after;
    }
    out.push_str(rest);
    first.map(|at| (out, at))
}

/// What a marked formula comes to.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Verdict {
    /// Every checked chain adds up; how many were checked.
    AddsUp(usize),
    /// The first chain that does not.
    Disagrees(Disagreement),
    /// Nothing in the formula is arithmetic on numbers followed by a printed result.
    NothingToCheck,
}

/// A shown computation whose printed result is not its value on the printed operands.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Disagreement {
    /// The arithmetic as it stands in the formula, references printed.
    pub arithmetic: String,
    /// Its value on the printed numbers (the first entry that disagrees, for a matrix).
    pub value: f64,
    /// The printed result (that entry, for a matrix).
    pub printed: String,
    /// The decimals the result is printed to.
    pub decimals: i32,
    /// For a matrix, the 1-based row and column of the entry.
    pub entry: Option<(usize, usize)>,
}

/// Judges a formula whose references are already printed (and whose marks are taken out).
pub(super) fn judge(tex: &str) -> Verdict {
    let mut checked = 0;
    for row in rows(&normalized(&marked_matrices(tex))) {
        let sides = split_top_level(&row, &["=", r"\approx"]);
        let [.., arithmetic, result] = sides.as_slice() else {
            continue;
        };
        let Some(printed) = printed_result(result) else {
            continue;
        };
        let Some(value) = evaluate(arithmetic) else {
            continue;
        };
        let entries = match (&value, &printed) {
            (Value::Scalar(value), Printed::Number(number)) => vec![(*value, number, None)],
            (Value::Scalar(value), Printed::Matrix(numbers))
                if numbers.len() == 1 && numbers[0].len() == 1 =>
            {
                vec![(*value, &numbers[0][0], None)]
            }
            (Value::Matrix(values), Printed::Matrix(numbers))
                if values.len() == numbers.len()
                    && values.iter().zip(numbers).all(|(a, b)| a.len() == b.len()) =>
            {
                values
                    .iter()
                    .zip(numbers)
                    .enumerate()
                    .flat_map(|(i, (row, printed))| {
                        row.iter()
                            .zip(printed)
                            .enumerate()
                            .map(move |(j, (value, number))| (*value, number, Some((i + 1, j + 1))))
                    })
                    .collect()
            }
            _ => continue,
        };
        checked += 1;
        for (value, number, entry) in entries {
            let half_unit = 0.5 * 10f64.powi(-number.decimals);
            let slack = half_unit * 1e-9 + 1e-12 * value.abs();
            if !value.is_finite() || (value - number.value).abs() > half_unit + slack {
                return Verdict::Disagrees(Disagreement {
                    arithmetic: readable(arithmetic),
                    value,
                    printed: number.text.clone(),
                    decimals: number.decimals,
                    entry,
                });
            }
        }
    }
    if checked == 0 {
        Verdict::NothingToCheck
    } else {
        Verdict::AddsUp(checked)
    }
}

/// Stand-ins for a `pmatrix`'s delimiters and separators, so that splitting the formula into
/// rows and sides leaves matrices whole.
const MATRIX_OPEN: char = '⟨';
const MATRIX_CLOSE: char = '⟩';
const ENTRY_SEPARATOR: char = '⁏';
const ROW_SEPARATOR: char = '⁋';

/// `tex` with each `pmatrix` written with the stand-ins.
fn marked_matrices(tex: &str) -> String {
    let mut out = String::with_capacity(tex.len());
    let mut depth = 0usize;
    let mut rest = tex;
    while let Some(c) = rest.chars().next() {
        if let Some(after) = rest.strip_prefix(r"\begin{pmatrix}") {
            depth += 1;
            out.push(MATRIX_OPEN);
            rest = after;
        } else if let Some(after) = rest.strip_prefix(r"\end{pmatrix}") {
            depth = depth.saturating_sub(1);
            out.push(MATRIX_CLOSE);
            rest = after;
        } else if depth > 0 && rest.starts_with(r"\\") {
            out.push(ROW_SEPARATOR);
            rest = &rest[2..];
        } else if depth > 0 && c == '&' {
            out.push(ENTRY_SEPARATOR);
            rest = &rest[1..];
        } else {
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// The arithmetic for a message, with matrices written as TeX again.
fn readable(text: &str) -> String {
    text.trim()
        .replace(MATRIX_OPEN, r"\begin{pmatrix}")
        .replace(MATRIX_CLOSE, r"\end{pmatrix}")
        .replace(ENTRY_SEPARATOR, "&")
        .replace(ROW_SEPARATOR, r"\\")
}

/// The formula without what does not change its arithmetic: sizing, spacing, alignment,
/// grouping braces of thousands, environments.
fn normalized(tex: &str) -> String {
    let mut text = tex.replace("{,}", "");
    for noise in [
        r"\begin{aligned}",
        r"\end{aligned}",
        r"\begin{gathered}",
        r"\end{gathered}",
        r"\displaystyle",
        r"\left",
        r"\right",
        r"\qquad",
        r"\quad",
        r"\,",
        r"\;",
        r"\:",
        r"\!",
        "&",
        "~",
    ] {
        text = text.replace(noise, " ");
    }
    for size in ["bigg", "Bigg", "big", "Big"] {
        for side in ["l", "r", "m", ""] {
            let command = format!("\\{size}{side}");
            text = replace_command(&text, &command);
        }
    }
    text
}

/// `text` with the control word `command` (not a longer one that starts with it) removed.
fn replace_command(text: &str, command: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(command) {
        let after = &rest[at + command.len()..];
        out.push_str(&rest[..at]);
        if after.starts_with(|c: char| c.is_ascii_alphabetic()) {
            out.push_str(command);
        } else {
            out.push(' ');
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

/// The formula's rows: lines of `\\` and, within them, pieces between top-level commas.
fn rows(tex: &str) -> Vec<String> {
    split_top_level(tex, &[r"\\", ","])
}

/// `text` split at each of `separators` outside braces, parentheses and brackets.
fn split_top_level(text: &str, separators: &[&str]) -> Vec<String> {
    let mut pieces = Vec::new();
    let mut depth: i32 = 0;
    let mut start = 0;
    let mut at = 0;
    while at < text.len() {
        let rest = &text[at..];
        let c = rest.chars().next().unwrap_or(' ');
        if rest.starts_with(r"\{") || rest.starts_with(r"\}") {
            at += 2;
            continue;
        }
        match c {
            '{' | '(' | '[' | MATRIX_OPEN => depth += 1,
            '}' | ')' | ']' | MATRIX_CLOSE => depth -= 1,
            _ => {}
        }
        if depth == 0 {
            if let Some(separator) = separators.iter().find(|s| {
                rest.starts_with(**s)
                    && !(s.starts_with('\\')
                        && rest[s.len()..].starts_with(|c: char| c.is_ascii_alphabetic()))
            }) {
                pieces.push(text[start..at].to_string());
                at += separator.len();
                start = at;
                continue;
            }
        }
        at += c.len_utf8();
    }
    pieces.push(text[start..].to_string());
    pieces
}

/// One printed number of a result.
#[derive(Debug, Clone, PartialEq)]
struct PrintedNumber {
    value: f64,
    decimals: i32,
    text: String,
}

/// A printed result: a number or a matrix of them.
#[derive(Debug, Clone, PartialEq)]
enum Printed {
    Number(PrintedNumber),
    Matrix(Vec<Vec<PrintedNumber>>),
}

/// The last side of a chain when it is printed numbers, with the sentence's `.` or `,` after it.
fn printed_result(side: &str) -> Option<Printed> {
    let side = side.trim().trim_end_matches(['.', ',']).trim();
    let number = |text: &str| {
        let text = text.trim();
        printed_number(text).map(|(value, decimals)| PrintedNumber {
            value,
            decimals,
            text: text.to_string(),
        })
    };
    match side
        .strip_prefix(MATRIX_OPEN)
        .and_then(|inner| inner.strip_suffix(MATRIX_CLOSE))
    {
        Some(inner) => {
            let rows = inner
                .split(ROW_SEPARATOR)
                .map(|row| {
                    row.split(ENTRY_SEPARATOR)
                        .map(number)
                        .collect::<Option<Vec<_>>>()
                })
                .collect::<Option<Vec<_>>>()?;
            Some(Printed::Matrix(rows))
        }
        None => number(side).map(Printed::Number),
    }
}

/// A printed result: `0.3033`, `-2`, `1.125 \times 10^{-7}` (its value and its decimals),
/// with the sentence's closing `.` or `,` allowed after it.
fn printed_number(side: &str) -> Option<(f64, i32)> {
    let side = side.trim().trim_end_matches(['.', ',']).trim();
    let (mantissa, exponent) = match side.split_once(r"\times") {
        Some((mantissa, power)) => {
            let power = power.replace(' ', "");
            let exponent = power.strip_prefix("10^{")?.strip_suffix('}')?;
            (mantissa.trim(), exponent.parse::<i32>().ok()?)
        }
        None => (side, 0),
    };
    let digits = mantissa.strip_prefix('-').unwrap_or(mantissa);
    let well_formed = !digits.is_empty()
        && digits.chars().all(|c| c.is_ascii_digit() || c == '.')
        && digits.matches('.').count() <= 1
        && !digits.starts_with('.')
        && !digits.ends_with('.');
    if !well_formed {
        return None;
    }
    let decimals = digits.split_once('.').map_or(0, |(_, f)| f.len() as i32);
    let value = format!("{mantissa}e{exponent}").parse().ok()?;
    Some((value, decimals - exponent))
}

/// A value of shown arithmetic: a number, or a matrix (a row for a vector).
#[derive(Debug, Clone, PartialEq)]
enum Value {
    Scalar(f64),
    Matrix(Vec<Vec<f64>>),
}

impl Value {
    /// A 1×1 matrix is its one number.
    fn from_rows(rows: Vec<Vec<f64>>) -> Value {
        match rows.as_slice() {
            [row] if row.len() == 1 => Value::Scalar(row[0]),
            _ => Value::Matrix(rows),
        }
    }

    fn scalar(self) -> Option<f64> {
        match self {
            Value::Scalar(x) => Some(x),
            Value::Matrix(_) => None,
        }
    }

    fn map(self, f: impl Fn(f64) -> f64) -> Value {
        match self {
            Value::Scalar(x) => Value::Scalar(f(x)),
            Value::Matrix(rows) => Value::Matrix(
                rows.into_iter()
                    .map(|row| row.into_iter().map(&f).collect())
                    .collect(),
            ),
        }
    }

    /// Entry by entry, for sums and differences of the same shape.
    fn zip(self, other: Value, f: impl Fn(f64, f64) -> f64) -> Option<Value> {
        match (self, other) {
            (Value::Scalar(a), Value::Scalar(b)) => Some(Value::Scalar(f(a, b))),
            (Value::Matrix(a), Value::Matrix(b))
                if a.len() == b.len() && a.iter().zip(&b).all(|(x, y)| x.len() == y.len()) =>
            {
                Some(Value::Matrix(
                    a.iter()
                        .zip(&b)
                        .map(|(x, y)| x.iter().zip(y).map(|(p, q)| f(*p, *q)).collect())
                        .collect(),
                ))
            }
            _ => None,
        }
    }

    /// A product: of numbers, a number and a matrix, two vectors with `\cdot` (their dot
    /// product), or two matrices whose shapes fit.
    fn times(self, other: Value, dot: bool) -> Option<Value> {
        match (self, other) {
            (Value::Scalar(a), b) => Some(b.map(|x| a * x)),
            (a, Value::Scalar(b)) => Some(a.map(|x| x * b)),
            (Value::Matrix(a), Value::Matrix(b)) => {
                let flat = |m: &[Vec<f64>]| {
                    (m.len() == 1 || m.iter().all(|row| row.len() == 1))
                        .then(|| m.iter().flatten().copied().collect::<Vec<_>>())
                };
                if dot {
                    let (x, y) = (flat(&a)?, flat(&b)?);
                    return (x.len() == y.len())
                        .then(|| Value::Scalar(x.iter().zip(&y).map(|(p, q)| p * q).sum()));
                }
                let inner = b.len();
                if a.iter().any(|row| row.len() != inner) {
                    return None;
                }
                let columns = b.first().map_or(0, Vec::len);
                Some(Value::from_rows(
                    a.iter()
                        .map(|row| {
                            (0..columns)
                                .map(|j| (0..inner).map(|k| row[k] * b[k][j]).sum())
                                .collect()
                        })
                        .collect(),
                ))
            }
        }
    }
}

/// The value of `side` when it is arithmetic on numbers only, else `None`.
fn evaluate(side: &str) -> Option<Value> {
    let tokens = tokens(side)?;
    let mut parser = Parser { tokens, at: 0 };
    let value = parser.expression(0)?;
    (parser.at == parser.tokens.len()).then_some(value)
}

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Number(f64),
    Plus,
    Minus,
    /// `\cdot` (a dot product between vectors) or `\times`.
    Times {
        dot: bool,
    },
    Divide,
    Open,
    Close,
    OpenGroup,
    CloseGroup,
    Caret,
    Frac,
    Sqrt,
    Ln,
    Euler,
    MatrixOpen,
    MatrixClose,
    EntrySeparator,
    RowSeparator,
}

fn tokens(text: &str) -> Option<Vec<Token>> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut at = 0;
    while at < text.len() {
        let rest = &text[at..];
        let c = rest.chars().next()?;
        if c.is_whitespace() {
            at += c.len_utf8();
            continue;
        }
        if c.is_ascii_digit() || c == '.' {
            let end = rest
                .find(|c: char| !(c.is_ascii_digit() || c == '.'))
                .unwrap_or(rest.len());
            out.push(Token::Number(rest[..end].parse().ok()?));
            at += end;
            continue;
        }
        if c == '\\' {
            let name_end = rest[1..]
                .find(|c: char| !c.is_ascii_alphabetic())
                .map_or(rest.len(), |end| end + 1);
            let token = match &rest[1..name_end] {
                "cdot" => Token::Times { dot: true },
                "times" => Token::Times { dot: false },
                "div" => Token::Divide,
                "frac" | "dfrac" | "tfrac" => Token::Frac,
                "sqrt" => Token::Sqrt,
                "ln" | "log" => Token::Ln,
                _ => return None,
            };
            at += name_end;
            out.push(token);
            continue;
        }
        let token = match c {
            '+' => Token::Plus,
            '-' | '\u{2212}' => Token::Minus,
            '*' | '×' => Token::Times { dot: false },
            '·' => Token::Times { dot: true },
            '/' => Token::Divide,
            '(' | '[' => Token::Open,
            ')' | ']' => Token::Close,
            '{' => Token::OpenGroup,
            '}' => Token::CloseGroup,
            '^' => Token::Caret,
            MATRIX_OPEN => Token::MatrixOpen,
            MATRIX_CLOSE => Token::MatrixClose,
            ENTRY_SEPARATOR => Token::EntrySeparator,
            ROW_SEPARATOR => Token::RowSeparator,
            // `e^{…}` is the exponential; any other letter is a symbol, not a printed number.
            'e' if bytes.get(at + 1) == Some(&b'^') => Token::Euler,
            _ => return None,
        };
        at += c.len_utf8();
        out.push(token);
    }
    Some(out)
}

struct Parser {
    tokens: Vec<Token>,
    at: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at)
    }

    fn eat(&mut self, token: &Token) -> bool {
        let found = self.peek() == Some(token);
        if found {
            self.at += 1;
        }
        found
    }

    /// Sums and differences.
    fn expression(&mut self, depth: usize) -> Option<Value> {
        if depth > MAX_DEPTH {
            return None;
        }
        let mut value = self.term(depth)?;
        loop {
            if self.eat(&Token::Plus) {
                value = value.zip(self.term(depth)?, |a, b| a + b)?;
            } else if self.eat(&Token::Minus) {
                value = value.zip(self.term(depth)?, |a, b| a - b)?;
            } else {
                return Some(value);
            }
        }
    }

    /// Products and quotients, `2 e^{0}` and `0.187 (1 0)` (juxtaposition) included.
    fn term(&mut self, depth: usize) -> Option<Value> {
        let mut value = self.unary(depth)?;
        loop {
            if let Some(Token::Times { dot }) = self.peek().cloned() {
                self.at += 1;
                value = value.times(self.unary(depth)?, dot)?;
            } else if self.eat(&Token::Divide) {
                let divisor = self.unary(depth)?.scalar()?;
                value = value.map(|x| x / divisor);
            } else if matches!(
                self.peek(),
                Some(
                    Token::Open
                        | Token::OpenGroup
                        | Token::Frac
                        | Token::Sqrt
                        | Token::Ln
                        | Token::Euler
                        | Token::MatrixOpen
                )
            ) {
                value = value.times(self.unary(depth)?, false)?;
            } else {
                return Some(value);
            }
        }
    }

    fn unary(&mut self, depth: usize) -> Option<Value> {
        if depth > MAX_DEPTH {
            return None;
        }
        if self.eat(&Token::Minus) {
            return Some(self.unary(depth + 1)?.map(|x| -x));
        }
        if self.eat(&Token::Plus) {
            return self.unary(depth + 1);
        }
        let base = self.atom(depth)?;
        if self.eat(&Token::Caret) {
            let exponent = self.argument(depth)?.scalar()?;
            return Some(Value::Scalar(base.scalar()?.powf(exponent)));
        }
        Some(base)
    }

    /// A braced group or a single atom, as after `^`, `\frac` and `\sqrt`.
    fn argument(&mut self, depth: usize) -> Option<Value> {
        if self.eat(&Token::OpenGroup) {
            let value = self.expression(depth + 1)?;
            return self.eat(&Token::CloseGroup).then_some(value);
        }
        if self.eat(&Token::Minus) {
            return Some(self.atom(depth + 1)?.map(|x| -x));
        }
        self.atom(depth + 1)
    }

    fn atom(&mut self, depth: usize) -> Option<Value> {
        let token = self.peek()?.clone();
        self.at += 1;
        match token {
            Token::Number(value) => Some(Value::Scalar(value)),
            Token::Open => {
                let value = self.expression(depth + 1)?;
                self.eat(&Token::Close).then_some(value)
            }
            Token::OpenGroup => {
                let value = self.expression(depth + 1)?;
                self.eat(&Token::CloseGroup).then_some(value)
            }
            Token::Frac => {
                let numerator = self.argument(depth)?;
                let denominator = self.argument(depth)?.scalar()?;
                Some(numerator.map(|x| x / denominator))
            }
            Token::Sqrt => Some(Value::Scalar(self.argument(depth)?.scalar()?.sqrt())),
            Token::Ln => Some(Value::Scalar(self.unary(depth + 1)?.scalar()?.ln())),
            Token::Euler => {
                if !self.eat(&Token::Caret) {
                    return None;
                }
                Some(Value::Scalar(self.argument(depth)?.scalar()?.exp()))
            }
            Token::MatrixOpen => self.matrix(depth),
            _ => None,
        }
    }

    /// The entries of a `pmatrix` after its opening, each a number.
    fn matrix(&mut self, depth: usize) -> Option<Value> {
        let mut rows = vec![Vec::new()];
        loop {
            let entry = self.expression(depth + 1)?.scalar()?;
            rows.last_mut()?.push(entry);
            if self.eat(&Token::EntrySeparator) {
                continue;
            }
            if self.eat(&Token::RowSeparator) {
                rows.push(Vec::new());
                continue;
            }
            let width = rows[0].len();
            let rectangular = rows.iter().all(|row| row.len() == width);
            return (self.eat(&Token::MatrixClose) && rectangular).then(|| Value::from_rows(rows));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn disagrees(tex: &str) -> Disagreement {
        match judge(tex) {
            Verdict::Disagrees(found) => found,
            other => panic!("{tex}: {other:?}"),
        }
    }

    #[test]
    fn the_central_difference_of_printed_losses_is_redone_by_hand() {
        let found = disagrees(
            r"\frac{\partial L}{\partial w} \approx \frac{ 1.695543 - 1.695482 }{2 \times 0.0001 } \approx 0.3033.",
        );
        assert!((found.value - 0.305).abs() < 1e-9, "{found:?}");
        assert_eq!(found.printed, "0.3033");
        assert_eq!(found.decimals, 4);
        assert_eq!(
            judge(r"\frac{ 1.6955430 - 1.6954824 }{2 \times 0.0001 } \approx 0.3030"),
            Verdict::AddsUp(1)
        );
    }

    #[test]
    fn sums_agree_at_the_printed_precision_only() {
        assert_eq!(disagrees("0.735 + 0.806 = 1.542").decimals, 3);
        assert_eq!(judge("0.735 + 0.806 = 1.541"), Verdict::AddsUp(1));
        // Half a unit of the last place either way is still the printed number.
        assert_eq!(judge("0.1 + 0.25 = 0.4"), Verdict::AddsUp(1));
        assert_eq!(judge("0.1 + 0.24 = 0.3"), Verdict::AddsUp(1));
        assert!(matches!(judge("0.1 + 0.2 = 0.4"), Verdict::Disagrees(_)));
    }

    #[test]
    fn products_powers_fractions_roots_logs_and_exponentials_are_evaluated() {
        for tex in [
            r"3 \cdot 2 + 2 \cdot 0 = 6",
            r"3 \times 2 + (-2) \cdot (-1) + 1 = 9",
            r"4 \cdot 256^2 = 262{,}144",
            r"\big(3^2 + (-1)^2\big) / 4 = 2.500",
            r"\frac{ 16.92 }{ 16.92 + 3 e^{0} } \approx 0.849",
            r"\frac{4}{\sqrt{2}} \approx 2.828",
            r"-\log 0.210 \approx 1.561",
            r"-\ln 0.5 \approx 0.693",
            r"\left( 1.5 - 0.5 \right) \times 10^{-3} = 1 \times 10^{-3}",
        ] {
            assert_eq!(judge(tex), Verdict::AddsUp(1), "{tex}");
        }
    }

    #[test]
    fn every_row_and_comma_separated_chain_is_checked_the_last_side_against_the_one_before() {
        assert_eq!(
            judge(
                r"\begin{aligned} q \cdot k &= 2 \cdot 1 + 2 \cdot 0 = 2, \\ q \cdot v &= 1 + 1 = 2 \end{aligned}"
            ),
            Verdict::AddsUp(2)
        );
        // The symbolic first side is not evaluated, only the arithmetic before the result.
        assert_eq!(
            judge(r"L = \frac{1.5 + 0.5}{2} \approx 1.0"),
            Verdict::AddsUp(1)
        );
        let found = disagrees(r"a = 1 + 1 = 2, \quad b = 2 + 2 = 5");
        assert_eq!(found.arithmetic, "2 + 2");
    }

    #[test]
    fn vectors_and_matrices_add_scale_and_dot_entry_by_entry() {
        for tex in [
            r"\begin{pmatrix}1 & 0\end{pmatrix} + \begin{pmatrix}0 & 1\end{pmatrix} = \begin{pmatrix}1 & 1\end{pmatrix}",
            r"\begin{pmatrix}2 & 2\end{pmatrix} \cdot \begin{pmatrix}2 & 0\end{pmatrix} = 4",
            r"z = 0.187\,\begin{pmatrix}1 & 0\end{pmatrix} + 0.768\,\begin{pmatrix}1 & 2\end{pmatrix} = \begin{pmatrix}0.955 & 1.536\end{pmatrix}.",
            r"\begin{pmatrix}1 & 2 \\ 3 & 4\end{pmatrix} - \begin{pmatrix}1 & 1 \\ 1 & 1\end{pmatrix} = \begin{pmatrix}0 & 1 \\ 2 & 3\end{pmatrix}",
            r"\frac{1}{4} \begin{pmatrix}2 & 2\end{pmatrix} = \begin{pmatrix}0.5 & 0.5\end{pmatrix}",
            r"\begin{pmatrix}1 & 2\end{pmatrix} \begin{pmatrix}3 \\ 4\end{pmatrix} = 11",
        ] {
            assert_eq!(judge(tex), Verdict::AddsUp(1), "{tex}");
        }
        let found = disagrees(
            r"\begin{pmatrix}0.5 & 0.25\end{pmatrix} - \begin{pmatrix}1 & 0\end{pmatrix} = \begin{pmatrix}-0.5 & 0.26\end{pmatrix}",
        );
        assert_eq!(
            (found.entry, found.printed.as_str()),
            (Some((1, 2)), "0.26")
        );
        // Shapes that do not fit are not arithmetic this rule can check.
        assert_eq!(
            judge(
                r"\begin{pmatrix}1 & 0\end{pmatrix} + \begin{pmatrix}1 & 0 & 0\end{pmatrix} = \begin{pmatrix}2 & 0\end{pmatrix}"
            ),
            Verdict::NothingToCheck
        );
    }

    #[test]
    fn a_formula_with_no_arithmetic_on_numbers_has_nothing_to_check() {
        for tex in [
            r"\mathbf{z} = A V",
            r"L(w + h) \approx 1.695543",
            r"\frac{QK^\top}{\sqrt{d_k}} = 1.414",
            r"x = \begin{pmatrix} 1 & 0 \end{pmatrix} + \begin{pmatrix} 0 & 1 \end{pmatrix}",
            "",
        ] {
            assert_eq!(judge(tex), Verdict::NothingToCheck, "{tex}");
        }
    }

    #[test]
    fn printed_results_carry_their_decimals() {
        assert_eq!(printed_number("0.3033."), Some((0.3033, 4)));
        assert_eq!(printed_number("-2"), Some((-2.0, 0)));
        assert_eq!(
            printed_number(r"1.125 \times 10^{-7}"),
            Some((1.125e-7, 10))
        );
        assert_eq!(printed_number("x"), None);
        assert_eq!(printed_number("1.2.3"), None);
    }

    #[test]
    fn the_mark_is_taken_out_keeping_the_offsets() {
        let (tex, at) = take_mark(r"\shown 1 + 1 = 2").unwrap();
        assert_eq!(at, 0);
        assert_eq!(tex, "       1 + 1 = 2");
        assert_eq!(take_mark(r"\shownot x"), None);
        assert_eq!(take_mark("1 + 1 = 2"), None);
    }

    #[test]
    fn deep_nesting_stops_at_the_bound() {
        let deep = format!("{}1{} = 1", "(".repeat(200), ")".repeat(200));
        assert_eq!(judge(&deep), Verdict::NothingToCheck);
    }
}
