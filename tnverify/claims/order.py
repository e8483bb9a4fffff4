"""The order in which ``tnverify verify``, ``tnverify claims``, the reports and the test
suite list the built-in claims, derived from the claims themselves (no list to keep):

1. topic by topic, in the order of :data:`tnverify.claims.topics.TOPICS`;
2. within a topic, paper by paper in folder order (:data:`tnverify.claims.CLAIM_PAPERS`);
3. within a paper, module by module (:func:`tnverify.claims.claim_modules`) and, within a
   module, as registered there (:data:`tnverify.claims.origin.ORIGIN`: the same order whichever
   module was imported first);
4. a ``-corrected`` twin (``corrects``) or a variant (``varies``) right after the claim it
   corrects or varies, wherever it is registered.

A new claim therefore appears beside the claims of its topic, paper and module without
any file but its own being touched.  Claims of plugins (another ``package``) follow, in
registration order.  :data:`REPORT_ORDER` is the resulting tuple of built-in ids.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["REPORT_ORDER", "report_order"]  # noqa: F822 - REPORT_ORDER is computed on access


def _target(c, ids) -> str | None:
    """The claim ``c`` follows: the one it corrects or varies, if registered."""
    t = c.corrects or c.varies
    return t if t in ids and t != c.id else None


def report_order(claims: Sequence) -> list:
    """``claims`` (registered :class:`~tnverify.claims.Claim` objects, in registration
    order) in report order (see the module docstring)."""
    from . import CLAIM_PAPERS, claim_modules
    from .origin import ORIGIN
    from .topics import TOPICS

    topics = {t: i for i, t in enumerate(TOPICS)}
    papers = {k: i for i, k in enumerate(CLAIM_PAPERS)}
    builtin = [c for c in claims if c.package == "tnverify"]
    ids = {c.id for c in builtin}
    modules = {m: i for i, m in enumerate(claim_modules())}
    # a claim's place: its module in folder order, then its place among that module's
    # registrations (ORIGIN), so the order is the same whichever module was imported first
    position = {
        c.id: (
            (modules.get(ORIGIN[c.id][0], len(modules)), ORIGIN[c.id][1], i)
            if c.id in ORIGIN
            else (len(modules), 0, i)
        )
        for i, c in enumerate(builtin)
    }
    followers: dict[str, list] = {}
    roots = []
    for c in builtin:
        t = _target(c, ids)
        if t is None:
            roots.append(c)
        else:
            followers.setdefault(t, []).append(c)
    roots.sort(
        key=lambda c: (
            topics.get(c.topic, len(topics)),
            papers.get(c.paper, len(papers)),
            position[c.id],
        )
    )
    out: list = []
    seen: set = set()

    def emit(c) -> None:
        if c.id in seen:
            return
        seen.add(c.id)
        out.append(c)
        for f in followers.get(c.id, ()):
            emit(f)

    for c in roots:
        emit(c)
    for c in builtin:  # a cycle of corrects/varies (malformed): as registered
        emit(c)
    return out + [c for c in claims if c.package != "tnverify"]


def __getattr__(name: str):
    if name == "REPORT_ORDER":
        from . import all_claims

        return tuple(c.id for c in all_claims() if c.package == "tnverify")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
