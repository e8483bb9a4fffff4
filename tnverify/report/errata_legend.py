"""The front matter of an errata sheet that explains it (:func:`legend_lines`): what
the sheet is, then, in short sentences, only what the sheet uses (its fields, verdict
words, corrected statements, counterexamples' indices, readings and seeds, the size
symbols it prints, its scopes), and how its edits are counted (:data:`COUNTING_RULE`).
:mod:`tnverify.report.errata_markdown` renders the rest."""

from __future__ import annotations

import re

from ..references import PAPERS

__all__ = ["COUNTING_RULE", "legend_lines"]

#: How the sheets count edits, as :func:`tnverify.report.errata.build_errata` counts them:
#: one per erratum key (one recorded defect, or one of its further edits), shared by every
#: statement that prints the same slip.
COUNTING_RULE = (
    "One edit is one slip of the paper, with its Printed and Meant (or Correction) "
    "lines: it counts once, however many places print it and however many changes of "
    "wording its correction makes there; a statement with two independent slips counts "
    "two (its entry numbers them Edit 1, Edit 2)."
)


def _verdict_words(body: str) -> str:
    """The sentence defining the verdict words the sheet prints."""
    words = {
        "fails": "`fails` means that at least one checked case contradicts it",
        "ill-posed": (
            "`ill-posed` that the readings its text admits give different results, or "
            "that no reading of it makes sense"
        ),
        "holds": "`holds` that every checked case agrees with it",
    }
    used = [w for k, w in words.items() if f"`{k}`" in body or f" {k} (`" in body]
    if not used:
        return ""
    listed = "; ".join(used)
    return f"The **verdict** is the outcome of checking the printed statement: {listed}."


def _size_symbols(sheet: dict, body: str, escape, skip=()) -> list[str]:
    """The definitions of the size symbols the sheet prints, one per symbol (the sizes its records
    name, kept where the body prints them: ``|V| = 3``, ``R ∈ {2, 3}``, ``2 ≤ M``), in
    the order they first appear; a symbol that means different things in different
    entries says which is which."""
    meanings: dict[str, dict[str, list[str]]] = {}
    for e in sheet["errata"]:
        for c in e["claims"]:
            for sym, meaning in (c.get("sizes") or {}).items():
                ids = meanings.setdefault(sym, {}).setdefault(meaning, [])
                if c["id"] not in ids:
                    ids.append(c["id"])
    found = []
    for sym in meanings:
        if sym in skip:
            continue
        esc = re.escape(escape(sym, "markdown"))
        m = re.search(rf"(?<![\w|])(?:{esc}(?= = | ∈ | ≤ |: \d)|(?<=≤ ){esc}(?![\w|]))", body)
        if m:
            found.append((m.start(), sym))
    bits = []
    for _, sym in sorted(found):
        by_meaning = meanings[sym]
        texts = [m or "a size of the check, as the check names it" for m in by_meaning]
        if len(by_meaning) == 1:
            bits.append(f"{sym}: {texts[0]}")
        else:
            bits.append(
                f"{sym}: "
                + "; ".join(
                    f"{t} (in {', '.join(f'`{i}`' for i in ids)})"
                    for t, ids in zip(texts, by_meaning.values())
                )
            )
    return [escape(b) for b in bits]


