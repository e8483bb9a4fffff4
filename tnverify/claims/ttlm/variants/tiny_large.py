"""Claims of ttlm on the uniform TTLM, its readout and the TTLM-Tiny / TTLM-Large
variants (§4.3, §5.1, App. A, App. C): the registrations, with the Tiny/Large small checks
(``ttlm-eq12``, ``ttlm-eq13``).  The uniform-TTLM small checks are in :mod:`.uniform`,
the scaled sides in :mod:`.scaled`."""

from __future__ import annotations

import numpy as np

from ....conventions import tolerance
from ... import Evidence
from ...compare import compare_ints, compare_values
from ...registration import claim, corrected_pair, refs
from .scaled import scaled_conditionals, scaled_tiny_large, scaled_uniform

#: central-difference step: eps^(1/3), the optimum for a smooth map (Nocedal & Wright §8.1)
_FD_STEP = float(np.finfo(np.float64).eps ** (1 / 3))


# -- ttlm-eq12 ------------------------------------------------------------------------
def _delta4(R):
    d = np.zeros((R,) * 4)
    d[(np.arange(R),) * 4] = 1.0
    return d


def small_eq12(params, rng):
    import torch

    from ....cells.ttlm_variants import TTLMLarge, TTLMTiny
    from ....equivalences import large_to_tt_core, tiny_to_tt_core

    V, R, N = params["vocab_size"], params["rank"], params["length"]
    W_xe, W_hh = rng.standard_normal((V, R, R)), rng.standard_normal((R, R))
    W_eh, P, h0 = (
        rng.standard_normal((R,) * 4),
        rng.standard_normal((R, R, R)),
        rng.standard_normal(R),
    )
    tok = rng.integers(0, V, (8, N))
    d4 = _delta4(R)
    sizes = {"vocab_size": V, "rank": R, "length": N}
    readings = {}
    for reading in ("delta", "reshape"):
        parts, sens = {}, {}
        for large in (False, True):
            M = np.einsum("wjk,jklm->wlm", W_xe, W_eh) if large else W_xe
            G_delta = np.einsum("wjk,jklm,la->awm", M, d4, W_hh)  # explicit 4th-order δ
            G_reshape = np.einsum("wjk,ka->awj", M, W_hh)  # δ as reshape: M (W^hh h)
            # semantic control: the other reading's core (the two readings differ)
            G, G_other = (G_delta, G_reshape) if reading == "delta" else (G_reshape, G_delta)
            other = "reshape" if reading == "delta" else "delta"
            name = "Large" if large else "Tiny"
            mapped = (
                large_to_tt_core(W_xe, W_eh, W_hh, reading)
                if large
                else tiny_to_tt_core(W_xe, W_hh, reading)
            )
            sc = np.abs(G).max() if G.size else 1.0
            parts[f"{name}: equivalences core vs explicit δ/reshape core"] = compare_values(
                "tiny/large_to_tt_core vs the explicit contraction",
                mapped,
                G,
                n=R**3 + R,
                scale=sc * 1.0 + np.abs(M).max() * np.abs(W_hh).max() * R,
                sizes=sizes,
                control=G_other,
                control_label=f"the {other} reading's core",
            )
            args = (W_xe, W_eh, W_hh, P, h0) if large else (W_xe, W_hh, P, h0)
            cell = (TTLMLarge if large else TTLMTiny)(*args, reading=reading)
            hs = cell.hidden(torch.as_tensor(tok)).detach().numpy()
            h, hb = np.tile(h0, (len(tok), 1)), np.tile(np.abs(h0), (len(tok), 1))
            h_other = h.copy()
            Gb = np.abs(np.einsum("wjk,ka->awj", np.abs(M), np.abs(W_hh)))
            for t in range(N):
                h = np.einsum("sa,asb->sb", h, G[:, tok[:, t], :])
                h_other = np.einsum("sa,asb->sb", h_other, G_other[:, tok[:, t], :])
                hb = np.einsum("sa,asb->sb", hb, Gb[:, tok[:, t], :])
            parts[f"{name}: cell h^(N) vs TT recurrence with the core"] = compare_values(
                f"{name} cell ({reading}) vs h ← h G[:, w, :]",
                hs[:, -1],
                h,
                n=N * R * R,
                scale=hb,
                sizes=sizes,
                control=h_other,
                control_label=f"the recurrence with the {other} reading's core",
            )
            sens[name] = _sensitivity(cell, tok, large)
        readings[reading] = Evidence(
            f"reading {reading}", parts=parts, sizes=sizes, details={"influential_entries": sens}
        )
    return Evidence(
        "Eq. 12: Tiny/Large cores under each contraction reading", readings=readings, sizes=sizes
    )


