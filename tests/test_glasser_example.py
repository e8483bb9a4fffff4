"""The worked example examples/glasser_expressive , installed and run end
to end like examples/rank_rnn (tests/test_user_claims.py): through `tnverify verify
--plugin` and as pytest tests; its README's line count is the files' own."""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "glasser_expressive"
CLAIMS = {"glasser-hmm-nonneg-tt", "glasser-tt-le-nonneg-tt", "glasser-tt-nonneg-gap",
          "glasser-born-real-complex", "glasser-nonneg-generic-rank"}


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    target = tmp_path_factory.mktemp("site")
    proc = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps",
                           "--target", str(target), str(EXAMPLE)],
                          capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        pytest.fail(f"pip could not install the example package:\n{proc.stderr[-2000:]}")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(target), str(ROOT)]),
               OPENBLAS_NUM_THREADS="1")
    return target, env


def test_example_runs_in_tnverify_verify_through_its_entry_point(installed, tmp_path):
    _, env = installed
    report = tmp_path / "r.json"
    proc = subprocess.run([sys.executable, "-m", "tnverify", "verify", "--plugin",
                           "glasser_expressive", "--topic", "glasser-expressive",
                           "--report", str(report)],
                          capture_output=True, text=True, env=env, cwd=tmp_path, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    claims = {c["id"]: c for c in json.loads(report.read_text())["claims"]}
    assert set(claims) == CLAIMS
    assert all(c["verdict"] == "holds" and c["package"] == "glasser_expressive"
               for c in claims.values())
    # each tnverify.check() is a part of its own (one per unfolding)
    parts = claims["glasser-nonneg-generic-rank"]["small"]["cases"][0]["parts"]
    assert len(parts) == 3
    for part in parts.values():
        generic = part["details"]
        # the certified witness reaches the bound; the draws below it are reported as the
        # measure-zero exceptional set, not as counterexamples
        assert generic["generic rank >="] == generic["bound"]
        assert generic["draws in the exceptional set"] == sum(
            r < generic["bound"] for r in generic["ranks per draw"])


def test_example_claims_run_as_pytest_tests(installed, tmp_path):
    target, env = installed
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           str(target / "glasser_expressive" / "claims.py")],
                          capture_output=True, text=True, env=env, cwd=tmp_path, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    for cid in CLAIMS:
        assert re.search(rf"{cid}\s+holds", proc.stdout), proc.stdout


def _classify(path: Path) -> dict:
    """Non-blank lines of one file by the README's rule: docs (docstrings, comment lines),
    glue (imports, decorator lines up to the one opening ``statement=(``, all of
    ``__init__.py`` outside its docstring), statements (the ``statement=`` text), the rest
    mathematics."""
    src = path.read_text(encoding="utf-8").splitlines()
    tree = ast.parse("\n".join(src))
    doc, glue, statements = set(), set(), set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef)) and body and \
                isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            doc.update(range(body[0].lineno, body[0].end_lineno + 1))
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            glue.update(range(node.lineno, node.end_lineno + 1))
        if isinstance(node, ast.FunctionDef):
            for d in node.decorator_list:
                text = [k.value for k in getattr(d, "keywords", ()) if k.arg == "statement"]
                if text:
                    glue.update(range(d.lineno, max(text[0].lineno, d.lineno + 1)))
                    statements.update(range(text[0].lineno, d.end_lineno + 1))
                else:
                    glue.update(range(d.lineno, d.end_lineno + 1))
    out = {"mathematics": 0, "statements": 0, "docs": 0, "glue": 0}
    for i, line in enumerate(src, 1):
        if not line.strip():
            continue
        if i in doc or line.strip().startswith("#"):
            out["docs"] += 1
        elif i in glue or path.name == "__init__.py":
            out["glue"] += 1
        elif i in statements:
            out["statements"] += 1
        else:
            out["mathematics"] += 1
    return out


def test_readme_counts_are_the_files_own():
    readme = (EXAMPLE / "README.md").read_text(encoding="utf-8")
    counts = {p.name: _classify(p) for p in sorted((EXAMPLE / "glasser_expressive").glob("*.py"))}
    for name, c in counts.items():
        row = f"| `{name}` | {sum(c.values())} | {c['mathematics']} | {c['glue']} |"
        assert row in readme, (row, c)
    n = sum(sum(c.values()) for c in counts.values())
    glue = sum(c["glue"] for c in counts.values())
    math_ = sum(c["mathematics"] for c in counts.values())
    assert f"| total | {n} | {math_} | {glue} |" in readme
    assert glue <= 0.2 * n                              # the target: glue at most 20 %
