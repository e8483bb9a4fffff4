"""``tnverify show ID [--run]``: one claim's statement, references and readings, and with
``--run`` its verdict and the evidence of every case."""

from __future__ import annotations

import json

from .console import subparser
from .verify import load_plugins, plugin_option, renamed_id, run_options

__all__ = ["add_show", "cmd_show", "describe", "describe_result"]


def add_show(sub) -> None:
    s = subparser(
        sub,
        "show",
        "show one claim: statement, references, readings, expected",
        "Show one claim; with --run, run it and print the evidence.",
        ["tnverify show ttlm-eq2", "tnverify show ttlm-eq2 --run --device cpu"],
    )
    s.add_argument("id", metavar="ID", help="claim id (see `tnverify claims`)")
    s.add_argument("--run", action="store_true", help="run the claim and print its evidence")
    plugin_option(
        s,
        "load a plugin's claims first; its code runs in this process "
        "(see `tnverify verify --help`)",
    )
    run_options(s)
    s.set_defaults(func=cmd_show)


def cmd_show(args) -> int:
    from ..claims import get_claim, run_claim

    load_plugins(args.plugin)
    claim = get_claim(renamed_id(args.id))
    print("\n".join(describe(claim)))
    if not args.run:
        return 0
    from ..device import resolve_device
    from ..threads import set_threads

    set_threads(None)  # TNVERIFY_THREADS or 1, as in verify
    result = run_claim(claim, seed=args.seed, scale=args.scale, device=resolve_device(args.device))
    print()
    print("\n".join(describe_result(result)))
    return 0 if result.as_expected and result.verdict != "error" else 1


def _planned(c, side: str, scale: str | None = None) -> int:
    if side == "small":
        return len(c.space)
    return len(c.scaled_space.get(scale, ())) if c.scaled is not None else 0


def describe(c) -> list[str]:
    from ..claims.readings import DEFECT_LABELS
    from ..references import PAPERS
    from ..report.claim_sections import paper_scope_line

    lines = [
        f"{c.id}" + (f": {c.title}" if c.title else ""),
        "",
        ("statement: " if c.quote else "statement (a paraphrase, not the paper's words): ")
        + "\n           ".join(str(c.statement).splitlines() or [""]),
        "printed in:" if c.quote else "references:",
    ]
    lines += [f"  - {r.paper} {r.where} ({r.short})" for r in c.refs]
    if c.package != "tnverify":
        lines += [f"  - {c.source}", f"package: {c.package}"]
    lines += [
        f"topic: {c.topic}",
        f"expected: {c.expected}",
        f"scope: {paper_scope_line(c)}",
        f"uses: {', '.join(c.uses) or '-'}",
        f"proof: {c.proof or '-'}",
    ]
    if c.readings:
        lines.append("readings:")
        for name, r in c.readings.items():
            lines.append(f"  - {name} ({r.status}): {r.text}")
            if r.quote:
                verb = "supported by" if r.admissible else "ruled out by"
                lines.append(f"      {verb} \u201c{r.quote}\u201d ({r.where})")
    if c.defect is not None:
        for i, d in enumerate(c.defect.edits):
            lines += [
                ("defect: " if i == 0 else "further edit: ")
                + d.kind
                + (f" (erratum {d.erratum})" if d.erratum else ""),
                f"  printed: {d.printed}",
                f"  {DEFECT_LABELS.get(d.kind, 'Meant').lower()}: {d.meant}",
            ]
            if d.why:
                lines.append(f"  why: {d.why}")
    if c.remarks:
        lines.append("remarks:")
        lines += [f"  - {text}" for text in c.remarks]
    if c.corrects:
        lines.append(f"corrects: {c.corrects}")
    if c.varies:
        lines.append(f"varies: {c.varies}")
    if c.corrected_by:
        lines.append(f"corrected_by: {c.corrected_by}")
    n = len(c.space)
    text = f"cases: small side {n} case{'s' if n != 1 else ''}; "
    if c.scaled is None:
        text += "no scaled side"
    else:
        text += "scaled side " + ", ".join(
            f"{len(v)} at scale {k}" for k, v in c.scaled_space.items()
        )
    papers = [PAPERS[k] for k in c.papers if k in PAPERS]
    return (
        lines
        + [text]
        + (["papers:"] + [f"  - {p.key}: {p.citation}" for p in papers] if papers else [])
    )


