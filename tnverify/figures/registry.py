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
from collections.abc import Callable
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import DTypeError, TnverifyError, UsageError
from ..validation import (
    as_callable,
    as_device,
    as_flag,
    as_int,
    as_mapping,
    as_path,
    as_seed,
    as_text,
    show_value,
)

__all__ = [
    "Figure",
    "FIGURES",
    "make_figure",
    "draw_figure",
    "figure_names",
    "FIGURE_MODULES",
    "register_figure",
    "read_figure_record",
    "check_figure_options",
    "MAX_SAMPLES",
]


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
    plot: Callable[[dict], Any]  # a matplotlib Figure
    options: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        as_text(self.name, "Figure.name")
        if not self.name:
            raise UsageError("Figure.name must not be empty (it names the files)")
        as_text(self.title, "Figure.title")
        as_callable(self.data, "Figure.data")
        as_callable(self.plot, "Figure.plot")
        if not isinstance(self.options, tuple) or not all(isinstance(o, str) for o in self.options):
            raise DTypeError(
                f"Figure.options must be a tuple of option names (str); got "
                f"{show_value(self.options)}"
            )


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
    if not isinstance(fig, Figure):
        raise DTypeError(f"register_figure takes a Figure; got {show_value(fig)}")
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

    return {
        "tnverify": __version__,
        "python": platform.python_version(),
        "numpy": np.__version__,
        "torch": _version("torch"),
        "matplotlib": _version("matplotlib"),
    }


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


#: The keys every figure JSON written by :func:`make_figure` has, with their types.
RECORD_KEYS = {"figure": str, "seed": int, "fast": bool, "options": dict, "data": dict}


def read_figure_record(json_path) -> dict:
    """The record of a figure JSON, checked: valid JSON, an object with ``figure`` (a
    registered name), ``seed``, ``fast``, ``options`` and ``data`` of their types.

    Raises
    ------
    UsageError
        The file is missing, unreadable, not JSON or not a figure record; the message
        names the file.
    """
    path = as_path(json_path, "json_path")
    try:
        with open(path, encoding="utf-8") as fh:
            record = json.load(fh)
    except FileNotFoundError:
        raise UsageError(f"figure JSON {str(path)!r} does not exist") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"cannot read figure JSON {str(path)!r}: {exc}") from None
    except json.JSONDecodeError as exc:
        raise UsageError(
            f"{str(path)!r} is not valid JSON (line {exc.lineno}, column "
            f"{exc.colno}: {exc.msg}); rerun `tnverify figures` to write it "
            f"again"
        ) from None
    if not isinstance(record, dict):
        raise UsageError(
            f"{str(path)!r} is not a figure record (a JSON object); got a "
            f"JSON {type(record).__name__}"
        )
    for key, kind in RECORD_KEYS.items():
        if key not in record:
            raise UsageError(f"{str(path)!r} is not a figure record: it has no {key!r} key")
        val = record[key]
        if not isinstance(val, kind) or (kind is int and isinstance(val, bool)):
            raise UsageError(
                f"{str(path)!r}: {key!r} must be a JSON {kind.__name__}; got {show_value(val)}"
            )
    load_figure_modules()
    if record["figure"] not in FIGURES:
        raise UsageError(
            f"{str(path)!r} names the unknown figure {record['figure']!r}; "
            f"known figures: {', '.join(figure_names())}"
        )
    return record


def draw_figure(json_path, png_path=None) -> Path:
    """Draw the PNG of a figure from its saved JSON (the figure is named in the JSON).

    Returns the PNG path (default: the JSON path with suffix ``.png``), written atomically
    (:mod:`tnverify.files`).

    Raises
    ------
    UsageError
        The JSON is missing, not JSON, not a figure record
        (:func:`read_figure_record`), or its data lack what the figure draws; each
        message names the file.
    DTypeError
        ``json_path`` or ``png_path`` is not a path (str or os.PathLike).
    """
    from ..files import write_bytes

    json_path = as_path(json_path, "json_path")
    png_path = json_path.with_suffix(".png") if png_path is None else as_path(png_path, "png_path")
    record = read_figure_record(json_path)
    return write_bytes(png_path, _png_bytes(record, json_path))


