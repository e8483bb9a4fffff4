"""The boundary fuzzer as a test: every public entry point, bad arguments.

For each row of the table (tests/boundary_fuzz_rows.py, tests/boundary_fuzz_rows_cells.py)
hypothesis draws one argument and a bad value of its kind (tests/boundary_fuzz_kinds.py):
wrong dtypes, complex where real is meant, NaN/inf, empty, 0-d, ragged, torch where numpy
is meant and back, grad-requiring tensors, bool/float/str sizes, flags drawn as strings and
ints, integer/bool/string torch dtypes, shapes with terabyte modes, out-of-range
tolerances.  Besides the arguments a row names, *every optional keyword argument* its
callable leaves at the default is mutated too (tests/boundary_fuzz_optional.py: the kind
follows from the default).  The hypothesis strategies are drawn from, so a size guard that
only runs at draw time, or a draw that allocates terabytes, is found.  The call must end in
a :class:`tnverify.errors.TnverifyError`, or return a result identical to the one for the
valid input (an equivalent spelling, e.g. ``np.int64(3)`` for ``3``; a strategy must refuse
every bad value that is not one).  A foreign exception, a ComplexWarning (a silent cast), a
different result or a call running past the time limit fails the test.
:func:`test_sibling_layouts_are_refused_or_read_right` swaps the augmented-core layouts of
sibling cell classes.

Budget: the default draws 12 (argument, bad value) pairs per row (about 15 s on 2 cores).  A
longer run: ``TNVERIFY_FUZZ_EXAMPLES=200`` (any count; ``HYPOTHESIS_PROFILE=thorough`` means
200) draws up to that many per row; at 200 every pair of every row is tried (hypothesis
stops when a row's finite set of pairs is exhausted), in well under a minute.
:func:`test_every_public_entry_point_has_a_row` fails when a new public function (in
``tnverify.__all__`` or a public module's ``__all__``) has no row.
"""

from __future__ import annotations

import copy
import importlib
import importlib.util
import inspect
import os
import signal
import warnings
from contextlib import contextmanager

import numpy as np
import pytest
import torch
from hypothesis import find, given, settings
from hypothesis import strategies as st
from hypothesis.strategies import SearchStrategy

import boundary_fuzz_rows_020  # noqa: F401 - registers the 0.2.0 rows in ROWS
import boundary_fuzz_rows_cells  # noqa: F401 - registers its rows in ROWS
import boundary_fuzz_rows_networks  # noqa: F401 - registers its rows in ROWS
from boundary_fuzz_kinds import bad_values, equivalent, same
from boundary_fuzz_optional import optional_bad_values, optional_kind, optional_kinds
from boundary_fuzz_rows import ROWS
from tnverify.errors import TnverifyError

PUBLIC_MODULES = [
    "tnverify",
    "tnverify.definitions.explicit",
    "tnverify.tt",
    "tnverify.tt.svd",
    "tnverify.tt.cp",
    "tnverify.ranks.matricize",
    "tnverify.definitions.conditionals",
    "tnverify.generalized.xi",
    "tnverify.generalized.grid",
    "tnverify.definitions.ngram",
    "tnverify.equivalences",
    "tnverify.generalized.bounds",
    "tnverify.generalized.constructions",
    "tnverify.generalized.expressivity",
    "tnverify.lru.theory",
    "tnverify.lru.products",
    "tnverify.claims.monte_carlo",
    "tnverify.tt.interop",
    "tnverify.definitions.oracle",
    "tnverify.testing.strategies",
    "tnverify.claims.compare",
    "tnverify.cells.born",
    "tnverify.cells.gated",
    "tnverify.cells.generalized",
    "tnverify.cells.lmm",
    "tnverify.cells.recurrent",
    "tnverify.cells.tokens",
    "tnverify.cells.tslm",
    "tnverify.cells.ttlm",
    "tnverify.cells.ttlm_variants",
    "tnverify.report.errata",
    "tnverify.tt.svd_torch",
    "tnverify.device",
    # 0.2.0 (tests/boundary_fuzz_rows_020.py)
    "tnverify.threads",
    "tnverify.figures.registry",
    "tnverify.figures.trials",
    "tnverify.report.html",
]
#: Public callables that are not entry points for user data, with the reason.
EXEMPT = {
    "tnverify.cells.sites.SiteCores": "a mixin of the cells, never built by users",
    "tnverify.tt.svd.TTSVDResult": "result record built by tt_svd (its row covers it)",
    "tnverify.tt.svd.TTRanks": "result record built by tt_ranks (its row covers it)",
}

