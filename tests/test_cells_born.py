"""Tests of tnverify.cells.born: brute force over all |V|^L sequences is the oracle."""

import numpy as np
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from tnverify.cells.born import BornMachine, random_born, transfer_matrix, tree_product
from tnverify.conventions import tolerance
from tnverify.definitions.explicit import all_sequences
from tnverify.errors import DTypeError, RankError, ShapeError, VocabularyError

sizes = st.tuples(st.integers(1, 3), st.integers(1, 4), st.integers(1, 3))  # V, L, R


def _tol(V, L, R, logs=0.0):
    # log-domain comparison: relative error of V^L summed terms, each a chain of L·R
    # multiply-adds (relative errors of order one), plus the rounding of the logs of
    # magnitude ``logs`` that are added or subtracted (log P = 2 log|Ψ| − log Z)
    return float(tolerance(np.float64, n=V**L * L * R, norm=1.0 + float(logs)))


def _machine(V, L, R, seed, cplx, uniform):
    return random_born(V, L, R, np.random.default_rng(seed), complex=cplx, uniform=uniform)


@settings(max_examples=15, deadline=None)
@given(vlr=sizes, seed=st.integers(0, 2**32 - 1), cplx=st.booleans(), uniform=st.booleans())
def test_probabilities_sum_to_one(vlr, seed, cplx, uniform):
    V, L, R = vlr
    m = _machine(V, L, R, seed, cplx, uniform)
    X = torch.as_tensor(all_sequences(V, L))
    with torch.no_grad():
        lp, lz = m.log_prob(X), float(m.log_partition())
        lse = float(torch.logsumexp(lp, 0))
        tree = float(m.log_partition_tree()) - lz
    logs = abs(lz) + float(lp.abs().max())
    assert abs(lse) <= _tol(V, L, R, logs)
    assert abs(tree) <= _tol(V, L, R, abs(lz))


@settings(max_examples=12, deadline=None)
@given(
    vlr=sizes,
    seed=st.integers(0, 2**32 - 1),
    cplx=st.booleans(),
    direction=st.sampled_from(["left", "right"]),
)
def test_sampled_log_probabilities_equal_log_p(vlr, seed, cplx, direction):
    V, L, R = vlr
    m = _machine(V, L, R, seed, cplx, False)
    with torch.no_grad():
        tok, lp = m.sample(64, generator=torch.Generator().manual_seed(seed), direction=direction)
        ref = m.log_prob(tok)
    assert tok.shape == (64, L) and int(tok.min()) >= 0 and int(tok.max()) < V
    logs = float(ref.abs().max()) + float(m.log_partition().detach().abs())
    assert float((lp - ref).abs().max()) <= _tol(V, L, R, logs)


@pytest.mark.parametrize("cplx", [False, True])
def test_marginals_and_conditionals_against_brute_force(cplx):
    V, L, R = 3, 4, 3
    m = _machine(V, L, R, 5, cplx, False)
    X = torch.as_tensor(all_sequences(V, L))
    with torch.no_grad():
        P = m.log_prob(X).exp().reshape((V,) * L).numpy()
        for k in range(1, L):
            pre = P.sum(axis=tuple(range(k, L))).reshape(-1)
            suf = P.sum(axis=tuple(range(L - k))).reshape(-1)
            seqs = torch.as_tensor(all_sequences(V, k))
            assert np.abs(m.log_marginal(seqs).numpy() - np.log(pre)).max() <= _tol(V, L, R)
            assert np.abs(m.log_suffix_marginal(seqs).numpy() - np.log(suf)).max() <= _tol(V, L, R)
        c = m.conditionals(X).numpy()
    # conditional of position t = P(x_{<=t}) / P(x_{<t}), from the brute-force joint
    for t in range(L):
        num = P.sum(axis=tuple(range(t + 1, L))) if t + 1 < L else P
        den = num.sum(axis=t, keepdims=True)
        want = np.broadcast_to(num / den, P.shape[: t + 1]).reshape(-1, V)
        idx = (all_sequences(V, L)[:, :t] @ (V ** np.arange(t - 1, -1, -1))) if t else 0
        got = c[:, t, :]
        assert np.abs(got - want[idx]).max() <= _tol(V, L, R)


def test_inverse_cdf_with_fixed_uniforms():
    m = _machine(2, 3, 2, 11, False, False)
    with torch.no_grad():
        # u = 0 picks the first token with nonzero conditional mass at every step
        tok, lp = m.sample_from_uniforms(torch.zeros(1, 3))
        c = m.conditionals(tok)
        ref = m.log_prob(tok)
    assert tok.tolist() == [[int(torch.nonzero(c[0, t] > 0)[0]) for t in range(3)]]
    assert abs(float(lp[0] - ref[0])) <= _tol(2, 3, 2)


