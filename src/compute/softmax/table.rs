//! What the softmax kind calls its program's values: its table.

use super::super::computed::Side;
use super::super::kind::{Json, Source, Table};

/// What the softmax kind calls its program's values: `temperature` is the program's `T`, and
/// `target` (with labels) the label of the target's position.
pub static TABLE: Table = Table {
    kind: "softmax",
    names: "logits temperature exps probabilities log_probabilities jacobian target loss gradient \
            temperatures sweep",
    sources: &[
        ("temperature", Source::Value("T")),
        ("target", Source::LabelAt("target")),
    ],
    own: &[],
    groups: None,
    inputs: &["logits", "temperature", "target", "temperatures"],
    // One row per temperature: the labels name the sweep's columns only, never the list of
    // temperatures (however many there are).
    sides: &[("sweep", Side::Cols), ("temperatures", Side::None)],
    // `loss`, `gradient` and `target` are `null` without a target; `temperatures` and `sweep`
    // appear only when temperatures were given.
    json: &[
        ("labels", Json::Labels),
        ("logits", Json::Value("logits")),
        ("temperature", Json::Value("T")),
        ("target", Json::Position("target")),
        ("probabilities log_probabilities", Json::Named),
        ("loss gradient", Json::Named),
        ("temperatures", Json::IfAny("temperatures")),
        ("sweep", Json::IfAny("sweep")),
    ],
};
