//! The backward pass of a `grad` written out as lines of the language: `bar_Z = …` for every
//! step between the loss and the targets, named after the forward step whose gradient it holds,
//! so a page can show "what the language derived" and "Copy as NumPy" can run it without a
//! framework.
//!
//! Stage: beside evaluation. Input: the statements written before the `grad` in its block (a
//! loop's body, or the program's top level), the loss, the targets and every name's value from
//! a run (for shapes, and for the whole numbers a slice or a `reshape` is written with).
//! Output: the lines in order, each a name and an expression in the language. Must not:
//! evaluate anything. The derivation covers the functions a lesson trains with (arithmetic with
//! broadcasting, `@`, `.T`, `^` by a number, `exp`, `log`, `sqrt`, `tanh`, `sigmoid`, `relu`,
//! `sum`, `mean`, `softmax`, `log_softmax`, `layer_norm`, `cols`, `rows`, `row`, `col`,
//! `reshape`, `flatten`, `outer` of vectors, `concat` along axis 1, subscripts, slices, gathers
//! and `take`); for
//! anything else it says which operation it cannot write, and the numeric `grad` still gives
//! the value.
//!
//! A `repeat` loop before the `grad` is written as its last iteration when the loss depends on
//! that iteration alone (after the loop its names hold that iteration's values); when it reads a
//! value one iteration carries to the next, or a `history`, the lines run the loop in reverse
//! ([`through_loop`](super::through_loop): backpropagation through time).

use std::collections::{BTreeSet, HashMap};

use super::super::parser::{Arg, BinaryOp, Expr, ExprKind, Subscript};
use super::super::statements::{Repeat, Statement, Step};
use super::super::tape::names_read;
use super::super::value::Value;
use super::selection::Pick;

/// A value's shape: its rank and its rows × columns seen as a matrix (a vector is one row).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Shape {
    rank: u8,
    rows: usize,
    cols: usize,
}

impl Shape {
    pub(crate) fn of(value: &Value) -> Shape {
        let (rows, cols) = value.dims();
        Shape {
            rank: value.rank(),
            rows,
            cols,
        }
    }

    /// 0 for a scalar, 1 for a vector, 2 for a matrix.
    pub(crate) fn rank(self) -> u8 {
        self.rank
    }

    pub(super) const SCALAR: Shape = Shape {
        rank: 0,
        rows: 1,
        cols: 1,
    };

    pub(super) fn vector(len: usize) -> Shape {
        Shape {
            rank: 1,
            rows: 1,
            cols: len,
        }
    }

    pub(super) fn matrix(rows: usize, cols: usize) -> Shape {
        Shape {
            rank: 2,
            rows,
            cols,
        }
    }

    /// Rows × columns seen as a matrix (a vector is one row).
    pub(super) fn dims(self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    /// `zeros(…)` of this shape.
    pub(super) fn zeros(self) -> String {
        match self.rank {
            0 => "0".to_string(),
            1 => format!("zeros({})", self.cols),
            _ => format!("zeros({}, {})", self.rows, self.cols),
        }
    }

    /// `ones(…)` of this shape.
    fn ones(self) -> String {
        match self.rank {
            0 => "1".to_string(),
            1 => format!("ones({})", self.cols),
            _ => format!("ones({}, {})", self.rows, self.cols),
        }
    }
}

/// The name that holds the gradient of the loss with respect to `name`.
pub(crate) fn bar(name: &str) -> String {
    format!("bar_{name}")
}

/// Text that can stand as an operand without parentheses: a name, a call, a subscripted name.
pub(super) fn atomic(text: &str) -> bool {
    let name = |part: &str| {
        part.chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '.')
    };
    let subscripted = |open: usize| {
        open > 0
            && (name(&text[..open]) || balanced_call(&text[..open]))
            && subscripts_only(&text[open..])
    };
    name(text) || balanced_call(text) || text.find('[').is_some_and(subscripted)
}

/// `[…]` groups one after another to the end, as after a subscripted name.
fn subscripts_only(text: &str) -> bool {
    let mut depth = 0;
    for c in text.chars() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            _ if depth == 0 => return false,
            _ => {}
        }
    }
    depth == 0
}

/// Text with a sum, difference or comparison outside parentheses, which a product's left
/// operand must wrap.
fn loose(text: &str) -> bool {
    let mut depth = 0;
    let bytes = text.as_bytes();
    for (i, c) in text.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            '+' | '-' | '>' | '<' | '=' if depth == 0 && i > 0 && bytes[i - 1] == b' ' => {
                return true
            }
            _ => {}
        }
    }
    false
}

/// `text` as the left operand of `*`, `/` or `@`.
pub(super) fn left_operand(text: &str) -> String {
    if loose(text) {
        format!("({text})")
    } else {
        text.to_string()
    }
}

