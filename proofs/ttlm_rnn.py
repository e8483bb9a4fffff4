"""Sympy proofs of the one-step identities behind the [ttlm] rnn-equivalences claims.

Each ``prove_*`` builds symbolic parameters at a fixed small shape (R = 2, |V| = 3),
a symbolic hidden state ``h`` and input ``f`` (general real vectors, not only one-hot),
and decides ``sympy.expand(lhs - rhs) == 0`` entrywise.

Induction (all lengths): if one step of the model equals one step of the TT recurrence
``h'_o = φ(Σ_{p,i} h_p G_{pio} f_i)`` for *every* ``h`` and ``f`` (the symbolic identity
proved here), then by induction on ``t`` the hidden states agree at every ``t`` from the
same ``h^{(0)}``: ``h^{(t)}`` of both is the same function applied to the same
``h^{(t-1)}`` and ``f^{(t)}``.  The activation φ is applied to equal pre-activations, so
the statement holds for every φ.  Imports only sympy and the standard library.
"""

from __future__ import annotations

import sympy as sp

R, V = 2, 3


def _vec(name, n):
    return sp.Matrix(sp.symbols(f"{name}_0:{n}", real=True))


def _mat(name, m, n):
    return sp.Matrix(m, n, lambda i, j: sp.Symbol(f"{name}_{i}_{j}", real=True))


def _tens(name, a, b, c):
    return {
        (i, j, k): sp.Symbol(f"{name}_{i}_{j}_{k}", real=True)
        for i in range(a)
        for j in range(b)
        for k in range(c)
    }


def _tt_step(G, h, f, r_in, v, r_out):
    return [
        sum(h[p] * G[p, i, o] * f[i] for p in range(r_in) for i in range(v)) for o in range(r_out)
    ]


def _zero(lhs, rhs) -> bool:
    return all(sp.expand(a - b) == 0 for a, b in zip(lhs, rhs))


def prove_ttlm_claim_b1() -> bool:
    """Eq. 17 (``Σ_{j,k} f_j T_{jik} h_k``) equals the TT step with
    ``G_{pio} = T_{iop}`` (Eq. 16's permutation)."""
    T, h, f = _tens("T", V, R, R), _vec("h", R), _vec("f", V)
    lhs = [sum(f[j] * T[j, i, k] * h[k] for j in range(V) for k in range(R)) for i in range(R)]
    G = {(p, i, o): T[i, o, p] for p in range(R) for i in range(V) for o in range(R)}
    return _zero(lhs, _tt_step(G, h, f, R, V, R))


def prove_thesis_claim_5_3_1() -> bool:
    """Eq. 5.14 with ranges matched (``Σ_{j,k} h_j T_{jik} f_k``, ``T ∈ ℝ^{R×R×|V|}``)
    equals Eq. 5.13's TT step with ``G_{α_{t-1} i_t α_t} = T_{α_{t-1} α_t i_t}``."""
    T, h, f = _tens("T", R, R, V), _vec("h", R), _vec("f", V)
    lhs = [sum(h[j] * T[j, i, k] * f[k] for j in range(R) for k in range(V)) for i in range(R)]
    G = {(p, i, o): T[p, o, i] for p in range(R) for i in range(V) for o in range(R)}
    return _zero(lhs, _tt_step(G, h, f, R, V, R))


def prove_rac_core() -> bool:
    """RAC step ``W^{hx} f ⊙ W^{hh} h`` equals the TT step with the δ-contracted core
    ``G_{pio} = Σ_{j,k} W^{hx}_{ji} δ_{jok} W^{hh}_{kp} = W^{hx}_{oi} W^{hh}_{op}``
    (claims ``ttlm-claim-b2-variant``, ``thesis-claim-5.3.2-variant``)."""
    X, Y, h, f = _mat("X", R, V), _mat("Y", R, R), _vec("h", R), _vec("f", V)
    lhs = list((X * f).multiply_elementwise(Y * h))
    delta = {(j, o, k): int(j == o == k) for j in range(R) for o in range(R) for k in range(R)}
    G = {
        (p, i, o): sum(X[j, i] * delta[j, o, k] * Y[k, p] for j in range(R) for k in range(R))
        for p in range(R)
        for i in range(V)
        for o in range(R)
    }
    return _zero(lhs, _tt_step(G, h, f, R, V, R))


def prove_augmented_bilinear() -> bool:
    """Vanilla RNN ``Ah + Bf + b``, general MI ``α⊙Wf⊙Uh + β₁⊙Uh + β₂⊙Wf + b`` and the
    2-RNN with bias each equal the TT step on ``h̃ = [h; 1]``, ``f̃ = [f; 1]`` with the
    augmented core of ``tnverify.equivalences``; the constant slot maps to 1."""
    h, f = _vec("h", R), _vec("f", V)
    ht, ft = list(h) + [1], list(f) + [1]
    A, B, W, U = _mat("A", R, R), _mat("B", R, V), _mat("W", R, V), _mat("U", R, R)
    b, al, b1, b2 = _vec("b", R), _vec("al", R), _vec("be1", R), _vec("be2", R)
    T = _tens("T", V, R, R)
    Wf, Uh = W * f, U * h
    fams = {
        "vanilla": (
            list(A * h + B * f + b),
            lambda p, i, o: (
                A[o, p]
                if p < R and i == V
                else B[o, i]
                if p == R and i < V
                else b[o]
                if p == R and i == V
                else 0
            ),
        ),
        "mi": (
            [al[o] * Wf[o] * Uh[o] + b1[o] * Uh[o] + b2[o] * Wf[o] + b[o] for o in range(R)],
            lambda p, i, o: (
                al[o] * W[o, i] * U[o, p]
                if p < R and i < V
                else b1[o] * U[o, p]
                if p < R
                else b2[o] * W[o, i]
                if i < V
                else b[o]
            ),
        ),
        "2rnn": (
            [
                sum(f[j] * T[j, o, k] * h[k] for j in range(V) for k in range(R)) + b[o]
                for o in range(R)
            ],
            lambda p, i, o: T[i, o, p] if p < R and i < V else b[o] if p == R and i == V else 0,
        ),
    }
    ok = True
    for lhs, entry in fams.values():
        G = {
            (p, i, o): entry(p, i, o) if o < R else int(p == R and i == V)
            for p in range(R + 1)
            for i in range(V + 1)
            for o in range(R + 1)
        }
        ok &= _zero(lhs + [1], _tt_step(G, ht, ft, R + 1, V + 1, R + 1))
    return bool(ok)


if __name__ == "__main__":
    for _name, _fn in sorted(globals().items()):
        if _name.startswith("prove_") and callable(_fn):
            print(f"{_name}: {_fn()}")
