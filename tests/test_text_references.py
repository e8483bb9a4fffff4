"""The repository's text points only at what a reader has: no section of a design document
that is not in the repository, no tracker or work-package numbers ("issue n", "#n", "task S",
"T2") in the package, its tests and its docs.  The design notes the code relies on are in
ARCHITECTURE.md ("Design notes") and :mod:`tnverify.conventions`."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: Written in pieces so that this file does not match itself.
DOCUMENT = "DESI" + "GN"
PATTERNS = {
    "a design document outside the repository": re.compile(rf"\b{DOCUMENT}\b"),
    "an issue number": re.compile(
        r"\b[Ii]ssues? #?\d+|\(#\d+|(?<![\w&/])#\d{1,2}(?:\.\d+)?\b(?![\w-])"
    ),
    "a work-package name": re.compile(r"\b[Tt]ask [A-Z0-9]\b|(?<![\w.^_(])T[2-9](?![\w.(=])"),
}
SKIP_PARTS = {"_build", "generated", "__pycache__", ".venv"}
SUFFIXES = {".py", ".md", ".rst", ".txt", ".toml", ".cfg", ".ini", ".json", ".css", ".html"}


def _texts():
    paths = [ROOT / "README.md", ROOT / "ARCHITECTURE.md"]
    for folder in ("tnverify", "docs", "tests"):
        paths += [
            p
            for p in (ROOT / folder).rglob("*")
            if p.is_file() and p.suffix in SUFFIXES and not SKIP_PARTS & set(p.parts)
        ]
    return sorted(p for p in paths if p != Path(__file__).resolve())  # this file: the rule


def _hits(text: str) -> list[tuple[str, int, str]]:
    return [
        (what, n, line.strip())
        for n, line in enumerate(text.splitlines(), 1)
        for what, pattern in PATTERNS.items()
        if pattern.search(line)
    ]


def test_no_text_points_at_a_document_or_a_tracker_the_reader_does_not_have():
    found = {
        str(p.relative_to(ROOT)): hits
        for p in _texts()
        if (hits := _hits(p.read_text(encoding="utf-8", errors="replace")))
    }
    assert found == {}


@pytest.mark.parametrize(
    "line",
    [
        f"the TT core (the {DOCUMENT} view)",
        f"see {DOCUMENT} §3",
        "(issue 16.13)",
        "issue #21:",
        "as issue 5 asks",
        "the mutation probe (#13)",
        "(task S: no vacuous scales)",
        "the T3 rnn-equivalences claims",
        "# T2",
    ],
)
def test_the_scan_finds_each_kind(line):
    assert _hits(line)


@pytest.mark.parametrize(
    "line",
    [
        "T = 2 steps",
        "G^{(T)}",
        "x^(T−1)",
        "t3, t4 = TABLE_43, TABLE_44",
        "the design notes",
        "color: #333;",
        "thesis §5.3.2, Eq. 5.11",
        "T_2",
        "M^T",
        "T(2)",
    ],
)
def test_the_scan_leaves_ordinary_text_alone(line):
    assert not _hits(line)
