"""Small (numpy, float64) sides of the universality claims of gtm §5.1 and App. A: the
forward-error scales shared by the topic, Lemma 5.1 and Prop. A.4 (the spans of Thm. 5.1
and §4.2 are in :mod:`.spans`, Prop. A.5 in :mod:`.product`); registered in
:mod:`.statements`.

Error measures: every grid comparison divides the difference by the *forward-error
scale* — the grid of the absolute network (|C|, |𝒢|, |λ|, |v|, |F|, same ξ and h^{(0)}).
Each ξ used here satisfies |ξ(x, y)| ≤ ξ(|x|, |y|) and is 1-Lipschitz in each argument
(ξ = xy: Lipschitz |other argument|, which the absolute network carries), so that grid
bounds the accumulated rounding to first order; ``n`` is the longest chain of operations
(Σ_t (L_t·R_{t−1} + M) for an RNN, R + T + M for a shallow network).
"""

from __future__ import annotations

import math

import numpy as np

from ....conventions import tolerance
from ....definitions.explicit import all_sequences
from ....generalized import constructions as gc
from ....generalized.grid import (
    GeneralizedRNN,
    ShallowNetwork,
    grid_tensor,
    random_generalized_rnn,
    random_shallow,
)
from ....generalized.xi import XI_NAMES, get_xi
from ... import Evidence
from ...compare import compare_values
from ...readings import Reading
from ..controls import passed_with_control

#: Candidates tried for h^{(0)} when an operator has no unit (gtm-prop-a.4 check).
UNIT_CANDIDATES = (0.0, 1.0, -1.0)
#: Operators of the gtm-lemma-5.1 check (the claims catalogue).
LEMMA_XIS = ("relu", "product", "l2", "softplus")


# -- forward-error scales ------------------------------------------------------------------
def abs_network(net):
    """The same network on absolute weights (forward-error scale, module docstring)."""
    if isinstance(net, ShallowNetwork):
        return ShallowNetwork(np.abs(net.weights), np.abs(net.templates), net.xi)
    return GeneralizedRNN(
        tuple(np.abs(c) for c in net.C),
        tuple(np.abs(g) for g in net.G),
        net.xi,
        h0=abs(net.h0) if math.isfinite(net.h0) else net.h0,
    )


def chain_length(net) -> int:
    """n: the longest chain of accumulated operations of one grid entry."""
    if isinstance(net, ShallowNetwork):
        return net.rank + net.length + net.n_features
    return sum(g.shape[0] * g.shape[1] + net.n_features for g in net.G)


def compare_grid(
    what, net, F, reference, *, n=None, labels=True, transposed_control=False
) -> Evidence:
    """Γ of ``net`` (Prop. A.2/A.3 builder) vs ``reference``, scaled by the abs network.
    ``transposed_control``: the negative control is Γ with its first two modes transposed
    (x^(1) and x^(2) exchanged), not the perturbed entry."""
    got = grid_tensor(net, F)
    scale = grid_tensor(abs_network(net), np.abs(F))
    M, T = F.shape[0], net.length
    lab = [s.tolist() for s in all_sequences(M, T)] if labels else None
    ctrl = {}
    if transposed_control and T >= 2:
        ctrl = dict(
            control=np.swapaxes(got, 0, 1),
            control_label="Γ with the modes of x^(1) and x^(2) transposed",
        )
    return compare_values(
        what,
        got,
        reference,
        n=chain_length(net) if n is None else n,
        scale=scale,
        labels=lab,
        sizes={"M": M, "T": T},
        **ctrl,
    )


def invertible_F(M, rng):
    F = rng.standard_normal((M, M))
    while np.linalg.cond(F) > 1e3:  # §5 assumes F invertible; keep it well conditioned
        F = rng.standard_normal((M, M))
    return F


