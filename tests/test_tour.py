"""`tnverify tour` (tnverify.teaching.tour.run_tour): every step prints an explicit tensor beside its
structured twin and the two agree."""

import io

import numpy as np
import pytest
from rich.console import Console

from tnverify.errors import UsageError
from tnverify.teaching import tour


def _run(steps=None):
    buf = io.StringIO()
    code = tour.run_tour(Console(file=buf, width=160, color_system=None), steps=steps)
    return code, buf.getvalue()


def test_full_tour_agrees_at_every_step():
    code, out = _run()
    assert code == 0
    assert len(tour.STEPS) in range(5, 8)
    assert out.count("agree: max |difference|") == len(tour.STEPS)
    assert f"{len(tour.STEPS)} of {len(tour.STEPS)} steps agree" in out
    for claim in ("ttlm-eq2", "ttlm-eq3-corrected", "ttlm-claim-b2-variant", "gtm-prop-a.3"):
        assert claim in out


def test_steps_print_the_explicit_tensor_and_the_structured_twin():
    code, out = _run(["phi", "tt-svd"])
    assert code == 0
    assert "[2, :, :] =" in out and "[[0. 1. 0.]" in out  # Φ(X)[2, 0, 1] = 1
    assert "ranks (1, 2, 2, 1)" in out  # TT-SVD of i + j + k + 1
    assert "2 of 2 steps agree" in out


def test_a_disagreeing_step_gives_exit_status_1(monkeypatch):
    from tnverify.conventions import tolerance

    def broken(console, rng):
        return tour._show(
            console, "broken", ("a", "1"), ("b", "2"), 1.0, tolerance(np.float64, n=1, norm=1.0)
        )

    monkeypatch.setitem(tour.STEPS, "phi", broken)
    code, out = _run(["phi"])
    assert code == 1 and "DISAGREE" in out and "disagreeing: phi" in out


def test_unknown_step_is_a_usage_error():
    with pytest.raises(UsageError, match="choose from"):
        tour.run_tour(Console(file=io.StringIO()), steps=["nope"])
    with pytest.raises(UsageError):
        tour.run_tour(Console(file=io.StringIO()), steps=[])


def test_the_last_line_says_where_the_tutorial_is():
    code, out = _run(["phi"])
    text = " ".join(out.split())
    assert code == 0 and "docs/tutorial.md in the source repository" in text
