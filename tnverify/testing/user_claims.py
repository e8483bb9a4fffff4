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
import time
import warnings
from dataclasses import dataclass, field

from ..claims import ERROR, HOLDS, VERDICTS, Claim, Evidence, Ref, register
from ..errors import ClaimError
from ..validation import as_flag, as_text

__all__ = ["claim", "check", "CheckFailed", "UserClaimResult", "LAST_RESULTS",
           "fixture_values"]

_CURRENT: contextvars.ContextVar = contextvars.ContextVar("tnverify_claim", default=None)

#: Results of the user claims run in this process (read by the pytest plugin's summary).
LAST_RESULTS: list[UserClaimResult] = []


class CheckFailed(AssertionError):
    """A recorded comparison does not hold (raised inside a claim so that hypothesis
    shrinks the example; the claim turns it into a ``fails`` verdict)."""

    def __init__(self, evidence: Evidence):
        from ..report.evidence_text import failure_text

        super().__init__(failure_text(evidence))
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
    #: wall-clock seconds of the run
    seconds: float = 0.0
    #: the seeds the run actually used: ``{"tnverify_rng": s}`` when the test asked for
    #: the fixture, ``{"hypothesis": s}`` for a ``@given`` test; empty when it drew
    #: nothing seeded
    seeds: dict = field(default_factory=dict)

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
    CheckFailed
        The comparison does not hold (inside a claim this becomes the ``fails`` verdict;
        outside one it fails the test like an assertion).
    """
    if not isinstance(evidence, Evidence):
        raise ClaimError(f"tnverify.check takes an Evidence (e.g. from "
                         f"tnverify.compare_values); got {type(evidence).__name__}")
    log = _CURRENT.get()
    if log is not None:
        log.append(evidence)
    if evidence.verdict != HOLDS:
        raise CheckFailed(evidence)
    return evidence


def fixture_values() -> dict:
    """tnverify's fixtures by name (the pytest plugin serves the same objects;
    ``tnverify_rng`` is made per claim run, see :func:`claim_rng`)."""
    from ..claims.compare import compare_values
    from ..conventions import tolerance
    from ..definitions.oracle import Oracle

    return {"tnverify_oracle": Oracle(), "tnverify_tolerance": tolerance,
            "tnverify_compare": compare_values}


#: The fixture names tnverify serves (never reported as a test's parameters).
FIXTURES = ("tnverify_oracle", "tnverify_tolerance", "tnverify_compare", "tnverify_rng")

#: The run's base seed under pytest (``--tnverify-seed``, set by the pytest plugin).
SESSION = {"seed": 0}


def claim_seed(claim_id: str, seed: int | None = None) -> int:
    """The seed of a claim's ``tnverify_rng``: the seed of the claim's small-side case 0
    in ``tnverify verify --seed SEED`` (``derive_seed(SEED, claim_id, "small", 0)``), so
    both runners draw the same numbers.  ``seed`` defaults to the pytest session's
    ``--tnverify-seed`` (0)."""
    from ..conventions import derive_seed

    return derive_seed(SESSION["seed"] if seed is None else int(seed), claim_id, "small", 0)


def claim_rng(claim_id: str, seed: int | None = None):
    """``numpy.random.default_rng(claim_seed(claim_id, seed))`` (the ``tnverify_rng``
    fixture)."""
    import numpy as np

    return np.random.default_rng(claim_seed(claim_id, seed))


def _hypothesis_seed(case_seed: int) -> int:
    """The hypothesis seed of a claim run whose case seed is ``case_seed`` (the same in
    both runners)."""
    import numpy as np

    return int(np.random.default_rng(case_seed).integers(2**31))


def _param_value(v):
    """A test's argument as a JSON-safe value (its repr when it is not a plain value)."""
    import numpy as np

    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    if isinstance(v, (np.integer, np.floating, np.bool_)):
        return v.item()
    if isinstance(v, (list, tuple)) and len(v) <= 64:
        return [_param_value(x) for x in v]
    if isinstance(v, dict) and len(v) <= 64:
        return {str(k): _param_value(x) for k, x in v.items()}
    if isinstance(v, np.ndarray) and v.size <= 64:
        return v.tolist()
    text = repr(v)
    return text if len(text) <= 200 else text[:199] + "…"


