"""The site's search: the glossary's spelled-out names in the index and in the ranking.

- :class:`SearchEnglishGlossary` (the index's English): a text's words and the spelled-out
  names (:func:`tnverify.report.glossary.spelled_out`) of the abbreviations it holds, so
  that a title "2-RNN = TTLM core" is found, as a title, by "second-order RNN";
- :func:`scorer` (``html_search_scorer``): ``_static/tnverify-scorer.js`` with the same
  table, so that its ranking (titles holding every word of the query first) reads a
  title's abbreviations as their names too;
- :func:`glossary_page`: the table as a page (Reference → Abbreviations).
"""

from __future__ import annotations

import json
from pathlib import Path

from sphinx.search.en import SearchEnglish

from tnverify.report.glossary import ABBREVIATIONS, spelled_out

#: the line of the scorer that the table replaces
TABLE_LINE = "const TNV_ABBREVIATIONS = {};"


class SearchEnglishGlossary(SearchEnglish):
    """Sphinx's English index, with the spelled-out names of a text's abbreviations."""

    def split(self, input: str) -> list[str]:
        words = super().split(input)
        for name in spelled_out(input):
            words += super().split(name)
        return words


def scorer(template: Path, out: Path) -> Path:
    """Write the scorer ``template`` with the glossary's table into ``out``."""
    text = template.read_text(encoding="utf-8")
    if TABLE_LINE not in text:
        raise ValueError(f"{template} has no line {TABLE_LINE!r}")
    table = {a: spelled_out(a) for a in ABBREVIATIONS}
    text = text.replace(
        TABLE_LINE, "const TNV_ABBREVIATIONS = " + json.dumps(table, ensure_ascii=False) + ";"
    )
    out.parent.mkdir(parents=True, exist_ok=True)
    if not out.exists() or out.read_text(encoding="utf-8") != text:
        out.write_text(text, encoding="utf-8")
    return out


def use_scorer(app) -> None:
    """At ``builder-inited``: the configured scorer, if it is the site's, with the table
    (Sphinx reads the scorer when it starts writing, after this)."""
    configured = Path(app.config.html_search_scorer or "")
    if configured.name == "tnverify-scorer.js" and configured.is_file():
        written = scorer(configured, Path(app.doctreedir) / "tnverify-scorer.js")
        app.config.html_search_scorer = str(written)


def glossary_page() -> str:
    """The page of the abbreviations and their spelled-out names."""
    rows = [
        f"| {abbr} | {'; '.join(names)} |"
        for abbr, names in sorted(ABBREVIATIONS.items(), key=lambda kv: kv[0].lower())
    ]
    return "\n".join(
        [
            "# Abbreviations",
            "",
            "The abbreviations of the claims' titles and texts, spelled out as the papers "
            "introduce them (`tnverify.report.glossary.ABBREVIATIONS`). The search finds a "
            "title by the names of its abbreviations: “second-order RNN” finds the titles "
            "that write 2-RNN.",
            "",
            "| abbreviation | spelled out |",
            "| --- | --- |",
            *rows,
            "",
        ]
    )
