//! Real-browser tests: the punctuation after inline math never starts a line ("… $W_1$" then
//! ", $W_2$" on the next), at every paragraph width from 200 to 700 px; and under
//! `[math] output = "mathml"` formulas are drawn with the shipped math font, and axe finds no
//! serious violation on such a page.

use crate::accessibility::{npm_file, violations};
use crate::browser::navigate;
use crate::browser::{eval_json, launch, wait_for};
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

/// Under `[math] output = "mathml"` a lesson's formulas are drawn by the browser from their
/// MathML with the shipped STIX Two Math (loaded, not a system fallback), each with a size, a
/// `\tag` stands at the right end of its formula's box, and a square root, a matrix, a
/// `smallmatrix`, an `aligned` of two relation pairs, arrays and their rules, a row's tag
/// holding math and a commutative diagram are spaced, aligned and written as KaTeX draws them.
#[test]
fn mathml_output_is_drawn_with_the_shipped_math_font() {
    let Some(chromium) = launch(
        "math_punctuation_browser::mathml_output",
        "formulas drawn from MathML with the shipped font",
    ) else {
        return;
    };
    let shapes = "\nEvery score is divided by $\\sqrt{d_k}$. A small matrix \
        $\\begin{pmatrix}1 & 1 \\\\ 0 & 1\\end{pmatrix}$ follows, and a smaller one \
        $\\begin{smallmatrix}a & b \\\\ c & d\\end{smallmatrix}$.\n\n\
        $$\\begin{aligned} a &= b & c &= d \\\\ e + f &= g & h &= i + j \\end{aligned}$$\n\n\
        $$\\begin{align} a &= b + c \\\\ e + f &= g \\end{align}$$\n\n\
        $$\\begin{align} p &= q \\\\ r + s &= t \\notag \\\\ u &= v \\tag{A} \\end{align}$$\n\n\
        $$\\begin{array}{|c|cc|} \\hline n & n^2 & n^3 \\\\ \\hline 2 & 4 & 8 \\\\ \\hline \\end{array} \
        \\quad \\boxed{x = 1} \\quad \\begin{array}{rr} 10 & 1 \\\\ 1 & 10 \\end{array}$$\n\n\
        $$x = \\begin{array}{lr} 10 & 1 \\\\ 1 & 10 \\end{array} = \\begin{matrix} 1 & 2 \\\\ 3 & 4 \\end{matrix} \
        \\quad \\begin{array}{|c} 1 \\end{array}$$\n\n\
        $$\\begin{align} y &= z \\tag{$\\ast$} \\end{align}$$\n\n\
        $$\\begin{CD} A @>a>> B \\\\ @VbVV @AAcA \\\\ C @= D \\end{CD}$$\n\n\
        $$\\begin{gathered} x = y \\\\ z = w \\end{gathered}$$\n\n\
        $$\\begin{array}{rlc} 10 & 1 & 100 \\\\ 1 & 10 & 1 \\end{array}$$\n\n\
        $$\\begin{CD} A @>a>> B \\xrightarrow{f} C \\end{CD}$$\n\n$$B \\xrightarrow{f} C$$\n";
    let book = Book::with_lesson(
        "notation.md",
        &format!("{}{shapes}", crate::build::NOTATION),
    );
    book.write("book.toml", "[math]\noutput = \"mathml\"\n");
    book.build().succeeds();
    let tab = chromium.tab();
    navigate(
        &tab,
        &format!("file://{}", book.path("public/notation.html").display()),
    );
    wait_for(&tab, "document.fonts.status === 'loaded'");
    let drawn = eval_json(
        &tab,
        r#"(function () {
          var formulas = Array.prototype.slice.call(document.querySelectorAll('main .lesson-content math'));
          var tag = Array.prototype.slice.call(document.querySelectorAll('main mtd'))
            .filter(function (cell) { return cell.textContent === '(7)'; })[0];
          var box = tag.closest('.math-display').getBoundingClientRect();
          var faces = [];
          document.fonts.forEach(function (face) {
            faces.push(face.family.replace(/"/g, '') + ': ' + face.status);
          });
          var root = document.querySelector('main p .nowrap msqrt');
          var after = root.closest('math').nextSibling;
          var stop = document.createRange();
          stop.setStart(after, 0);
          stop.setEnd(after, 1);
          var em = parseFloat(getComputedStyle(root).fontSize);
          var table = root.closest('p').querySelector('mtable');
          var cells = Array.prototype.slice.call(table.querySelectorAll('mn')).map(function (cell) {
            return cell.getBoundingClientRect();
          });
          var inEm = function (x) { return Math.round(x / em * 100) / 100; };
          var small = document.querySelector('mtable[columnspacing="0.2778em"]');
          var letters = Array.prototype.slice.call(small.querySelectorAll('mi')).map(function (cell) {
            return cell.getBoundingClientRect();
          });
          // The content of each cell of a table, by row.
          var contents = function (table) {
            return Array.prototype.slice.call(table.children).map(function (row) {
              return Array.prototype.slice.call(row.children).map(function (cell) {
                return cell.firstElementChild.getBoundingClientRect();
              });
            });
          };
          // Two relation pairs.
          var aligned = document.querySelector('mtable[columnalign="right left right left"]');
          var pairs = contents(aligned);
          var relations = Array.prototype.slice.call(aligned.children).map(function (row) {
            return row.children[1].querySelector('mo').getBoundingClientRect();
          });
          // `align` starts and ends each row with an empty cell (`mtr-glue`) before its pairs.
          var glued = Array.prototype.slice.call(
            document.querySelector('mtd.mtr-glue').closest('mtable').children
          ).map(function (row) {
            return [row.children[1], row.children[2]].map(function (cell) {
              return cell.firstElementChild.getBoundingClientRect();
            });
          });
          // Numbered `align` rows, one `\notag` between them and a `\tag{A}` after: the
          // first row's number, and the tag.
          var rowTag = document.querySelector('mtd.mml-eqn-tag');
          var number = rowTag.closest('mtable').querySelector('mtd.mml-eqn-num');
          var numberedRows = number.closest('mtable').children;
          var relation = function (row) { return row.querySelector('mo').getBoundingClientRect(); };
          // A framed array with a rule after its first column and below its first row.
          var frame = document.querySelector('menclose[notation="top bottom left right"]');
          var rows = frame.querySelector('mtable').children;
          var ruled = function (cell, side) {
            return getComputedStyle(cell)['border' + side + 'Style'];
          };
          var pairEm = function (x) {
            return Math.round(x / parseFloat(getComputedStyle(aligned).fontSize) * 100) / 100;
          };
          // `{lr}` beside a matrix, and a `{|c}` whose rule KaTeX's MathML calls `top`.
          var mixed = document.querySelector('mtable[columnalign="left right"]');
          var mixedEm = function (x) {
            return Math.round(x / parseFloat(getComputedStyle(mixed).fontSize) * 100) / 100;
          };
          var sides = contents(mixed);
          // `{rlc}`, whose list starts as `aligned`'s: each column takes its own side.
          var rlc = contents(document.querySelector('mtable[columnalign="right left center"]'));
          var plain = mixed.parentNode.querySelectorAll('mtable')[1];
          var ruleBefore = mixed.closest('math').querySelector('menclose');
          var mathTag = document.querySelectorAll('mtd.mml-eqn-tag')[1];
          // A diagram's first and last object rows.
          var diagramTable = document.querySelector('mtable[columnspacing="0.5em"]');
          var diagram = Array.prototype.slice.call(diagramTable.querySelectorAll('mi'))
            .map(function (letter) { return letter.getBoundingClientRect().bottom; });
          var label = diagramTable.querySelector('munderover > mpadded:last-child > mi');
          // `@VbVV`'s label, and its arrow.
          var sideLabel = diagramTable.querySelector('mpadded[voffset="0.7em"] mi');
          var sideArrow = sideLabel.closest('mstyle').parentNode.querySelector(':scope > mo');
          var middle = function (box) { return (box.top + box.bottom) / 2; };
          // `\xrightarrow{f}` beside an object in a diagram's cell, then outside a diagram.
          var arrowLabels = Array.prototype.filter.call(
            document.querySelectorAll('main mover > mpadded > mi'),
            function (letter) { return letter.textContent === 'f'; }
          ).map(function (letter) {
            return mixedEm(letter.parentNode.parentNode.querySelector('mo').getBoundingClientRect().top
              - letter.getBoundingClientRect().bottom);
          });
          var gathered = Array.prototype.slice.call(
            document.querySelector('mtable[columnalign="center"][rowspacing="0.25em"]').children
          ).map(function (row) { return row.querySelector('mo').getBoundingClientRect().bottom; });
          return {
            gatheredRows: mixedEm(gathered[1] - gathered[0]),
            labelRise: mixedEm(diagram[0] - label.getBoundingClientRect().bottom),
            arrowLabels: arrowLabels,
            sideLabel: mixedEm(middle(sideLabel.getBoundingClientRect())
              - middle(sideArrow.getBoundingClientRect())),
            diagramRows: mixedEm(diagram[diagram.length - 1] - diagram[0]),
            mixedLeft: mixedEm(Math.abs(sides[0][0].left - sides[1][0].left)),
            mixedRight: mixedEm(Math.abs(sides[0][1].right - sides[1][1].right)),
            rlcColumns: [
              mixedEm(rlc[0][0].right - rlc[1][0].right),
              mixedEm(rlc[0][1].left - rlc[1][1].left),
              mixedEm((rlc[0][2].left + rlc[0][2].right - rlc[1][2].left - rlc[1][2].right) / 2),
            ],
            arrayEnds: [
              mixedEm(sides[0][0].left - mixed.getBoundingClientRect().left),
              mixedEm(mixed.getBoundingClientRect().right - sides[0][1].right),
            ],
            matrixEnd: mixedEm(plain.querySelector('mstyle').getBoundingClientRect().left
              - plain.getBoundingClientRect().left),
            ruleBefore: [ruled(ruleBefore, 'Left'), ruled(ruleBefore, 'Top')],
            mathTag: mathTag ? mathTag.textContent + ' ' + mathTag.querySelectorAll('mo').length : '',
            mathTagGap: mathTag ? Math.round(mathTag.closest('.math-display').getBoundingClientRect().right
              - mathTag.getBoundingClientRect().right) : null,
            radicalGap: inEm(stop.getBoundingClientRect().left - root.firstElementChild.getBoundingClientRect().right),
            matrixEdge: inEm(cells[0].left - table.getBoundingClientRect().left),
            matrixColumns: inEm(cells[1].left - cells[0].right),
            matrixRows: inEm(cells[2].bottom - cells[0].bottom),
            smallEdge: inEm(letters[0].left - small.getBoundingClientRect().left),
            smallColumns: inEm(letters[1].left - letters[0].right),
            smallRows: inEm(letters[2].bottom - letters[0].bottom),
            alignedRight: pairEm(pairs[0][0].right - pairs[1][0].right),
            alignedMeet: pairEm(pairs[1][1].left - pairs[1][0].right),
            alignedPairs: pairEm(Math.min(pairs[0][2].left, pairs[1][2].left)
              - Math.max(pairs[0][1].right, pairs[1][1].right)),
            alignRagged: pairEm(Math.abs(glued[0][0].right - glued[1][0].right)
              + Math.abs(glued[0][1].left - glued[1][1].left)),
            alignedRows: pairEm(relations[1].bottom - relations[0].bottom),
            rules: [
              ruled(rows[0].children[1], 'Left'),
              ruled(rows[0].children[2], 'Left'),
              ruled(rows[1].children[0], 'Top'),
              ruled(frame, 'Left'),
              ruled(document.querySelector('menclose[notation="box"]'), 'Top'),
            ],
            rightColumn: inEm(Array.prototype.slice.call(
              document.querySelectorAll('mtable[columnalign="right right"] > mtr > mtd:first-child')
            ).map(function (cell) {
              return cell.firstElementChild.getBoundingClientRect().right;
            }).reduce(function (a, b) { return Math.abs(a - b); })),
            frameGap: inEm(rows[0].children[0].firstElementChild.getBoundingClientRect().left
              - frame.getBoundingClientRect().left),
            numberWidth: pairEm(number.getBoundingClientRect().width),
            numberGap: Math.round(number.closest('.math-display').getBoundingClientRect().right
              - number.getBoundingClientRect().right),
            rowTag: rowTag.textContent,
            rowTagGap: Math.round(rowTag.closest('.math-display').getBoundingClientRect().right
              - rowTag.getBoundingClientRect().right),
            numberedRows: pairEm(relation(numberedRows[2]).bottom - relation(numberedRows[0]).bottom),
            formulas: formulas.length,
            empty: formulas.filter(function (math) {
              var rect = math.getBoundingClientRect();
              return !(rect.width > 0 && rect.height > 0);
            }).length,
            family: getComputedStyle(formulas[0]).fontFamily,
            font: faces,
            tagGap: Math.round(box.right - tag.getBoundingClientRect().right)
          };
        })()"#,
    );
    assert!(drawn["formulas"].as_u64().unwrap() >= 6, "{drawn}");
    assert_eq!(drawn["empty"], 0, "{drawn}");
    assert_eq!(drawn["family"], "\"STIX Two Math\", math", "{drawn}");
    assert_eq!(
        drawn["font"],
        serde_json::json!(["STIX Two Math: loaded"]),
        "{drawn}"
    );
    assert!(drawn["tagGap"].as_i64().unwrap().abs() < 40, "{drawn}");
    // KaTeX's drawing, in em of the formula: the full stop right after the radical's bar (Chromium
    // sized the radical for STIX's widest glyph, 0.42em too wide; should Chromium mend that, the
    // stop would overlap the radicand and math.css's margin must go); a matrix's columns 1em apart,
    // with none outside them, and its rows 1.2em apart (MathML Core pads every cell 0.4em by 0.5ex).
    let em = |key: &str| drawn[key].as_f64().unwrap();
    assert!(em("radicalGap").abs() < 0.1, "{drawn}");
    assert!(em("matrixEdge").abs() < 0.05, "{drawn}");
    assert!((em("matrixColumns") - 1.0).abs() < 0.05, "{drawn}");
    assert!((em("matrixRows") - 1.2).abs() < 0.05, "{drawn}");
    // A `smallmatrix`, in em of the text around it: none outside its columns, which stand 0.42em
    // apart (ink to ink) in KaTeX's drawing, its rows 0.67em.
    assert!(em("smallEdge").abs() < 0.05, "{drawn}");
    assert!((em("smallColumns") - 0.42).abs() < 0.05, "{drawn}");
    assert!((em("smallRows") - 0.67).abs() < 0.05, "{drawn}");
    // `aligned` with two relation pairs (`columnspacing="0em 1em 0em"`): each left side ends at
    // its column's right edge, meets its relation, and the second pair starts 1em (KaTeX's
    // \quad) after the first ends; its rows stand 1.5em apart (a strut and \jot).
    assert!(em("alignedRight").abs() < 0.05, "{drawn}");
    assert!(em("alignedMeet").abs() < 0.05, "{drawn}");
    assert!((em("alignedPairs") - 1.0).abs() < 0.05, "{drawn}");
    assert!((em("alignedRows") - 1.5).abs() < 0.05, "{drawn}");
    // The same in `align`, whose rows start with an empty cell: left sides end together and
    // relations start together.
    assert!(em("alignRagged") < 0.05, "{drawn}");
    // An array's rules and frame, and `\boxed`'s box, which MathML Core does not draw: `{|c|cc|}`
    // has a rule after its first column only, `\hline` one between its rows; inside the frame
    // the first column keeps KaTeX's arraycolsep (0.5em, and the rule's width).
    assert_eq!(
        drawn["rules"],
        serde_json::json!(["solid", "none", "solid", "solid", "solid"]),
        "{drawn}"
    );
    assert!((em("frameGap") - 0.55).abs() < 0.06, "{drawn}");
    // `{rr}` (`columnalign="right right"`): 10 and 1 end together, as KaTeX sets them.
    assert!(em("rightColumn") < 0.05, "{drawn}");
    // Numbered `align` rows show their number (KaTeX leaves it to a CSS counter) at the right
    // margin, and rows stay about 1.5em apart with the number beside them.
    assert!(em("numberWidth") > 0.8, "{drawn}");
    assert!(drawn["numberGap"].as_i64().unwrap().abs() < 40, "{drawn}");
    assert!((em("numberedRows") - 3.0).abs() < 0.25, "{drawn}");
    // A row's `\tag{A}`, which KaTeX's MathML drops, is written in by the build, at the margin.
    assert_eq!(drawn["rowTag"], "(A)", "{drawn}");
    assert!(drawn["rowTagGap"].as_i64().unwrap().abs() < 40, "{drawn}");
    // `{lr}`: each column takes its own side (MathML Core reads no `columnalign`; the build
    // writes each cell's), and an array keeps KaTeX's arraycolsep (0.5em) at both ends where
    // a matrix, whose MathML is the same, keeps none.
    assert!(em("mixedLeft") < 0.05, "{drawn}");
    assert!(em("mixedRight") < 0.05, "{drawn}");
    // `{rlc}`: its list starts `right left`, as `aligned`'s, yet its third column is centred.
    for offset in drawn["rlcColumns"].as_array().unwrap() {
        assert!(offset.as_f64().unwrap().abs() < 0.05, "{drawn}");
    }
    for end in drawn["arrayEnds"].as_array().unwrap() {
        assert!((end.as_f64().unwrap() - 0.5).abs() < 0.05, "{drawn}");
    }
    assert!(em("matrixEnd").abs() < 0.05, "{drawn}");
    // `{|c}`'s rule stands before the column, as in KaTeX's drawing, not above it.
    assert_eq!(
        drawn["ruleBefore"],
        serde_json::json!(["solid", "none"]),
        "{drawn}"
    );
    // A row's `\tag{$\ast$}` is typeset into its cell, at the margin, and not counted.
    assert_eq!(drawn["mathTag"], "(\u{2217}) 1", "{drawn}");
    assert!(drawn["mathTagGap"].as_i64().unwrap().abs() < 40, "{drawn}");
    // A commutative diagram's object rows stand 3.7em apart, as KaTeX's (MathML Core: 5.1em).
    assert!((em("diagramRows") - 3.7).abs() < 0.1, "{drawn}");
    // Its label over an arrow stands as close above the arrow as KaTeX's (box bottoms: 0.91em
    // above the row's letters; MathML Core set it 1.28em above them).
    assert!((em("labelRise") - 0.91).abs() < 0.1, "{drawn}");
    // A vertical arrow's label (`@VbVV`) stands beside the arrow's middle, as KaTeX's (its
    // middle 0.12em above the arrow's; raised by its `voffset` alone, as MathML Core sets it,
    // 0.47em above).
    assert!((em("sideLabel") + 0.12).abs() < 0.1, "{drawn}");
    // Only a label over an arrow alone in its cell is lowered: an `\xrightarrow` beside an object
    // in a cell keeps its label as high above its arrow as outside a diagram.
    let arrow_labels = drawn["arrowLabels"].as_array().unwrap();
    assert_eq!(arrow_labels.len(), 2, "{drawn}");
    let rise = |at: usize| arrow_labels[at].as_f64().unwrap();
    assert!((rise(0) - rise(1)).abs() < 0.05, "{drawn}");
    // `gathered` rows stand 1.5em apart, as `aligned`'s and KaTeX's (MathML Core: 1.17em).
    assert!((em("gatheredRows") - 1.5).abs() < 0.05, "{drawn}");
    if let Ok(axe) = npm_file("axe-core", "axe.min.js") {
        let axe = std::fs::read_to_string(axe).unwrap();
        assert_eq!(violations(&tab, &axe), Vec::<String>::new());
    }
}
