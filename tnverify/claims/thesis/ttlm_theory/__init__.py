"""TT language models (thesis §5.2.2): the statements and registrations of Prop. 5.2.1,
Eq. 5.4, Prop. 5.2.2 and Eq. 5.9 (:mod:`.statements`), the checks of the TTLM probability
(:mod:`.probability`) and of the conditionals (:mod:`.conditionals`)."""
