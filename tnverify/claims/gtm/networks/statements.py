"""xi-networks claims on generalized networks (gtm §4.1–4.2, App. A–B): the ξ-operators
and their units, the generalized RNN of Eq. 16, the grid tensors of Prop. A.2 (Eq. 20) and
Prop. A.3 (Eq. 21), and the settings of App. B, Table 1.

Definitions live in :mod:`tnverify.generalized.xi` and :mod:`tnverify.generalized.grid`; the checks in
:mod:`..xi_operators` (operators), :mod:`..grid_tensors` (small sides) and
:mod:`.scaled` (torch sides).
"""

from __future__ import annotations

import functools
from dataclasses import replace

import numpy as np

from ....generalized.xi import XI_NAMES, XI_OPERATORS
from ... import Evidence, Ref
from ...compare import compare_ints
from ...readings import Reading
from ...registration import claim, refs
from ..controls import control_of, passed_with_control
from ..grid_tensors import small_eq16, small_prop_a2, small_prop_a3
from ..xi_operators import (
    CANDIDATES,
    assoc_comm_parts,
    scaled_xi,
    symbolic_identity,
    triples,
    unit_candidates,
    unit_evidence,
    unit_set_evidence,
)
from .quotes import S_EQ_16, S_PROP_A_2, S_PROP_A_3, S_TABLE1, S_XI
from .scaled import scaled_eq16, scaled_prop_a2, scaled_prop_a3

__all__ = ["TABLE1", "SETTINGS", "FIG2"]


# -- gtm-xi-operators -------------------------------------------------------------------
#: ξ'(x, y) = ξ(x, y) + x: neither commutative nor associative (the sympy checks' control).
def _plus_first(f):
    return lambda x, y: f(x, y) + x


_PLUS_FIRST = {
    name: replace(
        op,
        name=f"{name}+x",
        label=f"{op.label} + x",
        numpy=_plus_first(op.numpy),
        torch=_plus_first(op.torch),
        sympy=_plus_first(op.sympy),
    )
    for name, op in XI_OPERATORS.items()
}


def _plus_one(f):
    def g(x, y):
        with np.errstate(invalid="ignore"):  # ξ(−∞, −∞) + 1 for the −∞ candidate
            return f(x, y) + 1

    return g


#: Operators without a unit in ℝ ∪ {−∞}: ξ + 1 (ξ + x for x + y, whose ξ + 1 has u = −1);
#: the control of the unit searches.
_NO_UNIT = {
    name: (
        _PLUS_FIRST[name]
        if name == "sum"
        else replace(
            op,
            name=f"{name}+1",
            label=f"{op.label} + 1",
            numpy=_plus_one(op.numpy),
            torch=_plus_one(op.torch),
            sympy=_plus_one(op.sympy),
        )
    )
    for name, op in XI_OPERATORS.items()
}


def _common_parts(params, rng):
    xyz = triples(params["n"], rng)
    parts = {}
    for name in XI_NAMES:
        op = XI_OPERATORS[name]
        parts.update(assoc_comm_parts(op, xyz))
        for kind, what in (("assoc", "associative"), ("comm", "commutative")):
            parts[f"{name}: {what} (sympy)"] = passed_with_control(
                f"ξ = {op.label} is {what}: sympy on real symbols, sign cases −p, 0, +p",
                lambda o, kind=kind: symbolic_identity(o, kind) is True,
                op,
                _PLUS_FIRST[name],
                "ξ(x, y) + x in place of ξ",
                details={"sympy": symbolic_identity(op, kind)},
            )
    return parts, triples(params["n_unit"], rng)[:2]


#: The paper's units ("for ξ(x, y) = max(x, y, 0) we take u = 0, for ξ(x, y) = xy we take
#: u = 1") and, as each one's control, the other one's unit.
_PAPER_UNITS = (("relu", 0.0, 1.0), ("product", 1.0, 0.0))


