//! Differential test of exercises: the browser (`static/js/exercise-answer.js`) must read every
//! answer a reader may type as `worked::present::answer::read_answer` does, to the same bits or
//! to the same refusal, on random texts built from the pieces answers are made of (signs, the
//! Unicode minus, digits, points, exponents, slashes, spaces, digit groups, percent signs,
//! decimal commas) and some that are not.

use crate::common::SplitMix64;
use serde_json::json;
use worked::present::answer::{read, Reading};

const PIECES: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "7",
    "9",
    "12",
    "0.5",
    ".",
    ".",
    "e",
    "E",
    "e-",
    "e+",
    "-",
    "+",
    "\u{2212}",
    "/",
    " / ",
    " ",
    "\t",
    "x",
    ",",
    "00",
    "1e308",
    "1e-320",
    "%",
    "½",
    ",000",
    " 000",
    "\u{202f}000",
    "1,048",
    ",5",
    " %",
];

fn random_answer(rng: &mut SplitMix64) -> String {
    (0..rng.range(0, 8))
        .map(|_| PIECES[rng.range(0, PIECES.len() - 1)])
        .collect()
}

/// A text shaped like a number (sign, digits, point, exponent, maybe a fraction), with the odd
/// piece left out or added, so most read and the edges are near.
fn number_like(rng: &mut SplitMix64) -> String {
    let mut pick = |choices: &[&'static str]| choices[rng.range(0, choices.len() - 1)];
    let mut text = String::new();
    for part in [
        &["", "", " ", "-", "\u{2212}", "+"][..],
        &[
            "",
            "0",
            "3",
            "42",
            "1234567890123456789",
            "1,048,576",
            "12 345",
            "1,00",
            "0,245",
        ],
        &[".", ".", ""],
        &["", "5", "25", "000001", "3333333333333333333333"],
        &["", "", "e-3", "E+2", "e12", "e400", "e-400", "e"],
        &["", "", "", "/", " / 7", "/0", "/.5", "/3e1", "/-2"],
        &["", "", "", " ", "x", "/4", "%", " %"],
    ] {
        text.push_str(pick(part));
    }
    text
}

#[test]
fn javascript_reads_answers_as_rust_does() {
    let Some(node) = crate::common::Node::for_differential(
        "exercise_differential",
        "The reader-side answer parser against its Rust twin",
    ) else {
        return;
    };
    let mut rng = SplitMix64(0xe8e2_c15e);
    let mut cases = Vec::new();
    let mut numbers = 0;
    let mut commas = 0;
    let mut texts: Vec<String> = [
        "0.67",
        ".67",
        "2/3",
        "6.7e-1",
        "\u{2212}0.5",
        " -13/4 ",
        "1,048,576",
        "1 048 576",
        "24.5%",
        "0,245",
        "\u{2212}2,5",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    texts.extend((0..3000).map(|_| random_answer(&mut rng)));
    texts.extend((0..6000).map(|_| number_like(&mut rng)));
    for written in texts {
        let reading = read(&written);
        numbers += usize::from(matches!(reading, Reading::Number { .. }));
        commas += usize::from(matches!(reading, Reading::DecimalComma { .. }));
        cases.push(json!({
            "input": { "kind": "answer", "text": written },
            "expected": reading,
        }));
    }
    // The comparison only means something if many texts are numbers and many are not.
    assert!(
        numbers > 1000 && cases.len() - numbers > 1000 && commas > 10,
        "{numbers} numbers and {commas} decimal commas of {}",
        cases.len()
    );
    node.differential("exercise-differential.mjs", &cases);
}

/// Every `"vary"` object of the exercises on a built page.
pub(crate) fn vary_data(html: &str) -> Vec<serde_json::Value> {
    html.split("<script type=\"application/json\" data-exercise-data>")
        .skip(1)
        .filter_map(|rest| {
            let json = &rest[..rest.find("</script>").expect("the data ends")];
            let data: serde_json::Value =
                serde_json::from_str(json).expect("exercise data is JSON");
            Some(data["vary"].clone()).filter(|vary| !vary.is_null())
        })
        .collect()
}

#[test]
fn javascript_draws_and_prints_every_seed_as_rust_does() {
    use worked::compute::vary::{entries, run, VaryPlan};
    use worked::present::exercise::{half_unit, PrintRule};
    let Some(node) = crate::common::Node::for_differential(
        "exercise_differential",
        "The browser's New numbers against the Rust draws",
    ) else {
        return;
    };
    let body = format!(
        "{}\n{}\n{}",
        super::exercises::VARIED,
        super::exercises::EXAMPLE,
        super::exercises::CENTRE.replace(
            "\n\"\"\"\n```\n",
            "\n\"\"\"\n\n[vary]\nln.x = \"randint(-9, 9)\"\n```\n"
        )
    );
    let book = crate::support::Book::with_lesson("ex.md", &crate::support::lesson("Vary", &body));
    book.build().succeeds();
    let varied = vary_data(&book.read("public/ex.html"));
    assert_eq!(varied.len(), 2, "both exercises vary");
    let mut cases = Vec::new();
    for vary in &varied {
        let plan: VaryPlan =
            serde_json::from_value(vary["plan"].clone()).expect("the plan reads back");
        let refs = vary["refs"].as_array().unwrap();
        let answer = vary["answer"].as_u64().unwrap() as usize;
        for seed in 1..=vary["seeds"].as_u64().unwrap() {
            let drawn = run(&plan, seed).expect("the build proved every seed");
            let printed: Vec<String> = refs
                .iter()
                .zip(&drawn.outputs)
                .map(|(reference, value)| {
                    let rule: PrintRule =
                        serde_json::from_value(reference["rule"].clone()).unwrap();
                    rule.prose(
                        value,
                        reference["list"].as_bool().unwrap(),
                        reference["percent"].as_bool().unwrap(),
                    )
                })
                .collect();
            let rule: PrintRule = serde_json::from_value(refs[answer]["rule"].clone()).unwrap();
            let values = entries(&drawn.outputs[answer]);
            let rule = rule.shared_by(&values);
            let answer_printed: Vec<String> = values.iter().map(|x| rule.number(*x)).collect();
            let tolerance: Vec<f64> = answer_printed
                .iter()
                .map(|printed| {
                    vary["tolerance"]
                        .as_f64()
                        .unwrap_or_else(|| half_unit(printed))
                })
                .collect();
            cases.push(json!({
                "input": { "kind": "draw", "vary": vary, "seed": seed },
                "expected": {
                    "inputs": drawn.inputs.iter().map(entries).collect::<Vec<_>>(),
                    "printed": printed,
                    "answer": values,
                    "answerPrinted": answer_printed,
                    "tolerance": tolerance,
                },
            }));
        }
    }
    node.differential("exercise-differential.mjs", &cases);
}
