"""The worked example of TTLM computation in thesis §5.3.1 (Eq. 5.8–5.9,
``thesis-sec-5.3.1`` and its twin) and its check.
"""

from __future__ import annotations

import numpy as np

from .. import Defect, Evidence, Reading
from ..compare import compare_ints, compare_values
from ..registration import corrected_pair, refs
from ..ttlm.rnn.biases import onehot
from . import TTLM_CITED


def small_sec_531(params, rng, corrected):
    V, R = params["vocab_size"], params["rank"]
    G1, G = rng.normal(size=(V, R)), rng.normal(size=(R, V, R))
    Gt_a = rng.normal(size=(V, R))  # reading (a): |V|×R, as displayed
    w2 = int(rng.integers(V))
    sizes = {"vocab_size": V, "rank": R}
    f1 = onehot(0, V)  # f^{(1)}_1 = 1
    h1 = f1 @ G1
    first = compare_values(
        "f^{(1)ᵀ}G^{(1)} vs [G_11, …, G_1R]", h1, G1[0, :], n=V, scale=np.abs(G1).max()
    )
    h2 = np.einsum("p,poi,i->o", h1, np.transpose(G, (0, 2, 1)), onehot(w2, V))
    second = compare_values(
        "(h^{(1)})ᵀ G f^{(2)} (G permuted to R×R×|V|) vs the slice "
        "product G^{(1)}_{w1,:} G_{:,w2,:}",
        h2,
        G1[0] @ G[:, w2, :],
        n=R * V,
        scale=np.abs(G1[0]) @ np.abs(G[:, w2, :]),
    )
    h = h2
    if corrected:
        shown = np.array([sum(Gt_a[v, i] * h[i] for i in range(R)) for v in range(V)])
        ref = np.einsum("p,vp->v", h, Gt_a)  # Eq. 5.9 by einsum
        p = np.exp(shown - shown.max())
        p /= p.sum()
        return Evidence(
            "worked example (first, second, corrected last part)",
            sizes=sizes,
            parts={
                "first part": first,
                "second part": second,
                "last part (corrected) vs Eq. 5.9 einsum": compare_values(
                    "corrected displayed vector vs einsum",
                    shown,
                    ref,
                    n=R,
                    scale=np.abs(Gt_a) @ np.abs(h),
                    control=np.einsum("p,vp->v", h1, Gt_a),
                    control_label="h^(1) in place of h^(2) (the window shifted by one step)",
                ),
                "length |V|": compare_ints("output length", [shown.size], [V]),
                "softmax sums to 1": compare_values("Σ ψ(·)", p.sum(), 1.0, n=V),
            },
        )
    readings = {}
    for name, Gt in (("a", Gt_a), ("b", Gt_a.T.copy())):
        # the displayed right-hand side: entry j = Σ_{i=1}^R 𝐆^{(t)}_{ij} h_j, j = 1..R
        shown = np.array([sum(Gt[i, j] * h[j] for i in range(R)) for j in range(R)])
        prod = h @ Gt.T if name == "a" else h @ Gt  # (a) hᵀGᵀ, (b) hᵀG (R×|V|)
        k = min(R, V)
        readings[name] = Evidence(
            f"reading ({name}): displayed last part vs the product",
            sizes=sizes,
            parts={
                "first part": first,
                "second part": second,
                "last part: length": compare_ints(
                    "length of the displayed vector vs of the product",
                    [shown.size],
                    [prod.size],
                    sizes=sizes,
                ),
                "last part: first entries": compare_values(
                    "displayed entries vs product entries (first min(R,|V|))",
                    shown[:k],
                    prod[:k],
                    n=R,
                    scale=np.abs(h).max() * np.abs(Gt).sum(axis=0).max(),
                ),
            },
        )
    return Evidence(
        "thesis §5.3.1 worked example, each displayed right-hand side",
        readings=readings,
        sizes=sizes,
    )


