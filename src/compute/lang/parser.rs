//! Turns a `steps` string into [`Step`]s: one `name = expression` per line.
//!
//! Stage: parsing, after the lexer. Input: the whole `steps` string. Output: the steps in order,
//! each an expression tree whose spans are byte offsets into that string, or the first syntax or
//! limit [`LangError`]. Must not: look up names or evaluate anything (a name defined twice or
//! never is the evaluator's to report, because only it knows the inputs).
//!
//! Grammar (loosest first): `+ -`; `* / @`; unary `-`; `^` (right associative, so `-x^2` is
//! `-(x^2)` and `2^-1` is allowed); postfix `.T`; numbers, names, calls and parentheses.

use std::ops::Range;

use super::lexer::{tokenize, Token, TokenKind};
use super::{ErrorKind, LangError, MAX_DEPTH, MAX_LINES, MAX_LINE_BYTES};

/// One line of the program: `name = expr`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Step {
    pub name: String,
    pub name_span: Range<usize>,
    /// 1-based line in the `steps` string, for hints such as "defined later, on line 4".
    pub line: usize,
    pub expr: Expr,
}

/// An expression and the part of the `steps` string it was parsed from.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Expr {
    pub kind: ExprKind,
    pub span: Range<usize>,
    /// Height of this tree; bounded by [`MAX_DEPTH`] so evaluation's recursion is bounded too.
    pub depth: usize,
}

/// The binary operators, in the order of the grammar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BinaryOp {
    Add,
    Subtract,
    Multiply,
    Divide,
    MatMul,
    Power,
}

impl BinaryOp {
    /// The operator as written.
    pub(crate) fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Add => "+",
            BinaryOp::Subtract => "-",
            BinaryOp::Multiply => "*",
            BinaryOp::Divide => "/",
            BinaryOp::MatMul => "@",
            BinaryOp::Power => "^",
        }
    }
}

/// What an expression is.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum ExprKind {
    Number(f64),
    Name(String),
    Negate(Box<Expr>),
    Transpose(Box<Expr>),
    Binary {
        op: BinaryOp,
        op_span: Range<usize>,
        left: Box<Expr>,
        right: Box<Expr>,
    },
    Call {
        function: String,
        function_span: Range<usize>,
        args: Vec<Arg>,
    },
}

/// One argument of a call: positional, or `keyword = value`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Arg {
    pub keyword: Option<(String, Range<usize>)>,
    pub value: Expr,
}

