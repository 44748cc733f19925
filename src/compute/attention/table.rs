//! What the attention kind calls its program's values: its table, each head's parts and the
//! sides of the tokens each value takes.

use super::super::computed::Side;
use super::super::kind::{Groups, Json, Source, Table};

/// What the attention kind calls its values: the tokens label the rows of every per-token
/// matrix and both sides of the token-by-token ones; weight matrices are unlabelled. `scores`,
/// `scaled` and `weights` are the one head's (with several they would be ambiguous: `h2.weights`
/// names one), `concat` the heads' side by side when there are several; `h1.q` … `hN.output`
/// are each head's, read from the program's own values ([`HEADS`]).
pub static TABLE: Table = Table {
    kind: "attention",
    names: "embeddings w_q w_k w_v w_o q k v scores scaled weights concat output d_k n heads",
    sources: &[
        ("d_k", Source::Count("d_k")),
        ("n", Source::Count("n")),
        ("heads", Source::Count("heads")),
    ],
    groups: Some(HEADS),
    inputs: &["embeddings", "w_q", "w_k", "w_v", "w_o"],
    sides: &[
        ("embeddings q k v concat output", Side::Rows),
        ("w_q w_k w_v w_o", Side::None),
    ],
    own: &[],
    // Single head: top-level `scores`/`scaled`/`weights`. Several heads: a `heads` array and
    // `concat` instead, matching which quantities references can name.
    json: &[
        ("tokens", Json::Labels),
        ("causal", Json::Flag("causal")),
        ("embeddings w_q w_k w_v w_o", Json::Named),
        ("d_k", Json::Position("d_k")),
        ("q k v", Json::Named),
        ("scores scaled weights", Json::NamedIfAny),
        (
            "heads",
            Json::Groups(
                "concat",
                &[
                    ("d_k", Json::Position("d_k")),
                    ("q k v scores scaled weights output", Json::Named),
                ],
            ),
        ),
        ("concat", Json::NamedIfAny),
        ("output", Json::Named),
    ],
};

/// A head's values by the kind's name (`h2.q`), the program's name with one head and its stem
/// with several (`head_q_2`): one head reads Q, K and V whole, as the lesson writes QKᵀ;
/// several each take their columns.
pub(super) const PARTS: [(&str, &str, &str); 7] = [
    ("q", "q", "head_q"),
    ("k", "k", "head_k"),
    ("v", "v", "head_v"),
    ("scores", "scores", "scores"),
    ("scaled", "scaled", "scaled"),
    ("weights", "weights", "weights"),
    ("output", "out", "out"),
];

/// The heads, as [`TABLE`] reads them; [`Groups::step`] names a head's part in the program.
pub const HEADS: Groups = Groups {
    count: "heads",
    parts: &PARTS,
};

/// Every value of the program that takes only some sides of the tokens, as the widget labels
/// them and the run's quantities are labelled: [`TABLE`]'s, and each head's columns of Q, K, V
/// and its output, per token (rows), not token by token.
pub fn sides(heads: usize) -> Vec<(String, Side)> {
    let table = (TABLE.side_of_each()).map(|(name, side)| (name.to_string(), side));
    let per_head = ["q", "k", "v", "output"]
        .into_iter()
        .flat_map(|part| (1..=heads).map(move |h| (HEADS.step(part, h, heads), Side::Rows)));
    table.chain(per_head).collect()
}
