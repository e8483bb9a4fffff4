"""Regression tests of the 0.2.0 surface's boundary (issue 28 §2, issue 29 item 1): each
test reproduces one root cause and asserts the fixed behaviour."""

import math

import numpy as np
import pytest

from tnverify.conventions import tolerance
from tnverify.errors import NonFiniteError
from tnverify.tt.svd import tt_svd
from tnverify.validation.norms import frobenius_norm


# -- tt_svd of a tensor whose squares overflow or underflow ------------------------------

def _planted(seed=0):
    """A (3, 5, 4, 2) tensor with decaying singular values at every unfolding (so that
    eps = 0.1 truncates) and full ranks (1, 3, 8, 2, 1) at eps = 0."""
    rng = np.random.default_rng(seed)
    a = rng.standard_normal((3, 5, 4, 2))
    i, j, k, m = np.indices(a.shape)
    return a * 0.3 ** (i + j + k + m)


@pytest.mark.parametrize("power", [670, -670, 1000, -1000])
@pytest.mark.parametrize("eps", [0.0, 0.1])
def test_tt_svd_of_huge_or_tiny_entries_is_the_scaled_decomposition(power, eps):
    a = _planted()
    ref = tt_svd(a, eps=eps)
    big = a * 2.0 ** power                   # exact: a power of two
    res = tt_svd(big, eps=eps)
    assert res.ranks == ref.ranks
    assert math.isfinite(res.norm) and math.isfinite(res.error)
    assert res.norm == pytest.approx(ref.norm * 2.0 ** power, rel=1e-14)
    assert res.error == pytest.approx(ref.error * 2.0 ** power, rel=1e-12, abs=0)
    for s, t in zip(res.singular_values, ref.singular_values):
        np.testing.assert_allclose(s, t * 2.0 ** power, rtol=1e-12, atol=0)
    # the identity error == ‖A − B‖_F holds in the scaled units
    diff = frobenius_norm(res.tt.full() * 2.0 ** -power - a)
    assert abs(diff - res.error * 2.0 ** -power) <= float(
        tolerance(np.float64, n=a.size, norm=ref.norm))
    if eps:
        assert res.error <= res.bound


def test_tt_svd_of_1e200_entries_keeps_every_rank_at_eps_0():
    a = np.random.default_rng(1).standard_normal((3, 5, 4)) * 1e200
    res = tt_svd(a)
    assert res.ranks == tt_svd(a / 1e200).ranks == (1, 3, 4, 1)
    assert res.error / res.norm < 1e-15


def test_tt_svd_refuses_a_norm_beyond_float64():
    with pytest.raises(NonFiniteError, match="exceeds the float64 range"):
        tt_svd(np.full((3, 3), 1.5e308))


def test_frobenius_norm_scaled_and_plain_agree():
    x = np.random.default_rng(2).standard_normal(50)
    assert frobenius_norm(x) == pytest.approx(float(np.linalg.norm(x)), rel=1e-15)
    assert frobenius_norm(x * 2.0 ** 900) == pytest.approx(np.linalg.norm(x) * 2.0 ** 900,
                                                           rel=1e-15)
    assert frobenius_norm(np.zeros(3)) == 0.0


def test_cli_tt_svd_of_1e200_entries_prints_a_finite_error(capsys, tmp_path):
    from tnverify.cli import main

    a = _planted() * 1e200
    np.save(tmp_path / "a.npy", a)
    code = main(["tt-svd", str(tmp_path / "a.npy"), "--eps", "0.1"])
    out, err = capsys.readouterr()
    assert code == 0, err
    fields = {k.strip(): v.strip() for k, v in
              (ln.split(":", 1) for ln in out.splitlines() if ":" in ln)}
    achieved = float(fields["achieved error"].split()[0])
    bound = float(fields["bound eps*||A||_F"].split()[0])
    assert math.isfinite(achieved) and 0 < achieved <= bound
    assert fields["TT ranks"] == str(tt_svd(a / 1e200, eps=0.1).ranks)
