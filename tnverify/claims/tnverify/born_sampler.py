"""The toolkit's claim ``tnverify-born-sampler-exact``: the exact sampler of
:class:`tnverify.cells.born.BornMachine` (sequential sampling from ratios of marginals)
draws x with probability |Ψ(x)|²/Z, seed 001 (thesis) §4.1.3, Eq. 4.3 and 4.5.  The
checks (a χ² test against brute-force probabilities) are in
:mod:`tnverify.claims.thesis.born_sampling`."""

from __future__ import annotations

from ..registration import claim, refs
from ..thesis.born_machines import SCALED_LOGZ
from ..thesis.born_sampling import scaled_logz, small_sampler

claim("tnverify-born-sampler-exact", "the exact Born sampler draws x with probability |Ψ(x)|²/Z",
      ("the exact sampler of a Born machine (sequential sampling from ratios of marginals) "
       "draws x with probability |Ψ(x)|²/Z. (Refs: `thesis-eq-4.3`, `thesis-eq-4.5`.)"),
      refs("tnverify", "cells/born.py, BornMachine.sample", "thesis", "§4.1.3, Eq. 4.3, 4.5"),
      small_sampler, group="born-machines-ngrams",
      space=({"vocab_size": 2, "length": 3, "rank": 2, "samples": 20_000},
             {"vocab_size": 3, "length": 4, "rank": 3, "samples": 50_000}), scaled=scaled_logz,
      scaled_space=SCALED_LOGZ, uses=("thesis-eq-4.3",),
      pinned=({"params": {"vocab_size": 3, "length": 4, "rank": 3, "samples": 50_000},
               "seed": 7, "note": "χ² at α = 1e-6 with torch seed recorded in the evidence"},))
