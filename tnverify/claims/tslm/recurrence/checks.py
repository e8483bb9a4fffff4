"""Small checks of the TSLM recursion claims (tslm Eq. 16–21): 𝒯 of Eq. 16 built literally
(the recursion of the 𝒮 tensors with 𝒮_(1) = 1, :func:`eq16_tensor`), 𝒯_(t) of Eq. 18
(:func:`eq18_tensor`), the recurrence of Eq. 19 from h₀ = W⁻¹1, the conditional of Eq. 17–20
next to the exact conditional of the joint, and the multiplicative g of Eq. 20–21; the
registrations are in :mod:`.statements`."""

from __future__ import annotations

import numpy as np

from ....conventions import tolerance
from ....definitions.conditionals import conditionals
from ....equivalences import tslm_to_tt
from ....ranks.matricize import numerical_rank, tt_unfolding
from ... import Evidence
from ...compare import compare_ints, compare_values

__all__ = ["eq16_tensor", "eq18_tensor"]


# -- definitions -------------------------------------------------------------------
def _s_tensors(U, W, n):
    """``𝒮_{(1)}, …, 𝒮_{(n)}`` of Eq. 16: ``𝒮_{(j)}`` has shape ``(m,)*(j−1) + (r,)``,
    ``𝒮_{(j),k} = Σ_i W_{k,i} 𝒮_{(j−1),i} ⊗ u_i`` (``u_i`` = row ``i`` of ``U``)."""
    S = [np.ones(U.shape[0])]
    for _ in range(1, n):
        S.append(np.einsum("...i,id,ki->...dk", S[-1], U, W))
    return S


def eq16_tensor(lam, U, W, n) -> np.ndarray:
    """𝒯 of Eq. 16 (``m**n`` entries): ``Σ_i λ_i 𝒮_{(n),i} ⊗ u_i``."""
    return np.einsum("...i,id,i->...d", _s_tensors(U, W, n)[-1], U, lam)


def eq18_tensor(V, U, W, t) -> np.ndarray:
    """𝒯_{(t)} of Eq. 18 for ``t >= 2``, shape ``(m,)*(t−1) + (|V|,)``:
    ``𝒯_{(t),k} = Σ_i V_{k,i} 𝒮_{(t−1),i} ⊗ u_i`` (``V`` indexed ``[k, i]``)."""
    return np.einsum("...i,id,ki->...dk", _s_tensors(U, W, t - 1)[-1], U, V)


def _contract(T, alphas):
    """``⟨T, α_1 ⊗ ⋯ ⊗ α_j⟩`` over the leading ``j`` modes."""
    for a in alphas:
        T = np.tensordot(a, T, axes=(0, 0))
    return T


def _h_states(U, W, alphas):
    h = [np.linalg.solve(W, np.ones(W.shape[0]))]
    for a in alphas:
        h.append((W @ h[-1]) * (U @ a))
    return h


def _draw(rng, m, r, *, nonneg=False):
    f = (lambda *s: rng.uniform(0.1, 1.0, s)) if nonneg else (lambda *s: rng.standard_normal(s))
    lam, U = f(r), f(r, m)
    W = f(r, r) + (0.0 if nonneg else 2.0) * np.eye(r)  # invertible (checked by solve)
    return lam, U, W


def _abs_scale(lam, U, W, alphas):
    """Σ|terms| of ⟨𝒯, ⊗α⟩: the same contraction with every factor in absolute value."""
    return float(
        _contract(
            eq16_tensor(np.abs(lam), np.abs(U), np.abs(W), len(alphas)), [np.abs(a) for a in alphas]
        )
    )


# -- tslm-eq-16 --------------------------------------------------------------------
def _tt_vs_eq16(lam, U, W, n):
    T = eq16_tensor(lam, U, W, n)
    Tabs = eq16_tensor(np.abs(lam), np.abs(U), np.abs(W), n)
    r = U.shape[0]
    # n: r**n summed products of 2n factors per entry; scale: the |terms| tensor
    return T, compare_values(
        "𝒯 of Eq. 16 (𝒮 recursion) vs tslm_to_tt(U, W, λ).full()",
        tslm_to_tt(U, W, lam, n).full(),
        T,
        n=r**n + 2 * n,
        scale=Tabs,
        control=tslm_to_tt(U, W.T, lam, n).full(),
        control_label="the TT view with Wᵀ in place of W (W_{k,i} read as W_{i,k})",
    )


