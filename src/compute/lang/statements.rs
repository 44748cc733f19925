//! Turns a `steps` string into [`Statement`]s: `name = expression` lines and `repeat` loops
//! whose bodies are the lines indented under them.
//!
//! Stage: parsing. Input: the whole `steps` string. Output: the statements in order, each
//! expression parsed by `parser`, or the first syntax or limit [`LangError`]. Must not: look up
//! names or evaluate anything (whether a name may be assigned is the evaluator's to say).
//!
//! Indentation: the first line with code sets the program's left edge; a `repeat … :` line is
//! followed by its body, the lines indented deeper (the first of them sets the body's depth),
//! and the body ends at the first line indented less. Spaces only: a tab is an error.

use std::ops::Range;

use super::lexer::{tokenize, Token, TokenKind};
use super::parser::{Expr, Parser};
use super::{ErrorKind, LangError, Limit, MAX_LINES, MAX_LINE_BYTES, MAX_LOOP_DEPTH};

/// One `name = expr` line.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Step {
    pub name: String,
    pub name_span: Range<usize>,
    /// 1-based line in the `steps` string, for hints such as "defined later, on line 4".
    pub line: usize,
    pub expr: Expr,
    /// Position among all the program's steps in written order, loop bodies included.
    pub index: usize,
}

/// `repeat count [as counter] [until condition]:` and its body.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Repeat {
    pub count: Expr,
    /// The name that counts the iterations from 0, and where it is written.
    pub counter: Option<(String, Range<usize>)>,
    /// The condition checked after each iteration: when it holds, or a number in the iteration
    /// is not finite, that iteration is undone and the loop stops (README, "Loops").
    pub until: Option<Expr>,
    pub body: Vec<Statement>,
    /// 1-based line of the `repeat`.
    pub line: usize,
    /// The word `repeat`, where work limits and loop errors point.
    pub keyword_span: Range<usize>,
    /// Position (as in [`Step::index`]) of the first step written after the `repeat` line.
    pub next_step: usize,
}

/// One statement of a program.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Statement {
    Assign(Step),
    Repeat(Repeat),
}

impl Statement {
    /// Every assignment in this statement and the bodies inside it, in written order.
    pub(crate) fn steps(&self) -> Vec<&Step> {
        match self {
            Statement::Assign(step) => vec![step],
            Statement::Repeat(repeat) => repeat.body.iter().flat_map(Statement::steps).collect(),
        }
    }
}

/// One line with code: its tokens, indentation and where it is.
struct Line {
    tokens: Vec<Token>,
    /// Spaces before the first token.
    indent: usize,
    /// Byte offset where the line's code ends (for "end of the line" errors).
    end: usize,
    /// 1-based line number.
    number: usize,
}

/// Parses every line of `steps`.
pub(crate) fn parse_steps(steps: &str) -> Result<Vec<Statement>, LangError> {
    let lines = code_lines(steps)?;
    let Some(first) = lines.first() else {
        return Ok(Vec::new());
    };
    let mut position = 0;
    let statements = block(&lines, &mut position, first.indent, 0)?;
    if let Some(line) = lines.get(position) {
        return Err(LangError::new(
            ErrorKind::Syntax,
            "this line is indented less than the first line".to_string(),
            line.tokens[0].span.clone(),
        )
        .with_hint("line the program's lines up on the left; only a repeat's body is indented"));
    }
    let mut statements = statements;
    number(&mut statements, &mut 0);
    Ok(statements)
}

/// Sets each step's position in written order, and each repeat's next one.
fn number(statements: &mut [Statement], next: &mut usize) {
    for statement in statements {
        match statement {
            Statement::Assign(step) => {
                step.index = *next;
                *next += 1;
            }
            Statement::Repeat(repeat) => {
                repeat.next_step = *next;
                number(&mut repeat.body, next);
            }
        }
    }
}

