"""rnn-equivalences claims: which RNNs are tensor trains (2-RNN, RAC, MI-RNN, vanilla RNN).

Definition side (numpy, float64): each printed recurrence is evaluated literally on
explicit one-hot vectors (its index ranges and index roles as printed), next to the TT
step ``h'_o = φ(Σ_{p,i} h_p G_{pio} f_i)`` with the core built under each reading; the
torch cells of :mod:`tnverify.cells.recurrent` are the implementation.  Scaled sides live
in :mod:`tnverify.claims.rnn_equivalences_scaled` (shared with the thesis §5.3 claims).

References
----------
ttlm App. B (Eq. 14–20); the thesis restates them in §5.3 (its claims are registered in
:mod:`tnverify.claims.thesis.second_order_rnns` and :mod:`tnverify.claims.thesis.rac_mi_rnns`).
"""

from __future__ import annotations

import itertools

import numpy as np

from .... import equivalences as eq
from ... import Evidence, Ref
from ...compare import compare_values
from ...registration import claim, corrected_pair, refs
from ...rnn_equivalences_scaled import scaled_rac, scaled_second_order
from . import readings as RR
from .biases import small_eq14_bias
from .proof_lines import small_eq16, small_eq20
from .runs import PHIS, rnn_run, tt_run
from .statements import STATEMENTS

__all__ = ["PHIS", "tt_run", "rnn_run", "register_rac_pair"]

PROOFS = "proofs/ttlm_rnn.py::"


def _labels(seqs, R: int) -> np.ndarray:
    """Entry k of a flattened ``(S, L, R)`` state array belongs to sequence ``k // (L·R)``."""
    return np.repeat(seqs, seqs.shape[1] * R, axis=0)


def _sizes(params):
    return {k: params[k] for k in ("vocab_size", "rank", "steps") if k in params}


def _draw(params, rng):
    V, R, L = params["vocab_size"], params["rank"], params["steps"]
    seqs = rng.integers(0, V, size=(params.get("sequences", 6), L))
    return V, R, L, seqs


def _perm_table(T, R, V, reference, h0, seqs, phi, n):
    """For each of the 6 index permutations G = T.transpose(perm): 'not typed',
    'matches' or 'differs' (hidden states vs ``reference``)."""
    table = {}
    for perm in itertools.permutations(range(3)):
        G = np.transpose(T, perm)
        key = f"G = T.transpose{perm}"
        if G.shape != (R, V, R):
            table[key] = f"not typed (shape {G.shape}, need {(R, V, R)})"
            continue
        ev = compare_values(
            "", tt_run(G, h0, seqs, phi), reference, n=n, scale=np.abs(reference).max() + 1.0
        )
        table[key] = "matches" if ev.ok else f"differs (scaled error {ev.error:.3g})"
    return table


# -- ttlm-claim-b1 -----------------------------------------------------------------------
def _small_b1(params, rng):
    import torch

    from ....cells.recurrent import SecondOrderRNN

    V, R, L, seqs = _draw(params, rng)
    T, h0 = rng.normal(size=(V, R, R)), rng.normal(size=R)
    n = L * R * V  # per step: Σ over j ≤ |V| and k ≤ R; L steps

    def eq17(Tm, phi):  # h_i = φ(Σ_{j=1}^{|V|} Σ_{k=1}^R f_j T_{jik} h_k), Eq. 17
        return lambda h, f: PHIS[phi](np.einsum("j,jik,k->i", f, Tm, h))

    scale = rnn_run(eq17(np.abs(T), "id"), np.abs(h0), seqs, V)  # |T|,|h0| bound the error
    G = np.einsum("iop->pio", T)  # Eq. 16: G_{α_{t-1} i_t α_t} permuted as G_{i_t α_t α_{t-1}} = T
    # semantic control: the bond legs swapped (T_jik identified with G_{α_t i_t α_{t−1}})
    G_swapped = np.einsum("iop->oip", T)
    parts = {}
    for phi in ("id", "tanh"):
        ref = rnn_run(eq17(T, phi), h0, seqs, V)
        parts[f"Eq. 17 vs TT step with G from Eq. 16, φ={phi}"] = compare_values(
            f"2-RNN Eq. 17 vs TT recurrence Eq. 16 (+φ), φ={phi}",
            tt_run(G, h0, seqs, phi),
            ref,
            n=n,
            scale=scale,
            labels=_labels(seqs, R),
            sizes=_sizes(params),
            control=tt_run(G_swapped, h0, seqs, phi),
            control_label="G with α_{t−1} and α_t swapped (a transposed index)",
        )
        cell = SecondOrderRNN(T, phi=None if phi == "id" else phi, h0=h0)
        out = cell(torch.as_tensor(seqs), return_all=True)
        parts[f"SecondOrderRNN cell vs Eq. 17, φ={phi}"] = compare_values(
            "torch SecondOrderRNN vs Eq. 17", out, ref, n=n, scale=scale
        )
    lib = eq.second_order_to_tt_core(T, "ttlm")
    parts["equivalences.second_order_to_tt_core = Eq. 16 identification"] = compare_values(
        "library map vs the Eq. 16 permutation", lib, G, n=1
    )
    table = _perm_table(T, R, V, rnn_run(eq17(T, "tanh"), h0, seqs, V), h0, seqs, "tanh", n)
    return Evidence(
        "2-RNN (Eq. 14/17) hidden states vs TT recurrence with G = permuted T",
        parts=parts,
        sizes=_sizes(params),
        details={
            "permutations (φ=tanh)": table,
            "note": "Eq. 16 prints Σ over α_t, the free index; read as "
            "Σ over α_{t-1} (the index shared with h^{(t-1)})",
        },
    )


