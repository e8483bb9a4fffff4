"""Which RNNs are tensor trains (ttlm §5 and App. B, Eq. 14–20; restated in thesis §5.3):
the recurrences run literally (:mod:`.runs`), the Claim B.1/B.2 checks (:mod:`.checks`)
and the registrations (:mod:`.equivalences`), the proof lines Eq. 16 and Eq. 20 (:mod:`.proof_lines`), the
bias sentence after Eq. 14 (:mod:`.biases`), the statements (:mod:`.statements`) and their
readings (:mod:`.readings`)."""
