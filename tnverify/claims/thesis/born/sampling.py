"""Small (explicit, float64) and scaled (torch) checks of the Born-machine claims in
:mod:`tnverify.claims.thesis.born.statements` on normalisation and sampling (Eq. 4.3,
Eq. 4.5, tnverify's exact sampler).  Brute force over all ``|V|^L`` sequences is the
definition side; :class:`tnverify.cells.born.BornMachine` is the implementation side."""

from __future__ import annotations

import math

import numpy as np

from ....definitions.explicit import all_sequences
from ... import Evidence
from ...compare import compare_ints, compare_values

#: Named significance level of every χ² test of a sampler (a false alarm once in 10⁶ runs).
ALPHA = 1e-6


def draw_machine(params, rng, **kw):
    from ....cells.born import random_born

    kw.setdefault("complex", bool(params.get("complex", False)))
    return random_born(params["vocab_size"], params["length"], params["rank"], rng, **kw)


def full_psi(m) -> np.ndarray:
    """Ψ as an explicit ``(V,)*L`` numpy array, by tensordot of the cores."""
    out = np.ones((1, 1), dtype=complex if m.is_complex else float)
    for t in range(m.length):
        g = m.core(t).detach().cpu().numpy()
        out = np.tensordot(out, g, axes=([-1], [0]))
    return out.reshape(out.shape[1:-1])


def chi2_evidence(
    counts: np.ndarray,
    probs: np.ndarray,
    n: int,
    seed_note: str,
    control_counts: np.ndarray | None = None,
    control_label: str = "the samples read in reverse order",
) -> Evidence:
    """χ² goodness of fit of ``counts`` to ``probs`` at :data:`ALPHA`; the negative control
    is the same test on ``control_counts`` (the samples of a minimal wrong variant), which
    must reject."""
    ev = _chi2_test(counts, probs, n, seed_note)
    if control_counts is not None:
        c = _chi2_test(control_counts, probs, n, seed_note)
        ev.control = Evidence(
            f"control ({control_label}) of: {ev.compared}",
            passed=c.passed,
            details={"variant": control_label, **c.details},
        )
    return ev


def _reversed_counts(tokens, V, L) -> np.ndarray:
    """Counts of the sampled sequences read right to left (a wrong sampler direction)."""
    import torch

    return sequence_counts(torch.flip(tokens, dims=(1,)), V, L)


def _chi2_test(counts: np.ndarray, probs: np.ndarray, n: int, seed_note: str) -> Evidence:
    from scipy import stats

    keep = probs * n >= 5  # cells with expected count >= 5
    exp_k = np.append(probs[keep] * n, probs[~keep].sum() * n)
    obs_k = np.append(counts[keep], counts[~keep].sum())
    if exp_k[-1] == 0:
        exp_k, obs_k = exp_k[:-1], obs_k[:-1]
    stat = float(((obs_k - exp_k) ** 2 / exp_k).sum())
    dof = len(exp_k) - 1
    pval = float(stats.chi2.sf(stat, dof))
    return Evidence(
        f"χ² goodness of fit of {n} samples to the exact joint, α = {ALPHA:g}",
        passed=pval >= ALPHA,
        details={
            "statistic": stat,
            "dof": dof,
            "p_value": pval,
            "alpha": ALPHA,
            "samples": n,
            "seed": seed_note,
        },
    )


def sequence_counts(tokens, V, L) -> np.ndarray:
    flat = tokens.cpu().numpy() @ (V ** np.arange(L - 1, -1, -1))
    return np.bincount(flat, minlength=V**L).astype(np.float64)


# -- thesis-eq-4.3 --------------------------------------------------------------------
def _z_no_conj(m) -> complex:
    """Σ_x Ψ(x)² by transfer matrices without the complex conjugate (the dropped-conjugate
    variant; equal to Z for real cores)."""
    E = np.ones((1, 1), dtype=complex)
    for t in range(m.length):
        g = m.core(t).detach().cpu().numpy()
        E = np.einsum("aib,ac,cid->bd", g, E, g, optimize=True)
    return complex(E[0, 0])