def test_uniform_tree_uses_few_products():
    m = random_born(4, 64, 3, np.random.default_rng(0), uniform=True)
    ts = {s: transfer_matrix(m.core_list[s].detach()) for s in set(m.sites)}
    _, _, products = tree_product([ts[s].unsqueeze(0) for s in m.sites], keys=m.sites)
    assert products <= 3 * 6  # three distinct nodes per level, depth log2(64) = 6
    with torch.no_grad():
        lz = float(m.log_partition())
        assert abs(float(m.log_partition_tree()) - lz) <= float(
            tolerance(np.float64, n=64 * 4 * 3, norm=abs(lz) + 1.0)
        )


def test_no_underflow_at_long_length():
    m = random_born(50, 512, 4, np.random.default_rng(2), uniform=True)
    with torch.no_grad():
        tok, lp = m.sample(4, generator=torch.Generator().manual_seed(0))
        lz, lzt = m.log_partition(), m.log_partition_tree()
        ref = m.log_prob(tok)
    assert torch.isfinite(lp).all() and float(lp.max()) < -500  # far below float64's range
    assert abs(float(lz - lzt)) <= float(
        tolerance(np.float64, n=512 * 50 * 4, norm=abs(float(lz)) + 1)
    )
    assert float((lp - ref).abs().max()) <= float(
        tolerance(np.float64, n=512 * 4, norm=abs(float(ref[0])))
    )


def test_pinned_two_site_example():
    # Ψ(x) = 1 for all x ∈ {0,1}²: Z = 4, P = 1/4
    m = BornMachine([np.ones((1, 2, 1)), np.ones((1, 2, 1))])
    with torch.no_grad():
        tol = float(tolerance(np.float64, n=4, norm=1.0))
        assert abs(float(m.log_partition()) - np.log(4.0)) <= tol
        assert abs(m.log_prob(torch.tensor([[0, 1]])).exp().item() - 0.25) <= tol


def test_validation():
    with pytest.raises(RankError):
        BornMachine([np.ones((1, 2, 2)), np.ones((3, 2, 1))])
    with pytest.raises(ShapeError):
        BornMachine([np.ones((2, 2))])
    with pytest.raises(DTypeError):
        BornMachine([np.ones((1, 2, 1))], dtype=torch.int64)
    m = BornMachine([np.ones((1, 2, 1))])
    with pytest.raises(VocabularyError):
        m.log_psi(torch.tensor([[2]]))
    with pytest.raises(ShapeError):
        m.sample_from_uniforms(torch.zeros(1, 2))


# -- BornMachine.to_tt (TorchMPS models with boundary vectors) ------------------
@pytest.mark.parametrize("complex_", [False, True])
def test_to_tt_absorbs_the_boundary_vectors_and_gives_psi_at_every_sequence(complex_):
    import itertools

    import numpy as np

    from tnverify.cells.born import BornMachine
    from tnverify.tt import TensorTrain

    rng = np.random.default_rng(19)
    V, R, L = 3, 2, 4
    core = rng.normal(size=(R, V, R)) + (1j * rng.normal(size=(R, V, R)) if complex_ else 0)
    alpha, omega = rng.normal(size=R), rng.normal(size=R)
    m = BornMachine([core], sites=[0] * L, alpha=alpha, omega=omega)
    tt = m.to_tt()
    assert isinstance(tt, TensorTrain) and tt.ranks == (1, R, R, R, 1)
    full = tt.full()
    for x in itertools.product(range(V), repeat=L):
        mats = [core[:, i, :] for i in x]
        psi = alpha @ np.linalg.multi_dot(mats) @ omega
        scale = np.abs(alpha) @ np.linalg.multi_dot([np.abs(a) for a in mats]) @ np.abs(omega)
        assert abs(full[x] - psi) <= float(tolerance(np.float64, n=L * R, norm=scale))
    # P = |Ψ|²/Z from the TT equals the machine's own log_prob
    seqs = np.array(list(itertools.product(range(V), repeat=L)))
    p_tt = np.abs(full.reshape(-1)) ** 2
    p_tt /= p_tt.sum()
    p_m = np.exp(m.log_prob(seqs).detach().numpy())
    assert np.max(np.abs(p_tt - p_m)) <= float(tolerance(np.float64, n=L * R * V**L, norm=1.0))
    # the boundary is really used: dropping ω changes the amplitudes
    assert not np.allclose(
        full, BornMachine([core], sites=[0] * L, alpha=alpha, omega=np.ones(R)).to_tt().full()
    )


def test_to_tt_without_boundaries_copies_the_cores():
    import numpy as np

    from tnverify.cells.born import BornMachine

    rng = np.random.default_rng(3)
    cores = [rng.normal(size=(1, 2, 3)), rng.normal(size=(3, 2, 1))]
    tt = BornMachine(cores).to_tt()
    assert all(np.array_equal(a, b) for a, b in zip(tt.cores, cores))
