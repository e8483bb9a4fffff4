"""Constructive maps between model families and the tensor-train (TT) core view.

Every recurrent model that is a TTLM has a core ``G`` in the TT view
``(R_prev, |V|, R_next)``: one step is

.. math:: h^{(t)}_k = \\sum_{j, i} h^{(t-1)}_j \\, G_{j i k} \\, f^{(t)}_i .

The functions here are named ``<from>_to_<to>``; each has a round-trip test
(``tests/test_equivalences.py``, ``tests/claims/ttlm/test_variants.py``,
``tests/claims/tslm/test_recurrence.py``).  They accept numpy
arrays or torch tensors (torch is imported only when a tensor is passed), so that the
scaled claims can differentiate through a map.

Modules (every name is re-exported here, so ``from tnverify.equivalences import ...``
keeps working): :mod:`tnverify.equivalences.bilinear` (second-order RNN and RAC / MI-RNN
cores, claims ``ttlm-claim-b1``, ``ttlm-claim-b2``); :mod:`tnverify.equivalences.augmented`
(vanilla RNN, MI-RNN and biased second-order RNN on augmented (affine) inputs,
``tnverify-augmented-bilinear``); :mod:`tnverify.equivalences.ttlm_tiny_large`
(TTLM-Tiny / TTLM-Large, ``ttlm-eq12``); :mod:`tnverify.equivalences.tslm` (TSLM,
``tslm-eq-16``); :mod:`tnverify.equivalences.operands` (numpy-or-torch operands).

References
----------
ttlm App. B, Eq. 14–20 and §5.1, Eq. 12; thesis §5.3.2,
Eq. 5.11–5.17; tslm Eq. 16.
"""

from .augmented import (
    augment_hidden,
    augment_input,
    augmented_step,
    mi_rnn_to_augmented_core,
    second_order_affine_to_augmented_core,
    second_order_to_augmented_core,
    split_augmented_core,
    vanilla_rnn_to_augmented_core,
)
from .bilinear import (
    SECOND_ORDER_LAYOUTS,
    rac_to_tt_core,
    second_order_to_tt_core,
    tt_core_to_rac,
    tt_core_to_second_order,
)
from .tslm import tslm_to_tt
from .ttlm_tiny_large import (
    EQ12_READINGS,
    large_to_tt_core,
    large_to_tt_core_delta,
    large_to_tt_core_reshape,
    tiny_to_tt_core,
    tiny_to_tt_core_delta,
    tiny_to_tt_core_reshape,
    tt_core_to_tiny_reshape,
)

__all__ = [
    # RNN families to TT cores
    "SECOND_ORDER_LAYOUTS",
    "second_order_to_tt_core",
    "tt_core_to_second_order",
    "rac_to_tt_core",
    "tt_core_to_rac",
    "augment_input",
    "augment_hidden",
    "vanilla_rnn_to_augmented_core",
    "mi_rnn_to_augmented_core",
    "second_order_to_augmented_core",
    "second_order_affine_to_augmented_core",
    "split_augmented_core",
    "augmented_step",
    # TSLM
    "tslm_to_tt",
    # TTLM variants (Tiny, Large)
    "EQ12_READINGS",
    "tiny_to_tt_core",
    "tiny_to_tt_core_delta",
    "tiny_to_tt_core_reshape",
    "large_to_tt_core",
    "large_to_tt_core_delta",
    "large_to_tt_core_reshape",
    "tt_core_to_tiny_reshape",
]
