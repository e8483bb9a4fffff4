"""Born machines (thesis §3.2.1, §4.1.3, §4.3.2; tnverify's own sampler claim): the
statements and registrations (:mod:`.statements`), the sampling and normalisation checks
(:mod:`.sampling`), the parallel-contraction checks (:mod:`.parallel`), the gauge checks
(:mod:`.gauge`) and the cost checks (:mod:`.cost`)."""
