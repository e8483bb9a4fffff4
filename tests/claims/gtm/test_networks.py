"""Tests of the xi-networks network claims (tnverify.claims.gtm.networks) and their helpers."""

import math

import numpy as np
import pytest

import tnverify.claims.gtm.networks.statements  # noqa: F401  (registers the claims)
from tnverify.claims import get_claim
from tnverify.claims.gtm.grid_tensors import abs_network, eq20_literal, loop_rnn
from tnverify.claims.gtm.xi_operators import CANDIDATES, symbolic_identity, triples, unit_candidates
from tnverify.conventions import tolerance
from tnverify.generalized.grid import grid_by_evaluation, random_generalized_rnn, random_shallow
from tnverify.generalized.xi import XI_OPERATORS


def test_xi_readings_only_the_ternary_unit_decides():
    ev = get_claim("gtm-xi-operators").run_small({"n": 1000, "n_unit": 300}, 3)
    # reading (b), the two-sided identity, is ruled out by the text and shown, not deciding
    assert set(ev.readings) == {"a"} and set(ev.ruled_out) == {"b"}
    assert ev.reading("a").verdict == "holds"
    assert ev.reading("b", ruled_out=True).failing_parts() == ["paper's example: relu with u = 0"]
    # the softplus unit is an assumption of the text, not an assertion: skipped, not failed
    assert ev.reading("a").part("softplus-unit").verdict == "skipped"
    # the paper's units are controlled by swapping them, and the swap fails
    part = ev.reading("a").part("example-relu")
    assert part.control.verdict == "fails"


def test_symbolic_identity_refutes_a_non_commutative_variant():
    from dataclasses import replace

    op = XI_OPERATORS["relu"]
    bad = replace(op, name="relu+x", sympy=lambda x, y: op.sympy(x, y) + x)
    assert symbolic_identity(bad, "comm") is False and symbolic_identity(bad, "assoc") is False


def test_unit_candidates_relu_are_nonpositive():
    xy = triples(500, np.random.default_rng(0))[:2]
    assert unit_candidates(XI_OPERATORS["relu"], xy, "a") == [
        float(u) for u in CANDIDATES if u <= 0
    ]
    assert unit_candidates(XI_OPERATORS["product"], xy, "b") == [1.0]
    assert unit_candidates(XI_OPERATORS["softplus"], xy, "a") == []


@pytest.mark.parametrize(
    "name,reading,u,want",
    [
        ("relu", "a", 0.0, True),
        ("relu", "b", 0.0, False),
        ("l2", "a", 0.0, True),
        ("l2", "b", 0.0, False),
        ("product", "b", 1.0, True),
        ("sum", "a", 1.0, False),
    ],
)
def test_symbolic_unit(name, reading, u, want):
    assert symbolic_identity(XI_OPERATORS[name], reading, u, arity=2) is want


def test_symbolic_detects_non_associative():
    from dataclasses import replace

    op = replace(XI_OPERATORS["sum"], name="minus", sympy=lambda x, y: x - y)
    assert symbolic_identity(op, "assoc") is False


def test_loop_rnn_and_eq20_match_oracles():
    rng = np.random.default_rng(5)
    net = random_generalized_rnn(2, 3, 2, "l2", rng, L=3)
    feats = rng.standard_normal((4, 3, 2))
    ref = net.score(feats)
    tol = float(
        tolerance(np.float64, n=30, norm=float(abs_network(net).score(np.abs(feats)).max()))
    )
    assert np.abs(loop_rnn(net, feats) - ref).max() <= tol
    sh = random_shallow(3, 3, 2, "softplus", rng)
    F = rng.standard_normal((3, 3))
    g = grid_by_evaluation(sh, F)
    assert np.abs(eq20_literal(sh, F) - g).max() <= float(
        tolerance(np.float64, n=8, norm=float(grid_by_evaluation(abs_network(sh), np.abs(F)).max()))
    )


def test_abs_network_keeps_extended_unit():
    net = random_generalized_rnn(2, 3, 2, "softplus", np.random.default_rng(1))
    a = abs_network(net)
    assert a.h0 == -math.inf and all((c >= 0).all() for c in a.C)


def test_proof_file_runs():
    import importlib.util
    import pathlib

    path = pathlib.Path(__file__).resolve().parents[3] / "proofs" / "gtm_networks.py"
    spec = importlib.util.spec_from_file_location("proofs_gtm_networks", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert mod.prove_gtm_prop_a_3(M=2, T=2, L=1, R=1) is True


# -- gtm-eq-16 scaled side: the implementation with mixed-sign weights ----------------------
def test_eq16_scaled_runs_the_module_with_mixed_signs(monkeypatch):
    """The scaled side must run GeneralizedRNNModule (not an inline step) on mixed-sign
    weights: a module that loses the sign of its output is caught (with non-negative
    weights it would not be)."""
    import numpy as np

    from tnverify.cells import generalized
    from tnverify.claims.gtm.networks.scaled import _mixed_rnn, scaled_eq16

    params = {"B": 16, "M": 4, "L": 4, "R": 4, "T": 6, "subsample": 8}
    net = _mixed_rnn(4, 4, 4, 6, np.random.default_rng(0))
    assert min(float(g.min()) for g in net.G) < 0 < max(float(g.max()) for g in net.G)
    assert net.shared and net.shared_inputs
    good = scaled_eq16(params, "cpu", np.random.default_rng(1))
    assert good.verdict == "holds" and len(good.parts) == 2
    assert all(p.error == 0 or p.error / float(p.tolerance) >= 1e-9 for p in good.parts.values())
    real = generalized.GeneralizedRNNModule.forward
    monkeypatch.setattr(
        generalized.GeneralizedRNNModule, "forward", lambda self, f: real(self, f).abs()
    )
    assert scaled_eq16(params, "cpu", np.random.default_rng(1)).verdict == "fails"
