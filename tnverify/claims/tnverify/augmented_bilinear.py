"""The toolkit's claim ``tnverify-augmented-bilinear``: the vanilla RNN, general
multiplicative integration and the 2-RNN with bias are bilinear maps of the augmented
vectors [f; 1] and [h; 1] (the augmented cores of :mod:`tnverify.equivalences`), which the
corrected bias claims of ttlm App. B.1 and thesis §5.3.2 rely on."""

from __future__ import annotations

from ..readings import Reading
from ..registration import claim, refs
from ..ttlm.rnn_biases import small_augmented
from ..ttlm.rnn_equivalences import PROOFS
from ..ttlm.rnn_statements import STATEMENTS

claim("tnverify-augmented-bilinear",
      "vanilla RNN, general MI, 2-RNN with bias: bilinear on [f; 1], [h; 1]",
      STATEMENTS["tnverify-augmented-bilinear"],
      refs("tnverify", "equivalences/augmented.py, augmented cores", "ttlm", "App. B.1–B.2", "thesis",
           "§5.3.2"), small_augmented, group="rnn-equivalences",
      space=({"vocab_size": 3, "rank": 2, "steps": 3}, {"vocab_size": 5, "rank": 4, "steps": 5}),
      uses=("ttlm-claim-b1", "ttlm-claim-b2", "ttlm-eq14-bias"),
      readings=(Reading(
          "augmented", "each pre-activation equals Σ_ij 𝒢_ijk f̃_i h̃_j for one fixed core "
          "𝒢 ∈ ℝ^{(M+1)×(R+1)×(R+1)}, the output slot R+1 equal to 1 and the activation on "
          "slots 1..R only (β₁/β₂ named as in the statement; the thesis swaps them)", True,
          "we will ignore b for other variants of RNNs since b can be seen as 0th component "
          "of f(x^(t)) which equals to 1", "ttlm App. B.1 after Eq. 14; thesis §5.3.2 after "
          "Eq. 5.11"),),
      remarks=("The papers' shortcut (b as a constant 0th component of f) alone is not enough "
               "for 2-RNNs: a constant f-slot contributes Σ_j T_{0jk} h_j, linear in h, not a "
               "constant; the constant slot of h in this statement repairs it. That is judged "
               "under ttlm-eq14-bias, not here.",),
      proof=PROOFS + "prove_augmented_bilinear")
