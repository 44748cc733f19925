//! The small Python functions a snippet defines where NumPy has no one-liner for a function of
//! the language. Each follows the rule README's "The compute language" states for it; a snippet
//! defines only the ones its program calls, in this table's order.

/// A helper: the language function it stands for, and its Python definition.
pub(super) struct Helper {
    pub(super) name: &'static str,
    pub(super) code: &'static str,
}

/// Every helper, in the order a snippet defines them.
pub(super) const HELPERS: &[Helper] = &[
    Helper {
        name: "sigmoid",
        code: "def sigmoid(x):
    return 1 / (1 + np.exp(-x))",
    },
    Helper {
        name: "gelu",
        code: "def gelu(x):
    \"\"\"The tanh approximation of GPT-2 and BERT.\"\"\"
    return 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x ** 3)))",
    },
    Helper {
        name: "xlogy",
        code: "def xlogy(x, y):
    \"\"\"x * log(y), and 0 where x is 0 (as scipy.special.xlogy).\"\"\"
    return np.where(x == 0, 0.0, x * np.log(np.where(x == 0, 1.0, y)))",
    },
    Helper {
        name: "softmax",
        code: "def softmax(x, axis=-1):
    e = np.exp(x - np.max(x, axis=axis, keepdims=True))
    return e / np.sum(e, axis=axis, keepdims=True)",
    },
    Helper {
        name: "log_softmax",
        code: "def log_softmax(x, axis=-1):
    shifted = x - np.max(x, axis=axis, keepdims=True)
    return shifted - np.log(np.sum(np.exp(shifted), axis=axis, keepdims=True))",
    },
    Helper {
        name: "logsumexp",
        code: "def logsumexp(x, axis=None):
    keep = axis is not None
    top = np.max(x, axis=axis, keepdims=keep)
    return top + np.log(np.sum(np.exp(x - top), axis=axis, keepdims=keep))",
    },
    Helper {
        name: "layer_norm",
        code: "def layer_norm(x, eps=1e-05):
    \"\"\"Along the last axis, variance over n; no gain or bias.\"\"\"
    mu = np.mean(x, axis=-1, keepdims=True)
    var = np.mean((x - mu) ** 2, axis=-1, keepdims=True)
    return (x - mu) / np.sqrt(var + eps)",
    },
    Helper {
        name: "topk",
        code: "def topk(x, k):
    \"\"\"The k largest entries along the last axis, largest first (ties: the earlier first).\"\"\"
    return np.take_along_axis(x, np.argsort(-x, axis=-1, kind=\"stable\")[..., :k], axis=-1)",
    },
    Helper {
        name: "argtopk",
        code: "def argtopk(x, k):
    \"\"\"Positions of the k largest entries along the last axis, largest first (ties: the earlier first).\"\"\"
    return np.argsort(-x, axis=-1, kind=\"stable\")[..., :k]",
    },
    Helper {
        name: "eigvecs",
        code: "def eigvecs(a):
    \"\"\"Unit eigenvectors of a symmetric a as columns, eigenvalues ascending, each with its
    largest-magnitude entry positive.\"\"\"
    vectors = np.linalg.eigh(a)[1]
    largest = vectors[np.argmax(np.abs(vectors), axis=0), np.arange(len(vectors))]
    return vectors * np.sign(largest)",
    },
    Helper {
        name: "randn",
        code: "def randn(rows, cols=None, seed=0):
    \"\"\"The book's normals (not NumPy's): SplitMix64 from seed, Box-Muller on each pair.\"\"\"
    mask = (1 << 64) - 1
    state = seed
    def uniform():
        nonlocal state
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        return ((z ^ (z >> 31)) >> 11) / 9007199254740992.0
    count = rows * (cols or 1)
    out = []
    while len(out) < count:
        radius = np.sqrt(-2.0 * np.log(1.0 - uniform()))
        angle = 2.0 * np.pi * uniform()
        out += [radius * np.cos(angle), radius * np.sin(angle)]
    out = np.array(out[:count])
    return out if cols is None else out.reshape(rows, cols)",
    },
    Helper {
        name: "causal_mask",
        code: "def causal_mask(n):
    \"\"\"0 on and below the diagonal, -inf above.\"\"\"
    return np.triu(np.full((n, n), -np.inf), k=1)",
    },
];

/// Whether `name` is a helper's (a program's name that equals one is renamed in the snippet).
pub(super) fn is_helper(name: &str) -> bool {
    HELPERS.iter().any(|helper| helper.name == name)
}
