"""gated-cells-lmms claims of seed 002 (grurntn): the GRU/LSTM cells and their tensor
variants (Eq. 8–20), the BPTT of the tensor weight (Eq. 21–26), the metrics (Eq. 27–28)
and the published numbers of §IV-B and §V.  Checks live in :mod:`.forward_passes`,
:mod:`.bptt_gradients` and :mod:`.published_numbers`; statements in :mod:`.statements`.
"""

from __future__ import annotations

from functools import partial

from ..registration import claim, corrected_pair, refs
from . import forward_passes as F
from . import bptt_gradients as D
from . import published_numbers as N
from .statements import STATEMENTS as S

_CELL = {"input": 3, "hidden": 4, "length": 4, "batch": 2}
_BPTT = {"input": 3, "hidden": 4, "vocab_size": 5, "length": 4, "batch": 1}
_BPTT_SCALED = {"small": ({"input": 4, "hidden": 8, "vocab_size": 10, "length": 6, "batch": 2},),
                "large": ({"input": 64, "hidden": 512, "vocab_size": 1000, "length": 128,
                           "batch": 8},)}
_READ_E = {"total": "∂E_i/∂h̃_j (∂E_i/∂c_j) is the total derivative through all later steps",
           "local": "∂E_i/∂h̃_j (∂E_i/∂c_j) is the direct partial through the output of "
                    "step i only (zero for j < i)"}
_PROOF = "proofs/gated.py::prove_"

claim("grurntn-eq-8", "GRU (Eq. 8–11) vs Cho et al. and torch", S["grurntn-eq-8"],
      refs("grurntn", "§II-B.2, Eq. 8–11"), F.small_eq8, group="gated-cells-lmms",
      space=({"input": 3, "hidden": 4, "length": 5, "batch": 2},), scaled=F.scaled_eq8,
      scaled_space={"small": ({"hidden": 16, "length": 8, "batch": 8},),
                    "large": ({"hidden": 1024, "length": 256, "batch": 1024},)},
      pinned=({"params": {"input": 3, "hidden": 4, "length": 5, "batch": 2}, "seed": 8,
               "note": "CLAIMS.md: i=3, d=4"},))

claim("grurntn-eq-15", "RecNTN bilinear parent (Eq. 15–16)", S["grurntn-eq-15"],
      refs("grurntn", "§II-C, Eq. 12–16"), F.small_eq15, group="gated-cells-lmms",
      space=({"hidden": 4, "batch": 2},), scaled=F.scaled_bilinear,
      scaled_space={"small": ({"p": 16, "q": 16, "hidden": 8, "batch": 64},),
                    "large": ({"p": 1024, "q": 1024, "hidden": 512, "batch": 4096,
                               "chunk": 256},)},
      pinned=({"params": {"hidden": 4, "batch": 2}, "seed": 15, "note": "CLAIMS.md: d=4"},))

claim("grurntn-eq-17", "GRURNTN with the symmetric tensor (Eq. 17)", S["grurntn-eq-17"],
      refs("grurntn", "§III-A, Eq. 17"), F.small_eq17, group="gated-cells-lmms", space=(_CELL,),
      scaled=F.scaled_eq17,
      scaled_space={"small": ({"input": 8, "hidden": 16, "length": 8, "batch": 8},),
                    "large": ({"input": 128, "hidden": 256, "length": 256, "batch": 512},)},
      uses=("grurntn-eq-8",))

claim("grurntn-eq-18", "GRURNTN, asymmetric bilinear form (Eq. 18)", S["grurntn-eq-18"],
      refs("grurntn", "§III-A, Eq. 18; Fig. 6"), F.small_eq18, group="gated-cells-lmms", space=(_CELL,),
      scaled=F.scaled_eq18,
      scaled_space={"small": ({"input": 8, "hidden": 16, "length": 8, "batch": 8},),
                    "large": ({"input": 128, "hidden": 1024, "length": 256, "batch": 512},)},
      uses=("grurntn-eq-17",))

claim("grurntn-eq-19", "LSTMRNTN (Eq. 19–20) and the peephole LSTM", S["grurntn-eq-19"],
      refs("grurntn", "§III-B, Eq. 19–20", "grurntn", "§II-B.1, Eq. 3–7"), F.small_eq19,
      group="gated-cells-lmms", space=(_CELL,), scaled=F.scaled_eq19,
      scaled_space={"small": ({"input": 8, "hidden": 16, "length": 8, "batch": 8},),
                    "large": ({"input": 128, "hidden": 512, "length": 256, "batch": 512},)})

