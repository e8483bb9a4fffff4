"""The executed tutorial and the figures gallery.

``docs/tutorial.md`` is written as doctests (the test suite runs it); for the site each
doctest becomes a MyST-NB code cell (a cell ends at each example that shows an output),
which the build executes, so the page shows the outputs computed now, not pasted ones.
"""

from __future__ import annotations

import doctest
import json
import re
from pathlib import Path

from tnverify_site import write

FRONT = """---
jupytext:
  text_representation:
    extension: .md
    format_name: myst
kernelspec:
  display_name: Python 3
  language: python
  name: python3
---
"""


def _cells(block: str) -> list[str]:
    cells, current = [], []
    for ex in doctest.DocTestParser().get_examples(block):
        current.append(ex.source.rstrip("\n"))
        if ex.want.strip():
            cells.append("\n".join(current))
            current = []
    if current:
        cells.append("\n".join(current))
    return ["```{code-cell} ipython3\n" + c + "\n```" for c in cells]


_PROTECT = re.compile(r"(!?\[[^\]\n]*\]\([^)\s]*\)|<[^>\n]+>|`[^`\n]+`)")


def _prose_paragraph(par: str, ids: set) -> str:
    """One paragraph of prose: formulas as ``$…$`` (never read as emphasis), claim ids
    in backticks as links to their pages; links, HTML and code left alone."""
    from tnverify.report.formulas import render

    out = []
    for i, piece in enumerate(_PROTECT.split(par)):
        if i % 2 == 0:
            # a formula may not span a line break of the source
            out.append(render(piece, "myst").replace("$\n", "$ \n"))
        elif piece.startswith("`") and piece[1:-1] in ids:
            out.append(f"{{claim}}{piece}")
        else:
            out.append(piece)
    return "".join(out)


def prose(text: str, ids: set = frozenset()) -> str:
    """The tutorial's Markdown prose with its formulas typeset: paragraph by paragraph;
    headings, tables, fences and HTML stay as written."""
    out = []
    for par in re.split(r"(\n\s*\n)", text):
        first = par.lstrip()[:1]
        if not par.strip() or first in "#|<!" or par.lstrip().startswith(("```", ":::")):
            out.append(par)
        else:
            out.append(_prose_paragraph(par, ids))
    return "".join(out)


def notebook(text: str, ids: set = frozenset()) -> str:
    """The tutorial's Markdown with its doctest blocks as code cells, its formulas
    typeset, its claim ids linked and its links (written relative to ``docs/``) made
    relative to ``docs/generated/``."""
    parts = re.split(r"^```python\n(.*?)^```\n", text, flags=re.S | re.M)
    out = [FRONT]
    for i, part in enumerate(parts):
        if i % 2:
            out.append("\n\n".join(_cells(part)) + "\n")
        else:
            part = re.sub(r"\]\((?!https?:|#|\.\./)([^)\s]+)\)", r"](../\1)", part)
            out.append(prose(part, ids))
    return "".join(out)


def _shows(readme: str) -> dict:
    return dict(re.findall(r"^\| `figures/([\w.\-]+)\.png` \| (.+?) \|$", readme, re.M))


def _made_by(version) -> str:
    """Which tnverify computed a figure's data, said against this site's version (a
    timing figure is not regenerated on every release: its numbers are the machine's)."""
    import tnverify

    if version == tnverify.__version__:
        return f"computed by tnverify {version}"
    return (
        f"computed by tnverify {version}, not regenerated since; this site is tnverify "
        f"{tnverify.__version__}"
    )


def gallery(root: Path) -> str:
    from tnverify.figures.registry import FIGURES, figure_names

    figure_names()  # loads every figure module
    shows = _shows((root / "README.md").read_text(encoding="utf-8"))
    out = [
        "# Figures gallery",
        "",
        "Every figure is computed by tnverify: its numbers are saved as JSON first "
        "(seed, sizes, versions), then the plot is drawn from that JSON. "
        "`tnverify figures --list` lists them; `tnverify figures --out figures/` "
        "regenerates them all (`--fast` for quick data).",
        "",
    ]
    for png in sorted((root / "figures").glob("*.png")):
        name = png.stem
        data = json.loads(png.with_suffix(".json").read_text(encoding="utf-8"))
        fig = FIGURES.get(name)
        title = fig.title if fig is not None else data.get("title", name)
        out += [
            f"## {name}",
            "",
            f"![{title}](../../figures/{png.name})",
            "",
            f"**{title}.**" + (f" {shows[name]}." if name in shows else ""),
            "",
            f"- Data: {{download}}`{name}.json <../../figures/{name}.json>` (seed "
            f"{data.get('seed')}, {'fast' if data.get('fast') else 'full'} run, "
            + _made_by((data.get("versions") or {}).get("tnverify"))
            + ")",
            f"- Regenerate: `tnverify figures {name} --out figures/`",
            "",
        ]
    return "\n".join(out)


def write_all(out: Path, srcdir: Path) -> None:
    root = srcdir.parent
    from tnverify.claims import all_claims

    ids = {c.id for c in all_claims()}
    write(out / "tutorial.md", notebook((srcdir / "tutorial.md").read_text(encoding="utf-8"), ids))
    write(out / "gallery.md", gallery(root))
