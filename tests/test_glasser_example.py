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
CLAIMS = {
    "glasser-hmm-nonneg-tt",
    "glasser-tt-le-nonneg-tt",
    "glasser-tt-nonneg-gap",
    "glasser-born-real-complex",
    "glasser-nonneg-generic-rank",
}


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    target = tmp_path_factory.mktemp("site")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--target",
            str(target),
            str(EXAMPLE),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode != 0:
        pytest.fail(f"pip could not install the example package:\n{proc.stderr[-2000:]}")
    env = dict(
        os.environ, PYTHONPATH=os.pathsep.join([str(target), str(ROOT)]), OPENBLAS_NUM_THREADS="1"
    )
    return target, env


def _tnverify(env, cwd, *args):
    proc = subprocess.run(
        [sys.executable, "-m", "tnverify", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout


@pytest.fixture(scope="module")
def verify_json(installed, tmp_path_factory):
    """The claims of ``tnverify verify --plugin glasser_expressive`` (only the plugin's
    claims: no ``--topic`` needed), from its JSON report."""
    _, env = installed
    report = tmp_path_factory.mktemp("verify") / "r.json"
    _tnverify(
        env, report.parent, "verify", "--plugin", "glasser_expressive", "--report", str(report)
    )
    return {c["id"]: c for c in json.loads(report.read_text(encoding="utf-8"))["claims"]}


def test_example_runs_in_tnverify_verify_through_its_entry_point(verify_json):
    claims = verify_json
    assert set(claims) == CLAIMS
    assert all(
        c["verdict"] == "holds" and c["package"] == "glasser_expressive" for c in claims.values()
    )
    assert {c["id"]: c["topic"] for c in claims.values()}[
        "glasser-born-real-complex"
    ] == "glasser-born"
    parts = claims["glasser-nonneg-generic-rank"]["small"]["cases"][0]["parts"]
    assert len(parts) == 3  # one check per unfolding
    for part in parts.values():
        generic = part["details"]
        # the certified witness reaches the bound; the draws below it are reported as the
        # measure-zero exceptional set, not as counterexamples
        assert generic["generic rank >="] == generic["bound"]
        assert generic["ranks per draw"][generic["witness draw"]] == generic["bound"]
        assert (
            generic["draws in the exceptional set"]
            == sum(r < generic["bound"] for r in generic["ranks per draw"])
            > 0
        )


def test_paper_and_topic_select_the_plugins_claims(installed, tmp_path):
    _, env = installed
    for args, want in (
        (("--paper", "glasser2019"), CLAIMS),
        (("--topic", "glasser-born"), {"glasser-born-real-complex"}),
    ):
        report = tmp_path / f"{args[1]}.json"
        _tnverify(
            env,
            tmp_path,
            "verify",
            "--plugin",
            "glasser_expressive",
            *args,
            "--report",
            str(report),
        )
        claims = json.loads(report.read_text(encoding="utf-8"))["claims"]
        assert {c["id"] for c in claims} == want, args
        assert all(c["verdict"] == "holds" for c in claims)


def test_errata_sheet_of_the_plugins_paper(installed, tmp_path):
    _, env = installed
    sheet = json.loads(
        _tnverify(
            env,
            tmp_path,
            "errata",
            "--plugin",
            "glasser_expressive",
            "--paper",
            "glasser2019",
            "--format",
            "json",
        )
    )
    assert sheet["paper"]["key"] == "glasser2019"
    assert sheet["paper"]["authors"][0] == "Ivan Glasser" and len(sheet["paper"]["authors"]) == 5
    assert "only its abstract was read" in sheet["paper"]["version"]
    assert sheet["errata"] == [] and sheet["mathematical"] == 0  # every claim holds
    md = _tnverify(
        env, tmp_path, "errata", "--plugin", "glasser_expressive", "--paper", "glasser2019"
    )
    assert md.startswith("# Errata: Expressive power of tensor-network factorizations")
    # the sheet names the command that regenerates it, and that command runs as printed
    command = re.search(r"the sheet regenerated \(`([^`]+)`\)", md).group(1)
    assert "--plugin glasser_expressive" in command
    assert _tnverify(env, tmp_path, *command.split()[1:]) == md


def _html_text(path: Path) -> str:
    import html

    text = re.sub(r"<script.*?</script>", " ", path.read_text(encoding="utf-8"), flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", text)).split())


def _computed(claims: dict):
    """(claim id, name, value) of every number the claims computed: each ``details`` entry
    of every case and every ``check()`` part (integers, lists of integers, statements)."""
    for cid, c in claims.items():
        for case in c["small"]["cases"]:
            for ev in [case, *(case.get("parts") or {}).values()]:
                for key, value in (ev.get("details") or {}).items():
                    if isinstance(value, (int, str)) or (
                        isinstance(value, list) and all(isinstance(v, int) for v in value)
                    ):
                        yield cid, key, value


def test_every_computed_number_is_in_the_html_reports_of_both_runners(
    installed, verify_json, tmp_path
):
    target, env = installed
    report = tmp_path / "verify.html"
    _tnverify(env, tmp_path, "verify", "--plugin", "glasser_expressive", "--report", str(report))
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            str(target / "glasser_expressive" / "claims.py"),
            "--tnverify-report",
            str(tmp_path / "pytest.html"),
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    computed = list(_computed(verify_json))
    names = {k for _, k, _ in computed}
    assert {
        "ranks per draw",
        "generic rank >=",
        "bound",
        "draws in the exceptional set",
        "got",
        "want",
        "statement",
    } <= names
    for name in ("verify.html", "pytest.html"):
        text = _html_text(tmp_path / name)
        # a row of a "Computed values" table: the name, its gloss in parentheses (which
        # may hold "()"), the value
        missing = [
            (cid, k, v)
            for cid, k, v in computed
            if not re.search(
                re.escape(k) + r"(?: \((?:[^()]|\(\))*\))? " + re.escape(" ".join(str(v).split())),
                text,
            )
        ]
        assert not missing, (name, missing[:5])


def test_example_claims_run_as_pytest_tests(installed, tmp_path):
    target, env = installed
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            str(target / "glasser_expressive" / "claims.py"),
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    for cid in CLAIMS:
        assert re.search(rf"{cid}\s+holds", proc.stdout), proc.stdout


#: tnverify calls whose every line is glue: the paper's declaration and its citation (and,
#: counted strictly, every ``tnverify.check(...)`` around a comparison).
GLUE_CALLS = {"paper", "Ref"}


def _classify(path: Path, *, strict: bool = False) -> dict:
    """Non-blank lines of one file by the README's rule: docs (docstrings, comment lines),
    glue (imports, decorator lines up to the one opening ``statement=(``, every line of a
    ``tnverify.paper``/``tnverify.Ref`` call, all of ``__init__.py`` outside its
    docstring; ``strict``: also every line of a ``tnverify.check(...)``), statements (the
    ``statement=`` text), the rest mathematics."""
    src = path.read_text(encoding="utf-8").splitlines()
    tree = ast.parse("\n".join(src))
    calls = GLUE_CALLS | ({"check"} if strict else set())
    doc, glue, statements = set(), set(), set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (
            isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef))
            and body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)
        ):
            doc.update(range(body[0].lineno, body[0].end_lineno + 1))
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            glue.update(range(node.lineno, node.end_lineno + 1))
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "tnverify"
            and node.func.attr in calls
        ):
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
    statements = sum(c["statements"] for c in counts.values())
    docs = sum(c["docs"] for c in counts.values())
    code = n - statements - docs
    assert (
        f"Glue: {glue} of {n} non-blank lines ({round(100 * glue / n)} %; statements "
        f"{statements}, docs {docs}); of the {code} lines of code"
    ) in readme
    assert f"it is {round(100 * glue / code)} %" in readme
    strict = sum(
        _classify(p, strict=True)["glue"]
        for p in sorted((EXAMPLE / "glasser_expressive").glob("*.py"))
    )
    assert f"it would be {strict} ({round(100 * strict / n)} %)" in readme
    assert glue <= 0.2 * n  # the target: glue at most 20 %


def test_every_computed_number_is_on_the_examples_site_pages(installed, verify_json, tmp_path):
    """The example's site (``tnverify site --plugin glasser_expressive``): a page per claim
    with every number its claims computed, as the HTML reports have them."""
    import shutil

    pytest.importorskip("sphinx")
    if shutil.which("dot") is None:
        pytest.skip("Graphviz's dot is not installed (the site's claim graph needs it)")
    _, env = installed
    out = tmp_path / "site"
    _tnverify(env, tmp_path, "site", "--plugin", "glasser_expressive", "--out", str(out))
    pages = {p.stem: _html_text(p) for p in (out / "generated" / "claims").glob("*.html")}
    assert set(pages) == set(verify_json)
    missing = [
        (cid, k, v)
        for cid, k, v in _computed(verify_json)
        if not re.search(
            re.escape(k) + r"(?: \((?:[^()]|\(\))*\))? " + re.escape(" ".join(str(v).split())),
            pages[cid],
        )
    ]
    assert not missing, missing[:5]