def _side_line(result, name: str, side) -> str:
    c = result.claim
    if name == "scaled" and c.scaled is None:
        return "scaled side: none (this claim has no scaled side)"
    planned = _planned(c, name, result.settings.get("scale"))
    ran = len(side.cases)
    if planned == 0:
        return f"{name} side: no cases at scale {result.settings.get('scale')}"
    if not ran and side.verdict == "skipped":
        return f"{name} side: not run (0 of {planned} cases)"
    why = ""
    if ran < planned:
        why = (
            "; stopped at the first failing case"
            if side.verdict == "fails"
            else "; stopped at the error"
            if side.verdict == "error"
            else ""
        )
    return (
        f"{name} side: {side.verdict} ({ran} of {planned} case{'s' if planned != 1 else ''}"
        f" run{why}; {side.seconds:.2f} s)"
    )


def describe_result(result) -> list[str]:
    from ..report.table import error_reason, format_ratio

    lines = [
        f"verdict: {result.verdict} (expected {result.claim.expected}); "
        f"error/tolerance {format_ratio(result)}; {result.seconds:.2f} s"
    ]
    if result.verdict == "error":
        lines.append(f"reason: {error_reason(result)}")
    for name, side in (("small", result.small), ("scaled", result.scaled)):
        lines.append(_side_line(result, name, side))
        if side.error_message:
            lines.append(f"  error: {side.error_message}")
        for i, ev in enumerate(side.cases):
            lines += _describe_evidence(ev, f"  case {i}", "    ")
    if result.counterexample:
        from ..report.evidence_text import explain_counterexample

        label = (
            "why it is ill-posed (the readings' outcomes)"
            if result.verdict == "ill-posed"
            else "counterexample"
        )
        lines.append(f"{label}: " + json.dumps(_plain(result.counterexample), ensure_ascii=False))
        found = explain_counterexample(result)
        if found:
            lines.append(f"  {found[1]}")
    return lines


def _describe_evidence(ev, head: str, pad: str) -> list[str]:
    lines = [f"{head}: {ev.verdict} - {ev.compared}"]
    if ev.error is not None:
        tol = ev.tolerance
        rule = getattr(tol, "rule", None)
        lines.append(
            f"{pad}error {float(ev.error):.3e}"
            + (
                ""
                if tol is None
                else f" vs tolerance {float(tol):.3e}" + (f" ({rule})" if rule else "")
            )
        )
    for key in ("sizes", "details"):
        val = getattr(ev, key)
        if val:
            text = json.dumps(
                _plain({k: v for k, v in val.items() if k != "traceback"}), ensure_ascii=False
            )
            lines.append(f"{pad}{key}: {text}")
    if ev.details and "traceback" in ev.details:
        lines.append(f"{pad}traceback:")
        lines += [f"{pad}  {ln}" for ln in str(ev.details["traceback"]).rstrip().splitlines()]
    for key in ("ill_posed", "skipped"):
        if getattr(ev, key):
            lines.append(f"{pad}{key.replace('_', '-')}: {getattr(ev, key)}")
    if ev.control is not None:
        ctl = ev.control
        outcome = (
            "fails, as it must"
            if ctl.verdict == "fails"
            else (f"{ctl.verdict}: VACUOUS, this comparison could not have failed")
        )
        ratio = (
            f"; error/tolerance {float(ctl.error) / float(ctl.tolerance):.3g}"
            if ctl.error is not None and ctl.tolerance is not None and float(ctl.tolerance) > 0
            else ""
        )
        lines.append(
            f"{pad}negative control ({ctl.details.get('variant', ctl.compared)}): {outcome}{ratio}"
        )
    for kind in ("parts", "readings"):
        for name, sub in (getattr(ev, kind) or {}).items():
            lines += _describe_evidence(sub, f"{pad}{kind[:-1]} {name}", pad + "  ")
    for name, sub in (ev.ruled_out or {}).items():
        lines += _describe_evidence(
            sub, f"{pad}ruled-out reading {name} (considered, does not decide)", pad + "  "
        )
    if ev.counterexample:
        text = json.dumps(_plain(ev.counterexample), ensure_ascii=False)
        lines.append(f"{pad}counterexample: {text}")
    return lines


def _plain(x):
    from ..claims.evidence import jsonable

    return jsonable(x)
