//! Real-browser test: the punctuation after inline math never starts a line ("… $W_1$" then
//! ", $W_2$" on the next), at every paragraph width from 200 to 700 px.

use crate::browser::navigate;
use crate::browser::{eval_json, launch};
use crate::support::{lesson, Book};

#[test]
fn punctuation_stays_on_the_line_of_its_formula() {
    let Some(chromium) = launch("math_punctuation_browser", "punctuation after inline math") else {
        return;
    };
    let sentence =
        "The weights $W_1$, $W_2$ and $W_U$ change; so do $b_1 + b_2$, $\\eta$ and $x^2 = y$. ";
    let book = Book::with_lesson("ex.md", &lesson("Commas", &sentence.repeat(12)));
    book.build().succeeds();
    let tab = chromium.tab();
    navigate(
        &tab,
        &format!("file://{}", book.path("public/ex.html").display()),
    );
    // For each width, every formula whose following punctuation sits below its last line.
    let separated = eval_json(
        &tab,
        r#"(function () {
          var paragraph = document.querySelector('main p');
          var spans = Array.prototype.slice.call(paragraph.querySelectorAll('.nowrap'));
          var found = [];
          for (var width = 200; width <= 700; width += 1) {
            paragraph.style.width = width + 'px';
            spans.forEach(function (span) {
              var math = span.querySelector('.katex').getClientRects();
              var range = document.createRange();
              range.selectNodeContents(span.lastChild);
              var punctuation = range.getClientRects()[0];
              if (punctuation.top > math[math.length - 1].bottom - 2) {
                found.push(width + ' px: ' + span.textContent);
              }
            });
          }
          return { spans: spans.length, found: found.slice(0, 5) };
        })()"#,
    );
    assert_eq!(separated["spans"], 12 * 3, "{separated}");
    assert_eq!(separated["found"], serde_json::json!([]), "{separated}");
}
