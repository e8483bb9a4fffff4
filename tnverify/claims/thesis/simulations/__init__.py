"""The simulations and printed numbers of thesis §4.3 and §6 (Fig. 6.8, Eq. 6.4,
Tables 4.3–4.4, §6.3.1, §4.3.2): the statements and registrations (:mod:`.hidden_states`,
:mod:`.reported_numbers`) and the checks of the products of normals of Fig. 6.8
(:mod:`.normal_products`, :mod:`.ks_distances`)."""
