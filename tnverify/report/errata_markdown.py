"""The Markdown form of an errata sheet (:func:`render_markdown`), built by
:func:`tnverify.report.errata.build_errata`: the front matter (the paper's version, the
explanation of the sheet, :mod:`tnverify.report.errata_legend`, and the counts per kind
with each kind's meaning), then one heading per statement in paper order, each edit with
its printed line and its meant / correction / clarification, the argument, the
counterexample, the scope and the command that reproduces it, then the remarks.  Registry text is escaped
(:func:`md_text`) so that its pseudo-LaTeX is never read as Markdown emphasis.
"""

from __future__ import annotations

import re

from ..claims.readings import DEFECT_KIND_MEANINGS, DEFECT_KINDS
from ..errors import DTypeError, UsageError
from .errata_legend import COUNTING_RULE, legend_lines
from .formulas import render
from .sheet_check import check_sheet

__all__ = ["REMARKS_TITLE", "md_text", "render_markdown"]

#: The heading of a sheet's last section.
_EDITORIAL_TITLE = "Editorial slips (not counted with the mathematical errata)"
#: The heading of the remarks: observations on statements, caveats and slips too minor
#: for an erratum, none counted.
REMARKS_TITLE = "Remarks (observations not counted as errata)"


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


def _kinds_label(group: list[dict]) -> str:
    """The bold label at the top of an entry with several edits: its kinds, each with its
    number of edits (``**Misprint (3 edits).**``)."""
    counts: dict[str, int] = {}
    for e in group:
        counts[e["kind"]] = counts.get(e["kind"], 0) + 1
    parts = [
        f"{_kind_name(k).split(' (')[0]} ({_plural(n, 'edit', 'edits')})"
        for k, n in counts.items()  # in the order of the edits
    ]
    text = ", ".join(parts)
    return f"**{text[0].upper() + text[1:]}.** "


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
            (
                _kinds_label(group)
                if n_edits > 1
                else f"**{_kind_name(group[0]['kind']).capitalize()}.** "
            )
            + "Statements: "
            + "; ".join(_claim_line(first[i], shown, fmt=fmt) for i in ids)
            + ".",
            "",
        ]
    else:
        kind = (
            _kinds_label(group)
            if n_edits > 1
            else f"**{_kind_name(group[0]['kind']).capitalize()}.** "
        )
        out += [
            kind + _claim_line(first[ids[0]], shown, with_id=False, fmt=fmt) + ".",
            "",
        ]
    for k, e in enumerate(group, start=1):
        head = ""
        if n_edits > 1:
            head = f"**Edit {k} of {n_edits}: {_kind_name(e['kind'])}**"
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
    how an edit is counted (:data:`COUNTING_RULE`).

    Examples
    --------
    >>> _summary_line({"counts": {"misprint": 9, "false": 4, "editorial": 1},
    ...                "mathematical": 13}, 9)[:86]
    '9 entries, 14 distinct edits (13 mathematical errata, 1 editorial slip). One edit is o'
    """
    edits = sum(sheet["counts"].values())
    return (
        f"{_plural(entries, 'entry', 'entries')}, "
        f"{_plural(edits, 'distinct edit', 'distinct edits')} "
        f"({_plural(sheet['mathematical'], 'mathematical erratum', 'mathematical errata')}, "
        f"{_plural(sheet['counts']['editorial'], 'editorial slip', 'editorial slips')}). "
        + COUNTING_RULE
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
    body = _body(sheet, groups, fmt)
    plain = body if fmt == "markdown" else _body(sheet, groups, "markdown")
    out += legend_lines(sheet, "\n".join(plain), command, lambda t, f=fmt: md_text(t, f))
    out += [
        _summary_line(sheet, len(groups)),
        "",
        "| kind | edits | meaning |",
        "| --- | --- | --- |",
    ]
    out += [
        f"| {k} | {n} | {md_text(DEFECT_KIND_MEANINGS.get(k, ''), fmt)} |"
        for k, n in sheet["counts"].items()
    ]
    out.append("")
    out += body
    return "\n".join(out).rstrip() + "\n"


def _body(sheet: dict, groups: list[list[dict]], fmt: str) -> list[str]:
    """The sheet after its front matter: the entries, the remarks, the unclassified."""
    out: list[str] = []
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
        out += [f"## {REMARKS_TITLE}", ""]
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
    return out
