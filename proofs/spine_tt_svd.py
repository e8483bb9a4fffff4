"""Symbolic proofs (sympy) for the TT-SVD spine claims (thesis §3.1.2, §3.2.2).

Each ``prove_*`` builds both sides on symbolic entries at fixed small shapes and decides
the identity by ``sympy.expand(lhs - rhs) == 0``.  Identities that need an orthonormal
``U`` (``UᵀU = I``) are proved as polynomial identities whose remainder is an explicit
multiple of ``UᵀU − I``, so they hold for generic symbolic ``U`` and the remainder
vanishes for every orthonormal one.  Imports only sympy and the standard library.
"""

from __future__ import annotations

import itertools

import sympy as sp


def _mat(name: str, rows: int, cols: int) -> sp.Matrix:
    return sp.Matrix(rows, cols, lambda i, j: sp.Symbol(f"{name}_{i}_{j}", real=True))


def _zero(expr) -> bool:
    if isinstance(expr, sp.MatrixBase):
        return all(sp.expand(e) == 0 for e in expr)
    return sp.expand(expr) == 0


def _printed_index(ii, dims):
    """\\overline{i₁⋯i_L} = i₁ + (i₂ − 1)I₁ + ⋯ + (i_L − 1)I₁⋯I_{L−1} (Def. 3.1.3)."""
    total, stride = ii[0], sp.Integer(1)
    for j in range(1, len(dims)):
        stride = stride * dims[j - 1]
        total = total + (ii[j] - 1) * stride
    return total


def prove_thesis_def_3_1_3() -> bool:
    """The printed multi-index of Def. 3.1.3 is the column-major (Fortran) position.

    For L = 3 and 4, symbolic i_j and I_j, and every k: (1) the one multi-index over
    all L modes equals row + (column − 1)·I₁⋯I_k with row = \\overline{i₁⋯i_k} and
    column = \\overline{i_{k+1}⋯i_L} — so readings (a) and (b) of the claim coincide —
    and (2) it equals 1 + Σ_j (i_j − 1) Π_{m<j} I_m, the 1-based linear index of
    ``reshape(order='F')`` (first index fastest).
    """
    ok = True
    for L in (3, 4):
        i = sp.symbols(f"i1:{L + 1}")
        dims = sp.symbols(f"I1:{L + 1}", positive=True)
        full = _printed_index(i, dims)
        fortran = 1 + sum((i[j] - 1) * sp.prod(dims[:j]) for j in range(L))
        ok &= _zero(full - fortran)
        for k in range(1, L):
            row, col = _printed_index(i[:k], dims[:k]), _printed_index(i[k:], dims[k:])
            ok &= _zero(full - (row + (col - 1) * sp.prod(dims[:k])))
    return bool(ok)


def prove_thesis_thm_3_2_1() -> bool:
    """The two identities of the constructive proof of Thm 3.2.1.

    (1) Skeleton step: if M = U X (columns of M in the span of the R columns of U),
    then with W = U(UᵀU)⁻¹ and V = MᵀW, U Vᵀ = M.  Written without the inverse:
    U·adj(G)·Uᵀ·M − det(G)·M = 0 for G = UᵀU (U: 4×2, X: 2×3, generic).
    (2) Eq. 3.7: if A_[2] = F Jᵀ (rank ≤ R₂) then V̂_[2] (rows (α₁, i₂), columns i₃) equals
    H Jᵀ with H[(α₁,i₂), β] = Σ_{i₁} F[(i₁,i₂), β] W[i₁, α₁], for generic W — so
    rank V̂_[2] ≤ R₂.  Shapes I = (2, 2, 3), R₁ = 2, R₂ = 2.  The induction over k repeats
    (1)–(2) on V̂, a tensor with one mode fewer.
    """
    u, x = _mat("U", 4, 2), _mat("X", 2, 3)
    m = u * x
    g = u.T * u
    ok = _zero(u * g.adjugate() * u.T * m - g.det() * m)
    i1, i2, i3, r1, r2 = 2, 2, 3, 2, 2
    f = {
        (a, b, c): sp.Symbol(f"F_{a}_{b}_{c}")
        for a in range(i1)
        for b in range(i2)
        for c in range(r2)
    }
    j = _mat("J", i3, r2)
    w = _mat("W", i1, r1)
    for b2, b3, al in itertools.product(range(i2), range(i3), range(r1)):
        # V[(i2, i3), α1] = Σ_{i1} A[i1, i2, i3] W[i1, α1], A[i1,i2,i3] = Σ_β F J
        v = sum(
            sum(f[(a1, b2, be)] * j[b3, be] for be in range(r2)) * w[a1, al] for a1 in range(i1)
        )
        h = [sum(f[(a1, b2, be)] * w[a1, al] for a1 in range(i1)) for be in range(r2)]
        ok &= _zero(v - sum(h[be] * j[b3, be] for be in range(r2)))
    return bool(ok)


