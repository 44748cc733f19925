#![allow(clippy::approx_constant)] // NumPy's outputs, some of which happen to be ln 2 or √2.
//! The fourteen computations of a machine-learning course (the lecturer's test of issue 37), each
//! a lesson in `tests/cli/fixtures/lecturer/` that builds and passes `check` with no workaround
//! and whose steps `eval --json` gives as NumPy does. The constants were computed once with
//! Python and NumPy 2 from the same inputs (the test does not need Python).

use crate::support::Book;
use serde_json::{json, Value};

/// Each lesson, and steps with the values NumPy computed for them.
fn expected() -> Vec<(&'static str, Vec<(&'static str, Value)>)> {
    vec![
        (
            "kmeans",
            vec![
                ("centres", json!([[1.0, 1.5], [8.5, 8.666666666666666]])),
                ("cluster", json!([0.0, 0.0, 0.0, 1.0, 1.0, 1.0])),
                ("n", json!(6.0)),
            ],
        ),
        (
            "logistic",
            vec![
                ("w", json!([3.4838520307832876, 1.447723395451659])),
                ("b", json!(-0.16621989547055974)),
                ("final", json!(0.0261655604932498)),
                (
                    "losses",
                    json!([
                        0.6931471805599453,
                        0.5180094817776636,
                        0.4179491535919472,
                        0.35378867061641806,
                        0.3085345192352899,
                        0.27447721627020416,
                        0.2476852143847264,
                        0.22593283445847273,
                        0.2078523173891079,
                        0.19254817751865552,
                        0.17940454280113155,
                        0.16798105539712782,
                        0.15795286267654157,
                        0.14907412154216468,
                        0.14115479054730634,
                        0.1340453087056195,
                        0.1276261549495405,
                        0.1218005380611394,
                        0.11648915751015823,
                        0.11162637153247049,
                        0.10715734417920644,
                        0.10303588761919984,
                        0.0992228073198629,
                        0.09568461694046347,
                        0.09239252903641722,
                        0.08932165425054103,
                        0.08645035999223159,
                        0.08375975245378739,
                        0.08123325495946973,
                        0.07885626224502398,
                        0.07661585509194131,
                        0.07450056331074104,
                        0.07250016773672542,
                        0.07060553391730379,
                        0.06880847170626017,
                        0.06710161616137338,
                        0.06547832605705609,
                        0.06393259703832557,
                        0.06245898700436625,
                        0.061052551754758946,
                        0.05970878928575574,
                        0.05842359140785362,
                        0.05719320158464027,
                        0.05601417807813449,
                        0.05488336163665132,
                        0.0537978470845619,
                        0.05275495827466396,
                        0.051752225947504185,
                        0.05078736811129374,
                        0.049858272613696214,
                        0.048962981624908385,
                        0.048099677791789516,
                        0.04726667185671965,
                        0.04646239156349286,
                        0.04568537169677629,
                        0.044934245122241784,
                        0.04420773471199324,
                        0.0435046460548748,
                        0.04282386086405846,
                        0.04216433100530952,
                        0.041525073078800434,
                        0.04090516349551547,
                        0.0403037339963588,
                        0.03971996756820932,
                        0.039153094716490935,
                        0.038602390058467675,
                        0.038067169205521584,
                        0.03754678590621055,
                        0.03704062942500658,
                        0.0365481221343388,
                        0.0360687172999611,
                        0.035601897041772926,
                        0.0351471704540884,
                        0.03470407187099393,
                        0.034272159263894236,
                        0.03385101275964032,
                        0.0334402332687862,
                        0.03303944121453914,
                        0.03264827535388586,
                        0.03226639168318704,
                        0.03189346242126307,
                        0.03152917506364254,
                        0.031173231502230742,
                        0.03082534720517847,
                        0.03048525045220097,
                        0.030152681621022404,
                        0.029827392521000425,
                        0.029509145770332097,
                        0.029197714213549098,
                        0.028892880376295376,
                        0.028594435954631615,
                        0.028302181336341603,
                        0.028015925151925296,
                        0.02773548385315177,
                        0.02746068131721857,
                        0.027191348474720278,
                        0.026927322959771304,
                        0.02666844878075874,
                        0.026414576010320462,
                        0.0261655604932498
                    ]),
                ),
            ],
        ),
        (
            "pca",
            vec![
                ("values", json!([1.4323494544161852, 0.04698387891714817])),
                (
                    "explained",
                    json!([0.9682398294836763, 0.03176017051632368]),
                ),
            ],
        ),
        (
            "power",
            vec![
                ("v", json!([0.5257311121191336, 0.85065080835204])),
                ("dominant", json!(3.6180339887498953)),
            ],
        ),
        (
            "beam",
            vec![
                ("parents", json!([[0.0, 1.0], [0.0, 1.0], [0.0, 1.0]])),
                ("chosen", json!([[1.0, 0.0], [0.0, 1.0], [1.0, 0.0]])),
                ("scores", json!([-2.225624051857918, -2.8134107167600364])),
            ],
        ),
        (
            "rnn",
            vec![
                ("h", json!([0.9472354664479311, 0.6856686929801443])),
                (
                    "states",
                    json!([
                        [0.8004990217606297, -0.5370495669980352],
                        [0.8214840264318756, 0.6885955704531206],
                        [0.9472354664479311, 0.6856686929801443]
                    ]),
                ),
            ],
        ),
        ("conv", vec![("y", json!([1.25, 0.25, 0.25, 1.5]))]),
        (
            "batchnorm",
            vec![(
                "y",
                json!([
                    [-0.447211806656309, 0.1, 2.7284200537048946],
                    [0.447211806656309, -0.6071050134262237, -0.1],
                    [1.3416354199689269, 0.8071050134262236, -2.9284200537048948],
                    [-1.3416354199689269, 0.1, -0.1]
                ]),
            )],
        ),
        (
            "adam",
            vec![
                ("p", json!([0.8767221690387854, 0.768198583292366])),
                ("f", json!(0.015217064315189361)),
            ],
        ),
        (
            "bigram",
            vec![
                (
                    "logp",
                    json!([
                        -0.5108256237659907,
                        -0.916290731874155,
                        -0.5108256237659907,
                        -0.5108256237659907,
                        -1.6094379124341003,
                        -0.916290731874155
                    ]),
                ),
                ("perplexity", json!(2.2912160616643376)),
            ],
        ),
        (
            "lstm",
            vec![
                ("c_next", json!([0.10125518361773245, -0.1218034207410915])),
                (
                    "h_next",
                    json!([0.06445794556927138, -0.056367060160606254]),
                ),
            ],
        ),
        (
            "smoothing",
            vec![
                (
                    "targets",
                    json!([
                        [0.925, 0.025, 0.025, 0.025],
                        [0.025, 0.025, 0.925, 0.025],
                        [0.025, 0.025, 0.025, 0.925]
                    ]),
                ),
                ("loss", json!(0.7524827735657477)),
            ],
        ),
        (
            "padding",
            vec![(
                "weights",
                json!([
                    [
                        0.3314989604240915,
                        0.5465493872661796,
                        0.12195165230972885,
                        0.0
                    ],
                    [1.0, 0.0, 0.0, 0.0],
                    [0.5249791874789399, 0.47502081252106, 0.0, 0.0]
                ]),
            )],
        ),
        (
            "newton",
            vec![
                (
                    "iterates",
                    json!([
                        1.5,
                        1.4166666666666667,
                        1.4142156862745099,
                        1.4142135623746899,
                        1.4142135623730951
                    ]),
                ),
                ("x", json!(1.4142135623730951)),
            ],
        ),
    ]
}

