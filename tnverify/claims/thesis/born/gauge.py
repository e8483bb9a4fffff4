"""Checks of the Born-machine claims ``thesis-sec-4.1.3-gauge`` and ``thesis-eq-4.4`` in
:mod:`tnverify.claims.thesis.born.statements`, with the cores and counted contractions that
the cost claim's checks (:mod:`.cost`) share.  Brute force over all ``|V|^L`` sequences
(numpy, float64) is the definition side."""

from __future__ import annotations

import math

import numpy as np

from ....definitions.explicit import all_sequences
from ... import Evidence
from ...compare import compare_ints, compare_values
from .sampling import draw_machine, full_psi

_TINY = np.finfo(np.float64).tiny


def cores_of(m) -> list[np.ndarray]:
    return [m.core(t).detach().cpu().numpy().copy() for t in range(m.length)]


def _psi_of(cores) -> np.ndarray:
    out = np.ones((1, 1))
    for g in cores:
        out = np.tensordot(out, g, axes=([-1], [0]))
    return out.reshape(out.shape[1:-1])


class ContractionCounter:
    """Multiplications of the dense products it performs (m·k·n per (m×k)(k×n))."""

    def __init__(self):
        self.mults = 0

    def mm(self, a, b):
        self.mults += a.shape[0] * a.shape[1] * b.shape[1]
        return a @ b


def transfer_z(cores, counter: ContractionCounter) -> float:
    """Z by E ← Σ_i G_i^† E G_i (numpy, no rescaling: Z per site is of order one)."""
    E = np.ones((1, 1))
    for g in cores:
        E = sum(
            counter.mm(g[:, i, :].conj().T, counter.mm(E, g[:, i, :])) for i in range(g.shape[1])
        )
    return float(np.real(E[0, 0]))


def transfer_z_fast(cores) -> float:
    """As :func:`transfer_z`, one einsum per site (in the cores' dtype, no rescaling)."""
    E = np.ones((1, 1), dtype=cores[0].dtype)
    for g in cores:
        E = np.einsum("aib,ac,cid->bd", g, E, g, optimize=True)
    return E[0, 0]


def psi_direct(cores, x, dtype, counter: ContractionCounter | None = None):
    """Ψ(x) by a left-to-right vector-matrix sweep in ``dtype`` without rescaling."""
    h = np.ones((1, 1), dtype=dtype)
    for g, i in zip(cores, x):
        s = g[:, i, :].astype(dtype)
        h = counter.mm(h, s) if counter is not None else h @ s
    return h[0, 0]


# -- thesis-sec-4.1.3-gauge -----------------------------------------------------------
def _identity_gauge_change(G) -> float:
    """Largest relative core change after absorbing 𝐌 = 𝐈 at every bond (computed)."""
    out = []
    for t, g in enumerate(G):
        h = g
        if t:
            h = np.tensordot(np.eye(g.shape[0]), h, axes=([1], [0]))
        if t < len(G) - 1:
            h = np.tensordot(h, np.eye(g.shape[2]), axes=([2], [0]))
        out.append(float(np.abs(h - g).max() / np.abs(g).max()))
    return max(out)


def _qr_sweep(cores):
    """Left-canonical cores by a left-to-right QR sweep (the last core keeps the norm)."""
    cores = [g.copy() for g in cores]
    for t in range(len(cores) - 1):
        r0, v, r1 = cores[t].shape
        q, r = np.linalg.qr(cores[t].reshape(r0 * v, r1))
        cores[t] = q.reshape(r0, v, q.shape[1])
        cores[t + 1] = np.tensordot(r, cores[t + 1], axes=([1], [0]))
    return cores