def _params(kwargs: dict) -> dict:
    """The parameters a test received: its arguments other than tnverify's fixtures and
    other than objects known only by their address (pytest's ``monkeypatch``, ...: no run
    can be given them again)."""
    out = {}
    for k, v in kwargs.items():
        if k in FIXTURES:
            continue
        value = _param_value(v)
        if isinstance(value, str) and not isinstance(v, str) and " object at 0x" in value:
            continue
        out[k] = value
    return out


def _part_names(log: list) -> dict:
    """The recorded checks as parts named by what each compared (``(2)``, ... for a
    repeated name), in the order they ran."""
    parts: dict = {}
    for ev in log:
        name, k = ev.compared, 2
        while name in parts:
            name, k = f"{ev.compared} ({k})", k + 1
        parts[name] = ev
    return parts


def _ratio(log) -> float | None:
    rs = [e.ratio for e in log if e.ratio is not None]
    return max(rs) if rs else None


def _combine(examples: list, failure: BaseException | None, *, given: bool,
             seeds: dict) -> Evidence:
    """One Evidence for a claim run.

    Every ``check()`` of the deciding example is a part of its own (one check: that
    check's Evidence itself); the deciding example is the shrunk falsifying one when the
    run failed, else the one with the largest err/tol.  A ``@given`` run is summarised
    over all its examples in ``details`` (how many ran, how many failed, the worst err/tol
    over all of them).  The counterexample names the failing part with its numbers, the
    parameters that reproduce it and the seed (``None`` when the test drew nothing
    seeded)."""
    import dataclasses

    total = sum(len(e["log"]) for e in examples)
    if failure is None and not total:
        raise ClaimError("the claim's test recorded no comparison (a problem in the test, "
                         "not in tnverify): hand each comparison to tnverify.check(...)")
    failed = [e for e in examples if e["failed"]]
    if failure is not None and failed:
        deciding = failed[-1]          # hypothesis replays the shrunk example last
    else:
        pool = [e for e in examples if e["log"]] or examples
        deciding = max(pool, key=lambda e: -1.0 if _ratio(e["log"]) is None
                       else _ratio(e["log"]))
    log = list(deciding["log"])
    if failure is not None and not any(e.verdict != HOLDS for e in log):
        if isinstance(failure, CheckFailed):
            log.append(failure.evidence)
        else:                          # a plain assert of the test failed
            log.append(Evidence("assertion in the test", passed=False,
                                counterexample={"message": " ".join(str(failure).split())
                                                or type(failure).__name__}))
    details = {"checks": total}
    if seeds.get("tnverify_rng") is not None:
        details["tnverify_rng seed"] = seeds["tnverify_rng"]
    if given:
        ratios = [r for e in examples if (r := _ratio(e["log"])) is not None]
        details.update({"examples": len(examples), "failing examples": len(failed),
                        "worst err/tol": max(ratios) if ratios else None,
                        "deciding example": deciding["params"]})
        if "hypothesis" in seeds:
            details["hypothesis seed"] = seeds["hypothesis"]
    parts = _part_names(log)
    if len(parts) == 1:
        ev = dataclasses.replace(log[0], details={**log[0].details, **details})
        name = None
    else:
        ev = Evidence(f"{len(parts)} checks of the claim's test", parts=parts,
                      details=details)
        name = next((n for n, p in parts.items() if p.verdict != HOLDS), None)
    if failure is not None or ev.verdict != HOLDS:
        sub = ev if name is None else parts[name]
        ce = dict(sub.counterexample or {})
        if name is not None:
            ce.setdefault("compared", sub.compared)
            ce["where"] = f"part {name!r}"
        ce["params"] = deciding["params"]
        # hypothesis's own line for the shrunk example (its other notes explain coverage)
        notes = [" ".join(n.split()) for n in getattr(failure, "__notes__", [])
                 if n.strip().startswith(("Falsifying", "Failing test case"))]
        if notes:
            ce["example"] = notes[0]
        ce["seed"] = seeds.get("tnverify_rng")        # None: the test drew nothing seeded
        if "hypothesis" in seeds:
            ce["hypothesis_seed"] = seeds["hypothesis"]
        ev.counterexample = ce
    return ev


