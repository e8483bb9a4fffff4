"""The LRU background restated in thesis §4.2.2 (Orvieto et al. 2023) and §5.4.1: the
statements and registrations (:mod:`.linear_recurrence`, :mod:`.parametrisation`), the
deterministic (:mod:`.deterministic`), exact (:mod:`.symbolic`) and Monte Carlo
(:mod:`.monte_carlo`) checks and the torch sides (:mod:`.scaled`)."""