def small_eq43(params, rng, corrected: bool = False):
    """Eq. 4.3 on all |V|^L sequences of a random (real or complex) MPS: P̃ ≥ 0 and Σ P̃ = 1
    with Z as printed (Σ_x ‖x‖²_F = |V|^L, x the one-hot sequence tensor) or corrected
    (Z = Σ_x |Ψ(x)|²); the corrected Z also against the transfer-matrix Z of
    :class:`~tnverify.cells.born.BornMachine`.  Controls: the Born rule without the
    square (Re Ψ(x)/Z ≥ 0 fails), the printed Z (Σ P̃ = 1 fails) and, on complex cores,
    the transfer matrix without the conjugate."""
    import torch

    V, L, R = params["vocab_size"], params["length"], params["rank"]
    cplx = bool(params.get("complex", False))
    m = draw_machine(params, rng, complex=cplx)
    psi = full_psi(m)
    psi2 = np.abs(psi) ** 2
    sizes = {"vocab_size": V, "length": L, "rank": R, "complex": cplx}
    # n: V^L summed squares of chains of L·R multiply-adds; norm: Σ|Ψ|² (all terms >= 0)
    n = V**L * L * R
    z_printed, z_meant = float(V**L), math.fsum(psi2.ravel())
    z = z_meant if corrected else z_printed
    p = psi2 / z
    unsquared = psi.real / z
    parts = {
        "P̃ >= 0": Evidence(
            "min_x P̃(x) >= 0",
            passed=bool(p.min() >= 0),
            details={"min": float(p.min())},
            control=Evidence(
                "control (the Born rule without the square: Re Ψ(x)/Z) of: min_x P̃(x) >= 0",
                passed=bool(unsquared.min() >= 0),
                details={"min": float(unsquared.min())},
            ),
        ),
        "Σ P̃ = 1": compare_values(
            f"Σ_x P̃(x) vs 1 with Z = {'Σ_x |Ψ(x)|²' if corrected else 'Σ_x ‖x‖²_F = |V|^L'}"
            + ("" if corrected else " (core entries i.i.d. N(0, 1/(|V|·R_{t−1})))"),
            math.fsum(p.ravel()),
            1.0,
            n=n,
            sizes=sizes,
            details={"Z": z, "Z_printed": z_printed, "Z_meant": z_meant},
            control=math.fsum(psi2.ravel()) / z_printed if corrected else None,
            control_label="the printed Z = |V|^L" if corrected else None,
        ).keyed("normalised"),
    }
    if corrected:
        with torch.no_grad():
            z_tm = math.exp(float(m.log_partition()))
        parts["Z brute = Z transfer"] = compare_values(
            "Z by brute force vs Z by the cell's transfer matrices",
            z_tm,
            z_meant,
            n=n,
            scale=z_meant,
            sizes=sizes,
            control=abs(_z_no_conj(m)) if cplx else None,
            control_label="transfer matrices without the complex conjugate" if cplx else None,
        ).keyed("z-brute-vs-transfer")
    return Evidence(
        f"Eq. 4.3 P̃ = |Ψ|²/Z with Z = {'Σ|Ψ(x)|²' if corrected else '|V|^L'}",
        parts=parts,
        sizes=sizes,
    )


def scaled_logz(params, device, rng):
    """log Z sequential vs tree and sampled log P vs log_prob (torch, float64)."""
    import torch

    m = draw_machine(params, rng, uniform=params.get("uniform", False), device=device)
    sizes = dict(params, device=device)
    g = torch.Generator(device).manual_seed(int(rng.integers(2**62)))
    with torch.no_grad():
        lz, lzt = float(m.log_partition()), float(m.log_partition_tree())
        tok, lp = m.sample(params["samples"], generator=g)
        ref = m.log_prob(tok)
    L, V, R = params["length"], params["vocab_size"], params["rank"]
    # log-domain: relative rounding of L transfer steps of V·R² terms each, on |log Z|
    parts = {
        "log Z sequential vs tree": compare_values(
            "log Z by the sequential sweep vs by the tree of transfer matrices",
            lzt,
            lz,
            n=L * V * R * R,
            scale=abs(lz) + 1.0,
            sizes=sizes,
        ),
        # per sample: L steps of R-term products, subtracted logs of size |log P| + |log Z|
        "sampler log P vs log_prob": compare_values(
            "log P of the sampler (Σ log conditionals) vs 2 log|Ψ| − log Z",
            lp,
            ref,
            n=L * V * R,
            scale=(ref.abs() + abs(lz) + 1.0),
            labels=tok,
            sizes=sizes,
        ),
    }
    return Evidence(
        "Born machine log Z and sample log-probabilities at scale",
        parts=parts,
        sizes=sizes,
        details={"log_Z": lz, "min_log_P": float(ref.min())},
    )


