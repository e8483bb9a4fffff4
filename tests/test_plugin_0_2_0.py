"""A plugin written against tnverify 0.2.0 runs unchanged: its
``group=``, ``source=``, ``refs=`` of a built-in paper, ``tnverify.check``, the 0.2.0
path ``tnverify.claims.compare.compare_ints`` and its ``("what", got, want, "<=")``
call, the ``tnverify_compare`` fixture and ``--group`` all work, through ``pytest`` and
``tnverify verify --plugin FILE``, with DeprecationWarnings as the only warnings (every
other warning is an error in both runs)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Only the API of tnverify 0.2.0 (commit c4ede1c): claim(id, statement, *, source, refs,
#: expected, group, ...), compare_ints(compared, got, want, relation).
PLUGIN = '''
"""A plugin written against tnverify 0.2.0."""

import numpy as np
import tnverify
from hypothesis import given, settings, strategies as st
from tnverify.claims import Ref
from tnverify.claims.compare import compare_ints
from tnverify.testing.strategies import seeds


@tnverify.claim("old-product-rank", "An (m x r)(r x n) product has rank at most r.",
                source="linear algebra", refs=(Ref("ttlm", "§4.1"), "my notes §2"),
                group="old-plugin")
@settings(max_examples=10, deadline=None)
@given(r=st.integers(1, 3), seed=seeds())
def test_product_rank(r, seed):
    rng = np.random.default_rng(seed)
    M = rng.integers(-2, 3, size=(4, r)) @ rng.integers(-2, 3, size=(r, 4))
    tnverify.check(compare_ints("rank vs r", [int(np.linalg.matrix_rank(M))], [r], "<="))


@tnverify.claim("old-sum", "2 + 2 = 5.", source="a tempting slip", expected="fails",
                group="old-plugin")
def test_sum():
    tnverify.check(tnverify.compare_ints("2 + 2 vs 5", [2 + 2], [5]))


@tnverify.claim("old-float", "1 + 1 = 2 in floating point.", source="my notes §3",
                group="old-plugin")
def test_float(tnverify_compare):
    tnverify.check(tnverify_compare("1 + 1 vs 2", np.array([1.0 + 1.0]), np.array([2.0]),
                                    n=1, scale=2.0))
'''

VERDICTS = {"old-product-rank": "holds", "old-sum": "fails", "old-float": "holds"}


def _env():
    return dict(
        os.environ,
        PYTHONPATH=str(ROOT),
        OPENBLAS_NUM_THREADS="1",
        PYTHONWARNINGS="error,always::DeprecationWarning",
    )


def _warnings(text: str) -> list[tuple[str, str, str]]:
    """(file, category, message) of every warning printed in ``text``."""
    return re.findall(r"(\S+):\d+: (\w*Warning): (.*)", text)


def _only_the_plugins_deprecations(text: str, plugin: Path) -> None:
    """Every warning is a DeprecationWarning of a 0.2.0 name the plugin itself uses (none
    comes from tnverify's own code)."""
    found = _warnings(text)
    assert found, text  # the deprecated names do warn
    assert all(cat == "DeprecationWarning" for _, cat, _ in found), found
    assert all(Path(f).name == plugin.name and "group=" in msg for f, _, msg in found), found


def test_a_0_2_0_plugin_runs_unchanged_under_pytest(tmp_path):
    plugin = tmp_path / "test_old_plugin.py"
    plugin.write_text(PLUGIN, encoding="utf-8")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-W",
            "error",
            "-W",
            "always::DeprecationWarning",
            str(plugin),
        ],
        capture_output=True,
        text=True,
        env=_env(),
        cwd=tmp_path,
        check=False,
    )
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out
    assert "3 passed" in out, out
    for cid, verdict in VERDICTS.items():
        assert re.search(rf"{cid}\s+{verdict}\s+\(as expected", out), out
    _only_the_plugins_deprecations(out, plugin)


def test_a_0_2_0_plugin_runs_unchanged_in_tnverify_verify(tmp_path):
    plugin = tmp_path / "test_old_plugin.py"
    plugin.write_text(PLUGIN, encoding="utf-8")
    for extra in ((), ("--group", "old-plugin")):  # only its claims, either way
        report = tmp_path / "r.json"
        proc = subprocess.run(
            [
                sys.executable,
                "-m",
                "tnverify",
                "verify",
                "--plugin",
                str(plugin),
                *extra,
                "--report",
                str(report),
            ],
            capture_output=True,
            text=True,
            env=_env(),
            cwd=tmp_path,
            check=False,
        )
        assert proc.returncode == 0, proc.stdout + proc.stderr
        claims = {c["id"]: c for c in json.loads(report.read_text(encoding="utf-8"))["claims"]}
        assert {k: c["verdict"] for k, c in claims.items()} == VERDICTS
        assert {c["topic"] for c in claims.values()} == {"old-plugin"}
        assert claims["old-product-rank"]["refs"][0]["paper"] == "ttlm"
        _only_the_plugins_deprecations(proc.stderr, plugin)
        if extra:
            assert "--group is deprecated" in proc.stderr
