"""sympy proofs for the [born-ngram] Born-machine claims; tnverify.claims.thesis.born.statements.

Each ``prove_*`` works on symbolic entries at fixed small shapes (|V| = 2, R = 2) and
decides by ``sympy.expand(lhs - rhs) == 0`` (rational expressions: on the numerator of
``sympy.together(lhs - rhs)``).  Imports only sympy and the standard library.
"""

from __future__ import annotations

import itertools

import sympy as sp

V, R = 2, 2


def _zero(expr) -> bool:
    return sp.expand(sp.numer(sp.together(sp.expand(expr)))) == 0


def _cores(L: int, name: str = "g"):
    """Symbolic cores G^{(t)}[i] as (r_{t-1} × r_t) matrices, r_0 = r_L = 1."""
    ranks = [1] + [R] * (L - 1) + [1]
    return [
        [
            sp.Matrix(
                ranks[t],
                ranks[t + 1],
                lambda a, b, t=t, i=i: sp.Symbol(f"{name}{t}_{i}_{a}{b}", real=True),
            )
            for i in range(V)
        ]
        for t in range(L)
    ]


def _psi(cores, x):
    out = sp.eye(1)
    for g, i in zip(cores, x):
        out = out * g[i]
    return out[0, 0]


def _transfer_z(cores):
    E = sp.eye(1)
    for g in cores:
        E = sum((gi.T * E * gi for gi in g), sp.zeros(g[0].shape[1], g[0].shape[1]))
    return E[0, 0]


def _z_identity(L: int) -> bool:
    """Z by E ← Σ_i G_iᵀ E G_i equals Σ_{x∈V^L} Ψ(x)² (symbolic real cores)."""
    cores = _cores(L)
    brute = sum(_psi(cores, x) ** 2 for x in itertools.product(range(V), repeat=L))
    return _zero(_transfer_z(cores) - brute)


def _z_induction_step() -> bool:
    """If E = Σ_j h_jᵀ h_j over the prefixes' row vectors h_j, then Σ_i G_iᵀ E G_i =
    Σ_{j,i} (h_j G_i)ᵀ (h_j G_i): the sweep adds one site (checked for 3 prefixes)."""
    hs = [sp.Matrix(1, R, lambda a, b, j=j: sp.Symbol(f"h{j}_{b}", real=True)) for j in range(3)]
    g = _cores(3)[1]  # an R × R middle core
    E = sum((h.T * h for h in hs), sp.zeros(R, R))
    lhs = sum((gi.T * E * gi for gi in g), sp.zeros(R, R))
    rhs = sum(((h * gi).T * (h * gi) for h in hs for gi in g), sp.zeros(R, R))
    return all(_zero(v) for v in (lhs - rhs))


def prove_thesis_eq_4_3() -> bool:
    """Reading (b) of Eq. 4.3 (Z = Σ_x ‖Ψ(x)‖²): the transfer-matrix Z equals the brute-force
    sum for L = 2, 3, and the one-step identity E_{k+1} = Σ_i G_iᵀ E_k G_i =
    Σ_{x_{≤k+1}} P(x)ᵀ P(x) (P the prefix product) holds; by induction on k the sweep gives
    Σ_x Ψ(x)² for every L, so Σ_x P̃(x) = 1 under reading (b)."""
    return _z_identity(2) and _z_identity(3) and _z_induction_step()


def prove_thesis_sec_4_1_3_gauge() -> bool:
    """Reading (b): inserting 𝐌𝐌⁻¹ at each bond (cores G^{(1)} M₁, M₁⁻¹ G^{(2)} M₂,
    M₂⁻¹ G^{(3)}, symbolic invertible M) leaves Ψ(x) unchanged for every x (L = 3), and
    with left-canonical cores 1..L−1 (Σ_i G_iᵀ G_i = 𝐈) the sweep gives E_{L−1} = 𝐈
    (induction: E_k = Σ_i G_iᵀ 𝐈 G_i = 𝐈), so Z = Σ_i G^{(L)}_iᵀ 𝐈 G^{(L)}_i =
    ‖G^{(L)}‖²_F (checked symbolically for the last core)."""
    cores = _cores(3)
    Ms = [sp.Matrix(R, R, lambda a, b, k=k: sp.Symbol(f"m{k}_{a}{b}", real=True)) for k in range(2)]
    gauged = [
        [gi * Ms[0] for gi in cores[0]],
        [Ms[0].inv() * gi * Ms[1] for gi in cores[1]],
        [Ms[1].inv() * gi for gi in cores[2]],
    ]
    for x in itertools.product(range(V), repeat=3):
        if not _zero(_psi(gauged, x) - _psi(cores, x)):
            return False
    last = _cores(3)[2]
    z = sum((gi.T * sp.eye(R) * gi for gi in last), sp.zeros(1, 1))[0, 0]
    frob = sum(v**2 for gi in last for v in gi)
    return _zero(z - frob)