def small_gauge(params, rng, corrected=False):
    """The gauge sentence of §4.1.3: as printed, 'a TT-core can be invariant after
    inserting 𝐌𝐌⁻¹' (reading (a): the cores are unchanged); corrected, the MPS (the tensor)
    is invariant while the cores G M, M⁻¹ G change (reading (b)).  Both share the
    left-canonical form, Z = ‖last core‖²_F and its cost."""
    V, L, R = params["vocab_size"], params["length"], params["rank"]
    m = draw_machine(params, rng)
    G = cores_of(m)
    sizes = {"vocab_size": V, "length": L, "rank": R}
    Ms = [rng.standard_normal((g.shape[2], g.shape[2])) for g in G[:-1]]
    Minv = [np.linalg.inv(M) for M in Ms]
    kappa = max(np.linalg.cond(M) for M in Ms)
    Gp = [
        np.tensordot(
            np.tensordot(Minv[t - 1], g, axes=([1], [0])) if t else g, Ms[t], axes=([2], [0])
        )
        if t < L - 1
        else np.tensordot(Minv[t - 1], g, axes=([1], [0]))
        for t, g in enumerate(G)
    ]
    psi, psip = full_psi(m), _psi_of(Gp)
    # forward-error scale of Ψ' (x): the product of |G'| slices, times κ(M) for the
    # computed inverse (M·inv(M) = I up to κ·eps); n = L·R multiply-adds per entry
    absprod = _psi_of([np.abs(g) for g in Gp])
    tensor = compare_values(
        "Ψ after inserting 𝐌𝐌⁻¹ at every bond vs Ψ",
        psip.ravel(),
        psi.ravel(),
        n=L * R,
        scale=absprod.ravel() * kappa,
        sizes=sizes,
    )
    # the cores: max entrywise change relative to the core's largest entry (n = R: each
    # entry of G M or M⁻¹ G sums R products)
    core_err = [float(np.abs(a - b).max() / np.abs(b).max()) for a, b in zip(Gp, G)]
    cores_same = compare_values(
        "each core G'^{(k)} vs G^{(k)} (relative to max|G^{(k)}|)",
        np.array(core_err),
        np.zeros(L),
        n=R * V,
        sizes=sizes,
        labels=[f"core 𝐆^({k + 1}) (1-based)" for k in range(L)],
    )
    # control: the trivial gauge M = I (nothing absorbed), whose cores do not change
    identity_change = _identity_gauge_change(G)
    cores_change = Evidence(
        "the cores change: min over cores of the max relative change > 1e-3",
        passed=min(core_err) > 1e-3,
        details={"core_changes": core_err},
        control=Evidence(
            "control (the trivial gauge M = 𝐈) of: the cores change",
            passed=identity_change > 1e-3,
            details={"max_change": identity_change},
        ),
    )
    # left-canonical form and Z = ‖last core‖²_F
    C = _qr_sweep(G)
    cplx = bool(np.iscomplexobj(G[0]))
    ident = [np.einsum("aib,aic->bc", g.conj(), g) for g in C[:-1]]
    no_conj = [np.einsum("aib,aic->bc", g, g) for g in C[:-1]]
    canon = compare_values(
        "Σ_i G_i^† G_i vs 𝐈 after the QR sweep, cores 1..L−1 (ᵀ for real cores, as printed)",
        np.concatenate([x.ravel() for x in ident]),
        np.concatenate([np.eye(x.shape[0]).ravel() for x in ident]),
        n=V * R * R,
        sizes=sizes,
        control=np.concatenate([x.ravel() for x in no_conj]) if cplx else None,
        control_label="Σ_i G_iᵀ G_i without the conjugate" if cplx else None,
    )
    counter = ContractionCounter()
    z_tm = transfer_z(G, counter)
    z_brute = math.fsum((np.abs(psi) ** 2).ravel())
    z_canon = float(np.sum(np.abs(C[-1]) ** 2))
    n = V**L * L * R
    z_parts = {
        "Z = ‖last core‖²_F vs brute force": compare_values(
            "‖G^{(L)}‖²_F of the left-canonical MPS vs Σ_x |Ψ(x)|²",
            z_canon,
            z_brute,
            n=n,
            scale=z_brute,
            sizes=sizes,
        ),
        "transfer Z vs brute force": compare_values(
            "Z by transfer matrices vs Σ_x |Ψ(x)|²", z_tm, z_brute, n=n, scale=z_brute, sizes=sizes
        ),
    }
    canon_cost = C[-1].size  # squares of the last core's entries
    qr_cost = sum(2 * g.shape[0] * g.shape[1] * g.shape[2] ** 2 for g in G[:-1])
    cost = compare_ints(
        "multiplications: Z from the canonical form <= transfer-matrix Z",
        [canon_cost],
        [counter.mults],
        "<=",
    )
    cost.details.update(
        {"canonical": canon_cost, "transfer": counter.mults, "qr_sweep_approx": qr_cost}
    )
    common = dict(z_parts, **{"left-canonical identity": canon, "cost": cost})
    ra = Evidence(
        "reading (a): the TT-cores are unchanged by inserting 𝐌𝐌⁻¹",
        parts=dict(common, **{"cores unchanged": cores_same.keyed("cores-unchanged")}),
        sizes=sizes,
    )
    rb = Evidence(
        "reading (b): the tensor is unchanged, the cores G M, M⁻¹ G change",
        parts=dict(
            common,
            **{
                "tensor unchanged": tensor.keyed("tensor-unchanged"),
                "cores change": cores_change.keyed("cores-change"),
            },
        ),
        sizes=sizes,
    )
    return Evidence(
        "gauge freedom and left-canonical form of an MPS",
        readings={"b": rb} if corrected else {"a": ra},
        sizes=sizes,
        details={"max_cond_M": float(kappa)},
    )


