//! Typesetting LaTeX with KaTeX at build time, so readers' browsers run no math JavaScript.
//!
//! Input: the distinct formulas of the whole book. Output: KaTeX HTML+MathML for each, or the
//! KaTeX error message. Formulas are rendered in parallel on a dedicated pool whose threads
//! have large stacks and create their QuickJS engine once, at the top of the thread: QuickJS
//! measures its small JS stack from where the engine was created, so an engine first touched
//! deep inside rayon's work-stealing frames could abort on a deeply nested formula.

use rayon::prelude::*;
use rayon::{ThreadPool, ThreadPoolBuilder};
use std::sync::OnceLock;

/// Longest formula we hand to KaTeX; its cost grows faster than linearly with length.
pub const MAX_FORMULA_BYTES: usize = 20_000;

/// Stack for each typesetting thread; QuickJS needs well over the 2 MiB the issue names.
const TYPESETTER_STACK_BYTES: usize = 16 * 1024 * 1024;

/// One formula as KaTeX sees it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Formula {
    /// The LaTeX source, with references already replaced by numbers.
    pub tex: String,
    /// `$$…$$` (a block) rather than `$…$` (inline).
    pub display: bool,
}

/// Renders every formula, in parallel, in the order given.
pub fn typeset_all(formulas: &[Formula]) -> Vec<Result<String, String>> {
    typesetting_pool().install(|| formulas.par_iter().map(typeset).collect())
}

/// Renders one formula. Call only from the typesetting pool (see the module doc).
fn typeset(formula: &Formula) -> Result<String, String> {
    if formula.tex.contains('\0') {
        // KaTeX would silently cut the formula at the NUL byte.
        return Err("the formula contains a NUL character".to_string());
    }
    if formula.tex.len() > MAX_FORMULA_BYTES {
        return Err(format!(
            "the formula is {} bytes long; the limit is {MAX_FORMULA_BYTES}",
            formula.tex.len()
        ));
    }
    let opts = katex::Opts::builder()
        .display_mode(formula.display)
        .output_type(katex::OutputType::HtmlAndMathml)
        .throw_on_error(true)
        .trust(false)
        .build()
        .map_err(|error| error.to_string())?;
    katex::render_with_opts(&formula.tex, &opts).map_err(|error| clean_katex_error(&error))
}

fn typesetting_pool() -> &'static ThreadPool {
    static POOL: OnceLock<ThreadPool> = OnceLock::new();
    POOL.get_or_init(|| {
        ThreadPoolBuilder::new()
            .thread_name(|index| format!("worked-katex-{index}"))
            .stack_size(TYPESETTER_STACK_BYTES)
            // Creating the engine here, at the thread's shallowest frame, fixes its stack base.
            .start_handler(|_| {
                let _ = katex::render("x");
            })
            .build()
            .expect("a thread pool with default settings always builds")
    })
}

/// KaTeX errors arrive as "failed to execute js (detail: ParseError: KaTeX parse error: …)";
/// keep the part an author can act on.
fn clean_katex_error(error: &katex::Error) -> String {
    // The detail went through a JS string, so backslashes arrive doubled.
    let text = error.to_string().replace("\\\\", "\\");
    let detail = text
        .find("KaTeX parse error: ")
        .map(|at| &text[at + "KaTeX parse error: ".len()..])
        .unwrap_or(&text);
    // KaTeX appends an excerpt with combining underlines ("at position 5: \̲f̲o̲o̲"); the
    // diagnostic quotes the source line itself, so drop the excerpt.
    let detail = match detail.find(" at position ") {
        Some(at) => {
            let rest = &detail[at + " at position ".len()..];
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            format!("{} at position {digits}", &detail[..at])
        }
        None => detail.trim_end_matches([')', '"']).to_string(),
    };
    detail.trim().to_string()
}

/// The 1-based position KaTeX names in an error message, if any.
pub fn error_position(message: &str) -> Option<usize> {
    let at = message.rfind(" at position ")?;
    message[at + " at position ".len()..].parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn formula(tex: &str, display: bool) -> Formula {
        Formula {
            tex: tex.to_string(),
            display,
        }
    }

    #[test]
    fn renders_html_and_mathml() {
        let out = typeset_all(&[formula(r"\frac{a}{b}", false)]);
        let html = out[0].as_ref().unwrap();
        assert!(html.contains(r#"class="katex""#), "{html}");
        assert!(html.contains("<math"), "{html}");
    }

    #[test]
    fn display_formulas_are_blocks() {
        let out = typeset_all(&[formula("x^2", true)]);
        assert!(out[0].as_ref().unwrap().contains("katex-display"));
    }

    #[test]
    fn bad_latex_is_an_error_with_its_position() {
        let out = typeset_all(&[formula(r"a + \nosuchmacro", false)]);
        let error = out[0].as_ref().unwrap_err();
        assert!(error.contains("Undefined control sequence"), "{error}");
        assert_eq!(error_position(error), Some(5), "{error}");
    }

    #[test]
    fn a_nul_byte_is_refused() {
        let out = typeset_all(&[formula("a\0b", false)]);
        assert!(out[0].as_ref().unwrap_err().contains("NUL"));
    }

    #[test]
    fn overlong_formulas_are_refused() {
        let out = typeset_all(&[formula(&"x+".repeat(MAX_FORMULA_BYTES), false)]);
        assert!(out[0].as_ref().unwrap_err().contains("limit"));
    }

    #[test]
    fn deeply_nested_formulas_do_not_crash() {
        let nested = format!("{}x{}", "{".repeat(400), "}".repeat(400));
        let out = typeset_all(&[formula(&nested, true)]);
        // Either rendered or refused; the point is the process survives.
        assert_eq!(out.len(), 1);
    }

    #[test]
    fn matrices_render_with_the_quickjs_backend() {
        let out = typeset_all(&[formula(r"\begin{pmatrix}1 & 2\\3 & 4\end{pmatrix}", true)]);
        assert!(out[0].is_ok(), "{out:?}");
    }
}
