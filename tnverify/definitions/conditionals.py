"""Conditional distributions of an explicit joint tensor: the definition (oracle) that
every model readout is compared with.

For a joint tensor ``𝒜`` over ``V^N`` sequences (ttlm §4.3, the chain rule
above Eq. 8; thesis §5.2.2; tslm Eq. 15),

.. math:: P(x_t = v \\mid x_{<t}) = \\frac{\\sum_{x_{>t}} \\mathcal{A}_{x_{<t}\\, v\\, x_{>t}}}
          {\\sum_{u,\\, x_{>t}} \\mathcal{A}_{x_{<t}\\, u\\, x_{>t}}}

(the ratio of marginals: "Σ over the future").  The product of the conditionals along a
sequence is ``𝒜_x / Σ 𝒜`` (the chain rule).  A prefix of zero total mass has no
conditional: its entries are NaN; a joint of zero total mass (``Σ 𝒜 = 0``) has no
distribution at all and raises :class:`~tnverify.errors.NormalizationError`.  The joint is
scaled by its largest entry first (the ratios do not change), so a total beyond the float
range does not overflow.
"""

from __future__ import annotations

import numpy as np

from ..errors import ShapeError
from ..validation import as_array, check_mass

__all__ = ["conditionals", "conditionals_by_sequence"]


def conditionals(joint) -> list[np.ndarray]:
    """``P(x_t = v | x_{<t})`` for every position ``t`` and prefix.

    Parameters
    ----------
    joint : array_like, shape ``(V,) * N``
        Explicit joint scores (nonnegative for a distribution; signed values give the
        ratios all the same).

    Returns
    -------
    list of ndarray
        ``out[t]`` has shape ``(V,) * (t + 1)``: ``out[t][x_0, …, x_{t−1}, v]`` (0-based).

    Examples
    --------
    >>> import numpy as np
    >>> A = np.array([[1.0, 3.0], [2.0, 2.0]])        # P(x0, x1) ∝ A
    >>> c = conditionals(A)
    >>> c[0].tolist(), c[1][0].tolist()
    ([0.5, 0.5], [0.25, 0.75])
    """
    a = as_array(joint, "joint", nonempty=True)
    if a.ndim < 1 or len(set(a.shape)) != 1:
        raise ShapeError(f"a joint over V^N sequences has N equal modes; got shape {a.shape}")
    n = a.ndim
    top = float(np.abs(a).max())
    if top > 0:
        a = a / top  # ratios are unchanged; the sums cannot overflow
    check_mass(a.sum(), "conditionals of the joint")
    out = []
    for t in range(n):
        marg = a.sum(axis=tuple(range(t + 1, n))) if t + 1 < n else a
        den = marg.sum(axis=-1, keepdims=True)
        with np.errstate(invalid="ignore", divide="ignore"):
            out.append(np.where(den != 0, marg / np.where(den != 0, den, 1.0), np.nan))
    return out


def conditionals_by_sequence(joint) -> np.ndarray:
    """The conditionals along every sequence: ``out[s, t, v] = P(x_t = v | x_{<t} = the
    prefix of sequence s)``, sequences in C order (:func:`tnverify.definitions.explicit.all_sequences`).

    Returns ``(V**N, N, V)``.

    Examples
    --------
    >>> import numpy as np
    >>> c = conditionals_by_sequence(np.array([[1.0, 3.0], [2.0, 2.0]]))
    >>> c[1].tolist()                     # sequence (0, 1): P(x0), then P(x1 | x0 = 0)
    [[0.5, 0.5], [0.25, 0.75]]
    """
    conds = conditionals(joint)
    n, v = len(conds), conds[0].shape[-1]
    out = np.empty((v**n, n, v))
    for t, c in enumerate(conds):
        rows = c.reshape(-1, v)  # one row per prefix x_{<t}
        prefix_of_seq = np.arange(v**n) // v ** (n - t)
        out[:, t, :] = rows[prefix_of_seq]
    return out
