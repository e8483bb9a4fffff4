"""Tests of tnverify.tt.interop: TensorTrain <-> TensorLy TTTensor and quimb MatrixProductState.

quimb is an optional dependency (the ``interop`` extra); its tests skip when it is not
installed.  Tolerances only from tnverify.conventions."""

import builtins
import math

import numpy as np
import pytest

import tnverify
from tnverify.conventions import tolerance
from tnverify.errors import DTypeError, RankError
from tnverify.tt import TensorTrain, random_tt
from tnverify.tt.interop import from_quimb, from_tensorly, to_quimb, to_tensorly

F64 = np.float64
CASES = [((3,), 1), ((2, 3), 2), ((2, 3, 4), 3), ((3, 2, 4, 2, 3), (1, 3, 4, 3, 2, 1))]


def _tol(tt) -> float:
    """Two contractions of the same cores: d·r²·N operations at the scale of |cores|."""
    n = tt.ndim * max(tt.ranks) ** 2 * tt.n_entries
    scale = float(np.max(TensorTrain(tuple(np.abs(c) for c in tt)).full()))
    return tolerance(F64, n=n, norm=scale).value


def _same_cores(a, b) -> bool:
    return a.ranks == b.ranks and all(np.array_equal(x, y) for x, y in zip(a, b))


def _complex_tt(shape, rank, seed):
    rng = np.random.default_rng(seed)
    re, im = random_tt(shape, rank, rng), random_tt(shape, rank, rng)
    return TensorTrain(tuple(x + 1j * y for x, y in zip(re, im)))


@pytest.mark.parametrize("shape, ranks", CASES)
def test_tensorly_round_trip_and_values(shape, ranks):
    import tensorly as tl

    tt = random_tt(shape, ranks, rng=1)
    t = to_tensorly(tt)
    assert isinstance(t, tl.tt_tensor.TTTensor)
    assert _same_cores(from_tensorly(t), tt) and _same_cores(from_tensorly(t.factors), tt)
    assert np.max(np.abs(tl.tt_to_tensor(t) - tt.full())) <= _tol(tt)
    with pytest.raises(DTypeError, match="to_tensorly needs a tnverify TensorTrain"):
        to_tensorly(t)


def test_public_names():
    for name in ("to_tensorly", "from_tensorly", "to_quimb", "from_quimb"):
        assert (
            name in tnverify.__all__ and getattr(tnverify, name).__module__ == "tnverify.tt.interop"
        )


# ----------------------------------------------------------------------------- quimb


@pytest.fixture(scope="module")
def qtn():
    return pytest.importorskip("quimb.tensor", reason="quimb is optional (extra 'interop')")


@pytest.mark.parametrize("shape, ranks", CASES)
@pytest.mark.parametrize("kind", ["real", "complex"])
def test_quimb_round_trip(qtn, shape, ranks, kind):
    """TT -> quimb MPS -> TT gives the same cores, and the MPS's dense
    vector is the TT's full tensor in C order."""
    tt = random_tt(shape, ranks, rng=2) if kind == "real" else _complex_tt(shape, ranks, 2)
    mps = to_quimb(tt)
    assert isinstance(mps, qtn.MatrixProductState) and mps.L == tt.ndim
    assert [mps.phys_dim(k) for k in range(mps.L)] == list(tt.shape)
    if tt.ndim > 1:
        assert mps.max_bond() == max(tt.ranks)
    dense = np.asarray(mps.to_dense()).reshape(tt.shape)
    assert np.max(np.abs(dense - tt.full())) <= _tol(tt)
    back = from_quimb(mps)
    assert _same_cores(back, tt) and back.dtype == tt.dtype
    # the arrays are writable copies: writing into the MPS leaves the TT alone
    before = tt.full()
    mps[mps.site_tag(0)].data[...] = 0
    assert np.array_equal(tt.full(), before) and np.max(np.abs(before)) > 0
    assert np.max(np.abs(from_quimb(mps).full())) == 0


def test_from_quimb_of_quimbs_own_states(qtn):
    """MPS built by quimb (its index order and names, canonicalised, other ids) come back
    as the TT of the same dense vector."""
    mps = qtn.MPS_rand_state(5, bond_dim=3, phys_dim=[2, 3, 2, 4, 2], seed=4, dtype="float64")
    mps.left_canonize()
    tt = from_quimb(mps)
    assert tt.shape == (2, 3, 2, 4, 2) and tt.ranks[0] == tt.ranks[-1] == 1
    dense = np.asarray(mps.to_dense()).reshape(tt.shape)
    assert np.max(np.abs(tt.full() - dense)) <= _tol(tt)
    other = to_quimb(tt, site_ind_id="phys{}", site_tag_id="S{}")
    assert other.site_ind(2) == "phys2" and _same_cores(from_quimb(other), tt)
    # a site tensor stored in another index order (physical index first)
    t0 = other[other.site_tag(1)]
    t0.transpose_(other.site_ind(1), *[i for i in t0.inds if i != other.site_ind(1)])
    assert _same_cores(from_quimb(other), tt)


def test_from_quimb_refuses_what_is_not_an_open_mps(qtn):
    with pytest.raises(DTypeError, match="needs a quimb MatrixProductState; got ndarray"):
        from_quimb(np.ones((1, 2, 1)))
    ring = qtn.MPS_rand_state(4, bond_dim=2, cyclic=True, seed=0)
    with pytest.raises(RankError, match="open boundaries"):
        from_quimb(ring)
    with pytest.raises(DTypeError, match="to_quimb needs a tnverify TensorTrain"):
        to_quimb([np.ones((1, 2, 1))])


def test_quimb_missing_gives_an_install_hint(monkeypatch):
    """Without quimb the functions say what to install (the import is refused here)."""
    real_import = builtins.__import__

    def no_quimb(name, *args, **kwargs):
        if name == "quimb" or name.startswith("quimb."):
            raise ImportError("No module named 'quimb'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_quimb)
    tt = random_tt((2, 2), 1, rng=0)
    with pytest.raises(
        ImportError,
        match=r"to_quimb needs the optional dependency quimb.*"
        r"pip install -e '\.\[interop\]'",
    ):
        to_quimb(tt)
    with pytest.raises(ImportError, match="from_quimb needs the optional dependency quimb"):
        from_quimb(object())
    assert math.isfinite(tt.norm())
