"""The small checks of ttlm's TTLM-Tiny / TTLM-Large claims (§5.1, App. C; ``ttlm-eq12``,
``ttlm-appc-delta-reshape``, ``ttlm-eq13``), registered in :mod:`.registrations`.  The
uniform-TTLM small checks are in :mod:`.uniform` and :mod:`.conditionals`, the scaled sides
in :mod:`.scaled`."""

from __future__ import annotations

import numpy as np

from ....conventions import tolerance
from ... import Evidence
from ...compare import compare_ints, compare_values

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
            "Eq. 12 with the printed super-diagonal δ (the reference), both from the same "
            "h^(0), App. C's 1×R G^(1), with every entry of h^(0), W^xe, W^hh"
            + (", W^eh" if large else "")
            + " drawn i.i.d. N(0, 1)",
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