/// `f(…)` or `(…)` whose first `(` closes at the end.
fn balanced_call(text: &str) -> bool {
    let Some(open) = text.find('(') else {
        return false;
    };
    if !text[..open]
        .chars()
        .all(|c| c.is_alphanumeric() || c == '_')
        || !text.ends_with(')')
    {
        return false;
    }
    let mut depth = 0;
    for (i, c) in text.char_indices().skip_while(|(i, _)| *i < open) {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return i == text.len() - 1;
                }
            }
            _ => {}
        }
    }
    false
}

pub(super) fn wrap(text: &str) -> String {
    if atomic(text) {
        text.to_string()
    } else {
        format!("({text})")
    }
}

/// `a * b`, leaving out a factor of 1.
pub(super) fn times(a: &str, b: &str) -> String {
    match (a, b) {
        ("1", _) => b.to_string(),
        ("-1", _) => format!("-{}", wrap(b)),
        (_, "1") => a.to_string(),
        _ => format!("{} * {}", left_operand(a), wrap(b)),
    }
}

fn number(x: f64) -> String {
    format!("{x}")
}

/// What the derivation knows of a program's names from a run.
pub(crate) struct Run<'t> {
    /// The program's text, for the subscripts written in it.
    pub(crate) text: &'t str,
    /// Every input's and step's value after the run.
    pub(crate) values: &'t dyn Fn(&str) -> Option<Value>,
    /// The loops' counters (numbers that change from one iteration to the next).
    counters: BTreeSet<String>,
    /// The names assigned in loops: their shapes hold from one iteration to the next, their
    /// values do not, so a slice's bounds may not read them.
    looped: BTreeSet<String>,
    /// How many times the loop that assigns each of them ran, for the shape of its history.
    pub(super) counts: HashMap<String, usize>,
}

impl<'t> Run<'t> {
    pub(crate) fn new(
        text: &'t str,
        statements: &[Statement],
        values: &'t dyn Fn(&str) -> Option<Value>,
    ) -> Run<'t> {
        fn walk(statements: &[Statement], run: &mut Run) {
            for statement in statements {
                if let Statement::Repeat(repeat) = statement {
                    if let Some((counter, _)) = &repeat.counter {
                        run.counters.insert(counter.clone());
                    }
                    let count = match &repeat.count.kind {
                        ExprKind::Number(x) => Some(*x),
                        ExprKind::Name(name) => match (run.values)(name) {
                            Some(Value::Scalar(x)) => Some(x),
                            _ => None,
                        },
                        _ => None,
                    };
                    for step in repeat.body.iter().flat_map(Statement::steps) {
                        run.looped.insert(step.name.clone());
                        if let Some(count) = count.filter(|c| *c >= 0.0) {
                            run.counts.insert(step.name.clone(), count as usize);
                        }
                    }
                    walk(&repeat.body, run);
                }
            }
        }
        let mut run = Run {
            text,
            values,
            counters: BTreeSet::new(),
            looped: BTreeSet::new(),
            counts: HashMap::new(),
        };
        walk(statements, &mut run);
        run
    }

    pub(super) fn counters_contain(&self, name: &str) -> bool {
        self.counters.contains(name)
    }

    /// Whether `name`'s value may change while the program runs.
    pub(super) fn varies(&self, name: &str) -> bool {
        self.counters.contains(name) || self.looped.contains(name)
    }
}

/// A step written before the `grad` in its block, a loop's body among them.
pub(crate) struct Before<'s> {
    pub(super) step: &'s Step,
    /// Names it reads that its loop assigns at or after it: in the loop's last iteration they
    /// hold the previous iteration's values.
    pub(super) carried: Vec<String>,
    /// The loop it is in, when that loop is written in the block and holds no other loop (the
    /// backward pass can then run it in reverse).
    pub(super) repeat: Option<&'s Repeat>,
}

/// The steps of `statements` (those before a `grad` in its block), loops' bodies in written
/// order, each with what it reads from a previous iteration.
pub(crate) fn before<'s>(statements: &[&'s Statement]) -> Vec<Before<'s>> {
    let mut steps = Vec::new();
    for statement in statements {
        let inside = statement.steps();
        let repeat = match statement {
            Statement::Repeat(repeat) => Some(repeat),
            Statement::Assign(_) => None,
        };
        let reversible = repeat.filter(|r| {
            r.body
                .iter()
                .all(|inner| matches!(inner, Statement::Assign(_)))
        });
        for (at, step) in inside.iter().enumerate() {
            let mut carried = Vec::new();
            if repeat.is_some() {
                let mut reads = Vec::new();
                names_read(&step.expr, &mut reads);
                carried = reads
                    .into_iter()
                    .filter(|name| inside[at..].iter().any(|later| later.name == *name))
                    .collect();
            }
            steps.push(Before {
                step,
                carried,
                repeat: reversible,
            });
        }
    }
    steps
}