/// The lines that hold code, each tokenised, with the limits on length checked.
fn code_lines(steps: &str) -> Result<Vec<Line>, LangError> {
    let mut lines = Vec::new();
    let mut offset = 0;
    for (index, raw_line) in steps.split('\n').enumerate() {
        let line_start = offset;
        offset += raw_line.len() + 1;
        if index >= MAX_LINES {
            return Err(LangError::new(
                ErrorKind::Limit(Limit::Lines),
                format!("the steps have more than {MAX_LINES} lines"),
                line_start..line_start + raw_line.len(),
            )
            .with_hint("split the computation over several compute blocks"));
        }
        if raw_line.len() > MAX_LINE_BYTES {
            return Err(LangError::new(
                ErrorKind::Limit(Limit::LineLength),
                format!(
                    "line {} is longer than {MAX_LINE_BYTES} characters",
                    index + 1
                ),
                line_start..line_start + raw_line.len(),
            )
            .with_hint("split the expression into several steps"));
        }
        let code = raw_line.split('#').next().unwrap_or("");
        let tokens = tokenize(code, line_start)?;
        if tokens.is_empty() {
            continue;
        }
        let leading = &code[..tokens[0].span.start - line_start];
        if let Some(tab) = leading.find('\t') {
            return Err(LangError::new(
                ErrorKind::Syntax,
                "a tab in the indentation".to_string(),
                line_start + tab..line_start + tab + 1,
            )
            .with_hint("indent with spaces: a tab's width is not the same everywhere"));
        }
        lines.push(Line {
            indent: leading.len(),
            end: line_start + code.trim_end().len(),
            number: index + 1,
            tokens,
        });
    }
    Ok(lines)
}

/// The statements of one block, all indented by `indent`, from `position` on; stops at the
/// first line indented less (the caller's to judge). `loops` is how many repeats enclose it.
fn block(
    lines: &[Line],
    position: &mut usize,
    indent: usize,
    loops: usize,
) -> Result<Vec<Statement>, LangError> {
    let mut statements = Vec::new();
    while let Some(line) = lines.get(*position) {
        if line.indent < indent {
            break;
        }
        if line.indent > indent {
            return Err(LangError::new(
                ErrorKind::Syntax,
                "unexpected indentation".to_string(),
                line.tokens[0].span.clone(),
            )
            .with_hint(
                "only the body of a `repeat N:` is indented; line this up with the line before",
            ));
        }
        *position += 1;
        if is_repeat(&line.tokens) {
            statements.push(Statement::Repeat(repeat(lines, position, line, loops)?));
        } else {
            for line in grad_list(line)
                .as_ref()
                .map_or(std::slice::from_ref(line), |l| l)
            {
                statements.push(Statement::Assign(assignment(line)?));
            }
        }
    }
    Ok(statements)
}

/// `g = grad(L, [a, b])` written as tokens after `g =`: the calls `grad(L, a)`, `grad(L, b)`
/// (the list's tokens replaced by one name each), with each name, when the tokens are exactly
/// that form. The statement parser turns them into steps `g_a`, `g_b`.
fn grad_calls(tokens: &[Token]) -> Option<Vec<(String, Vec<Token>)>> {
    let open = tokens
        .iter()
        .position(|t| t.kind == TokenKind::OpenBracket)?;
    let is_grad = matches!(tokens.first().map(|t| &t.kind), Some(TokenKind::Name(n)) if n == "grad")
        && tokens.get(1).is_some_and(|t| t.kind == TokenKind::Open)
        && open >= 3
        && tokens[open - 1].kind == TokenKind::Comma;
    if !is_grad {
        return None;
    }
    let close = open
        + tokens[open..]
            .iter()
            .position(|t| t.kind == TokenKind::CloseBracket)?;
    let inside = &tokens[open + 1..close];
    let mut names = Vec::new();
    for (i, token) in inside.iter().enumerate() {
        match (&token.kind, i % 2) {
            (TokenKind::Name(name), 0) => names.push((name.clone(), token.clone())),
            (TokenKind::Comma, 1) => {}
            _ => return None,
        }
    }
    if names.is_empty() || inside.len() % 2 == 0 {
        return None;
    }
    Some(
        names
            .into_iter()
            .map(|(name, token)| {
                let mut call = tokens[..open].to_vec();
                call.push(token);
                call.extend_from_slice(&tokens[close + 1..]);
                (name, call)
            })
            .collect(),
    )
}

