"""The Markdown form of an errata sheet (:func:`render_markdown`), built by
:func:`tnverify.report.errata.build_errata`: one heading per statement in paper order, each
edit with its printed line and its meant / correction / clarification, the argument, the
counterexample, the scope and the command that reproduces it.  Registry text is escaped
(:func:`md_text`) so that its pseudo-LaTeX is never read as Markdown emphasis.
"""

from __future__ import annotations

import re

from ..claims.readings import DEFECT_KINDS
from ..errors import DTypeError, UsageError
from ..references import PAPERS
from .formulas import render
from .sheet_check import check_sheet

__all__ = ["md_text", "render_markdown"]

#: The heading of a sheet's last section.
_EDITORIAL_TITLE = "Editorial slips (not counted with the mathematical errata)"


def _groups(entries: list[dict]) -> list[list[dict]]:
    """The entries joined by the claims they share (a statement with several edits, an
    edit printed in several statements), in paper order of their first entry."""
    parent: dict[str, str] = {}

    def find(x):
        while parent.setdefault(x, x) != x:
            x = parent[x]
        return x

    for e in entries:
        ids = [c["id"] for c in e["claims"]]
        for other in ids[1:]:
            parent[find(other)] = find(ids[0])
        find(ids[0])
    groups: dict[str, list[dict]] = {}
    for e in entries:
        groups.setdefault(find(e["claims"][0]["id"]), []).append(e)
    return list(groups.values())


#: A ``<`` that CommonMark would read as the start of an HTML tag (a letter, ``/``, ``!``
#: or ``?`` follows it).
_TAG_OPEN = re.compile(r"<(?=[A-Za-z/!?])")


def md_text(text, fmt: str = "markdown") -> str:
    r"""Registry text for a Markdown sheet: ``_`` and ``*`` escaped (the pseudo-LaTeX of
    ``G^{(t)}_{1i}`` or ``f_θ`` must not turn into emphasis) and a ``<`` that would open an
    HTML tag written as ``&lt;``; the formula text itself is kept as the registry has it.
    With ``fmt="myst"`` (the site's errata pages) the formulas become MyST ``$…$`` for
    MathJax (:func:`tnverify.report.formulas.render`) and only the text between them is
    escaped.

    Examples
    --------
    >>> print(md_text("Σ_{i=1}^R G^{(t)}_{1i} h_i*"))
    Σ\_{i=1}^R G^{(t)}\_{1i} h\_i\*
    >>> print(md_text("R_k <rank"))
    R\_k &lt;rank
    >>> print(md_text("rank 0 < 1"))
    rank 0 < 1
    """
    if not isinstance(text, str):
        raise DTypeError(f"text must be a string; got {type(text).__name__}")
    if fmt not in ("markdown", "myst"):
        raise UsageError(f"fmt must be 'markdown' or 'myst'; got {fmt!r}")
    if fmt == "myst":
        # formulas as $…$ and code as `…` kept; the text between them escaped as below
        parts = re.split(r"(\$[^$]*\$|`[^`]*`)", render(text, "myst"))
        return "".join(
            part if k % 2 else _TAG_OPEN.sub("&lt;", re.sub(r"([\\_*])", r"\\\1", part))
            for k, part in enumerate(parts)
        )
    # the formulas' plain Markdown form (tnverify.report.formulas: _ and * escaped outside
    # code), with a < that would open an HTML tag written as &lt;
    # (only there: a < before a space, a digit or = reads as itself and stays <)
    return _TAG_OPEN.sub("&lt;", render(text, "markdown"))


def _claim_line(c: dict, shown_where: set, *, with_id: bool = True, fmt: str = "markdown") -> str:
    line = f"`{c['id']}`" if with_id else ""
    if c["where"] not in shown_where:
        line += f" ({md_text(c['where'], fmt)})"
        shown_where.add(c["where"])
    line += (": verdict " if with_id else "Verdict ") + f"`{c['verdict']}`"
    if c.get("corrected_by"):
        line += f"; the corrected statement holds (`{c['corrected_by']}`)"
    return line


def _kind_name(kind: str) -> str:
    return {
        "published-number": "published number not reproduced",
        "editorial": "editorial slip (not counted with the mathematical errata)",
    }.get(kind, kind)