claim("grurntn-eq-21", "−log Π P = −Σ log P (Eq. 21–23)", S["grurntn-eq-21"],
      refs("grurntn", "§III-C, Eq. 21–23"), D.small_eq21, group="gated-cells-lmms",
      space=({"length": 10, "vocab_size": 5, "input": 3, "hidden": 4},),
      proof=_PROOF + "grurntn_eq_21")

corrected_pair(
    "grurntn-eq-24",
    common=dict(group="gated-cells-lmms", refs=refs("grurntn", "§III-C, Eq. 24"), space=(_BPTT,),
                scaled_space=_BPTT_SCALED),
    printed=dict(
        title="BPTT of W_tsr in GRURNTN (Eq. 24) as printed", statement=S["grurntn-eq-24"],
        small=D.small_eq24, scaled=partial(D.scaled_bptt, model="gru", fprime="printed"),
        readings=_READ_E, uses=("grurntn-eq-18", "grurntn-eq-21"), expected="fails",
        pinned=({"params": _BPTT, "seed": 24, "note": "CLAIMS.md: 4 steps, i=3, d=4, f = tanh"},)),
    corrected=dict(
        title="Eq. 24 with f′ = 1 − tanh² and the total ∂E_i/∂h̃_j",
        statement=("Eq. 24 of seed 002 with two changes: for f = tanh, f′(a_j) = 1 − f(a_j)² "
                   "(printed: (1 − f(a_j))²; the sigmoid case f(a_j)(1 − f(a_j)) is unchanged), "
                   "and ∂E_i(θ)/∂h̃_j is the total derivative of E_i through all later steps: "
                   "∂E_i(θ)/∂W_{tsr}^{[1:d]} = Σ_{j=1}^i (∂E_i(θ)/∂h̃_j) f′(a_j) [x_j]ᵀ[(r_j ⊙ "
                   "h_{j−1})], the product of ∂E_i/∂h̃_j and f′(a_j) being elementwise over the "
                   "d slices."), small=D.small_eq24_corrected,
        scaled=partial(D.scaled_bptt, model="gru", fprime="true", readings=("total",)),
        uses=("grurntn-eq-21",), proof=_PROOF + "grurntn_eq_24_corrected"))

claim("grurntn-eq-25", "BPTT of W_tsr in LSTMRNTN (Eq. 25–26)", S["grurntn-eq-25"],
      refs("grurntn", "§III-C, Eq. 25–26"), D.small_eq25, group="gated-cells-lmms", space=(_BPTT,),
      scaled=partial(D.scaled_bptt, model="lstm", fprime="true"), scaled_space=_BPTT_SCALED,
      readings=_READ_E, uses=("grurntn-eq-19", "grurntn-eq-21"), expected="ill-posed",
      pinned=({"params": _BPTT, "seed": 25, "note": "CLAIMS.md: 4 steps, i=3, d=4"},))

claim("grurntn-eq-27", "PPL (Eq. 27) and BPC (Eq. 28)", S["grurntn-eq-27"],
      refs("grurntn", "§IV-A, Eq. 27–28", "thesis", "Eq. 2.11", "tslm", "Evaluation Metrics"),
      N.small_eq27, group="gated-cells-lmms", space=({"length": 50, "vocab_size": 20},),
      proof=_PROOF + "grurntn_eq_27")

claim("grurntn-sec-4b-params", "§IV-B parameter counts (about 12M/13M, 2.2M/2.6M)",
      S["grurntn-sec-4b-params"], refs("grurntn", "§IV-B Experiment Models", "grurntn", "§IV-A"),
      N.small_sec4b, group="gated-cells-lmms", space=({"char_vocab_min": 45, "char_vocab_max": 60},),
      readings={name: (f"LSTM peepholes {rd['peephole']} (W_c* as d×d matrices or vectors); the "
                       f"character-level '600' is the hidden size of {rd['600']}; char |V| "
                       "swept over 45–60 (holds if some |V| matches every total); closeness: "
                       "the count rounded to the printed precision equals the printed value")
                for name, rd in N.READINGS.items()}, expected="fails")

claim("grurntn-sec-5-gains", "§V absolute and relative gains", S["grurntn-sec-5-gains"],
      refs("grurntn", "§V-A, §V-B, §VII; Tables I–II"), N.small_gains, group="gated-cells-lmms",
      space=({},), expected="fails")
