"""Users' own claims: a test function becomes a claim with a computed verdict.

``@tnverify.claim(...)`` turns a test (plain or a hypothesis ``@given`` test) into a claim
of the registry: inside it, each comparison is handed to :func:`check` (an
:class:`~tnverify.claims.Evidence`, e.g. from :func:`tnverify.compare_values`).  The
verdict is computed exactly as for the built-in claims (``holds`` when every recorded
comparison is within its named tolerance, ``fails`` with a counterexample otherwise); the
test passes when the verdict equals the claim's ``expected`` one, so a claim that is known
to fail is a passing test that keeps its counterexample.

Under hypothesis a failing check raises, so hypothesis shrinks the example; the minimal
falsifying example lands in the counterexample.  The same claim runs outside pytest with
``tnverify verify --plugin <module>``: the claim's small side calls the test, passing
tnverify's own fixtures by name (``tnverify_oracle``, ``tnverify_tolerance``,
``tnverify_compare``).

Examples
--------
>>> import numpy as np, tnverify
>>> @tnverify.claim("doc-sum-commutes", "a + b = b + a", source="doctest",
...                 register_claim=False)
... def test_sum(tnverify_compare):
...     a, b = np.arange(3.0), np.ones(3)
...     tnverify.check(tnverify_compare("a + b vs b + a", a + b, b + a, n=1, scale=2.0))
>>> test_sum(tnverify_compare=tnverify.compare_values)
>>> LAST_RESULTS.pop().verdict          # the record the pytest plugin's summary reads
'holds'
"""

from __future__ import annotations

import functools
import inspect
import os
import time
import warnings
from dataclasses import dataclass, field

from ..claims import ERROR, FAILS, HOLDS, VERDICTS, Claim, Defect, Evidence, Ref, register
from ..errors import ClaimError
from ..validation import as_flag, as_text
from .claim_fixtures import SESSION, claim_rng, claim_seed, fixture_values, small_side
from .claim_runs import (
    CURRENT,
    FIXTURES,
    CheckFailed,
    hypothesis_seed,
    rng_seeds,
    run_given,
    run_test,
)

__all__ = [
    "FIXTURES",
    "LAST_RESULTS",
    "SESSION",
    "CheckFailed",
    "UserClaimResult",
    "check",
    "claim",
    "claim_rng",
    "claim_seed",
    "fixture_values",
    "record_error",
]

#: Results of the user claims run in this process (read by the pytest plugin's summary).
LAST_RESULTS: list[UserClaimResult] = []


@dataclass
class UserClaimResult:
    """The verdict of one run of a user claim (with what the decorator was given, so a
    claim decorated with ``register_claim=False`` is reported with its own statement)."""

    id: str
    verdict: str
    expected: str
    evidence: Evidence
    checks: int = 0
    package: str = ""
    details: dict = field(default_factory=dict)
    #: wall-clock seconds of the run
    seconds: float = 0.0
    #: the seeds the run actually used: ``{"tnverify_rng": s}`` when the test asked for
    #: the fixture, ``{"hypothesis": s}`` for a ``@given`` test; empty when it drew
    #: nothing seeded
    seeds: dict = field(default_factory=dict)
    #: the decorator's statement, source, refs and title, and the test's module file
    statement: str = ""
    source: str = ""
    refs: tuple = ()
    title: str = ""
    file: str | None = None
    #: pytest's node id of the test that ran it (``""`` outside pytest)
    nodeid: str = ""

    @property
    def as_expected(self) -> bool:
        return self.verdict == self.expected