# -- ttlm-claim-b2 (thesis Claim 5.3.2 lives in tnverify.claims.thesis.rac_mi_rnns) ---
# G_{p i o} under each reading; X = input-to-hidden (R×|V|), Y = hidden-to-hidden (R×R).
_RAC_READINGS = {
    "ttlm": {  # Eq. 20: W^{hx}_{i_t j} δ_{j α_t k} W^{hh}_{k α_{t-1}}
        "b: W^{hx}_{i_t j} (printed), W^{hh}_{k α_{t-1}} (printed)": ("io", "op"),
        "b: W^{hx}_{j i_t} (declared), W^{hh}_{k α_{t-1}} (printed)": ("oi", "op"),
        "b: W^{hx}_{i_t j} (printed), W^{hh}_{α_{t-1} k} (declared)": ("io", "po"),
        "b: W^{hx}_{j i_t} (declared), W^{hh}_{α_{t-1} k} (declared)": ("oi", "po"),
    },
}
CORRECT_RAC_INDEXING = ("oi", "op")


def _rac_eq(X, Y, phi):  # Eq. 18 / 5.15 (RAC), Eq. 19 / 5.16 (MI-RNN)
    return lambda h, f: PHIS[phi]((X @ f) * (Y @ h))


def _rac_core(X, Y, idx):
    xi, yi = idx
    R, V = Y.shape[0], X.shape[1]
    if xi == "io" and V != R:
        return None, f"W^{{hx}}_{{i_t j}} indexes the R×|V| matrix by i_t ≤ |V|; |V|={V}, R={R}"
    return np.einsum(f"{xi},{yi}->pio", X, Y), None


def _rac_reading(X, Y, h0, seqs, idx, sizes):
    V, R = X.shape[1], Y.shape[0]
    G, why = _rac_core(X, Y, idx)
    if G is None:
        return Evidence("RAC vs TT recurrence", ill_posed=why, sizes=sizes)
    L = seqs.shape[1]
    scale = rnn_run(_rac_eq(np.abs(X), np.abs(Y), "id"), np.abs(h0), seqs, V)
    # semantic control of the declared indexing: the core with W^hh's indices transposed
    # (k and α_{t−1} swapped); another reading's core is itself a wrong variant
    G_t = _rac_core(X, Y, (idx[0], idx[1][::-1]))[0] if idx == CORRECT_RAC_INDEXING else None
    parts = {}
    for name, phi in (("RAC (Eq. 18/5.15)", "id"), ("MI-RNN (Eq. 19/5.16), φ=tanh", "tanh")):
        parts[name] = compare_values(
            f"{name} vs TT recurrence (+φ)",
            tt_run(G, h0, seqs, phi),
            rnn_run(_rac_eq(X, Y, phi), h0, seqs, V),
            n=L * R * V,
            scale=scale,
            labels=_labels(seqs, R),
            sizes=sizes,
            **(
                dict(
                    control=tt_run(G_t, h0, seqs, phi),
                    control_label="W^{hh} with its two indices transposed",
                )
                if G_t is not None
                else {}
            ),
        )
    return Evidence(
        "RAC / MI-RNN vs TT recurrence with the δ-contracted core", parts=parts, sizes=sizes
    )


