"""What a user's claim is called with outside pytest (``tnverify verify --plugin``):
tnverify's fixtures by name (``tnverify_oracle``, ``tnverify_tolerance``,
``tnverify_compare``) and its ``tnverify_rng``, seeded as the claim's small-side case 0 of
``tnverify verify --seed``; and the claim's small side, which calls the test with them (the
machinery behind :func:`tnverify.claim`, in :mod:`tnverify.testing.user_claims`).
"""

from __future__ import annotations

import inspect

from ..errors import ClaimError
from ..validation import as_seed, as_text
from .claim_runs import hypothesis_seed, rng_entropy, rng_seeds, run_given, run_test

__all__ = ["SESSION", "claim_rng", "claim_seed", "fixture_values", "small_side"]


def fixture_values() -> dict:
    """tnverify's fixtures by name (the pytest plugin serves the same objects;
    ``tnverify_rng`` is made per claim run, see :func:`claim_rng`)."""
    from ..claims.compare import compare_values
    from ..conventions import tolerance
    from ..definitions.oracle import Oracle

    return {
        "tnverify_oracle": Oracle(),
        "tnverify_tolerance": tolerance,
        "tnverify_compare": compare_values,
    }


#: The run's base seed under pytest (``--tnverify-seed``, set by the pytest plugin).
SESSION = {"seed": 0}


def claim_seed(claim_id: str, seed: int | None = None) -> int:
    """The seed of a claim's ``tnverify_rng``: the seed of the claim's small-side case 0
    in ``tnverify verify --seed SEED`` (``derive_seed(SEED, claim_id, "small", 0)``), so
    both runners draw the same numbers.  ``seed`` defaults to the pytest session's
    ``--tnverify-seed`` (0).

    Raises
    ------
    DTypeError
        ``claim_id`` is not a string.
    UsageError
        ``seed`` is not an integer ``>= 0`` (``1.5``, ``True`` and ``-5`` are refused).
    """
    from ..conventions import derive_seed

    as_text(claim_id, "claim_id")
    return derive_seed(as_seed(SESSION["seed"] if seed is None else seed), claim_id, "small", 0)


def claim_rng(claim_id: str, seed: int | None = None):
    """``numpy.random.default_rng(claim_seed(claim_id, seed))`` (the ``tnverify_rng``
    fixture)."""
    import numpy as np

    return np.random.default_rng(claim_seed(claim_id, seed))


def small_side(fn, claim_id: str):
    """The claim's small side: call the test with tnverify's fixtures by name
    (``tnverify_rng`` is the runner's generator, seeded as :func:`claim_rng`)."""
    sig = inspect.signature(fn)

    def small(params, rng):
        values = fixture_values()
        values["tnverify_rng"] = rng
        missing = [
            n
            for n, p in sig.parameters.items()
            if n not in values
            and p.default is p.empty
            and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
        ]
        if missing:
            raise ClaimError(
                f"the claim's test {fn.__name__} needs argument(s) "
                f"{', '.join(missing)} that tnverify cannot provide (a problem "
                "in the test, not in tnverify): outside pytest tnverify passes "
                f"only the fixtures {', '.join(values)}; if they are drawn by "
                "@given, put @tnverify.claim above @given"
            )
        kwargs = {n: values[n] for n in sig.parameters if n in values}
        seeds = rng_seeds(kwargs)
        if getattr(fn, "hypothesis", None) is None:
            return run_test(fn, (), kwargs, seeds)
        case_seed = rng_entropy(rng)
        hyp = int(rng.integers(2**31)) if case_seed is None else hypothesis_seed(case_seed)
        return run_given(fn, (), kwargs, hyp)

    small.__module__ = fn.__module__
    return small