def _recording(inner, examples: list):
    """``inner`` (a ``@given`` test's own body) recording each example's arguments and
    checks."""
    @functools.wraps(inner)
    def record(*args, **kwargs):
        entry = {"params": _params(kwargs), "log": [], "failed": False}
        examples.append(entry)
        token = _CURRENT.set(entry["log"])
        try:
            return inner(*args, **kwargs)
        except BaseException:
            entry["failed"] = True
            raise
        finally:
            _CURRENT.reset(token)
    return record


def _run(fn, args, kwargs, seeds: dict | None = None) -> tuple[Evidence, int]:
    seeds = {} if seeds is None else seeds
    handle = getattr(fn, "hypothesis", None)
    inner = getattr(handle, "inner_test", None)
    examples: list = []
    if inner is not None:
        handle.inner_test = _recording(inner, examples)
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
        if inner is not None:
            handle.inner_test = inner
    if inner is None:
        examples = [{"params": _params(kwargs), "log": log, "failed": failure is not None}]
    elif log:                               # checks outside the examples (rare)
        examples.append({"params": {}, "log": log, "failed": False})
    if failure is None:
        # hypothesis reports a failing example only by raising; a check that failed but
        # was swallowed by the test still counts
        for e in examples:
            failing = [c for c in e["log"] if c.verdict != HOLDS]
            if failing:
                e["failed"] = True
                failure = failure or CheckFailed(failing[0])
    ev = _combine(examples, failure, given=inner is not None, seeds=seeds)
    return ev, sum(len(e["log"]) for e in examples)


def _run_given(fn, args, kwargs, seed: int, *, database: bool = False) -> tuple[Evidence, int]:
    """Run a ``@given`` test once, seeded with ``seed`` (unless the test sets its own
    ``@seed`` or pytest runs with ``--hypothesis-seed``) and, with ``database=False``,
    without an example database: ``tnverify verify --seed S`` draws the same examples
    every time, writes no ``.hypothesis/`` directory and replays no examples saved by the
    user's own pytest runs.  The test's own seed and settings are restored afterwards."""
    import hypothesis
    import hypothesis.core

    attrs = ("_hypothesis_internal_use_seed", "_hypothesis_internal_use_settings")
    saved = {a: fn.__dict__[a] for a in attrs if a in fn.__dict__}
    parent = getattr(fn, "_hypothesis_internal_use_settings", None)
    own = getattr(fn, "_hypothesis_internal_use_seed", None)
    forced = getattr(hypothesis.core, "global_force_seed", None)
    if database and own is not None:                  # the test's own @seed
        used = own
    elif database and getattr(parent, "derandomize", False):
        used = "derandomize (the test's settings)"
    elif database and forced is not None:             # pytest --hypothesis-seed
        used = forced
    else:
        used = seed
    try:
        if used is seed:
            hypothesis.seed(seed)(fn)
        if not database:
            # @settings may already decorate the test (a second @settings is refused), so
            # the derived settings object replaces the attribute @given reads at call time
            fn._hypothesis_internal_use_settings = hypothesis.settings(parent=parent,
                                                                       database=None)
        return _run(fn, args, kwargs, {**_rng_seed(kwargs), "hypothesis": _param_value(used)})
    finally:
        for a in attrs:
            if a in saved:
                setattr(fn, a, saved[a])
            else:
                fn.__dict__.pop(a, None)


def _small_side(fn, claim_id: str):
    """The claim's small side: call the test with tnverify's fixtures by name
    (``tnverify_rng`` is the runner's generator, seeded as :func:`claim_rng`)."""
    sig = inspect.signature(fn)

    def small(params, rng):
        values = fixture_values()
        values["tnverify_rng"] = rng
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
        seeds = _rng_seed(kwargs)
        if getattr(fn, "hypothesis", None) is None:
            return _run(fn, (), kwargs, seeds)[0]
        case_seed = _entropy(rng)
        hyp = int(rng.integers(2**31)) if case_seed is None else _hypothesis_seed(case_seed)
        return _run_given(fn, (), kwargs, hyp)[0]

    small.__module__ = fn.__module__
    return small


def _entropy(rng) -> int | None:
    """The integer seed a ``numpy.random.default_rng(seed)`` generator was made from."""
    seq = getattr(getattr(rng, "bit_generator", None), "seed_seq", None)
    entropy = getattr(seq, "entropy", None)
    return int(entropy) if isinstance(entropy, int) else None


