"""One run of a user's claim: the test called with its checks recorded, a hypothesis
``@given`` test's examples recorded one by one, and the recorded checks combined into one
:class:`~tnverify.claims.Evidence` (the machinery behind :func:`tnverify.claim`, in
:mod:`tnverify.testing.user_claims`).

Both runners use these functions: the claim's pytest wrapper and its small side under
``tnverify verify --plugin``.  So a claim run gives the same record either way: the same
parts, the same counterexample (with the part it names under ``compared``), the same seeds.

``tnverify_rng`` in a ``@given`` test
    Every example gets a generator of its own, made from the same seed (the claim's
    ``tnverify_rng`` seed): an example's draws depend on its parameters only, not on how
    many examples ran before it, so the recorded parameters and seed re-run the deciding
    example alone.  This is what hypothesis itself does with ``random`` and numpy's global
    generator (reseeded for each example).
"""

from __future__ import annotations

import contextlib
import contextvars
import dataclasses
import functools

from ..claims import HOLDS, Evidence
from ..errors import ClaimError
from ..report.evidence_text import ASSERTION_KEY
from ..validation import as_flag
from .example_summary import FIXTURES, drawn_kinds, drawn_summary, per_check, worst_ratio

__all__ = [
    "ASSERTION_KEY",
    "CURRENT",
    "FIXTURES",
    "CheckFailed",
    "combine",
    "hypothesis_seed",
    "param_value",
    "part_names",
    "recording",
    "rng_entropy",
    "rng_seeds",
    "run_given",
    "run_test",
    "test_params",
    "worst_ratio",
]

#: The list the running claim records its checks in (``None`` outside a claim).
CURRENT: contextvars.ContextVar = contextvars.ContextVar("tnverify_claim", default=None)


class CheckFailed(AssertionError):
    """A recorded comparison does not hold (raised inside a claim so that hypothesis
    shrinks the example; the claim turns it into a ``fails`` verdict)."""

    def __init__(self, evidence: Evidence):
        from ..report.evidence_text import failure_text

        super().__init__(failure_text(evidence))
        self.evidence = evidence


def param_value(v):
    """A test's argument as a JSON-safe value (its repr when it is not a plain value)."""
    import numpy as np

    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    if isinstance(v, (np.integer, np.floating, np.bool_)):
        return v.item()
    if isinstance(v, (list, tuple)) and len(v) <= 64:
        return [param_value(x) for x in v]
    if isinstance(v, dict) and len(v) <= 64:
        return {str(k): param_value(x) for k, x in v.items()}
    if isinstance(v, np.ndarray) and v.size <= 64:
        return v.tolist()
    text = repr(v)  # a drawn object in full (a report shows it as the example)
    return text if len(text) <= 4000 else text[:3999] + "…"


def test_params(kwargs: dict) -> dict:
    """The parameters a test received: its arguments other than tnverify's fixtures and
    other than objects known only by their address (pytest's ``monkeypatch``, ...: no run
    can be given them again)."""
    out = {}
    for k, v in kwargs.items():
        if k in FIXTURES:
            continue
        value = param_value(v)
        if isinstance(value, str) and not isinstance(v, str) and " object at 0x" in value:
            continue
        out[k] = value
    return out


test_params.__test__ = False  # not a pytest test, whatever imports it


def part_names(log: list) -> dict:
    """The recorded checks as parts named by what each compared (``(2)``, ... for a
    repeated name), in the order they ran."""
    parts: dict = {}
    for ev in log:
        name, k = ev.compared, 2
        while name in parts:
            name, k = f"{ev.compared} ({k})", k + 1
        parts[name] = ev
    return parts


def _assertion(failure: BaseException, checks: int) -> Evidence:
    # the assert's own message: its first line (pytest's assertion rewriting appends the
    # compared expression on further lines, which tnverify verify does not see)
    lines = str(failure).strip().splitlines()
    message = " ".join(lines[0].split()) if lines else type(failure).__name__
    return Evidence(
        "a plain assert of the test" if checks else "assertion in the test",
        passed=False,
        details={ASSERTION_KEY: message},
        counterexample={"message": message},
    )