_SEC531_STATEMENT = (
    '- Eq. 5.8: "h^{(t)} = (h^{(t−1)})ᵀ𝐆^{(t)}𝐟^{(t)}, (5.8) where 𝐟^{(t)}, 𝐆^{(t)}, and h^{(t−1)} '
    "are contracted and the indices of 𝐆^{(t)} are permuted from ℝ^{R_{t−1}×|V|×R_t} to "
    'ℝ^{R_{t−1}×R_t×|V|}".\n- First part: "𝐟^{(1)ᵀ}𝐆^{(1)} = [f^{(1)}_1, f^{(1)}_2, …, '
    "f^{(1)}_{|V|}] [𝐆^{(1)}_{11} … 𝐆^{(1)}_{1R}; …; 𝐆^{(1)}_{|V|1} … 𝐆^{(1)}_{|V|R}] = "
    "[𝐆^{(1)}_{11}, 𝐆^{(1)}_{12}, …, 𝐆^{(1)}_{1R}]ᵀ = h^{(1)}, where 𝐆^{(1)} ∈ ℝ^{|V|×R} and "
    'h^{(1)} ∈ ℝ^R".\n- Second part: "The second part of Eq. 5.2 is the intermediate states: '
    "(𝐟^{(i−1)})ᵀ𝐆h^{(i)} where i ∈ {2, 3, …, t−1} defined in Eq. 5.8. For example, h^{(2)} is "
    'computed as follows: h^{(2)} = (h^{(1)})ᵀ𝐆𝐟^{(2)}".\n- Last part: "P̃_{x^{(1:t−1)}} = '
    "ψ((h^{(t−1)})ᵀ𝐆^{(t)}) = ψ([h^{(t−1)}_1, h^{(t−1)}_2, h^{(t−1)}_R] [𝐆^{(t)}_{11} … "
    "𝐆^{(t)}_{1R}; …; 𝐆^{(t)}_{|V|1} … 𝐆^{(t)}_{|V|R}]) = ψ([Σ_{i=1}^R 𝐆^{(t)}_{i1} "
    "h^{(t−1)}_1; Σ_{i=1}^R 𝐆^{(t)}_{i2} h^{(t−1)}_2; …; Σ_{i=1}^R 𝐆^{(t)}_{iR} "
    'h^{(t−1)}_R])".'
)
corrected_pair(
    "thesis-sec-5.3.1",
    common=dict(topic="rnn-equivalences", space=({"vocab_size": 5, "rank": 3},)),
    printed=dict(
        title="worked example of TTLM computation",
        statement=_SEC531_STATEMENT,
        refs=refs(
            "thesis",
            "§5.3.1, worked example (first, second and last parts)",
            "thesis",
            "§5.2.2, Eq. 5.8–5.9",
            "ttlm",
            "App. A",
        ),
        small=lambda p, rng: small_sec_531(p, rng, False),
        expected="fails",
        readings=[
            Reading(
                "a",
                "(h^{(t−1)})ᵀ(𝐆^{(t)})ᵀ with 𝐆^{(t)} ∈ ℝ^{|V|×R}, as displayed",
                True,
                "where G^{(t)} ∈ ℝ^{|V|×R_{t−1}} is the last TT-core in TT-format at time t",
                "thesis §5.2.2, after Eq. 5.9; the matrix displayed |V|×R in §5.3.1",
            ),
            Reading(
                "b",
                "the literal product with 𝐆^{(t)} laid out R×|V|",
                True,
                "𝐆^{(t)} is a hidden-to-output matrix, extracting the evidence provided in "
                "𝐡^{(t−1)} and generates a probability distribution over vocabulary",
                "thesis §5.3.1, paragraph after the last part (a hidden-to-output matrix "
                "taking (h^{(t−1)})ᵀ on its left is R×|V|, as the printed "
                "ψ((h^{(t−1)})ᵀG^{(t)}); ttlm Table 2 lays cores out the same way)",
            ),
        ],
        defect=Defect(
            "misprint",
            printed="last part: ψ((h^{(t−1)})ᵀ𝐆^{(t)}) = ψ([h^{(t−1)}_1, h^{(t−1)}_2, "
            "h^{(t−1)}_R] [𝐆^{(t)}_{11} … 𝐆^{(t)}_{1R}; …; 𝐆^{(t)}_{|V|1} … "
            "𝐆^{(t)}_{|V|R}]) = ψ([Σ_{i=1}^R 𝐆^{(t)}_{i1}h^{(t−1)}_1; …; Σ_{i=1}^R "
            "𝐆^{(t)}_{iR}h^{(t−1)}_R])",
            meant="last part, with 𝐆^{(t)} ∈ ℝ^{R×|V|} the output core of Eq. 5.9 as "
            "corrected in thesis-eq-5.9 and the displayed |V|×R matrix named (𝐆^{(t)})ᵀ "
            "(row w: 𝐆^{(t)}_{1w} … 𝐆^{(t)}_{Rw}): ψ((h^{(t−1)})ᵀ𝐆^{(t)}) = "
            "ψ((𝐆^{(t)})ᵀh^{(t−1)}) = ψ([𝐆^{(t)}_{11} … 𝐆^{(t)}_{R1}; …; 𝐆^{(t)}_{1|V|} … "
            "𝐆^{(t)}_{R|V|}] [h^{(t−1)}_1; h^{(t−1)}_2; …; h^{(t−1)}_R]) = ψ([Σ_{j=1}^R "
            "𝐆^{(t)}_{j1}h^{(t−1)}_j; …; Σ_{j=1}^R 𝐆^{(t)}_{j|V|}h^{(t−1)}_j]), a vector of "
            "|V| scores; all three lines change: the first names the core in the orientation "
            "of Eq. 5.9, the middle multiplies the displayed matrix by the column h^{(t−1)}, "
            "the last sums over the hidden index j for each word",
            erratum="thesis-sec-5.3.1-readout-expansion",
            why="The example displays the output matrix as |V|×R (one row per word w). ψ "
            "must receive one score per word, Σ_j (row w)_j h^{(t−1)}_j for w = 1, …, |V|: "
            "the displayed matrix times the column h^{(t−1)}, |V| entries. The printed "
            "vector has R entries, its j-th multiplying Σ_{i=1}^R of column j of the displayed "
            "matrix (its first R entries: the whole column only if |V| = R) by the one "
            "component h^{(t−1)}_j, and the printed middle line, the row "
            "[h₁, h₂, h_R] (1×R) times the displayed |V|×R matrix, is not defined for "
            "|V| ≠ R, nor is the first line if 𝐆^{(t)} is the displayed matrix. Naming the "
            "displayed matrix (𝐆^{(t)})ᵀ keeps one orientation of 𝐆^{(t)}, R×|V|, here and "
            "in Eq. 5.9 (thesis-eq-5.9), where (h^{(t−1)})ᵀ𝐆^{(t)} needs it.",
            also=(
                Defect(
                    "misprint",
                    printed='second part: "(f^{(i−1)})ᵀGh^{(i)}"',
                    meant='second part: "h^{(i)} = (h^{(i−1)})ᵀGf^{(i)}"',
                    why="Eq. 5.8, which the sentence cites, and the example that "
                    "follows it, h^{(2)} = (h^{(1)})ᵀ𝐆𝐟^{(2)}, contract the "
                    "previous state on the left of 𝐆 and the current input on "
                    "its right; the printed (f^{(i−1)})ᵀGh^{(i)} puts the "
                    "previous input on the left and the state being defined "
                    "on the right.",
                ),
            ),
        ),
        remarks=(
            "Eq. 5.8 and the first part hold as printed.",
            f"App. A step III of {TTLM_CITED} prints a different wrong expansion of the "
            "same product (an erratum on that paper's own errata sheet, ttlm-app-a).",
        ),
    ),
    corrected=dict(
        title="worked example, corrected last part",
        statement=(
            "Corrected last part, with the displayed |V|×R matrix named (𝐆^{(t)})ᵀ, "
            "𝐆^{(t)} ∈ ℝ^{R×|V|} the output core of Eq. 5.9: P̃ = ψ((h^{(t−1)})ᵀ𝐆^{(t)}) = "
            "ψ((𝐆^{(t)})ᵀh^{(t−1)}) = ψ([Σ_{j=1}^R 𝐆^{(t)}_{j1} h_j; …; Σ_{j=1}^R "
            "𝐆^{(t)}_{j|V|} h_j]) ∈ ℝ^{|V|} (a vector over the vocabulary, each entry "
            "summing over the hidden index); second "
            "part: h^{(i)} = (h^{(i−1)})ᵀ𝐆𝐟^{(i)} (as its example h^{(2)} = "
            "(h^{(1)})ᵀ𝐆𝐟^{(2)}); the first part as printed."
        ),
        refs=refs(
            "thesis",
            "§5.3.1, worked example (first, second and last parts)",
            "thesis",
            "§5.2.2, Eq. 5.8–5.9",
        ),
        small=lambda p, rng: small_sec_531(p, rng, True),
    ),
)