def _png_bytes(record: dict, json_path=None) -> bytes:
    """The PNG of a figure record (as read back from its JSON at ``json_path``)."""
    import io

    fig = FIGURES[record["figure"]]
    try:
        mpl_fig = fig.plot(record)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
        if isinstance(exc, TnverifyError):
            raise
        where = "the figure record" if json_path is None else repr(str(json_path))
        raise UsageError(
            f"{where}: its data do not fit figure "
            f"{record['figure']!r} ({type(exc).__name__}: {exc}); rerun "
            f"`tnverify figures {record['figure']}` to write it again"
        ) from None
    buffer = io.BytesIO()
    mpl_fig.savefig(buffer, dpi=120, format="png")
    return buffer.getvalue()


def check_figure_options(options: dict) -> dict:
    """The options of a figure's data, checked by name (the ones :attr:`Figure.options`
    lists): ``samples`` an int in ``[1, MAX_SAMPLES]``, ``workers`` a positive int,
    ``device`` a device form, ``scheduler`` an address string or a cluster, ``weights`` a
    string (the figure checks its choices); ``None`` means the default.  UsageError /
    DTypeError / DeviceError, never a truncation (``samples=2.5``) or a string read as
    a number (``samples="3"``)."""
    out: dict[str, object] = {}
    for key, val in options.items():
        if val is None:
            out[key] = None
        elif key in ("samples", "workers"):
            from .trials import MAX_WORKERS

            out[key] = as_int(
                val,
                key,
                minimum=1,
                maximum=MAX_SAMPLES if key == "samples" else MAX_WORKERS,
                error=UsageError,
            )
        elif key == "device":
            out[key] = as_device(val)
        elif key == "scheduler":
            if not isinstance(val, str) and not hasattr(val, "scheduler_address"):
                raise UsageError(
                    f"scheduler must be a Dask scheduler address (e.g. "
                    f"'tcp://127.0.0.1:8786') or a cluster; got "
                    f"{show_value(val)}"
                )
            out[key] = val
        elif key == "weights":
            out[key] = as_text(val, "weights")
        else:
            out[key] = val
    return out


#: The most samples (networks per R, points of a distribution) a figure draws: the
#: papers' sizes use at most a few thousand; more is a typo that would run for hours.
MAX_SAMPLES = 1_000_000


def make_figure(
    name: str, out_dir, *, fast: bool = False, seed: int = 0, options: dict | None = None
) -> tuple[Path, Path]:
    """Compute the data of figure ``name``, save it as JSON, then draw the PNG from the JSON.

    ``options`` (e.g. ``{"samples": 50, "workers": 2}``) are passed to the figure's data
    function and recorded in the JSON; each must be one the figure names in
    :attr:`Figure.options`.

    Returns ``(json_path, png_path)`` = ``(out_dir/name.json, out_dir/name.png)``.

    Raises
    ------
    UsageError
        Unknown figure name, an option the figure does not take or of the wrong value
        (:func:`check_figure_options`), or ``out_dir`` exists and is not a directory.
    DTypeError
        ``out_dir`` is not a path, ``options`` not a dict of names.
    """
    fig = get_figure(name)
    fast, seed = as_flag(fast, "fast"), as_seed(seed)
    options = as_mapping(options, "options")
    if not all(isinstance(k, str) for k in options):
        raise DTypeError(
            f"options must map option names (str) to values; got keys "
            f"{[show_value(k) for k in options]}"
        )
    foreign = sorted(set(options) - set(fig.options))
    if foreign:
        takes = ", ".join(fig.options) or "none"
        raise UsageError(
            f"figure {name!r} does not take option(s) {', '.join(foreign)} (it takes: {takes})"
        )
    options = check_figure_options(options)
    out = as_path(out_dir, "out_dir")
    if out.exists() and not out.is_dir():
        raise UsageError(f"output path {str(out)!r} exists and is not a directory")
    out.mkdir(parents=True, exist_ok=True)
    record = {
        "figure": fig.name,
        "title": fig.title,
        "seed": int(seed),
        "fast": bool(fast),
        "versions": package_versions(),
        "platform": platform.platform(),
        "options": plain_json(options),
        "data": plain_json(fig.data(bool(fast), int(seed), **options)),
    }
    json_path, png_path = out / f"{fig.name}.json", out / f"{fig.name}.png"
    text = json.dumps(record, indent=1, ensure_ascii=False, allow_nan=False) + "\n"
    png = _png_bytes(json.loads(text))  # drawn from the JSON exactly as it is saved
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