/// `g = grad(L, [a, b])` as the lines `g_a = grad(L, a)` and `g_b = grad(L, b)`, at the same
/// place in the text (README, "Gradients").
fn grad_list(line: &Line) -> Option<Vec<Line>> {
    let (TokenKind::Name(name), Some(TokenKind::Equals)) =
        (&line.tokens[0].kind, line.tokens.get(1).map(|t| &t.kind))
    else {
        return None;
    };
    let calls = grad_calls(&line.tokens[2..])?;
    Some(
        calls
            .into_iter()
            .map(|(with_respect_to, call)| {
                let mut tokens = vec![
                    Token {
                        kind: TokenKind::Name(format!("{name}_{with_respect_to}")),
                        span: line.tokens[0].span.clone(),
                    },
                    line.tokens[1].clone(),
                ];
                tokens.extend(call);
                Line {
                    tokens,
                    indent: line.indent,
                    end: line.end,
                    number: line.number,
                }
            })
            .collect(),
    )
}

/// Whether a line opens a loop: `repeat` not followed by `=`.
fn is_repeat(tokens: &[Token]) -> bool {
    matches!(&tokens[0].kind, TokenKind::Name(word) if word == "repeat")
        && tokens.get(1).is_none_or(|t| t.kind != TokenKind::Equals)
}

/// `repeat count [as counter]:` on `line`, then its body from `position` on.
fn repeat(
    lines: &[Line],
    position: &mut usize,
    line: &Line,
    loops: usize,
) -> Result<Repeat, LangError> {
    let keyword_span = line.tokens[0].span.clone();
    if loops >= MAX_LOOP_DEPTH {
        return Err(LangError::new(
            ErrorKind::Limit(Limit::LoopDepth),
            format!("loops nest more than {MAX_LOOP_DEPTH} deep"),
            keyword_span,
        )
        .with_hint("move the inner work into fewer loops; a worked example rarely needs more"));
    }
    let usage = "write `repeat 10:`, `repeat steps as t:` or `repeat steps as t until loss > limit:`, then the body indented below";
    let tokens = &line.tokens[1..];
    let mut parser = Parser::new(tokens, line.end);
    let count = parser.expr(0)?;
    let mut counter = None;
    if matches!(parser.peek_kind(), Some(TokenKind::Name(word)) if word == "as") {
        parser.next();
        match parser.next() {
            Some(Token {
                kind: TokenKind::Name(name),
                span,
            }) => counter = Some((name, span)),
            other => {
                return Err(LangError::new(
                    ErrorKind::Syntax,
                    "`as` names the counter: a name must follow it".to_string(),
                    other.map_or(line.end..line.end, |t| t.span),
                )
                .with_hint(usage))
            }
        }
    }
    let mut until = None;
    if matches!(parser.peek_kind(), Some(TokenKind::Name(word)) if word == "until") {
        parser.next();
        if matches!(parser.peek_kind(), None | Some(TokenKind::Colon)) {
            return Err(LangError::new(
                ErrorKind::Syntax,
                "`until` needs a condition before the `:`".to_string(),
                parser.peek().map_or(line.end..line.end, |t| t.span.clone()),
            )
            .with_hint(usage));
        }
        until = Some(parser.expr(0)?);
    }
    match parser.next() {
        Some(Token {
            kind: TokenKind::Colon,
            ..
        }) => {}
        other => {
            let found = other
                .as_ref()
                .map_or("the end of the line".to_string(), |t| t.kind.describe());
            return Err(LangError::new(
                ErrorKind::Syntax,
                format!("expected `:` at the end of the `repeat` line, found {found}"),
                other.map_or(line.end..line.end, |t| t.span),
            )
            .with_hint(usage));
        }
    }
    if let Some(extra) = tokens.get(parser.position()) {
        return Err(LangError::new(
            ErrorKind::Syntax,
            format!("unexpected {} after the `:`", extra.kind.describe()),
            extra.span.clone(),
        )
        .with_hint("the body goes on the lines below, indented"));
    }
    let body_indent = match lines.get(*position) {
        Some(next) if next.indent > line.indent => next.indent,
        _ => {
            return Err(LangError::new(
                ErrorKind::Syntax,
                "the `repeat` has no body".to_string(),
                keyword_span,
            )
            .with_hint("indent the lines to repeat under the `repeat … :` line"))
        }
    };
    let body = block(lines, position, body_indent, loops + 1)?;
    if let Some(after) = lines.get(*position) {
        if after.indent > line.indent {
            return Err(LangError::new(
                ErrorKind::Syntax,
                "this line's indentation matches no block above it".to_string(),
                after.tokens[0].span.clone(),
            )
            .with_hint(
                "indent it as far as the body of the repeat, or as far as the repeat itself",
            ));
        }
    }
    Ok(Repeat {
        count,
        counter,
        until,
        body,
        line: line.number,
        keyword_span,
        next_step: 0,
    })
}