def _fro2(a: sp.Matrix):
    return sum(e**2 for e in a)


def _pythagoras_identities(rows=3, rank=2, cols=3) -> bool:
    """(1) ‖C − UUᵀC‖² + ‖UᵀC‖² − ‖C‖² = tr(CᵀU(UᵀU − I)UᵀC);
    (2) with X = (I − UUᵀ)C: ‖X + UY‖² − ‖X‖² − ‖Y‖² = −2 tr(CᵀU(UᵀU − I)Y)
    + tr(Yᵀ(UᵀU − I)Y).  Both right sides vanish when UᵀU = I."""
    u, c, y = _mat("U", rows, rank), _mat("C", rows, cols), _mat("Y", rank, cols)
    e = u.T * u - sp.eye(rank)
    p = u * u.T
    ok = _zero(_fro2(c - p * c) + _fro2(u.T * c) - _fro2(c) - (c.T * u * e * u.T * c).trace())
    x = c - p * c
    ok &= _zero(
        _fro2(x + u * y)
        - _fro2(x)
        - _fro2(y)
        - (-2 * (c.T * u * e * y).trace() + (y.T * e * y).trace())
    )
    return bool(ok)


def prove_tnverify_tt_svd_error_identity() -> bool:
    """‖A − B‖_F² = Σ_k Σ discarded_k² for sequential TT-SVD (induction over the steps).

    Step 1 writes A_[1] = U₁ M₂ + (I − U₁U₁ᵀ)A_[1] with U₁ the kept left singular
    vectors (orthonormal), M₂ = U₁ᵀA_[1], and B = U₁ B₂ with B₂ the TT-SVD of M₂.  Then
    A − B = X + U₁Y with X = (I − U₁U₁ᵀ)A_[1], Y = M₂ − B₂, and identity (2) below gives
    ‖A − B‖² = ‖X‖² + ‖Y‖²; identity (1) gives ‖X‖² = ‖A_[1]‖² − ‖U₁ᵀA_[1]‖², which for
    an SVD is Σ_{j>r} σ_j² (the discarded values).  Induction on the number of modes
    (‖Y‖² = the discarded sum of the later steps; the last step discards nothing) proves
    the claim.  Identities (1) and (2) are proved at U: 3×2, C: 3×3, Y: 2×3 and
    U: 4×2, C: 4×2, Y: 2×2 (see :func:`_pythagoras_identities`), and the SVD tail for
    C = diag(σ₁, σ₂, σ₃), U = first two unit vectors.
    """
    ok = _pythagoras_identities(3, 2, 3) and _pythagoras_identities(4, 2, 2)
    s = sp.symbols("s1:4", positive=True)
    c, u = sp.diag(*s), sp.eye(3)[:, :2]
    ok &= _zero(_fro2(c - u * u.T * c) - s[2] ** 2)
    return bool(ok)


def prove_thesis_alg_1_corrected() -> bool:
    """The bound of corrected Algorithm 1: ‖A − B‖² = Σ_k ‖E_k‖² ≤ (L − 1)δ² = ε²‖A‖².

    The equality is :func:`prove_tnverify_tt_svd_error_identity` (re-checked here); each
    ‖E_k‖_F ≤ δ by step 6 read as ≤ δ; and (L − 1)·(ε‖A‖/√(L − 1))² − ε²‖A‖² expands
    to 0 (symbolic L, ε, ‖A‖).
    """
    L, eps, na = sp.symbols("L epsilon nA", positive=True)
    delta = eps * na / sp.sqrt(L - 1)
    return bool(
        prove_tnverify_tt_svd_error_identity() and _zero((L - 1) * delta**2 - eps**2 * na**2)
    )


if __name__ == "__main__":
    for _name, _fn in sorted(globals().items()):
        if _name.startswith("prove_") and callable(_fn):
            print(f"{_name}: {_fn()}")
