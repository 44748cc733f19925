//! Typesetting LaTeX with KaTeX at build time, so readers' browsers run no math JavaScript.
//!
//! Input: the distinct formulas of the whole book. Output: KaTeX HTML+MathML for each, or a
//! [`TypesetError`] with the byte offset KaTeX complains about. The engine is `katex-rs`, a
//! native Rust KaTeX (library name `katex`), so no JavaScript engine or C compiler is involved.
//!
//! Three guards keep hostile formulas from taking the build down, cheapest first:
//! - [`nesting_depth`] refuses a formula nested deeper than [`MAX_NESTING`] before the engine
//!   sees it: the parser recurses once per level, and a stack overflow aborts the process
//!   where no `catch_unwind` can reach; what macros build is bounded inside the vendored
//!   engine (`parser::MAX_NESTING` levels and `macro_expander::MAX_EXPANDED_TOKENS` tokens,
//!   patch 6 in `vendor/katex-rs/PATCHES.md`);
//! - every formula is typeset on a pool whose threads have `TYPESETTER_STACK_BYTES` of stack,
//!   far more than [`MAX_NESTING`] levels need;
//! - each call runs under `catch_unwind`, so an engine panic becomes an error at the formula
//!   (and prints no panic message: the hook stays quiet inside the typesetter).
//!
//! Macro bombs stop at KaTeX's own `max_expand` limit, left at its default.
//!
//! KaTeX's markup is kept as it comes (the vendored katex-rs writes attributes in name order,
//! so builds are reproducible), except that [`mathml::repair`] mends the two places where
//! KaTeX's MathML is not valid HTML (a loose named operator in a script, a `\tag`'s cell widths)
//! and writes in what a browser drawing the MathML cannot read from it (a row's `\tag`, each
//! cell's `columnalign` in a mixed column list, an array's class for its ends, a `CD`'s vertical
//! arrows marked `symmetric`).

pub mod mathml;
pub mod narrow;
mod row_tags;
mod tables;

use katex::macro_expander::MacroMap;
use katex::macros::MacroDefinition;
use katex::types::{OutputFormat, ParseError, Settings, TrustSetting};
use katex::KatexContext;
use rayon::prelude::*;
use rayon::{ThreadPool, ThreadPoolBuilder};
use std::borrow::Borrow;
use std::panic::{self, AssertUnwindSafe};
use std::sync::{Arc, Mutex, OnceLock};

/// Longest formula we hand to KaTeX; nothing a person writes comes near it.
pub const MAX_FORMULA_BYTES: usize = 20_000;

/// Deepest nesting (groups, `\left…\right`, environments) we typeset.
/// Real mathematics stays under 30 levels; katex-rs overflows a default stack at about 2,000.
pub const MAX_NESTING: usize = 300;

/// Stack for each typesetting thread: [`MAX_NESTING`] levels fit several times over.
const TYPESETTER_STACK_BYTES: usize = 64 * 1024 * 1024;

/// One formula as KaTeX sees it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Formula {
    /// The LaTeX source, with references already replaced by numbers.
    pub tex: String,
    /// `$$…$$` (a block) rather than `$…$` (inline).
    pub display: bool,
}

/// Why a formula could not be typeset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypesetError {
    /// What is wrong, in KaTeX's words where KaTeX found it.
    pub message: String,
    /// Byte offset into the formula's TeX of the character at fault, when known.
    pub offset: Option<usize>,
}

impl TypesetError {
    fn whole(message: impl Into<String>) -> Self {
        TypesetError {
            message: message.into(),
            offset: None,
        }
    }
}

/// Book-wide settings every formula is typeset with.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MathSettings {
    /// `\name` → expansion, as `\newcommand` without arguments (`#1` works too).
    pub macros: Vec<(String, String)>,
    /// Whether only each formula's MathML is wanted (`[math] output = "mathml"`): a formula of
    /// ASCII characters is then typeset without KaTeX's HTML drawing, most of the work. Any
    /// other is drawn in full, since an unsupported character is found only while drawing, so
    /// a formula is refused exactly when it would be with the drawing (see [`check_all`]).
    pub mathml_only: bool,
}