def _rng_seed(kwargs: dict) -> dict:
    """``{"tnverify_rng": seed}`` when the test asked for the fixture, else ``{}``."""
    if "tnverify_rng" not in kwargs:
        return {}
    return {"tnverify_rng": _entropy(kwargs["tnverify_rng"])}


def _inside_hypothesis_test() -> bool:
    """Whether a hypothesis test is running (``@given`` placed above ``@tnverify.claim``)."""
    try:
        from hypothesis.control import currently_in_test_context
    except ImportError:           # hypothesis not installed, or a version without it
        return False
    return bool(currently_in_test_context())


def _where(fn, refs) -> str:
    """A claim's ``source`` when none is given: empty when it has refs (the refs say where
    the statement comes from; the test's name would read as a second citation), else the
    test's own qualified name (that of the function under ``@given``, not hypothesis's
    wrapper ``accept.<locals>.…``)."""
    if refs:
        return ""
    inner = getattr(getattr(fn, "hypothesis", None), "inner_test", fn)
    return getattr(inner, "__qualname__", fn.__name__)


def claim(id: str, statement: str, *, refs=(), quote: bool = False, topic: str | None = None,
          title: str = "", expected: str = HOLDS, source: str = "", package: str | None = None,
          register_claim: bool = True, group: str | None = None):
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
    source : str
        Where it is stated, as text ("my-paper §3, Eq. 7").
    expected : str
        The verdict your runs established (``"holds"`` or ``"fails"``, ...); the test
        passes when the computed verdict equals it.
    package : str, optional
        Default: the top-level module name of the test.
    register_claim : bool
        Also register it in :data:`tnverify.claims.REGISTRY` (default), so ``tnverify
        verify --plugin MODULE`` runs it.
    group : str, optional
        Deprecated keyword of ``topic`` (0.2.0; removed in the next release).

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
    if group is not None:
        warnings.warn("tnverify.claim(group=...) is deprecated and will be removed in the next "
                      "release; use topic=...", DeprecationWarning, stacklevel=2)
        if topic is not None:
            raise ClaimError(f"claim {id}: give topic= or the deprecated group=, not both")
        topic = group
    quote = as_flag(quote, "quote")
    as_text(topic, "topic", optional=True), as_text(package, "package", optional=True)
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
        grp = topic or pkg.lower().replace("_", "-")

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            if _inside_hypothesis_test():
                raise ClaimError(
                    f"put @tnverify.claim above @given on {fn.__qualname__} (claim {id}): "
                    "below it, every hypothesis example would be reported as a run of the "
                    "claim (a problem in the test, not in tnverify)")
            t0 = time.perf_counter()
            seeds = _rng_seed(kwargs)
            try:
                if getattr(fn, "hypothesis", None) is None:
                    ev, n = _run(fn, args, kwargs, seeds)
                else:
                    ev, n = _run_given(fn, args, kwargs,
                                       _hypothesis_seed(claim_seed(id)), database=True)
                    seeds = {**seeds, "hypothesis": (ev.details or {}).get(
                        "hypothesis seed", _hypothesis_seed(claim_seed(id)))}
            except Exception as exc:       # the test broke: listed as `error`, as in verify
                reason = " ".join(f"{type(exc).__name__}: {exc}".split())
                ev = Evidence("the claim's test raised", passed=False,
                              details={"error": reason})
                LAST_RESULTS.append(UserClaimResult(id, ERROR, expected, ev, 0, pkg,
                                                    {"error": reason},
                                                    time.perf_counter() - t0, seeds))
                raise
            if ev.seed is None and seeds.get("tnverify_rng") is not None:
                ev.seed = seeds["tnverify_rng"]
            verdict = ev.verdict
            result = UserClaimResult(id, verdict, expected, ev, n, pkg, {},
                                     time.perf_counter() - t0, seeds)
            LAST_RESULTS.append(result)
            if verdict != expected:
                from ..report.evidence_text import failure_text

                raise AssertionError(
                    f"claim {id}: computed verdict {verdict!r}, expected {expected!r}; "
                    + failure_text(ev)
                    + (f"; counterexample {ev.counterexample}" if ev.counterexample else ""))

        wrapper.tnverify_claim = id
        if register_claim:
            register(Claim(id=id, statement=statement, refs=tuple(refs), topic=grp,
                           small=_small_side(fn, id), scaled=None, expected=expected, quote=quote,
                           title=title, package=pkg, source=source or _where(fn, refs)))
        return wrapper

    return decorate