/// Parses every line of `steps`.
pub(crate) fn parse_steps(steps: &str) -> Result<Vec<Step>, LangError> {
    let mut parsed = Vec::new();
    let mut offset = 0;
    for (index, raw_line) in steps.split('\n').enumerate() {
        let line_start = offset;
        offset += raw_line.len() + 1;
        if index >= MAX_LINES {
            return Err(LangError::new(
                ErrorKind::Limit,
                format!("the steps have more than {MAX_LINES} lines"),
                line_start..line_start + raw_line.len(),
            )
            .with_hint("split the computation over several compute blocks"));
        }
        if raw_line.len() > MAX_LINE_BYTES {
            return Err(LangError::new(
                ErrorKind::Limit,
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
        let end = line_start + code.trim_end().len();
        parsed.push(parse_line(&tokens, end, index + 1)?);
    }
    Ok(parsed)
}

/// Parses one non-blank line; `end` is where its code ends (for "end of line" errors).
fn parse_line(tokens: &[Token], end: usize, line: usize) -> Result<Step, LangError> {
    let (name, name_span) = match (&tokens[0].kind, tokens.get(1).map(|t| &t.kind)) {
        (TokenKind::Name(name), Some(TokenKind::Equals)) => (name.clone(), tokens[0].span.clone()),
        _ => {
            return Err(LangError::new(
                ErrorKind::Syntax,
                "a step is written `name = expression`".to_string(),
                tokens[0].span.clone(),
            )
            .with_hint("each line defines one name, as in `y = x + 1`; `#` starts a comment"))
        }
    };
    let mut parser = Parser {
        tokens: &tokens[2..],
        position: 0,
        end,
    };
    let expr = parser.expr(0)?;
    if let Some(token) = parser.peek() {
        let hint = match token.kind {
            TokenKind::Name(_) | TokenKind::Number(_) | TokenKind::Open => {
                "is an operator missing? write `a * b`, not `a b`"
            }
            TokenKind::Equals => "a line defines one name; `=` cannot appear in an expression",
            TokenKind::Close => "this `)` has no matching `(`",
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
        line,
        expr,
    })
}

/// A recursive-descent parser over one line's tokens after `name =`.
struct Parser<'t> {
    tokens: &'t [Token],
    position: usize,
    /// Byte offset of the end of the line's code.
    end: usize,
}

fn too_deep(span: Range<usize>) -> LangError {
    LangError::new(
        ErrorKind::Limit,
        format!("the expression nests more than {MAX_DEPTH} levels deep"),
        span,
    )
    .with_hint("split it into several steps")
}

/// A node spanning `span` above a child of height `child_depth` (0 for a leaf); fails when the
/// tree grows too tall.
fn node(kind: ExprKind, span: Range<usize>, child_depth: usize) -> Result<Expr, LangError> {
    let depth = 1 + child_depth;
    if depth > MAX_DEPTH {
        return Err(too_deep(span));
    }
    Ok(Expr { kind, span, depth })
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.position)
    }

    fn peek_kind(&self) -> Option<&TokenKind> {
        self.peek().map(|t| &t.kind)
    }

    /// The span where parsing stopped: the next token, or the end of the line.
    fn here(&self) -> Range<usize> {
        self.peek()
            .map_or(self.end..self.end, |token| token.span.clone())
    }

    fn next(&mut self) -> Option<Token> {
        let token = self.tokens.get(self.position).cloned();
        self.position += 1;
        token
    }

    /// Guards the recursion of parentheses, calls and unary chains.
    fn enter(&self, nesting: usize) -> Result<(), LangError> {
        if nesting > MAX_DEPTH {
            return Err(too_deep(self.here()));
        }
        Ok(())
    }

    fn expr(&mut self, nesting: usize) -> Result<Expr, LangError> {
        self.enter(nesting)?;
        let mut left = self.term(nesting)?;
        while let Some(op) = match self.peek_kind() {
            Some(TokenKind::Plus) => Some(BinaryOp::Add),
            Some(TokenKind::Minus) => Some(BinaryOp::Subtract),
            _ => None,
        } {
            let op_span = self.next().map(|t| t.span).unwrap_or_default();
            let right = self.term(nesting)?;
            left = binary(op, op_span, left, right)?;
        }
        Ok(left)
    }

    fn term(&mut self, nesting: usize) -> Result<Expr, LangError> {
        let mut left = self.unary(nesting)?;
        while let Some(op) = match self.peek_kind() {
            Some(TokenKind::Star) => Some(BinaryOp::Multiply),
            Some(TokenKind::Slash) => Some(BinaryOp::Divide),
            Some(TokenKind::At) => Some(BinaryOp::MatMul),
            _ => None,
        } {
            let op_span = self.next().map(|t| t.span).unwrap_or_default();
            if op == BinaryOp::Multiply && self.peek_kind() == Some(&TokenKind::Star) {
                return Err(LangError::new(
                    ErrorKind::Syntax,
                    "`**` is not an operator".to_string(),
                    op_span.start..self.here().end,
                )
                .with_hint("powers are written x ^ 2"));
            }
            let right = self.unary(nesting)?;
            left = binary(op, op_span, left, right)?;
        }
        Ok(left)
    }

    fn unary(&mut self, nesting: usize) -> Result<Expr, LangError> {
        self.enter(nesting)?;
        if self.peek_kind() == Some(&TokenKind::Minus) {
            let minus = self.next().map(|t| t.span).unwrap_or_default();
            let operand = self.unary(nesting + 1)?;
            let span = minus.start..operand.span.end;
            let child_depth = operand.depth;
            return node(ExprKind::Negate(Box::new(operand)), span, child_depth);
        }
        self.power(nesting)
    }

    fn power(&mut self, nesting: usize) -> Result<Expr, LangError> {
        let base = self.postfix(nesting)?;
        if self.peek_kind() != Some(&TokenKind::Caret) {
            return Ok(base);
        }
        let op_span = self.next().map(|t| t.span).unwrap_or_default();
        let exponent = self.unary(nesting + 1)?;
        binary(BinaryOp::Power, op_span, base, exponent)
    }

    fn postfix(&mut self, nesting: usize) -> Result<Expr, LangError> {
        let mut value = self.atom(nesting)?;
        while self.peek_kind() == Some(&TokenKind::Transpose) {
            let end = self.next().map(|t| t.span.end).unwrap_or_default();
            let span = value.span.start..end;
            let child_depth = value.depth;
            value = node(ExprKind::Transpose(Box::new(value)), span, child_depth)?;
        }
        Ok(value)
    }

    fn atom(&mut self, nesting: usize) -> Result<Expr, LangError> {
        let here = self.here();
        let Some(token) = self.next() else {
            return Err(LangError::new(
                ErrorKind::Syntax,
                "expected a value, found the end of the line".to_string(),
                here,
            )
            .with_hint("an operator needs a value on each side"));
        };
        match token.kind {
            TokenKind::Number(value) => node(ExprKind::Number(value), token.span, 0),
            TokenKind::Name(name) if self.peek_kind() == Some(&TokenKind::Open) => {
                self.call(name, token.span, nesting)
            }
            TokenKind::Name(name) => node(ExprKind::Name(name), token.span, 0),
            TokenKind::Open => {
                let inner = self.expr(nesting + 1)?;
                self.close()?;
                // The parentheses only group: the inner tree keeps its own span and depth.
                Ok(inner)
            }
            other => Err(LangError::new(
                ErrorKind::Syntax,
                format!("expected a value, found {}", other.describe()),
                token.span,
            )
            .with_hint("a value is a number, a name, a call such as exp(x), or (…)")),
        }
    }

    /// Expects the `)` that closes the innermost open parenthesis.
    fn close(&mut self) -> Result<(), LangError> {
        if self.peek_kind() == Some(&TokenKind::Close) {
            self.next();
            return Ok(());
        }
        let found = self
            .peek()
            .map_or("the end of the line".to_string(), |t| t.kind.describe());
        Err(LangError::new(
            ErrorKind::Syntax,
            format!("expected `)` to close the `(`, found {found}"),
            self.here(),
        )
        .with_hint("every `(` needs a matching `)`; arguments are separated by `,`"))
    }

    /// `name(` has been read up to the name; parses the arguments and the `)`.
    fn call(
        &mut self,
        function: String,
        function_span: Range<usize>,
        nesting: usize,
    ) -> Result<Expr, LangError> {
        self.next();
        let mut args: Vec<Arg> = Vec::new();
        if self.peek_kind() != Some(&TokenKind::Close) {
            loop {
                let keyword = match (self.peek_kind(), self.tokens.get(self.position + 1)) {
                    (Some(TokenKind::Name(name)), Some(t)) if t.kind == TokenKind::Equals => {
                        let name = name.clone();
                        let span = self.next().map(|t| t.span).unwrap_or_default();
                        self.next();
                        Some((name, span))
                    }
                    _ => None,
                };
                let value_start = self.here();
                let value = self.expr(nesting + 1)?;
                if keyword.is_none() && args.iter().any(|a| a.keyword.is_some()) {
                    return Err(LangError::new(
                        ErrorKind::Syntax,
                        "a positional argument after a keyword argument".to_string(),
                        value_start.start..value.span.end,
                    )
                    .with_hint("put keyword arguments such as axis=1 last"));
                }
                args.push(Arg { keyword, value });
                if self.peek_kind() == Some(&TokenKind::Comma) {
                    self.next();
                    continue;
                }
                break;
            }
        }
        let end = self.here().end;
        self.close()?;
        let span = function_span.start..end;
        let children: Vec<&Expr> = args.iter().map(|a| &a.value).collect();
        let depth = 1 + children.iter().map(|c| c.depth).max().unwrap_or(0);
        if depth > MAX_DEPTH {
            return Err(too_deep(span));
        }
        Ok(Expr {
            kind: ExprKind::Call {
                function,
                function_span,
                args,
            },
            span,
            depth,
        })
    }
}