/// A formula KaTeX rejected, drawn as KaTeX draws one with `throwOnError: false`: its source
/// in a `katex-error` span titled with the error (coloured by the theme, not inline, so the
/// dark scheme can keep it legible). For books whose `[check] math` is `"warn"`.
pub fn error_html(formula: &Formula, message: &str) -> String {
    let escape = crate::base::html::escape_html;
    format!(
        "<span class=\"katex-error\" title=\"{}\">{}</span>",
        escape(message),
        escape(&formula.tex)
    )
}

/// Renders every formula, in parallel, in the order given.
pub fn typeset_all<F: Borrow<Formula> + Sync>(
    formulas: &[F],
    settings: &MathSettings,
) -> Vec<Result<String, TypesetError>> {
    let macros = shared_macros(settings);
    typesetting_pool().install(|| {
        formulas
            .par_iter()
            .map(|formula| {
                let formula = formula.borrow();
                let work = if settings.mathml_only && formula.tex.is_ascii() {
                    Work::Mathml
                } else {
                    Work::Draw
                };
                typeset(formula, &macros, work)
            })
            .collect()
    })
}

/// What [`typeset_all`] would say of each formula, in parallel, at a fraction of its cost: a
/// formula of ASCII characters is only parsed (what KaTeX refuses in it, the parser refuses),
/// any other is typeset in full (an unsupported character is found while drawing).
pub fn check_all<F: Borrow<Formula> + Sync>(
    formulas: &[F],
    settings: &MathSettings,
) -> Vec<Result<(), TypesetError>> {
    let macros = shared_macros(settings);
    typesetting_pool().install(|| {
        formulas
            .par_iter()
            .map(|formula| {
                let formula = formula.borrow();
                let work = if formula.tex.is_ascii() {
                    Work::Parse
                } else {
                    Work::Draw
                };
                typeset(formula, &macros, work).map(drop)
            })
            .collect()
    })
}

/// The book's macros as the engine takes them, made once for a batch of formulas and shared
/// by all of them rather than copied into each one's settings.
fn shared_macros(settings: &MathSettings) -> Arc<MacroMap> {
    Arc::new(
        settings
            .macros
            .iter()
            .map(|(name, expansion)| (name.clone(), MacroDefinition::String(expansion.clone())))
            .collect(),
    )
}

/// How far the engine takes a formula.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Work {
    /// Parse only; the markup is empty.
    Parse,
    /// Parse and draw, HTML and MathML.
    Draw,
    /// Parse and write the MathML only, in KaTeX's `katex` span.
    Mathml,
}

/// Renders one formula behind the guards named in the module doc.
fn typeset(formula: &Formula, macros: &Arc<MacroMap>, work: Work) -> Result<String, TypesetError> {
    let tex = formula.tex.as_str();
    if let Some(at) = tex.find('\0') {
        return Err(TypesetError {
            message: "the formula contains a NUL character".to_string(),
            offset: Some(at),
        });
    }
    if tex.len() > MAX_FORMULA_BYTES {
        return Err(TypesetError::whole(format!(
            "the formula is {} bytes long; the limit is {MAX_FORMULA_BYTES}",
            tex.len()
        )));
    }
    let (depth, deepest_at) = nesting_depth(tex);
    if depth > MAX_NESTING {
        return Err(TypesetError {
            message: format!(
                "the formula is nested {depth} levels deep; the limit is {MAX_NESTING}"
            ),
            offset: Some(deepest_at),
        });
    }
    let rendered = panic::catch_unwind(AssertUnwindSafe(|| {
        IN_TYPESETTER.set(true);
        let rendered = render(tex, formula.display, macros, work);
        IN_TYPESETTER.set(false);
        rendered
    }));
    IN_TYPESETTER.set(false);
    match rendered {
        Ok(result) => result,
        Err(_) => Err(TypesetError::whole(
            "KaTeX failed on this formula (an internal error in the typesetter); \
             simplify it or report it",
        )),
    }
}