/// [`before`] for the steps before a `grad` inside a loop body: a step that reads a name its
/// body assigns at or after it (before the `grad`) reads the previous iteration's value, which
/// the written lines, run at the `grad`, no longer see.
pub(crate) fn before_in_body<'s>(statements: &[&'s Statement]) -> Vec<Before<'s>> {
    let mut steps = before(statements);
    let names: Vec<String> = steps.iter().map(|b| b.step.name.clone()).collect();
    for (at, before) in steps.iter_mut().enumerate() {
        before.repeat = None;
        let mut reads = Vec::new();
        names_read(&before.step.expr, &mut reads);
        for name in reads {
            if names[at..].contains(&name) && !before.carried.contains(&name) {
                before.carried.push(name);
            }
        }
    }
    steps
}

/// One line of a written backward pass: `name = code`, or (with no name) a `repeat` line whose
/// body is the lines one deeper after it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Line {
    /// How many loops deep it is written.
    pub(crate) depth: usize,
    pub(crate) name: String,
    pub(crate) code: String,
    /// The rank of the value it holds (0 for a `repeat` line).
    pub(crate) rank: u8,
}

impl Line {
    /// The line as the language writes it, indented four spaces a loop.
    pub(crate) fn text(&self) -> String {
        let indent = "    ".repeat(self.depth);
        if self.name.is_empty() {
            format!("{indent}{}", self.code)
        } else {
            format!("{indent}{} = {}", self.name, self.code)
        }
    }
}

pub(super) struct Deriver<'t> {
    pub(super) run: &'t Run<'t>,
    /// Names whose value depends on a target (the targets included).
    pub(super) depends: BTreeSet<String>,
    /// The terms of each name's gradient, in the order they arrive.
    pub(super) terms: HashMap<String, Vec<String>>,
    /// Inside a reverse loop: what each name the step being differentiated reads is written
    /// as (its value in the iteration the reverse loop is at).
    pub(super) values_at: HashMap<String, String>,
    /// Inside a reverse loop: where the terms of a name read from the previous iteration go.
    pub(super) redirect: HashMap<String, String>,
    /// Names a reverse loop carried back to their value before the loop.
    pub(super) carried_out: BTreeSet<String>,
    /// Whether the step being differentiated is written in a reverse loop (its subscripts are
    /// then printed from the tree, with each name's value in the iteration).
    pub(super) reversing: bool,
}

/// The backward lines of `grad(loss, target)` for each of `targets` over `steps` (the steps
/// written before the `grad` in its block, in order), or what it cannot write.
pub(crate) fn derive(
    run: &Run,
    steps: &[Before],
    loss: &str,
    targets: &[String],
) -> Result<Vec<Line>, String> {
    let mut seen: HashMap<&str, bool> = HashMap::new();
    for before in steps {
        let name = before.step.name.as_str();
        let in_loop = before.repeat.is_some();
        // A name may start before a loop and be assigned again in it.
        if seen
            .insert(name, in_loop)
            .is_some_and(|looped| looped || !in_loop)
        {
            return Err(format!(
                "`{name}` is assigned twice before the grad, and a written backward pass names each step once"
            ));
        }
    }
    if let Some(target) = targets.iter().find(|t| {
        steps
            .iter()
            .any(|b| b.repeat.is_some() && b.step.name == **t)
    }) {
        return Err(format!(
            "`{target}` is assigned in a loop; differentiate with respect to the value it starts from"
        ));
    }
    let mut deriver = Deriver {
        run,
        depends: targets.iter().cloned().collect(),
        terms: HashMap::new(),
        values_at: HashMap::new(),
        redirect: HashMap::new(),
        carried_out: BTreeSet::new(),
        reversing: false,
    };
    // Until nothing changes: in a loop, a value can depend on a target through a later step of
    // the previous iteration.
    loop {
        let known = deriver.depends.len();
        for before in steps {
            let step = before.step;
            if !targets.contains(&step.name) && deriver.reads_dependent(&step.expr) {
                deriver.depends.insert(step.name.clone());
            }
        }
        if deriver.depends.len() == known {
            break;
        }
    }
    for before in steps {
        if before.repeat.is_none() && deriver.depends.contains(&before.step.name) {
            if let Some(name) = before.carried.first() {
                return Err(format!(
                    "`{}` reads `{name}` from the loop's previous iteration, and the written backward pass cannot go back to it from here",
                    before.step.name
                ));
            }
        }
    }
    let Some(position) = steps.iter().rposition(|s| s.step.name == loss) else {
        return Err(format!(
            "`{loss}` is not a step written before the grad in the same block"
        ));
    };
    // A loss assigned in a loop holds the last iteration's value: the pass is that iteration's,
    // which is right unless the loss depends on earlier iterations through carried values.
    if let Some(repeat) = steps[position].repeat {
        let start = steps[..position]
            .iter()
            .rposition(|b| !b.repeat.is_some_and(|r| std::ptr::eq(r, repeat)))
            .map_or(0, |i| i + 1);
        if deriver.needs_reverse_loop(&steps[start..=position]) {
            return Err(format!(
                "`{loss}` is assigned in a loop and depends on the loop's earlier iterations; assign the loss after the loop, from the loop's values or their `history`"
            ));
        }
    }
    if !deriver.depends.contains(loss) {
        return Err(format!(
            "`{loss}` does not depend on the names differentiated"
        ));
    }
    let mut lines = Vec::new();
    deriver
        .terms
        .insert(loss.to_string(), vec!["1".to_string()]);
    let mut end = position + 1;
    while end > 0 {
        let at = end - 1;
        if let Some(repeat) = steps[at].repeat {
            let start = steps[..end]
                .iter()
                .rposition(|b| !b.repeat.is_some_and(|r| std::ptr::eq(r, repeat)))
                .map_or(0, |i| i + 1);
            let body = &steps[start..end];
            deriver.refuse_reads_before(&steps[..start], body)?;
            if deriver.needs_reverse_loop(body) {
                deriver.through_loop(repeat, body, &steps[..start], &mut lines)?;
                end = start;
                continue;
            }
        }
        end = at;
        let step = steps[at].step;
        if targets.contains(&step.name) || !deriver.depends.contains(&step.name) {
            continue;
        }
        let Some(terms) = deriver.terms.remove(&step.name) else {
            continue;
        };
        let carried_out = deriver.carried_out.contains(&step.name);
        let value = (!carried_out).then_some(step.name.as_str());
        let adjoint = if step.name == loss {
            "1".to_string()
        } else if let Some(adjoint) = deriver.already_written(&step.name, &terms) {
            adjoint
        } else {
            let name = if carried_out {
                format!("{}_0", bar(&step.name))
            } else {
                bar(&step.name)
            };
            let rank = deriver.shape_of(&step.name)?.rank;
            push_sum(&mut lines, 0, &name, rank, &terms);
            name
        };
        deriver.backward(&step.expr, &adjoint, value)?;
    }
    if let Some(key) = deriver.terms.keys().find(|k| k.starts_with("history:")) {
        return Err(format!(
            "`{}` of a loop inside a loop, which the written backward pass does not run in reverse",
            key.replace("history:", "history(") + ")"
        ));
    }
    for target in targets {
        let Some(terms) = deriver.terms.remove(target) else {
            return Err(format!("`{loss}` does not depend on `{target}`"));
        };
        if deriver.already_written(target, &terms).is_none() {
            let rank = deriver.shape_of(target)?.rank;
            push_sum(&mut lines, 0, &bar(target), rank, &terms);
        }
    }
    Ok(lines)
}