def _render_group(group: list[dict], fmt: str = "markdown") -> list[str]:
    records = [c for e in group for c in e["claims"]]
    ids = list(dict.fromkeys(c["id"] for c in records))
    first = {c["id"]: c for c in records if c["edit"] == 1}  # the record with the run
    head_where = first[ids[0]]["where"]
    shown = {head_where}
    out = [f"### {md_text(head_where, fmt)} — " + ", ".join(f"`{i}`" for i in ids), ""]
    n_edits, several = len(group), len(ids) > 1
    if several:
        out += [
            "Statements: " + "; ".join(_claim_line(first[i], shown, fmt=fmt) for i in ids) + ".",
            "",
        ]
    else:
        kind = "" if n_edits > 1 else f"**{_kind_name(group[0]['kind']).capitalize()}.** "
        out += [
            kind
            + _claim_line(first[ids[0]], shown, with_id=False, fmt=fmt)
            + (f". The statement needs {n_edits} distinct edits." if n_edits > 1 else "."),
            "",
        ]
    for k, e in enumerate(group, start=1):
        head = ""
        if n_edits > 1:
            head = f"**Edit {k} of {n_edits}: {_kind_name(e['kind'])}**"
        elif several:
            head = f"**{_kind_name(e['kind']).capitalize()}**"
        if several:
            head += " — in " + ", ".join(f"`{c['id']}`" for c in e["claims"])
        if head:
            out += [head, ""]
        for c in e["claims"]:
            indent = ""
            if several:
                out.append(f"- `{c['id']}`")
                indent = "  "
            if c.get("evidence_only"):
                # a published number the edit explains: no edit of its own
                out.append(
                    f"{indent}- **Evidence for the edit:** {md_text(c['printed'], fmt)}: "
                    f"{md_text(c['meant'], fmt)}. {md_text(c.get('why', ''), fmt)}".rstrip()
                )
                continue
            out += [
                f"{indent}- **Printed:** {md_text(c['printed'], fmt)}",
                f"{indent}- **{e['label']}:** {md_text(c['meant'], fmt)}",
            ]
            if c.get("why"):
                out.append(f"{indent}- **Why:** {md_text(c['why'], fmt)}")
        # the same slip printed in another document (e["elsewhere"]) stays in the JSON
        # form only: a sheet states what its own paper prints, and its authors cannot
        # check (or sign) a note about another document from their page
        out.append("")
    if several:
        out += ["**Evidence**", ""]
    for i in ids:
        c, indent = first[i], ""
        if several:
            out.append(f"- `{i}`")
            indent = "  "
        if c.get("shows"):
            out.append(f"{indent}- **Counterexample:** {md_text(c['shows'], fmt)}")
            for text in c.get("readings", {}).values():
                out.append(f"{indent}  - Reading: {md_text(text, fmt)}")
        out += [
            f"{indent}- **Scope:** {md_text(c['scope'], fmt)}",
            f"{indent}- **Reproduce:** `{c['reproduce']}`",
        ]
    out.append("")
    return out


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _summary_line(sheet: dict, entries: int) -> str:
    """The sheet's count line: its entries (headings) and its distinct edits apart, and
    what an edit is (one change to the text: an identical change printed in several
    places counts once, a statement needing two changes counts two).

    Examples
    --------
    >>> _summary_line({"counts": {"misprint": 9, "false": 4, "editorial": 1},
    ...                "mathematical": 13}, 9)
    '9 entries, 14 distinct edits (13 mathematical errata, 1 editorial slip; an edit is one change to the text: an identical change printed in several places counts once, a statement needing two edits counts two):'
    """
    edits = sum(sheet["counts"].values())
    return (
        f"{_plural(entries, 'entry', 'entries')}, "
        f"{_plural(edits, 'distinct edit', 'distinct edits')} "
        f"({_plural(sheet['mathematical'], 'mathematical erratum', 'mathematical errata')}, "
        f"{_plural(sheet['counts']['editorial'], 'editorial slip', 'editorial slips')}; "
        "an edit is one change to the text: an identical change printed in several "
        "places counts once, a statement needing two edits counts two):"
    )