if importlib.util.find_spec("quimb") is None:
    EXEMPT["tnverify.tt.interop.to_quimb"] = "quimb (optional extra) is not installed here"
    EXEMPT["tnverify.tt.interop.from_quimb"] = "quimb (optional extra) is not installed here"

#: (entry point, bad value) pairs excluded from the property (none: the inverse maps
#: accept grad-requiring tensors since 0.2.0).
OWNED_ELSEWHERE: set = set()

#: Entry points known not to validate yet (none).
KNOWN_GAPS: dict = {}

EXAMPLES = int(
    os.environ.get("TNVERIFY_FUZZ_EXAMPLES")
    or (200 if os.environ.get("HYPOTHESIS_PROFILE") == "thorough" else 12)
)
TIME_LIMIT_S = 20


def _key(obj) -> str:
    return f"{obj.__module__}.{obj.__qualname__}"


def _public_entry_points() -> set[str]:
    keys = set()
    for name in PUBLIC_MODULES:
        mod = importlib.import_module(name)
        for attr in getattr(mod, "__all__", []):
            obj = getattr(mod, attr)
            if not callable(obj) or (inspect.isclass(obj) and issubclass(obj, BaseException)):
                continue
            if isinstance(obj, (dict, tuple, torch.dtype)):
                continue
            keys.add(_key(obj))
    return keys


def test_every_public_entry_point_has_a_row():
    covered = {_key(r["covers"]) for r in ROWS}
    missing = sorted(_public_entry_points() - covered - set(EXEMPT))
    assert missing == [], f"public entry points without a fuzzer row: {missing}"


class _Timeout(Exception):
    pass


@contextmanager
def _time_limit(seconds: int):
    def handler(signum, frame):
        raise _Timeout(f"call ran past {seconds} s (a loop or allocation without a guard)")

    old = signal.signal(signal.SIGALRM, handler)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def _fresh(valid: dict) -> dict:
    out = {}
    for k, v in valid.items():
        if isinstance(v, torch.Generator):
            g = torch.Generator()
            g.set_state(v.get_state())
            out[k] = g
        elif isinstance(v, torch.nn.Module):
            out[k] = v
        else:
            out[k] = copy.deepcopy(v)
    return out