# -- tnverify-born-sampler-exact ------------------------------------------------------
def midpoint_uniforms(P: np.ndarray, X: np.ndarray, reverse: bool):
    """Per sequence and step, the midpoint of its inverse-CDF interval, and the product
    of interval lengths (the probability that uniforms land there)."""
    V, L = P.shape[0], P.ndim
    if reverse:
        P, X = np.transpose(P, tuple(range(L - 1, -1, -1))), X[:, ::-1]
    u = np.zeros(X.shape)
    mass = np.ones(X.shape[0])
    for t in range(L):
        marg = P.sum(axis=tuple(range(t + 1, L))) if t + 1 < L else P
        cond = marg / marg.sum(axis=t, keepdims=True)
        flat = cond.reshape(-1, V)
        row = X[:, :t] @ (V ** np.arange(t - 1, -1, -1)) if t else np.zeros(len(X), int)
        c = flat[row]
        lo = np.take_along_axis(np.cumsum(c, axis=1) - c, X[:, t : t + 1], axis=1)[:, 0]
        width = c[np.arange(len(X)), X[:, t]]
        u[:, t] = lo + width / 2
        mass *= width
    return u, mass


def small_sampler(params, rng):
    import torch

    V, L, R = params["vocab_size"], params["length"], params["rank"]
    m = draw_machine(params, rng)
    P = np.abs(full_psi(m)) ** 2
    P /= math.fsum(P.ravel())
    X = all_sequences(V, L)
    sizes = {"vocab_size": V, "length": L, "rank": R}
    parts = {}
    for direction in ("left", "right"):
        u, mass = midpoint_uniforms(P, X, direction == "right")
        with torch.no_grad():
            tok, _ = m.sample_from_uniforms(torch.as_tensor(u), direction=direction)
        parts[f"{direction}: midpoint uniforms give x"] = compare_ints(
            f"{direction}-to-right sampler on each sequence's midpoint uniforms vs the sequence",
            tok.numpy().ravel(),
            X.ravel(),
        )
        # n: L factors of conditionals, each from sums of V^L terms; norm: P(x) (<= 1)
        parts[f"{direction}: interval mass = P(x)"] = compare_values(
            "Π interval widths vs brute-force P(x)",
            mass,
            P.reshape(-1),
            n=V**L * L,
            scale=P.reshape(-1) + np.finfo(np.float64).tiny,
            labels=X,
            sizes=sizes,
        )
    seed = int(rng.integers(2**62))
    with torch.no_grad():
        tok, _ = m.sample(params["samples"], generator=torch.Generator().manual_seed(seed))
    parts["χ²"] = chi2_evidence(
        sequence_counts(tok, V, L),
        P.reshape(-1),
        params["samples"],
        f"torch {seed}",
        control_counts=_reversed_counts(tok, V, L),
    )
    return Evidence(
        "exact sampler: enumeration with fixed uniforms and χ² test", parts=parts, sizes=sizes
    )


