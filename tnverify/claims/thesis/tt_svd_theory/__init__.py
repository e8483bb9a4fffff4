"""Unfoldings and TT-SVD (thesis §3.1.2, §3.2.2): Def. 3.1.3 and Thm. 3.2.1
(:mod:`.unfoldings`), Thm. 3.2.2 and Algorithm 1 (:mod:`.tt_svd`)."""