def _paper_units(xy, reading, cond) -> dict:
    parts = {}
    for name, u, wrong in _PAPER_UNITS:
        op = XI_OPERATORS[name]
        found = unit_candidates(op, xy, reading)
        parts[f"paper's example: {name} with u = {u:g}"] = passed_with_control(
            f"u = {u:g} satisfies {cond} for ξ = {op.label}",
            lambda c: c in found,
            u,
            wrong,
            f"u = {wrong:g}, the other example's unit",
            details={"units_found": found},
        ).keyed(f"example-{name}")
    return parts


def _unit_search(xy, reading) -> dict:
    """Which u on the candidate grid satisfy the unit condition, per ξ (informational: the
    text assumes a unit exists and asserts one only for max(x, y, 0) and xy)."""
    out = {}
    for name in XI_NAMES:
        found = unit_candidates(XI_OPERATORS[name], xy, reading)
        out[name] = [min(found), max(found)] if found else None
    return out


def _small_xi(params, rng) -> Evidence:
    common, xy = _common_parts(params, rng)
    readings = {}
    for reading, cond in (("a", "ξ(x, y, u) = ξ(x, y)"), ("b", "ξ(x, u) = x")):
        parts = {**common, **_paper_units(xy, reading, cond)}
        readings[reading] = Evidence(
            f"associativity, commutativity and the paper's units with {cond}",
            parts=parts,
            details={"units_on_grid_[min, max] (informational)": _unit_search(xy, reading)},
        )
    sp = XI_OPERATORS["softplus"]
    readings["a"].parts["softplus: a unit u ∈ ℝ"] = Evidence(
        f"ξ = {sp.label}: a unit u ∈ ℝ with ξ(x, y, u) = ξ(x, y)",
        skipped="the text assumes a unit exists; it does not assert one for ln(eˣ + eʸ) "
        "(none exists in ℝ: u = −∞ in the extended reals)",
        details={"units_on_grid": unit_candidates(sp, xy, "a")},
    ).keyed("softplus-unit")
    return Evidence(
        "the six ξ-operators: associativity, commutativity, the paper's units",
        readings=readings,
        sizes={"triples": params["n"], "unit_pairs": params["n_unit"]},
    )


@functools.lru_cache(maxsize=2)
def _softplus_symbolic(direction="-"):
    """(e^u > 0 for real u and lim_{u→∓∞} ξ(ξ(x, y), u) = ξ(x, y), the limit as text)."""
    import sympy

    sp = XI_OPERATORS["softplus"]
    u = sympy.Symbol("u", real=True)
    x, y = sympy.symbols("x y", real=True)
    end = -sympy.oo if direction == "-" else sympy.oo
    lim = sympy.limit(sp.sympy(sp.sympy(x, y), u), u, end)
    ok = bool(sympy.exp(u).is_positive) and sympy.simplify(lim - sp.sympy(x, y)) == 0
    return ok, str(lim)


