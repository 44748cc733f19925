//! Splits one line of a `steps` string into tokens.
//!
//! Stage: the first step of parsing. Input: one line (without its comment) and the byte offset
//! where it starts in the `steps` string. Output: [`Token`]s whose spans are byte offsets into the
//! whole `steps` string, or a syntax [`LangError`] at the offending character.
//! Must not: know the grammar beyond single tokens; the parser decides what may follow what.

use std::ops::Range;

use super::value::format_number;
use super::{ErrorKind, LangError, Limit};

/// What a token is.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum TokenKind {
    /// A number literal, already converted.
    Number(f64),
    /// A name: a variable, a function or a keyword argument.
    Name(String),
    /// `+`
    Plus,
    /// `-`
    Minus,
    /// `*`
    Star,
    /// `/`
    Slash,
    /// `//`, floor division.
    SlashSlash,
    /// `%`, the remainder with the sign of the divisor.
    Percent,
    /// `@`, the matrix product.
    At,
    /// `^`, the elementwise power.
    Caret,
    /// `.T`, the transpose.
    Transpose,
    /// `(`
    Open,
    /// `)`
    Close,
    /// `,`
    Comma,
    /// `=`
    Equals,
    /// `[`, opening a subscript.
    OpenBracket,
    /// `]`
    CloseBracket,
    /// `:`, in a slice or at the end of a `repeat` line.
    Colon,
    /// `<`, `<=`, `>`, `>=`, `==`, `!=`: one of the comparisons, as written.
    Compare(&'static str),
}

impl TokenKind {
    /// The token as an error message quotes it.
    pub(crate) fn describe(&self) -> String {
        match self {
            TokenKind::Number(value) => format!("`{}`", format_number(*value)),
            TokenKind::Name(name) => format!("`{name}`"),
            TokenKind::Plus => "`+`".to_string(),
            TokenKind::Minus => "`-`".to_string(),
            TokenKind::Star => "`*`".to_string(),
            TokenKind::Slash => "`/`".to_string(),
            TokenKind::SlashSlash => "`//`".to_string(),
            TokenKind::Percent => "`%`".to_string(),
            TokenKind::At => "`@`".to_string(),
            TokenKind::Caret => "`^`".to_string(),
            TokenKind::Transpose => "`.T`".to_string(),
            TokenKind::Open => "`(`".to_string(),
            TokenKind::Close => "`)`".to_string(),
            TokenKind::Comma => "`,`".to_string(),
            TokenKind::Equals => "`=`".to_string(),
            TokenKind::OpenBracket => "`[`".to_string(),
            TokenKind::CloseBracket => "`]`".to_string(),
            TokenKind::Colon => "`:`".to_string(),
            TokenKind::Compare(symbol) => format!("`{symbol}`"),
        }
    }
}

/// One token and where it is in the `steps` string.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Token {
    pub kind: TokenKind,
    pub span: Range<usize>,
}

fn is_name_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_'
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// A syntax error at `span` with a hint.
fn syntax(message: String, hint: &str, span: Range<usize>) -> LangError {
    LangError::new(ErrorKind::Syntax, message, span).with_hint(hint)
}

/// Characters people paste from typeset maths, with what to write instead.
fn lookalike_hint(c: char) -> Option<&'static str> {
    match c {
        '−' | '–' => Some("write `-` (the ASCII minus)"),
        '×' | '·' => Some("write `*` (elementwise) or `@` (matrix product)"),
        '÷' => Some("write `/`"),
        '≤' => Some("write `<=`"),
        '≥' => Some("write `>=`"),
        '≠' => Some("write `!=`"),
        '&' | '|' => Some(
            "there is no `and` or `or`: multiply comparisons for both, (a > 0) * (b > 0), and use maximum(…) for either",
        ),
        _ => None,
    }
}