def prove_thesis_eq_4_4_corrected() -> bool:
    """Corrected Eq. 4.4: with counts c_x of x in the training multiset T (|T| = Σ c_x),
    emp(x) = c_x/|T|, ℓ_x = log P̃(x) and λ_x = log emp(x) symbols:
    −(1/|T|) Σ_{x∈T} ℓ_x = Σ_x emp(x)(λ_x − ℓ_x) − Σ_x emp(x) λ_x = KL(emp‖P̃) + H(emp).
    H(emp) does not depend on the cores, so the minimisers (and gradients) coincide."""
    xs = range(4)
    c = [sp.Symbol(f"c{x}", positive=True, integer=True) for x in xs]
    lp = [sp.Symbol(f"l{x}", real=True) for x in xs]
    le = [sp.Symbol(f"e{x}", real=True) for x in xs]
    T = sum(c)
    emp = [cx / T for cx in c]
    nll = -sum(c[x] * lp[x] for x in xs) / T  # each x counted c_x times
    kl = sum(emp[x] * (le[x] - lp[x]) for x in xs)
    h = -sum(emp[x] * le[x] for x in xs)
    return _zero(nll - (kl + h))


def prove_thesis_sec_4_3_2_cost_corrected() -> bool:
    """(1) Z by transfer matrices equals Σ_x Ψ(x)² (L = 2, 3); (2) the rescaled sweep
    h_t = h_{t−1} G^{(t)}_{x_t} / s_t (any nonzero scales s_t) gives Ψ(x) = h_L Π_t s_t,
    so log|Ψ(x)| = log|h_L| + Σ_t log s_t and log P̃ = 2 log|Ψ| − log Z need no number
    below the underflow threshold (L = 3, symbolic cores and scales)."""
    if not (_z_identity(2) and _z_identity(3)):
        return False
    cores = _cores(3)
    s = [sp.Symbol(f"s{t}", positive=True) for t in range(3)]
    for x in itertools.product(range(V), repeat=3):
        h = sp.eye(1)
        for t, (g, i) in enumerate(zip(cores, x)):
            h = h * g[i] / s[t]
        if not _zero(h[0, 0] * sp.Mul(*s) - _psi(cores, x)):
            return False
    return True


def prove_thesis_sec_4_1_3_parallel() -> bool:
    """The tree (pairwise) product with the boundary vectors incorporated last equals the
    sequential matrix-vector sweep: a (((M₁M₂)(M₃M₄))M₅) b = ((((a M₁)M₂)M₃)M₄)M₅ b for
    symbolic R × R matrices (L = 5, an odd length: the unpaired matrix is carried up)."""
    L = 5
    Ms = [sp.Matrix(R, R, lambda a, b, t=t: sp.Symbol(f"M{t}_{a}{b}")) for t in range(L)]
    a = sp.Matrix(1, R, lambda i, j: sp.Symbol(f"a{j}"))
    b = sp.Matrix(R, 1, lambda i, j: sp.Symbol(f"b{i}"))
    level = list(Ms)
    while len(level) > 1:
        nxt = [level[i] * level[i + 1] for i in range(0, len(level) - 1, 2)]
        if len(level) % 2:
            nxt.append(level[-1])
        level = nxt
    tree = (a * level[0] * b)[0, 0]
    seq = a
    for M in Ms:
        seq = seq * M
    return _zero(tree - (seq * b)[0, 0])


if __name__ == "__main__":
    for _name, _fn in sorted(globals().items()):
        if _name.startswith("prove_") and callable(_fn):
            print(_name, _fn())