def pairing_tensor(m: int, n: int) -> np.ndarray:
    """The explicit target of tslm-eq-16: 𝒯_{d₁…d_n} = ∏_{k=1}^{⌊n/2⌋} δ(d_k, d_{k+⌊n/2⌋})
    (times 1 in a last mode when n is odd); for n = 4, 𝒯 = Σ_{a,b} e_a⊗e_b⊗e_a⊗e_b.

    Its unfolding after mode ⌊n/2⌋ is the identity of size m^{⌊n/2⌋}, so it has rank
    m^{⌊n/2⌋} > r = m for n ≥ 4 (tslm 'Recursive Tensor Decomposition', Eq. 16).
    """
    h = n // 2
    T = np.eye(m**h).reshape((m,) * (2 * h))
    if n % 2:
        T = np.multiply.outer(T, np.ones(m))
    return T


def _ranks(T):
    return [int(numerical_rank(tt_unfolding(T, k))) for k in range(1, T.ndim)]


def small_eq16(params, rng, corrected=False):
    m, r, n = params["m"], params["r"], params["length"]
    lam, U, W = _draw(rng, m, r)
    T, ev_tt = _tt_vs_eq16(lam, U, W, n)
    sizes = {"m": m, "r": r, "length": n}
    count = r + r * m + r * r
    # semantic control of the rank bound: a tensor not built by Eq. 16 (the printed
    # "decomposes any 𝒯") has an unfolding of rank > r
    free = rng.standard_normal((m,) * n)
    parts = {
        "Eq. 16 = TT view": ev_tt,
        "constructed 𝒯: every unfolding after mode k, k = 1..n−1, rank <= r": compare_ints(
            "unfolding ranks of 𝒯 (Eq. 16)",
            _ranks(T),
            [r] * (n - 1),
            "<=",
            control=_ranks(free),
            control_label="a random 𝒯 ∈ ℝ^{m^n}, not built by Eq. 16",
        ),
        "parameter count r + r·m + r² <= 3·m·r (O(m×r), r <= m)": compare_ints(
            "count vs 3mr", [count], [3 * m * r], "<="
        ),
    }
    details = {"free_parameters": count, "entries": m**n}
    if not corrected:
        # an explicit target, checkable by hand: 𝒯 = Σ_{a,b} e_a⊗e_b⊗e_a⊗e_b (for n = 4;
        # in general 𝒯_{d₁…d_n} = ∏_{k ≤ n/2} δ(d_k, d_{k+⌊n/2⌋})), whose unfolding after
        # mode ⌊n/2⌋ is the identity of size m^{⌊n/2⌋}
        target = pairing_tensor(m, n)
        rk = _ranks(target)
        tails = []
        # judged at the full rank the text allows, r = m ("r (r ≤ m) denotes the rank"),
        # so that "approximately" (the rank-r truncation) cannot be invoked
        for k in range(1, n):
            s = np.linalg.svd(tt_unfolding(target, k), compute_uv=False)
            tails.append(float(np.sqrt((s[m:] ** 2).sum()) / np.linalg.norm(target)))
        ev = compare_ints(
            "ranks of the unfoldings after modes 1, …, n−1 of 𝒯 = Σ_{a,b} "
            "e_a⊗e_b⊗e_a⊗e_b vs r = m, the largest r the paper allows (r ≤ m) (an Eq. 16 "
            "tensor has every unfolding after mode k (rows d₁…d_k, columns d_{k+1}…d_n), "
            "k = 1, …, n−1, of rank ≤ r)",
            rk,
            [m] * (n - 1),
            "<=",
            sizes=sizes,
        )
        # Eckart–Young: no Eq. 16 tensor is closer (in relative Frobenius norm ‖𝒯 − 𝒯'‖/‖𝒯‖)
        # than the discarded singular-value tail of any unfolding
        ev.details.update(relative_distance_lower_bound=max(tails), per_unfolding=tails)
        if ev.counterexample is not None:
            k = int(np.argmax(tails)) + 1
            ev.counterexample.update(
                cut_after_mode=k,
                rank=rk[k - 1],
                r=m,
                relative_frobenius_distance_at_least=max(tails),
            )
        parts["an arbitrary 𝒯 ∈ ℝ^{m^n} is representable at r = m"] = ev
    return Evidence(
        "Eq. 16: construction, TT view, ranks, parameter count"
        + ("" if corrected else ", representability of arbitrary 𝒯"),
        parts=parts,
        sizes=sizes,
        details=details,
    )