def check(evidence) -> Evidence:
    """Record one comparison of the running claim and return it.

    Parameters
    ----------
    evidence : Evidence
        A comparison (``tnverify.compare_values(...)``, ``compare_ints(...)`` or a
        hand-built :class:`~tnverify.claims.Evidence`).

    Raises
    ------
    DTypeError, ToleranceError
        The evidence is malformed (``passed`` not a bool, an infinite tolerance, a
        tolerance with no error, details a report cannot record: ``object()``, ``bytes``).
    CheckFailed
        The comparison does not hold, or compares nothing (verdict ``error``); inside a
        claim this becomes the claim's verdict, outside one it fails the test like an
        assertion.
    """
    if not isinstance(evidence, Evidence):
        raise ClaimError(
            f"tnverify.check takes an Evidence (e.g. from "
            f"tnverify.compare_values); got {type(evidence).__name__}"
        )
    # a hand-built (or edited) Evidence is checked like a computed one: passed a real
    # bool, a finite tolerance with an error, report-safe details (DTypeError /
    # ToleranceError here, not a json traceback when the report is written)
    evidence.validate()
    log = CURRENT.get()
    if log is not None:
        log.append(evidence)
    if evidence.verdict != HOLDS:
        raise CheckFailed(evidence)
    return evidence


def _inside_hypothesis_test() -> bool:
    """Whether a hypothesis test is running (``@given`` placed above ``@tnverify.claim``)."""
    try:
        from hypothesis.control import currently_in_test_context
    except ImportError:  # hypothesis not installed, or a version without it
        return False
    return bool(currently_in_test_context())


def _current_nodeid() -> str:
    """pytest's node id of the running test (``""`` outside pytest)."""
    current = os.environ.get("PYTEST_CURRENT_TEST", "")
    return current.rsplit(" (", 1)[0] if current.endswith(")") else current


def record_error(test, exc: BaseException, nodeid: str = "") -> UserClaimResult:
    """Record an ``error`` run of the claim ``test`` (a :func:`claim`-decorated function)
    that broke before its wrapper ran (e.g. a hypothesis health check on another fixture),
    so that the claim is not missing from the summary and the report."""
    meta = getattr(test, "tnverify_meta", None)
    if meta is None:
        raise ClaimError(f"record_error needs a @tnverify.claim test; got {test!r}")
    reason = " ".join(f"{type(exc).__name__}: {exc}".split())
    ev = Evidence("the claim's test raised", passed=False, details={"error": reason})
    result = UserClaimResult(
        meta["id"],
        ERROR,
        meta["expected"],
        ev,
        0,
        meta["package"],
        {"error": reason},
        0.0,
        {},
        **meta["shown"],
        nodeid=nodeid,
    )
    LAST_RESULTS.append(result)
    return result


def readable_name(fn) -> str:
    """A test's name as its author wrote it: the test under hypothesis's ``@given``
    wrapper (whose own name is ``accept.<locals>.test_…``), without ``<locals>``."""
    inner = getattr(getattr(fn, "hypothesis", None), "inner_test", None) or fn
    name = getattr(inner, "__qualname__", None) or getattr(inner, "__name__", repr(inner))
    return ".".join(p for p in name.split(".") if p != "<locals>")


def _where(fn, refs) -> str:
    """A claim's ``source`` when none is given: empty when it has refs (the refs say where
    the statement comes from; the test's name would read as a second citation), else the
    test's readable name (:func:`readable_name`)."""
    return "" if refs else readable_name(fn)


