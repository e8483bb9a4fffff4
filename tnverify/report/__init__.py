"""Reports of a verify run: the terminal table and JSON (:mod:`.table`, the engine behind
``tnverify verify``: :func:`run_claims`, :class:`Report`), the Markdown form
(:mod:`.markdown`) and the errata sheets per paper (:mod:`.errata`).

``tnverify.report`` was a module in tnverify 0.1.0; every name it exported is still
importable from here.
"""

from .table import (
    REPORT_SUFFIXES,
    VERDICT_STYLES,
    CaseCallback,
    ProgressCallback,
    Report,
    ReportFormatError,
    check_report_path,
    environment,
    error_reason,
    format_ratio,
    ref_text,
    run_claims,
    statement_lines,
    thread_counts,
)

__all__ = [
    "REPORT_SUFFIXES",
    "VERDICT_STYLES",
    "ReportFormatError",
    "Report",
    "run_claims",
    "environment",
    "check_report_path",
    "format_ratio",
    "error_reason",
    "ref_text",
    "thread_counts",
    "statement_lines",
    "ProgressCallback",
    "CaseCallback",
]