def combine(examples: list, failure: BaseException | None, *, given: bool, seeds: dict) -> Evidence:
    """One Evidence for a claim run.

    Every ``check()`` of the deciding example is a part of its own (one check: that
    check's Evidence itself); the deciding example is the shrunk falsifying one when the
    run failed, else the one with the largest err/tol.  A failed plain ``assert`` after
    the checks is a part of its own, marked with :data:`ASSERTION_KEY` (it is counted
    apart from the checks).  A ``@given`` run is summarised over all its examples in
    ``details`` (how many ran, how many failed, the worst err/tol over all of them).  The
    counterexample names the failing part (``compared``, ``where``) with its numbers, the
    parameters that reproduce it and the seed (``None`` when the test drew nothing
    seeded)."""
    total = sum(len(e["log"]) for e in examples)
    if failure is None and not total:
        raise ClaimError(
            "the claim's test recorded no comparison (a problem in the test, "
            "not in tnverify): hand each comparison to tnverify.check(...)"
        )
    failed = [e for e in examples if e["failed"]]
    if failure is not None and failed:
        deciding = failed[-1]  # hypothesis replays the shrunk example last
    else:
        pool = [e for e in examples if e["log"]] or examples
        deciding = max(
            pool, key=lambda e: -1.0 if worst_ratio(e["log"]) is None else worst_ratio(e["log"])
        )
    log = list(deciding["log"])
    asserted = False
    if failure is not None and not any(e.verdict != HOLDS for e in log):
        if isinstance(failure, CheckFailed):
            log.append(failure.evidence)
        else:  # a plain assert of the test failed
            log.append(_assertion(failure, len(log)))
            asserted = True
    details = {"checks": total}
    if seeds.get("tnverify_rng") is not None:
        details["tnverify_rng seed"] = seeds["tnverify_rng"]
    if given:
        ratios = [r for e in examples if (r := worst_ratio(e["log"])) is not None]
        details.update(
            {
                "examples": len(examples),
                "failing examples": len(failed),
                "worst err/tol": max(ratios) if ratios else None,
                "deciding example": deciding["params"],
            }
        )
        drawn = drawn_summary(examples)
        if drawn:
            details["drawn"] = drawn
        per = per_check(examples)
        if per:
            details["per check"] = per
        if "hypothesis" in seeds:
            details["hypothesis seed"] = seeds["hypothesis"]
    parts = part_names(log)
    if len(parts) == 1:
        ev = dataclasses.replace(log[0], details={**log[0].details, **details})
        name = None
    else:
        checks = len(parts) - asserted
        what = f"{checks} check{'s' if checks != 1 else ''}"
        ev = Evidence(
            f"{what} and a failed assertion" if asserted else f"{what} of the claim's test",
            parts=parts,
            details=details,
        )
        name = next((n for n, p in parts.items() if p.verdict != HOLDS), None)
    if failure is not None or ev.verdict != HOLDS:
        sub = ev if name is None else parts[name]
        ce = dict(sub.counterexample or {})
        ce.setdefault("compared", sub.compared)  # as tnverify verify records it
        if name is not None:
            ce["where"] = f"part {name!r}"
        ce["params"] = deciding["params"]
        # hypothesis's own line for the shrunk example (its other notes explain coverage)
        notes = [
            " ".join(n.split())
            for n in getattr(failure, "__notes__", [])
            if n.strip().startswith(("Falsifying", "Failing test case"))
        ]
        if notes:
            ce["example"] = notes[0]
        ce["seed"] = seeds.get("tnverify_rng")  # None: the test drew nothing seeded
        if "hypothesis" in seeds:
            ce["hypothesis_seed"] = seeds["hypothesis"]
        ev.counterexample = ce
    return ev


def recording(inner, examples: list):
    """``inner`` (a ``@given`` test's own body) recording each example's arguments and
    checks; an example that takes ``tnverify_rng`` gets a fresh generator of the same
    seed (see the module docstring)."""

    @functools.wraps(inner)
    def record(*args, **kwargs):
        seed = rng_entropy(kwargs.get("tnverify_rng"))
        if seed is not None:
            import numpy as np

            kwargs["tnverify_rng"] = np.random.default_rng(seed)
        entry = {
            "params": test_params(kwargs),
            "log": [],
            "failed": False,
            "drawn": drawn_kinds(kwargs),
        }
        examples.append(entry)
        token = CURRENT.set(entry["log"])
        try:
            return inner(*args, **kwargs)
        except BaseException:
            entry["failed"] = True
            raise
        finally:
            CURRENT.reset(token)

    return record


def run_test(fn, args, kwargs, seeds: dict | None = None) -> Evidence:
    """Call a claim's test (plain or ``@given``) once, recording its checks, and combine
    them (:func:`combine`).  A failing check or assert is the run's failure, not raised."""
    seeds = {} if seeds is None else seeds
    handle = getattr(fn, "hypothesis", None)
    inner = getattr(handle, "inner_test", None)
    examples: list = []
    if inner is not None:
        handle.inner_test = recording(inner, examples)
    log: list = []
    token = CURRENT.set(log)
    failure = None
    try:
        fn(*args, **kwargs)
    except AssertionError as exc:  # CheckFailed included; hypothesis re-raises
        failure = exc  # the shrunk example's exception
    except Exception as exc:  # hypothesis: several distinct failures
        members = getattr(exc, "exceptions", None)
        if not members or not all(isinstance(e, AssertionError) for e in members):
            raise
        failure = members[0]
    finally:
        CURRENT.reset(token)
        if inner is not None:
            handle.inner_test = inner
    if inner is None:
        examples = [{"params": test_params(kwargs), "log": log, "failed": failure is not None}]
    elif log:  # checks outside the examples (rare)
        examples.append({"params": {}, "log": log, "failed": False})
    if failure is None:
        # hypothesis reports a failing example only by raising; a check that failed but
        # was swallowed by the test still counts
        for e in examples:
            failing = [c for c in e["log"] if c.verdict != HOLDS]
            if failing:
                e["failed"] = True
                failure = failure or CheckFailed(failing[0])
    return combine(examples, failure, given=inner is not None, seeds=seeds)


