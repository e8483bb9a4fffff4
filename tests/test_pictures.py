"""Figures and diagrams judged as pictures: every axis of every figure
is labelled, a CDF stays ≤ 1, integer quantities get integer ticks, log ticks sit where a
reader can use them; in the tutorial's diagrams no frame cuts through a label and no label
sits under the title.

Each figure is drawn twice: from fast-mode data computed here (small options where a
figure takes them) and from the committed full-size JSON in ``figures/`` (what the
committed PNGs show).
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest

from tnverify.figures import FIGURES, figure_names
from tnverify.figures.registry import plain_json

ROOT = Path(__file__).resolve().parents[1]
COMMITTED = ROOT / "figures"
NAMES = figure_names()
#: Figures whose axes count things or index integers (widths, networks, ranks, orders).
INTEGER_AXES = {
    "gtm-fig-3": "xy",
    "gtm-fig-3-xy": "xy",
    "gtm-fig-4": "xy",
    "gtm-fig-5": "xy",
    "ngram-tt-ranks": "xy",
}
#: The smallest settings of the figures that take options, serial (the test looks at the
#: pictures; it measures nothing).
SMALL = {"samples": 3, "workers": 1}


@pytest.fixture(scope="module")
def fast_records():
    """Every figure's fast-mode record as the plot reads it back from JSON (the data only:
    make_figure would also draw a PNG that these tests do not look at)."""
    records = {}
    for name in NAMES:
        fig = FIGURES[name]
        opts = {k: v for k, v in SMALL.items() if k in fig.options}
        record = {"figure": name, "fast": True, "data": plain_json(fig.data(True, 3, **opts))}
        records[name] = json.loads(json.dumps(record, allow_nan=False))
    return records


def _committed(name: str) -> dict:
    return json.loads((COMMITTED / f"{name}.json").read_text(encoding="utf-8"))


def _drawn(record: dict):
    fig = FIGURES[record["figure"]].plot(record)
    fig.canvas.draw()
    return fig


_DRAWN: dict = {}


@pytest.fixture(params=["fast", "committed"])
def drawn(request, fast_records):
    """name -> drawn matplotlib Figure, for one data source (each drawn once: the tests
    only look at it)."""

    def get(name):
        key = (request.param, name)
        if key not in _DRAWN:
            _DRAWN[key] = _drawn(
                fast_records[name] if request.param == "fast" else _committed(name)
            )
        return _DRAWN[key]

    return get


def _visible_ticks(axis, lo, hi) -> list[float]:
    lo, hi = min(lo, hi), max(lo, hi)
    return [float(t) for t in axis.get_majorticklocs() if lo <= t <= hi]


def test_every_figure_has_committed_full_size_data():
    for name in NAMES:
        record = _committed(name)
        assert record["figure"] == name and record["fast"] is False


@pytest.mark.parametrize("name", NAMES)
def test_every_axis_of_every_figure_is_labelled(name, drawn):
    fig = drawn(name)
    assert fig.axes
    for k, ax in enumerate(fig.axes):
        assert ax.get_xlabel().strip(), f"{name}: panel {k} has no x label"
        assert ax.get_ylabel().strip(), f"{name}: panel {k} has no y label"
        assert ax.get_title().strip() or fig.get_suptitle().strip()


@pytest.mark.parametrize("name", NAMES)
def test_a_cdf_stays_at_most_one(name, drawn):
    fig = drawn(name)
    cdfs = [ax for ax in fig.axes if "CDF" in ax.get_ylabel()]
    if name == "thesis-fig-4.7":
        assert len(cdfs) == 1  # the radial CDF panel says what it is
    for ax in cdfs:
        for line in ax.get_lines():
            y = np.asarray(line.get_ydata(), dtype=float)
            assert np.nanmax(y) <= 1.0 and np.nanmin(y) >= 0.0, line.get_label()


@pytest.mark.parametrize("name", sorted(INTEGER_AXES))
def test_integer_axes_get_integer_ticks(name, drawn):
    fig = drawn(name)
    for ax in fig.axes:
        for which in INTEGER_AXES[name]:
            axis = ax.xaxis if which == "x" else ax.yaxis
            lim = ax.get_xlim() if which == "x" else ax.get_ylim()
            ticks = _visible_ticks(axis, *lim)
            assert len(ticks) >= 2, (name, which, ticks)
            assert all(t == round(t) for t in ticks), (name, which, ticks)


def test_rank_ticks_are_the_plotted_ranks_and_maximal_is_not_hidden(drawn):
    fig = drawn("ngram-tt-ranks")
    for ax in fig.axes:
        plotted = {float(v) for line in ax.get_lines() for v in line.get_ydata()}
        assert plotted <= set(_visible_ticks(ax.yaxis, *ax.get_ylim()))
        lines = {line.get_label(): line for line in ax.get_lines()}
        for label, line in lines.items():
            if label.endswith("exact (numerical rank)"):
                maximal = next(
                    m
                    for lab, m in lines.items()
                    if lab.startswith(label.split(":")[0]) and "maximal" in lab
                )
                # where the ranks are full the two coincide: the maximal band is wider
                # than the exact line and drawn beneath it, so both show
                assert maximal.get_linewidth() >= 3 * line.get_linewidth()
                assert maximal.get_zorder() < line.get_zorder()


def test_decay_ticks_are_evenly_spaced_round_decades(drawn):
    fig = drawn("thesis-decay")
    for ax in fig.axes:
        exps = [math.log10(t) for t in _visible_ticks(ax.yaxis, *ax.get_ylim())]
        assert 3 <= len(exps) <= 8, exps
        assert all(abs(e - round(e)) < 1e-9 for e in exps)
        steps = {round(b - a) for a, b in zip(exps, exps[1:])}
        assert len(steps) == 1 and steps <= {1, 2, 5, 10, 20, 25, 50, 100}, exps
        step = steps.pop()
        assert all(round(e) % step == 0 for e in exps), exps  # 10^0 is a tick's place


def test_rank_histograms_say_lower_bound_only_where_certified(drawn):
    for name in ("gtm-fig-3", "gtm-fig-4", "gtm-fig-5", "gtm-fig-3-xy"):
        for ax in drawn(name).axes:
            estimate = "estimate" in ax.get_title()
            assert ("lower bound" in ax.get_xlabel()) != estimate, (
                name,
                ax.get_title(),
                ax.get_xlabel(),
            )


def test_products_figure_explains_the_complex_readings(drawn):
    fig = drawn("thesis-fig-6.8")
    legend = fig.legends[0]
    text = " ".join([legend.get_title().get_text()] + [t.get_text() for t in legend.texts])
    assert "complex (a)" in text and "complex (b)" in text
    assert "parts N(0, 1)" in text and "parts N(0, ½)" in text


# -- diagrams ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def diagram_figures():
    """(file name, drawn Figure) of every image of the tutorial."""
    from tnverify.teaching.diagrams import TUTORIAL_DIAGRAMS

    out = []
    for name, make in TUTORIAL_DIAGRAMS.items():
        fig = make()
        fig.canvas.draw()
        out.append((name, fig))
    return out


def _frames(ax):
    from matplotlib.patches import Rectangle

    return [p for p in ax.patches if isinstance(p, Rectangle) and p.get_linestyle() == "--"]


def _crosses(frame_box, text_box) -> bool:
    """Does an edge of the (axis-aligned) frame pass through the text's box?"""
    t = text_box.expanded(0.98, 0.9)
    f = frame_box
    hits_h = any(t.y0 < y < t.y1 and t.x1 > f.x0 and t.x0 < f.x1 for y in (f.y0, f.y1))
    hits_v = any(t.x0 < x < t.x1 and t.y1 > f.y0 and t.y0 < f.y1 for x in (f.x0, f.x1))
    return hits_h or hits_v


