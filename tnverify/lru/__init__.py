"""Linear recurrent units and the statistics of thesis §4.2.2, §6.3–6.4: the LRU
as restated from Orvieto et al. 2023 (:mod:`.theory`), the Monte Carlo tools with their
estimators, intervals and decision rules (:mod:`.stats`) and the products of four real vs
complex normals of Fig. 6.8 (:mod:`.products`)."""
