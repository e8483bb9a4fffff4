"""Claims of gtm (``gtm``, generalized tensor models): score functions under CP and
TT (§3, App. A.1), generalized networks and their ξ-operators (§4, App. B), universality
(§5.1, App. A), expressivity (§5.2, App. A) and the rank-distribution figures (§6, App. B)."""