def scaled_gauge(params, device, rng):
    """log Z by a torch QR sweep (log-domain: each R factor rescaled) vs transfer matrices."""
    import torch

    m = draw_machine(params, rng, uniform=True, device=device)
    L, V, R = params["length"], params["vocab_size"], params["rank"]
    with torch.no_grad():
        lz = float(m.log_partition())
        carry = torch.ones(1, 1, dtype=m.dtype, device=m.device)
        logs = 0.0
        for t in range(L):
            g = torch.tensordot(carry, m.core(t), dims=([1], [0]))
            r0, v, r1 = g.shape
            if t == L - 1:
                last = g
                break
            _, r = torch.linalg.qr(g.reshape(r0 * v, r1))
            nr = torch.linalg.matrix_norm(r)
            logs += 2.0 * math.log(float(nr))
            carry = r / nr
        lzq = logs + math.log(float((last.abs() ** 2).sum()))
    return compare_values(
        "log Z by the QR sweep (‖last core‖²_F) vs by transfer matrices",
        lzq,
        lz,
        n=L * V * R * R,
        scale=abs(lz) + 1.0,
        sizes=dict(params, device=device),
        details={"log_Z": lz},
    )


# -- thesis-eq-4.4 --------------------------------------------------------------------
def small_eq44(params, rng, corrected=False):
    import torch

    V, L, R, T = params["vocab_size"], params["length"], params["rank"], params["train"]
    m = draw_machine(params, rng)
    cores = [torch.tensor(c, requires_grad=True) for c in cores_of(m)]
    train = rng.integers(V, size=(T, L))
    X = all_sequences(V, L)
    flat = train @ (V ** np.arange(L - 1, -1, -1))
    emp = torch.as_tensor(np.bincount(flat, minlength=V**L) / T)
    sizes = {"vocab_size": V, "length": L, "rank": R, "train": T}

    def logp():
        out = torch.ones(1, 1, dtype=torch.float64)
        for c in cores:
            out = torch.tensordot(out, c, dims=([-1], [0]))
        psi2 = out.reshape(-1) ** 2
        return torch.log(psi2) - torch.log(psi2.sum())

    def value_grad(fn):
        val = fn(logp())
        grads = torch.autograd.grad(val, cores)
        return float(val.detach()), torch.cat([g.reshape(-1) for g in grads]).numpy()

    nz = emp > 0
    kl_h = lambda lp: (
        (emp[nz] * (torch.log(emp[nz]) - lp[nz])).sum()  # KL(emp‖P̃)
        - (emp[nz] * torch.log(emp[nz])).sum()
    )  # + H(emp)
    literal = lambda lp: -lp.sum() / T  # Σ over all of V^L, 1/|T|
    nll = lambda lp: -lp[torch.as_tensor(flat)].sum() / T  # Σ over x ∈ T (multiset)
    k_val, k_grad = value_grad(kl_h)
    lp = logp().detach()
    # n: V^L summed terms, each from L·R multiply-adds; scale: Σ of |terms|
    vscale = float((emp * lp.abs()).sum() + (emp[nz] * torch.log(emp[nz]).abs()).sum()) + 1.0
    gscale = float(np.abs(k_grad).max()) + _TINY
    n = V**L * L * R
    name, fn = ("Σ_{x∈T}", nll) if corrected else ("Σ_{x∈V^L}", literal)
    val, grad = value_grad(fn)
    parts = {
        f"ℒ ({name}) vs KL + H": compare_values(
            f"ℒ = −(1/|T|) {name} log P̃(x) vs KL(emp ‖ P̃) + H(emp)",
            val,
            k_val,
            n=n,
            scale=vscale,
            sizes=sizes,
            control=float(literal(lp)) if corrected else None,
            control_label="the printed Σ_{x∈V^L}" if corrected else None,
            details={
                "L_literal_sum_over_V^L": float(literal(lp)),
                "NLL_train": float(nll(lp)),
                "KL+H": k_val,
            },
        ).keyed("loss-vs-kl-h"),
        f"∇ℒ ({name}) vs ∇KL": compare_values(
            f"autograd ∇ of ℒ ({name}) vs of KL(emp ‖ P̃) w.r.t. the cores",
            grad,
            k_grad,
            n=n,
            scale=gscale,
            sizes=sizes,
        ),
    }
    return Evidence(
        "Eq. 4.4 vs the KL divergence to the empirical distribution",
        parts=parts,
        sizes=sizes,
        details={"sequences": len(X)},
    )
