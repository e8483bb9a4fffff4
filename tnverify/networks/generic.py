"""Generic statements ("holds except on a set of measure zero") established by one
certified witness.

The expressivity theorems of the field say that a rank takes a value *generically*: for
all parameters θ except those in a set of measure zero.  The standard argument makes one
certified computation enough:

1. The entries of the matricization ``M(θ)`` are polynomials in the parameters θ (a
   TT, CP or tree network's entries are sums of products of core entries).
2. ``rank M(θ) ≥ b`` holds exactly when some ``b × b`` minor of ``M(θ)`` is non-zero, and
   each minor is a polynomial ``p(θ)``.
3. A polynomial that is not identically zero vanishes only on an algebraic set of
   Lebesgue measure zero (induction on the number of variables with Fubini's theorem),
   and the Schwartz–Zippel lemma (Schwartz, J. ACM 27(4), 1980) bounds the chance that a
   uniform integer point from a range of size N lands in it by ``deg p / N``.
4. So **one** parameter point θ* with a certified ``rank M(θ*) ≥ b`` (exact rank over ℚ of
   an integer or rational draw) proves ``p ≢ 0`` for one of its non-zero minors, hence
   ``rank M(θ) ≥ b`` for all θ outside the zero set of ``p``: the *generic* rank is at
   least ``b``.  With an upper bound ``rank M(θ) ≤ b`` that holds for *every* θ (a min-cut
   bound, a parameter count), the generic rank is exactly ``b``.

Draws whose rank is below the witness's lie in that algebraic set (small integer entries
hit it often: a zero core slice, two equal rows).  They are *not* counterexamples of the
generic statement and are reported as such (``exceptional``); only a draw *above* an
every-θ upper bound would contradict it.  When no draw reaches ``b`` the statement is not
established (the generic rank is only known to be ≥ the best draw); that is reported, never
turned into a counterexample drawn from the exceptional set.

:func:`tnverify.holds_generically` (in :mod:`tnverify.claims.generic`) turns a
:class:`GenericRank` into the :class:`~tnverify.claims.Evidence` of a claim.

This is the method behind the certified bars of tnverify's gtm rank figures
(:mod:`tnverify.figures.gtm`: integer weights, ranks certified mod p), offered here for
any model.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..errors import DTypeError
from ..generalized.bounds import GridRank, grid_rank
from ..ranks.matricize import exact_rank
from ..validation import as_callable, as_int, as_rng, check_entries

__all__ = ["GenericRank", "generic_rank"]


@dataclass(frozen=True)
class GenericRank:
    """A certified lower bound of a generic rank, from exact random draws.

    Attributes
    ----------
    rank : int
        The largest certified rank among the draws: the generic rank is ``>= rank``.
    ranks : tuple of int
        The certified rank of every draw, in order.
    seeds : tuple of int
        The seed of every draw (``build(numpy.random.default_rng(seed))`` redraws it).
    witness : int
        Index of the first draw reaching ``rank`` (the witness).
    bound : int or None
        The bound asked for (an every-parameter upper bound, or the value to reach).
    exceptional : tuple of int
        Indices of draws whose rank is below ``rank``: they lie in the algebraic set of
        measure zero where the rank drops (not counterexamples).
    above_bound : tuple of int
        Indices of draws whose rank exceeds ``bound`` (these *would* contradict an
        every-parameter upper bound).
    """

    rank: int
    ranks: tuple
    seeds: tuple
    witness: int
    bound: int | None = None
    exceptional: tuple = ()
    above_bound: tuple = ()
    methods: tuple = field(default=())

    kind = "generic lower bound (certified witness)"

    def __int__(self) -> int:
        return int(self.rank)

    def __index__(self) -> int:
        return int(self.rank)

    @property
    def established(self) -> bool:
        """The witness reaches ``bound``: the generic rank is ``>= bound``."""
        return self.bound is not None and self.rank >= self.bound

    def to_dict(self) -> dict:
        """The witness, the ranks per draw and the counts as JSON-ready values."""
        return {
            "generic rank >=": int(self.rank),
            "bound": self.bound,
            "ranks per draw": list(self.ranks),
            "seeds": list(self.seeds),
            "witness draw": int(self.witness),
            "witness seed": int(self.seeds[self.witness]),
            "draws in the exceptional set": len(self.exceptional),
            "draws above the bound": len(self.above_bound),
        }


def _certified_rank(value, i: int) -> tuple[int, str]:
    if isinstance(value, GridRank):
        if not value.certified:
            raise DTypeError(
                f"draw {i}: build returned a numerical rank estimate; a generic "
                "statement needs a certified rank (exact integer or rational "
                "entries)"
            )
        return int(value.rank), value.method
    if isinstance(value, (bool, np.bool_)):
        raise DTypeError(
            f"draw {i}: build returned a bool; return a matrix with exact "
            "entries or a certified rank"
        )
    if isinstance(value, (int, np.integer)):
        return int(value), "given"
    a = value if isinstance(value, np.ndarray) else np.asarray(value, dtype=object)
    if a.ndim != 2:
        raise DTypeError(
            f"draw {i}: build must return a 2-D matrix with exact entries, a "
            f"GridRank or an int; got shape {a.shape}"
        )
    if a.dtype.kind == "f" or (a.dtype == object and any(isinstance(v, float) for v in a.flat)):
        raise DTypeError(
            f"draw {i}: build returned floating-point entries; a generic "
            "statement needs exact (integer or Fraction) entries"
        )
    if a.dtype == object:
        return int(exact_rank(a)), "exact"
    r = grid_rank(a, matrix=True)
    if not r.certified:
        raise DTypeError(f"draw {i}: the rank is not certified ({r.method})")
    return int(r.rank), r.method


def generic_rank(build, *, bound: int | None = None, draws: int = 10, rng=None) -> GenericRank:
    """The generic rank of a polynomially parametrised matrix, bounded below by a
    certified witness (module docstring: why one witness is enough).

    Parameters
    ----------
    build : callable
        ``build(rng)`` draws exact parameters from the numpy Generator ``rng`` and returns
        the matrix (2-D, integer or Fraction entries; its rank is certified exactly or mod
        p), a certified :class:`~tnverify.generalized.bounds.GridRank`, or an ``int`` that
        is a certified rank (e.g. from :func:`tnverify.exact_rank`).  Floats are refused.
    bound : int, optional
        The value to reach (typically an upper bound valid for every parameter, such as
        :func:`min_cut_bound`).
    draws : int, default 10
        How many draws (all are made, so the exceptional ones are counted).  Small integer
        entries land in the exceptional set often (a third to a half of the draws is
        common), so a few draws can miss a witness that more draws, or a larger entry
        range, find.
    rng : None, int, SeedSequence, BitGenerator or Generator
        Each draw gets its own seed from it (recorded in :attr:`GenericRank.seeds`).

    Returns
    -------
    GenericRank

    Examples
    --------
    >>> from tnverify.networks import random_exact_tt, matricization_rank
    >>> g = generic_rank(lambda r: matricization_rank(random_exact_tt((2, 2, 2), 2, r),
    ...                                               (0,)), bound=2, draws=4, rng=0)
    >>> g.established, g.rank
    (True, 2)
    """
    build = as_callable(build, "build")
    draws = as_int(draws, "draws", minimum=1)
    check_entries((draws,), what="generic_rank draws")
    if bound is not None:
        bound = as_int(bound, "bound", minimum=0)
    rng = as_rng(rng)
    seeds = tuple(int(s) for s in rng.integers(0, 2**31 - 1, size=draws))
    got = [_certified_rank(build(np.random.default_rng(s)), i) for i, s in enumerate(seeds)]
    ranks = tuple(r for r, _ in got)
    top = max(ranks)
    return GenericRank(
        top,
        ranks,
        seeds,
        ranks.index(top),
        bound,
        tuple(i for i, r in enumerate(ranks) if r < top),
        tuple(i for i, r in enumerate(ranks) if bound is not None and r > bound),
        tuple(m for _, m in got),
    )
