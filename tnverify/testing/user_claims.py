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

import contextvars
import functools
import inspect
from dataclasses import dataclass, field

from ..claims import ERROR, HOLDS, VERDICTS, Claim, Evidence, Ref, register
from ..errors import ClaimError
from ..validation import as_flag, as_text

__all__ = ["claim", "check", "CheckFailed", "UserClaimResult", "LAST_RESULTS",
           "fixture_values"]

_CURRENT: contextvars.ContextVar = contextvars.ContextVar("tnverify_claim", default=None)

#: Results of the user claims run in this process (read by the pytest plugin's summary).
LAST_RESULTS: list["UserClaimResult"] = []


class CheckFailed(AssertionError):
    """A recorded comparison does not hold (raised inside a claim so that hypothesis
    shrinks the example; the claim turns it into a ``fails`` verdict)."""

    def __init__(self, evidence: Evidence):
        super().__init__(f"{evidence.compared}: {evidence.verdict} (error {evidence.error}, "
                         f"tolerance {evidence.tolerance})")
        self.evidence = evidence


@dataclass
class UserClaimResult:
    """The verdict of one run of a user claim."""

    id: str
    verdict: str
    expected: str
    evidence: Evidence
    checks: int = 0
    package: str = ""
    details: dict = field(default_factory=dict)

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
        raise ClaimError(f"tnverify.check takes an Evidence (e.g. from "
                         f"tnverify.compare_values); got {type(evidence).__name__}")
    # a hand-built (or edited) Evidence is checked like a computed one: passed a real
    # bool, a finite tolerance with an error, report-safe details (DTypeError /
    # ToleranceError here, not a json traceback when the report is written)
    evidence.validate()
    log = _CURRENT.get()
    if log is not None:
        log.append(evidence)
    if evidence.verdict != HOLDS:
        raise CheckFailed(evidence)
    return evidence


def fixture_values() -> dict:
    """tnverify's fixtures by name (the pytest plugin serves the same objects)."""
    from ..claims.compare import compare_values
    from ..conventions import tolerance
    from ..definitions.oracle import Oracle

    return {"tnverify_oracle": Oracle(), "tnverify_tolerance": tolerance,
            "tnverify_compare": compare_values}


def _combine(log: list, failure: BaseException | None) -> Evidence:
    """One Evidence for a run: the failing comparison (with the falsifying example) or
    the sharpest holding one."""
    if failure is not None:
        notes = [n for n in getattr(failure, "__notes__", []) if n.strip()]
        if isinstance(failure, CheckFailed):
            ev = failure.evidence
        else:
            ev = Evidence(f"assertion in the test: {failure}", passed=False)
        ce = dict(ev.counterexample or {})
        if notes:
            ce["example"] = " ".join(notes)
        ce.setdefault("message", str(failure))
        ev.counterexample = ce
        ev.details = {**ev.details, "checks": len(log)}
        return ev
    if not log:
        raise ClaimError("the claim's test recorded no comparison (a problem in the test, "
                         "not in tnverify): hand each comparison to tnverify.check(...)")
    sharpest = max(log, key=lambda e: -1.0 if e.ratio is None else e.ratio)
    sharpest.details = {**sharpest.details, "checks": len(log)}
    return sharpest


def _run(fn, args, kwargs) -> tuple[Evidence, int]:
    log: list = []
    token = _CURRENT.set(log)
    failure = None
    try:
        fn(*args, **kwargs)
    except AssertionError as exc:          # CheckFailed included; hypothesis re-raises
        failure = exc                      # the shrunk example's exception
    except Exception as exc:               # hypothesis: several distinct failures
        members = getattr(exc, "exceptions", None)
        if not members or not all(isinstance(e, AssertionError) for e in members):
            raise
        failure = members[0]
    finally:
        _CURRENT.reset(token)
    if failure is None:
        # hypothesis reports a failing example only by raising; a check that failed but
        # was swallowed by the test still counts
        failing = [e for e in log if e.verdict != HOLDS]
        if failing:
            failure = CheckFailed(failing[0])
    return _combine(log, failure), len(log)


def _run_given(fn, kwargs, seed: int) -> Evidence:
    """Run a ``@given`` test once, seeded from the claim's rng and without an example
    database: ``tnverify verify --seed S`` draws the same examples every time, writes no
    ``.hypothesis/`` directory and replays no examples saved by the user's own pytest runs.
    The test's own seed and settings are restored afterwards."""
    import hypothesis

    attrs = ("_hypothesis_internal_use_seed", "_hypothesis_internal_use_settings")
    saved = {a: fn.__dict__[a] for a in attrs if a in fn.__dict__}
    parent = getattr(fn, "_hypothesis_internal_use_settings", None)
    try:
        hypothesis.seed(seed)(fn)
        # @settings may already decorate the test (a second @settings is refused), so the
        # derived settings object replaces the attribute @given reads at call time
        fn._hypothesis_internal_use_settings = hypothesis.settings(parent=parent,
                                                                   database=None)
        return _run(fn, (), kwargs)[0]
    finally:
        for a in attrs:
            if a in saved:
                setattr(fn, a, saved[a])
            else:
                fn.__dict__.pop(a, None)