def _hadamard_reading(R, L, seqs, rng):
    """Reading (a): G = X ⊙ Y (|V| = R).  The RAC is not a function of X ⊙ Y: rescale X
    by S and Y by 1/S entrywise (same Hadamard product) and compare the hidden states."""
    X, Y, h0 = rng.normal(size=(R, R)), rng.normal(size=(R, R)), rng.normal(size=R)
    S = rng.uniform(0.5, 2.0, size=(R, R))
    X2, Y2 = X * S, Y / S
    seqs = seqs % R
    sizes = {"vocab_size": R, "rank": R, "steps": L}
    same = compare_values("X ⊙ Y of both parameter sets", X2 * Y2, X * Y, n=2, scale=np.abs(X * Y))
    a = rnn_run(_rac_eq(X, Y, "id"), h0, seqs, R)
    b = rnn_run(_rac_eq(X2, Y2, "id"), h0, seqs, R)
    scale = rnn_run(_rac_eq(np.abs(X), np.abs(Y), "id"), np.abs(h0), seqs, R) + rnn_run(
        _rac_eq(np.abs(X2), np.abs(Y2), "id"), np.abs(h0), seqs, R
    )
    det = compare_values(
        "RAC states of (X, Y) vs (X⊙S, Y⊘S): equal if X⊙Y determines the RAC",
        b,
        a,
        n=L * R * R,
        scale=scale,
        labels=_labels(seqs, R),
        sizes=sizes,
    )
    return Evidence(
        "G = W^{hx} ⊙ W^{hh} (elementwise, |V| = R) as the RAC's core",
        parts={"same Hadamard product": same, "same RAC hidden states": det},
        sizes=sizes,
        details={"note": "an R×R matrix is not a third-order core; and different RACs share it"},
    )


def _small_rac(params, rng, paper):
    V, R, L, seqs = _draw(params, rng)
    X, Y, h0 = rng.normal(size=(R, V)), rng.normal(size=(R, R)), rng.normal(size=R)
    sizes = _sizes(params)
    readings = {"a: elementwise ⊙": _hadamard_reading(R, L, seqs, rng)}
    for name, idx in _RAC_READINGS[paper].items():
        readings[name] = _rac_reading(X, Y, h0, seqs, idx, sizes)
    return Evidence(
        "RAC / MI-RNN vs TT recurrence, G = W^{hx} ⊙ W^{hh} under each reading",
        readings=readings,
        sizes=sizes,
    )


def _small_rac_corrected(params, rng):
    import torch

    from ....cells.recurrent import MIRNN, RAC

    V, R, L, seqs = _draw(params, rng)
    X, Y, h0 = rng.normal(size=(R, V)), rng.normal(size=(R, R)), rng.normal(size=R)
    sizes = _sizes(params)
    ev = _rac_reading(X, Y, h0, seqs, CORRECT_RAC_INDEXING, sizes)
    scale = rnn_run(_rac_eq(np.abs(X), np.abs(Y), "id"), np.abs(h0), seqs, V)
    tok = torch.as_tensor(seqs)
    for name, cell, phi in (
        ("RAC cell", RAC(X, Y, h0=h0), "id"),
        ("MIRNN cell", MIRNN(X, Y, h0=h0), "tanh"),
    ):
        ev.parts[f"{name} vs Eq. 18/19"] = compare_values(
            f"torch {name} vs definition",
            cell(tok, return_all=True),
            rnn_run(_rac_eq(X, Y, phi), h0, seqs, V),
            n=L * R * V,
            scale=scale,
        )
    ev.parts["equivalences.rac_to_tt_core"] = compare_values(
        "library map vs G_{pio} = W^{hx}_{oi} W^{hh}_{op}",
        eq.rac_to_tt_core(X, Y),
        np.einsum("oi,op->pio", X, Y),
        n=1,
    )
    return ev