# -- gtm-lemma-5.1 -------------------------------------------------------------------------
def _printed_shapes(A, B, C) -> Evidence:
    T = A.length
    LA, LB = A.G[0].shape[0], B.G[0].shape[0]
    want = []
    for t in range(T):
        p = 1 if t == 0 else A.ranks[t] + B.ranks[t]
        q = 1 if t == T - 1 else A.ranks[t + 1] + B.ranks[t + 1]
        want.append((LA + LB, p, q))

    def as_printed(net):
        got = [tuple(g.shape) for g in net.G]
        blocks = all(np.array_equal(net.C[t], np.vstack([A.C[t], B.C[t]])) for t in range(T))
        return got == want and blocks

    got = [tuple(g.shape) for g in C.G]
    ok = as_printed(C)
    wrong = gc.combine_networks(1.0, B, 1.0, A)
    return passed_with_control(
        "shapes of 𝒢_C^(t) as printed and C_C^(t) = [C_A; C_B]",
        as_printed,
        C,
        wrong,
        "the network combined with A and B swapped ([C_B; C_A])",
        details={"got": [list(s) for s in got], "printed": [list(s) for s in want]},
        counterexample=None if ok else {"got": got, "printed": want},
    )


def _hidden_parts(A, B, C, a, b, F) -> dict:
    M, T = F.shape[0], A.length
    feats = F[all_sequences(M, T)]
    hA, hB, hC = A.hidden_states(feats), B.hidden_states(feats), C.hidden_states(feats)
    sA = abs_network(A).hidden_states(np.abs(feats))
    sB = abs_network(B).hidden_states(np.abs(feats))
    n = chain_length(C)
    parts = {}
    for t in range(1, T):
        parts[f"h_C^({t}) = [h_A; h_B]"] = compare_values(
            f"h_C^({t}) vs [h_A^({t}); h_B^({t})]",
            hC[t],
            np.hstack([hA[t], hB[t]]),
            n=n,
            scale=np.hstack([sA[t], sB[t]]),
        )
    parts[f"h_C^({T}) = a h_A + b h_B"] = compare_values(
        f"h_C^({T}) vs a h_A^({T}) + b h_B^({T})",
        hC[T],
        a * hA[T] + b * hB[T],
        n=n,
        scale=abs(a) * sA[T] + abs(b) * sB[T],
    )
    return parts


def small_lemma_5_1(params, rng):
    M, T, a, b = params["M"], params["T"], params["a"], params["b"]
    F = invertible_F(M, rng)
    cases = {}
    for name in LEMMA_XIS:
        A = random_generalized_rnn(M, T, params["RA"], name, rng, L=params["LA"])
        B = random_generalized_rnn(M, T, params["RB"], name, rng, L=params["LB"])
        C = gc.combine_networks(a, A, b, B)
        ref = a * grid_tensor(A, F) + b * grid_tensor(B, F)
        scale = abs(a) * grid_tensor(abs_network(A), np.abs(F)) + abs(b) * grid_tensor(
            abs_network(B), np.abs(F)
        )
        labels = [s.tolist() for s in all_sequences(M, T)]
        parts = {
            "weights as printed": _printed_shapes(A, B, C),
            "Γ_C = aΓ_A + bΓ_B": compare_values(
                "Γ^{ℓ_C} (recursion) vs aΓ^{ℓ_A} + bΓ^{ℓ_B}",
                grid_tensor(C, F),
                ref,
                n=chain_length(C),
                scale=scale,
                labels=labels,
            ),
            **_hidden_parts(A, B, C, a, b, F),
        }
        cases[f"ξ = {get_xi(name).label}"] = Evidence(
            f"Lemma 5.1 network for ξ = {name}",
            parts=parts,
            sizes={"ranks_A": list(A.ranks), "ranks_B": list(B.ranks), "ranks_C": list(C.ranks)},
        )
    return Evidence(
        "Lemma 5.1: printed combined weights; grid and hidden states",
        parts=cases,
        sizes={"M": M, "T": T, "a": a, "b": b, "L_A": params["LA"], "L_B": params["LB"]},
    )


# -- gtm-prop-a.4 --------------------------------------------------------------------------
def _a4_compare(shallow, F, h0) -> Evidence:
    rnn = gc.rank_one_to_rnn(shallow, h0=h0)
    ev = compare_grid(
        "Γ of the Prop. A.4 RNN vs Γ of the rank-1 shallow network (Eq. 20)",
        rnn,
        F,
        grid_tensor(shallow, F),
        n=chain_length(shallow),
        transposed_control=True,
    )
    ev.details["ranks"] = list(rnn.ranks)
    return ev


