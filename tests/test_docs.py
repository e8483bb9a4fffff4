"""The README keeps its promises: the two set-up commands, CI runs the test command, and
the claims table matches the registry.  (README code blocks run as doctests via
``--doctest-glob=README.md``.)"""

import re
from pathlib import Path

from tnverify.claims import all_claims

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _commands() -> dict[str, str]:
    """The README's set-up commands: the shell lines under 'Run the verification' and
    'Run the tests'."""
    found = {}
    for key, heading in (("verify", "Run the verification"), ("tests", "Run the tests")):
        section = README.split(f"### {heading}", 1)[1]
        found[key] = re.search(r"```(?:bash|sh)\n(.+?)\n```", section, re.S).group(1).strip()
    return found


def test_readme_has_exactly_two_setup_commands_that_install_and_run():
    cmds = _commands()
    assert "-c constraints.txt" in cmds["verify"] and cmds["verify"].endswith("tnverify verify")
    assert "-c constraints.txt" in cmds["tests"] and "pytest" in cmds["tests"]
    assert "\n" not in cmds["verify"] and "\n" not in cmds["tests"]


def test_ci_runs_the_readme_test_command_verbatim():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert _commands()["tests"] in ci.splitlines()


def test_constraints_pin_the_cpu_torch():
    pins = (ROOT / "constraints.txt").read_text(encoding="utf-8")
    assert re.search(r"^torch==2\.13\.0$", pins, re.M)


def test_claims_table_lists_every_registered_claim_with_its_expected_verdict():
    rows = dict(
        re.findall(r"^\| `([a-z0-9.-]+)` \|.*\| (holds|fails|ill-posed|skipped) \|$", README, re.M)
    )
    for claim in all_claims():
        assert claim.id in rows, f"{claim.id} is missing from the README claims table"
        assert rows[claim.id] == claim.expected, f"README says {claim.id} {rows[claim.id]}"


def test_readme_own_claims_module_runs_under_pytest_and_tnverify_verify(tmp_path):
    """The README's 15-line test module, written out as a file: pytest passes it and
    reports its claim; `tnverify verify --plugin FILE` gives it a holding verdict."""
    import json
    import os
    import subprocess
    import sys

    own = (ROOT / "docs" / "reference" / "own-claims.md").read_text(encoding="utf-8")
    block = own.split("# Your own claims", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    assert len(block.strip().splitlines()) <= 20
    module = tmp_path / "test_my_claims.py"
    module.write_text(block, encoding="utf-8")
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(module)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "my-tt-norm" in run.stdout and "holds" in run.stdout
    report = tmp_path / "r.json"
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "tnverify",
            "verify",
            "--plugin",
            str(module),
            "--topic",
            "test-my-claims",
            "--report",
            str(report),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    (claim,) = json.loads(report.read_text())["claims"]
    assert claim["id"] == "my-tt-norm" and claim["verdict"] == "holds"
    assert claim["package"] == "test_my_claims"


def test_readme_install_text_is_true_off_this_machine():
    """Pip shows progress, the CUDA default and the CPU-only
    variant are stated, and the extras are installed from a clone."""
    cmds = _commands()
    assert " -q " not in cmds["verify"] and " -q " not in cmds["tests"].split("pytest")[0]
    section = README.split("### What the install downloads", 1)[1].split("\n## ", 1)[0]
    assert "CUDA" in section and "https://download.pytorch.org/whl/cpu" in section
    assert "pins the CPU build" not in README
    sources = [README] + [p.read_text(encoding="utf-8") for p in (ROOT / "tnverify").rglob("*.py")]
    assert not any(re.search(r"pip install '?tnverify\[", text) for text in sources)
    assert "pip install -e '.[test]'" in README and "pip install -e '.[dask]'" in README


def test_readme_says_what_plugin_and_scheduler_trust():
    """The reference pages the README links say what --plugin and --scheduler trust."""
    cli = (ROOT / "docs" / "reference" / "cli.md").read_text(encoding="utf-8")
    families = (ROOT / "docs" / "reference" / "families.md").read_text(encoding="utf-8")
    assert "`--plugin` **runs the named code**" in cli
    assert "`--scheduler` trusts the cluster it connects to" in families
    assert "(docs/reference/cli.md): every subcommand and option; what `--plugin`" in README
    for page in ("cli", "library", "families", "own-claims", "verdicts"):
        assert f"(docs/reference/{page}.md)" in README


def test_readme_documents_the_docs_build_as_a_third_command():
    """The site is built by one documented command after installing the docs
    extra; .gitignore keeps its output out of the repository."""
    section = README.split("### Build the documentation site", 1)[1]
    cmd = re.search(r"```(?:bash|sh)\n(.+?)\n```", section, re.S).group(1).strip()
    assert "\n" not in cmd
    assert "-e '.[docs]'" in cmd and "-c constraints.txt" in cmd
    # the doctrees (Sphinx's pickled cache) outside the published html/
    assert cmd.endswith(
        "sphinx-build -W --keep-going -b html -d docs/_build/doctrees docs docs/_build/html"
    )
    assert "docs/_build/" in (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
    assert "apt-get install -y graphviz chromium chromium-driver" in README


def test_readme_generated_sections_match_the_registry():
    """The papers table, the claim counts and the claims table are what
    ``python -m tnverify.report.readme`` gives (``--write README.md`` updates them)."""
    from tnverify.report.readme import SECTIONS, readme_section, update_readme

    for name in SECTIONS:
        assert f"<!-- {name} -->\n{readme_section(name)}<!-- /{name} -->" in README, name
    assert update_readme(README) == README


def _user_docs():
    paths = [
        ROOT / "README.md",
        *sorted((ROOT / "docs" / "reference").glob("*.md")),
        *sorted((ROOT / "examples").glob("*/README.md")),
    ]
    return {p.relative_to(ROOT).as_posix(): p.read_text(encoding="utf-8") for p in paths}


def test_user_docs_recommend_topic_and_name_no_unreleased_version():
    """A new user was told to pass --group (deprecated) and read of "the paper API of
    tnverify 0.3" while the package says 0.2.0 and the changes are unreleased."""
    for name, text in _user_docs().items():
        for line in text.splitlines():
            if "--group" in line:
                assert "0.2.0" in line or "deprecat" in line.lower(), (name, line)
        assert not re.search(r"(tnverify|API|on) 0\.3\b", text), name


def test_cli_doc_describes_paper_selection_as_the_code_does(fake_registry):
    """``--paper KEY``: the id's prefix when it is a paper key, else the first Ref's paper
    (a plugin's ids need not begin with the key); a claim without a Ref judges none."""
    import tnverify
    from tnverify.claims import select_claims
    from tnverify.references import PAPERS

    tnverify.paper("docsel2025", authors=("A. Author",), title="T", year=2025)
    try:

        @tnverify.claim("dsel-thm-1", "s", refs=[tnverify.Ref("docsel2025", "Thm. 1")])
        def test_a():
            pass

        @tnverify.claim("dsel-control", "s", control_of="dsel-thm-1", expected="fails")
        def test_b():
            pass

        assert [c.id for c in select_claims(paper="docsel2025")] == ["dsel-thm-1"]
    finally:
        PAPERS.pop("docsel2025", None)
    cli = _user_docs()["docs/reference/cli.md"]
    assert "judges the paper of its first `Ref`" in cli
    assert "the id's prefix: the counts" not in cli