/// How long a written line's expression may grow before its terms are summed in parts (the
/// language takes lines of up to 1000 characters).
const LONGEST_SUM: usize = 800;

/// The line `name = ` the sum of `terms`, `depth` loops deep; a sum too long for one line is
/// added up in parts first, `bar_x_part1`, `bar_x_part2`, ….
pub(super) fn push_sum(
    lines: &mut Vec<Line>,
    depth: usize,
    name: &str,
    rank: u8,
    terms: &[String],
) {
    let line = |name: &str, code: String| Line {
        depth,
        name: name.to_string(),
        code,
        rank,
    };
    let mut parts: Vec<Vec<String>> = vec![Vec::new()];
    for term in terms {
        let last = parts.last_mut().expect("a part");
        last.push(term.clone());
        if last.len() > 1 && sum_of(last).len() > LONGEST_SUM {
            let moved = last.pop().expect("the term just added");
            parts.push(vec![moved]);
        }
    }
    if parts.len() == 1 {
        lines.push(line(name, sum_of(terms)));
        return;
    }
    let mut names = Vec::new();
    for (k, part) in parts.iter().enumerate() {
        let part_name = format!("{name}_part{}", k + 1);
        lines.push(line(&part_name, sum_of(part)));
        names.push(part_name);
    }
    lines.push(line(name, names.join(" + ")));
}

/// The terms added up, a negative one subtracted.
fn sum_of(terms: &[String]) -> String {
    let mut sum = terms[0].clone();
    for term in &terms[1..] {
        match term.strip_prefix('-') {
            Some(rest) => sum.push_str(&format!(" - {rest}")),
            None => sum.push_str(&format!(" + {term}")),
        }
    }
    sum
}

