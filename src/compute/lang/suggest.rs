//! "Did you mean" suggestions: the nearest of a list of names, if it is close enough to be a typo.
//!
//! Stage: shared by evaluation and the functions, for hints. Must not: know which names exist.
//!
//! A typo is a letter left out, added, swapped with its neighbour or (in names of five letters
//! or more) replaced. Short names that differ by a replaced letter are usually different words
//! (`sort` and `sqrt`, `max` and `map`), so between them a replacement costs two edits.

/// Edits from `a` to `b`: insertions, deletions and swaps of neighbours cost 1, a replacement
/// `replace` (the optimal string alignment distance).
fn edit_distance(a: &[char], b: &[char], replace: usize) -> usize {
    let mut table = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in table.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in table[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = if a[i - 1] == b[j - 1] { 0 } else { replace };
            let mut best = (table[i - 1][j] + 1)
                .min(table[i][j - 1] + 1)
                .min(table[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(table[i - 2][j - 2] + 1);
            }
            table[i][j] = best;
        }
    }
    table[a.len()][b.len()]
}

/// The candidate closest to `name`, if it is close enough to be a likely typo.
pub(crate) fn nearest<'c>(
    name: &str,
    candidates: impl IntoIterator<Item = &'c str>,
) -> Option<&'c str> {
    let letters: Vec<char> = name.chars().collect();
    let allowed = (letters.len() / 3).max(1);
    let mut best: Option<(usize, &str)> = None;
    for candidate in candidates {
        let other: Vec<char> = candidate.chars().collect();
        let replace = if letters.len().min(other.len()) <= 4 {
            2
        } else {
            1
        };
        let distance = edit_distance(&letters, &other, replace);
        if distance <= allowed && best.is_none_or(|(d, _)| distance < d) {
            best = Some((distance, candidate));
        }
    }
    best.map(|(_, candidate)| candidate)
}

/// What the language calls a function that other tools (NumPy, PyTorch, spreadsheets) name
/// differently, too far from the language's name for [`nearest`] to find it.
pub(crate) fn other_name_for(name: &str) -> Option<&'static str> {
    Some(match name {
        "length" | "size" | "numel" | "count" | "nrows" => {
            "len(x) (the entries of a vector, the rows of a matrix) or shape(x)"
        }
        "ncols" | "dims" | "dim" => "shape(x), the vector (rows, cols)",
        "mod" | "fmod" | "remainder" => "a % b (the remainder with the sign of b)",
        "floor_divide" | "div" | "idiv" => "a // b (floor division)",
        "gather" | "index_select" | "take_along_axis" => "x[idx] or take(x, idx, axis=0)",
        "argpartition" | "top_k" => "topk(x, k) or argtopk(x, k)",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::nearest;

    #[test]
    fn typos_are_suggested_and_different_short_words_are_not() {
        let functions = ["sqrt", "softmax", "argmax", "max", "mean", "sum", "exp"];
        assert_eq!(nearest("sort", functions), None);
        assert_eq!(nearest("map", functions), None);
        assert_eq!(nearest("sofmax", functions), Some("softmax"));
        assert_eq!(nearest("agrmax", functions), Some("argmax"));
        assert_eq!(nearest("sqtr", functions), Some("sqrt"));
        assert_eq!(nearest("meen", functions), None);
        assert_eq!(nearest("argmix", functions), Some("argmax"));
        assert_eq!(nearest("exps", functions), Some("exp"));
    }

    #[test]
    fn names_from_other_tools_point_to_the_language_s_own() {
        use super::other_name_for;
        assert!(other_name_for("size").unwrap().starts_with("len(x)"));
        assert!(other_name_for("mod").unwrap().starts_with("a % b"));
        assert_eq!(other_name_for("sqrt"), None);
    }
}
