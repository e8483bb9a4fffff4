"""BornMachine with boundary vectors α, ω (TorchMPS, the uniform MPS of
Miller, Rabusseau & Terilla 2021): every method against the explicit tensor
Ψ[x] = α^T G_{x_1} ⋯ G_{x_L} ω over all |V|^L sequences."""

import numpy as np
import pytest
import torch

from tnverify.cells.born import BornMachine, random_born
from tnverify.conventions import tolerance
from tnverify.definitions.explicit import all_sequences
from tnverify.errors import NonFiniteError, RankError, ShapeError

V, L, R = 3, 4, 3
CONFIGS = [  # (uniform, complex)
    (False, False),
    (True, False),
    (False, True),
    (True, True),
]


def _tol(logs=0.0):
    """Log-domain comparison: V^L terms, each a chain of L·R multiply-adds, plus the
    rounding of the logs of magnitude ``logs`` that are added or subtracted."""
    return float(tolerance(np.float64, n=V**L * L * R, norm=1.0 + abs(float(logs))))


def explicit_psi(m: BornMachine) -> np.ndarray:
    """Ψ as a (V,)*L array, contracted in numpy from the machine's cores and boundaries."""
    alpha = np.ones(1) if m.alpha is None else m.alpha.detach().numpy()
    omega = np.ones(1) if m.omega is None else m.omega.detach().numpy()
    t = alpha
    for pos in range(m.length):
        t = np.tensordot(t, m.core(pos).detach().numpy(), axes=(-1, 0))
    return t @ omega


def explicit_p(m):
    psi2 = np.abs(explicit_psi(m)) ** 2
    return psi2 / psi2.sum(), float(np.log(psi2.sum()))


def _machine(uniform, cplx, seed=3):
    return random_born(
        V, L, R, np.random.default_rng(seed), complex=cplx, uniform=uniform, boundary=True
    )


def _left_inverse_cdf(P, u):
    """Tokens drawn left to right by the inverse CDF of the explicit conditionals."""
    n, Lp = u.shape
    out = np.zeros((n, Lp), dtype=np.int64)
    for j in range(n):
        prefix = ()
        for t in range(Lp):
            joint = P[prefix].reshape(P.shape[t], -1).sum(axis=1)  # P(x_<t, x_t = v)
            cum = np.cumsum(joint)
            v = min(int(np.searchsorted(cum, u[j, t] * cum[-1], side="right")), P.shape[t] - 1)
            out[j, t] = v
            prefix = prefix + (v,)
    return out


@pytest.mark.parametrize("uniform, cplx", CONFIGS)
def test_amplitudes_and_partition_function(uniform, cplx):
    m = _machine(uniform, cplx)
    assert m.has_boundaries and m.ranks == (R,) * (L + 1)
    if uniform:
        assert m.sites == (0,) * L and len(m.core_list) == 1
    X = torch.as_tensor(all_sequences(V, L))
    psi = explicit_psi(m).reshape(-1)
    P, logZ = explicit_p(m)
    with torch.no_grad():
        lz, lzt = float(m.log_partition()), float(m.log_partition_tree())
        lpsi, lpsi_tree = m.log_psi(X).numpy(), m.log_psi_tree(X).numpy()
        lp = m.log_prob(X).numpy()
    logs = float(np.abs(np.log(np.abs(psi))).max()) + abs(logZ)
    assert abs(lz - logZ) <= _tol(logZ) and abs(lzt - logZ) <= _tol(logZ)
    assert np.abs(lpsi - np.log(np.abs(psi))).max() <= _tol(logs)
    assert np.abs(lpsi_tree - np.log(np.abs(psi))).max() <= _tol(logs)
    assert np.abs(lp - np.log(P.reshape(-1))).max() <= _tol(logs)
    # negative control: the same cores closed by [1]-boundaries are another distribution
    plain = (
        BornMachine(
            [c.detach()[:1] if k == 0 else c.detach() for k, c in enumerate(m.core_list)],
            sites=m.sites,
            omega=m.omega.detach(),
            dtype=torch.float64,
        )
        if not uniform
        else None
    )
    if plain is not None:
        with torch.no_grad():
            assert abs(float(plain.log_partition()) - logZ) > _tol(logZ)