def _call(row: dict, kwargs: dict, data=None):
    """The row's call; a strategy is validated and, with ``data`` (inside the property),
    drawn from once, so that checks and allocations at draw time run too."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", np.exceptions.ComplexWarning)
        warnings.filterwarnings("error", message=".*discards the imaginary part.*")
        with _time_limit(TIME_LIMIT_S):
            result = row["call"](**kwargs)
            if isinstance(result, SearchStrategy):
                result.validate()
                if data is not None:
                    data.draw(result, label="example of the strategy")
                result = _STRATEGY
            return result


#: Kinds whose bad values are all invalid (but the equivalent spellings): a result is a
#: silent read even when it equals the valid one ("no" read as a true flag).
STRICT = {"flag", "dtype", "shape", "optional"}

#: The result of a strategy row (its examples are random: only errors are compared).
_STRATEGY = "a hypothesis strategy"


def _row_id(r: dict) -> str:
    return f"{_key(r['covers'])}:{','.join(sorted(r['kinds'])) or 'valid'}"


def _defaults_to_none(call, arg: str) -> bool:
    """None is a valid value (the documented default) of this argument."""
    try:
        p = inspect.signature(call).parameters.get(arg)
    except (TypeError, ValueError):
        return False
    return p is not None and p.default is None


_EXPECTED: dict[int, object] = {}


def _expected(i: int):
    if i not in _EXPECTED:
        _EXPECTED[i] = _call(ROWS[i], _fresh(ROWS[i]["valid"]))
    return _EXPECTED[i]


@pytest.mark.parametrize("i", range(len(ROWS)), ids=[_row_id(r) for r in ROWS])
def test_valid_call_of_each_row_works(i):
    # the valid call returns a result, and the same one again on fresh arguments (the
    # property below compares bad calls with it, so it must be deterministic); a
    # strategy's valid arguments draw an example
    first = _expected(i)
    if isinstance(first, str) and first == _STRATEGY:
        strategy = ROWS[i]["call"](**_fresh(ROWS[i]["valid"]))
        find(
            strategy,
            lambda _: True,
            settings=settings(max_examples=1, database=None, derandomize=True),
        )
    assert first is not None or ROWS[i]["call"] is ROWS[i]["covers"]
    assert same(_call(ROWS[i], _fresh(ROWS[i]["valid"])), first)


def _arguments(row: dict) -> dict:
    """``{argument: (kind, bad values)}``: the row's named arguments and every optional
    keyword argument its callable leaves at the default."""
    out = {}
    for arg, kind in row["kinds"].items():
        out[arg] = (
            kind,
            [
                (label, v)
                for label, v in bad_values(kind, row["valid"][arg])
                if not (v is None and _defaults_to_none(row["call"], arg))
            ],
        )
    for arg, (default, none_ok) in optional_kinds(row, _key(row["covers"])).items():
        out.setdefault(arg, (optional_kind(default), optional_bad_values(default, none_ok)))
    return {
        arg: (
            kind,
            [
                (label, v)
                for label, v in values
                if (_key(row["covers"]), label) not in OWNED_ELSEWHERE
                and label not in row["alternatives"]
                and f"{arg}:{label}" not in row["alternatives"]
            ],
        )
        for arg, (kind, values) in out.items()
    }


FUZZED = [
    pytest.param(
        i,
        id=_row_id(r),
        marks=[pytest.mark.xfail(reason=KNOWN_GAPS[_key(r["covers"])], strict=False)]
        if _key(r["covers"]) in KNOWN_GAPS
        else [],
    )
    for i, r in enumerate(ROWS)
    if any(v for _, v in _arguments(r).values())
]


@pytest.mark.parametrize("i", FUZZED)
@settings(max_examples=EXAMPLES)
@given(data=st.data())
def test_bad_argument_gives_tnverify_error_or_the_valid_result(i, data):
    row = ROWS[i]
    args = {a: kv for a, kv in _arguments(row).items() if kv[1]}
    arg = data.draw(st.sampled_from(sorted(args)), label="argument")
    kind, choices = args[arg]
    label, _ = data.draw(st.sampled_from(choices), label="bad value")
    bad = dict(choices)[label]
    _check_bad_call(row, _expected(i), arg, label, bad, kind=kind, data=data)


def _check_bad_call(
    row: dict, expected, arg: str, label: str, bad, *, kind: str = "", data=None
) -> None:
    """The call with ``arg = bad`` raises a TnverifyError or returns ``expected`` (a
    strategy: only for an equivalent spelling of the valid value)."""
    kwargs = _fresh(row["valid"])
    kwargs[arg] = copy.deepcopy(bad) if not isinstance(bad, torch.Tensor) else bad.clone()
    where = f"{_row_id(row)} with {arg} = {label}"
    try:
        got = _call(row, kwargs, data)
    except TnverifyError:
        return
    except Exception as exc:  # noqa: BLE001 - this is what the test looks for
        pytest.fail(f"{where}: foreign {type(exc).__name__}: {exc}"[:600])
    if (kind in STRICT or isinstance(got, str) and got == _STRATEGY) and not equivalent(
        kind, label
    ):
        pytest.fail(f"{where}: a bad value was accepted silently")
    assert same(got, expected), f"{where}: returned a result different from the valid one"


def _silent_cast(x):
    """The defects the fuzzer must catch: a silent complex cast, a truncated size."""
    return np.asarray(x, dtype=np.float64).sum()


@pytest.mark.parametrize(
    "call, kind, valid, label",
    [
        (_silent_cast, "real", np.ones(3), "complex"),  # ComplexWarning
        (lambda x: np.zeros(int(x)).size, "int", 3, "float+1.5"),  # 4.5 -> 4
        (lambda x: np.asarray(x).sum(), "real", np.ones(3), "ragged"),  # numpy's ValueError
    ],
)
def test_the_check_fails_on_the_defects_of_issue_14(call, kind, valid, label):
    row = dict(
        covers=_silent_cast, call=call, kinds={"x": kind}, valid={"x": valid}, alternatives=()
    )
    bad = dict(bad_values(kind, valid))[label]
    with pytest.raises((pytest.fail.Exception, AssertionError)):
        _check_bad_call(row, _call(row, {"x": valid}), "x", label, bad)


def _augmented_cores() -> dict:
    """``{class name: (layout, augmented core)}`` of the sibling cell classes."""
    from tnverify.cells.recurrent import GeneralMIRNN, SecondOrderRNN, VanillaRNN
    from tnverify.cells.ttlm_variants import TTLMLarge, TTLMTiny

    rng = np.random.default_rng(3)
    R, V = 2, 3

    def n(*shape):
        return rng.standard_normal(shape)

    return {
        "VanillaRNN": ("rnn", VanillaRNN(n(R, R), n(R, V), n(R)).augmented_core()),
        "SecondOrderRNN": ("rnn", SecondOrderRNN(n(V, R, R), bias=n(R)).augmented_core()),
        "GeneralMIRNN": (
            "rnn",
            GeneralMIRNN(n(R, V), n(R, R), n(R), n(R), n(R), n(R)).augmented_core(),
        ),
        "TTLMTiny": (
            "ttlm",
            TTLMTiny(n(V, R, R), n(R, R), n(R, R, R), n(R), b_hh=n(R)).augmented_core(),
        ),
        "TTLMLarge": (
            "ttlm",
            TTLMLarge(
                n(V, R, R), n(R, R, R, R), n(R, R), n(R, R, R), n(R), b_hh=n(R)
            ).augmented_core(),
        ),
    }


@pytest.mark.parametrize("layout", ["rnn", "ttlm"])
@pytest.mark.parametrize(
    "cls", ["VanillaRNN", "SecondOrderRNN", "GeneralMIRNN", "TTLMTiny", "TTLMLarge"]
)
def test_sibling_layouts_are_refused_or_read_right(cls, layout):
    # the augmented core of one family split as the other's layout is refused; split as
    # its own, the blocks put back together give the core exactly
    from tnverify.equivalences import split_augmented_core

    own, G = _augmented_cores()[cls]
    values = G.detach().numpy()
    if layout != own:
        with pytest.raises(TnverifyError, match=f"{own!r} layout"):
            split_augmented_core(G, layout)
        return
    b = split_augmented_core(G, layout)
    R = values.shape[0] - 1
    back = np.zeros_like(values)
    back[:, :, R] = b["carry"]
    if layout == "rnn":
        V = values.shape[1] - 1
        back[:R, :V, :R], back[:R, V, :R] = b["bilinear"], b["hidden"]
        back[R, :V, :R], back[R, V, :R] = b["input"], b["bias"]
    else:
        back[:R, :, :R], back[R, :, :R] = b["bilinear"], b["bias"]
    assert np.array_equal(back, values)


def _reads_a_flag(x, *, log=False):
    return 2.0 * x if log else x  # truthiness: "no" is read as true


@pytest.mark.parametrize(
    "call, kind, valid, label",
    [
        (lambda log: 2.0 if log else 1.0, "flag", True, "str-no"),  # truthiness
        (
            lambda dtype: torch.tensor([1.5]).to(dtype).sum().item(),
            "dtype",  # cast first
            torch.float64,
            "torch.int64",
        ),
        (lambda shape: st.just(0), "shape", (2, 3), "huge-mode"),  # no guard
    ],
)
def test_the_check_fails_on_the_defects_of_issue_23(call, kind, valid, label):
    row = dict(
        covers=_silent_cast, call=call, kinds={"x": kind}, valid={"x": valid}, alternatives=()
    )
    row["call"] = lambda x, _c=call, _k=kind: _c(x)
    bad = dict(bad_values(kind, valid))[label]
    with pytest.raises((pytest.fail.Exception, AssertionError)):
        _check_bad_call(row, _call(row, {"x": valid}), "x", label, bad, kind=kind)


def test_optional_arguments_are_mutated_too():
    # a row that names no argument still has its optional flag fuzzed, and the truthiness
    # reading of "no" is caught
    row = dict(
        covers=_reads_a_flag, call=_reads_a_flag, kinds={}, valid={"x": 1.0}, alternatives=()
    )
    kind, values = _arguments(row)["log"]
    assert kind == "flag" and {"str-no", "int-1", "None"} <= {label for label, _ in values}
    with pytest.raises((pytest.fail.Exception, AssertionError)):
        _check_bad_call(row, _call(row, {"x": 1.0}), "log", "str-no", "no", kind=kind)
