"""[gtm] claims on generalized networks (seed 004 (gtm) §4.1–4.2, App. A–B): the ξ-operators
and their units, the generalized RNN of Eq. 16, the grid tensors of Prop. A.2 (Eq. 20) and
Prop. A.3 (Eq. 21), and the settings of App. B, Table 1.

Definitions live in :mod:`tnverify.generalized.xi` and :mod:`tnverify.generalized.grid`; the checks in
:mod:`.xi_operators` (operators), :mod:`.grid_tensors` (small sides) and
:mod:`.networks_scaled` (torch sides).
"""

from __future__ import annotations

import functools

from .. import Claim, Evidence, Ref, register
from ..registration import claim, refs
from .grid_tensors import small_eq16, small_prop_a2, small_prop_a3
from .networks_scaled import scaled_eq16, scaled_prop_a2, scaled_prop_a3
from .networks_statements import S_EQ_16, S_PROP_A_2, S_PROP_A_3, S_TABLE1, S_XI
from .xi_operators import (assoc_comm_parts, scaled_xi, symbolic_identity, triples,
                               unit_candidates, unit_evidence, unit_set_evidence)
from ..compare import compare_ints
from ...generalized.xi import XI_NAMES, XI_OPERATORS

__all__ = ["TABLE1", "SETTINGS", "FIG2"]

# -- gtm-xi-operators -------------------------------------------------------------------
def _common_parts(params, rng):
    xyz = triples(params["n"], rng)
    parts = {}
    for name in XI_NAMES:
        op = XI_OPERATORS[name]
        parts.update(assoc_comm_parts(op, xyz))
        for kind, what in (("assoc", "associative"), ("comm", "commutative")):
            ok = symbolic_identity(op, kind)
            parts[f"{name}: {what} (sympy)"] = Evidence(
                f"ξ = {op.label} is {what}: sympy on real symbols, sign cases −p, 0, +p",
                passed=ok is True, details={"sympy": ok})
    return parts, triples(params["n_unit"], rng)[:2]


def _small_xi(params, rng) -> Evidence:
    common, xy = _common_parts(params, rng)
    readings, first_ce = {}, None
    for reading, cond in (("a", "ξ(x, y, u) = ξ(x, y)"), ("b", "ξ(x, u) = x")):
        parts = dict(common)
        for name in XI_NAMES:
            ev = unit_evidence(XI_OPERATORS[name], xy, reading, allow_extended=False)
            parts[f"{name}: a unit u ∈ ℝ exists"] = ev
            first_ce = first_ce or ev.counterexample
        for name, u in (("relu", 0.0), ("product", 1.0)):
            found = unit_candidates(XI_OPERATORS[name], xy, reading)
            parts[f"paper's example: {name} with u = {u:g}"] = Evidence(
                f"u = {u:g} satisfies {cond} for ξ = {XI_OPERATORS[name].label}",
                passed=u in found, details={"units_found": found})
        readings[reading] = Evidence(f"associativity, commutativity and units with {cond}",
                                     parts=parts)
    return Evidence("the six ξ-operators: associativity, commutativity, units",
                    readings=readings, counterexample=first_ce,
                    sizes={"triples": params["n"], "unit_pairs": params["n_unit"]})


@functools.lru_cache(maxsize=1)
def _softplus_symbolic():
    """(e^u > 0 for real u and lim_{u→−∞} ξ(ξ(x, y), u) = ξ(x, y), the limit as text)."""
    import sympy
    sp = XI_OPERATORS["softplus"]
    u = sympy.Symbol("u", real=True)
    x, y = sympy.symbols("x y", real=True)
    lim = sympy.limit(sp.sympy(sp.sympy(x, y), u), u, -sympy.oo)
    ok = bool(sympy.exp(u).is_positive) and sympy.simplify(lim - sp.sympy(x, y)) == 0
    return ok, str(lim)


