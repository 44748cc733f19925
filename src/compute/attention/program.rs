//! The attention kind's program text: the steps every example runs, written for its number of
//! tokens and heads, which the language has no way to vary.

use super::{AttentionInput, HEADS, PARTS};

/// The steps of `input`'s program: the projections; `causal` (1 or 0, the widget's toggle)
/// hides the entries above the diagonal (`hidden`), whose −∞ in the softmax (`mask`, a step of
/// its own so a heatmap of the weights can hatch it) leaves a masked weight exactly 0, while
/// `scaled` stays unmasked so the page can show what the mask hides; each head's steps
/// (suffixed `_1`, `_2`, … when there are several); the heads side by side; the output. The
/// token count and each head's width are written in, since a widget keeps every input's shape.
pub(super) fn steps(input: &AttentionInput) -> String {
    let (n, heads) = (input.tokens.len(), input.heads);
    let (d_k, d_v) = (input.w_q.ncols() / heads, input.w_v.ncols() / heads);
    let mut steps = format!(
        "q = embeddings @ w_q\nk = embeddings @ w_k\nv = embeddings @ w_v\n\
         hidden = (causal_mask({n}) < 0) * causal\nmask = where(hidden == 1, -inf, 0)\n"
    );
    for h in 1..=heads {
        let [q, k, v, scores, scaled, weights, out] =
            PARTS.map(|(part, ..)| HEADS.step(part, h, heads));
        if heads > 1 {
            let (qk, vs) = ((h - 1) * d_k, (h - 1) * d_v);
            steps += &format!(
                "{q} = cols(q, {qk}, {})\n{k} = cols(k, {qk}, {})\n{v} = cols(v, {vs}, {})\n",
                qk + d_k,
                qk + d_k,
                vs + d_v
            );
        }
        steps += &format!(
            "{scores} = {q} @ {k}.T\n{scaled} = {scores} / sqrt({d_k})\n\
             {weights} = softmax({scaled} + mask, axis=1)\n{out} = {weights} @ {v}\n"
        );
    }
    let mut output = HEADS.step("output", 1, heads);
    if heads > 1 {
        let outs: Vec<String> = (1..=heads)
            .map(|h| HEADS.step("output", h, heads))
            .collect();
        steps += &format!("concat = concat({}, axis=1)\n", outs.join(", "));
        output = "concat".into();
    }
    let w_o = if input.w_o.is_some() { " @ w_o" } else { "" };
    steps += &format!("output = {output}{w_o}\n");
    steps
}
