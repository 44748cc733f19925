//! What the vectors kind calls its program's values: its table.

use super::super::computed::Side;
use super::super::kind::{Json, Table};

/// What the vectors kind calls its program's values, which are its names; the names label the
/// rows of the vectors and the entries of the lengths, never the projection's components.
pub static TABLE: Table = Table {
    kind: "vectors",
    names: "vectors norms dots cosines angles projection_scalar projection",
    sources: &[],
    own: &[],
    groups: None,
    inputs: &["vectors"],
    sides: &[("vectors", Side::Rows), ("projection", Side::None)],
    // `projection` is `null` when none was requested.
    json: &[
        ("names", Json::Labels),
        ("vectors norms dots cosines angles", Json::Named),
        (
            "projection",
            Json::Object(
                "projection",
                &[
                    ("of", Json::LabelAt("of")),
                    ("onto", Json::LabelAt("onto")),
                    ("scalar", Json::Value("projection_scalar")),
                    ("vector", Json::Value("projection")),
                ],
            ),
        ),
    ],
};