def claim(
    id: str,
    statement: str,
    *,
    refs=(),
    quote: bool = False,
    topic: str | None = None,
    title: str = "",
    expected: str = HOLDS,
    source: str = "",
    package: str | None = None,
    register_claim: bool = True,
    group: str | None = None,
    defect=None,
    control_of: str | None = None,
):
    """Decorate a test function so that it is a claim with a computed verdict.

    ``@tnverify.claim`` must be the outermost decorator: above ``@given`` and
    ``@settings`` of a hypothesis test, so that one claim run covers all of its examples
    (below ``@given`` every example would be a claim run; that order raises
    :class:`~tnverify.errors.ClaimError`).

    Parameters
    ----------
    id : str
        Kebab-case claim id, unique in the registry (prefix it with your package name).
    statement : str
        The statement as your paper (or design note) states it.
    refs : tuple of tnverify.claims.Ref or str
        Where it is stated: :class:`~tnverify.claims.Ref` ``(key, locator)`` for a declared
        paper (a built-in one, or yours, declared first with :func:`tnverify.paper`); a plain
        string (a place in your own text) is added to ``source``.  Give ``refs`` or
        ``source``.
    quote : bool
        ``True`` when ``statement`` is the paper's own words (reports show it as "Printed
        in" the refs); default ``False``: a paraphrase, labelled as one.
    topic : str, optional
        The claim's topic (``--topic``).  Default: the top-level module name of the test
        (``_`` → ``-``).
    title : str
        A short title for tables.
    expected : str
        The verdict your runs established (``"holds"`` or ``"fails"``, ...); the test
        passes when the computed verdict equals it.
    source : str
        Where it is stated, as text ("my-paper §3, Eq. 7").
    package : str, optional
        Default: the top-level module name of the test.
    register_claim : bool
        Also register it in :data:`tnverify.claims.REGISTRY` (default), so ``tnverify
        verify --plugin MODULE`` runs it.
    group : str, optional
        Deprecated keyword of ``topic`` (0.2.0; removed in the next release).
    defect : tnverify.Defect, optional
        What is wrong with the statement when it does not hold (kind and the edit that
        would fix it): the paper's errata sheet lists the claim under that kind instead of
        "Not yet classified".  Not for a ``control_of`` claim.
    control_of : str, optional
        The id of the claim this one is a *semantic control* of: the nearest wrong
        statement, which must fail (``expected="fails"`` is required).  A control is no
        statement of the paper: it needs no ``refs``/``source`` (its source reads
        "semantic control of ID"), reports label it "A semantic control (not a statement
        of the paper) of ID" and an errata sheet never lists it.

    Raises
    ------
    ClaimError
        ``expected`` is not a verdict; the decorated test runs under ``@given`` (decorator
        order); or, when the claim runs, its test records no comparison or needs a
        fixture that only pytest provides.  Such a run gets the verdict ``error``: for a
        user's claim that is almost always a problem in the test, not in tnverify.
    """
    register_claim = as_flag(register_claim, "register_claim")
    if not isinstance(expected, str) or expected not in VERDICTS:
        raise ClaimError(f"expected must be one of {VERDICTS}; got {expected!r}")
    for text, name in ((id, "id"), (statement, "statement"), (source, "source"), (title, "title")):
        as_text(text, name)
    if group is not None:
        warnings.warn(
            "tnverify.claim(group=...) is deprecated and will be removed in the next "
            "release; use topic=...",
            DeprecationWarning,
            stacklevel=2,
        )
        if topic is not None:
            raise ClaimError(f"claim {id}: give topic= or the deprecated group=, not both")
        topic = group
    quote = as_flag(quote, "quote")
    as_text(topic, "topic", optional=True), as_text(package, "package", optional=True)
    if defect is not None and not isinstance(defect, Defect):
        raise ClaimError(
            f"claim {id}: defect must be a tnverify.Defect; got {type(defect).__name__}"
        )
    if control_of is not None:
        as_text(control_of, "control_of")
        if expected != FAILS:
            raise ClaimError(
                f"claim {id}: a semantic control (control_of={control_of!r}) "
                f"is the nearest wrong statement and must fail: give "
                f"expected='fails', not {expected!r}"
            )
        if defect is not None:
            raise ClaimError(
                f"claim {id}: a semantic control is no statement of the paper, "
                "so it has no defect; drop defect= or control_of="
            )
        if any(isinstance(r, Ref) for r in (refs if isinstance(refs, (list, tuple)) else (refs,))):
            raise ClaimError(
                f"claim {id}: a semantic control is no statement of the paper: "
                "give it no Ref (its source names the claim it controls)"
            )
        source = source or f"semantic control of {control_of}"
    if isinstance(refs, (str, Ref)):
        refs = (refs,)
    if not isinstance(refs, (list, tuple)):
        raise ClaimError(
            f"claim {id}: refs must be a Ref, a string or a list of them; got {type(refs).__name__}"
        )
    bad = [r for r in refs if not isinstance(r, (str, Ref))]
    if bad:
        raise ClaimError(
            f"claim {id}: refs must be tnverify.claims.Ref objects or strings; "
            f"got {bad[0]!r} ({type(bad[0]).__name__})"
        )
    texts = [" ".join(r.split()) for r in refs if isinstance(r, str) and r.strip()]
    source = "; ".join([source] * bool(source) + texts)
    refs = tuple(r for r in refs if isinstance(r, Ref))

    def decorate(fn):
        import sys

        pkg = package or fn.__module__.split(".")[0]
        grp = topic or pkg.lower().replace("_", "-")
        sig = inspect.signature(fn)
        takes_rng = "tnverify_rng" in sig.parameters
        shown = {
            "statement": statement,
            "source": source or readable_name(fn),
            "refs": tuple(refs),
            "title": title,
            "file": getattr(sys.modules.get(fn.__module__), "__file__", None),
        }

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            if _inside_hypothesis_test():
                raise ClaimError(
                    f"put @tnverify.claim above @given on {fn.__qualname__} (claim {id}): "
                    "below it, every hypothesis example would be reported as a run of the "
                    "claim (a problem in the test, not in tnverify)"
                )
            t0 = time.perf_counter()
            nodeid = _current_nodeid()
            if takes_rng and "tnverify_rng" not in kwargs:
                kwargs["tnverify_rng"] = claim_rng(id)  # as tnverify verify hands it
            seeds = rng_seeds(kwargs)
            try:
                case_seed = claim_seed(id)
                if getattr(fn, "hypothesis", None) is None:
                    ev = run_test(fn, args, kwargs, seeds)
                else:
                    ev = run_given(fn, args, kwargs, hypothesis_seed(case_seed), database=True)
                    seeds = {**seeds, "hypothesis": ev.details["hypothesis seed"]}
            except Exception as exc:  # the test broke: listed as `error`, as in verify
                reason = " ".join(f"{type(exc).__name__}: {exc}".split())
                ev = Evidence("the claim's test raised", passed=False, details={"error": reason})
                LAST_RESULTS.append(
                    UserClaimResult(
                        id,
                        ERROR,
                        expected,
                        ev,
                        0,
                        pkg,
                        {"error": reason},
                        time.perf_counter() - t0,
                        seeds,
                        **shown,
                        nodeid=nodeid,
                    )
                )
                raise
            ev.seed = case_seed  # the case seed, as tnverify verify records it
            verdict = ev.verdict
            result = UserClaimResult(
                id,
                verdict,
                expected,
                ev,
                ev.details["checks"],
                pkg,
                {},
                time.perf_counter() - t0,
                seeds,
                **shown,
                nodeid=nodeid,
            )
            LAST_RESULTS.append(result)
            if verdict != expected:
                from ..report.evidence_text import failure_text

                raise AssertionError(
                    f"claim {id}: computed verdict {verdict!r}, expected {expected!r}; "
                    + failure_text(ev)
                    + (f"; counterexample {ev.counterexample}" if ev.counterexample else "")
                )

        wrapper.tnverify_claim = id
        wrapper.tnverify_meta = {"id": id, "expected": expected, "package": pkg, "shown": shown}
        if takes_rng:
            # tnverify hands the claim its tnverify_rng itself (the generator verify
            # hands it), so pytest does not: a function-scoped fixture would trip
            # hypothesis's health check in a @given claim
            wrapper.__signature__ = sig.replace(
                parameters=[p for n, p in sig.parameters.items() if n != "tnverify_rng"]
            )
        if register_claim:
            register(
                Claim(
                    id=id,
                    statement=statement,
                    refs=tuple(refs),
                    topic=grp,
                    small=small_side(fn, id),
                    scaled=None,
                    expected=expected,
                    quote=quote,
                    title=title,
                    package=pkg,
                    source=source or _where(fn, refs),
                    defect=defect,
                    control_of=control_of,
                )
            )
        return wrapper

    return decorate
