"""The boundary fuzzer as a test (issue #14): every public entry point, bad arguments.

For each row of the table (tests/boundary_fuzz_rows.py, tests/boundary_fuzz_rows_cells.py)
hypothesis draws one argument and a bad value of its kind (tests/boundary_fuzz_kinds.py):
wrong dtypes, complex where real is meant, NaN/inf, empty, 0-d, ragged, torch where numpy
is meant and back, grad-requiring tensors, bool/float/str sizes, out-of-range tolerances,
sizes needing terabytes.  The call must end in a :class:`tnverify.errors.TnverifyError`,
or return a result identical to the one for the valid input (an equivalent spelling, e.g.
``np.int64(3)`` for ``3``).  A foreign exception, a ComplexWarning (a silent cast), a
different result or a call running past the time limit fails the test.

The default profile draws a few examples per row (about a minute on 2 cores);
``HYPOTHESIS_PROFILE=thorough`` draws 200 per row.  :func:`test_every_public_entry_point_has_a_row`
fails when a new public function (in ``tnverify.__all__`` or a public module's
``__all__``) has no row.
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
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.strategies import SearchStrategy

import boundary_fuzz_rows_cells  # noqa: F401 - registers its rows in ROWS
from boundary_fuzz_kinds import bad_values, same
from boundary_fuzz_rows import ROWS
from tnverify.errors import TnverifyError

PUBLIC_MODULES = [
    "tnverify", "tnverify.definitions.explicit", "tnverify.tt", "tnverify.tt.svd", "tnverify.tt.cp",
    "tnverify.ranks.matricize", "tnverify.definitions.conditionals", "tnverify.generalized.xi",
    "tnverify.generalized.grid",
    "tnverify.definitions.ngram", "tnverify.equivalences", "tnverify.generalized.bounds",
    "tnverify.generalized.constructions", "tnverify.generalized.expressivity",
    "tnverify.lru.theory", "tnverify.lru.products", "tnverify.claims.monte_carlo", "tnverify.tt.interop", "tnverify.definitions.oracle", "tnverify.testing.strategies",
    "tnverify.claims.compare", "tnverify.cells.born", "tnverify.cells.gated",
    "tnverify.cells.generalized", "tnverify.cells.lmm", "tnverify.cells.recurrent",
    "tnverify.cells.tokens", "tnverify.cells.tslm", "tnverify.cells.ttlm",
    "tnverify.cells.ttlm_variants",
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
#: accept grad-requiring tensors since issue #16.14).
OWNED_ELSEWHERE: set = set()

#: Entry points known not to validate yet (none).
KNOWN_GAPS: dict = {}

EXAMPLES = 200 if os.environ.get("HYPOTHESIS_PROFILE") == "thorough" else 12
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


def _call(row: dict, kwargs: dict):
    with warnings.catch_warnings():
        warnings.simplefilter("error", np.exceptions.ComplexWarning)
        warnings.filterwarnings("error", message=".*discards the imaginary part.*")
        with _time_limit(TIME_LIMIT_S):
            result = row["call"](**kwargs)
            if isinstance(result, SearchStrategy):
                result.validate()                 # argument checks run now, not at draw
                result = type(result).__name__
            return result


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
    # property below compares bad calls with it, so it must be deterministic)
    first = _expected(i)
    assert first is not None or ROWS[i]["call"] is ROWS[i]["covers"]
    assert same(_call(ROWS[i], _fresh(ROWS[i]["valid"])), first)


FUZZED = [pytest.param(i, id=_row_id(r), marks=[pytest.mark.xfail(
              reason=KNOWN_GAPS[_key(r["covers"])], strict=False)]
              if _key(r["covers"]) in KNOWN_GAPS else [])
          for i, r in enumerate(ROWS) if r["kinds"]]


@pytest.mark.parametrize("i", FUZZED)
@settings(max_examples=EXAMPLES)
@given(data=st.data())
def test_bad_argument_gives_tnverify_error_or_the_valid_result(i, data):
    row = ROWS[i]
    arg = data.draw(st.sampled_from(sorted(row["kinds"])), label="argument")
    choices = [(label, v) for label, v in bad_values(row["kinds"][arg], row["valid"][arg])
               if not (v is None and _defaults_to_none(row["call"], arg))
               and (_key(row["covers"]), label) not in OWNED_ELSEWHERE
               and label not in row["alternatives"]]
    label, _ = data.draw(st.sampled_from(choices), label="bad value")
    bad = dict(choices)[label]
    _check_bad_call(row, _expected(i), arg, label, bad)


def _check_bad_call(row: dict, expected, arg: str, label: str, bad) -> None:
    """The call with ``arg = bad`` raises a TnverifyError or returns ``expected``."""
    kwargs = _fresh(row["valid"])
    kwargs[arg] = copy.deepcopy(bad) if not isinstance(bad, torch.Tensor) else bad.clone()
    where = f"{_row_id(row)} with {arg} = {label}"
    try:
        got = _call(row, kwargs)
    except TnverifyError:
        return
    except Exception as exc:  # noqa: BLE001 - this is what the test looks for
        pytest.fail(f"{where}: foreign {type(exc).__name__}: {exc}"[:600])
    assert same(got, expected), f"{where}: returned a result different from the valid one"


def _silent_cast(x):
    """The defects the fuzzer must catch: a silent complex cast, a truncated size."""
    return np.asarray(x, dtype=np.float64).sum()


@pytest.mark.parametrize("call, kind, valid, label", [
    (_silent_cast, "real", np.ones(3), "complex"),                  # ComplexWarning
    (lambda x: np.zeros(int(x)).size, "int", 3, "float+1.5"),       # 4.5 -> 4
    (lambda x: np.asarray(x).sum(), "real", np.ones(3), "ragged"),  # numpy's ValueError
])
def test_the_check_fails_on_the_defects_of_issue_14(call, kind, valid, label):
    row = dict(covers=_silent_cast, call=call, kinds={"x": kind}, valid={"x": valid},
               alternatives=())
    bad = dict(bad_values(kind, valid))[label]
    with pytest.raises((pytest.fail.Exception, AssertionError)):
        _check_bad_call(row, _call(row, {"x": valid}), "x", label, bad)