/// A construct from other languages the first word of a line may start, with what to write.
fn foreign_statement(word: &str) -> Option<(&'static str, &'static str)> {
    match word {
        "for" | "while" => Some((
            "a loop",
            "loops are written `repeat N as t:` with the body indented below",
        )),
        "if" | "else" | "elif" => Some((
            "a condition",
            "choose entries with where(c, a, b): c is a comparison such as x > 0",
        )),
        "def" | "return" | "function" => Some((
            "a function definition",
            "write the computation as steps; the functions are listed in the README",
        )),
        "let" | "var" | "const" => Some(("a declaration", "write `name = expression`")),
        _ => None,
    }
}

/// `name = expr` on `line`, with a teaching error for what else a line might try.
fn assignment(line: &Line) -> Result<Step, LangError> {
    let tokens = &line.tokens;
    let (name, name_span) = match (&tokens[0].kind, tokens.get(1).map(|t| &t.kind)) {
        (TokenKind::Name(name), Some(TokenKind::Equals)) => (name.clone(), tokens[0].span.clone()),
        (TokenKind::Name(word), next) => {
            let (message, hint) = match (foreign_statement(word), next) {
                (Some((what, hint)), _) => (
                    format!("`{word}` starts {what}, which the language does not have"),
                    hint.to_string(),
                ),
                (None, Some(TokenKind::OpenBracket)) => (
                    "a subscript cannot be assigned: indexing reads, it never writes".to_string(),
                    "build the changed value instead, e.g. v2 = where(arange(n) == 0, 1, v)"
                        .to_string(),
                ),
                (
                    None,
                    Some(TokenKind::Plus | TokenKind::Minus | TokenKind::Star | TokenKind::Slash),
                ) if tokens.get(2).is_some_and(|t| t.kind == TokenKind::Equals) => {
                    let op = tokens[1].kind.describe();
                    (
                        format!("`{}=` is not an operator", op.trim_matches('`')),
                        format!(
                            "write `{word} = {word} {} …` (inside a repeat, a name may be reassigned)",
                            op.trim_matches('`')
                        ),
                    )
                }
                _ => (
                    "a step is written `name = expression`".to_string(),
                    "each line defines one name, as in `y = x + 1`; `#` starts a comment"
                        .to_string(),
                ),
            };
            return Err(
                LangError::new(ErrorKind::Syntax, message, tokens[0].span.clone()).with_hint(hint),
            );
        }
        _ => {
            return Err(LangError::new(
                ErrorKind::Syntax,
                "a step is written `name = expression`".to_string(),
                tokens[0].span.clone(),
            )
            .with_hint("each line defines one name, as in `y = x + 1`; `#` starts a comment"))
        }
    };
    let rest = &tokens[2..];
    let mut parser = Parser::new(rest, line.end);
    let expr = parser.expr(0)?;
    if let Some(token) = parser.peek() {
        let hint = match token.kind {
            TokenKind::Name(_) | TokenKind::Number(_) | TokenKind::Open => {
                "is an operator missing? write `a * b`, not `a b`"
            }
            TokenKind::Equals => {
                "a line defines one name; `=` cannot appear in an expression (`==` compares)"
            }
            TokenKind::Close => "this `)` has no matching `(`",
            TokenKind::CloseBracket => "this `]` has no matching `[`",
            TokenKind::Colon => "a `:` belongs in a slice such as v[1:3] or at the end of a repeat",
            _ => "a step is one expression",
        };
        return Err(LangError::new(
            ErrorKind::Syntax,
            format!(
                "unexpected {} after a complete expression",
                token.kind.describe()
            ),
            token.span.clone(),
        )
        .with_hint(hint));
    }
    Ok(Step {
        name,
        name_span,
        line: line.number,
        expr,
        index: 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(steps: &str) -> Vec<Statement> {
        parse_steps(steps).unwrap_or_else(|e| panic!("{steps}: {e:?}"))
    }

    fn failure(steps: &str) -> LangError {
        parse_steps(steps).expect_err(steps)
    }

    #[test]
    fn spans_cover_each_expression_and_name_in_the_steps_string() {
        let statements = parsed("# header\nscores = q @ k.T\n");
        let Statement::Assign(step) = &statements[0] else {
            panic!("a step")
        };
        assert_eq!(step.name_span, 9..15);
        assert_eq!(step.line, 2);
        assert_eq!(step.expr.span, 18..25);
    }

    #[test]
    fn blank_and_comment_lines_define_nothing() {
        assert!(parsed("\n   \n# only a comment\n").is_empty());
    }

    #[test]
    fn a_repeat_owns_the_lines_indented_under_it_and_loops_nest() {
        let statements = parsed(
            "w = 1\nrepeat 3 as t:\n    w = w * 2\n    repeat t:\n      # c\n      u = w\n    v = w\nz = w",
        );
        assert_eq!(statements.len(), 3);
        let Statement::Repeat(outer) = &statements[1] else {
            panic!("a repeat")
        };
        assert_eq!(outer.counter.as_ref().map(|c| c.0.as_str()), Some("t"));
        assert_eq!((outer.line, outer.keyword_span.clone()), (2, 6..12));
        assert_eq!(outer.body.len(), 3);
        let Statement::Repeat(inner) = &outer.body[1] else {
            panic!("a nested repeat")
        };
        assert_eq!(inner.counter, None);
        let names: Vec<&str> = statements
            .iter()
            .flat_map(Statement::steps)
            .map(|s| s.name.as_str())
            .collect();
        assert_eq!(names, ["w", "w", "u", "v", "z"]);
    }

    #[test]
    fn indentation_errors_say_what_the_indentation_means() {
        let cases = [
            ("a = 1\n  b = 2", "unexpected indentation", 8..9),
            ("repeat 2:\nb = 2", "the `repeat` has no body", 0..6),
            (
                "repeat 2:\n    b = 1\n  c = 2",
                "this line's indentation matches no block above it",
                22..23,
            ),
            (
                "  a = 1\nb = 2",
                "this line is indented less than the first line",
                8..9,
            ),
            ("repeat 2:\n\tb = 1", "a tab in the indentation", 10..11),
            (
                "repeat 2\n  b = 1",
                "expected `:` at the end of the `repeat` line, found the end of the line",
                8..8,
            ),
            (
                "repeat 2 as:\n  b = 1",
                "`as` names the counter: a name must follow it",
                11..12,
            ),
            ("repeat 2: b = 1", "unexpected `b` after the `:`", 10..11),
        ];
        for (steps, message, span) in cases {
            let error = failure(steps);
            assert_eq!(
                (error.kind, error.message.as_str(), error.span),
                (ErrorKind::Syntax, message, span),
                "{steps:?}"
            );
        }
        let deep = "repeat 1:\n repeat 1:\n  repeat 1:\n   repeat 1:\n    repeat 1:\n     a = 1";
        let error = failure(deep);
        assert_eq!(error.kind, ErrorKind::Limit(Limit::LoopDepth));
        assert_eq!(error.message, "loops nest more than 4 deep");
        assert!(parse_steps(&deep.replace("    repeat 1:\n     a", "    a")).is_ok());
    }

    #[test]
    fn constructs_from_other_languages_name_themselves_and_the_way_here() {
        let cases = [
            (
                "for i in range(3):",
                "`for` starts a loop",
                "repeat N as t:",
            ),
            ("if x > 0:", "`if` starts a condition", "where(c, a, b)"),
            (
                "x[0] = 1",
                "a subscript cannot be assigned",
                "where(arange(n) == 0, 1, v)",
            ),
            ("x += 1", "`+=` is not an operator", "x = x + …"),
            (
                "y = x = 2",
                "unexpected `=` after a complete expression",
                "`==` compares",
            ),
        ];
        for (steps, message, hint) in cases {
            let error = failure(steps);
            assert!(
                error.message.starts_with(message),
                "{steps}: {}",
                error.message
            );
            assert!(
                error.hint.as_deref().unwrap_or("").contains(hint),
                "{steps}: {:?}",
                error.hint
            );
        }
    }
}
