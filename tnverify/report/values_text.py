"""Values of a report in words: a number to a few significant digits (:func:`fmt_number`),
a recorded value as text (:func:`value_text`), a counterexample's value as a number
(:func:`as_number`, :func:`number_text`) and a details value as the JSON record holds it
(:func:`as_recorded`)."""

from __future__ import annotations

import json

__all__ = ["as_number", "as_recorded", "fmt_number", "number_text", "value_text"]


def fmt_number(x, digits: int = 3) -> str:
    """``x`` to ``digits`` significant digits (scientific outside [1e-3, 1e4)); "—" for None."""
    if x is None:
        return "—"
    try:
        v = float(x)
    except (TypeError, ValueError):
        return str(x)
    if v == 0:
        return "0"
    return f"{v:.{digits}g}" if 1e-3 <= abs(v) < 1e4 else f"{v:.{digits - 1}e}"


def value_text(v, limit: int = 160) -> str:
    """``v`` as text (JSON for a non-string), cut to ``limit`` characters with "…"."""
    text = v if isinstance(v, str) else json.dumps(v, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def as_recorded(v):
    """A details value as the JSON record holds it (numpy arrays and scalars, tuples,
    complex numbers converted as :meth:`Evidence.to_dict` converts them; other objects by
    their text), so a value renders the same whether it comes from this process or from
    a record (a pytest-xdist worker's, a JSON report's)."""
    from ..claims import Evidence

    plain = Evidence("value", details={"v": v}).to_dict()["details"]["v"]
    return json.loads(json.dumps(plain, default=str))


def as_number(x) -> complex | float | None:
    """A counterexample's value as a number (``{"real", "imag"}`` of JSON too), or None."""
    if isinstance(x, dict) and set(x) == {"real", "imag"}:
        x = complex(x["real"], x["imag"])
    if isinstance(x, bool) or not isinstance(x, (int, float, complex)):
        try:
            import numpy as np

            if isinstance(x, np.generic) and x.dtype.kind in "iufc":
                x = x.item()
            else:
                return None
        except ImportError:  # pragma: no cover
            return None
    return (
        x if isinstance(x, complex) and x.imag else (x.real if isinstance(x, complex) else float(x))
    )


def number_text(x) -> str:
    """A number to 5 significant digits with a true minus sign (complex as ``(a+bj)``)."""
    if isinstance(x, complex):
        return (
            f"({fmt_number(x.real, 5)}{'+' if x.imag >= 0 else '−'}{fmt_number(abs(x.imag), 5)}j)"
        )
    text = fmt_number(x, 5)
    return text.replace("-", "−", 1) if text.startswith("-") else text