/// A file of the fixture folder.
fn fixture(name: &str) -> String {
    let path = format!(
        "{}/tests/cli/fixtures/lecturer/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{path}: {error}"))
}

fn lesson_text(slug: &str) -> String {
    fixture(&format!("{slug}.md"))
}

/// Whether `actual` (from `eval --json`) holds `expected` to 1e-9, relative to the larger
/// magnitude where that is above 1, with the same nesting.
fn agrees(actual: &Value, expected: &Value) -> bool {
    match (actual, expected) {
        (Value::Array(a), Value::Array(e)) => {
            a.len() == e.len() && a.iter().zip(e).all(|(x, y)| agrees(x, y))
        }
        (Value::Number(_), Value::Number(_)) => {
            let (x, y) = (
                actual.as_f64().unwrap_or(f64::NAN),
                expected.as_f64().unwrap_or(f64::NAN),
            );
            (x - y).abs() <= 1e-9 * x.abs().max(y.abs()).max(1.0)
        }
        _ => false,
    }
}

#[test]
fn the_fourteen_computations_build_check_and_match_numpy() {
    let book = Book::empty();
    book.write("book.toml", "title = \"Machine learning by hand\"\n");
    let lessons = expected();
    assert_eq!(lessons.len(), 14);
    for (slug, _) in &lessons {
        book.write(&format!("content/{slug}.md"), lesson_text(slug));
    }
    // k-means reads its points from a CSV file beside the lesson.
    book.write("content/points.csv", fixture("points.csv"));
    book.check().succeeds();
    book.build().succeeds();
    // The k-means lesson draws its CSV points as a scatter coloured by cluster, axes labelled.
    let page = book.read("public/kmeans.html");
    let figure = &page[page.find("data-figure=\"scatter\"").expect("a scatter")..];
    assert!(figure.contains(">cluster 0</text>") && figure.contains(">cluster 1</text>"));
    assert!(figure.contains("<p class=\"wf-title\">Points by cluster</p>"));
    assert!(figure.contains(">x</text>") && figure.contains(">y</text>"));
    for (slug, steps) in lessons {
        let run = book.run(&["eval", &format!("content/{slug}.md"), "--json"]);
        run.succeeds();
        let json: Value = serde_json::from_str(&run.stdout).expect("eval --json is JSON");
        let example = &json["examples"][0];
        for (step, value) in &steps {
            let actual = &example["steps"][step];
            assert!(
                agrees(actual, value),
                "{slug}: step {step} is {actual}, NumPy gives {value}"
            );
        }
    }
}

