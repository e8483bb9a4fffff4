"""Users' own claims: the ``@tnverify.claim`` decorator and :func:`check`
(:mod:`.user_claims`), the claims section of the pytest plugin (:mod:`.pytest_plugin`) and
hypothesis strategies (:mod:`.strategies`, with :mod:`.cell_strategies` and
:mod:`.strategy_arguments`).

The strategies import hypothesis (the ``test`` extra), so they are not imported here:
``from tnverify.testing import strategies``.
"""

from .user_claims import CheckFailed, UserClaimResult, check, claim

__all__ = ["claim", "check", "CheckFailed", "UserClaimResult"]
