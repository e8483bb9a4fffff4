"""What the generic keys of ``Evidence.details`` count or mean: the labels the reports
print beside their values (:func:`tnverify.report.evidence_text.details_tables`), and the
keys they leave out."""

__all__ = ["DETAIL_LABELS", "HIDDEN_DETAILS"]

#: What the generic ``details`` keys count or mean (shown beside their values).
DETAIL_LABELS = {
    "max_scale": "largest scale of the compared entries: errors and margins are divided by it",
    "margin": "smallest slack (bound − value)/scale of a bound; negative when violated",
    "entries": "entries compared",
    "beyond_tolerance": "entries beyond tolerance",
    "checks": "tnverify.check() calls recorded",
    "examples": "hypothesis examples run",
    "failing examples": "hypothesis examples that failed, shrinking steps included",
    "worst err/tol": "largest err/tol over all examples",
    "deciding example": "the example shown: the shrunk counterexample, else the sharpest",
    "hypothesis seed": "hypothesis seed used",
    "drawn": "what the examples drew: shapes and ranks seen (×count), ranges of numbers",
    "per check": "each check over all examples; margin: slack (bound − value)/scale",
    "tnverify_rng seed": "seed of the tnverify_rng generator the test drew from",
    "got": "got",
    "want": "wanted",
    "relation": "relation",
}

#: ``details`` keys not shown in the details tables (shown elsewhere or too long).
HIDDEN_DETAILS = ("traceback",)