# -- tslm-eq-19 --------------------------------------------------------------------
def small_eq19(params, rng):
    m, r, n, S = params["m"], params["r"], params["length"], params.get("samples", 8)
    lam, U, W = _draw(rng, m, r)
    T = eq16_tensor(lam, U, W, n)
    lhs, rhs, scale, wrong = [], [], [], []
    for _ in range(S):
        alphas = [rng.standard_normal(m) for _ in range(n)]
        lhs.append(float(_contract(T, alphas)))
        rhs.append(float(lam @ _h_states(U, W, alphas)[-1]))
        scale.append(_abs_scale(lam, U, W, alphas))
        # control: Eq. 19 with Wᵀ in place of W (the transposed index; printed nowhere)
        hw = np.linalg.solve(W.T, np.ones(r))
        for a in alphas:
            hw = (W.T @ hw) * (U @ a)
        wrong.append(float(lam @ hw))
    # n: m**n · r**n summed products per inner product (explicit side) + the solve for h0;
    # scale: Σ|terms| per sample, times cond(W) for the W⁻¹ of h0
    cond = float(np.linalg.cond(W))
    return compare_values(
        "⟨𝒯 (Eq. 16), α₁⊗⋯⊗α_n⟩ vs λᵀh_n of Eq. 19 from h₀ = W⁻¹1",
        rhs,
        lhs,
        n=(m * r) ** n + r,
        scale=np.array(scale) * cond,
        sizes={"m": m, "r": r, "length": n, "samples": S},
        details={"cond_W": cond},
        control=wrong,
        control_label="the recursion with Wᵀ in place of W",
    )


# -- tslm-eq-17 --------------------------------------------------------------------
def _env_readout(lam, U, W, t, n):
    """``V_t = Uᵀ diag(e_t) W`` with ``e_tᵀ = λᵀ (diag(U1) W)^{n−t}``: the readout whose
    linear normalisation of ``V_t h_{t−1}`` is the exact conditional (one-hot, m = |V|)."""
    M = np.diag(U.sum(axis=1)) @ W
    e = lam @ np.linalg.matrix_power(M, n - t)
    return U.T @ np.diag(e) @ W


def _eq17_explicit():
    """tslm-eq-17's index shift on an example checkable by hand: m = r = |V| = 1,
    U = W = V = 1 (so h₀ = W⁻¹1 = 1), α₁ = α₂ = 2 (with |V| = 1 both inputs are the one
    word), steps 1-based as in the paper.  Eq. 19 gives h₁ = 2, h₂ = 4; Eq. 18 gives
    𝒯_(2) = V u = 1, so ⟨𝒯_(2), 𝒜_(1)⟩ = VUα₁ = 2 = Vh₁, while the printed y₂ = Vh₂ = 4."""
    one = np.ones((1, 1))
    alphas = [np.array([2.0]), np.array([2.0])]
    h = _h_states(one, one, alphas)
    y17 = _contract(eq18_tensor(one, one, one, 2), alphas[:1])
    label = ["t = 2 (1-based, the paper's step), word k = 0 (0-based; the only word)"]
    return compare_values(
        "computed: y₂ = V h₂ as printed in Eq. 20; reference: ⟨𝒯_(2), 𝒜_(1)⟩ of Eq. 17–18 "
        "(= V h₁); explicit: m = r = |V| = 1, U = W = V = 1, h₀ = 1, α₁ = α₂ = 2",
        [one @ h[2]],
        [y17],
        n=4,
        labels=label,
        sizes={"m": 1, "r": 1, "vocab_size": 1, "length": 2},
    )  # the meant y₂ = V h₁ equals the reference: it is the corrected twin, not a control