# -- registration --------------------------------------------------------------------------
SPACE = ({"vocab_size": 4, "rank": 3, "steps": 4}, {"vocab_size": 5, "rank": 4, "steps": 5})
SECOND_ORDER_SCALED = {
    "small": ({"vocab_size": 50, "rank": 8, "length": 16, "batch": 32},),
    # autograd keeps one gathered (B, R, R) slice per step: B·R²·L·8 bytes, so
    # R = 256 runs at L = 64, B = 128 (one 80 GiB GPU; L = 1024, B = 1024 is 0.5 TB)
    "large": (
        {"vocab_size": 10_000, "rank": 64, "length": 512, "batch": 512},
        {"vocab_size": 10_000, "rank": 256, "length": 64, "batch": 128},
    ),
}
_RAC_SCALED = {
    "small": ({"vocab_size": 50, "rank": 8, "length": 16, "batch": 32},),
    "large": (
        {"vocab_size": 33_278, "rank": 512, "length": 2048, "batch": 1024, "generic": False},
        {"vocab_size": 10_000, "rank": 64, "length": 2048, "batch": 1024},
    ),
}
_B1_REFS = (Ref("ttlm", "App. B.1, Claim B.1"), Ref("thesis", "§5.3.2, Claim 5.3.1"))
_B2_REFS = (
    Ref("ttlm", "App. B.2, Claim B.2, Eq. 18–19; §5.2"),
    Ref("thesis", "§5.3.2, Claim 5.3.2"),
)
_EQ16_REFS = (
    Ref("ttlm", "App. B.1, Eq. 14 and Eq. 16–17"),
    Ref("thesis", "§5.3.2, Eq. 5.11 and Eq. 5.13"),
)
_EQ20_REFS = (Ref("ttlm", "App. B.2, Eq. 20"), Ref("thesis", "§5.3.2, Eq. 5.17"))
claim(
    "ttlm-claim-b1",
    "2-RNN = TTLM core (+ activation)",
    STATEMENTS["ttlm-claim-b1"],
    _B1_REFS,
    _small_b1,
    topic="rnn-equivalences",
    space=SPACE,
    scaled=scaled_second_order,
    scaled_space=SECOND_ORDER_SCALED,
    uses=("ttlm-eq5", "ttlm-eq16-corrected"),
    proof=PROOFS + "prove_ttlm_claim_b1",
    expected="holds",
    readings=RR.B1,
    remarks=RR.B1_REMARKS,
    scope="b = 0 only (the 2-RNN of Eq. 14 without its bias; a bias needs the augmented "
    "core of ttlm-eq14-bias-corrected)",
    pinned=(
        {"params": SPACE[0], "seed": 1, "note": "the claims catalogue sizes R=3, |V|=4, 4 steps"},
    ),
)
corrected_pair(
    "ttlm-eq16",
    common=dict(topic="rnn-equivalences", space=SPACE, refs=_EQ16_REFS),
    printed=dict(
        title="App. B.1 proof lines: Eq. 14's slice and Eq. 16 as printed",
        statement=STATEMENTS["ttlm-eq16"],
        small=lambda p, rng: small_eq16(p, rng, False),
        expected="fails",
        readings=RR.EQ16,
        defect=RR.EQ16_DEFECT,
        uses=("ttlm-claim-b1",),
    ),
    corrected=dict(
        title="Eq. 16 summed over α_(t−1), Eq. 14 sliced T_(:,i,:)",
        statement=STATEMENTS["ttlm-eq16-corrected"],
        small=lambda p, rng: small_eq16(p, rng, True),
        expected="holds",
        readings=tuple(r for r in RR.EQ16 if r.admissible),
    ),
)


def register_rac_pair(
    cid, paper, refs, title, printed_fields=None, corrected_fields=None, variant=False
):
    """Register ``cid`` (RAC / MI-RNN = TTLM with an elementwise product, as printed in
    ``paper``) and its ``-corrected`` twin (the δ-contraction core), or with
    ``variant=True`` (``cid`` holds as printed) its ``-variant`` (``varies=cid``).
    ``printed_fields`` / ``corrected_fields`` are further :class:`~tnverify.claims.Claim`
    fields (``readings``, ``defect``, ``expected``, ...) that override the defaults."""
    readings = {
        "a: elementwise ⊙": "the Hadamard product of the two matrices "
        "(|V| = R); not a third-order core"
    }
    readings.update(
        {k: f"δ-contraction with G_pio from indices {v}" for k, v in _RAC_READINGS[paper].items()}
    )
    common = dict(
        refs=tuple(refs),
        topic="rnn-equivalences",
        space=SPACE,
        scaled=scaled_rac,
        scaled_space=_RAC_SCALED,
        uses=("ttlm-eq5",),
    )
    printed = {
        **dict(
            title=title,
            statement=STATEMENTS[cid],
            small=lambda p, rng, pp=paper: _small_rac(p, rng, pp),
            expected="ill-posed",
            readings=readings,
        ),
        **dict(printed_fields or {}),
    }
    twin = dict(
        title=title + " (δ-contraction, corrected)",
        statement=(
            "Corrected: the core is the δ-contraction G_{α_{t-1} i_t α_t} = Σ_{j,k} W^{hx}_{j "
            "i_t} δ_{j α_t k} W^{hh}_{k α_{t-1}} = W^{hx}_{α_t i_t} W^{hh}_{α_t α_{t-1}} (in "
            "the thesis's names A_{α_t α_{t-1}} B_{α_t i_t}, Eq. 5.17 as printed), not the "
            "elementwise product; then the RAC hidden states equal the TT recurrence's and the "
            "MI-RNN's equal it followed by φ."
        ),
        small=_small_rac_corrected,
        expected="holds",
        proof=PROOFS + "prove_rac_core",
    )
    twin.update(corrected_fields or {})
    if not variant:
        corrected_pair(cid, common=common, printed=printed, corrected=twin)
        return
    first, second = {**common, **printed}, {**common, **twin, "varies": cid}
    claim(
        cid,
        first.pop("title"),
        first.pop("statement"),
        first.pop("refs"),
        first.pop("small"),
        **first,
    )
    claim(
        f"{cid}-variant",
        second.pop("title"),
        second.pop("statement"),
        second.pop("refs"),
        second.pop("small"),
        **second,
    )


