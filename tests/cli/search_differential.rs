//! Differential test: the reader-side search (`static/js/worked-search.js`) must cut text into
//! words exactly as `worked::layout::search::tokenize` does when it builds the index, and read every
//! word's list of sections back as Rust wrote it, on random text from a mixed alphabet (letters
//! with accents, Greek, digits, combining marks, punctuation, whitespace).

use crate::common::SplitMix64;
use std::collections::BTreeMap;
use worked::layout::search::{index_script, tokenize, IndexedSection, SearchSection, INDEX_GLOBAL};

/// Characters that exercise case folding, Unicode classes and separators.
const ALPHABET: &[&str] = &[
    "a", "B", "z", "É", "é", "ß", "İ", "Σ", "σ", "ς", "λ", "Ω", "1", "9", "٣", "½", "\u{301}", "-",
    "_", "'", ".", ",", "$", "\\", "{", "}", " ", " ", "\n", "\u{a0}", "日", "本",
];

fn random_text(rng: &mut SplitMix64) -> String {
    let length = rng.range(0, 60);
    (0..length)
        .map(|_| ALPHABET[rng.range(0, ALPHABET.len() - 1)])
        .collect()
}

fn case(rng: &mut SplitMix64) -> serde_json::Value {
    let pieces: Vec<String> = (0..rng.range(1, 6)).map(|_| random_text(rng)).collect();
    let text = pieces.join(" ");
    let sections: Vec<SearchSection> = pieces
        .iter()
        .enumerate()
        .map(|(number, piece)| SearchSection {
            url: format!("p.html#s{number}"),
            page: "P".into(),
            text: piece.clone(),
            ..SearchSection::default()
        })
        .collect();
    let indexed: Vec<IndexedSection> = sections.iter().cloned().map(Into::into).collect();
    let script = index_script(&indexed.iter().collect::<Vec<_>>(), &[]);
    let json = script
        .strip_prefix(&format!("window.{INDEX_GLOBAL} = "))
        .and_then(|rest| rest.trim_end().strip_suffix(';'))
        .expect("the index script assigns one object");
    let index: serde_json::Value = serde_json::from_str(json).expect("the index is JSON");
    let mut expected_sections: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (number, section) in sections.iter().enumerate() {
        for word in tokenize(&section.text).into_iter().chain(tokenize("P")) {
            let list = expected_sections.entry(word).or_default();
            if list.last() != Some(&number) {
                list.push(number);
            }
        }
    }
    serde_json::json!({
        "input": { "text": text, "index": index },
        "expected": { "words": tokenize(&text), "sections": expected_sections },
    })
}

#[test]
fn javascript_search_cuts_words_and_reads_the_index_as_rust_writes_them() {
    let Some(node) = crate::common::Node::for_differential(
        "search_differential",
        "Reader-side search against the Rust index",
    ) else {
        return;
    };
    let mut rng = SplitMix64(0x5ea2_c400);
    let cases: Vec<_> = (0..1500).map(|_| case(&mut rng)).collect();
    node.differential("search-differential.mjs", &cases);
}