def _small_xi_corrected(params, rng) -> Evidence:
    parts, xy = _common_parts(params, rng)
    for name in XI_NAMES:
        op = XI_OPERATORS[name]
        ev = unit_evidence(op, xy, "a", allow_extended=True)
        wrong = unit_evidence(_NO_UNIT[name], xy, "a", allow_extended=True)
        ev.control = control_of(
            ev.compared, f"ξ = {_NO_UNIT[name].label} in place of ξ", passed=wrong.passed
        )
        parts[f"{name}: a unit in ℝ ∪ {{−∞}} (reading (a))"] = ev
    for name in ("relu", "relu_sum"):
        ev = unit_set_evidence(XI_OPERATORS[name], xy)
        found = unit_candidates(XI_OPERATORS[name], xy, "a")
        ev.control = Evidence(
            f"control (the set u < 0, without the paper's u = 0) of: {ev.compared}",
            passed=found == [float(u) for u in CANDIDATES if u < 0],
            details={"variant": "{u < 0}"},
        )
        parts[f"{name}: units are exactly u ≤ 0"] = ev
    sp = XI_OPERATORS["softplus"]
    with_minus_inf = np.append(CANDIDATES, -np.inf)
    parts["softplus: no real unit on the grid"] = passed_with_control(
        "ln(eˣ + eʸ): no candidate u ∈ [−10, 10] satisfies ξ(x, y, u) = ξ(x, y)",
        lambda cands: unit_candidates(sp, xy, "a", candidates=cands) == [],
        CANDIDATES,
        with_minus_inf,
        "the candidate grid with u = −∞ added",
    )
    ok, lim = _softplus_symbolic("-")
    bad, lim_plus = _softplus_symbolic("+")
    parts["softplus: sympy, e^u > 0 and ξ(x, y, u) → ξ(x, y) as u → −∞"] = Evidence(
        "ξ(x, y, u) = ξ(x, y) ⟺ e^u = 0 has no real solution; the limit u → −∞ is ξ(x, y)",
        passed=ok,
        details={"limit": lim},
        control=control_of(
            "the limit u → −∞ is ξ(x, y)",
            "u → +∞ in place of u → −∞",
            passed=bad,
            details={"limit": lim_plus},
        ),
    )
    return Evidence(
        "six ξ: associative, commutative; units under the ternary condition "
        "(softplus: −∞, extended real)",
        parts=parts,
        sizes={"triples": params["n"], "unit_pairs": params["n_unit"]},
    )


_XI_COMMON = dict(
    topic="xi-networks",
    refs=(
        Ref("gtm", "§4.1 Generalized outer product, Initial hidden state; §4.2; App. B, Table 1"),
    ),
    space=({"n": 10**4, "n_unit": 500}, {"n": 10**5, "n_unit": 2000}),
    scaled=scaled_xi,
    scaled_space={"small": ({"pairs": 10**6},), "large": ({"pairs": 10**8},)},
    pinned=(
        {
            "params": {"n": 10**5, "n_unit": 2000},
            "seed": 0,
            "note": "the claims catalogue: 10^5 random triples",
        },
    ),
)

XI_READINGS = (
    Reading(
        "a",
        "unit: u with ξ(x, y, u) = ξ(x, y) for all x, y ∈ ℝ (the printed ternary condition)",
        True,
        "initialize h^(0) as unit of the operator ξ, i.e. such an element u that "
        "ξ(x, y, u) = ξ(x, y) ∀x, y ∈ ℝ",
        "gtm §4.1, paragraph 'Initial hidden state'",
    ),
    Reading(
        "b",
        "unit: two-sided identity ξ(x, u) = x for all x ∈ ℝ",
        False,
        "e.g., for ξ(x, y) = max(x, y, 0) we take u = 0",
        "gtm §4.1, paragraph 'Initial hidden state' (max(x, 0, 0) ≠ x for x < 0; the "
        "'i.e.' definition fixes (a))",
    ),
)

claim(
    id="gtm-xi-operators",
    title="ξ-operators: associative, commutative, with a unit",
    statement=S_XI,
    small=_small_xi,
    readings=XI_READINGS,
    remarks=(
        "The unit is not unique for max(x, y, 0): every u ≤ 0 satisfies ξ(x, y, u) = "
        "ξ(x, y); the paper picks u = 0.",
        "ln(eˣ + eʸ) has no unit in ℝ (it would need e^u = 0; only u = −∞ in the extended "
        'reals works), so the standing assumption "Henceforth, we will assume that such an '
        'element exists" excludes the softplus operator that §4.1 lists and App. B, '
        "Table 1 trains; the text assumes, it does not assert, a unit for it.",
        '"Unit" is used in a non-standard sense: neutral once at least two operands are '
        "present, not a two-sided identity.",
    ),
    proof="proofs/gtm_networks.py::prove_gtm_xi_operators_corrected",
    expected="holds",
    **_XI_COMMON,
)

