"""The progress bar of a run on the terminal (:func:`rich_progress`): one step per planned
case (:func:`planned_cases`), the claim and side being run."""

from __future__ import annotations

from collections.abc import Sequence

from ..claims import (
    Claim,
)

__all__ = ["planned_cases", "rich_progress"]


def planned_cases(claims: Sequence[Claim], scale: str, sides: Sequence[str]) -> list[int]:
    """The number of cases each claim runs on the chosen sides at ``scale``."""
    return [
        (len(c.space) if "small" in sides else 0)
        + (len(c.scaled_space.get(scale, ())) if "scaled" in sides and c.scaled is not None else 0)
        for c in claims
    ]


def rich_progress(
    claims: Sequence[Claim], scale: str = "small", sides: Sequence[str] = ("small", "scaled")
):
    """A rich progress bar on stderr, or ``(None, None, None)`` when stderr is not a
    terminal.  The bar counts cases, so it moves during a long claim.

    Returns ``(bar, on_claim, on_case)``.
    """
    from rich.console import Console

    console = Console(stderr=True)
    if not console.is_terminal:
        return None, None, None
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    planned = planned_cases(claims, scale, sides)
    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("cases"),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    )
    task = bar.add_task("verifying", total=max(sum(planned), 1))
    state = {"base": 0, "claim": 0}

    def on_claim(done, total, claim_id, result):
        state["claim"] = done
        if result is not None:
            state["base"] = sum(planned[:done])
        bar.update(
            task,
            completed=state["base"],
            description=f"[{done + (result is None)}/{total}] {claim_id}",
        )

    def on_case(claim_id, side, index, n_cases):
        bar.update(
            task,
            completed=state["base"]
            + index
            + (len(claims[state["claim"]].space) if side == "scaled" and "small" in sides else 0),
            description=f"[{state['claim'] + 1}/{len(claims)}] {claim_id} "
            f"({side} case {index + 1}/{n_cases})",
        )

    return bar, on_claim, on_case
