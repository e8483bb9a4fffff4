"""gtm's generalized networks: generalized shallow networks (§4.1, Eq. 14–15) and
generalized RNNs (§4.1, Eq. 16–17), with their per-sequence scores, and random ones.
Their grid tensors (§4.2, Eq. 18–21) are :mod:`tnverify.generalized.grid`.

Conventions (conventions.py, "Generalized networks"): cores keep the paper's
order 𝒢^{(t)} ∈ ℝ^{L_t×R_{t−1}×R_t} (``G[i, j, k]``: i over C^{(t)} f, j over h^{(t−1)},
k over h^{(t)}); ``C[t]`` is C^{(t+1)} ∈ ℝ^{L_t×M}.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..errors import NonFiniteError, ShapeError, UsageError
from ..validation import as_array, as_choice, as_flag, as_float, as_int, as_rng, check_entries
from .xi import XiOperator, get_xi

__all__ = [
    "ShallowNetwork",
    "GeneralizedRNN",
    "random_shallow",
    "random_generalized_rnn",
    "DISTRIBUTIONS",
    "finite_array",
]

#: Weight distributions of the random networks: N(0, 1); integers uniform in [−2, 2];
#: uniform on [−1, 1].
DISTRIBUTIONS = ("normal", "integer", "uniform")


def finite_array(x, name: str, ndim: int) -> np.ndarray:
    """``x`` as a finite float array with ``ndim`` dimensions (the networks' weights,
    features and templates)."""
    a = as_array(x, name, finite=False)
    if a.ndim != ndim:
        raise ShapeError(f"{name} must have {ndim} dimensions; got shape {a.shape}")
    if not np.isfinite(a).all():
        raise NonFiniteError(f"{name} must be finite; found NaN/inf entries")
    return a


def network_features(net, features) -> np.ndarray:
    """Features of shape ``(n, T, M)`` for ``net``, validated."""
    f = finite_array(features, "features", 3)
    if f.shape[1:] != (net.length, net.n_features):
        raise ShapeError(
            f"features must have shape (n, T={net.length}, M={net.n_features}); got {f.shape}"
        )
    return f


@dataclass(frozen=True)
class ShallowNetwork:
    """Generalized shallow network (gtm §4.1, Eq. 14–15):
    ℓ(X) = Σ_r λ_r ξ(⟨f(x^{(1)}), v_r^{(1)}⟩, …, ⟨f(x^{(T)}), v_r^{(T)}⟩).

    Attributes
    ----------
    weights : (R,) array — λ.
    templates : (T, R, M) array — ``templates[t, r]`` = v_r^{(t+1)}.
    xi : XiOperator or key of :data:`tnverify.generalized.xi.XI_OPERATORS`.
    """

    weights: np.ndarray
    templates: np.ndarray
    xi: XiOperator

    def __post_init__(self):
        lam, v = (
            finite_array(self.weights, "weights", 1),
            finite_array(self.templates, "templates", 3),
        )
        if v.shape[1] != lam.shape[0] or 0 in v.shape:
            raise ShapeError(
                f"templates must have shape (T, R={lam.shape[0]}, M) with "
                f"T, R, M >= 1; got {v.shape}"
            )
        object.__setattr__(self, "weights", lam)
        object.__setattr__(self, "templates", v)
        object.__setattr__(self, "xi", get_xi(self.xi))

    rank = property(lambda self: int(self.templates.shape[1]), doc="R")
    length = property(lambda self: int(self.templates.shape[0]), doc="T")
    n_features = property(lambda self: int(self.templates.shape[2]), doc="M")

    def score(self, features) -> np.ndarray:
        """ℓ(X) for features of shape (n, T, M) by Eq. 14 (ξ folded left over t)."""
        f = network_features(self, features)
        a = np.einsum("ntm,trm->ntr", f, self.templates)  # ⟨f(x^{(t)}), v_r^{(t)}⟩
        return self.xi.reduce(a, axis=1) @ self.weights


@dataclass(frozen=True)
class GeneralizedRNN:
    """Generalized RNN (gtm §4.1, Eq. 16–17):
    h^{(t)}_k = Σ_{i,j} 𝒢^{(t)}_{ijk} ξ([C^{(t)} f(x^{(t)})]_i, h^{(t−1)}_j), ℓ(X) = h^{(T)}.

    Attributes
    ----------
    C : tuple of T arrays (L_t, M).
    G : tuple of T arrays (L_t, R_{t−1}, R_t), R_0 = R_T = 1.
    xi : XiOperator or key.
    h0 : float, optional
        h^{(0)}; default ``xi.unit`` (gtm §4.1, "Initial hidden state").

    Raises
    ------
    ShapeError
        Inconsistent shapes.  UsageError: no h0 given and ξ has no unit.
    NonFiniteError
        NaN/inf weights, or h0 NaN/±inf (h0 = −inf only for ξ whose unit is −inf:
        softplus).
    """

    C: tuple
    G: tuple
    xi: XiOperator
    h0: float | None = None

    def __post_init__(self):
        seen = {}  # shared weights (one array at many steps): check once

        def once(a, name, nd):
            if id(a) not in seen:
                seen[id(a)] = (a, finite_array(a, name, nd))
            return seen[id(a)][1]

        C = tuple(once(c, f"C[{t}]", 2) for t, c in enumerate(self.C))
        G = tuple(once(g, f"G[{t}]", 3) for t, g in enumerate(self.G))
        if len(C) != len(G) or not C:
            raise ShapeError(
                f"need T >= 1 matrices C and cores G, as many of each; got {len(C)} and {len(G)}"
            )
        M = C[0].shape[1]
        for t, (c, g) in enumerate(zip(C, G)):
            prev = 1 if t == 0 else G[t - 1].shape[2]
            if (
                c.shape[1] != M
                or 0 in c.shape
                or g.shape[:2] != (c.shape[0], prev)
                or g.shape[2] < 1
            ):
                raise ShapeError(
                    f"step {t + 1}: need C (L, M={M}) and G (L, R_prev={prev}, "
                    f"R) with the same L; got C {c.shape}, G {g.shape}"
                )
        if G[-1].shape[2] != 1:
            raise ShapeError(f"the last core must have R_T = 1; got G[-1] {G[-1].shape}")
        xi = get_xi(self.xi)
        h0 = xi.unit if self.h0 is None else as_float(self.h0, "h0", finite=False)
        if h0 is None:
            raise UsageError(f"ξ = {xi.label} has no unit; pass h0 explicitly")
        if not math.isfinite(h0) and not (h0 == -math.inf and xi.unit == -math.inf):
            # −inf is admitted only as the extended-real unit of ξ = ln(eˣ + eʸ)
            raise NonFiniteError(
                f"h0 must be finite for ξ = {xi.label} (its unit is "
                f"{xi.unit}); got {h0}; only ξ whose unit is −inf "
                "(softplus) admit h0 = −inf"
            )
        for name, value in (("C", C), ("G", G), ("xi", xi), ("h0", h0)):
            object.__setattr__(self, name, value)

    length = property(lambda self: len(self.G), doc="T")
    n_features = property(lambda self: int(self.C[0].shape[1]), doc="M (columns of C)")

    @property
    def ranks(self) -> tuple:
        """(R_0, R_1, …, R_T) with R_0 = R_T = 1."""
        return (1,) + tuple(int(g.shape[2]) for g in self.G)

    @property
    def shared(self) -> bool:
        """Whether 𝒢^{(2)} = ⋯ = 𝒢^{(T−1)} (gtm §5.2, App. B shared cores).

        Trivially True when T ≤ 3 (fewer than two middle cores): callers that judge
        "has shared cores" should treat T < 4 as not applicable."""
        mid = self.G[1:-1]
        return all(
            g is mid[0] or (g.shape == mid[0].shape and np.array_equal(g, mid[0])) for g in mid
        )

    @property
    def shared_inputs(self) -> bool:
        """Whether C^{(2)} = ⋯ = C^{(T−1)} as well (trivially True when T ≤ 3)."""
        mid = self.C[1:-1]
        return all(
            c is mid[0] or (c.shape == mid[0].shape and np.array_equal(c, mid[0])) for c in mid
        )

    def hidden_states(self, features) -> list:
        """[h^{(0)}, h^{(1)}, …, h^{(T)}], each (n, R_t), by Eq. 16 (loop over t)."""
        f = network_features(self, features)
        h = np.full((f.shape[0], 1), self.h0)
        out = [h]
        for t, (C, G) in enumerate(zip(self.C, self.G)):
            x = f[:, t, :] @ C.T  # C^{(t)} f(x^{(t)})
            X = self.xi(x[:, :, None], h[:, None, :])  # (n, L, R_{t−1})
            h = X.reshape(X.shape[0], -1) @ G.reshape(-1, G.shape[2])  # Σ_{i,j} 𝒢_ijk X_ij
            out.append(h)
        return out

    def score(self, features) -> np.ndarray:
        """ℓ(X) = h^{(T)} for features (n, T, M) — the per-sequence oracle of Eq. 16."""
        return self.hidden_states(features)[-1][:, 0]


# -- random networks -----------------------------------------------------------------------
def _draw(rng, shape, dist):
    check_entries(shape, what="random network weights")
    if dist == "normal":
        return rng.standard_normal(shape)
    if dist == "integer":
        return rng.integers(-2, 3, size=shape).astype(np.float64)
    if dist == "uniform":
        return rng.uniform(-1.0, 1.0, size=shape)
    raise UsageError(f"dist must be one of {', '.join(DISTRIBUTIONS)}; got {dist!r}")


def random_shallow(M, T, R, xi, rng, *, dist="normal") -> ShallowNetwork:
    """A shallow network with λ and v drawn from ``dist`` (see :data:`DISTRIBUTIONS`).

    ``rng`` is a numpy Generator or an int seed."""
    M, T, R = (as_int(x, n, minimum=1) for x, n in ((M, "M"), (T, "T"), (R, "R")))
    as_choice(dist, "dist", DISTRIBUTIONS)
    xi, rng = get_xi(xi), as_rng(rng)
    return ShallowNetwork(_draw(rng, (R,), dist), _draw(rng, (T, R, M), dist), xi)


def random_generalized_rnn(
    M, T, R, xi, rng, *, L=None, shared=False, shared_inputs=False, dist="normal", h0=None
) -> GeneralizedRNN:
    """A generalized RNN with entries of C and 𝒢 drawn from ``dist``.

    ``R`` is an int (every inner rank) or the sequence R_1..R_{T−1}; ``L`` defaults to M;
    ``shared`` makes 𝒢^{(2)} = ⋯ = 𝒢^{(T−1)} (one draw), ``shared_inputs`` likewise C.
    """
    T, M = as_int(T, "T", minimum=1), as_int(M, "M", minimum=1)
    shared, shared_inputs = as_flag(shared, "shared"), as_flag(shared_inputs, "shared_inputs")
    check_entries((T,), what="generalized RNN steps")
    if isinstance(R, (str, bytes)) or np.ndim(R) == 0:
        inner = [as_int(R, "R", minimum=1)] * (T - 1)
    else:
        inner = [as_int(r, "R entry", minimum=1) for r in R]
    if len(inner) != T - 1 or any(r < 1 for r in inner):
        raise ShapeError(f"R must be an int >= 1 or T-1={T - 1} ranks >= 1; got {R!r}")
    if shared and len(set(inner)) > 1:
        raise ShapeError(f"shared cores need equal inner ranks; got {inner}")
    L = M if L is None else as_int(L, "L", minimum=1)
    check_entries((T, L, M + max(inner, default=1) ** 2), what="generalized RNN weights")
    as_choice(dist, "dist", DISTRIBUTIONS)
    xi, rng = get_xi(xi), as_rng(rng)
    ranks = [1] + inner + [1]
    C, G = [], []  # type: list[np.ndarray], list[np.ndarray]
    for t in range(T):
        reuse = 1 < t < T - 1
        C.append(C[1] if reuse and shared_inputs else _draw(rng, (L, M), dist))
        G.append(G[1] if reuse and shared else _draw(rng, (L, ranks[t], ranks[t + 1]), dist))
    return GeneralizedRNN(tuple(C), tuple(G), xi, h0)