def small_delta_reshape(params, rng):
    """ttlm-appc-delta-reshape: the App. C reshape/matrix-product recurrence against the
    recurrence of Eq. 12's super-diagonal δ (Tiny and Large), same parameters."""
    V, R, N = params["vocab_size"], params["rank"], params["length"]
    W_xe, W_hh = rng.standard_normal((V, R, R)), rng.standard_normal((R, R))
    W_eh, h0 = rng.standard_normal((R,) * 4), rng.standard_normal(R)
    tok = rng.integers(0, V, (8, N))
    d4 = _delta4(R)
    sizes = {"vocab_size": V, "rank": R, "length": N}
    parts = {}
    for large in (False, True):
        M = np.einsum("wjk,jklm->wlm", W_xe, W_eh) if large else W_xe
        G_delta = np.einsum("wjk,jklm,la->awm", M, d4, W_hh)
        G_reshape = np.einsum("wjk,ka->awj", M, W_hh)
        Gb = np.abs(np.einsum("wjk,ka->awj", np.abs(M), np.abs(W_hh)))
        h_d, h_r, hb = (np.tile(v, (len(tok), 1)) for v in (h0, h0, np.abs(h0)))
        for t in range(N):
            h_d = np.einsum("sa,asb->sb", h_d, G_delta[:, tok[:, t], :])
            h_r = np.einsum("sa,asb->sb", h_r, G_reshape[:, tok[:, t], :])
            hb = np.einsum("sa,asb->sb", hb, Gb[:, tok[:, t], :])
        name = "TTLM-Large" if large else "TTLM-Tiny"
        parts[f"{name}: reshape (M·W^hh h) vs δ (diag(M) ⊙ W^hh h)"] = compare_values(
            f"{name}: h^(N) of App. C's reshape recurrence (the computed value) vs that of "
            "Eq. 12 with the printed super-diagonal δ (the reference)",
            h_r,
            h_d,
            n=N * R * R,
            scale=hb,
            sizes=sizes,
            labels=[
                f"words {tuple(int(w) for w in seq)}, hidden coordinate {a} of h^(N) "
                f"(words and coordinate 0-based)"
                for seq in tok
                for a in range(R)
            ],
        )
    return Evidence(
        "App. C's reshape implementation vs Eq. 12's δ (Tiny, Large)", parts=parts, sizes=sizes
    )


def _sensitivity(cell, tok, large):
    """Entries of W^xe (and W^eh) whose central finite difference moves h^(N)."""
    import torch

    tok = torch.as_tensor(tok)
    out = {}
    for name in ("W_xe",) + (("W_eh",) if large else ()):
        p = getattr(cell, name)
        used = np.unique(tok.numpy()) if name == "W_xe" else None
        count, total = 0, 0
        with torch.no_grad():
            base = p.detach().clone()
            flat_idx = [
                i
                for i in range(base.numel())
                if used is None or np.unravel_index(i, base.shape)[0] in used
            ]
            for i in flat_idx:
                total += 1
                diffs = []
                for s in (1.0, -1.0):
                    q = base.clone().reshape(-1)
                    q[i] += s * _FD_STEP * (1 + abs(float(q[i])))
                    p.copy_(q.reshape(base.shape))
                    diffs.append(cell.hidden(tok)[:, -1])
                p.copy_(base)
                href = cell.hidden(tok)[:, -1]
                fd = float((diffs[0] - diffs[1]).abs().max())
                # a polynomial map: an entry that does not enter moves h by rounding only
                count += fd > float(
                    tolerance(
                        np.float64,
                        n=tok.shape[1] * p.shape[-1] ** 2,
                        norm=1 + float(href.abs().max()),
                    )
                )
        out[name] = {"influential": count, "of": total}
    return out