def eq17_transposed(params, rng, corrected):
    m, r, Vs, n = params["m"], params["r"], params["vocab_size"], params["length"]
    lam, U, W = _draw(rng, m, r)
    V = rng.standard_normal((Vs, r))
    alphas = [rng.standard_normal(m) for _ in range(n)]
    h = _h_states(U, W, alphas)
    cond = float(np.linalg.cond(W))
    y17, y_prev, y_lit, scale = [], [], [], []
    for t in range(2, n + 1):
        y17.append(_contract(eq18_tensor(V, U, W, t), alphas[: t - 1]))
        scale.append(
            _contract(
                eq18_tensor(np.abs(V), np.abs(U), np.abs(W), t),
                [np.abs(a) for a in alphas[: t - 1]],
            )
            * cond
        )
        y_prev.append(V @ h[t - 1])
        y_lit.append(V @ h[t])
    labels = [
        f"t = {t} (1-based, the paper's step), word k = {k} of 0..{Vs - 1} (0-based)"
        for t in range(2, n + 1)
        for k in range(Vs)
    ]
    # n: (m·r)^(t−1) summed products per logit + r for the solve; scale: Σ|terms|·cond(W)
    kw = dict(n=(m * r) ** n + r, scale=np.array(scale), labels=labels)
    parts = {
        "Eq. 17 vs y_t = V h_{t−1}": compare_values(
            "⟨𝒯_(t), 𝒜_(t−1)⟩ (Eq. 17–18) vs V h_{t−1}, t = 2..n",
            y_prev,
            y17,
            **kw,
            control=y_lit,
            control_label="y_t = V h_t as printed in Eq. 20",
        )
    }
    if not corrected and (m, r, Vs, n) == (1, 1, 1, 2):  # the first case: by hand too
        parts = {"explicit: m = r = |V| = 1, α₁ = α₂ = 2": _eq17_explicit(), **parts}
    if not corrected:
        parts["Eq. 17 vs Eq. 20 as printed (y_t = V h_t)"] = compare_values(
            "computed: (y_t)_k = (V h_t)_k as printed in Eq. 20; reference: ⟨𝒯_(t), 𝒜_(t−1)⟩_k "
            "of Eq. 17–18; t = 2..n",
            y_lit,
            y17,
            **kw,
        )
    return Evidence(
        "Eq. 17–18 vs Eq. 19–20 (V ∈ ℝ^{|V|×r})" + (", y_t = V h_{t−1}" if corrected else ""),
        parts=parts,
        sizes=dict(params),
        details={"cond_W": cond},
    )


def _conditional_parts(params, rng, corrected):
    """Joint 𝒯 of Eq. 16 with m = |V|, one-hot α and λ, U, W > 0 (a probability tensor up
    to normalisation): exact conditionals (Eq. 15) vs readouts of h_{t−1}."""
    Vs, r, n = params["vocab_size"], params["r"], params["length"]
    lam, U, W = _draw(rng, Vs, r, nonneg=True)
    T = eq16_tensor(lam, U, W, n)
    prefix = list(rng.integers(0, Vs, n - 1))
    eye = np.eye(Vs)
    h = _h_states(U, W, [eye[w] for w in prefix])
    exact, lin, soft, t_dep = [], [], [], []
    conds = conditionals(T)  # the ratio of marginals, Eq. 15
    for t in range(1, n + 1):
        exact.append(conds[t - 1][tuple(prefix[: t - 1])])
        y = _env_readout(lam, U, W, t, n) @ h[t - 1]
        lin.append(y / y.sum())
        soft.append(np.exp(y - y.max()) / np.exp(y - y.max()).sum())
        t_dep.append(_env_readout(lam, U, W, t, n) / np.abs(_env_readout(lam, U, W, 1, n)).max())
    labels = [[t, k] for t in range(1, n + 1) for k in range(Vs)]
    cond = float(np.linalg.cond(W))
    kw = dict(n=_conditional_ops(Vs, r, n), scale=np.array(exact) * cond, labels=labels)
    parts = {
        "exact conditional (Eq. 15) vs linear normalisation of V_t h_{t−1}": compare_values(
            "Σ_future 𝒯 ratios vs V_t h_{t−1} / Σ, V_t = Uᵀdiag(e_t)W", lin, exact, **kw
        ).keyed("linear-normalisation")
    }
    if not corrected:
        parts["exact conditional (Eq. 15) vs softmax(V_t h_{t−1}) (Eq. 17/20)"] = compare_values(
            "Σ_future 𝒯 ratios vs softmax of the same logits", soft, exact, **kw
        ).keyed("softmax")
    parts[next(iter(parts))].details["readout_changes_with_t"] = float(
        max(np.abs(a - t_dep[0]).max() for a in t_dep)
    )
    return parts


def _conditional_ops(Vs, r, n):
    """Accumulated operations of the exact-vs-readout conditional comparison (m = |V|).

    Every term is nonnegative (λ, U, W > 0, one-hot α; only h₀ = W⁻¹1 is signed and
    W h₀ = 1 up to cond(W)·eps, the cond(W) factor of the scale), so each side has a
    *relative* error ≤ γ_n with n the longest chain of roundings (Higham §3.1, §3.5):
    an entry of 𝒯 by the nested 𝒮 recursion of Eq. 16, n levels of r-term sums of
    3-factor products: n·(r + 2) (not (|V|·r)^n: the sums are nested, not flat); a
    marginal ratio sums ≤ |V|^n entries; the readout e_t (≤ n r-term products, U1),
    h_{t−1} (n r-term steps), V_t h (two r-term sums) and the normalisation (|V|).
    The scale is therefore the exact conditional itself (times cond(W)), entry by entry.
    """
    return Vs**n + n * (r + 2) + n * (r + 1) + n * r + Vs + 2 * r + Vs