def run_given(fn, args, kwargs, seed: int, *, database: bool = False) -> Evidence:
    """Run a ``@given`` test once, seeded with ``seed`` (unless the test sets its own
    ``@seed`` or pytest runs with ``--hypothesis-seed``) and, with ``database=False``,
    without an example database: ``tnverify verify --seed S`` draws the same examples
    every time, writes no ``.hypothesis/`` directory and replays no examples saved by the
    user's own pytest runs.  The test's own seed and settings are restored afterwards.
    The seed used is ``details["hypothesis seed"]`` of the result."""
    import hypothesis
    import hypothesis.core

    database = as_flag(database, "database")
    attrs = ("_hypothesis_internal_use_seed", "_hypothesis_internal_use_settings")
    saved = {a: fn.__dict__[a] for a in attrs if a in fn.__dict__}
    parent = getattr(fn, "_hypothesis_internal_use_settings", None)
    own = getattr(fn, "_hypothesis_internal_use_seed", None)
    forced = getattr(hypothesis.core, "global_force_seed", None)
    # hypothesis's "ci" profile (loaded when a CI variable is set) derandomizes every test:
    # that is the machine's setting, not the test's, and it would ignore tnverify's seed
    profile_derandomizes = bool(hypothesis.settings.default.derandomize)
    if database and own is not None:  # the test's own @seed
        used = own
    elif database and getattr(parent, "derandomize", False) and not profile_derandomizes:
        used = "derandomize (the test's settings)"
    elif database and forced is not None:  # pytest --hypothesis-seed
        used = forced
    else:
        used = seed
    try:
        if used is seed:
            hypothesis.seed(seed)(fn)
        if not database or used is seed:
            # tnverify's seed (either runner) draws without an example database: a replayed
            # example of an earlier run would not be what the report's seed draws.
            # @settings may already decorate the test (a second @settings is refused), so
            # the derived settings object replaces the attribute @given reads at call time
            fn._hypothesis_internal_use_settings = hypothesis.settings(
                parent=parent, database=None, **({"derandomize": False} if used is seed else {})
            )
        with no_local_constants():
            return run_test(
                fn, args, kwargs, {**rng_seeds(kwargs), "hypothesis": param_value(used)}
            )
    finally:
        for a in attrs:
            if a in saved:
                setattr(fn, a, saved[a])
            else:
                fn.__dict__.pop(a, None)


@contextlib.contextmanager
def no_local_constants():
    """Run hypothesis without its pool of "local constants".

    Hypothesis (6.131 and later) mixes into its draws the literals of every non-installed
    module that happens to be imported (``sys.modules`` at the time of the draw).  The
    two runners import different modules (``tnverify verify`` loads the built-in claims,
    pytest its own plugins), so the same seed drew different examples in each (found by
    a new user's float claim: a 2x2x3 tensor under pytest, a 2x2x2x2 one under verify).
    Inside this block the pool is empty, so a seed draws the same examples whatever is
    imported; hypothesis's own global constants stay.  A hypothesis without the pool is
    left alone."""
    try:
        from hypothesis.internal.conjecture import providers
    except ImportError:  # pragma: no cover
        yield
        return
    get = getattr(providers, "_get_local_constants", None)
    cache = getattr(providers, "CONSTANTS_CACHE", None)
    kind = getattr(providers, "Constants", None)
    if get is None or cache is None or kind is None:  # pragma: no cover
        yield
        return
    empty = kind()
    cache.cache.clear()
    providers._get_local_constants = lambda: empty
    try:
        yield
    finally:
        providers._get_local_constants = get
        cache.cache.clear()


def hypothesis_seed(case_seed: int) -> int:
    """The hypothesis seed of a claim run whose case seed is ``case_seed`` (the same in
    both runners)."""
    import numpy as np

    return int(np.random.default_rng(case_seed).integers(2**31))


def rng_entropy(rng) -> int | None:
    """The integer seed a ``numpy.random.default_rng(seed)`` generator was made from
    (``None`` for anything else)."""
    seq = getattr(getattr(rng, "bit_generator", None), "seed_seq", None)
    entropy = getattr(seq, "entropy", None)
    return int(entropy) if isinstance(entropy, int) else None


def rng_seeds(kwargs: dict) -> dict:
    """``{"tnverify_rng": seed}`` when the test asked for the fixture, else ``{}``."""
    if "tnverify_rng" not in kwargs:
        return {}
    return {"tnverify_rng": rng_entropy(kwargs["tnverify_rng"])}