def test_no_frame_cuts_a_label_and_no_label_sits_under_the_title(diagram_figures):
    seen_frames = 0
    for name, fig in diagram_figures:
        renderer = fig.canvas.get_renderer()
        for ax in fig.axes:
            texts = [t for t in ax.texts if t.get_text().strip()]
            boxes = [(t.get_text(), t.get_window_extent(renderer)) for t in texts]
            for frame in _frames(ax):
                seen_frames += 1
                fb = frame.get_window_extent(renderer)
                cut = [s for s, b in boxes if _crosses(fb, b)]
                assert cut == [], f"{name}: a frame cuts through {cut}"
            if ax.get_title():
                title = ax.title.get_window_extent(renderer)
                under = [s for s, b in boxes if b.overlaps(title)]
                assert under == [], f"{name}: {under} overlap the title"
    assert seen_frames >= 4  # Φ(X)'s frame, the transfer matrices, the grid steps


def test_every_diagram_names_itself_and_labels_every_node_and_open_leg(diagram_figures):
    from tnverify.teaching import diagrams as dg

    networks = [
        dg.feature_tensor_network(3),
        dg.feature_tensor_network(3, inner=True),
        dg.tensor_train_network((1, 2, 3, 2, 1)),
        dg.tensor_train_network(4, features=True),
        dg.born_z_network(4),
        dg.grid_recursion_network(3),
    ]
    networks += [dg.cell_core_network(f) for f in dg.FAMILIES]
    for net in networks:
        assert net.title.strip()
        assert all((n.label or n.name).strip() for n in net.nodes)
        assert all(str(net.leg_labels.get(leg, leg)).strip() for leg in net.open_legs)
    for name, fig in diagram_figures:
        assert all(ax.get_title().strip() for ax in fig.axes), name
