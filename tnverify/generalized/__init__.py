"""Generalized tensor networks, the ξ-network theory of gtm: the ξ-operators
(:mod:`.xi`), generalized shallow networks and generalized RNNs (:mod:`.xi_networks`),
their grid tensors (:mod:`.grid`), the constructions of the universality proofs (:mod:`.constructions`), the
rank bounds and certified ranks (:mod:`.bounds`) and the networks behind the expressivity
theorems (:mod:`.expressivity`).  The public names are re-exported by :mod:`tnverify`."""
