"""Unfoldings and TT-SVD (thesis §3.1.2, §3.2.2): Def. 3.1.3 (:mod:`.unfolding_definition`),
Thm. 3.2.1 and its proof (:mod:`.unfolding_ranks`), Thm. 3.2.2 (:mod:`.error_bound`) and
Algorithm 1 (:mod:`.tt_svd`)."""