claim(
    id="gtm-xi-operators-variant",
    title="Variant: ξ-operators with their units in the extended reals (reading (a))",
    statement=S_XI
    + (
        "\n[tnverify variant, not a correction: gtm-xi-operators holds as printed. Under "
        "the printed ternary condition xy has the unit u = 1, x + y and √(x² + y²) have "
        "u = 0, max(x, y, 0) and max(x, 0) + max(y, 0) have exactly the units u ≤ 0 (u = 0 "
        "the paper's choice); ln(eˣ + eʸ) has no unit in ℝ — its unit is u = −∞ in the "
        "extended reals (ξ(x, −∞) = x), so h^{(0)} = −∞ for softplus RNNs.]"
    ),
    small=_small_xi_corrected,
    proof="proofs/gtm_networks.py::prove_gtm_xi_operators_corrected",
    expected="holds",
    **_XI_COMMON,
    varies="gtm-xi-operators",
)

# -- gtm-eq-16, gtm-prop-a.2, gtm-prop-a.3 -----------------------------------------------
claim(
    "gtm-eq-16",
    "Generalized shallow network and RNN (Eq. 13–17)",
    S_EQ_16,
    refs("gtm", "§4.1, Eq. 13–17"),
    small_eq16,
    topic="xi-networks",
    space=(
        {"M": 2, "L": 3, "ranks": (1, 3, 1), "n": 16},
        {"M": 3, "L": 4, "ranks": (1, 2, 3, 2, 1), "n": 32},
    ),
    scaled=scaled_eq16,
    scaled_space={
        "small": ({"B": 128, "M": 16, "L": 16, "R": 16, "T": 32, "subsample": 16},),
        "large": ({"B": 4096, "M": 256, "L": 256, "R": 256, "T": 1024, "subsample": 16},),
    },
    pinned=(
        {
            "params": {"M": 3, "L": 4, "ranks": (1, 2, 3, 2, 1), "n": 32},
            "seed": 16,
            "note": "the claims catalogue sizes M=3, L=4, T=4, ranks [1,2,3,2,1]",
        },
    ),
    uses=("gtm-xi-operators", "gtm-lemma-3.1", "gtm-prop-a.1"),
    remarks=(
        "L is a free width shared by all t (Eq. 17); in App. A, Lemma 5.1 and "
        "Lemma A.2 let it vary with t, which is harmless.",
    ),
    expected="holds",
)

claim(
    "gtm-prop-a.2",
    "Grid tensor of a generalized shallow network (Eq. 18–20)",
    S_PROP_A_2,
    refs("gtm", "§4.2, Eq. 18–20; App. A, Prop. A.2"),
    small_prop_a2,
    topic="xi-networks",
    space=({"M": 2, "T": 3, "R": 2}, {"M": 3, "T": 4, "R": 3}),
    scaled=scaled_prop_a2,
    scaled_space={
        "small": ({"M": 8, "T": 5, "R": 3, "samples": 2000},),
        "large": ({"M": 16, "T": 6, "R": 4, "samples": 100_000},),
    },
    pinned=(
        {
            "params": {"M": 3, "T": 4, "R": 3},
            "seed": 20,
            "note": "the claims catalogue sizes M=3, T=4, R=3",
        },
    ),
    uses=("gtm-eq-16",),
    proof="proofs/gtm_networks.py::prove_gtm_prop_a_2",
    expected="holds",
)

claim(
    "gtm-prop-a.3",
    "Grid tensor of a generalized RNN (Eq. 21)",
    S_PROP_A_3,
    refs("gtm", "App. A, Prop. A.3, Eq. 21"),
    small_prop_a3,
    topic="xi-networks",
    space=({"M": 2, "T": 3, "L": 2, "R": 2}, {"M": 3, "T": 4, "L": 3, "R": 2}),
    scaled=scaled_prop_a3,
    scaled_space={
        "small": ({"M": 8, "T": 5, "L": 3, "R": 2, "samples": 2000},),
        "large": ({"M": 16, "T": 6, "L": 4, "R": 4, "samples": 100_000},),
    },
    pinned=(
        {
            "params": {"M": 3, "T": 4, "L": 3, "R": 2},
            "seed": 21,
            "note": "the claims catalogue sizes M=3, T=4, L=3, ranks 2",
        },
    ),
    uses=("gtm-eq-16",),
    proof="proofs/gtm_networks.py::prove_gtm_prop_a_3",
    expected="holds",
)

