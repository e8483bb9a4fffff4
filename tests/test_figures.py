"""Tests of tnverify.figures and ``tnverify figures``: the data in fast mode, the PNG drawn
from the saved JSON, and the CLI."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from tnverify.cli import main
from tnverify.conventions import tolerance
from tnverify.errors import UsageError
from tnverify.figures import NGRAM_EPS, NGRAM_ORDERS, draw_figure, make_figure

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
#: The figures registered by figures.py itself (the FIGURE_MODULES have their own tests).
OWN = ("born-z-scaling", "ngram-tt-ranks")


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """Both figures made once in fast mode: name -> (json_path, png_path, record)."""
    out = tmp_path_factory.mktemp("figs")
    result = {}
    for name in OWN:
        j, p = make_figure(name, out, fast=True, seed=5)
        result[name] = (j, p, json.loads(j.read_text(encoding="utf-8")))
    return result


def test_registry_names_and_record_metadata(made):
    from tnverify.figures import figure_names

    names = figure_names()  # imports the FIGURE_MODULES too
    assert set(OWN) <= set(names) and {"gtm-fig-3", "thesis-fig-6.8"} <= set(names)
    for name, (j, p, rec) in made.items():
        assert j.name == f"{name}.json" and p.name == f"{name}.png"
        assert rec["figure"] == name and rec["seed"] == 5 and rec["fast"] is True
        assert set(rec["versions"]) >= {"tnverify", "numpy", "torch", "matplotlib"}
        assert rec["versions"]["numpy"] == np.__version__
        assert p.read_bytes()[:8] == PNG_MAGIC


def test_ngram_ranks_are_bounded_integers(made):
    d = made["ngram-tt-ranks"][2]["data"]
    assert d["orders"] == list(NGRAM_ORDERS) and d["eps"] == list(NGRAM_EPS)
    assert set(d["corpora"]) == {"tomita", "motzkin"}
    for c in d["corpora"].values():
        V = c["vocab_size"]
        assert V == len(c["vocabulary"]) and c["tokens"] > 0
        for row in c["rows"]:
            n = row["n"]
            maximal = [1] + [min(V**k, V ** (n - k)) for k in range(1, n)] + [1]
            assert row["maximal_ranks"] == maximal
            assert abs(row["sum"] - 1.0) <= float(tolerance(np.float64, n=row["entries"]))
            runs = [row["tt_ranks"]] + [s["ranks"] for s in row["tt_svd"]]
            for ranks in runs:
                assert len(ranks) == n + 1 and ranks[0] == ranks[-1] == 1
                assert all(isinstance(r, int) and 1 <= r <= m for r, m in zip(ranks, maximal))
                # a rank of an unfolding never exceeds the number of non-zero entries
                assert max(ranks) <= row["nonzero"]
            for s in row["tt_svd"]:
                # the Oseledets bound, as recorded: ||T - TT||_F <= eps ||T||_F
                assert s["error"] <= s["bound"]
                assert abs(s["bound"] - s["eps"] * row["norm"]) <= float(
                    tolerance(np.float64, n=1, norm=s["bound"])
                )
            # a looser eps never needs a larger rank
            for a, b in zip(row["tt_svd"], row["tt_svd"][1:]):
                assert all(rb <= ra for ra, rb in zip(a["ranks"], b["ranks"]))


def test_ngram_ranks_match_the_definition_at_n2(made):
    """At n = 2 the TT rank is the matrix rank of the bigram table, recomputed here."""
    from tnverify.definitions.ngram import load_corpus, ngram_tensor

    d = made["ngram-tt-ranks"][2]["data"]
    for name, c in d["corpora"].items():
        seqs, vocab = load_corpus(name)
        T = ngram_tensor(seqs, 2, len(vocab))
        assert c["rows"][0]["tt_ranks"] == [1, int(np.linalg.matrix_rank(T)), 1]


def test_born_times_positive_and_fit_sensible(made):
    d = made["born-z-scaling"][2]["data"]
    assert d["implementation"].startswith("tnverify.cells.born.BornMachine")
    c = d["c_seconds"]
    assert math.isfinite(c) and c > 0
    points = [q for s in d["sweeps"].values() for q in s["points"]]
    assert len(points) == sum(len(s["points"]) for s in d["sweeps"].values()) >= 12
    for q in points:
        assert q["seconds"] > 0 and all(t >= q["seconds"] for t in q["all_seconds"])
        assert math.isfinite(q["log_z"])
        assert q["units"] == q["vocab_size"] * q["length"] * q["rank"] ** 3
    # the fit is the geometric mean of t / (|V| L R^3): residuals straddle the model
    ratios = [q["seconds"] / (c * q["units"]) for q in points]
    assert min(ratios) <= 1.0 <= max(ratios)
    tol = float(tolerance(np.float64, n=4 * len(points), norm=max(ratios)))
    assert abs(d["measured_over_model"]["min"] - min(ratios)) <= tol
    assert abs(math.exp(np.mean(np.log(ratios))) - 1.0) <= tol
    # more work costs more time: the largest R against the smallest (64x the flops)
    r = d["sweeps"]["rank"]["points"]
    assert r[-1]["seconds"] > r[0]["seconds"]
    pred = c * d["target"]["units"]
    assert abs(d["target"]["predicted_seconds_here"] - pred) <= float(
        tolerance(np.float64, n=1, norm=pred)
    )


def test_png_is_drawn_from_the_json(made, tmp_path):
    """Edit the saved JSON; redrawing must follow the file, not recomputed data."""
    j, _, rec = made["ngram-tt-ranks"]
    rec["data"]["corpora"] = {"tomita": rec["data"]["corpora"]["tomita"]}
    rec["data"]["corpora"]["tomita"]["rows"][-1]["tt_ranks"][3] = 1
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(rec), encoding="utf-8")
    png = draw_figure(edited)
    assert png == tmp_path / "edited.png" and png.read_bytes()[:8] == PNG_MAGIC
    from tnverify.figures.ngram import ngram_plot

    fig = ngram_plot(json.loads(edited.read_text(encoding="utf-8")))
    ax_k = fig.axes[1]
    exact = [ln for ln in ax_k.get_lines() if ln.get_label().endswith(": exact (numerical rank)")]
    assert len(exact) == 1 and list(exact[0].get_ydata())[2] == 1


def test_make_figure_rejects_unknown_and_bad_seed(tmp_path):
    with pytest.raises(UsageError, match="unknown figure 'nope'"):
        make_figure("nope", tmp_path)
    with pytest.raises(UsageError, match="seed"):
        make_figure("ngram-tt-ranks", tmp_path, seed=-1)
    f = tmp_path / "file"
    f.write_text("x")
    with pytest.raises(UsageError, match="not a directory"):
        make_figure("ngram-tt-ranks", f)


def test_cli_list_and_unknown(capsys):
    assert main(["figures", "--list"]) == 0
    out = capsys.readouterr().out
    assert "ngram-tt-ranks" in out and "born-z-scaling" in out
    assert main(["figures", "nope", "--out", "/nonexistent-dir"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("tnverify: error: unknown figure(s) nope")


def test_cli_writes_json_and_png(capsys, tmp_path):
    assert main(["figures", "ngram-tt-ranks", "--out", str(tmp_path), "--fast", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "ngram-tt-ranks: data" in out
    rec = json.loads((tmp_path / "ngram-tt-ranks.json").read_text(encoding="utf-8"))
    assert rec["seed"] == 2 and rec["fast"] is True
    assert (tmp_path / "ngram-tt-ranks.png").read_bytes()[:8] == PNG_MAGIC


def test_cli_figures_help_has_examples(capsys):
    assert main(["figures", "--help"]) == 0
    out = capsys.readouterr().out
    assert "examples:" in out and "tnverify figures --list" in out


def test_make_figure_rejects_an_option_the_figure_does_not_take(tmp_path):
    with pytest.raises(UsageError, match="does not take option"):
        make_figure("ngram-tt-ranks", tmp_path, fast=True, options={"samples": 3})


def test_cli_rejects_an_option_no_named_figure_takes(tmp_path):
    assert main(["figures", "ngram-tt-ranks", "--samples", "3", "--out", str(tmp_path)]) == 2


def test_cli_finds_the_figures_of_the_figure_modules(tmp_path, capsys):
    """A figure registered by a FIGURE_MODULES module is known to a fresh CLI call."""
    import subprocess
    import sys

    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "tnverify",
            "figures",
            "thesis-fig-4.7",
            "--fast",
            "--out",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "thesis-fig-4.7.json").exists() and (
        tmp_path / "thesis-fig-4.7.png"
    ).exists()
