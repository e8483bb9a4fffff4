"""A rank-constrained second-order RNN defined outside tnverify (the example plugin of
tnverify's README: its claims are checked by ``tnverify verify --plugin rank_rnn``)."""

from .model import RankRNN, random_rank_rnn

__all__ = ["RankRNN", "random_rank_rnn"]