def render_markdown(sheet: dict, fmt: str = "markdown") -> str:
    """The errata sheet as Markdown: the paper's version its locators follow, then one
    heading per statement (or per set of statements sharing an edit) in paper order, each
    edit with its printed line and its meant / correction / clarification, the argument
    where recorded, what the counterexample shows, the scope of the verdict and the
    command that reproduces it (``sheet`` as :func:`build_errata` returns it; anything
    else raises DTypeError).  ``fmt="myst"`` gives the site's form of the same sheet
    (formulas as MyST ``$…$``, see :func:`md_text`); any other than ``"markdown"`` or
    ``"myst"`` raises UsageError."""
    if fmt not in ("markdown", "myst"):
        raise UsageError(f"fmt must be 'markdown' or 'myst'; got {fmt!r}")
    keys = ("paper", "seed", "counts", "mathematical", "errata", "remarks", "without_defect")
    if not isinstance(sheet, dict) or any(k not in sheet for k in keys):
        raise DTypeError(
            f"sheet must be the dict build_errata returns (keys {keys}); got {type(sheet).__name__}"
        )
    check_sheet(sheet, DEFECT_KINDS)  # the nested structure, not only the keys
    p = sheet["paper"]
    out = [f"# Errata: {p['title']}", "", p["citation"], ""]
    groups = _groups(sheet["errata"])
    version = p.get("version") or (f"arXiv:{p['arxiv']}" if p.get("arxiv") else "")
    if version:
        out += [
            (
                f"**Version.** The locators (sections, equations, tables, figures) refer "
                f"to {version}."
            ),
            "",
        ]
    command = sheet.get("command") or f"tnverify errata --paper {p['key']}"
    out += [
        f"Generated by `{command}` from the claim registry "
        "(do not edit by hand). Entries are in paper order, one per statement (statements "
        'that share an edit are one entry). "Meant" gives the intended text of a '
        'misprint or slip; "Correction" a true statement in place of a false one; '
        '"Clarification" the reading an ambiguous statement needs; "Why" gives the '
        'argument. A counterexample names the comparison that fails ("check: …") and, '
        "where the paper's text admits several readings that give different results "
        "there, the reading it was computed under (its text is given beneath it). Indices in counterexamples are "
        "0-based (the paper's index 1 is 0 there), except where an explicit example says "
        '"1-based" to keep the paper\'s own numbering; "sizes" are those the failing comparison used '
        "(in the paper's notation where it has one, e.g. |V| for the vocabulary size), "
        "the model's apart from "
        '"probe sizes", those of the probe (samples drawn, paths simulated); a seed is '
        "given only where the check drew random numbers: it seeds the NumPy generator "
        "(`numpy.random.default_rng`) that the failing case draws them from, derived "
        "from the command's `--seed` and the claim id, so the command beside it draws "
        'the same numbers. "Scope" names the cases the '
        "verdict was computed on (a few small cases and, for some claims, a larger run), "
        "with their sizes in the same notation; the cases of a side run in order and stop "
        "at the first that fails, so a failing entry's Scope lists the cases that ran, "
        "each with how it came out, and says how many scheduled cases did not run; each counterexample is re-run by the command beside it."
        + _unnamed_sizes(p["key"]),
        "",
        _summary_line(sheet, len(groups)),
        "",
        "| kind | edits |",
        "| --- | --- |",
    ]
    out += [f"| {k} | {n} |" for k, n in sheet["counts"].items()]
    out.append("")
    sections = (
        ("Mathematical errata", [g for g in groups if any(e["kind"] != "editorial" for e in g)]),
        (_EDITORIAL_TITLE, [g for g in groups if all(e["kind"] == "editorial" for e in g)]),
    )
    for title, gs in sections:
        if not gs:
            continue
        out += [f"## {title}", ""]
        for g in gs:
            out += _render_group(g, fmt)
    if sheet["remarks"]:
        out += ["## Remarks (claims, or parts of claims, that hold)", ""]
        for r in sheet["remarks"]:  # the locator once, then the remarks
            if len(r["remarks"]) == 1:
                out.append(
                    f"- `{r['id']}` ({md_text(r['where'], fmt)}): {md_text(r['remarks'][0], fmt)}"
                )
                continue
            out.append(f"- `{r['id']}` ({md_text(r['where'], fmt)}):")
            out += [f"  - {md_text(text, fmt)}" for text in r["remarks"]]
        out.append("")
    if sheet["without_defect"]:
        out += [
            "## Not yet classified",
            "",
            "These claims do not hold but have no recorded defect yet: "
            + ", ".join(f"`{i}`" for i in sheet["without_defect"]),
            "",
        ]
    return "\n".join(out).rstrip() + "\n"


def _unnamed_sizes(paper_key: str) -> str:
    """The preamble's note on the symbols the sheet uses for sizes its paper names not
    (its declaration's ``unnamed``); ``""`` where there are none.

    >>> _unnamed_sizes("grurntn")
    ' |V| denotes the vocabulary size and L the sequence length; the paper names neither.'
    """
    declared = PAPERS.get(paper_key)
    unnamed = list(declared.unnamed) if declared is not None else []
    if not unnamed:
        return ""
    first = f"{unnamed[0][0]} denotes {unnamed[0][1]}"
    rest = [f"{sym} {meaning}" for sym, meaning in unnamed[1:]]
    listed = first if not rest else ", ".join([first] + rest[:-1]) + " and " + rest[-1]
    none = {1: "none", 2: "neither"}.get(len(unnamed), "none of them")
    return f" {listed}; the paper names {none}."