fn render(
    tex: &str,
    display: bool,
    macros: &Arc<MacroMap>,
    work: Work,
) -> Result<String, TypesetError> {
    // KaTeX without trust prints an untrusted command as red text; we want an error, so the
    // trust function refuses and remembers what it refused.
    let refused: Arc<Mutex<Option<String>>> = Arc::default();
    let record = Arc::clone(&refused);
    let trust = TrustSetting::Function(Arc::new(move |context| {
        if let Ok(mut slot) = record.lock() {
            slot.get_or_insert_with(|| context.command.clone());
        }
        Some(false)
    }));
    let output = match work {
        Work::Mathml => OutputFormat::Mathml,
        Work::Parse | Work::Draw => OutputFormat::HtmlAndMathml,
    };
    let settings = Settings::builder()
        .display_mode(display)
        .output(output)
        .throw_on_error(true)
        .trust(trust)
        .shared_macros(Arc::clone(macros))
        .build();
    let html = match work {
        Work::Parse => {
            katex::parse(engine(), tex, &settings).map_err(from_katex)?;
            String::new()
        }
        Work::Draw | Work::Mathml => {
            let html = katex::render_to_string(engine(), tex, &settings).map_err(from_katex)?;
            let mut html = mathml::repair_with(html, &|tag| tag_mathml(tag, macros));
            // The markup grew by doubling; a book keeps tens of thousands of these until its
            // pages are laid out, so the slack is given back (glibc shrinks in place).
            html.shrink_to_fit();
            html
        }
    };
    let refused = refused.lock().ok().and_then(|slot| slot.clone());
    match refused {
        Some(command) => Err(TypesetError {
            message: format!(
                "{command} is not allowed: it would put links, styles or files from the \
                 formula into the page"
            ),
            offset: tex.find(command.as_str()),
        }),
        None => Ok(html),
    }
}

/// The MathML of a row's tag that holds math, `tex` being what KaTeX's drawing typesets for it
/// (`\text{…}`): the content of its `<semantics>`, typeset inline with `macros`, its loose
/// named operators grouped; `None` when KaTeX refuses it. Runs inside the typesetting of the
/// tag's formula (its guards, its pool) and fills no tags of its own, so it cannot recurse; the
/// formula's trust check has already seen the tag's commands.
fn tag_mathml(tex: &str, macros: &Arc<MacroMap>) -> Option<String> {
    let settings = Settings::builder()
        .display_mode(false)
        .output(OutputFormat::Mathml)
        .throw_on_error(true)
        .trust(TrustSetting::Bool(false))
        .shared_macros(Arc::clone(macros))
        .build();
    let html = katex::render_to_string(engine(), tex, &settings).ok()?;
    let html = mathml::group_loose_operators(html);
    let start = html.find("<semantics>")? + "<semantics>".len();
    let end = html[start..].find("<annotation")? + start;
    Some(html[start..end].to_string())
}

fn from_katex(error: ParseError) -> TypesetError {
    TypesetError {
        message: error.kind.to_string(),
        offset: error.position(),
    }
}

/// The engine's tables (functions, symbols, environments), built once and shared.
fn engine() -> &'static KatexContext {
    static ENGINE: OnceLock<KatexContext> = OnceLock::new();
    ENGINE.get_or_init(KatexContext::default)
}

thread_local! {
    /// Whether this thread is inside the typesetter's `catch_unwind`, where a panic becomes an
    /// error at the formula and must not also print a panic message and backtrace.
    static IN_TYPESETTER: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Keeps the default panic report for every panic except the typesetter's caught ones.
fn quiet_typesetter_panics() {
    let report = panic::take_hook();
    panic::set_hook(Box::new(move |info| {
        if !IN_TYPESETTER.get() {
            report(info);
        }
    }));
}

fn typesetting_pool() -> &'static ThreadPool {
    static POOL: OnceLock<ThreadPool> = OnceLock::new();
    POOL.get_or_init(|| {
        quiet_typesetter_panics();
        ThreadPoolBuilder::new()
            .thread_name(|index| format!("worked-katex-{index}"))
            .stack_size(TYPESETTER_STACK_BYTES)
            .build()
            .expect("a thread pool with default settings always builds")
    })
}

