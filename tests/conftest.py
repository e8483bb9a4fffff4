"""Test configuration: BLAS at one thread (see shared/notes/performance.md), and the
hypothesis profiles."""

import os

from hypothesis import HealthCheck, settings
from threadpoolctl import threadpool_limits

threadpool_limits(1)

settings.register_profile(
    "default", deadline=None, max_examples=20,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile("thorough", parent=settings.get_profile("default"), max_examples=200)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
