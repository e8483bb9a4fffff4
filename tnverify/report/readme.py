"""The README's generated sections: the papers table, the claim counts per paper and the
claims table, computed from the paper declarations and the claim registry (no counts kept
by hand).

``python -m tnverify.report.readme`` (or ``tnverify claims --readme-table``) prints them;
``--write README.md`` replaces the sections between their markers
(``<!-- papers-table -->`` … ``<!-- /papers-table -->``, ``<!-- claims-summary -->`` …,
``<!-- claims-table -->`` …) in place; ``--check README.md`` exits 1 when the file differs
from what the registry gives (a test runs it).

Examples
--------
>>> from tnverify.report.readme import claims_table
>>> claims_table().splitlines()[2].startswith("| `")
True
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from ..claims import CLAIM_PAPERS, FAILS, HOLDS, ILL_POSED, all_claims
from ..errors import UsageError
from ..references import PAPERS
from .markdown import md_cell

__all__ = [
    "SECTIONS",
    "papers_table",
    "claims_summary",
    "claims_table",
    "readme_section",
    "update_readme",
    "main",
]

#: The generated sections, by marker name, in README order.
SECTIONS = ("papers-table", "claims-summary", "claims-table")

_KINDS = ("misprint", "false", "ambiguous", "published-number", "editorial")


def _builtin():
    return [c for c in all_claims() if c.package == "tnverify"]


def papers_table() -> str:
    """One row per declared built-in paper with an errata sheet: its key and full entry."""
    rows = ["| key | paper |", "| --- | --- |"]
    for key in CLAIM_PAPERS:
        p = PAPERS[key]
        if not p.errata:
            continue
        note = f" Locators: {p.version}." if p.version else ""
        rows.append(f"| `{key}` | {md_cell(p.citation + note)} |")
    return "\n".join(rows) + "\n"


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def claims_summary() -> str:
    """The counts line and the per-paper table of claims and errata."""
    from .errata import build_errata

    claims = _builtin()
    n = {v: sum(c.expected == v for c in claims) for v in (HOLDS, FAILS, ILL_POSED)}
    line = (
        f"{len(claims)} claims: {n[HOLDS]} hold, {n[FAILS]} fail, "
        f"{_plural(n[ILL_POSED], 'is ill-posed', 'are ill-posed')} (the `-corrected` "
        "twins, the `-variant`s and the toolkit's own claims included). A paper's claims "
        "are those that judge its text (the id's prefix, as `tnverify claims --paper KEY` "
        "and `tnverify verify --paper KEY` select them; `--cites KEY` selects every claim "
        "that cites it, other papers' claims included). One erratum is one distinct edit: "
        "a misprint printed in two places is one, a statement that needs two edits counts "
        "two. Editorial slips (a wrong table number that misleads nobody) are counted apart "
        "from the mathematical errata:"
    )
    rows = [
        "| paper | claims | misprints | false statements | ambiguities | "
        "unreproduced numbers | editorial | errata sheet |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for key in CLAIM_PAPERS:
        mine = sum(c.paper == key for c in claims)
        if PAPERS[key].errata:
            counts = build_errata(key, run=False)["counts"]
            cells = " | ".join(str(counts[k]) for k in _KINDS)
            rows.append(
                f"| `{key}` | {mine} | {cells} | [docs/errata/{key}.md](docs/errata/{key}.md) |"
            )
        else:
            rows.append(
                f"| `{key}` (the toolkit's own) | {mine} | – | – | – | – | – | "
                "none: they judge no paper's text |"
            )
    return line + "\n\n" + "\n".join(rows) + "\n"


def _where(c) -> str:
    """Where the claim's own paper prints it: ``key locator; locator; ...`` (the other
    papers it cites are on its page)."""
    own = [r.where for r in c.refs if r.paper == c.paper]
    return f"{c.paper} " + "; ".join(own) if own else c.locator


def claims_table() -> str:
    """Every built-in claim in report order: id, references, title, expected verdict."""
    rows = ["| id | where | what | verdict |", "| --- | --- | --- | --- |"]
    rows += [
        f"| `{c.id}` | {md_cell(_where(c))} | {md_cell(c.title)} | {c.expected} |"
        for c in _builtin()
    ]
    return "\n".join(rows) + "\n"


def readme_section(name: str | None = None) -> str:
    """The generated section ``name`` of :data:`SECTIONS` (``None``: all, each between its
    markers, as the README holds them)."""
    makers = {
        "papers-table": papers_table,
        "claims-summary": claims_summary,
        "claims-table": claims_table,
    }
    if name is not None:
        if name not in makers:
            raise UsageError(f"unknown README section {name!r}; sections: {', '.join(SECTIONS)}")
        return makers[name]()
    return "\n".join(f"<!-- {s} -->\n{makers[s]()}<!-- /{s} -->\n" for s in SECTIONS)


def update_readme(text: str) -> str:
    """``text`` (a README) with every generated section replaced by its current form; a
    section whose markers are missing raises :class:`~tnverify.errors.UsageError`."""
    for name in SECTIONS:
        pattern = re.compile(
            rf"(<!-- {re.escape(name)} -->\n).*?(<!-- /{re.escape(name)} -->)", re.S
        )
        if not pattern.search(text):
            raise UsageError(f"the README has no <!-- {name} --> ... <!-- /{name} --> markers")
        body = readme_section(name)
        text = pattern.sub(lambda m: m.group(1) + body + m.group(2), text, count=1)
    return text


def main(argv=None) -> int:
    """``python -m tnverify.report.readme [--write PATH | --check PATH]``."""
    ap = argparse.ArgumentParser(
        prog="python -m tnverify.report.readme",
        description="Print (or write, or check) the README's generated claim tables and counts.",
    )
    group = ap.add_mutually_exclusive_group()
    group.add_argument("--write", metavar="PATH", help="update the sections of PATH in place")
    group.add_argument(
        "--check",
        metavar="PATH",
        help="exit 1 when the sections of PATH are not the generated ones",
    )
    args = ap.parse_args(argv)
    path = args.write or args.check
    if path is None:
        print(readme_section(), end="")
        return 0
    old = Path(path).read_text(encoding="utf-8")
    new = update_readme(old)
    if args.check:
        if new != old:
            print(
                f"{path}: the generated sections are stale; run python -m "
                f"tnverify.report.readme --write {path}",
                file=sys.stderr,
            )
            return 1
        return 0
    if new != old:
        Path(path).write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