def _mixed_sign_shallow(shallow, F):
    """The same rank-1 network with template values (F v^{(t)})_m of both signs at every t
    (m = 0 negative, m = 1 positive): "an arbitrary" network may have them, and only then
    does ξ(c, u) ≠ c show at T = 1 for units that are not two-sided identities."""
    v = np.array(shallow.templates)
    for t in range(v.shape[0]):
        w = F @ v[t, 0]
        w[0], w[1] = -abs(w[0]), abs(w[1])
        v[t, 0] = np.linalg.solve(F, w)
    return ShallowNetwork(shallow.weights, v, shallow.xi)


#: The readings of Prop. A.4 (gtm-prop-a.4 decision): T ≥ 2 with the §4.1 unit decides; ξ
#: of one operand (T = 1) is never defined, and operators without a unit are excluded by
#: the standing assumption — both are computed and shown as ruled out.
PROP_A_4_READINGS = (
    Reading(
        "T>=2, unit",
        "T ≥ 2; ξ associative, commutative, with a unit u in the sense "
        "ξ(x, y, u) = ξ(x, y); h^(0) = u; width-1 generalized RNN (R_t = 1) whose "
        "grid/score equals λ ξ(a_1, …, a_T)",
        True,
        "Henceforth, we will assume that such an element exists",
        "gtm §4.1 'Initial hidden state'; App. A proof of Prop. A.4: '(with h^(0) being "
        "the unity of the operator ξ)'",
    ),
    Reading(
        "T=1, ξ(a) = a",
        "length-1 sequences, one-operand ξ left as the operand",
        False,
        "Note that this operator easily generalizes to the arbitrary number of operands "
        "due to associativity",
        "gtm §4.1 before Eq. 13 (one-operand ξ is never defined); Prop. A.4 'unit ranks "
        "(R₁ = ⋯ = R_{T−1} = 1)' presupposes T ≥ 2",
    ),
    Reading(
        "T=1, ξ(a) = ξ(a, u)",
        "length-1 sequences, one operand padded with the unit",
        False,
        "Note that this operator easily generalizes to the arbitrary number of operands "
        "due to associativity",
        "gtm §4.1 before Eq. 13; Prop. A.4 'unit ranks (R₁ = ⋯ = R_{T−1} = 1)'",
    ),
    Reading(
        "no unit",
        "'for any associative and commutative ξ' including operators without "
        "a unit (ln(eˣ + eʸ) in ℝ)",
        False,
        "(with h^(0) being the unity of the operator ξ)",
        "gtm App. A, proof of Prop. A.4; standing assumption of §4.1 'Henceforth, we "
        "will assume that such an element exists'",
    ),
)
_ONE_OPERAND = ("T=1, ξ(a) = a", "T=1, ξ(a) = ξ(a, u)")


def _one_operand_reference(shallow, F, reading: str) -> np.ndarray:
    """λ ξ(⟨f, v⟩) on the M templates (T = 1) under a one-operand reading."""
    lam, v, xi = shallow.weights[0], shallow.templates[0, 0], shallow.xi
    a = F @ v
    return lam * (a if reading == "T=1, ξ(a) = a" else xi.numpy(a, np.full_like(a, xi.unit)))


def _one_operand_readings(M, rng) -> dict:
    """The proof's L = 1 weights at T = 1 under both one-operand conventions (ruled out)."""
    F = invertible_F(M, rng)
    one = {r: {} for r in _ONE_OPERAND}
    for name in XI_NAMES:
        xi = get_xi(name)
        shallow = _mixed_sign_shallow(random_shallow(M, 1, 1, xi, rng), F)
        rnn = gc.rank_one_to_rnn(shallow)
        for reading in _ONE_OPERAND:
            one[reading][f"ξ = {xi.label}"] = compare_grid(
                f"Γ of the Prop. A.4 RNN vs λ ξ(⟨f, v⟩) read as {reading}",
                rnn,
                F,
                _one_operand_reference(shallow, F, reading),
                n=chain_length(shallow),
            )
    return {
        r: Evidence(
            f"T = 1, one operand: {r} (outside the statement's domain)",
            parts=p,
            sizes={"M": M, "T": 1},
        ).keyed("t1-plain" if r == _ONE_OPERAND[0] else "t1-with-unit")
        for r, p in one.items()
    }