impl Deriver<'_> {
    fn reads_dependent(&self, expr: &Expr) -> bool {
        match &expr.kind {
            ExprKind::Number(_) => false,
            ExprKind::Name(name) => self.depends.contains(name),
            ExprKind::Negate(inner) | ExprKind::Transpose(inner) => self.reads_dependent(inner),
            ExprKind::Binary { left, right, .. } => {
                self.reads_dependent(left) || self.reads_dependent(right)
            }
            ExprKind::Call { args, .. } => args.iter().any(|a| self.reads_dependent(&a.value)),
            ExprKind::Index { target, .. } => self.reads_dependent(target),
        }
    }

    /// The expression as an operand.
    fn written(&self, expr: &Expr) -> String {
        wrap(&self.print(expr))
    }

    /// The expression as text (printed from its tree: spans of parenthesised parts do not
    /// always cover their parentheses).
    pub(super) fn print(&self, expr: &Expr) -> String {
        match &expr.kind {
            ExprKind::Number(x) => number(*x),
            ExprKind::Name(name) => self
                .values_at
                .get(name)
                .cloned()
                .unwrap_or_else(|| name.clone()),
            ExprKind::Negate(inner) => format!("-{}", self.written(inner)),
            ExprKind::Transpose(inner) => format!("{}.T", self.written(inner)),
            ExprKind::Binary {
                op, left, right, ..
            } => {
                let (a, b) = (self.print(left), self.print(right));
                match op {
                    BinaryOp::Add | BinaryOp::Subtract => {
                        let b = if loose(&b) { format!("({b})") } else { b };
                        format!("{a} {} {b}", op.symbol())
                    }
                    BinaryOp::Multiply
                    | BinaryOp::Divide
                    | BinaryOp::MatMul
                    | BinaryOp::FloorDivide
                    | BinaryOp::Modulo => {
                        format!("{} {} {}", left_operand(&a), op.symbol(), wrap(&b))
                    }
                    _ => format!("{} {} {}", wrap(&a), op.symbol(), wrap(&b)),
                }
            }
            ExprKind::Call { function, args, .. } => {
                let args: Vec<String> = args
                    .iter()
                    .map(|arg| match &arg.keyword {
                        Some((keyword, _)) => format!("{keyword}={}", self.print(&arg.value)),
                        None => self.print(&arg.value),
                    })
                    .collect();
                format!("{function}({})", args.join(", "))
            }
            ExprKind::Index {
                target, subscripts, ..
            } if self.reversing => {
                let parts: Vec<String> = subscripts
                    .iter()
                    .map(|subscript| match subscript {
                        Subscript::At(expr) => self.print(expr),
                        Subscript::Slice { span, .. } => {
                            self.run.text.get(span.clone()).unwrap_or("").to_string()
                        }
                    })
                    .collect();
                format!("{}[{}]", self.written(target), parts.join(", "))
            }
            ExprKind::Index {
                target,
                bracket_span,
                ..
            } => format!(
                "{}{}",
                self.written(target),
                self.run.text.get(bracket_span.clone()).unwrap_or("")
            ),
        }
    }

    /// `expr.T` as an operand, leaving out a double transpose.
    fn transposed(&self, expr: &Expr) -> Result<String, String> {
        if let ExprKind::Transpose(inner) = &expr.kind {
            if self.shape(inner)?.rank == 2 {
                return Ok(self.written(inner));
            }
        }
        Ok(format!("{}.T", self.written(expr)))
    }

    pub(super) fn shape(&self, expr: &Expr) -> Result<Shape, String> {
        let cannot = || {
            format!(
                "`{}`, whose shape the run does not give",
                self.written(expr)
            )
        };
        Ok(match &expr.kind {
            ExprKind::Number(_) => Shape::SCALAR,
            ExprKind::Name(name) if self.run.counters_contain(name) => Shape::SCALAR,
            ExprKind::Name(name) => (self.run.values)(name)
                .map(|value| Shape::of(&value))
                .ok_or_else(cannot)?,
            ExprKind::Negate(inner) => self.shape(inner)?,
            ExprKind::Transpose(inner) => {
                let s = self.shape(inner)?;
                match s.rank {
                    0 => s,
                    _ => Shape {
                        rank: 2,
                        rows: s.cols,
                        cols: s.rows,
                    },
                }
            }
            ExprKind::Binary {
                op: BinaryOp::MatMul,
                left,
                right,
                ..
            } => {
                let (a, b) = (self.shape(left)?, self.shape(right)?);
                match (a.rank, b.rank) {
                    (1, 1) => Shape::SCALAR,
                    (1, _) => Shape {
                        rank: 1,
                        rows: 1,
                        cols: b.cols,
                    },
                    (_, 1) => Shape {
                        rank: 1,
                        rows: 1,
                        cols: a.rows,
                    },
                    _ => Shape {
                        rank: 2,
                        rows: a.rows,
                        cols: b.cols,
                    },
                }
            }
            ExprKind::Binary { left, right, .. } => {
                let (a, b) = (self.shape(left)?, self.shape(right)?);
                Shape {
                    rank: a.rank.max(b.rank),
                    rows: a.rows.max(b.rows),
                    cols: a.cols.max(b.cols),
                }
            }
            ExprKind::Call { function, args, .. } if function == "history" => {
                let ExprKind::Name(name) = &args[0].value.kind else {
                    return Err(cannot());
                };
                let one = self.shape_of(name)?;
                let count = self.run.counts.get(name).copied().ok_or_else(cannot)?;
                match one.rank {
                    0 => Shape::vector(count),
                    _ => Shape::matrix(count, one.cols),
                }
            }
            ExprKind::Call { function, args, .. } if function == "concat" => {
                let first = self.shape(&args[0].value)?;
                if first.rank < 2 || axis(args) != Some(1) {
                    return Err(cannot());
                }
                let mut cols = 0;
                for arg in args.iter().filter(|a| a.keyword.is_none()) {
                    cols += self.shape(&arg.value)?.cols;
                }
                Shape { cols, ..first }
            }
            ExprKind::Call { function, args, .. }
                if matches!(function.as_str(), "causal_mask" | "eye") =>
            {
                let n = self.size(&args[0].value).ok_or_else(cannot)?;
                Shape::matrix(n, n)
            }
            ExprKind::Call { function, args, .. } if function == "outer" => {
                let (a, b) = (self.shape(&args[0].value)?, self.shape(&args[1].value)?);
                Shape::matrix(a.rows * a.cols, b.rows * b.cols)
            }
            ExprKind::Call { function, args, .. } if function == "reshape" => {
                let sizes: Option<Vec<usize>> =
                    args[1..].iter().map(|a| self.size(&a.value)).collect();
                match sizes.ok_or_else(cannot)?.as_slice() {
                    [n] => Shape::vector(*n),
                    [rows, cols] => Shape::matrix(*rows, *cols),
                    _ => return Err(cannot()),
                }
            }
            ExprKind::Call { function, args, .. }
                if matches!(function.as_str(), "rows" | "cols" | "take") =>
            {
                let x = self.shape(&args[0].value)?;
                let picks = self.call_picks(function, x, args)?;
                self.picked_shape(x, &picks)?
            }
            ExprKind::Call { function, args, .. } => {
                let x = self.shape(&args[0].value)?;
                let (rows, cols) = x.dims();
                match (function.as_str(), axis(args)) {
                    ("flatten", _) => Shape::vector(rows * cols),
                    ("row", _) => Shape::matrix(1, rows * cols),
                    ("col", _) => Shape::matrix(rows * cols, 1),
                    ("sum" | "mean", None) => Shape::SCALAR,
                    ("sum" | "mean", Some(_)) if x.rank < 2 => Shape::SCALAR,
                    ("sum" | "mean", Some(0)) => Shape { rows: 1, ..x },
                    ("sum" | "mean", Some(_)) => Shape { cols: 1, ..x },
                    _ => x,
                }
            }
            ExprKind::Index {
                target, subscripts, ..
            } => {
                let x = self.shape(target)?;
                let picks = self.subscript_picks(x, subscripts)?;
                self.picked_shape(x, &picks)?
            }
        })
    }

    /// A size written with whole numbers and fixed names.
    fn size(&self, expr: &Expr) -> Option<usize> {
        usize::try_from(self.whole_number(expr)?).ok()
    }

    /// What `rows`, `cols` or `take` takes from `x` along each axis.
    fn call_picks(&self, function: &str, x: Shape, args: &[Arg]) -> Result<Vec<Pick>, String> {
        if function == "take" {
            return self.take_picks(x, args);
        }
        let (start, end) = (self.size(&args[1].value), self.size(&args[2].value));
        let (Some(start), Some(end)) = (start, end) else {
            return Err(format!(
                "`{function}` whose positions change while the program runs"
            ));
        };
        let run = Pick::Run(start, end);
        Ok(match (function, x.rank()) {
            ("cols", 1) => vec![run],
            ("cols", _) => vec![Pick::Whole, run],
            _ => vec![run, Pick::Whole],
        })
    }

    fn add_term(&mut self, name: &str, term: String) {
        let key = self.redirect.get(name).map_or(name, String::as_str);
        self.terms.entry(key.to_string()).or_default().push(term);
    }

    /// `adjoint`, the gradient with the shape of `result`, summed back to `operand`'s shape.
    fn unbroadcast(
        &self,
        adjoint: String,
        result: Shape,
        operand: Shape,
    ) -> Result<String, String> {
        if operand == result {
            return Ok(adjoint);
        }
        Ok(match operand.rank {
            0 => format!("sum({adjoint})"),
            1 if result.rank == 2 && operand.cols == result.cols => {
                format!("flatten(sum({adjoint}, axis=0))")
            }
            2 if operand.rows == 1 && operand.cols == result.cols => {
                format!("sum({adjoint}, axis=0)")
            }
            2 if operand.cols == 1 && operand.rows == result.rows => {
                format!("sum({adjoint}, axis=1)")
            }
            _ => return Err("a broadcast it cannot sum back".to_string()),
        })
    }

    /// Passes `adjoint` (the gradient with respect to `expr`'s value, which the step `value`
    /// holds when `expr` is a whole step) down to the names `expr` reads.
    pub(super) fn backward(
        &mut self,
        expr: &Expr,
        adjoint: &str,
        value: Option<&str>,
    ) -> Result<(), String> {
        if !self.reads_dependent(expr) {
            return Ok(());
        }
        let result = self.shape(expr)?;
        // The forward value, by its step's name when it is one.
        let value_text = || value.map_or_else(|| self.written(expr), str::to_string);
        match &expr.kind {
            ExprKind::Number(_) => Ok(()),
            ExprKind::Name(name) => {
                self.add_term(name, spread_one(adjoint.to_string(), result));
                Ok(())
            }
            ExprKind::Negate(inner) => self.backward(inner, &format!("-{}", wrap(adjoint)), None),
            ExprKind::Transpose(inner) => {
                let term = match self.shape(inner)?.rank {
                    0 => adjoint.to_string(),
                    1 => format!("flatten({adjoint})"),
                    _ => format!("{}.T", wrap(adjoint)),
                };
                self.backward(inner, &term, None)
            }
            ExprKind::Binary {
                op, left, right, ..
            } => self.binary(*op, left, right, adjoint, result),
            ExprKind::Call { function, args, .. } if function == "history" => {
                if let ExprKind::Name(name) = &args[0].value.kind {
                    self.add_term(
                        &format!("history:{name}"),
                        spread_one(adjoint.to_string(), result),
                    );
                }
                Ok(())
            }
            ExprKind::Call { function, args, .. } if function == "concat" => {
                if result.rank != 2 || axis(args) != Some(1) {
                    return Err(
                        "a `concat` other than of matrices side by side (axis=1)".to_string()
                    );
                }
                let mut start = 0;
                for arg in args.iter().filter(|a| a.keyword.is_none()) {
                    let width = self.shape(&arg.value)?.cols;
                    let part = format!("cols({adjoint}, {start}, {})", start + width);
                    self.backward(&arg.value, &part, None)?;
                    start += width;
                }
                Ok(())
            }
            ExprKind::Call { function, args, .. }
                if matches!(function.as_str(), "rows" | "cols" | "take") =>
            {
                let x = self.shape(&args[0].value)?;
                let picks = self.call_picks(function, x, args)?;
                let term = self.through_picks(x, &picks, &spread_one(adjoint.to_string(), result));
                self.backward(&args[0].value, &term, None)
            }
            ExprKind::Call { function, args, .. } if function == "outer" => {
                let (a, b) = (&args[0].value, &args[1].value);
                if self.shape(a)?.rank != 1 || self.shape(b)?.rank != 1 {
                    return Err("an `outer` of other than two vectors".to_string());
                }
                let g = spread_one(adjoint.to_string(), result);
                if self.reads_dependent(a) {
                    self.backward(
                        a,
                        &format!("{} @ {}", left_operand(&g), self.written(b)),
                        None,
                    )?;
                }
                if self.reads_dependent(b) {
                    self.backward(
                        b,
                        &format!("{} @ {}", left_operand(&self.written(a)), wrap(&g)),
                        None,
                    )?;
                }
                Ok(())
            }
            ExprKind::Call { function, args, .. }
                if matches!(function.as_str(), "reshape" | "flatten" | "row" | "col") =>
            {
                let x = self.shape(&args[0].value)?;
                let g = spread_one(adjoint.to_string(), result);
                let term = match x.rank() {
                    0 => format!("sum({g})"),
                    1 if result.rank == 1 => g,
                    1 => format!("flatten({g})"),
                    _ => format!("reshape({g}, {}, {})", x.rows, x.cols),
                };
                self.backward(&args[0].value, &term, None)
            }
            ExprKind::Call { function, args, .. } if function == "layer_norm" => {
                if args.iter().filter(|a| a.keyword.is_none()).count() > 1 {
                    return Err("a `layer_norm` with a gain or a shift".to_string());
                }
                let x = &args[0].value;
                let eps = args
                    .iter()
                    .find(|a| a.keyword.as_ref().is_some_and(|(k, _)| k == "eps"))
                    .map_or_else(|| "0.00001".to_string(), |a| self.print(&a.value));
                let along = if result.rank == 2 { ", axis=1" } else { "" };
                let (g, y) = (spread_one(adjoint.to_string(), result), value_text());
                let term = format!(
                    "({g} - mean({g}{along}) - {} * mean({} * {}{along})) / sqrt(var({}{along}) + {eps})",
                    wrap(&y),
                    wrap(&g),
                    wrap(&y),
                    self.print(x)
                );
                self.backward(x, &term, None)
            }
            ExprKind::Call { function, args, .. } => {
                let x = &args[0].value;
                let written = self.written(x);
                let v = value_text();
                let term = match function.as_str() {
                    "exp" => times(adjoint, &v),
                    "log" => format!("{} / {written}", left_operand(adjoint)),
                    "sqrt" => format!("{} / (2 * {})", left_operand(adjoint), wrap(&v)),
                    "tanh" => times(adjoint, &format!("1 - {} ^ 2", wrap(&v))),
                    "sigmoid" => times(&times(adjoint, &v), &format!("1 - {}", wrap(&v))),
                    "relu" => times(adjoint, &format!("{written} > 0")),
                    "sum" | "mean" => {
                        let shape = self.shape(x)?;
                        let spread = times(adjoint, &shape.ones());
                        let count = match (axis(args), shape.rank) {
                            (_, 0) => 1,
                            (None, _) | (Some(_), 1) => shape.rows * shape.cols,
                            (Some(0), _) => shape.rows,
                            (Some(_), _) => shape.cols,
                        };
                        if function == "mean" && count > 1 {
                            format!("{} / {count}", left_operand(&spread))
                        } else {
                            spread
                        }
                    }
                    "softmax" | "log_softmax" => {
                        let along = match (axis(args), result.rank) {
                            (_, 1) => String::new(),
                            (Some(0), _) => ", axis=0".to_string(),
                            _ => ", axis=1".to_string(),
                        };
                        let g = if adjoint == "1" {
                            result.ones()
                        } else {
                            adjoint.to_string()
                        };
                        if function == "softmax" {
                            format!(
                                "{} * ({} - sum({} * {}{along}))",
                                wrap(&v),
                                wrap(&g),
                                wrap(&g),
                                wrap(&v)
                            )
                        } else {
                            format!("{} - softmax({written}{along}) * sum({}{along})", wrap(&g), wrap(&g))
                        }
                    }
                    other => {
                        return Err(format!(
                            "`{other}` (the written backward pass covers arithmetic, @, .T, ^ by a number, exp, log, sqrt, tanh, sigmoid, relu, sum, mean, softmax, log_softmax, layer_norm, subscripts, take, rows, cols, row, col, reshape, flatten, outer of vectors and concat along axis 1)"
                        ))
                    }
                };
                self.backward(x, &term, None)
            }
            ExprKind::Index {
                target, subscripts, ..
            } => {
                let x = self.shape(target)?;
                let picks = self.subscript_picks(x, subscripts)?;
                let term = self.through_picks(x, &picks, &spread_one(adjoint.to_string(), result));
                self.backward(target, &term, None)
            }
        }
    }

    fn binary(
        &mut self,
        op: BinaryOp,
        left: &Expr,
        right: &Expr,
        adjoint: &str,
        result: Shape,
    ) -> Result<(), String> {
        let (a, b) = (self.written(left), self.written(right));
        let (sa, sb) = (self.shape(left), self.shape(right));
        let adjoint = &spread_one(adjoint.to_string(), result);
        let g = left_operand(adjoint);
        let (to_left, to_right) = match op {
            BinaryOp::Add => (adjoint.to_string(), adjoint.to_string()),
            BinaryOp::Subtract => (adjoint.to_string(), format!("-{}", wrap(adjoint))),
            BinaryOp::Multiply => (times(adjoint, &b), times(adjoint, &a)),
            BinaryOp::Divide => (
                format!("{g} / {b}"),
                format!("-{} / {b} ^ 2", times(adjoint, &a)),
            ),
            BinaryOp::Power => {
                let ExprKind::Number(k) = right.kind else {
                    return Err(format!(
                        "`{a} ^ {b}` (a power whose exponent is not a number)"
                    ));
                };
                let slope = if k == 2.0 {
                    format!("2 * {a}")
                } else {
                    format!("{} * {a} ^ {}", number(k), number(k - 1.0))
                };
                (times(adjoint, &slope), String::new())
            }
            BinaryOp::MatMul => match (sa.clone()?.rank, sb.clone()?.rank) {
                (1, 1) => (times(&g, &b), times(&g, &a)),
                (1, _) => (
                    format!("{g} @ {}", self.transposed(right)?),
                    format!("outer({a}, {adjoint})"),
                ),
                (_, 1) => (format!("outer({adjoint}, {b})"), format!("{g} @ {a}")),
                _ => (
                    format!("{g} @ {}", self.transposed(right)?),
                    format!("{} @ {}", self.transposed(left)?, wrap(adjoint)),
                ),
            },
            other => {
                return Err(format!(
                    "`{}` (a comparison or rounding has no useful derivative)",
                    other.symbol()
                ))
            }
        };
        for (side, term, shape) in [(left, to_left, sa), (right, to_right, sb)] {
            if term.is_empty() || !self.reads_dependent(side) {
                continue;
            }
            let term = if op == BinaryOp::MatMul {
                term
            } else {
                self.unbroadcast(spread_one(term, result), result, shape?)?
            };
            self.backward(side, &term, None)?;
        }
        Ok(())
    }
}

/// A gradient of 1 (the loss itself) stands for ones of the result's shape.
fn spread_one(term: String, result: Shape) -> String {
    if term == "1" {
        result.ones()
    } else if term == "-1" {
        format!("-{}", result.ones())
    } else {
        term
    }
}

/// The `axis=` of a call written as a whole number (−1 is the last axis, 1).
pub(super) fn axis(args: &[Arg]) -> Option<i64> {
    args.iter()
        .find(|a| a.keyword.as_ref().is_some_and(|(k, _)| k == "axis"))
        .and_then(|a| match &a.value.kind {
            ExprKind::Number(x) => Some(*x as i64),
            ExprKind::Negate(inner) => match inner.kind {
                ExprKind::Number(x) => Some(-(x as i64)),
                _ => None,
            },
            _ => None,
        })
        .map(|a| if a < 0 { 1 } else { a })
}
