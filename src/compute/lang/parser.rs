//! Turns the tokens of one expression into a tree.
//!
//! Stage: parsing, after the lexer; `statements` calls it for the expression of each line.
//! Input: tokens. Output: an [`Expr`] whose spans are byte offsets into the steps string, or the
//! first syntax or limit [`LangError`]. Must not: look up names or evaluate anything (a name
//! defined twice or never is the evaluator's to report, because only it knows the inputs).
//!
//! Grammar (loosest first): one comparison `< <= > >= == !=`; `+ -`; `* / // % @`; unary `-`; `^`
//! (right associative, so `-x^2` is `-(x^2)` and `2^-1` is allowed); postfix `.T` and
//! subscripts `[i]`, `[i, j]`, `[a:b:c]`; numbers, names, calls and parentheses.

use std::ops::Range;

use super::lexer::{Token, TokenKind};
use super::{ErrorKind, LangError, Limit, MAX_DEPTH};

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
    FloorDivide,
    Modulo,
    MatMul,
    Power,
    Less,
    LessEqual,
    Greater,
    GreaterEqual,
    Equal,
    NotEqual,
}

impl BinaryOp {
    /// The operator as written.
    pub(crate) fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Add => "+",
            BinaryOp::Subtract => "-",
            BinaryOp::Multiply => "*",
            BinaryOp::Divide => "/",
            BinaryOp::FloorDivide => "//",
            BinaryOp::Modulo => "%",
            BinaryOp::MatMul => "@",
            BinaryOp::Power => "^",
            BinaryOp::Less => "<",
            BinaryOp::LessEqual => "<=",
            BinaryOp::Greater => ">",
            BinaryOp::GreaterEqual => ">=",
            BinaryOp::Equal => "==",
            BinaryOp::NotEqual => "!=",
        }
    }

    /// Whether the operator compares (and so gives 1 or 0).
    pub(crate) fn is_comparison(self) -> bool {
        matches!(
            self,
            BinaryOp::Less
                | BinaryOp::LessEqual
                | BinaryOp::Greater
                | BinaryOp::GreaterEqual
                | BinaryOp::Equal
                | BinaryOp::NotEqual
        )
    }

    fn comparison(symbol: &str) -> BinaryOp {
        match symbol {
            "<" => BinaryOp::Less,
            "<=" => BinaryOp::LessEqual,
            ">" => BinaryOp::Greater,
            ">=" => BinaryOp::GreaterEqual,
            "==" => BinaryOp::Equal,
            _ => BinaryOp::NotEqual,
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
    /// `target[subscripts]`, with the span of the brackets and what they hold.
    Index {
        target: Box<Expr>,
        subscripts: Vec<Subscript>,
        bracket_span: Range<usize>,
    },
}

/// One subscript between `[` and `]`: a position, or a slice `start:stop:step` whose parts may
/// each be left out.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Subscript {
    At(Expr),
    Slice {
        start: Option<Expr>,
        stop: Option<Expr>,
        step: Option<Expr>,
        span: Range<usize>,
    },
}

impl Subscript {
    /// The expressions the subscript holds, in written order.
    pub(crate) fn parts(&self) -> Vec<&Expr> {
        match self {
            Subscript::At(expr) => vec![expr],
            Subscript::Slice {
                start, stop, step, ..
            } => [start, stop, step].into_iter().flatten().collect(),
        }
    }
}

/// One argument of a call: positional, or `keyword = value`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Arg {
    pub keyword: Option<(String, Range<usize>)>,
    pub value: Expr,
}

/// A recursive-descent parser over the tokens of one expression.
pub(crate) struct Parser<'t> {
    tokens: &'t [Token],
    position: usize,
    /// Byte offset of the end of the line's code.
    end: usize,
}

