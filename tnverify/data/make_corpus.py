"""Regenerate the corpora shipped with tnverify (deterministic; run from anywhere).

    python -m tnverify.data.make_corpus        # rewrites tomita.txt and motzkin.txt

Both files hold one sentence per line, tokens separated by single spaces, and are
read by :func:`tnverify.definitions.ngram.load_corpus`.  Nothing is downloaded: every sentence is
drawn here from a grammar with ``numpy.random.default_rng(SEED)``.

``tomita.txt``
    Tomita grammar 4 (Tomita 1982): the binary strings over {0, 1} with no three
    consecutive 0s.  Each sentence is a random walk on the grammar's DFA (states =
    number of trailing 0s, 0..2): at each step the next symbol is uniform over the
    symbols that keep the string in the language.  Lengths uniform in 8..24.
``motzkin.txt``
    Motzkin paths (balanced brackets with flat steps) over {"(", ")", "-"}: at each
    step a uniform choice among the steps that keep the height >= 0 and still allow
    a return to height 0 by the end.  Even lengths uniform in 8..24.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

SEED = 20240417
N_SENTENCES = 200
HERE = Path(__file__).resolve().parent


def tomita4(rng: np.random.Generator, length: int) -> list[str]:
    """One string of Tomita grammar 4 (no "0 0 0"), by a DFA walk."""
    out, zeros = [], 0
    for _ in range(length):
        allowed = ["0", "1"] if zeros < 2 else ["1"]
        s = allowed[int(rng.integers(len(allowed)))]
        zeros = zeros + 1 if s == "0" else 0
        out.append(s)
    return out


def motzkin(rng: np.random.Generator, length: int) -> list[str]:
    """One Motzkin path of ``length`` steps: "(" up, ")" down, "-" flat."""
    out, height = [], 0
    for t in range(length):
        left = length - t - 1  # steps after this one
        allowed = [
            s for s, h in (("(", height + 1), (")", height - 1), ("-", height)) if 0 <= h <= left
        ]
        s = allowed[int(rng.integers(len(allowed)))]
        height += {"(": 1, ")": -1, "-": 0}[s]
        out.append(s)
    assert height == 0
    return out


def make(name: str, rng: np.random.Generator) -> str:
    gen = {"tomita": tomita4, "motzkin": motzkin}[name]
    lines = []
    for _ in range(N_SENTENCES):
        length = int(rng.integers(8, 25))
        if name == "motzkin":
            length -= length % 2
        lines.append(" ".join(gen(rng, length)))
    return "\n".join(lines) + "\n"


def main() -> None:
    for i, name in enumerate(("tomita", "motzkin")):
        rng = np.random.default_rng([SEED, i])
        (HERE / f"{name}.txt").write_text(make(name, rng), encoding="utf-8")


if __name__ == "__main__":
    main()
