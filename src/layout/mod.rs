//! Everything that turns an expanded lesson into page text: formulas typeset with KaTeX, the
//! events written as HTML, the search index, and pages laid out with Tera templates.

pub mod citations;
pub mod html;
pub mod math;
pub mod print;
pub mod search;
pub mod templating;
