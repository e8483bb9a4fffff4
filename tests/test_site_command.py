"""``tnverify site --plugin P --out DIR``: the site of a plugin's claims,
built offline with the same generators as tnverify's own site, for the example plugin
``examples/rank_rnn`` installed as a user would install it."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tnverify.errors import MissingDependencyError, UsageError

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "rank_rnn"
DOCS = ("sphinx", "myst_parser", "pydata_sphinx_theme", "sphinx-mathjax-offline")
_missing = [m for m in DOCS if importlib.util.find_spec(m) is None]
needs_docs = [
    pytest.mark.skipif(
        bool(_missing),
        reason="the docs extra is not installed (missing "
        f"{', '.join(_missing)}): pip install -e '.[docs]'",
    ),
    pytest.mark.skipif(
        shutil.which("dot") is None,
        reason="Graphviz's dot is not installed (apt-get install graphviz)",
    ),
]


@pytest.fixture(scope="module")
def plugin_site(tmp_path_factory):
    """The example installed with pip (as tests/test_user_claims.py does), then its site
    built by the command line in a fresh process."""
    target = tmp_path_factory.mktemp("pkg")
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
    )
    if proc.returncode != 0:
        pytest.fail(f"pip could not install the example package:\n{proc.stderr[-2000:]}")
    out = tmp_path_factory.mktemp("site") / "out"
    env = dict(
        os.environ, PYTHONPATH=os.pathsep.join([str(target), str(ROOT)]), OPENBLAS_NUM_THREADS="1"
    )
    done = subprocess.run(
        [sys.executable, "-m", "tnverify", "site", "--plugin", "rank_rnn", "--out", str(out)],
        capture_output=True,
        text=True,
        env=env,
        cwd=target,
    )
    return done, out


@needs_docs[0]
@needs_docs[1]
def test_the_site_builds_with_one_command(plugin_site):
    done, out = plugin_site
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert done.stdout.strip() == f"wrote {out / 'index.html'}"
    assert "WARNING" not in done.stderr, done.stderr[-3000:]
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "Claims of rank_rnn" in index


def _page(out, path):
    return (out / path).read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "claim_id, verdict", [("rank-rnn-tt-core", "holds"), ("rank-rnn-reversal", "fails")]
)
def test_a_page_per_claim_with_the_verdict_of_the_run(plugin_site, claim_id, verdict):
    done, out = plugin_site
    if done.returncode != 0:
        pytest.skip("the site did not build (see the test above)")
    text = _page(out, f"generated/claims/{claim_id}.html")
    assert re.search(r'class="tnv-claim" data-verdict="([a-z-]+)"', text).group(1) == verdict
    assert "Reproduce:" in text and "tnverify verify --plugin rank_rnn" in text
    if claim_id == "rank-rnn-tt-core":
        assert "mathjax/tex-chtml.js" in text  # the offline MathJax
        # the statement's formula ⟨𝒜, Φ(X)⟩ goes to MathJax, not into the text
        assert r"\(\langle\mathcal{A}, \Phi(X)\rangle\)" in text


def test_paper_index_graph_and_errata_pages(plugin_site):
    done, out = plugin_site
    if done.returncode != 0:
        pytest.skip("the site did not build (see the test above)")
    papers = _page(out, "generated/papers/rank_rnn.html")
    assert "rank-rnn-tt-core" in papers and "rank-rnn-reversal" in papers
    graph = _page(out, "generated/graph/rank_rnn.html")
    assert "<svg" in graph
    assert set(re.findall(r'href="\.\./claims/([\w\-]+)\.html"', graph)) >= {
        "rank-rnn-tt-core",
        "rank-rnn-reversal",
    }
    assert (out / "generated" / "errata" / "index.html").is_file()
    for path in out.rglob("*.html"):
        if "_static" in path.parts:
            continue
        loads = re.findall(
            r'<(?:script|img|link)[^>]+(?:src|href)="(https?://[^"]+)"',
            path.read_text(encoding="utf-8"),
        )
        assert not [u for u in loads if "canonical" not in u], (path, loads)


def test_without_sphinx_a_missing_dependency_error(monkeypatch, tmp_path):
    from tnverify.report.site import build_site

    monkeypatch.setitem(sys.modules, "sphinx", None)
    with pytest.raises(MissingDependencyError, match=r"needs sphinx.*pip install -e '\.\[docs\]'"):
        build_site(["rank_rnn"], tmp_path / "out")


def test_bad_arguments_are_refused(tmp_path):
    from tnverify.cli import main
    from tnverify.report.site import build_site

    with pytest.raises(UsageError, match="list of plugin names"):
        build_site("rank_rnn", tmp_path)
    afile = tmp_path / "f"
    afile.write_text("x")
    with pytest.raises(UsageError, match="is a file"):
        build_site(["rank_rnn"], afile)
    assert main(["site", "--out", str(tmp_path)]) == 2  # --plugin is required