#[test]
fn the_comparison_can_fail() {
    assert!(agrees(&json!([1.0, 2.0]), &json!([1.0, 2.0 + 1e-12])));
    assert!(!agrees(&json!([1.0, 2.0]), &json!([1.0, 2.001])));
    assert!(!agrees(&json!([1.0]), &json!([[1.0]])));
}

/// A compute input read from a CSV or JSON file beside the lesson: its values reach the steps,
/// `eval` lists the file, the widget's page data holds the values (so the page works from
/// disk), and a bad cell fails the build at the data file's line and column.
#[test]
fn inputs_from_data_files_are_read_listed_embedded_and_checked() {
    let lesson = |inputs: &str| {
        format!(
            "+++\ntitle = \"Data\"\n+++\n\n```compute\nname = \"d\"\nsteps = \"\"\"\ntotal = sum(p) + sum(w)\n\"\"\"\n[inputs]\n{inputs}\n```\n\n```widget\nexample = \"d\"\n```\n\nThe total is {{{{d.total}}}}.\n"
        )
    };
    let book = Book::empty();
    book.write("book.toml", "title = \"Data\"\n");
    book.write("content/ml/data/p.csv", "a,b,c\n1,2,3\n4,5,6\n");
    book.write("content/ml/w.json", "[[0.5, 1], [2, 4]]");
    book.write(
        "content/ml/d.md",
        lesson("p = { csv = \"data/p.csv\", columns = [\"c\", \"a\"] }\nw = { json = \"w.json\" }"),
    );
    book.check().succeeds();
    let run = book.run(&["eval", "content/ml/d.md", "--json"]);
    run.succeeds();
    let json: Value = serde_json::from_str(&run.stdout).expect("JSON");
    let example = &json["examples"][0];
    assert!(agrees(&example["steps"]["total"], &json!(14.0 + 7.5)));
    assert_eq!(example["files"]["w"]["path"], "content/ml/w.json");
    book.build().succeeds();
    let page = book.read("public/ml/d.html");
    assert!(
        page.contains("content/ml/data/p.csv"),
        "the page data names the file"
    );
    assert!(
        page.contains("[[3.0,1.0],[6.0,4.0]]"),
        "the page data holds the values"
    );

    book.write("content/ml/data/p.csv", "a,b,c\n1,2,3\n4,x,6\n");
    book.check()
        .exits_with(1)
        .stderr_has("content/ml/data/p.csv:3:3: `x` is not a number (input `p`)");
    book.write("content/ml/data/p.csv", "a,b,c\n1,2,3\n");
    book.write(
        "content/ml/d.md",
        lesson("p = { csv = \"../../../secret.csv\" }\nw = 1"),
    );
    book.check()
        .exits_with(1)
        .stderr_has("outside the book's content/ folder");
}