# -- ttlm-eq13 ------------------------------------------------------------------------
def small_eq13(params, rng):
    import torch

    from ....cells.ttlm_variants import TTLMTiny

    V, R = params["vocab_size"], params["rank"]
    W_xe = rng.standard_normal((V, R, R))  # §5.1 layout |V|×R×R
    P, h = rng.standard_normal((R, R, R)), rng.standard_normal(R)
    cell = TTLMTiny(W_xe, rng.standard_normal((R, R)), P, rng.standard_normal(R))
    sizes = {"vocab_size": V, "rank": R}
    layouts = {
        "Eq. 13 (R×|V|×R), tie perm (1,0,2) of W^xe (|V|×R×R)": np.transpose(W_xe, (1, 0, 2)),
        "Table 2 (R×R×|V|), tie perm (0,2,1) of W^xe (R×|V|×R)": np.transpose(
            np.transpose(W_xe, (1, 0, 2)), (0, 2, 1)
        ),
    }
    readings, outs = {}, []
    for lay, Vt in layouts.items():
        for leg in range(3):
            for swap in (False, True):
                Ph = np.moveaxis(np.tensordot(P, h, axes=([leg], [0])), 0, 0)  # (R, R)
                Ph = Ph.T if swap else Ph
                spec = "ivj,ij->v" if lay.startswith("Eq") else "ijv,ij->v"
                logits = np.einsum(spec, Vt, Ph)
                e = np.exp(logits - logits.max())
                y = e / e.sum()
                outs.append(y)
                # semantic controls: the exponentials without the softmax's normalisation;
                # P contracted with h on the next leg (a transposed index)
                Ph_wrong = np.tensordot(P, h, axes=([(leg + 1) % 3], [0]))
                Ph_wrong = Ph_wrong.T if swap else Ph_wrong
                parts = {
                    "output length = |V|": compare_ints("len(VPh)", [len(logits)], [V]),
                    "softmax sums to 1": compare_values(
                        "Σ y",
                        y.sum(),
                        1.0,
                        n=V,
                        control=e.sum(),
                        control_label="exp(logits − max) not divided by their sum",
                    ),
                }
                if lay.startswith("Eq"):
                    got = cell.readout(torch.as_tensor(h), p_leg=leg, swap=swap).detach()
                    parts["cell readout vs explicit einsum"] = compare_values(
                        "TTLMTiny.readout vs einsum",
                        got,
                        logits,
                        n=R * R * 2,
                        scale=np.abs(
                            np.einsum(spec, np.abs(Vt), np.abs(P).sum(axis=leg) * np.abs(h).max())
                        ),
                        sizes=sizes,
                        control=np.einsum(spec, Vt, Ph_wrong),
                        control_label=f"P contracted with h on leg {(leg + 1) % 3}, not {leg}",
                    )
                readings[
                    f"{lay.split(' ')[0]} {lay.split(' ')[1]}, P leg {leg}, "
                    f"{'crossed' if swap else 'straight'}"
                ] = Evidence("VPh shape check", parts=parts, sizes=sizes)
    # readings give the same distribution when they agree within rounding (n: the terms
    # of one output entry, here bounded by the output size)
    same = float(tolerance(np.float64, n=max(np.size(o) for o in outs)))
    reps = []
    for o in outs:
        if not any(np.shape(o) == np.shape(r) and np.abs(o - r).max() <= same for r in reps):
            reps.append(o)
    distinct = len(reps)
    return Evidence(
        "Eq. 13 readings: type and normalisation",
        readings=readings,
        sizes=sizes,
        details={"readings": len(outs), "distinct_output_distributions": distinct},
    )


from . import readings as R  # noqa: E402

# -- registration (module level, in the one shape: claim / corrected_pair) -------------
from . import uniform as m  # noqa: E402
from .statements import STATEMENTS  # noqa: E402