fn binary(op: BinaryOp, op_span: Range<usize>, left: Expr, right: Expr) -> Result<Expr, LangError> {
    let span = left.span.start..right.span.end;
    let depth = 1 + left.depth.max(right.depth);
    if depth > MAX_DEPTH {
        return Err(too_deep(op_span));
    }
    Ok(Expr {
        kind: ExprKind::Binary {
            op,
            op_span,
            left: Box::new(left),
            right: Box::new(right),
        },
        span,
        depth,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tree as a fully parenthesised string, to compare shapes of parses.
    fn shape(expr: &Expr) -> String {
        match &expr.kind {
            ExprKind::Number(x) => x.to_string(),
            ExprKind::Name(name) => name.clone(),
            ExprKind::Negate(operand) => format!("(-{})", shape(operand)),
            ExprKind::Transpose(operand) => format!("{}.T", shape(operand)),
            ExprKind::Binary {
                op, left, right, ..
            } => {
                format!("({} {} {})", shape(left), op.symbol(), shape(right))
            }
            ExprKind::Call { function, args, .. } => {
                let args: Vec<String> = args
                    .iter()
                    .map(|a| match &a.keyword {
                        Some((keyword, _)) => format!("{keyword}={}", shape(&a.value)),
                        None => shape(&a.value),
                    })
                    .collect();
                format!("{function}({})", args.join(", "))
            }
        }
    }

    fn parsed(expression: &str) -> String {
        let steps = parse_steps(&format!("y = {expression}")).unwrap();
        shape(&steps[0].expr)
    }

    #[test]
    fn precedence_and_associativity_follow_the_grammar() {
        assert_eq!(parsed("q @ k.T / sqrt(2)"), "((q @ k.T) / sqrt(2))");
        assert_eq!(parsed("a * b @ c"), "((a * b) @ c)");
        assert_eq!(parsed("a - b - c"), "((a - b) - c)");
        assert_eq!(parsed("2 ^ 3 ^ 2"), "(2 ^ (3 ^ 2))");
        assert_eq!(parsed("-x ^ 2"), "(-(x ^ 2))");
        assert_eq!(parsed("2 ^ -1"), "(2 ^ (-1))");
        assert_eq!(parsed("(a + b).T.T"), "(a + b).T.T");
        assert_eq!(parsed("sum(x, axis=-1)"), "sum(x, axis=(-1))");
    }

    #[test]
    fn spans_cover_each_expression_and_name_in_the_steps_string() {
        let steps = parse_steps(
            "# header
scores = q @ k.T
",
        )
        .unwrap();
        assert_eq!(steps[0].name_span, 9..15);
        assert_eq!(steps[0].line, 2);
        let expr = &steps[0].expr;
        assert_eq!(expr.span, 18..25);
        let ExprKind::Binary { op_span, right, .. } = &expr.kind else {
            panic!("a product")
        };
        assert_eq!(*op_span, 20..21);
        assert_eq!(right.span, 22..25);
    }

    #[test]
    fn blank_and_comment_lines_define_nothing() {
        assert!(parse_steps("\n   \n# only a comment\n").unwrap().is_empty());
    }
}