def legend_lines(sheet: dict, body: str, command: str, escape) -> list[str]:
    """The front matter's explanation of the sheet: what it is, then only what this
    sheet's ``body`` (its Markdown form) uses: the fields, the verdict words, the
    corrected statements, the counterexamples' indices, readings, sizes and seeds, the
    scopes, each as short sentences."""
    p = sheet["paper"]
    out = [
        "**About this sheet.** It is generated from tnverify's record of the paper's "
        "claims: each claim is one statement of the paper, with a program that checks it. "
        f"A correction is made in that record and the sheet regenerated (`{command}`), "
        "not by editing the sheet.",
        "",
    ]
    if not sheet["errata"]:
        return out  # nothing to read on the sheet but its remarks
    fields = [
        "Entries are in the order of the paper. An entry is one statement of the paper; "
        "statements that need the same edit share one entry, and closely related "
        "statements checked as one (the same claim printed twice, say) share one entry "
        "with their edits numbered Edit 1, Edit 2.",
        "**Printed** quotes the paper.",
    ]
    kinds = {e["kind"] for e in sheet["errata"]}
    correction = "gives a true statement in place of a false one" if "false" in kinds else ""
    if "published-number" in kinds:
        correction = (
            correction + ", or" if correction else "gives"
        ) + " what can be reproduced in place of a printed number"
    labels = {
        "Meant": "gives the intended text of a misprint or slip",
        "Correction": correction or "gives a true statement in place of a false one",
        "Clarification": "gives the reading an ambiguous statement needs",
        "Why": "gives the argument",
    }
    used = [f"**{k}** {v}" for k, v in labels.items() if f"**{k}:**" in body]
    if used:
        fields.append("; ".join(used) + ".")
    if "**Evidence for the edit:**" in body:
        fields.append(
            "**Evidence for the edit** gives a printed number that the edit explains; it "
            "needs no edit of its own."
        )
    verdicts = _verdict_words(body)
    if verdicts:
        fields.append(verdicts)
    corrected = re.search(r"the corrected statement holds \(`([^`]+)`\)", body)
    if corrected:
        fields.append(
            '"The corrected statement holds (`…-corrected`)" means: the statement with '
            "the Meant or Correction text in place is recorded as a claim of its own, under "
            "that id and with its own cases, and its check holds on all of them; "
            f"`tnverify show {corrected.group(1)} --run` runs it again."
        )
    out += ["**How to read an entry.**", ""] + [f"- {f}" for f in fields] + [""]
    ce = []
    if "**Counterexample:**" in body:
        ce.append(
            "A **counterexample** is the first case that fails: it says what was compared "
            "with what, the value computed against the reference, and the sizes of that "
            "comparison."
            + (' "check: …" names the part of the check that failed.' if "(check:" in body else "")
        )
    if "- Reading:" in body:
        ce.append(
            "Where the text can be read in several ways that give different results there, "
            "the counterexample names the reading it was computed under, and gives its "
            'text beneath it ("Reading").'
        )
    zero, one = "0-based" in body, "1-based" in body
    if zero:
        ce.append(
            "Indices in a counterexample count from 0 (the paper's index 1 is 0 there)"
            + (
                ', except where it says "1-based" and keeps the paper\'s own numbering.'
                if one
                else "."
            )
        )
    elif one:
        ce.append('An index marked "1-based" counts from 1, as the paper does.')
    sizes = ["Sizes are written in the paper's notation where it has one."]
    if "probe sizes" in body:
        sizes.append(
            '"Probe sizes" size the check\'s own probe (samples drawn, paths simulated), '
            "not the model."
        )
    unnamed = _unnamed_sizes(p["key"])
    symbols = _size_symbols(sheet, body, escape, skip=[sym for sym, _ in _unnamed_pairs(p["key"])])
    if unnamed:
        sizes.append(unnamed.strip())
    if symbols:
        sizes.append("The size symbols on this sheet mean:")
    if re.search(r"seed \d", body):
        ce.append(
            "A seed is given only where the check drew random numbers: it seeds NumPy's "
            "default random generator for the failing case, and the Reproduce command "
            "draws the same numbers."
        )
    scope = [
        "**Scope** lists the cases the verdict was computed on, with their sizes: a few "
        "small cases and, for some statements, a larger run.",
        "The small cases run in order and stop at the first case that fails, which "
        "decides the verdict; the cases of a larger run do the same, separately.",
        "The Scope gives each case that ran, small or of a larger run, with its "
        "outcome, and counts the cases not run.",
    ]
    if "not run for this sheet" in body:
        scope.append(
            'A larger run marked "not run for this sheet" is given with its sizes only; '
            "the Reproduce command runs it too."
        )
    out += ["**Counterexamples, sizes and scopes.**", ""]
    out += [f"- {t}" for t in ce]
    out += [f"- {' '.join(sizes)}"] + [f"  - {b}" for b in symbols]
    out += [f"- {' '.join(scope)}", ""]
    return out


def _unnamed_pairs(paper_key: str) -> list[tuple[str, str]]:
    declared = PAPERS.get(paper_key)
    return list(declared.unnamed) if declared is not None else []


def _unnamed_sizes(paper_key: str) -> str:
    """The preamble's note on the symbols the sheet uses for sizes its paper names not
    (its declaration's ``unnamed``); ``""`` where there are none.

    >>> _unnamed_sizes("grurntn")
    ' |V| denotes the vocabulary size and L the sequence length; the paper names neither.'
    """
    unnamed = _unnamed_pairs(paper_key)
    if not unnamed:
        return ""
    first = f"{unnamed[0][0]} denotes {unnamed[0][1]}"
    rest = [f"{sym} {meaning}" for sym, meaning in unnamed[1:]]
    listed = first if not rest else ", ".join([first] + rest[:-1]) + " and " + rest[-1]
    none = {1: "none", 2: "neither"}.get(len(unnamed), "none of them")
    return f" {listed}; the paper names {none}."