/// The tokens of `line`, which starts at byte `offset` of the steps string.
pub(crate) fn tokenize(line: &str, offset: usize) -> Result<Vec<Token>, LangError> {
    let bytes = line.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < line.len() {
        let c = line[i..].chars().next().unwrap_or(' ');
        let start = i;
        // The two-character comparisons first, so `<=` is not `<` then `=`.
        let pair = match (c, bytes.get(i + 1)) {
            ('<', Some(b'=')) => Some("<="),
            ('>', Some(b'=')) => Some(">="),
            ('=', Some(b'=')) => Some("=="),
            ('!', Some(b'=')) => Some("!="),
            _ => None,
        };
        if c == '/' && bytes.get(i + 1) == Some(&b'/') {
            tokens.push(Token {
                kind: TokenKind::SlashSlash,
                span: offset + i..offset + i + 2,
            });
            i += 2;
            continue;
        }
        if let Some(symbol) = pair {
            tokens.push(Token {
                kind: TokenKind::Compare(symbol),
                span: offset + i..offset + i + 2,
            });
            i += 2;
            continue;
        }
        if c == '!' {
            return Err(syntax(
                "unexpected character `!`: the only use of `!` is `!=` (not equal)".to_string(),
                "for \"not c\" of a 0/1 value write 1 - c, or c == 0",
                offset + i..offset + i + 1,
            ));
        }
        let single = match c {
            '<' => Some(TokenKind::Compare("<")),
            '>' => Some(TokenKind::Compare(">")),
            '[' => Some(TokenKind::OpenBracket),
            ']' => Some(TokenKind::CloseBracket),
            ':' => Some(TokenKind::Colon),
            '+' => Some(TokenKind::Plus),
            '-' => Some(TokenKind::Minus),
            '*' => Some(TokenKind::Star),
            '/' => Some(TokenKind::Slash),
            '%' => Some(TokenKind::Percent),
            '@' => Some(TokenKind::At),
            '^' => Some(TokenKind::Caret),
            '(' => Some(TokenKind::Open),
            ')' => Some(TokenKind::Close),
            ',' => Some(TokenKind::Comma),
            '=' => Some(TokenKind::Equals),
            _ => None,
        };
        if let Some(kind) = single {
            tokens.push(Token {
                kind,
                span: offset + i..offset + i + 1,
            });
            i += 1;
            continue;
        }
        if c == ' ' || c == '\t' || c == '\r' {
            i += 1;
            continue;
        }
        if c == '.' {
            let next = bytes.get(i + 1).copied();
            // `.T` only when the T ends there: `x.Tx` is not a transpose.
            if next == Some(b'T') && !bytes.get(i + 2).is_some_and(|&b| is_name_char(b as char)) {
                tokens.push(Token {
                    kind: TokenKind::Transpose,
                    span: offset + i..offset + i + 2,
                });
                i += 2;
                continue;
            }
            if next.is_some_and(|b| b.is_ascii_digit()) {
                return Err(syntax(
                    "a number must start with a digit".to_string(),
                    "write 0.5 rather than .5",
                    offset + i..offset + i + 1,
                ));
            }
            return Err(syntax(
                "unexpected `.`: the only use of a dot after a value is `.T` (transpose)"
                    .to_string(),
                "write x.T for the transpose of x",
                offset + i..offset + i + 1,
            ));
        }
        if c.is_ascii_digit() {
            i = number_end(bytes, i);
            let text = &line[start..i];
            if line[i..].chars().next().is_some_and(is_name_start) {
                let name_end = line[i..]
                    .find(|c: char| !is_name_char(c))
                    .map_or(line.len(), |n| i + n);
                let name = &line[i..name_end];
                return Err(syntax(
                    format!("a number directly followed by a name: `{text}{name}`"),
                    &format!("write `{text} * {name}`: there is no implicit multiplication"),
                    offset + start..offset + name_end,
                ));
            }
            let value: f64 = text.parse().unwrap_or(f64::INFINITY);
            if !value.is_finite() {
                return Err(LangError::new(
                    ErrorKind::Limit(Limit::Number),
                    format!("the number {text} is too large"),
                    offset + start..offset + i,
                )
                .with_hint("numbers must be below about 1.8e308"));
            }
            tokens.push(Token {
                kind: TokenKind::Number(value),
                span: offset + start..offset + i,
            });
            continue;
        }
        if is_name_start(c) {
            i = line[i..]
                .find(|c: char| !is_name_char(c))
                .map_or(line.len(), |n| i + n);
            tokens.push(Token {
                kind: TokenKind::Name(line[start..i].to_string()),
                span: offset + start..offset + i,
            });
            continue;
        }
        let span = offset + i..offset + i + c.len_utf8();
        let hint = lookalike_hint(c).unwrap_or(
            "a step uses names, numbers, + - * / @ ^ .T, comparisons, [subscripts], parentheses and function calls",
        );
        return Err(syntax(format!("unexpected character `{c}`"), hint, span));
    }
    Ok(tokens)
}