def small_prop_a_4(params, rng):
    """Prop. A.4 for every ξ with a unit (T ≥ 2): the printed width-1 RNN vs the rank-1
    shallow network.  Shown, ruled out: real h^(0) for ln(eˣ + eʸ) (no unit in ℝ) and the
    T = 1 conventions for ξ of one operand."""
    M, T = params["M"], params["T"]
    F = invertible_F(M, rng)
    parts, no_unit = {}, {}
    for name in XI_NAMES:
        xi = get_xi(name)
        shallow = _mixed_sign_shallow(random_shallow(M, T, 1, xi, rng), F)
        ev = _a4_compare(shallow, F, None)
        ev.details.update(h0=xi.unit, unit_in_reals=xi.unit_in_reals)
        label = f"ξ = {xi.label}"
        if not xi.unit_in_reals:
            label += " (relies on the extended-real unit u = −∞)"
            for u in UNIT_CANDIDATES:
                no_unit[f"ξ = {xi.label}, h^(0) = {u:g}"] = _a4_compare(shallow, F, u)
        parts[label] = ev
    sizes = {"M": M, "T": T}
    readings = {
        "T>=2, unit": Evidence(
            "Prop. A.4: width-1 RNN vs rank-1 shallow network, each ξ with h^(0) its unit",
            parts=parts,
            sizes=sizes,
        ),
        "no unit": Evidence(
            "ξ without a real unit, h^(0) a real number", parts=no_unit, sizes=sizes
        ).keyed("no-unit"),
    }
    readings.update(_one_operand_readings(M, rng))
    return Evidence(
        "Prop. A.4: width-1 RNN vs rank-1 shallow network", sizes=sizes, readings=readings
    )


def _two_sided_unit(xi, rng) -> tuple[bool, float]:
    """Whether the unit u of ξ is a two-sided identity, ξ(x, u) = x (reading (b) of
    gtm-xi-operators), on 64 random x of both signs; returns (verdict, max |ξ(x,u) − x|)."""
    x = rng.standard_normal(64) * 3.0
    err = float(np.max(np.abs(xi.numpy(x, np.full_like(x, xi.unit)) - x)))
    return err <= float(tolerance(np.float64, n=2, norm=float(np.abs(x).max()))), err


def small_prop_a_4_corrected(params, rng):
    """The variant of Prop. A.4 with the length made explicit: for T ≥ 2 the construction
    reproduces the shallow grid for every ξ with a unit; at T = 1 it computes λ ξ(c, u),
    which is λ c exactly when the unit is a two-sided identity."""
    M, T = params["M"], params["T"]
    F = invertible_F(M, rng)
    parts = {}
    for name in XI_NAMES:
        xi = get_xi(name)
        shallow = _mixed_sign_shallow(random_shallow(M, T, 1, xi, rng), F)
        if T >= 2:
            parts[f"ξ = {xi.label}, T ≥ 2: grids agree"] = _a4_compare(shallow, F, None)
            continue
        two_sided, err = _two_sided_unit(xi, rng)
        rnn = gc.rank_one_to_rnn(shallow)
        want = _one_operand_reference(shallow, F, "T=1, ξ(a) = ξ(a, u)")
        plain = _one_operand_reference(shallow, F, "T=1, ξ(a) = a")
        ev = compare_grid(
            f"ξ = {xi.label}, T = 1: Γ of the Prop. A.4 RNN vs λ ξ(c, u)",
            rnn,
            F,
            want,
            n=chain_length(shallow),
        )
        ev.details.update(
            two_sided_unit=two_sided,
            max_abs_xi_x_u_minus_x=err,
            equals_lambda_c=bool(np.allclose(want, plain, rtol=0, atol=0)),
        )
        parts[f"ξ = {xi.label}, T = 1: grid = λ ξ(c, u)"] = ev
    return Evidence(
        "Prop. A.4 (length made explicit): width-1 RNN vs rank-1 shallow network",
        parts=parts,
        sizes={"M": M, "T": T},
    )