@pytest.mark.parametrize("uniform, cplx", CONFIGS)
def test_marginals_and_conditionals(uniform, cplx):
    m = _machine(uniform, cplx, seed=4)
    P, _ = explicit_p(m)
    X = torch.as_tensor(all_sequences(V, L))
    with torch.no_grad():
        for k in range(1, L + 1):
            seqs = torch.as_tensor(all_sequences(V, k))
            pre = P.sum(axis=tuple(range(k, L))).reshape(-1)
            suf = P.sum(axis=tuple(range(L - k))).reshape(-1)
            assert np.abs(m.log_marginal(seqs).numpy() - np.log(pre)).max() <= _tol(10)
            assert np.abs(m.log_suffix_marginal(seqs).numpy() - np.log(suf)).max() <= _tol(10)
        c = m.conditionals(X).numpy()
    for t in range(L):
        num = P.sum(axis=tuple(range(t + 1, L))) if t + 1 < L else P
        want = np.broadcast_to(num / num.sum(axis=t, keepdims=True), P.shape[: t + 1])
        idx = (all_sequences(V, L)[:, :t] @ (V ** np.arange(t - 1, -1, -1))) if t else 0
        assert np.abs(c[:, t, :] - want.reshape(-1, V)[idx]).max() <= _tol()


@pytest.mark.parametrize("uniform, cplx", CONFIGS)
@pytest.mark.parametrize("direction", ["left", "right"])
def test_samplers(uniform, cplx, direction):
    m = _machine(uniform, cplx, seed=5)
    P, _ = explicit_p(m)
    u = np.random.default_rng(6).random((64, L))
    with torch.no_grad():
        tok, lp = m.sample_from_uniforms(torch.as_tensor(u), direction=direction)
    if direction == "left":
        want = _left_inverse_cdf(P, u)
    else:  # position L first with u[:, 0]: the left sampler of the reversed joint
        want = _left_inverse_cdf(np.transpose(P, tuple(range(L - 1, -1, -1))), u)[:, ::-1]
    assert tok.tolist() == want.tolist()
    logP = np.log(P[tuple(tok.numpy().T)])
    assert np.abs(lp.numpy() - logP).max() <= _tol(float(np.abs(logP).max()))
    with torch.no_grad():
        tok2, lp2 = m.sample(32, generator=torch.Generator().manual_seed(7), direction=direction)
    logP2 = np.log(P[tuple(tok2.numpy().T)])
    assert np.abs(lp2.numpy() - logP2).max() <= _tol(float(np.abs(logP2).max()))


@pytest.mark.parametrize("side", ["alpha", "omega"])
def test_one_boundary_vector(side):
    """Only α (r_L = 1) or only ω (r_0 = 1); the other end is the open TT's [1]."""
    rng = np.random.default_rng(8)
    shapes = [(R, R), (R, R), (R, 1)] if side == "alpha" else [(1, R), (R, R), (R, R)]
    cores = [rng.standard_normal((a, 2, b)) for a, b in shapes]
    vec = rng.standard_normal(R)
    m = BornMachine(cores, **{side: vec})
    assert (m.alpha is None) == (side == "omega") and (m.omega is None) == (side == "alpha")
    P, logZ = explicit_p(m)
    X = torch.as_tensor(all_sequences(2, 3))
    with torch.no_grad():
        assert abs(float(m.log_partition()) - logZ) <= _tol(logZ)
        assert abs(float(m.log_partition_tree()) - logZ) <= _tol(logZ)
        assert np.abs(m.log_prob(X).numpy() - np.log(P.reshape(-1))).max() <= _tol(10)


def test_boundaries_are_trained_parameters():
    m = _machine(True, False)
    names = {n for n, _ in m.named_parameters()}
    assert {"alpha", "omega"} <= names
    m.log_partition().backward()
    assert m.alpha.grad is not None and float(m.alpha.grad.abs().max()) > 0
    assert m.omega.grad is not None and float(m.omega.grad.abs().max()) > 0
    rev = m.reversed()  # swapped boundaries, no shared storage
    assert torch.equal(rev.alpha, m.omega.detach()) and torch.equal(rev.omega, m.alpha.detach())
    assert rev.alpha.data_ptr() != m.omega.data_ptr()


def test_boundary_validation():
    core = np.ones((2, 2, 2))
    with pytest.raises(
        RankError,
        match=r"r_prev=2, expected 1 \(ranks must chain, r_0 = 1 "
        r"without alpha\)",
    ):
        BornMachine([core], omega=[1.0, 1.0])
    with pytest.raises(RankError, match=r"r_prev=2, expected 3 .*len\(alpha\) = 3"):
        BornMachine([core], alpha=[1.0, 1.0, 1.0], omega=[1.0, 1.0])
    with pytest.raises(RankError, match=r"r_L = 1 without omega; got r_L = 2"):
        BornMachine([core], alpha=[1.0, 1.0])
    with pytest.raises(RankError, match=r"omega must have length r_L = 2.*got length 3"):
        BornMachine([core], alpha=[1.0, 1.0], omega=[1.0, 1.0, 1.0])
    with pytest.raises(ShapeError, match=r"alpha must be a non-empty 1-D vector"):
        BornMachine([core], alpha=np.ones((2, 1)), omega=[1.0, 1.0])
    with pytest.raises(NonFiniteError, match=r"omega must be finite"):
        BornMachine([core], alpha=[1.0, 1.0], omega=[1.0, np.nan])
