"""Claims of seed 001 (thesis) §5.3 on which RNNs are tensor trains: Claim 5.3.1 (the 2-RNN,
``thesis-claim-5.3.1``), Claim 5.3.2 (RAC / MI-RNN, ``thesis-claim-5.3.2`` and its
``-corrected`` twin) and the worked example of §5.3.1 (``thesis-sec-5.3.1`` and its twin).

The checks are those of seed 000's statements of the same results (App. A–B), in
:mod:`tnverify.claims.ttlm.rnn_equivalences` and :mod:`tnverify.claims.ttlm.rnn_biases`.
"""

from __future__ import annotations

from .. import Ref
from ..registration import claim, corrected_pair, refs
from ..ttlm.rnn_biases import small_sec_531
from ..ttlm.rnn_equivalences import (PROOFS, SECOND_ORDER_SCALED, SPACE, register_rac_pair,
                                     small_531)
from ..ttlm.rnn_equivalences_scaled import scaled_second_order
from ..ttlm.rnn_statements import STATEMENTS

_T531_REFS = (Ref("thesis", "§5.3.2, Claim 5.3.1, Eq. 5.11–5.14"),
              Ref("ttlm", "App. B.1, Claim B.1"))
_T532_REFS = (Ref("thesis", "§5.3.2, Claim 5.3.2, Eq. 5.15–5.17; §6.2.2"),
              Ref("ttlm", "App. B.2, Claim B.2"))


claim("thesis-claim-5.3.1", "2-RNN = TTLM core (thesis layout)", STATEMENTS["thesis-claim-5.3.1"],
      _T531_REFS, small_531, group="rnn-equivalences", space=SPACE, scaled=scaled_second_order,
      scaled_space=SECOND_ORDER_SCALED, uses=("ttlm-claim-b1",),
      proof=PROOFS + "prove_thesis_claim_5_3_1", expected="holds",
      readings={"a": "Eq. 5.14's ranges as printed (j ≤ |V| on h, k ≤ R on f): typed only "
                     "for |V| = R, run on a square instance",
                "b": "ranges matched to h ∈ ℝ^R and f ∈ ℝ^{|V|}"})


register_rac_pair("thesis-claim-5.3.2", "thesis", _T532_REFS, "RAC / MI-RNN = TTLM with G = A ⊙ B")

corrected_pair(
    "thesis-sec-5.3.1",
    common=dict(group="rnn-equivalences", space=({"vocab_size": 5, "rank": 3},)),
    printed=dict(
        title="worked example of TTLM computation", statement=STATEMENTS["thesis-sec-5.3.1"],
        refs=refs("thesis", "§5.3.1, Eq. 5.8–5.9", "ttlm", "App. A"),
        small=lambda p, rng: small_sec_531(p, rng, False), expected="fails",
        readings={"a": "(h^{(t−1)})ᵀ(𝐆^{(t)})ᵀ with 𝐆^{(t)} ∈ ℝ^{|V|×R}",
                  "b": "the literal product with 𝐆^{(t)} laid out R×|V| (000 Table 2)"}),
    corrected=dict(
        title="worked example, corrected last part",
        statement=("Corrected last part: P̃ = ψ((h^{(t−1)})ᵀ(𝐆^{(t)})ᵀ) = ψ([Σ_{i=1}^R "
                   "𝐆^{(t)}_{1i} h_i; …; Σ_{i=1}^R 𝐆^{(t)}_{|V|i} h_i]) ∈ ℝ^{|V|} (a vector "
                   "over the vocabulary, each entry summing over the hidden index); the first "
                   "and second parts as printed."), refs=refs("thesis", "§5.3.1, Eq. 5.8–5.9"),
        small=lambda p, rng: small_sec_531(p, rng, True)))
