"""Checks of the Born-machine claim ``thesis-sec-4.3.2-cost`` (and its ``-corrected`` twin) in
:mod:`tnverify.claims.thesis.born.statements`: the cost of the partition function Z and of
Ψ(x), and the underflow of P̃(x).  Brute force over all ``|V|^L`` sequences (numpy,
float64) is the definition side; the cores and counted contractions are those of
:mod:`.gauge`."""

from __future__ import annotations

import math

import numpy as np

from ... import Evidence
from ...compare import compare_ints, compare_values
from .gauge import ContractionCounter, cores_of, psi_direct, transfer_z, transfer_z_fast
from .sampling import draw_machine, full_psi


# -- thesis-sec-4.3.2-cost ------------------------------------------------------------
def _log_psi_ref(cores, x) -> float:
    """log|Ψ(x)| by the sweep with per-step renormalisation (numpy float64)."""
    h, acc = np.ones(1), 0.0
    for g, i in zip(cores, x):
        h = h @ g[:, i, :]
        s = np.abs(h).max()
        h, acc = h / s, acc + math.log(s)
    return math.log(abs(h[0])) + acc


def small_cost(params, rng, corrected=False):
    import torch

    V, L, R = params["vocab_size"], params["length"], params["rank"]
    sizes = {"vocab_size": V, "length": L, "rank": R}
    m = draw_machine(params, rng)
    G = cores_of(m)
    psi = full_psi(m)
    z_brute = math.fsum((psi**2).ravel())
    c1, c2, cpsi = ContractionCounter(), ContractionCounter(), ContractionCounter()
    z_tm = transfer_z(G, c1)
    m2 = draw_machine(dict(params, vocab_size=2 * V), rng)
    transfer_z(cores_of(m2), c2)
    psi_direct(G, [0] * L, np.float64, cpsi)
    ranks = [1] + [g.shape[2] for g in G]
    per_site = [2 * V * ranks[t] * ranks[t + 1] * max(ranks[t], ranks[t + 1]) for t in range(L)]
    parts = {
        "(1) Z brute vs transfer": compare_values(
            "Σ_x Ψ(x)² vs Z by E ← Σ_i G_iᵀ E G_i",
            z_tm,
            z_brute,
            n=V**L * L * R,
            scale=z_brute,
            sizes=sizes,
            control=math.fsum(psi.ravel()),
            control_label="Σ_x Ψ(x) (the Born square dropped)",
        ),
        "(1) Z multiplications <= 2|V|LR³": compare_ints(
            "multiplications of the transfer sweep vs 2|V|LR³ (per site 2|V|R³ at most)",
            [c1.mults, c1.mults],
            [sum(per_site), 2 * V * L * R**3],
            "<=",
        ),
        "(1) linear in |V|": compare_ints(
            "multiplications at 2|V| vs 2 × at |V|", [c2.mults], [2 * c1.mults]
        ),
        "(1) Ψ(x) multiplications <= LR²": compare_ints(
            "multiplications of the vector-matrix sweep for Ψ(x) vs LR²",
            [cpsi.mults],
            [L * R * R],
            "<=",
        ),
    }
    # (2): P̃(x) of sampled sequences, computed directly (no rescaling) in float64/float32,
    # at growing |V| and L, against a log-domain reference
    probe = {}
    for Vp in (V, params["vocab_max"]):
        for Lp in (L, params["length_max"]):
            mp = draw_machine({"vocab_size": Vp, "length": Lp, "rank": R}, rng)
            Gp = cores_of(mp)
            g = torch.Generator().manual_seed(int(rng.integers(2**62)))
            with torch.no_grad():
                tok, lp_cell = mp.sample(params["samples"], generator=g)
                lz = float(mp.log_partition())
            tok = tok.numpy()
            ref = np.array([2 * _log_psi_ref(Gp, x) - lz for x in tok])
            for dt in (np.float64, np.float32):
                zd = transfer_z_fast([g_.astype(dt) for g_ in Gp])
                direct = (
                    np.array([float(psi_direct(Gp, x, dt)) ** 2 / zd for x in tok])
                    if dt is np.float64
                    else np.array(
                        [np.float32(psi_direct(Gp, x, dt)) ** 2 / np.float32(zd) for x in tok],
                        dtype=np.float32,
                    )
                )
                probe[(Vp, Lp, np.dtype(dt).name)] = (direct, ref, lp_cell.numpy(), lz)
    for (Vp, Lp, dt), (direct, ref, lp_cell, lz) in probe.items():
        tiny = float(np.finfo(dt).tiny)
        under = direct < tiny
        key = f"|V|={Vp}, L={Lp}, {dt}"
        if corrected:
            if dt == "float64":
                parts[f"(2) log-domain log P̃, |V|={Vp}, L={Lp}"] = compare_values(
                    "BornMachine.log_prob (rescaled) vs numpy log-domain 2 log|Ψ| − log Z",
                    lp_cell,
                    ref,
                    n=Lp * R,
                    scale=np.abs(ref) + 1.0,
                    labels=None,
                    sizes={"vocab_size": Vp, "length": Lp, "rank": R},
                )
            parts[f"(2) direct underflows iff log P̃ < log tiny, {key}"] = compare_ints(
                f"direct {dt} P̃ below tiny vs log-domain log P̃ < log(tiny)",
                under.astype(int),
                (ref < math.log(tiny)).astype(int),
            )
        elif dt == "float64":
            ok = ~under
            under32 = probe[(Vp, Lp, "float32")][0] < float(np.finfo(np.float32).tiny)
            model = (
                f"a random Born machine (the TTLM of Eq. 4.3: P̃(x) = Ψ(x)²/Z, Ψ(x) = "
                f"G^(1)[x₁] ⋯ G^(L)[x_L]) with |V| = {Vp}, L = {Lp}, TT-ranks R = {R}, "
                f"real core entries i.i.d. N(0, 1/(|V|·R_(t−1))) (so that Z is of order "
                f"1), at {params['samples']} sequences x sampled from the model itself"
            )
            i_bad = int(np.argmax(~ok)) if not ok.all() else 0
            ev = Evidence(
                f"direct float64 P̃(x) = Ψ(x)²/Z stays representable, for {model}",
                passed=bool(ok.all()),
                sizes={"vocab_size": Vp, "length": Lp, "rank": R, "samples": params["samples"]},
                control=Evidence(
                    f"control (the same P̃(x) computed directly in "
                    f"float32) of: P̃(x) stays representable, {key}",
                    passed=not bool(under32.any()),
                    details={"underflowed_float32": int(under32.sum())},
                ),
                details={"min_log_P_ref": float(ref.min()), "min_direct_P": float(direct.min())},
                counterexample=None
                if ok.all()
                else {
                    "underflowed": f"{int((~ok).sum())} of {ok.size} sampled sequences",
                    "ln Z": round(lz, 1),
                    "ln |Ψ(x)| (log domain)": round((ref[i_bad] + lz) / 2, 1),
                    "ln P̃(x) (log domain)": round(float(ref[i_bad]), 1),
                    "direct P̃(x) = Ψ(x)²/Z (float64)": float(direct[i_bad]),
                },
            )
            if ok.all():
                # representable: its log then agrees with the log-domain reference (a zero
                # would give −inf and fail), which replaces the bare representability flag
                ev = compare_values(
                    f"log of direct float64 P̃(x) vs the log-domain reference (representable), "
                    f"{key}",
                    np.log(direct),
                    ref,
                    n=Lp * R,
                    scale=np.abs(ref) + 1.0,
                    sizes={"vocab_size": Vp, "length": Lp, "rank": R, "samples": params["samples"]},
                )
            parts[f"(2) no underflow, {key}"] = ev.keyed(f"no-underflow-{Vp}x{Lp}")
    details = {
        f"min_log_P {k[0]}x{k[1]}": float(v[1].min()) for k, v in probe.items() if k[2] == "float64"
    }
    details.update(
        {
            f"underflowed {k[2]} {k[0]}x{k[1]}": int((v[0] < np.finfo(k[2]).tiny).sum())
            for k, v in probe.items()
        }
    )
    return Evidence(
        "§4.3.2 cost of Z and Ψ(x); underflow of P̃(x)", parts=parts, sizes=sizes, details=details
    )


