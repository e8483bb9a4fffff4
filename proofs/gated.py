"""sympy proofs for the [gated-lmm] claims of grurntn; tnverify.claims.grurntn.gated_cells.

Each ``prove_*`` decides an identity by ``sympy.expand(lhs - rhs) == 0`` (after
``expand_log`` / ``powsimp`` where logarithms and powers of positive symbols are
involved).  Imports only sympy and the standard library.
"""

from __future__ import annotations

import sympy as sp


def _zero(expr) -> bool:
    return sp.expand(sp.expand_log(sp.powsimp(sp.expand(expr), force=True), force=True)) == 0


def _sigmoid(a):
    return 1 / (1 + sp.exp(-a))


def tanh_derivative_is_one_minus_square() -> bool:
    """d/da tanh(a) = 1 − tanh²(a) (the true f′ for f = tanh)."""
    a = sp.Symbol("a", real=True)
    return _zero(sp.diff(sp.tanh(a), a) - (1 - sp.tanh(a) ** 2))


def printed_tanh_derivative_differs() -> bool:
    """The printed f′ = (1 − tanh a)² differs from 1 − tanh² a: their difference is
    −2 tanh(a)(1 − tanh(a)), nonzero e.g. at a = 1.  Returns True when they differ."""
    a = sp.Symbol("a", real=True)
    diff = sp.expand((1 - sp.tanh(a)) ** 2 - (1 - sp.tanh(a) ** 2))
    closed = sp.expand(-2 * sp.tanh(a) * (1 - sp.tanh(a)))
    return sp.expand(diff - closed) == 0 and sp.N(diff.subs(a, 1)) != 0


def sigmoid_derivative_as_printed() -> bool:
    """d/da σ(a) = σ(a)(1 − σ(a)) (the printed sigmoid case is right)."""
    a = sp.Symbol("a", real=True)
    lhs = sp.diff(_sigmoid(a), a)
    rhs = _sigmoid(a) * (1 - _sigmoid(a))
    return sp.simplify(sp.together(lhs - rhs)) == 0


#: the gates σ(·) as undefined smooth functions: the identity needs no property of σ, and
#: their derivatives stay atoms (a much smaller expansion).
_GATE_R, _GATE_Z = sp.Function("R"), sp.Function("Z")


def _gru_step(x, h, W, p, cand=None):
    """Scalar GRURNTN step (i = d = 1, f = tanh, gates R, Z generic); ``cand`` replaces
    h̃ by a symbol."""
    r = _GATE_R(p["xr"] * x + p["hr"] * h + p["br"])
    z = _GATE_Z(p["xz"] * x + p["hz"] * h + p["bz"])
    u = r * h
    a = x * W * u + p["xh"] * x + p["hh"] * u + p["bh"]
    ht = sp.tanh(a) if cand is None else cand
    return (1 - z) * h + z * ht, a, u


def two_step_bptt(reading: str = "total", fprime: str = "true") -> bool:
    """E = g(h₁) + g(h₂) over two scalar GRURNTN steps sharing W: dE/dW (sympy) equals
    Σ_j (∂E/∂h̃_j) f′(a_j) x_j u_j with the total signal and f′ = 1 − tanh² (the
    corrected Eq. 24); ``reading="local"`` (direct partials only) or ``fprime="printed"``
    ((1 − tanh)²) give the printed variants, which are not identities."""
    fp = (lambda a: 1 - sp.tanh(a) ** 2) if fprime == "true" else (lambda a: (1 - sp.tanh(a)) ** 2)
    x1, x2, h0, W = sp.symbols("x1 x2 h0 W", real=True)
    c1, c2 = sp.symbols("c1 c2", real=True)
    p = {k: sp.Symbol(k, real=True) for k in ("xr", "hr", "br", "xz", "hz", "bz", "xh", "hh", "bh")}
    g = lambda h: c1 * h + c2 * h**2
    H1, H2 = sp.symbols("H1 H2", real=True)  # stand-ins for h̃_1, h̃_2
    h1s, a1, u1 = _gru_step(x1, h0, W, p, cand=H1)
    h1 = h1s.subs(H1, sp.tanh(a1))
    h2s, a2, u2 = _gru_step(x2, h1, W, p, cand=H2)
    h2 = h2s.subs(H2, sp.tanh(a2))
    E = g(h1) + g(h2)
    lhs = sp.diff(E, W)
    # totals: ∂E/∂h̃_2 through h_2; ∂E/∂h̃_1 through h_1 and everything after it
    dE_dH2 = sp.diff(g(h1) + g(h2s), H2).subs(H2, sp.tanh(a2))
    E_of_H1 = g(h1s) + (g(_gru_step(x2, h1s, W, p)[0]) if reading == "total" else 0)
    dE_dH1 = sp.diff(E_of_H1, H1).subs(H1, sp.tanh(a1))
    rhs = dE_dH1 * fp(a1) * x1 * u1 + dE_dH2 * fp(a2) * x2 * u2
    return sp.expand(lhs - rhs) == 0


def prove_grurntn_eq_24_corrected() -> bool:
    """Corrected Eq. 24 (grurntn §III-C): f′ = 1 − tanh² (printed (1 − tanh)² differs),
    σ′ = σ(1 − σ), and the BPTT sum with the total ∂E/∂h̃_j equals dE/dW on two steps.

    Induction: for T steps, E depends on W only through a_1..a_T, so dE/dW =
    Σ_j (∂E/∂a_j)_total ∂a_j/∂W|_explicit (chain rule over the DAG); with
    ∂E/∂a_j = (∂E/∂h̃_j)_total f′(a_j) and ∂a_j/∂W_{pqk} = x_{j,p} u_{j,q} on slice k, each
    step adds one term; the two-step case checks that the "total" signal carries the
    dependence of later steps on h̃_j (the step from T to T + 1 is the same computation
    with h_T in place of h_1).
    """
    return (
        tanh_derivative_is_one_minus_square()
        and printed_tanh_derivative_differs()
        and sigmoid_derivative_as_printed()
        and two_step_bptt()
    )


def prove_grurntn_eq_21(T: int = 10) -> bool:
    """Eq. 22 = Eq. 23: −log Π_{i=1}^T P_i = −Σ_i log P_i for positive P_i (T = 10)."""
    P = sp.symbols(f"P1:{T + 1}", positive=True)
    return _zero(-sp.log(sp.Mul(*P)) + sum(sp.log(q) for q in P))


def prove_grurntn_eq_27(N: int = 4) -> bool:
    """Eq. 27: 2^{−(1/N) Σ log₂ P_i} = exp(−(1/N) Σ ln P_i) (tslm's form), and
    Eq. 28: −(1/N) Σ log₂ P_i = (−(1/N) Σ ln P_i) / ln 2 (N = 4, positive P_i)."""
    P = sp.symbols(f"P1:{N + 1}", positive=True)
    log2 = [sp.log(q, 2) for q in P]
    nll = -sum(sp.log(q) for q in P) / N
    ppl27 = sp.Integer(2) ** (-sum(log2) / N)
    bpc28 = -sum(log2) / N
    same_ppl = sp.simplify(sp.log(ppl27) - nll) == 0  # both positive: compare logs
    same_bpc = _zero(bpc28 - nll / sp.log(2))
    return bool(same_ppl and same_bpc)


if __name__ == "__main__":
    for name, fn in sorted(globals().items()):
        if name.startswith("prove_") and callable(fn):
            print(f"{name}: {fn()}")