def _small_xi_corrected(params, rng) -> Evidence:
    parts, xy = _common_parts(params, rng)
    for name in XI_NAMES:
        parts[f"{name}: a unit in ℝ ∪ {{−∞}} (reading (a))"] = unit_evidence(
            XI_OPERATORS[name], xy, "a", allow_extended=True)
    for name in ("relu", "relu_sum"):
        parts[f"{name}: units are exactly u ≤ 0"] = unit_set_evidence(XI_OPERATORS[name], xy)
    sp = XI_OPERATORS["softplus"]
    parts["softplus: no real unit on the grid"] = Evidence(
        "ln(eˣ + eʸ): no candidate u ∈ [−10, 10] satisfies ξ(x, y, u) = ξ(x, y)",
        passed=unit_candidates(sp, xy, "a") == [])
    ok, lim = _softplus_symbolic()
    parts["softplus: sympy, e^u > 0 and ξ(x, y, u) → ξ(x, y) as u → −∞"] = Evidence(
        "ξ(x, y, u) = ξ(x, y) ⟺ e^u = 0 has no real solution; the limit u → −∞ is ξ(x, y)",
        passed=ok, details={"limit": lim})
    return Evidence("six ξ: associative, commutative; units under the ternary condition "
                    "(softplus: −∞, extended real)", parts=parts,
                    sizes={"triples": params["n"], "unit_pairs": params["n_unit"]})


_XI_COMMON = dict(
    group="gtm",
    refs=(Ref("gtm", "§4.1 Generalized outer product, Initial hidden state; §4.2; "
                     "App. B, Table 1"),),
    space=({"n": 10**4, "n_unit": 500}, {"n": 10**5, "n_unit": 2000}),
    scaled=scaled_xi, scaled_space={"small": ({"pairs": 10**6},),
                                    "large": ({"pairs": 10**8},)},
    pinned=({"params": {"n": 10**5, "n_unit": 2000}, "seed": 0,
             "note": "CLAIMS.md: 10^5 random triples"},))

register(Claim(
    id="gtm-xi-operators", title="ξ-operators: associative, commutative, with a unit",
    statement=S_XI, small=_small_xi, corrected_by="gtm-xi-operators-corrected",
    readings={"a": "the printed ternary condition ξ(x, y, u) = ξ(x, y) ∀x, y ∈ ℝ",
              "b": "a two-sided identity ξ(x, u) = x ∀x ∈ ℝ"},
    expected="fails", **_XI_COMMON))

register(Claim(
    id="gtm-xi-operators-corrected",
    title="ξ-operators with units in the extended reals (reading (a))",
    statement=S_XI + (
        "\n[tnverify correction: under the printed ternary condition (reading (a)) xy has "
        "the unit u = 1, x + y and √(x² + y²) have u = 0, max(x, y, 0) and max(x, 0) + "
        "max(y, 0) have exactly the units u ≤ 0 (u = 0 the paper's choice); ln(eˣ + eʸ) "
        "has no unit in ℝ — its unit is u = −∞ in the extended reals (ξ(x, −∞) = x), so "
        "h^{(0)} = −∞ for softplus RNNs.]"),
    small=_small_xi_corrected, corrects="gtm-xi-operators",
    proof="proofs/gtm_networks.py::prove_gtm_xi_operators_corrected", expected="holds",
    **_XI_COMMON))

# -- gtm-eq-16, gtm-prop-a.2, gtm-prop-a.3 -----------------------------------------------
claim("gtm-eq-16", "Generalized shallow network and RNN (Eq. 13–17)", S_EQ_16,
      refs("gtm", "§4.1, Eq. 13–17"), small_eq16, group="gtm",
      space=({"M": 2, "L": 3, "ranks": (1, 3, 1), "n": 16},
             {"M": 3, "L": 4, "ranks": (1, 2, 3, 2, 1), "n": 32}), scaled=scaled_eq16,
      scaled_space={"small": ({"B": 128, "M": 16, "L": 16, "R": 16, "T": 32,
                               "subsample": 16},),
                    "large": ({"B": 4096, "M": 256, "L": 256, "R": 256, "T": 1024,
                               "subsample": 16},)},
      pinned=({"params": {"M": 3, "L": 4, "ranks": (1, 2, 3, 2, 1), "n": 32}, "seed": 16,
               "note": "CLAIMS.md sizes M=3, L=4, T=4, ranks [1,2,3,2,1]"},),
      uses=("gtm-xi-operators", "gtm-lemma-3.1", "gtm-prop-a.1"),
      expected="holds")