/// Where the number starting at `start` ends: digits, an optional fraction, an optional
/// exponent (only taken when digits follow it, so `2e` leaves the `e` to be reported).
fn number_end(bytes: &[u8], start: usize) -> usize {
    let digits = |mut i: usize| {
        while bytes.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        i
    };
    let mut i = digits(start);
    // `2.T` is the transpose of 2, not the number `2.` followed by `T`.
    if bytes.get(i) == Some(&b'.') && bytes.get(i + 1) != Some(&b'T') {
        i = digits(i + 1);
    }
    if matches!(bytes.get(i), Some(b'e' | b'E')) {
        let mut j = i + 1;
        if matches!(bytes.get(j), Some(b'+' | b'-')) {
            j += 1;
        }
        if bytes.get(j).is_some_and(u8::is_ascii_digit) {
            i = digits(j);
        }
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(line: &str) -> Vec<TokenKind> {
        tokenize(line, 0)
            .unwrap()
            .into_iter()
            .map(|t| t.kind)
            .collect()
    }

    #[test]
    fn splits_operators_names_numbers_and_the_transpose() {
        use TokenKind::*;
        assert_eq!(
            kinds("q @ k.T / sqrt(2.5e1)"),
            vec![
                Name("q".into()),
                At,
                Name("k".into()),
                Transpose,
                Slash,
                Name("sqrt".into()),
                Open,
                Number(25.0),
                Close
            ]
        );
        assert_eq!(kinds("1. + 1E-2"), vec![Number(1.0), Plus, Number(0.01)]);
    }

    #[test]
    fn spans_are_offsets_into_the_whole_steps_string() {
        let tokens = tokenize("ab + 12", 10).unwrap();
        assert_eq!(tokens[0].span, 10..12);
        assert_eq!(tokens[2].span, 15..17);
    }

    #[test]
    fn a_number_followed_by_a_name_suggests_a_multiplication() {
        let error = tokenize("y = 2x + 1", 4).unwrap_err();
        assert_eq!(error.kind, ErrorKind::Syntax);
        assert_eq!(error.span, 8..10);
        assert_eq!(
            error.hint.as_deref(),
            Some("write `2 * x`: there is no implicit multiplication")
        );
    }

    #[test]
    fn typeset_minus_signs_and_leading_dots_are_explained() {
        let error = tokenize("a − b", 0).unwrap_err();
        assert_eq!(error.span, 2..5);
        assert_eq!(error.hint.as_deref(), Some("write `-` (the ASCII minus)"));
        let error = tokenize("x * .5", 0).unwrap_err();
        assert_eq!(error.hint.as_deref(), Some("write 0.5 rather than .5"));
    }

    #[test]
    fn a_number_too_large_for_f64_is_a_limit_error() {
        let error = tokenize("1e999", 0).unwrap_err();
        assert_eq!(error.kind, ErrorKind::Limit(Limit::Number));
        assert_eq!(error.span, 0..5);
    }
}