P = "proofs/ttlm_variants.py::"
uni_sp = {
    "small": ({"batch": 64, "vocab_size": 500, "rank": 16, "length": 32},),
    # on one 80 GiB H100 the three cells' backward at |V| = 33,278, N = 1024 ran
    # out of memory even at B = 512 (GPU memory grew with N, which it does not
    # on the CPU: each step's index_select gradient is a full (R, |V|, R) tensor);
    # measured to fit: |V| = 10,000, N = 256
    "large": tuple({"batch": 512, "vocab_size": 10000, "rank": r, "length": 256} for r in (20, 64)),
}
cond_sp = {
    "small": ({"batch": 32, "vocab_size": 500, "rank": 16, "length": 16},),
    "large": ({"batch": 256, "vocab_size": 10000, "rank": 64, "length": 64},),
}
tl_sp = {
    "small": ({"batch": 32, "vocab_size": 200, "rank": 8, "length": 16},),
    "large": tuple({"batch": 512, "vocab_size": 10000, "rank": r, "length": 256} for r in (20, 64)),
}
eq6_space = (
    {"vocab_size": 2, "rank": 2, "length": 3},
    {"vocab_size": 3, "rank": 3, "length": 5},
    {"vocab_size": 4, "rank": 3, "length": 5},
)
claim(
    "ttlm-eq6",
    "uniform TTLM: Eq. 6 vs recurrence (7)",
    STATEMENTS["ttlm-eq6"],
    refs("ttlm", "§4.3, Eq. 6–7", "thesis", "§5.3.1–5.3.2", "gtm", "Eq. 12"),
    m.small_eq6,
    topic="tt-language-models",
    space=eq6_space,
    scaled=scaled_uniform,
    scaled_space=uni_sp,
    readings=R.EQ6,
    remarks=R.EQ6_REMARKS,
    uses=("ttlm-eq5-corrected",),
    expected="holds",
    pinned=({"params": eq6_space[2], "seed": 6, "note": "the claims catalogue: |V|=4, R=3, N=5"},),
)
claim(
    "ttlm-eq6-variant",
    "variant of ttlm-eq6: Eq. 7 in TT order (the admissible reading)",
    (
        "[Variant of ttlm-eq6 (tnverify), not a correction: ttlm-eq6 holds under its only "
        "admissible reading, which this claim fixes.] "
        + STATEMENTS["ttlm-eq6"]
        + " [Reading: the tie is G^(N)_(α,i) = G^(1)_(i,α) and Eq. 7 is h^(t)_b = Σ_(a,i) "
        "f(x^(t))_i G_(a i b) h^(t−1)_a.]"
    ),
    refs("ttlm", "§4.3, Eq. 6–7"),
    lambda p, r: m.small_eq6(p, r, True),
    topic="tt-language-models",
    space=eq6_space,
    scaled=scaled_uniform,
    scaled_space=uni_sp,
    readings=R.EQ6[:1],
    proof=P + "prove_ttlm_eq6_corrected",
    varies="ttlm-eq6",
)
eq8_space = ({"vocab_size": 2, "rank": 2, "length": 3}, {"vocab_size": 3, "rank": 2, "length": 4})
claim(
    "ttlm-eq8",
    "Eq. 8: the readout defines the next-word distribution",
    STATEMENTS["ttlm-eq8"],
    refs("ttlm", "§4.3, Eq. 8, chain rule, Fig. 3", "thesis", "§5.2.2, Prop. 5.2.2"),
    m.small_eq8_definition,
    topic="tt-language-models",
    space=eq8_space,
    readings=R.EQ8,
    remarks=R.EQ8_REMARKS,
    uses=("ttlm-eq6",),
    expected="holds",
    pinned=({"params": eq8_space[1], "seed": 8, "note": "the claims catalogue: |V|=3, R=2, N=4"},),
)
claim(
    "ttlm-eq8-chain-vs-eq6",
    "Eq. 8 chain rule vs the p(X) of Eq. 6",
    STATEMENTS["ttlm-eq8-chain-vs-eq6"],
    refs("ttlm", "§4.3 'Recursive Probability Computation', chain rule and Eq. 8; Eq. 6"),
    m.small_eq8,
    topic="tt-language-models",
    space=eq8_space,
    scaled=scaled_conditionals,
    scaled_space=cond_sp,
    readings=R.EQ8_CHAIN,
    uses=("ttlm-eq6", "ttlm-eq8"),
    expected="fails",
    defect=R.EQ8_CHAIN_DEFECT,
    pinned=({"params": eq8_space[1], "seed": 8, "note": "the claims catalogue: |V|=3, R=2, N=4"},),
)
claim(
    "ttlm-eq8-variant",
    "variant of ttlm-eq8: exact TT conditional, left state × right env",
    (
        "[Variant (tnverify): the conditionals that would make the chain rule of "
        "ttlm-eq8-chain-vs-eq6 compute the p(X) of Eq. 6; not a correction of ttlm-eq8, "
        "which holds as a definition.] y^(t)_v = h^(t−1) G_(:,v,:) E_t / Σ_u h^(t−1) "
        "G_(:,u,:) E_t with the right environment E_t = (Σ_u G_(:,u,:))^(N−t−1) "
        "Σ_u G^(N)_(:,u) (at t = N: E = 1 and G^(N) in place of G), i.e. a "
        "linear normalisation of the environment-contracted readout; then Π_t "
        "y^(t)[x_t] = p(X)/Z."
    ),
    refs("ttlm", "§4.3, Eq. 8", "thesis", "§5.2.2, Prop. 5.2.2"),
    lambda p, r: m.small_eq8(p, r, True),
    topic="tt-language-models",
    space=eq8_space,
    scaled=lambda p, d, r: scaled_conditionals(p, d, r, with_readout=False),
    scaled_space=cond_sp,
    uses=("ttlm-eq8-chain-vs-eq6",),
    proof=P + "prove_ttlm_eq8_corrected",
    varies="ttlm-eq8",
)
claim(
    "ttlm-eq9",
    "Eq. 9–11: the high-dimensional readout",
    STATEMENTS["ttlm-eq9"],
    refs("ttlm", "§4.3, Eq. 9–11; §3", "thesis", "§5.2.2, Eq. 5.10"),
    m.small_eq9,
    topic="tt-language-models",
    space=({"vocab_size": 2, "rank": 2, "length": 3}, {"vocab_size": 3, "rank": 2, "length": 5}),
    readings=R.EQ9,
    remarks=R.EQ9_REMARKS,
    uses=("ttlm-eq8",),
    expected="holds",
)
corrected_pair(
    "ttlm-app-a",
    common=dict(topic="tt-language-models", space=({"vocab_size": 5, "rank": 3},)),
    printed=dict(
        title="App. A worked example, steps I–III",
        statement=STATEMENTS["ttlm-app-a"],
        refs=refs("ttlm", "App. A", "thesis", "§5.3.1"),
        small=m.small_app_a,
        readings=R.APP_A,
        defect=R.APP_A_DEFECT,
        remarks=R.APP_A_REMARKS,
        expected="fails",
    ),
    corrected=dict(
        title="App. A with step I as fᵀG(1) and step III = [Σ_i G_(j i) h_i]_(j≤|V|)",
        statement=(
            STATEMENTS["ttlm-app-a"] + " [Corrected (the two edits): step I reads "
            '"f(x^{(1)})ᵀG^{(1)} = [f(x^{(1)})_1, …, f(x^{(1)})_{|V|}] [G^{(1)}_{11} … '
            'G^{(1)}_{|V|R}]"; step III\'s right-hand side reads "[Σ_{i=1}^R G^{(t)}_{1i} '
            'h^{(t−1)}_{TTLM_i}; …; Σ_{i=1}^R G^{(t)}_{|V|i} h^{(t−1)}_{TTLM_i}]".]'
        ),
        refs=refs("ttlm", "App. A"),
        small=lambda p, r: m.small_app_a(p, r, True),
        readings=tuple(r for r in R.APP_A if r.admissible),
        proof=P + "prove_ttlm_app_a_corrected",
    ),
)
eq12_space = ({"vocab_size": 2, "rank": 2, "length": 3}, {"vocab_size": 4, "rank": 3, "length": 4})
claim(
    "ttlm-eq12",
    "TTLM-Tiny / TTLM-Large cores (Eq. 12)",
    STATEMENTS["ttlm-eq12"],
    refs("ttlm", "§5.1, Eq. 12; Fig. 2b–c; App. C"),
    small_eq12,
    topic="tt-language-models",
    space=eq12_space,
    scaled=scaled_tiny_large,
    scaled_space=tl_sp,
    readings=R.EQ12,
    remarks=R.EQ12_REMARKS,
    proof=P + "prove_ttlm_eq12",
    scope="asserted: under each reading of which legs δ contracts ((a) Eq. 12's diagonal "
    "δ, (b) App. C's reshape), TTLM-Tiny and TTLM-Large are TT recurrences "
    "h ← h G[:, x_t, :] with that reading's core G = W^{xe}δW^{hh} (Large: "
    "W^{xe}W^{eh}δW^{hh}); true under both readings, so not ill-posed (that the "
    "two readings are different models is ttlm-appc-delta-reshape)",
)
claim(
    "ttlm-appc-delta-reshape",
    "App. C's reshape implements Eq. 12's δ",
    STATEMENTS["ttlm-appc-delta-reshape"],
    refs("ttlm", "§5.1, Eq. 12; App. C, second paragraph"),
    small_delta_reshape,
    topic="tt-language-models",
    space=eq12_space,
    readings=R.DELTA_RESHAPE,
    defect=R.DELTA_RESHAPE_DEFECT,
    uses=("ttlm-eq12",),
    expected="fails",
)
claim(
    "ttlm-eq13",
    "Eq. 13 readout VPh with V tied to W^xe",
    STATEMENTS["ttlm-eq13"],
    refs("ttlm", "§5.1, Eq. 13; App. C; Table 2"),
    small_eq13,
    topic="tt-language-models",
    space=({"vocab_size": 5, "rank": 3},),
    readings=R.EQ13,
    remarks=R.EQ13_REMARKS,
)
