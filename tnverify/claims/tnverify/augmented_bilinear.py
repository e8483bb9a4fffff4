"""The toolkit's claim ``tnverify-augmented-bilinear``: the vanilla RNN, general
multiplicative integration and the 2-RNN with bias are bilinear maps of the augmented
vectors [f; 1] and [h; 1] (the augmented cores of :mod:`tnverify.equivalences`), which the
corrected bias claims of seed 000 App. B.1 and seed 001 §5.3.2 rely on."""

from __future__ import annotations

from ..registration import claim, refs
from ..ttlm.rnn_biases import small_augmented
from ..ttlm.rnn_equivalences import PROOFS
from ..ttlm.rnn_statements import STATEMENTS

claim("tnverify-augmented-bilinear",
      "vanilla RNN, general MI, 2-RNN with bias: bilinear on [f; 1], [h; 1]",
      STATEMENTS["tnverify-augmented-bilinear"],
      refs("tnverify", "equivalences.py, augmented cores", "ttlm", "App. B.1–B.2", "thesis",
           "§5.3.2"), small_augmented, group="rnn-equivalences",
      space=({"vocab_size": 3, "rank": 2, "steps": 3}, {"vocab_size": 5, "rank": 4, "steps": 5}),
      uses=("ttlm-claim-b1", "ttlm-claim-b2", "ttlm-eq14-bias"),
      proof=PROOFS + "prove_augmented_bilinear")