def _rng_key(rng) -> tuple:
    """The state of ``rng`` as a hashable key (the same seed gives the same key)."""
    state = rng.bit_generator.state
    return (
        state["bit_generator"],
        repr(state["state"]),
        state.get("has_uint32"),
        state.get("uinteger"),
    )


_COST_CACHE: dict = {}


def _scaled_cost_data(params, device, rng):
    """The draws and timings behind both twins' scaled sides, computed once per process
    for the same parameters, device and generator state (the ``-corrected`` twin shares
    the printed claim's scaled seeds, ``scaled_seed_key``)."""
    import time

    import torch

    key = (tuple(sorted(params.items())), str(device), _rng_key(rng))
    if key in _COST_CACHE:
        return _COST_CACHE[key]
    V, L, R, n = (params[k] for k in ("vocab_size", "length", "rank", "samples"))
    timing = {}
    for v, r in ((V // 2, R), (V, R), (V, R // 2)):
        mt = draw_machine(
            {"vocab_size": v, "length": L, "rank": r}, rng, uniform=True, device=device
        )
        with torch.no_grad():
            t0 = time.perf_counter()
            float(mt.log_partition())
            timing[f"|V|={v}, R={r}"] = time.perf_counter() - t0
    m = draw_machine(params, rng, uniform=True, device=device)
    g = torch.Generator(device).manual_seed(int(rng.integers(2**62)))
    with torch.no_grad():
        tok, lp = m.sample(n, generator=g)
        ref = m.log_prob(tok)
        lz = float(m.log_partition())
    _COST_CACHE.clear()  # keep one entry: the twins run one after the other
    _COST_CACHE[key] = (timing, m, tok, lp, ref, lz)
    return _COST_CACHE[key]


def scaled_cost(params, device, rng, corrected=False):
    """Timing of log Z against |V| and R, and direct vs log-domain P̃(x) of samples."""
    import torch

    V, L, R, n = (params[k] for k in ("vocab_size", "length", "rank", "samples"))
    sizes = dict(params, device=device)
    timing, m, tok, lp, ref, lz = _scaled_cost_data(params, device, rng)
    with torch.no_grad():
        parts = {
            "sampler log P vs log_prob": compare_values(
                "log P of the sampler vs 2 log|Ψ| − log Z (both log-domain)",
                lp,
                ref,
                n=L * V * R,
                scale=ref.abs() + abs(lz) + 1.0,
                sizes=sizes,
            )
        }
        unders = {}
        for dt in (torch.float32, torch.float64):
            h = torch.ones(n, 1, dtype=dt, device=device)
            for t in range(L):  # direct: no rescaling
                h = torch.bmm(
                    h.unsqueeze(1), m.core(t).index_select(1, tok[:, t]).to(dt).permute(1, 0, 2)
                ).squeeze(1)
            direct = h[:, 0] ** 2 / torch.tensor(math.exp(lz), dtype=dt, device=device)
            tiny = torch.finfo(dt).tiny
            under = (direct < tiny).cpu().numpy()
            unders[dt] = under
            name = str(dt).replace("torch.", "")
            if corrected:
                parts[f"direct {name} underflows iff log P̃ < log tiny"] = compare_ints(
                    f"direct {name} P̃ below tiny vs log-domain log P̃ < log(tiny)",
                    under.astype(int),
                    (ref.cpu().numpy() < math.log(tiny)).astype(int),
                )
            elif dt == torch.float64:
                parts["direct float64 P̃ representable"] = Evidence(
                    f"direct float64 P̃(x) of {n} samples stays >= tiny, |V|={V}, L={L}",
                    passed=not under.any(),
                    details={"underflowed": int(under.sum()), "min_log_P": float(ref.min())},
                    control=Evidence(
                        "control (the same P̃(x) computed directly in float32) "
                        "of: direct P̃(x) stays >= tiny",
                        passed=not unders[torch.float32].any(),
                        details={"underflowed": int(unders[torch.float32].sum())},
                    ),
                    counterexample=None
                    if not under.any()
                    else {
                        "log_P_reference": float(ref[torch.as_tensor(under)][0]),
                        "direct_P": float(direct[torch.as_tensor(under, device=device)][0]),
                    },
                )
    return Evidence(
        "§4.3.2 at scale: Z timing and underflow of P̃(x)",
        parts=parts,
        sizes=sizes,
        details={
            "seconds_log_Z": timing,
            "log_Z": lz,
            "min_log_P": float(ref.min()),
            "max_log_P": float(ref.max()),
        },
    )
