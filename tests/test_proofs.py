"""Every sympy proof in proofs/ runs and proves its identity."""

import importlib.util
import inspect
from pathlib import Path

import pytest

from tnverify.claims import all_claims

PROOFS = Path(__file__).resolve().parents[1] / "proofs"


def _load(path: Path):
    spec = importlib.util.spec_from_file_location(f"proofs_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _proofs():
    for path in sorted(PROOFS.glob("*.py")):
        module = _load(path)
        for name, fn in inspect.getmembers(module, inspect.isfunction):
            if name.startswith("prove_") and fn.__module__ == module.__name__:
                yield pytest.param(fn, id=f"{path.name}::{name}")


@pytest.mark.parametrize("prove", list(_proofs()))
def test_proof_holds(prove):
    assert prove() is True


def test_no_proof_is_attached_to_a_claim_that_fails():
    # a proof belongs to a statement that holds, or to one reading of an ill-posed one
    # (its docstring names the reading); a failing statement is corrected, not proved
    for c in all_claims():
        if c.proof:
            assert c.expected in ("holds", "ill-posed"), f"{c.id} is proved but {c.expected}"


def test_every_proof_function_belongs_to_a_claim():
    targets = {c.proof.split("::")[1] for c in all_claims() if c.proof}
    names = {p.values[0].__name__ for p in _proofs()}
    assert names <= targets, f"proofs without a claim: {sorted(names - targets)}"
