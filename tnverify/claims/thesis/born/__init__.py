"""Born machines (thesis §3.2.1, §4.1.3, §4.3.2; tnverify's own sampler claim): the
statements and registrations (:mod:`.statements`), the sampling and normalisation checks
(:mod:`.sampling`) and the gauge and cost checks (:mod:`.gauge`)."""
