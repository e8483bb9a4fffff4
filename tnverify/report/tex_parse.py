"""Parsing one formula of the registry's pseudo-LaTeX with Unicode into nodes
(:func:`parse_formula`, :class:`Node`): groups, sub- and superscripts, accents, the TeX
commands of :data:`COMMANDS` and the registry's underbrace form; the renderers of
:mod:`tnverify.report.tex` walk them."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .tex_symbols import ACCENTS, SUBSCRIPTS, SUPERSCRIPTS

__all__ = ["COMMANDS", "Node", "parse_formula"]


# -- parsing a formula ---------------------------------------------------------------------
@dataclass
class Node:
    """One piece of a parsed formula: a symbol, word, number, group, script, accent, ..."""

    kind: str  # sym word num space group script accent uni cmd
    text: str = ""  # the character(s); for script: "_" or "^"
    children: list = field(default_factory=list)
    tex: str = ""  # uni: the TeX of a Unicode sub/superscript run
    label: list = field(default_factory=list)  # under: the label below the brace


def _matching(s: str, i: int, open_: str, close: str) -> int:
    depth = 0
    for j in range(i, len(s)):
        if s[j] == open_:
            depth += 1
        elif s[j] == close:
            depth -= 1
            if depth == 0:
                return j
    return -1


def _parse(s: str, i: int = 0, stop: str | None = None) -> tuple[list, int]:
    nodes: list = []
    while i < len(s):
        ch = s[i]
        if stop is not None and ch == stop:
            return nodes, i + 1
        if ch == "{":
            j = _matching(s, i, "{", "}")
            if j < 0:
                nodes.append(Node("sym", "{"))
                i += 1
                continue
            children, _ = _parse(s[i + 1 : j])
            # braces that are no command's argument around a list ({2, 4}, {1, …, N},
            # {x : x > 0}) are a set's: they are shown, not read as TeX grouping
            is_set = not (nodes and nodes[-1].kind == "cmd") and any(
                c.kind == "sym" and c.text in ",:|…⋯" for c in children
            )
            nodes.append(Node("group", "set" if is_set else "", children))
            i = j + 1
        elif ch == "\\" and re.match(r"\\[A-Za-z]+", s[i:]):
            name = re.match(r"\\([A-Za-z]+)", s[i:]).group(1)
            nodes.append(Node("cmd", name))  # a TeX command written as such
            i += 1 + len(name)
        elif ch in "_^":
            arg, i = _script_arg(s, i + 1, ch)
            nodes.append(Node("script", ch, arg) if arg is not None else Node("sym", ch))
        elif ch in SUBSCRIPTS or ch in SUPERSCRIPTS:
            table = SUBSCRIPTS if ch in SUBSCRIPTS else SUPERSCRIPTS
            j = i
            while j < len(s) and s[j] in table:
                j += 1
            run = s[i:j]
            tex = "".join(table[c] for c in run)
            if tex == "T" and table is SUPERSCRIPTS:
                tex = r"\top"
            nodes.append(
                Node("script", "_" if table is SUBSCRIPTS else "^", [Node("uni", run, tex=tex)])
            )
            i = j
        elif ch in ACCENTS:
            if nodes:
                nodes[-1] = Node("accent", ch, [nodes[-1]])
            i += 1
        elif ch.isascii() and ch.isalpha():
            j = i
            while j < len(s) and s[j].isascii() and s[j].isalpha():
                j += 1
            nodes.append(Node("word", s[i:j]))
            i = j
        elif ch.isdigit():
            m = re.match(r"\d+(\.\d+)?([eE][-+−]?\d+(?![A-Za-z]))?", s[i:])
            nodes.append(Node("num", m.group(0)))
            i += len(m.group(0))
        elif ch.isspace():
            nodes.append(Node("space", " "))
            while i < len(s) and s[i].isspace():
                i += 1
        else:
            nodes.append(Node("sym", ch))
            i += 1
    return nodes, i


def _script_arg(s: str, i: int, mark: str):
    if i >= len(s) or s[i].isspace():
        return None
    ch = s[i]
    if ch == "{":
        j = _matching(s, i, "{", "}")
        if j < 0:
            return None, i
        return _parse(s[i + 1 : j])[0], j + 1
    if ch in "([":
        close = ")" if ch == "(" else "]"
        j = _matching(s, i, ch, close)
        if j > i:
            inner = _parse(s[i + 1 : j])[0]
            if mark == "^" or ch == "[":  # a superscript (t) keeps its parentheses
                inner = [Node("sym", ch)] + inner + [Node("sym", close)]
            return inner, j + 1
    m = re.match(r"[A-Za-z0-9]+", s[i:])
    if m:
        return _parse(m.group(0))[0], i + len(m.group(0))
    j = i + 1
    while j < len(s) and s[j] in ACCENTS:
        j += 1
    return _parse(s[i:j])[0], j


#: The TeX commands a formula may be written with, beside the symbols of the tables:
#: ``\\overline{…}`` and ``\\underbrace{…}_{…}``.  The registry's own form of an
#: underbrace is ``F ⟦underbrace: L⟧`` (the factor ``F`` with ``L`` below its brace); after
#: it, in the same formula, a ``F ⟦L⟧`` is one too (ttlm Eq. 3 labels each factor so).
COMMANDS = ("overline", "underbrace")


def _factor(out: list) -> list:
    """Take the factor that ends ``out`` (a base and its scripts, and the spaces after
    them); ``[]`` (``out`` as it was) when there is none."""
    k = len(out)
    while k and out[k - 1].kind == "space":
        k -= 1
    j = k
    while j and out[j - 1].kind == "script":
        j -= 1
    if j and out[j - 1].kind != "space":
        j -= 1
    if j == k:
        return []
    factor = out[j:k]
    del out[j:]
    return factor


def _structure(nodes: list) -> list:
    """The commands of :data:`COMMANDS` and the registry's underbraces as nodes
    (``over``: an argument; ``under``: a factor and a label), inside groups too."""
    out: list = []
    braces = False  # an "⟦underbrace: …⟧" came before in this formula
    i = 0
    while i < len(nodes):
        n = nodes[i]
        if n.kind in ("group", "script", "accent"):
            n = Node(n.kind, n.text, _structure(n.children), n.tex)
        nxt = nodes[i + 1] if i + 1 < len(nodes) else None
        if n.kind == "cmd" and n.text == "overline" and nxt is not None and nxt.kind == "group":
            out.append(Node("over", children=_structure(nxt.children)))
            i += 2
            continue
        if (
            n.kind == "cmd"
            and n.text == "underbrace"
            and nxt is not None
            and nxt.kind == "group"
            and i + 2 < len(nodes)
            and nodes[i + 2].kind == "script"
            and nodes[i + 2].text == "_"
        ):
            out.append(
                Node(
                    "under",
                    children=_structure(nxt.children),
                    label=_structure(nodes[i + 2].children),
                )
            )
            i += 3
            continue
        if n.kind == "sym" and n.text == "⟦":
            j = next(
                (
                    k
                    for k in range(i + 1, len(nodes))
                    if nodes[k].kind == "sym" and nodes[k].text in "⟦⟧"
                ),
                None,
            )
            if j is not None and nodes[j].text == "⟧":
                inner = nodes[i + 1 : j]
                words = [m for m in inner if m.kind != "space"]
                named = (
                    len(words) >= 2
                    and words[0].kind == "word"
                    and words[0].text == "underbrace"
                    and words[1].kind == "sym"
                    and words[1].text == ":"
                )
                if named:
                    inner = inner[inner.index(words[1]) + 1 :]
                if named or braces:
                    while inner and inner[0].kind == "space":
                        inner = inner[1:]
                    while inner and inner[-1].kind == "space":
                        inner = inner[:-1]
                    factor = _factor(out)
                    if factor and inner:
                        braces = True
                        out.append(Node("under", children=factor, label=_structure(inner)))
                        i = j + 1
                        continue
        out.append(n)
        i += 1
    return out


def parse_formula(formula: str) -> list:
    """The nodes of one formula (:class:`Node`), grouped into factors and structures."""
    """The structured nodes of one formula."""
    return _structure(_parse(formula.strip())[0])


# -- TeX ----------------------------------------------------------------------------------------