/// How deeply `tex` nests, and the byte offset where it is deepest.
///
/// Counts `{…}` groups (which also carry every `\frac`, `\sqrt`, superscript and accent
/// argument), `\left…\right` and `\begin…\end`. KaTeX refuses a command as another's bare
/// argument (`\sqrt\sqrt x`), so nesting without braces cannot grow; nesting that macros build
/// is bounded by `max_expand`, which the pool's stack holds with room to spare.
pub fn nesting_depth(tex: &str) -> (usize, usize) {
    let bytes = tex.as_bytes();
    let (mut depth, mut deepest, mut deepest_at) = (0usize, 0usize, 0usize);
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        let opens = match bytes[i] {
            b'\\' => {
                let word_end = bytes[i + 1..]
                    .iter()
                    .position(|b| !b.is_ascii_alphabetic())
                    .map_or(bytes.len(), |n| i + 1 + n);
                let word = &tex[i + 1..word_end];
                // A control symbol (`\{`, `\\`) is the backslash and one character.
                i = if word.is_empty() {
                    i + 1 + tex[i + 1..].chars().next().map_or(0, char::len_utf8)
                } else {
                    word_end
                };
                match word {
                    "left" | "begin" => Some(true),
                    "right" | "end" => Some(false),
                    _ => None,
                }
            }
            b'{' => {
                i += 1;
                Some(true)
            }
            b'}' => {
                i += 1;
                Some(false)
            }
            _ => {
                i += 1;
                None
            }
        };
        match opens {
            Some(true) => {
                depth += 1;
                if depth > deepest {
                    deepest = depth;
                    deepest_at = start;
                }
            }
            Some(false) => depth = depth.saturating_sub(1),
            None => {}
        }
    }
    (deepest, deepest_at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checking_finds_exactly_what_typesetting_refuses() {
        let nested = format!(
            "{}x{}",
            "{".repeat(MAX_NESTING + 1),
            "}".repeat(MAX_NESTING + 1)
        );
        let formulas = [
            (r"\frac{a}{b} + \R^2", false),
            (r"\frac{a}", false),
            (r"\undefined x", true),
            (r"\href{https://x}{y}", false),
            (r"\begin{align} a &= b \\ c &= d \end{align}", true),
            (r"\begin{align} a &= b", true),
            ("𝔽_p \\to é", false),
            ("x \\tag{1}", false),
            (nested.as_str(), false),
        ]
        .map(|(tex, display)| Formula {
            tex: tex.to_string(),
            display,
        });
        let settings = MathSettings {
            macros: vec![(r"\R".to_string(), r"\mathbb{R}".to_string())],
            ..MathSettings::default()
        };
        let drawn = typeset_all(&formulas, &settings);
        let checked = check_all(&formulas, &settings);
        for ((formula, drawn), checked) in formulas.iter().zip(drawn).zip(checked) {
            assert_eq!(drawn.map(drop), checked, "{}", formula.tex);
        }
        let refused = check_all(&formulas, &settings)
            .iter()
            .filter(|checked| checked.is_err())
            .count();
        assert_eq!(refused, 6);
    }

    #[test]
    fn a_radical_over_one_symbol_is_padded_as_katex_pads_it() {
        let formulas = [r"\sqrt x", r"\sqrt 2"].map(|tex| Formula {
            tex: tex.to_string(),
            display: false,
        });
        for (html, symbol) in typeset_all(&formulas, &MathSettings::default())
            .into_iter()
            .zip(["x", "2"])
        {
            let html = html.unwrap();
            assert!(
                html.contains(&format!("padding-left:0.833em;\">{symbol}</span>")),
                "{html}"
            );
        }
    }

    fn formula(tex: &str, display: bool) -> Formula {
        Formula {
            tex: tex.to_string(),
            display,
        }
    }

    fn typeset_one(tex: &str) -> Result<String, TypesetError> {
        typeset_all(&[formula(tex, false)], &MathSettings::default()).remove(0)
    }

    #[test]
    fn renders_html_and_mathml() {
        let html = typeset_one(r"\frac{a}{b}").unwrap();
        assert!(html.contains(r#"class="katex""#), "{html}");
        assert!(html.contains("<math"), "{html}");
    }

    #[test]
    fn a_named_operator_alone_in_a_subscript_comes_out_as_valid_mathml() {
        let html = typeset_one(r"\lambda_{\max} + \frac{\log}{2}").unwrap();
        assert!(
            html.contains("<msub><mi>λ</mi><mrow><mi>max</mi><mo>\u{2061}</mo></mrow></msub>"),
            "{html}"
        );
        assert!(
            html.contains("<mfrac><mrow><mi>log</mi><mo>\u{2061}</mo></mrow><mn>2</mn></mfrac>"),
            "{html}"
        );
    }

    #[test]
    fn display_formulas_are_blocks() {
        let out = typeset_all(&[formula("x^2", true)], &MathSettings::default());
        assert!(out[0].as_ref().unwrap().contains("katex-display"));
    }

    #[test]
    fn bad_latex_is_an_error_at_its_byte_offset() {
        let error = typeset_one(r"a + \nosuchmacro").unwrap_err();
        assert!(
            error.message.contains("Undefined control sequence"),
            "{error:?}"
        );
        assert_eq!(error.offset, Some(4), "{error:?}");
    }

    #[test]
    fn a_nul_byte_is_refused_where_it_stands() {
        let error = typeset_one("a\0b").unwrap_err();
        assert!(error.message.contains("NUL"));
        assert_eq!(error.offset, Some(1));
    }

    #[test]
    fn overlong_formulas_are_refused() {
        let error = typeset_one(&"x+".repeat(MAX_FORMULA_BYTES)).unwrap_err();
        assert!(error.message.contains("limit"));
    }

    #[test]
    fn nesting_counts_groups_delimiters_and_environments() {
        assert_eq!(nesting_depth("x").0, 0);
        assert_eq!(nesting_depth("{{x}}").0, 2);
        assert_eq!(nesting_depth(r"\left( \left( x \right) \right)").0, 2);
        assert_eq!(nesting_depth(r"\begin{pmatrix}1\end{pmatrix}").0, 2);
        assert_eq!(nesting_depth(r"\sqrt{\sqrt{x}}").0, 2);
        assert_eq!(
            nesting_depth(r"\{ \} \\ x").0,
            0,
            "control symbols are not groups"
        );
        assert_eq!(
            nesting_depth(r"a}}}}{b").0,
            1,
            "stray closers never go negative"
        );
    }

    #[test]
    fn every_kind_of_deep_nesting_is_refused_before_the_engine_sees_it() {
        let n = 600;
        for tex in [
            format!("{}x{}", "{".repeat(n), "}".repeat(n)),
            format!("{}x{}", r"\left(".repeat(n), r"\right)".repeat(n)),
            format!("{}x{}", r"\frac{".repeat(n), "}{y}".repeat(n)),
            format!("{}x{}", r"\sqrt{".repeat(n), "}".repeat(n)),
            format!(
                "{}x{}",
                r"\begin{matrix}".repeat(n),
                r"\end{matrix}".repeat(n)
            ),
        ] {
            let error = typeset_one(&tex).unwrap_err();
            assert!(error.message.contains("nested"), "{error:?}");
            assert!(error.offset.is_some());
        }
    }

    #[test]
    fn nesting_up_to_the_limit_typesets_on_the_pool_stack() {
        let n = MAX_NESTING / 2;
        for tex in [
            format!("{}x{}", "{".repeat(MAX_NESTING), "}".repeat(MAX_NESTING)),
            format!("{}x{}", r"\left(".repeat(n), r"\right)".repeat(n)),
            format!("{}x{}", r"\frac{".repeat(n), "}{y}".repeat(n)),
            format!(
                "{}x{}",
                r"\sqrt{".repeat(MAX_NESTING),
                "}".repeat(MAX_NESTING)
            ),
        ] {
            assert!(typeset_one(&tex).is_ok(), "{}", &tex[..40]);
        }
    }

    #[test]
    fn the_pool_stack_holds_the_engines_own_nesting_limit() {
        // What a macro could build past the pre-check, bounded by the vendored parser.
        let n = katex::parser::MAX_NESTING - 1;
        let settings = MathSettings::default();
        for (open, close) in [
            (r"\frac{", "}{y}"),
            (r"\sqrt{", "}"),
            (r"\left(", r"\right)"),
        ] {
            let tex = format!("{}x{}", open.repeat(n), close.repeat(n));
            let rendered = typesetting_pool()
                .install(|| render(&tex, true, &shared_macros(&settings), Work::Draw));
            assert!(rendered.is_ok(), "{open}: {rendered:?}");
        }
    }

    #[test]
    fn nesting_that_macros_build_is_an_error_not_a_stack_overflow() {
        for level in [
            r"\sqrt{\r}",
            r"\frac{1}{\r}",
            r"\left(\r\right)",
            r"x^{\r}",
            r"\begin{pmatrix}\r\end{pmatrix}",
            r"\overbrace{\r}",
            r"\text{$\r$}",
            r"{\r}",
        ] {
            let tex = format!(r"\def\r{{{level}}}\r");
            let error = typeset_one(&tex).unwrap_err();
            assert!(
                error
                    .message
                    .contains("levels deep once its macros are expanded")
                    || error.message.contains("Too many expansions"),
                "{tex}: {error:?}"
            );
        }
    }

    #[test]
    fn a_macro_that_doubles_its_argument_stops_at_the_token_limit() {
        // Each `\x` doubles the argument it passes on: 25 expansions, 2^25 tokens.
        let tex = format!(r"\def\x#1#2{{#2{{#1#1}}}}\x{{y}}{}\relax", r"\x".repeat(25));
        let error = typeset_one(&tex).unwrap_err();
        assert!(error.message.contains("expand to more than"), "{error:?}");
    }

    #[test]
    fn a_placeholder_beyond_the_arguments_is_an_error_not_a_panic() {
        let settings = MathSettings {
            macros: vec![(r"\m".to_string(), r"#1 + #9".to_string())],
            ..MathSettings::default()
        };
        for tex in [r"\def\m#1{#9}\m{x}", r"\def\m#1{#0}\m{x}", r"\m{x}"] {
            let formula = Formula {
                tex: tex.to_string(),
                display: false,
            };
            let result = typeset_all(&[formula], &settings).remove(0);
            assert!(result.is_err(), "{tex}: {result:?}");
        }
    }

    #[test]
    fn a_macro_bomb_stops_at_the_expansion_limit() {
        let bomb = format!(r"\def\a{{x}}{}\a", r"\edef\a{\a\a}".repeat(16));
        let error = typeset_one(&bomb).unwrap_err();
        assert!(error.message.to_lowercase().contains("expan"), "{error:?}");
    }

    #[test]
    fn commands_that_need_trust_are_errors_not_red_text() {
        for tex in [
            r"\href{https://example.com}{x}",
            r"\url{https://example.com}",
            r"\htmlClass{c}{x}",
            r"\includegraphics{a.png}",
        ] {
            let error = typeset_one(tex).unwrap_err();
            assert!(error.message.contains("not allowed"), "{tex}: {error:?}");
            assert_eq!(error.offset, Some(0), "{tex}");
        }
    }

    #[test]
    fn book_macros_expand_in_every_formula() {
        let settings = MathSettings {
            macros: vec![
                (r"\R".to_string(), r"\mathbb{R}".to_string()),
                (r"\norm".to_string(), r"\lVert #1 \rVert".to_string()),
            ],
            ..MathSettings::default()
        };
        let out = typeset_all(&[formula(r"x \in \R, \norm{x}", false)], &settings);
        let html = out[0].as_ref().unwrap();
        assert!(html.contains("mathbb") || html.contains("ℝ"), "{html}");
        assert!(html.contains("∥"), "{html}");
    }

    #[test]
    fn a_formula_redefines_a_book_macro_for_itself_only() {
        let settings = MathSettings {
            macros: vec![(r"\R".to_string(), r"\mathbb{R}".to_string())],
            ..MathSettings::default()
        };
        let out = typeset_all(
            &[
                formula(r"{\def\R{Q}\R}\R \gdef\R{W}\R", false),
                formula(r"\renewcommand{\R}{V}\R", false),
                formula(r"\R", false),
            ],
            &settings,
        );
        let redefined = out[0].as_ref().unwrap();
        for shown in [">Q</mi>", "double-struck\">R</mi>", ">W</mi>"] {
            assert!(
                redefined.contains(shown),
                "a group's \\def ends with the group, \\gdef lasts: {shown} in {redefined}"
            );
        }
        let renewed = out[1].as_ref().unwrap();
        assert!(renewed.contains(">V</mi>"), "{renewed}");
        let plain = out[2].as_ref().unwrap();
        assert!(
            plain.contains("double-struck\">R</mi>") && !plain.contains(">W</mi>"),
            "no formula's definition reaches another: {plain}"
        );
    }

    #[test]
    fn attributes_come_out_in_name_order_after_the_ones_katex_writes_first() {
        // An SVG (from \sqrt) and MathML annotations carry several attributes each; KaTeX
        // writes `class`, `style` and an SVG's `xmlns` before them.
        let html = typeset_one(r"\sqrt{x}+\sqrt[3]{y}+\sqrt{\frac{a}{b}}").unwrap();
        let mut tags_checked = 0;
        for tag in html.split('<').skip(1) {
            let tag = &tag[..tag.find('>').unwrap()];
            let names: Vec<&str> = tag
                .split('"')
                .step_by(2)
                .filter_map(|part| part.trim().rsplit(' ').next()?.strip_suffix('='))
                .filter(|name| !matches!(*name, "class" | "style" | "xmlns"))
                .collect();
            if names.len() > 1 {
                tags_checked += 1;
                assert!(names.is_sorted(), "{names:?} in <{tag}>");
            }
        }
        assert!(tags_checked >= 3, "{html}");
    }

    #[test]
    fn mathml_only_typesetting_writes_the_math_element_the_full_drawing_holds() {
        let formulas = [
            (r"\frac{a}{b} + \R^2", false),
            (
                r"\begin{aligned} y &= \hat{x} \\ &= \mathbf{q} \end{aligned}",
                true,
            ),
            (r"x \tag{3}", true),
            (
                r"\lambda_{\max} + \sqrt{d_k} \cdot \operatorname{softmax}(z)_i",
                false,
            ),
            (r"\left( \sum_{j=1}^{n} e^{z_j} \right)", true),
            ("é + x", false),
        ]
        .map(|(tex, display)| formula(tex, display));
        let full = MathSettings {
            macros: vec![(r"\R".to_string(), r"\mathbb{R}".to_string())],
            mathml_only: false,
        };
        let only = MathSettings {
            mathml_only: true,
            ..full.clone()
        };
        let math = |html: &str| html[mathml::math_element(html).unwrap()].to_string();
        for ((formula, full), only) in formulas
            .iter()
            .zip(typeset_all(&formulas, &full))
            .zip(typeset_all(&formulas, &only))
        {
            let (full, only) = (full.unwrap(), only.unwrap());
            assert_eq!(math(&full), math(&only), "{}", formula.tex);
            assert_eq!(
                only.contains("katex-html"),
                !formula.tex.is_ascii(),
                "{only}"
            );
        }
        let refused = formula(r"\frac{a}", false);
        assert_eq!(
            typeset_all(std::slice::from_ref(&refused), &full),
            typeset_all(std::slice::from_ref(&refused), &only)
        );
    }

    #[test]
    fn a_rows_tag_holding_math_is_typeset_into_its_cell_with_the_books_macros() {
        let formulas = [formula(
            r"\begin{align} a &= b \tag{$\ast$} \\ c &= d \tag*{$\R^2$} \\ e &= f \end{align}",
            true,
        )];
        let settings = MathSettings {
            macros: vec![(r"\R".to_string(), r"\mathbb{R}".to_string())],
            mathml_only: true,
        };
        let html = typeset_all(&formulas, &settings).remove(0).unwrap();
        let cells: Vec<&str> = html.split("<mtd class=\"mml-eqn-").skip(1).collect();
        assert_eq!(cells.len(), 3, "{html}");
        assert!(
            cells[0].starts_with("tag\"><mrow><mtext>(</mtext>") && cells[0].contains("<mo>∗</mo>"),
            "{html}"
        );
        assert!(cells[1].contains("double-struck"), "{html}");
        assert!(cells[2].starts_with("num\"></mtd>"), "{html}");
    }

    #[test]
    fn matrices_render() {
        assert!(typeset_one(r"\begin{pmatrix}1 & 2\\3 & 4\end{pmatrix}").is_ok());
    }
}
