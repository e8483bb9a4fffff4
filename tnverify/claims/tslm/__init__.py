"""Claims of tslm (``tslm``): the score function in the TT view (Eq. 7), the n-gram
probability tensor and its TSLM decomposition (Eq. 8–15, Claims 1–2, Table 1) and the
TSLM recurrence (Eq. 16–21)."""
