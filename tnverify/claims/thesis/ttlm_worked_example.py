"""The worked example of TTLM computation in thesis §5.3.1 (Eq. 5.8–5.9,
``thesis-sec-5.3.1`` and its twin); the computation is
:func:`tnverify.claims.ttlm.rnn_biases.small_sec_531`.
"""

from __future__ import annotations

from .. import Defect, Reading
from ..registration import corrected_pair, refs
from ..ttlm.rnn_biases import small_sec_531

_SEC531_STATEMENT = (
    '- Eq. 5.8: "h^{(t)} = (h^{(t−1)})ᵀ𝐆^{(t)}𝐟^{(t)}, (5.8) where 𝐟^{(t)}, 𝐆^{(t)}, and h^{(t−1)} '
    'are contracted and the indices of 𝐆^{(t)} are permuted from ℝ^{R_{t−1}×|V|×R_t} to '
    'ℝ^{R_{t−1}×R_t×|V|}".\n- First part: "𝐟^{(1)ᵀ}𝐆^{(1)} = [f^{(1)}_1, f^{(1)}_2, …, '
    'f^{(1)}_{|V|}] [𝐆^{(1)}_{11} … 𝐆^{(1)}_{1R}; …; 𝐆^{(1)}_{|V|1} … 𝐆^{(1)}_{|V|R}] = '
    '[𝐆^{(1)}_{11}, 𝐆^{(1)}_{12}, …, 𝐆^{(1)}_{1R}]ᵀ = h^{(1)}, where 𝐆^{(1)} ∈ ℝ^{|V|×R} and '
    'h^{(1)} ∈ ℝ^R".\n- Second part: "The second part of Eq. 5.2 is the intermediate states: '
    '(𝐟^{(i−1)})ᵀ𝐆h^{(i)} where i ∈ {2, 3, …, t−1} defined in Eq. 5.8. For example, h^{(2)} is '
    'computed as follows: h^{(2)} = (h^{(1)})ᵀ𝐆𝐟^{(2)}".\n- Last part: "P̃_{x^{(1:t−1)}} = '
    'ψ((h^{(t−1)})ᵀ𝐆^{(t)}) = ψ([h^{(t−1)}_1, h^{(t−1)}_2, h^{(t−1)}_R] [𝐆^{(t)}_{11} … '
    '𝐆^{(t)}_{1R}; …; 𝐆^{(t)}_{|V|1} … 𝐆^{(t)}_{|V|R}]) = ψ([Σ_{i=1}^R 𝐆^{(t)}_{i1} '
    'h^{(t−1)}_1; Σ_{i=1}^R 𝐆^{(t)}_{i2} h^{(t−1)}_2; …; Σ_{i=1}^R 𝐆^{(t)}_{iR} '
    'h^{(t−1)}_R])".')
corrected_pair(
    "thesis-sec-5.3.1",
    common=dict(group="rnn-equivalences", space=({"vocab_size": 5, "rank": 3},)),
    printed=dict(
        title="worked example of TTLM computation", statement=_SEC531_STATEMENT,
        refs=refs("thesis", "§5.3.1, Eq. 5.8–5.9", "ttlm", "App. A"),
        small=lambda p, rng: small_sec_531(p, rng, False), expected="fails",
        readings=[
            Reading("a", "(h^{(t−1)})ᵀ(𝐆^{(t)})ᵀ with 𝐆^{(t)} ∈ ℝ^{|V|×R}, as displayed", True,
                    "where G^{(t)} ∈ ℝ^{|V|×R_{t−1}} is the last TT-core in TT-format at time t",
                    "thesis §5.2.2, after Eq. 5.9; the matrix displayed |V|×R in §5.3.1"),
            Reading("b", "the literal product with 𝐆^{(t)} laid out R×|V|", True,
                    "P̃_{x^{(1:t−1)}} = ψ((h^{(t−1)})ᵀG^{(t)})",
                    "thesis §5.3.1, last part (the layout of ttlm Table 2)")],
        defect=Defect("misprint",
                      printed="ψ([Σ_{i=1}^R G^{(t)}_{i1}h^{(t−1)}_1; …; Σ_{i=1}^R "
                              "G^{(t)}_{iR}h^{(t−1)}_R]) with (h^{(t−1)})ᵀG^{(t)}; second part "
                              "\"(f^{(i−1)})ᵀGh^{(i)}\"",
                      meant="ψ(G^{(t)}h^{(t−1)}) = ψ([Σ_{j=1}^R G^{(t)}_{1j}h^{(t−1)}_j; …; "
                            "Σ_{j=1}^R G^{(t)}_{|V|j}h^{(t−1)}_j]) (a |V|-vector) with "
                            "(h^{(t−1)})ᵀ(G^{(t)})ᵀ; second part \"h^{(i)} = "
                            "(h^{(i−1)})ᵀGf^{(i)}\"",
                      erratum="thesis-sec-5.3.1-readout-expansion"),
        remarks=("Eq. 5.8 and the first part hold as printed.",
                 "ttlm App. A step III prints a different wrong expansion of the same "
                 "product (its own erratum, ttlm-app-a).")),
    corrected=dict(
        title="worked example, corrected last part",
        statement=("Corrected last part: P̃ = ψ((h^{(t−1)})ᵀ(𝐆^{(t)})ᵀ) = ψ([Σ_{i=1}^R "
                   "𝐆^{(t)}_{1i} h_i; …; Σ_{i=1}^R 𝐆^{(t)}_{|V|i} h_i]) ∈ ℝ^{|V|} (a vector "
                   "over the vocabulary, each entry summing over the hidden index); second "
                   "part: h^{(i)} = (h^{(i−1)})ᵀ𝐆𝐟^{(i)} (as its example h^{(2)} = "
                   "(h^{(1)})ᵀ𝐆𝐟^{(2)}); the first part as printed."),
        refs=refs("thesis", "§5.3.1, Eq. 5.8–5.9"),
        small=lambda p, rng: small_sec_531(p, rng, True)))
