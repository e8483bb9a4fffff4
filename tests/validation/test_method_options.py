"""The optional arguments of the public *methods* of the main classes go through the
validation layer too: each method whose required arguments can be
filled from a table of valid values is called with every optional argument set to bad
values of its default's kind (tests/boundary_fuzz_optional.py).  The call must raise a
:class:`~tnverify.errors.TnverifyError`; nothing may be ignored or read silently.
"""

from __future__ import annotations

import copy
import inspect
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest
import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import tnverify as tv  # noqa: E402
from boundary_fuzz_optional import optional_bad_values  # noqa: E402
from tnverify.cells import born, lmm, recurrent, tslm, ttlm  # noqa: E402
from tnverify.cells import ttlm_variants as tvc
from tnverify.definitions.oracle import Oracle  # noqa: E402
from tnverify.errors import TnverifyError  # noqa: E402

RNG = np.random.default_rng(5)
V, R = 3, 2
CORES = [
    RNG.standard_normal((1, V, R)),
    RNG.standard_normal((R, V, R)),
    RNG.standard_normal((R, V, 1)),
]
TOK = np.array([[0, 1, 2], [2, 2, 0]])


def _gen():
    return torch.Generator().manual_seed(0)


#: How to build a fresh instance of each class.
INSTANCES = {
    "TensorTrain": lambda: tv.random_tt((2, 3, 2), 2, 0),
    "BornMachine": lambda: born.BornMachine([torch.as_tensor(c) for c in CORES]),
    "TTScorer": lambda: ttlm.TTScorer([torch.as_tensor(c) for c in CORES]),
    "UniformTTLM": lambda: tvc.UniformTTLM(RNG.standard_normal((V, R)), CORES[1]),
    "TTLMTiny": lambda: tvc.TTLMTiny(
        CORES[1].transpose(1, 0, 2), np.eye(R), np.ones((R, R, R)), np.ones(R)
    ),
    "TSLM": lambda: tslm.TSLM(V, 2, 2, generator=_gen()),
    "LMM": lambda: lmm.LMM(2, rng=0),
    "TTCoreRNN": lambda: recurrent.TTCoreRNN(CORES[1]),
    "Oracle": Oracle,
}
#: Valid values of the required arguments, by name.
REQUIRED = dict(
    tokens=TOK,
    prefix=TOK[:, :2],
    suffix=TOK[:, 1:],
    n=3,
    length=3,
    steps=2,
    t=1,
    x=torch.ones(1, 2, 2, dtype=torch.complex128),
    eps=1e-3,
    h=torch.ones(1, R, dtype=torch.float64),
    tensor_or_score=np.ones((2, 2)),
    uniforms=torch.full((1, 3), 0.5, dtype=torch.float64),
    generator="a fresh one",
)


def _cases():
    for cls, make in INSTANCES.items():
        obj = make()
        for name, meth in inspect.getmembers(obj, callable):
            if name.startswith("_") or isinstance(meth, type) or hasattr(torch.nn.Module, name):
                continue
            try:
                params = inspect.signature(meth).parameters.values()
            except (TypeError, ValueError):
                continue
            required = [
                p.name
                for p in params
                if p.default is p.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
            ]
            if any(r not in REQUIRED for r in required):
                continue
            for p in params:
                if p.default is p.empty:
                    continue
                for label, bad in optional_bad_values(p.default, "None" in str(p.annotation)):
                    if label != "np.bool_":
                        yield pytest.param(
                            cls, name, required, p.name, bad, id=f"{cls}.{name}({p.name}={label})"
                        )


CASES = list(_cases())


def test_the_sweep_reaches_the_methods_with_options():
    reached = {c.values[:2] for c in CASES}
    for expected in [
        ("TensorTrain", "norm"),
        ("TTScorer", "tree"),
        ("BornMachine", "sample"),
        ("TTLMTiny", "readout"),
        ("LMM", "log_forward"),
        ("Oracle", "partition"),
    ]:
        assert expected in reached


@pytest.mark.parametrize("cls, name, required, arg, bad", CASES)
def test_bad_optional_arguments_of_methods_are_refused(cls, name, required, arg, bad):
    kwargs = {r: _gen() if r == "generator" else copy.deepcopy(REQUIRED[r]) for r in required}
    kwargs[arg] = bad
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(TnverifyError):
            getattr(INSTANCES[cls](), name)(**kwargs)
