"""The paper's models on small instances, with exact (integer / rational) entries.

- A hidden Markov model with initial distribution π, transition matrix A and emission
  matrices B_k (here in integer form: counts over a common total D) is the non-negative
  tensor train with cores ``G_1[x] = π ∘ B[:, x]`` and
  ``G_k[x] = A ∘ B[:, x]`` (rows of A weighted by the emission of the next state), bond
  dimension = the number of hidden states.
- A Born machine is ``P(x) = |ψ(x)|²`` with ψ a tensor train, real or complex. A complex
  TT with cores ``G = G_re + i G_im`` is realified through ``z ↦ [[Re z, −Im z],
  [Im z, Re z]]`` (a ring map), so Re ψ and Im ψ are real TTs of bond 2r with exact cores.
- The fooling-set bound: a set of positive entries ``(i_s, j_s)`` with
  ``M[i_s, j_t] · M[i_t, j_s] = 0`` for s ≠ t bounds the non-negative rank of M from below
  by its size (each non-negative rank-one term covers at most one of them).
"""

import itertools

import numpy as np

from tnverify import ExactTT


def hmm_tt(pi, A, B) -> ExactTT:
    """The HMM joint P(x_1..x_L) as a non-negative TT of bond h (the number of hidden
    states); ``B`` is the list of the L emission matrices (h × n), one per step."""
    pi, A = np.array(pi, dtype=object), np.array(A, dtype=object)
    Bs = [np.array(b, dtype=object) for b in B]
    cores = [(pi[:, None] * Bs[0]).T[None]]                   # G_1[0, x, h] = π_h B_1[h, x]
    cores += [A[:, None, :] * b.T[None] for b in Bs[1:]]       # G_k[h', x, h] = A[h', h] B_k[h, x]
    cores[-1] = cores[-1].sum(axis=2, keepdims=True)           # sum over the last hidden state
    return ExactTT(cores)


def hmm_joint_by_paths(pi, A, B) -> dict:
    """The HMM joint by its definition: the sum over all hidden paths of
    π(h_1) B_1(h_1, x_1) Π_k A(h_{k−1}, h_k) B_k(h_k, x_k)."""
    h, n, L = len(pi), len(B[0][0]), len(B)
    out = {}
    for x in itertools.product(range(n), repeat=L):
        out[x] = 0
        for path in itertools.product(range(h), repeat=L):
            p = pi[path[0]] * B[0][path[0]][x[0]]
            for k in range(1, L):
                p *= A[path[k - 1]][path[k]] * B[k][path[k]][x[k]]
            out[x] += p
    return out


def random_born_cores(shape, r, rng, *, complex_: bool, bound: int = 2):
    """Integer cores (real part, imaginary part) of a Born machine's ψ of bond r (the
    imaginary part zero for a real Born machine)."""
    from tnverify import random_exact_tt

    re = random_exact_tt(shape, r, rng, bound=bound).cores
    im = random_exact_tt(shape, r, rng, bound=bound).cores if complex_ else \
        tuple(np.zeros_like(c) for c in re)
    return re, im


def born_distribution(re, im) -> np.ndarray:
    """P = |ψ|² = (Re ψ)² + (Im ψ)², exactly, from ψ's cores (realified: bond 2r)."""
    def block(a, b):                       # Φ(a + ib) on the bond axes: (2r, n, 2r)
        return np.concatenate([np.concatenate([a, -b], axis=2),
                               np.concatenate([b, a], axis=2)], axis=0)

    mid = [block(a, b) for a, b in zip(re, im)]
    first_re, first_im = mid[0][:1], mid[0][1:2]            # rows of Φ(G_1)
    last = mid[-1][:, :, :1]                                  # column [Re; Im] of G_L
    if len(mid) == 1:
        return first_re[:, :, :1].reshape(-1) ** 2 + first_im[:, :, :1].reshape(-1) ** 2
    parts = [ExactTT([f] + mid[1:-1] + [last]).full() for f in (first_re, first_im)]
    return parts[0] * parts[0] + parts[1] * parts[1]


def rank_nonneg_gap_matrix() -> np.ndarray:
    """A 4 × 4 0/1 matrix of rank 3 and non-negative rank 4 (the slack matrix of a square):
    the joint of two 4-valued variables, up to normalisation."""
    return np.array([[1, 1, 0, 0], [1, 0, 1, 0], [0, 1, 0, 1], [0, 0, 1, 1]], dtype=np.int64)


def fooling_set(M) -> tuple:
    """A largest fooling set of the non-negative matrix M (exhaustive search)."""
    M = np.asarray(M)
    support = list(zip(*np.nonzero(M)))
    for size in range(min(M.shape), 0, -1):
        for cand in itertools.combinations(support, size):
            if all(M[i, j2] * M[i2, j] == 0 for (i, j), (i2, j2) in
                   itertools.combinations(cand, 2)):
                return tuple((int(i), int(j)) for i, j in cand)
    return ()


def random_hmm(h: int, n: int, L: int, rng, D: int = 4):
    """A random HMM in exact integer form: π, the rows of A (h × h) and of the L emission
    matrices (h × n) are counts summing to D (the probabilities are count / D).  Every
    path's probability then has the denominator D^{2L}, so the joint P and its TT scaled by
    D^{2L} are integer tensors and compare exactly."""
    def counts(rows, cols):
        return [[int(v) for v in rng.multinomial(D, [1 / cols] * cols)] for _ in range(rows)]

    return counts(1, h)[0], counts(h, h), [counts(h, n) for _ in range(L)]