# -- thesis-eq-4.5 --------------------------------------------------------------------
def small_eq45(params, rng, corrected: bool = False):
    """Eq. 4.5 on all sequences of a random (real or complex) MPS, for every k: the
    printed left side P̃(x^{(k−1)} | x^{(k)}, x^{(k−1)}, …) conditions on x^{(k−1)} itself
    (= 1), against the ratio of marginals on the right; corrected, the conditional given
    x^{(k)}, x^{(k+1)}, …, x^{(L)} (the brute-force ratio) against the cell's suffix
    marginals, and a χ² test of the right-to-left sampler."""
    import torch

    V, L, R = params["vocab_size"], params["length"], params["rank"]
    cplx = bool(params.get("complex", False))
    m = draw_machine(params, rng, complex=cplx)
    absm = type(m)([c.detach().abs() for c in m.core_list], sites=m.sites)
    P = np.abs(full_psi(m)) ** 2
    P /= math.fsum(P.ravel())
    sizes = {"vocab_size": V, "length": L, "rank": R, "complex": cplx}
    n = V**L * L * R
    parts = {}
    for k in range(2, L + 1):  # paper's k: x^{(k-1)} given x^{(k..L)}
        num = P.sum(axis=tuple(range(k - 2))) if k > 2 else P  # P(x_{k-1..L})
        den = num.sum(axis=0)  # P(x_{k..L})
        rhs = (num / den).reshape(-1)  # RHS of Eq. 4.5
        if not corrected:
            # conditioning on x_{k-1} itself: P(x_{k-1} | x_{k-1}, …) = 1
            parts[f"k={k}"] = compare_values(
                f"k={k}: printed left side P̃(x^(k−1) | x^(k), x^(k−1), …) = 1 (x^(k−1) is in "
                "its own conditioning list) vs the RHS P̃(x^(k−1), …, x^(L)) / P̃(x^(k), …, "
                f"x^(L)) of a random Born machine",
                np.ones_like(rhs),
                rhs,
                n=n,
                sizes=sizes,
                labels=[
                    f"x^(k−1), …, x^(L) = {tuple(int(w) for w in row)} (0-based words)"
                    for row in all_sequences(V, L - k + 2)
                ],
            )
            continue
        # wrong variant: conditioning on x^{(k+1..L)} only (one index dropped)
        if k < L:
            drop = num.sum(axis=1)  # P(x_{k-1}, x_{k+1..L})
            wrong = np.broadcast_to((drop / drop.sum(axis=0))[:, None], num.shape).reshape(-1)
        else:
            wrong = np.broadcast_to(num.sum(axis=1)[:, None], num.shape).reshape(-1)
        suf = torch.as_tensor(all_sequences(V, L - k + 2))
        with torch.no_grad():
            lnum, lden = m.log_suffix_marginal(suf), m.log_suffix_marginal(suf[:, 1:])
            cell = (lnum - lden).exp()
            # the transfer-matrix marginals sum signed terms G⊗G that cancel: each one's
            # relative error is n·eps·κ with κ = (its value with |G|) / (its value); the
            # ratio's relative error adds those of numerator and denominator
            kappa = (absm.log_suffix_marginal(suf) - lnum).exp() + (
                absm.log_suffix_marginal(suf[:, 1:]) - lden
            ).exp()
        parts[str(k)] = compare_values(
            f"k={k}: P̃(x^(k−1) | x^(k), …, x^(L)) by brute force vs the cell's ratio of "
            "suffix marginals",
            cell,
            rhs,
            n=n,
            scale=rhs * kappa.numpy(),
            sizes=sizes,
            control=wrong,
            control_label="conditioning on x^(k+1), …, x^(L) (x^(k) dropped)",
        )
    if corrected:
        seed = int(rng.integers(2**62))
        with torch.no_grad():
            tok, _ = m.sample(
                params["samples"], generator=torch.Generator().manual_seed(seed), direction="right"
            )
        parts["χ² right-to-left"] = chi2_evidence(
            sequence_counts(tok, V, L),
            P.reshape(-1),
            params["samples"],
            f"torch {seed}",
            control_counts=_reversed_counts(tok, V, L),
        )
    what = "x^(k), x^(k+1), …, x^(L)" if corrected else "the printed list x^(k), x^(k−1), …"
    return Evidence(
        f"Eq. 4.5 right-to-left conditionals, conditioning on {what}", parts=parts, sizes=sizes
    )
