"""Generic statements as claim evidence: :func:`holds_generically` turns the certified
witness of :func:`tnverify.networks.generic_rank` into an :class:`Evidence` (why one witness
establishes a generic rank: :mod:`tnverify.networks.generic`)."""

from __future__ import annotations

from ..errors import UsageError
from ..networks.generic import GenericRank, generic_rank
from ..validation import as_int, as_text
from .evidence import Evidence

__all__ = ["holds_generically"]


def holds_generically(
    compared,
    build,
    bound: int,
    *,
    relation: str = "==",
    draws: int = 10,
    rng=None,
    names=("generic rank", "bound"),
) -> Evidence:
    """Evidence that a rank equals (or is at least) ``bound`` for generic parameters.

    ``relation="=="``: the witness reaches ``bound`` *and* no draw exceeds it (``bound``
    must be an every-parameter upper bound; a draw above it is a genuine counterexample);
    ``">="``: the witness reaches ``bound``.  Draws below the witness lie in the
    measure-zero algebraic set and are listed in ``details`` (never as a
    counterexample); when no draw reaches ``bound`` the verdict is ``fails`` with the
    reason "not established" and the best certified rank.  The negative control asks for
    ``bound + 1`` (it must fail).  See the module docstring for the argument.

    Parameters
    ----------
    compared : str
        What is stated, in words.
    build : callable
        As :func:`generic_rank`.
    bound : int
        The value the generic rank must reach (an every-parameter upper bound for
        ``"=="``).
    relation : {"==", ">="}
        Whether the generic rank equals ``bound`` or is at least ``bound``.
    draws : int
        As :func:`generic_rank`.
    rng : None, int, SeedSequence, BitGenerator or Generator
        As :func:`generic_rank`.
    names : (str, str)
        For ``details["statement"]`` ("generic rank 4 = bound 4").

    Examples
    --------
    >>> from tnverify.networks import random_exact_tt, matricization_rank
    >>> ev = holds_generically("TT unfolding rank = r",
    ...     lambda r: matricization_rank(random_exact_tt((3, 3, 3), 2, r), (0,)), 2, rng=1)
    >>> ev.verdict, ev.control.verdict
    ('holds', 'fails')
    """
    compared = as_text(compared, "compared")
    if relation not in ("==", ">="):
        raise UsageError(
            f"relation must be '==' or '>=' (an upper bound holds for every "
            f"parameter: check it on every draw with compare_ints); got "
            f"{relation!r}"
        )
    bound = as_int(bound, "bound", minimum=0)
    g = generic_rank(build, bound=bound, draws=draws, rng=rng)
    return _evidence(compared, g, bound, relation, names)


def _evidence(compared, g: GenericRank, bound: int, relation: str, names) -> Evidence:
    sym = "=" if relation == "==" else "≥"
    details = {
        **g.to_dict(),
        "relation": relation,
        "statement": f"{names[0]} {g.rank} {sym} {names[1]} {bound}"
        + ("" if g.rank >= bound else " (not established)"),
        "reason": "one certified witness proves a non-zero minor, so the rank is "
        ">= the witness's except on the zero set of a polynomial "
        "(measure zero)",
    }
    ok = g.rank >= bound and (relation == ">=" or not g.above_bound)
    ce = None
    if not ok:
        if g.above_bound:
            i = g.above_bound[0]
            ce = {
                "draw": i,
                "seed": g.seeds[i],
                "rank": g.ranks[i],
                "bound": bound,
                "message": f"draw {i} has certified rank {g.ranks[i]} > {bound}: the "
                "bound is not an upper bound",
            }
        else:
            ce = {
                "not established": f"no draw of {len(g.ranks)} reached {bound} (best "
                f"certified rank {g.rank}); the generic rank is only "
                f"known to be >= {g.rank} (more draws or a larger "
                "entry range make a witness likelier)"
            }
    wrong = GenericRank(g.rank, g.ranks, g.seeds, g.witness, bound + 1)
    control = Evidence(
        f"control (bound + 1 = {bound + 1}) of: {compared}",
        passed=wrong.rank >= bound + 1,
        details={"variant": "bound + 1", "generic rank >=": g.rank},
    )
    return Evidence(
        compared,
        passed=ok,
        details=details,
        counterexample=ce,
        control=control,
        sizes={"draws": len(g.ranks)},
    )