def small_eq17(params, rng):
    r, Vs = params["r"], params["vocab_size"]
    printed = Evidence(
        "V as printed, V ∈ ℝ^{r×|V|}",
        ill_posed=(
            f"V_{{k,i}} (k over the |V| = {Vs} words) and V h_t (h_t ∈ ℝ^{r}) need "
            f"V ∈ ℝ^{{|V|×r}}; the printed V ∈ ℝ^{{r×|V|}} is {r}×{Vs}"
        ),
    )
    if Vs == r:
        printed = eq17_transposed(params, rng, corrected=False)
    # considered and ruled out (the text defines the model's conditional, not the joint's)
    cond = Evidence(
        "softmax / linear normalisation vs the exact conditional of 𝒯 (Eq. 15)",
        parts=_conditional_parts(params, rng, False),
        sizes=dict(params),
    )
    return Evidence(
        "Eq. 17 (with Eq. 18) vs Eq. 20",
        readings={
            "V as printed r×|V|": printed,
            "V |V|×r": eq17_transposed(params, rng, False).keyed("v-transposed"),
            "exact conditional of 𝒯": cond.keyed("exact-conditional"),
        },
        sizes=dict(params),
    )


# -- tslm-eq-21 --------------------------------------------------------------------
def _g_tslm(a, b):
    return a * b


def _g_rnn(a, b):
    return np.tanh(a + b)


def _nonlinear(name, g, rng, r, joint):
    a, a2, b, b2 = (rng.standard_normal(r) for _ in range(4))
    c = float(rng.uniform(1.5, 3.0))
    if joint:
        add = g(a + a2, b + b2) - g(a, b) - g(a2, b2)
        hom = g(c * a, c * b) - c * g(a, b)
        what = "g(a+a′, b+b′) − g(a,b) − g(a′,b′) and g(ca, cb) − c·g(a,b)"
    else:
        add = g(a + a2, b) - g(a, b) - g(a2, b)
        hom = g(c * a, b) - c * g(a, b)
        what = "g(a+a′, b) − g(a,b) − g(a′,b) and g(ca, b) − c·g(a,b) (first argument)"
    err = float(max(np.abs(add).max(), np.abs(hom).max()))
    # n: a handful of flops per entry; norm: the size of the terms
    tol = tolerance(
        np.float64,
        n=4,
        norm=float(c * (np.abs(a) + np.abs(a2)).max() * (np.abs(b) + np.abs(b2) + 1).max()),
    )
    ok = err > float(tol)
    # control: the same test on a linear map (jointly: 2a − 3b; per argument: 2a)
    lin = (lambda x, y: 2 * x - 3 * y) if joint else (lambda x, y: 2 * x)
    if joint:
        c_add = lin(a + a2, b + b2) - lin(a, b) - lin(a2, b2)
        c_hom = lin(c * a, c * b) - c * lin(a, b)
    else:
        c_add = lin(a + a2, b) - lin(a, b) - lin(a2, b)
        c_hom = lin(c * a, b) - c * lin(a, b)
    c_err = float(max(np.abs(c_add).max(), np.abs(c_hom).max()))
    control = Evidence(
        f"control (the linear map {'2a − 3b' if joint else '2a'}) of: {name} is non-linear",
        passed=c_err > float(tol),
        details={"max_violation_of_linearity": c_err},
    )
    return Evidence(
        f"{name} is non-linear: {what} beyond rounding",
        error=err,
        tolerance=tol,
        passed=ok,
        counterexample=None if ok else {"function": name, "max_violation_of_linearity": err},
        control=control,
    )


def small_eq21(params, rng):
    r = params["r"]
    readings = {}
    for key, joint in (("jointly in (a, b)", True), ("separately in each argument", False)):
        readings[key] = Evidence(
            f"g non-linear {key}",
            parts={
                "g_TSLM = a ⊙ b": _nonlinear("g_TSLM", _g_tslm, rng, r, joint),
                "g_RNN = tanh(a + b) (reference)": _nonlinear("g_RNN", _g_rnn, rng, r, joint),
            },
        )
    return Evidence(
        "linearity tests of g_TSLM (Eq. 20–21), g_RNN for reference",
        readings=readings,
        sizes={"r": r},
        details={
            "not_checkable": "'capable of expressing more complex semantic "
            "information' is an empirical statement with no definition"
        },
    )