# -- gtm-app-b-table1 ---------------------------------------------------------------------
#: App. B settings as printed: (T, m, R) per experiment family.
SETTINGS = {"visual": {"T": 16, "m": 32, "R": 64}, "imdb": {"T": 100, "m": 50, "R": 50}}
#: Fig. 2 caption: (M = 50, T = 100, ξ(x, y) = max(x, y, 0)).
FIG2 = {"M": 50, "T": 100, "xi": "relu"}
#: Table 1 as printed, the garbled last column reassembled: ξ -> (MNIST, CIFAR-10, IMDB).
TABLE1 = {
    "product": (97.39, 43.08, 83.33),
    "relu": (97.45, 48.09, 84.35),
    "softplus": (97.68, 55.37, 82.25),
    "sum": (96.28, 57.18, 81.28),
    "l2": (96.44, 49.04, 79.76),
}


def _small_table1(params, rng) -> Evidence:
    imdb = SETTINGS["imdb"]
    vals = [v for row in TABLE1.values() for v in row]
    parts = {
        "IMDB T (App. B) = T (Fig. 2)": compare_ints(
            "IMDB T: App. B vs Fig. 2 caption", [imdb["T"]], [FIG2["T"]]
        ),
        "IMDB m (App. B) = M (Fig. 2)": compare_ints(
            "IMDB m: App. B vs Fig. 2 caption M", [imdb["m"]], [FIG2["M"]]
        ),
        "Fig. 2 ξ is a Table 1 column": passed_with_control(
            "ξ = max(x, y, 0) of Fig. 2 among Table 1's columns",
            lambda xi: xi in TABLE1,
            FIG2["xi"],
            "relu_sum",
            "ξ = max(x, 0) + max(y, 0) of §4.2 (not in Table 1)",
        ),
        "Table 1: 5 ξ × 3 data sets, accuracies in [0, 100]": passed_with_control(
            "15 accuracies after reassembling the garbled last column, each a percentage",
            lambda vs: len(vs) == 15 and all(0 <= v <= 100 for v in vs),
            vals,
            [10 * v for v in vals],
            "the accuracies read as per-mille (×10)",
            details={"xi_columns": [XI_OPERATORS[k].label for k in TABLE1]},
        ),
        "Table 1 accuracies": Evidence(
            "test accuracies of trained generalized RNNs (MNIST, CIFAR-10, IMDB)",
            skipped="needs training on MNIST/CIFAR-10/IMDB, which are not available offline;"
            " the accuracies are recorded, not reproduced",
        ),
    }
    return Evidence(
        "App. B settings and Table 1 vs Fig. 2 (internal consistency)",
        parts=parts,
        details={"table1": TABLE1, "settings": SETTINGS, "fig2": FIG2},
    )


claim(
    "gtm-app-b-table1",
    "App. B Table 1 settings vs Fig. 2 (accuracies not reproduced)",
    S_TABLE1,
    refs("gtm", "App. B, Different ξ-nonlinearities, Table 1; §6, Fig. 2 caption"),
    _small_table1,
    topic="xi-networks",
    remarks=(
        '"m" in the App. B settings is the paper\'s M, the feature dimension of f_θ (§3.1).',
        "The ξ = ln(eˣ + eʸ) column needs an h^(0), but this ξ has no unit in ℝ "
        "(gtm-xi-operators) and the text does not say which h^(0) was used.",
        '"Significant boost" has no statistical support: no repeats or error '
        "bars are reported; the best CIFAR-10 entry (x + y, 57.18) is a model additive over "
        "positions.",
    ),
    expected="holds",
)