register_rac_pair(
    "ttlm-claim-b2",
    "ttlm",
    _B2_REFS,
    "RAC / MI-RNN = TTLM with G = W^{hx} ⊙ W^{hh}",
    printed_fields=dict(
        expected="holds",
        readings=RR.B2,
        remarks=RR.B2_REMARKS,
        uses=("ttlm-eq5", "ttlm-eq20-corrected"),
    ),
    corrected_fields=dict(
        title="variant of ttlm-claim-b2: the δ-contraction core (its admissible reading)",
        statement=(
            "[Variant of ttlm-claim-b2 (tnverify), not a correction: ttlm-claim-b2 holds "
            "under its only admissible reading, which this claim fixes.] The core is the "
            "δ-contraction G_{α_{t-1} i_t α_t} = Σ_{j,k} W^{hx}_{j i_t} δ_{j α_t k} "
            "W^{hh}_{k α_{t-1}} = W^{hx}_{α_t i_t} W^{hh}_{α_t α_{t-1}}; the RAC hidden "
            "states equal the TT recurrence's and the MI-RNN's equal it followed by φ."
        ),
        readings=tuple(r for r in RR.B2 if r.admissible),
    ),
    variant=True,
)
corrected_pair(
    "ttlm-eq20",
    common=dict(topic="rnn-equivalences", space=SPACE, refs=_EQ20_REFS),
    printed=dict(
        title="App. B.2 proof line: Eq. 20 as printed",
        statement=STATEMENTS["ttlm-eq20"],
        small=lambda p, rng: small_eq20(p, rng, False),
        expected="fails",
        readings=RR.EQ20,
        defect=RR.EQ20_DEFECT,
        uses=("ttlm-claim-b2",),
        remarks=RR.EQ20_REMARKS,
    ),
    corrected=dict(
        title="Eq. 20 summed over α_(t−1) and j, k, with W^hx_(j i_t)",
        statement=STATEMENTS["ttlm-eq20-corrected"],
        small=lambda p, rng: small_eq20(p, rng, True),
        expected="holds",
        readings=tuple(r for r in RR.EQ20 if r.admissible),
    ),
)

corrected_pair(
    "ttlm-eq14-bias",
    common=dict(
        topic="rnn-equivalences",
        refs=refs("ttlm", "App. B.1, after Eq. 14", "thesis", "§5.3.2, after Eq. 5.11"),
    ),
    printed=dict(
        title="bias as the 0th input component",
        statement=STATEMENTS["ttlm-eq14-bias"],
        small=lambda p, rng: small_eq14_bias(p, rng, False),
        space=({"vocab_size": 4, "rank": 3},),
        expected="fails",
        readings=RR.EQ14_BIAS,
        defect=RR.EQ14_BIAS_DEFECT,
    ),
    corrected=dict(
        title="bias via the constant slot of h",
        statement=(
            "Corrected: b is carried by a constant slot of the hidden state, not of the "
            "input alone: with h̃ = [h; 1] and f̃ = [f; 1] the core G̃ with "
            "G̃_{R,|V|,:R} = b, G̃_{R,|V|,R} = 1 (and G̃_{:R,:|V|,:R} = G) reproduces "
            "Eq. 14 with φ on the first R slots; for one-hot f, h̃ = [h; 1] alone "
            "suffices (G̃_{R,i,:R} = b for every i, since Σ_i f_i = 1)."
        ),
        small=lambda p, rng: small_eq14_bias(p, rng, True),
        space=({"vocab_size": 4, "rank": 3, "steps": 4},),
        uses=("tnverify-augmented-bilinear",),
        proof=PROOFS + "prove_augmented_bilinear",
    ),
)