claim("gtm-prop-a.2", "Grid tensor of a generalized shallow network (Eq. 18–20)", S_PROP_A_2,
      refs("gtm", "§4.2, Eq. 18–20; App. A, Prop. A.2"), small_prop_a2, group="gtm",
      space=({"M": 2, "T": 3, "R": 2}, {"M": 3, "T": 4, "R": 3}), scaled=scaled_prop_a2,
      scaled_space={"small": ({"M": 8, "T": 5, "R": 3, "samples": 2000},),
                    "large": ({"M": 16, "T": 6, "R": 4, "samples": 100_000},)},
      pinned=({"params": {"M": 3, "T": 4, "R": 3}, "seed": 20,
               "note": "CLAIMS.md sizes M=3, T=4, R=3"},), uses=("gtm-eq-16",),
      proof="proofs/gtm_networks.py::prove_gtm_prop_a_2", expected="holds")

claim("gtm-prop-a.3", "Grid tensor of a generalized RNN (Eq. 21)", S_PROP_A_3,
      refs("gtm", "App. A, Prop. A.3, Eq. 21"), small_prop_a3, group="gtm",
      space=({"M": 2, "T": 3, "L": 2, "R": 2}, {"M": 3, "T": 4, "L": 3, "R": 2}),
      scaled=scaled_prop_a3,
      scaled_space={"small": ({"M": 8, "T": 5, "L": 3, "R": 2, "samples": 2000},),
                    "large": ({"M": 16, "T": 6, "L": 4, "R": 4, "samples": 100_000},)},
      pinned=({"params": {"M": 3, "T": 4, "L": 3, "R": 2}, "seed": 21,
               "note": "CLAIMS.md sizes M=3, T=4, L=3, ranks 2"},), uses=("gtm-eq-16",),
      proof="proofs/gtm_networks.py::prove_gtm_prop_a_3", expected="holds")

# -- gtm-app-b-table1 ---------------------------------------------------------------------
#: App. B settings as printed: (T, m, R) per experiment family.
SETTINGS = {"visual": {"T": 16, "m": 32, "R": 64}, "imdb": {"T": 100, "m": 50, "R": 50}}
#: Fig. 2 caption: (M = 50, T = 100, ξ(x, y) = max(x, y, 0)).
FIG2 = {"M": 50, "T": 100, "xi": "relu"}
#: Table 1 as printed, the garbled last column reassembled: ξ -> (MNIST, CIFAR-10, IMDB).
TABLE1 = {"product": (97.39, 43.08, 83.33), "relu": (97.45, 48.09, 84.35),
          "softplus": (97.68, 55.37, 82.25), "sum": (96.28, 57.18, 81.28),
          "l2": (96.44, 49.04, 79.76)}


def _small_table1(params, rng) -> Evidence:
    imdb = SETTINGS["imdb"]
    vals = [v for row in TABLE1.values() for v in row]
    parts = {
        "IMDB T (App. B) = T (Fig. 2)": compare_ints("IMDB T: App. B vs Fig. 2 caption",
                                                     [imdb["T"]], [FIG2["T"]]),
        "IMDB m (App. B) = M (Fig. 2)": compare_ints("IMDB m: App. B vs Fig. 2 caption M",
                                                     [imdb["m"]], [FIG2["M"]]),
        "Fig. 2 ξ is a Table 1 column": Evidence(
            "ξ = max(x, y, 0) of Fig. 2 among Table 1's columns",
            passed=FIG2["xi"] in TABLE1),
        "Table 1: 5 ξ × 3 data sets, accuracies in [0, 100]": Evidence(
            "15 accuracies after reassembling the garbled last column, each a percentage",
            passed=len(vals) == 15 and all(0 <= v <= 100 for v in vals),
            details={"xi_columns": [XI_OPERATORS[k].label for k in TABLE1]}),
        "Table 1 accuracies": Evidence(
            "test accuracies of trained generalized RNNs (MNIST, CIFAR-10, IMDB)",
            skipped="needs training on MNIST/CIFAR-10/IMDB, which are not available offline;"
                    " the accuracies are recorded, not reproduced"),
    }
    return Evidence("App. B settings and Table 1 vs Fig. 2 (internal consistency)",
                    parts=parts, details={"table1": TABLE1, "settings": SETTINGS,
                                          "fig2": FIG2})


claim("gtm-app-b-table1", "App. B Table 1 settings vs Fig. 2 (accuracies not reproduced)",
      S_TABLE1, refs("gtm", "App. B, Different ξ-nonlinearities, Table 1; §6, Fig. 2 caption"),
      _small_table1, group="gtm", expected="holds")