def _small_side(fn):
    """The claim's small side: call the test with tnverify's fixtures by name."""
    sig = inspect.signature(fn)

    def small(params, rng):
        values = fixture_values()
        missing = [n for n, p in sig.parameters.items()
                   if n not in values and p.default is p.empty
                   and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
        if missing:
            raise ClaimError(f"the claim's test {fn.__name__} needs argument(s) "
                             f"{', '.join(missing)} that tnverify cannot provide (a problem "
                             "in the test, not in tnverify): outside pytest tnverify passes "
                             f"only the fixtures {', '.join(values)}; if they are drawn by "
                             "@given, put @tnverify.claim above @given")
        kwargs = {n: values[n] for n in sig.parameters if n in values}
        if getattr(fn, "hypothesis", None) is None:
            return _run(fn, (), kwargs)[0]
        return _run_given(fn, kwargs, int(rng.integers(2**31)))

    small.__module__ = fn.__module__
    return small


def _inside_hypothesis_test() -> bool:
    """Whether a hypothesis test is running (``@given`` placed above ``@tnverify.claim``)."""
    try:
        from hypothesis.control import currently_in_test_context
    except ImportError:           # hypothesis not installed, or a version without it
        return False
    return bool(currently_in_test_context())


def claim(id: str, statement: str, *, source: str = "", refs=(), expected: str = HOLDS,
          group: str | None = None, title: str = "", package: str | None = None,
          register_claim: bool = True):
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
    source : str
        Where it is stated ("my-paper §3, Eq. 7").  Give ``source`` or ``refs``.
    refs : tuple of tnverify.claims.Ref or str
        Places in the seed papers (:class:`~tnverify.claims.Ref`), if the claim is about
        one of them; a plain string (a place in your own paper) is added to ``source``.
    expected : str
        The verdict your runs established (``"holds"`` or ``"fails"``, ...); the test
        passes when the computed verdict equals it.
    group, package : str, optional
        Default: the top-level module name of the test (``_`` → ``-`` for the group).
    register_claim : bool
        Also register it in :data:`tnverify.claims.REGISTRY` (default), so ``tnverify
        verify --plugin MODULE`` runs it.

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
    for text, name in ((id, "id"), (statement, "statement"), (source, "source"),
                       (title, "title")):
        as_text(text, name)
    as_text(group, "group", optional=True), as_text(package, "package", optional=True)
    if isinstance(refs, (str, Ref)):
        refs = (refs,)
    if not isinstance(refs, (list, tuple)):
        raise ClaimError(f"claim {id}: refs must be a Ref, a string or a list of them; got "
                         f"{type(refs).__name__}")
    bad = [r for r in refs if not isinstance(r, (str, Ref))]
    if bad:
        raise ClaimError(f"claim {id}: refs must be tnverify.claims.Ref objects or strings; "
                         f"got {bad[0]!r} ({type(bad[0]).__name__})")
    texts = [" ".join(r.split()) for r in refs if isinstance(r, str) and r.strip()]
    source = "; ".join([source] * bool(source) + texts)
    refs = tuple(r for r in refs if isinstance(r, Ref))

    def decorate(fn):
        pkg = package or fn.__module__.split(".")[0]
        grp = group or pkg.lower().replace("_", "-")

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            if _inside_hypothesis_test():
                raise ClaimError(
                    f"put @tnverify.claim above @given on {fn.__qualname__} (claim {id}): "
                    "below it, every hypothesis example would be reported as a run of the "
                    "claim (a problem in the test, not in tnverify)")
            try:
                ev, n = _run(fn, args, kwargs)
            except Exception as exc:       # the test broke: listed as `error`, as in verify
                reason = " ".join(f"{type(exc).__name__}: {exc}".split())
                ev = Evidence("the claim's test raised", passed=False,
                              details={"error": reason})
                LAST_RESULTS.append(UserClaimResult(id, ERROR, expected, ev, 0, pkg,
                                                    {"error": reason}))
                raise
            verdict = ev.verdict
            result = UserClaimResult(id, verdict, expected, ev, n, pkg)
            LAST_RESULTS.append(result)
            if verdict != expected:
                raise AssertionError(
                    f"claim {id}: computed verdict {verdict!r}, expected {expected!r}; "
                    f"{ev.compared}: error {ev.error}, tolerance {ev.tolerance}"
                    + (f"; counterexample {ev.counterexample}" if ev.counterexample else ""))

        wrapper.tnverify_claim = id
        if register_claim:
            register(Claim(id=id, statement=statement, refs=tuple(refs), group=grp,
                           small=_small_side(fn), scaled=None, expected=expected,
                           title=title, package=pkg, source=source or fn.__qualname__))
        return wrapper

    return decorate
