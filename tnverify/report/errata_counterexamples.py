"""The minimal counterexample an errata entry shows (:func:`minimal_counterexample`): the
claim's small side run at a seed, the failing case's counterexample with the sizes of its
own failing comparison (not the case's parameters), its seed dropped where the failing
part drew nothing from it, and a reading named only where the readings give different
results there."""

from __future__ import annotations

import re

import numpy as np

from ..claims import FAILS, ILL_POSED, run_claim

__all__ = ["minimal_counterexample", "minimal_run"]


def minimal_counterexample(claim, seed: int) -> dict | None:
    """The claim's minimal counterexample at ``seed`` (:func:`minimal_run`)."""
    return minimal_run(claim, seed)[0]


def minimal_run(claim, seed: int):
    """The claim's minimal counterexample at ``seed``; its seed is dropped (``None``) when
    the failing case is a fixed calculation (the sheet shows no seed for it): re-run once,
    either its check drew nothing from the generator, or it drew only for other parts (a
    check made of a random part and an explicit one) and the failing part comes out the
    same from another generator (``_RESEED``), so the seed reproduces nothing of it.
    Returned with the run of the small side it comes from (which cases ran: the scope)."""
    result = run_claim(claim, seed=seed, sides=("small",))
    ce = result.counterexample
    case = next((ev for ev in result.small.cases if ev.counterexample is ce), None)
    if ce and ce.get("seed") is not None and isinstance(ce.get("params"), dict):
        rng = np.random.default_rng(int(ce["seed"]))
        before = rng.bit_generator.state
        claim.small(dict(ce["params"]), rng)
        if rng.bit_generator.state == before or _same_at_another_seed(claim, ce):
            ce = dict(ce, seed=None)
    if ce and case is not None and "sizes" not in ce:
        ce = dict(ce, sizes=_failing_sizes(case, ce.get("where")))
    if ce and ce.get("where") and case is not None:
        ce = dict(ce, where=_where_with_deciding_readings(case, ce["where"]))
        if not ce["where"]:
            del ce["where"]
    return ce, result


def _failing_sizes(case, where) -> dict:
    """The sizes of the failing comparison of ``case``: the ``sizes`` of the evidence its
    counterexample's ``where`` leads to (the case itself when ``where`` is empty), never
    the case's parameters (those size every part of the case; a part that used a few of
    them records those).  Empty when that evidence records none or ``where`` cannot be
    followed."""
    steps = _steps(where) if where else []
    leaf = _follow(case, steps) if steps is not None else None
    return dict(leaf.sizes) if leaf is not None and leaf.sizes else {}


_STEP = re.compile(r"(part|reading) (['\"])(.*)\2")


def _steps(where: str) -> list[tuple[str, str]] | None:
    """``"reading 'a' / part 'b'"`` as ``[("reading", "a"), ("part", "b")]`` (None when a
    piece is not a part or a reading)."""
    out = []
    for piece in str(where).split(" / "):
        m = _STEP.fullmatch(piece.strip())
        if not m:
            return None
        out.append((m.group(1), m.group(3)))
    return out


def _follow(ev, steps):
    """The evidence reached from ``ev`` along ``steps`` (None where a step is missing)."""
    for kind, name in steps:
        subs = (ev.parts if kind == "part" else ev.readings) or {}
        if name not in subs:
            return None
        ev = subs[name]
    return ev


def _leaf_detail(ev) -> dict | None:
    """What the sheet would show of a failing leaf (its place in the check aside)."""
    if ev is None or ev.verdict not in (FAILS, ILL_POSED):
        return None
    ce = dict(ev.counterexample) if ev.counterexample else {"compared": ev.compared}
    ce.setdefault("compared", ev.compared)
    ce.pop("where", None)
    return ce


def _where_with_deciding_readings(case, where: str) -> str:
    """``where`` with each ``reading 'r'`` step left out whose sibling readings give the
    same failing comparison with the same numbers (the other admissible readings at that
    step; for a sole admissible reading, the ruled-out ones): a reading is named only
    where the readings give different results, so a counterexample never names a reading
    that does not matter to it."""
    steps = _steps(where)
    if steps is None:
        return where
    kept, node = [], case
    for i, (kind, name) in enumerate(steps):
        subs = (node.parts if kind == "part" else node.readings) or {}
        rest = steps[i + 1 :]
        if kind == "reading":
            # the other admissible readings; a sole admissible reading is set against
            # the ruled-out ones (named only when the text's ruling-out matters here)
            others = list(subs.values()) if len(subs) > 1 else list((node.ruled_out or {}).values())
            mine = _leaf_detail(_follow(subs[name], rest))
            if (
                mine is None
                or not others
                or any(_leaf_detail(_follow(other, rest)) != mine for other in others)
            ):
                kept.append((kind, name))
        else:
            kept.append((kind, name))
        node = subs[name]
    return " / ".join(f"{k} {n!r}" for k, n in kept)


#: The generator seed of the second run :func:`_same_at_another_seed` compares with.
_RESEED = 0x5EED


def _same_at_another_seed(claim, ce: dict) -> bool:
    """Whether the failing case of ``ce`` gives the same counterexample (seed aside) from
    a generator seeded ``_RESEED``: the failing part did not use the draws."""
    try:
        ev = claim.run_small(dict(ce["params"]), _RESEED ^ int(ce["seed"]))
    except Exception:  # noqa: BLE001 - a case that breaks at another seed keeps its seed
        return False
    other = getattr(ev, "counterexample", None)
    if not other:
        return False
    strip = lambda d: {k: v for k, v in d.items() if k != "seed"}  # noqa: E731
    return strip(other) == strip(ce)
