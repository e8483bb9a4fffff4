"""Published numbers of grurntn §V: the absolute and relative gains of the tensor models
over their baselines and the table that §V-B cites, from Tables I–II.  No training runs
are available offline: these are arithmetic and internal-consistency checks."""

from __future__ import annotations

import itertools
from decimal import Decimal
from fractions import Fraction

from ... import Evidence
from ...printed_numbers import judge_printed

# -- grurntn-sec-5-gains ---------------------------------------------------------------
#: (metric, model pair) → (baseline, proposed, printed absolute, printed relative %),
#: §V-A, §V-B and §VII (the same numbers).
PRINTED_GAINS = {
    ("BPC", "GRURNN → GRURNTN"): ("1.39", "1.33", "0.06", "4.32"),
    ("BPC", "LSTMRNN → LSTMRNTN"): ("1.37", "1.34", "0.03", "2.22"),
    ("PPL", "GRURNN → GRURNTN"): ("97.78", "87.38", "10.4", "10.63"),
    ("PPL", "LSTMRNN → LSTMRNTN"): ("108.26", "96.97", "11.29", "10.42"),
}
#: The control of each gain: the same printed gain judged against the table values of the
#: other model pair of the same metric (a row mix-up).
ROW_MIXUP = "the other model pair's table values (row mix-up)"


def _frac(text: str) -> tuple[Fraction, Fraction]:
    """The closed rounding interval of a printed number, in exact rationals."""
    d = Decimal(text)
    half = Fraction(1, 2) * Fraction(Decimal(1).scaleb(d.as_tuple().exponent))
    return Fraction(d) - half, Fraction(d) + half


def joint_gain_witness(base: str, prop: str, p_abs: str, p_rel: str):
    """Unrounded table values ``(b, p)`` inside the rounding boxes of ``base`` and ``prop``
    whose absolute gain ``b − p`` and relative gain ``100 (b − p)/b`` round to ``p_abs``
    and ``p_rel`` (each at its own printed digits), or ``None``; exact rationals.

    For fixed ``b`` the constraints bound ``p`` by three lines from below and three from
    above; ``max(lower) − min(upper)`` is convex and piecewise linear in ``b``, so it is
    minimal at an end of the box of ``b`` or where two of the six lines cross: those
    finitely many ``b`` decide feasibility exactly.

    Examples
    --------
    >>> w = joint_gain_witness("1.39", "1.33", "0.06", "4.32")
    >>> w is not None and float(100 * (w[0] - w[1]) / w[0]) < 4.325
    True
    >>> joint_gain_witness("1.39", "1.33", "0.03", "2.22") is None
    True
    """
    (b_lo, b_hi), (p_lo, p_hi) = _frac(base), _frac(prop)
    (a_lo, a_hi), (r_lo, r_hi) = _frac(p_abs), _frac(p_rel)
    lower = [(Fraction(0), p_lo), (Fraction(1), -a_hi), (1 - r_hi / 100, Fraction(0))]
    upper = [(Fraction(0), p_hi), (Fraction(1), -a_lo), (1 - r_lo / 100, Fraction(0))]
    lines = lower + upper
    cands = {b_lo, b_hi}
    for (m1, c1), (m2, c2) in itertools.combinations(lines, 2):
        if m1 != m2:
            b = (c2 - c1) / (m1 - m2)
            if b_lo <= b <= b_hi:
                cands.add(b)
    for b in sorted(cands):
        lo = max(m * b + c for m, c in lower)
        hi = min(m * b + c for m, c in upper)
        if lo <= hi:
            return b, (lo + hi) / 2
    return None


def _joint(compared, base, prop, p_abs, p_rel, other):
    w = joint_gain_witness(base, prop, p_abs, p_rel)
    wc = joint_gain_witness(*other, p_abs, p_rel)
    det = {
        "rule": "some unrounded (baseline, proposed) inside the rounding boxes of the "
        "printed table values give both printed gains, each at its own printed "
        "digits (exact rationals)"
    }
    if w is not None:
        b, p = w
        det["witness"] = {
            "baseline": float(b),
            "proposed": float(p),
            "absolute": float(b - p),
            "relative_percent": float(100 * (b - p) / b),
        }
    return Evidence(
        compared,
        passed=w is not None,
        details=det,
        counterexample=None if w else {"table": [base, prop], "printed": [p_abs, p_rel]},
        control=Evidence(
            f"control ({ROW_MIXUP}: {other[0]} → {other[1]}) of: {compared}",
            passed=wc is not None,
            details={"variant": list(other)},
        ),
    )


