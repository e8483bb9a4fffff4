"""The figure registry: the data first (saved as JSON), then the matplotlib plot drawn from
that JSON.

A :class:`Figure` is a name, a title, ``data(fast, seed) -> dict`` (the numbers, computed)
and ``plot(data) -> matplotlib.figure.Figure`` (drawing only, from the saved JSON).
:func:`make_figure` runs both: it serialises ``<out>/<name>.json`` (seed, fast flag, sizes,
versions of tnverify/numpy/torch/matplotlib and the numbers), draws ``<out>/<name>.png``
from that JSON text read back with the Agg backend (no display, no pyplot state), and
replaces the two files together (:func:`tnverify.files.write_together`: both temporary
files first, then both moves), so an interrupt or a full disk never leaves new data beside
an old picture, nor a partial file.

The figures themselves live beside their computations (:mod:`tnverify.figures.ngram`,
:mod:`tnverify.figures.born` and the modules of :data:`FIGURE_MODULES`), which register
themselves when imported; :mod:`tnverify.figures` re-exports all of it.
"""

from __future__ import annotations

import json
import platform
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any
from collections.abc import Callable

import numpy as np

from ..errors import TnverifyError, UsageError
from ..validation import as_flag, as_mapping, as_seed

__all__ = ["Figure", "FIGURES", "make_figure", "draw_figure", "figure_names",
           "FIGURE_MODULES", "register_figure"]


@dataclass(frozen=True)
class Figure:
    """One registered figure.

    Parameters
    ----------
    name : str
        Stable kebab-case name (the CLI argument and the file stem).
    title : str
        One-line title.
    data : callable ``(fast: bool, seed: int, **options) -> dict``
        Computes the figure's numbers (JSON-serialisable).
    plot : callable ``(data: dict) -> matplotlib.figure.Figure``
        Draws the figure from the data as read back from JSON.
    options : tuple of str
        Names of the keyword options ``data`` accepts beyond ``fast`` and ``seed`` (e.g.
        ``"samples"``, ``"device"``, ``"workers"``, ``"scheduler"``); the CLI passes each
        figure only the options it names here.
    """

    name: str
    title: str
    data: Callable[..., dict]
    plot: Callable[[dict], Any]             # a matplotlib Figure
    options: tuple[str, ...] = ()


FIGURES: dict[str, Figure] = {}

#: Modules that register further figures when imported (kept out of this module so that
#: each family of figures lives beside its own computations).
FIGURE_MODULES: tuple[str, ...] = ("tnverify.figures.gtm", "tnverify.figures.lru")
#: The figures :mod:`tnverify.figures` registers on import (loaded here too, so that the
#: registry alone knows every figure).
_BUILT_IN_MODULES: tuple[str, ...] = ("tnverify.figures.ngram", "tnverify.figures.born")


def load_figure_modules() -> None:
    import importlib

    for module in _BUILT_IN_MODULES + FIGURE_MODULES:
        importlib.import_module(module)


def register_figure(fig: Figure) -> Figure:
    """Add ``fig`` to :data:`FIGURES` (names are unique)."""
    if fig.name in FIGURES:
        raise TnverifyError(f"figure {fig.name!r} is registered twice")
    FIGURES[fig.name] = fig
    return fig


def figure_names() -> list[str]:
    """The registered figure names, sorted."""
    load_figure_modules()
    return sorted(FIGURES)


def _version(package: str) -> str | None:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return None


def package_versions() -> dict:
    from .. import __version__

    return {"tnverify": __version__, "python": platform.python_version(),
            "numpy": np.__version__, "torch": _version("torch"),
            "matplotlib": _version("matplotlib")}


def plain_json(x):
    """numpy scalars/arrays and tuples to JSON types."""
    if isinstance(x, dict):
        return {str(k): plain_json(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [plain_json(v) for v in x]
    if isinstance(x, np.ndarray):
        return plain_json(x.tolist())
    if isinstance(x, np.integer):
        return int(x)
    if isinstance(x, np.floating):
        return float(x)
    return x


def get_figure(name: str) -> Figure:
    load_figure_modules()
    if not isinstance(name, str) or name not in FIGURES:
        raise UsageError(f"unknown figure {name!r}; known figures: {', '.join(figure_names())}")
    return FIGURES[name]


def draw_figure(json_path, png_path=None) -> Path:
    """Draw the PNG of a figure from its saved JSON (the figure is named in the JSON).

    Returns the PNG path (default: the JSON path with suffix ``.png``), written atomically
    (:mod:`tnverify.files`).
    """
    from ..files import write_bytes

    json_path = Path(json_path)
    with open(json_path, encoding="utf-8") as fh:
        record = json.load(fh)
    png_path = json_path.with_suffix(".png") if png_path is None else Path(png_path)
    return write_bytes(png_path, _png_bytes(record))


def _png_bytes(record: dict) -> bytes:
    """The PNG of a figure record (as read back from its JSON)."""
    import io

    fig = get_figure(record["figure"])
    buffer = io.BytesIO()
    fig.plot(record).savefig(buffer, dpi=120, format="png")
    return buffer.getvalue()


def make_figure(name: str, out_dir, *, fast: bool = False, seed: int = 0,
                options: dict | None = None) -> tuple[Path, Path]:
    """Compute the data of figure ``name``, save it as JSON, then draw the PNG from the JSON.

    ``options`` (e.g. ``{"samples": 50, "workers": 2}``) are passed to the figure's data
    function and recorded in the JSON; each must be one the figure names in
    :attr:`Figure.options`.

    Returns ``(json_path, png_path)`` = ``(out_dir/name.json, out_dir/name.png)``.

    Raises
    ------
    UsageError
        Unknown figure name, an option the figure does not take, or ``out_dir`` exists and
        is not a directory.
    """
    fig = get_figure(name)
    fast, seed = as_flag(fast, "fast"), as_seed(seed)
    options = as_mapping(options, "options")
    foreign = sorted(set(options) - set(fig.options))
    if foreign:
        takes = ", ".join(fig.options) or "none"
        raise UsageError(f"figure {name!r} does not take option(s) {', '.join(foreign)} "
                         f"(it takes: {takes})")
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise UsageError(f"seed must be a non-negative integer; got {seed!r}")
    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise UsageError(f"output path {str(out)!r} exists and is not a directory")
    out.mkdir(parents=True, exist_ok=True)
    record = {"figure": fig.name, "title": fig.title, "seed": int(seed), "fast": bool(fast),
              "versions": package_versions(), "platform": platform.platform(),
              "options": plain_json(options),
              "data": plain_json(fig.data(bool(fast), int(seed), **options))}
    json_path, png_path = out / f"{fig.name}.json", out / f"{fig.name}.png"
    text = json.dumps(record, indent=1, ensure_ascii=False, allow_nan=False) + "\n"
    png = _png_bytes(json.loads(text))      # drawn from the JSON exactly as it is saved
    from ..files import write_together

    # both temporary files first, then both moves (Ctrl-C held back between them): the
    # JSON and the PNG at the paths always come from the same run
    write_together({json_path: text.encode("utf-8"), png_path: png})
    return json_path, png_path


def new_figure(ncols: int, width: float = 5.0, height: float = 4.2):
    """A matplotlib Figure with Agg canvas (no pyplot, no display)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure as MplFigure

    mfig = MplFigure(figsize=(width * ncols, height), layout="constrained")
    FigureCanvasAgg(mfig)
    return mfig, [mfig.add_subplot(1, ncols, i + 1) for i in range(ncols)]