fn too_deep(span: Range<usize>) -> LangError {
    LangError::new(
        ErrorKind::Limit(Limit::Depth),
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

impl<'t> Parser<'t> {
    /// A parser over `tokens`, whose line's code ends at byte `end`.
    pub(crate) fn new(tokens: &'t [Token], end: usize) -> Self {
        Parser {
            tokens,
            position: 0,
            end,
        }
    }

    /// Where the parser stands in its tokens.
    pub(crate) fn position(&self) -> usize {
        self.position
    }

    pub(crate) fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.position)
    }

    pub(crate) fn peek_kind(&self) -> Option<&TokenKind> {
        self.peek().map(|t| &t.kind)
    }

    /// The span where parsing stopped: the next token, or the end of the line.
    pub(crate) fn here(&self) -> Range<usize> {
        self.peek()
            .map_or(self.end..self.end, |token| token.span.clone())
    }

    pub(crate) fn next(&mut self) -> Option<Token> {
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

    /// `sum [compare sum]`: at most one comparison, looser than everything else.
    pub(crate) fn expr(&mut self, nesting: usize) -> Result<Expr, LangError> {
        self.enter(nesting)?;
        let left = self.sum(nesting)?;
        let Some(TokenKind::Compare(symbol)) = self.peek_kind() else {
            return Ok(left);
        };
        let op = BinaryOp::comparison(symbol);
        let op_span = self.next().map(|t| t.span).unwrap_or_default();
        let right = self.sum(nesting)?;
        if let Some(TokenKind::Compare(second)) = self.peek_kind() {
            let second = *second;
            return Err(LangError::new(
                ErrorKind::Syntax,
                format!(
                    "two comparisons in a row (`{}` then `{second}`): an expression compares once",
                    op.symbol()
                ),
                self.here(),
            )
            .with_hint("for a < b < c write (a < b) * (b < c): both conditions hold where the product is 1"));
        }
        binary(op, op_span, left, right)
    }

    fn sum(&mut self, nesting: usize) -> Result<Expr, LangError> {
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
            Some(TokenKind::SlashSlash) => Some(BinaryOp::FloorDivide),
            Some(TokenKind::Percent) => Some(BinaryOp::Modulo),
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
        loop {
            match self.peek_kind() {
                Some(TokenKind::Transpose) => {
                    let end = self.next().map(|t| t.span.end).unwrap_or_default();
                    let span = value.span.start..end;
                    let child_depth = value.depth;
                    value = node(ExprKind::Transpose(Box::new(value)), span, child_depth)?;
                }
                Some(TokenKind::OpenBracket) => value = self.index(value, nesting)?,
                _ => return Ok(value),
            }
        }
    }

    /// `target[` is next: parses one or two subscripts and the `]`.
    fn index(&mut self, target: Expr, nesting: usize) -> Result<Expr, LangError> {
        self.enter(nesting + 1)?;
        let open = self.next().map(|t| t.span).unwrap_or_default();
        if self.peek_kind() == Some(&TokenKind::CloseBracket) {
            return Err(LangError::new(
                ErrorKind::Syntax,
                "empty brackets: a subscript says which entries to take".to_string(),
                open.start..self.here().end,
            )
            .with_hint("write v[0] for one entry, v[1:3] for a range, m[:, 0] for a column"));
        }
        let mut subscripts = vec![self.subscript(nesting + 1)?];
        while self.peek_kind() == Some(&TokenKind::Comma) {
            let comma = self.next().map(|t| t.span).unwrap_or_default();
            if subscripts.len() == 2 {
                return Err(LangError::new(
                    ErrorKind::Syntax,
                    "more than two subscripts: a value has at most two axes".to_string(),
                    comma,
                )
                .with_hint("write m[i, j] for a matrix entry, v[i] for a vector entry"));
            }
            subscripts.push(self.subscript(nesting + 1)?);
        }
        if self.peek_kind() != Some(&TokenKind::CloseBracket) {
            let found = self
                .peek()
                .map_or("the end of the line".to_string(), |t| t.kind.describe());
            return Err(LangError::new(
                ErrorKind::Syntax,
                format!("expected `]` to close the `[`, found {found}"),
                self.here(),
            )
            .with_hint("a subscript is written v[i], m[i, j] or v[start:stop:step]"));
        }
        let close = self.next().map(|t| t.span).unwrap_or_default();
        let span = target.span.start..close.end;
        let child_depth = subscripts
            .iter()
            .flat_map(|s| s.parts())
            .map(|e| e.depth)
            .max()
            .unwrap_or(0)
            .max(target.depth);
        node(
            ExprKind::Index {
                target: Box::new(target),
                subscripts,
                bracket_span: open.start..close.end,
            },
            span,
            child_depth,
        )
    }

    /// One subscript: `expr`, or a slice `[expr] : [expr] [: [expr]]`.
    fn subscript(&mut self, nesting: usize) -> Result<Subscript, LangError> {
        let start_span = self.here();
        let ends_part = |kind: Option<&TokenKind>| {
            matches!(
                kind,
                None | Some(TokenKind::Colon | TokenKind::Comma | TokenKind::CloseBracket)
            )
        };
        let first = if ends_part(self.peek_kind()) {
            None
        } else {
            Some(self.expr(nesting)?)
        };
        if self.peek_kind() != Some(&TokenKind::Colon) {
            return match first {
                Some(expr) => Ok(Subscript::At(expr)),
                None => Err(LangError::new(
                    ErrorKind::Syntax,
                    "expected a subscript".to_string(),
                    start_span,
                )
                .with_hint("write v[0] for one entry, v[1:3] for a range, m[:, 0] for a column")),
            };
        }
        let mut end = self.next().map(|t| t.span.end).unwrap_or_default();
        let stop = if ends_part(self.peek_kind()) {
            None
        } else {
            let stop = self.expr(nesting)?;
            end = stop.span.end;
            Some(stop)
        };
        let mut step = None;
        if self.peek_kind() == Some(&TokenKind::Colon) {
            end = self.next().map(|t| t.span.end).unwrap_or_default();
            if !ends_part(self.peek_kind()) {
                let given = self.expr(nesting)?;
                end = given.span.end;
                step = Some(given);
            }
        }
        Ok(Subscript::Slice {
            start: first,
            stop,
            step,
            span: start_span.start..end,
        })
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
            TokenKind::OpenBracket => Err(LangError::new(
                ErrorKind::Syntax,
                "a list cannot be written inside a step".to_string(),
                token.span,
            )
            .with_hint(
                "write lists as inputs, or build one with concat(1, 2, 3); a list of names is only grad's, in its own step: g = grad(loss, [a, b])",
            )),
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
    use super::super::lexer::tokenize;
    use super::*;

    /// The tree as a fully parenthesised string, to compare shapes of parses.
    fn shape(expr: &Expr) -> String {
        let part = |e: &Option<Expr>| e.as_ref().map_or(String::new(), shape);
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
            ExprKind::Index {
                target, subscripts, ..
            } => {
                let subscripts: Vec<String> = subscripts
                    .iter()
                    .map(|s| match s {
                        Subscript::At(e) => shape(e),
                        Subscript::Slice {
                            start, stop, step, ..
                        } => format!("{}:{}:{}", part(start), part(stop), part(step)),
                    })
                    .collect();
                format!("{}[{}]", shape(target), subscripts.join(", "))
            }
        }
    }

    fn parse(expression: &str) -> Result<Expr, LangError> {
        let tokens = tokenize(expression, 0)?;
        let mut parser = Parser::new(&tokens, expression.len());
        let expr = parser.expr(0)?;
        assert_eq!(parser.position(), tokens.len(), "{expression}");
        Ok(expr)
    }

    fn parsed(expression: &str) -> String {
        shape(&parse(expression).unwrap())
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
        assert_eq!(parsed("a + b // c % d"), "(a + ((b // c) % d))");
        assert_eq!(parsed("-a // 2 ^ 2"), "((-a) // (2 ^ 2))");
    }

    #[test]
    fn a_comparison_binds_looser_than_arithmetic_and_comes_once() {
        assert_eq!(parsed("x + 1 > y * 2"), "((x + 1) > (y * 2))");
        assert_eq!(parsed("valid == 1"), "(valid == 1)");
        assert_eq!(
            parsed("where(a <= b, a, -inf)"),
            "where((a <= b), a, (-inf))"
        );
        let error = parse("a < b < c").unwrap_err();
        assert_eq!(error.kind, ErrorKind::Syntax);
        assert_eq!(error.span, 6..7);
        assert!(error.hint.unwrap().contains("(a < b) * (b < c)"));
    }

    #[test]
    fn subscripts_take_positions_slices_and_two_axes() {
        assert_eq!(parsed("v[2]"), "v[2]");
        assert_eq!(parsed("v[-1]"), "v[(-1)]");
        assert_eq!(parsed("m[1, 2]"), "m[1, 2]");
        assert_eq!(parsed("m[:, 0]"), "m[::, 0]");
        assert_eq!(parsed("m[1:3]"), "m[1:3:]");
        assert_eq!(parsed("m[:, ::2]"), "m[::, ::2]");
        assert_eq!(parsed("v[::-1]"), "v[::(-1)]");
        assert_eq!(parsed("x.T[0]"), "x.T[0]");
        assert_eq!(parsed("-v[0] ^ 2"), "(-(v[0] ^ 2))");
        assert_eq!(parsed("m[i + 1][0]"), "m[(i + 1)][0]");
        let index = parse("ab[1:3]").unwrap();
        let ExprKind::Index {
            bracket_span,
            subscripts,
            ..
        } = &index.kind
        else {
            panic!("an index")
        };
        assert_eq!(*bracket_span, 2..7);
        assert!(matches!(&subscripts[0], Subscript::Slice { span, .. } if *span == (3..6)));
        for (bad, at) in [
            ("v[]", 1..3),
            ("m[1, 2, 3]", 6..7),
            ("v[1", 3..3),
            ("[1, 2]", 0..1),
        ] {
            let error = parse(bad).unwrap_err();
            assert_eq!((error.kind, error.span), (ErrorKind::Syntax, at), "{bad}");
        }
    }
}