def small_gains(params, rng):
    parts = {}
    for (metric, pair), (base, prop, p_abs, p_rel) in PRINTED_GAINS.items():
        other = next(v[:2] for (m, pr), v in PRINTED_GAINS.items() if m == metric and pr != pair)
        name = f"{metric} {pair}"
        label = f"{ROW_MIXUP}: {other[0]} → {other[1]}"
        absolute = judge_printed(
            f"{name}: printed absolute gain {p_abs} vs {base} − {prop}",
            p_abs,
            lambda b, p: b - p,
            [base, prop],
        )
        rel_base = judge_printed(
            f"{name}: printed relative gain {p_rel}% vs 100·({base} − {prop})/{base}",
            p_rel,
            lambda b, p: 100 * (b - p) / b,
            [base, prop],
            control_inputs=list(other),
            control_label=label,
        )
        rel_prop = judge_printed(
            f"{name}: printed relative gain {p_rel}% vs 100·({base} − {prop})/{prop}",
            p_rel,
            lambda b, p: 100 * (b - p) / p,
            [base, prop],
            control_inputs=list(other),
            control_label=label,
        )
        joint = _joint(
            f"{name}: ({p_abs}, {p_rel}%) jointly from one pair of unrounded table values",
            base,
            prop,
            p_abs,
            p_rel,
            other,
        )
        parts[name] = Evidence(
            f"{name}: {base} → {prop} ({p_abs} absolute / {p_rel}% relative)",
            parts={
                "absolute": absolute,
                "relative": Evidence(
                    f"{name}: relative gain",
                    readings={
                        "relative to the baseline": Evidence(
                            "relative to the baseline",
                            parts={
                                "alone": rel_base,
                                "jointly with the absolute": joint.keyed("joint"),
                            },
                        ).keyed("baseline"),
                        "relative to the proposed value": rel_prop.keyed("proposed"),
                    },
                ).keyed("relative"),
            },
        ).keyed(f"{metric}-{pair.replace(' → ', '-to-')}".lower())
    return Evidence(
        "§V absolute/relative gains at the printed precision",
        parts=parts,
        details={
            "relative_from_rounded_table_values": {
                f"{m} {pr}": f"{100 * (Decimal(b) - Decimal(p)) / Decimal(b):.4f}"
                for (m, pr), (b, p, _, _) in PRINTED_GAINS.items()
            }
        },
    )


# -- grurntn-sec-5b-table-ref ----------------------------------------------------------
#: Table titles (grurntn) and the values each holds.
TABLES = {
    "I": (
        "PENN TREE BANK TEST SET BPC",
        {"GRURNN": "1.39", "LSTMRNN": "1.37", "GRURNTN": "1.33", "LSTMRNTN": "1.34"},
    ),
    "II": (
        "PENN TREEBANK TEST SET PPL",
        {"GRURNN": "97.78", "LSTMRNN": "108.26", "GRURNTN": "87.38", "LSTMRNTN": "96.97"},
    ),
}
#: The PPL values §V-B quotes right after its table reference, and the BPC values of §V-A.
QUOTED = {"PPL": ("97.78", "87.38", "108.26", "96.97"), "BPC": ("1.39", "1.33", "1.37", "1.34")}


def _tables_holding(metric, values):
    return [
        k
        for k, (title, vals) in TABLES.items()
        if metric in title and set(values) <= set(vals.values())
    ]


def _table_ref_ok(cited, values):
    return _tables_holding("PPL", values) == [cited]


def small_table_ref(params, rng, *, cited):
    """The table §V-B cites for the PTB test PPL vs the table whose title says PPL and which
    holds the PPL values §V-B quotes next."""
    holding = _tables_holding("PPL", QUOTED["PPL"])
    ok = _table_ref_ok(cited, QUOTED["PPL"])
    compared = (
        f"Table {cited} (cited for the PTB test PPL) vs the table titled PPL holding "
        f"the quoted PPL values {', '.join(QUOTED['PPL'])}"
    )
    if cited != "I":
        what, c_ok = "the printed 'Table I'", _table_ref_ok("I", QUOTED["PPL"])
    else:
        what = "the §V-A BPC values in place of the quoted PPL values (metric mix-up)"
        c_ok = _table_ref_ok(cited, QUOTED["BPC"])
    return Evidence(
        compared,
        passed=ok,
        details={
            "cited": cited,
            "holds_ppl": holding,
            "titles": {k: v[0] for k, v in TABLES.items()},
        },
        # the table(s) as one string: a one-element list would print as "(II)"
        counterexample=None if ok else {"cited": cited, "actual": ", ".join(holding) or "none"},
        control=Evidence(
            f"control ({what}) of: {compared}", passed=c_ok, details={"variant": what}
        ),
    )
