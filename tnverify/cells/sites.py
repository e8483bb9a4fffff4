"""Cores shared across sequence positions: the plumbing every TT-type cell has in common.

A cell holds distinct cores in ``self.core_list`` (an ``nn.ParameterList``) and maps each
position ``t`` to one of them through ``self.sites`` (site-dependent cores: ``sites =
0..N-1``; a uniform TT: one shared interior core).
"""

from __future__ import annotations

import torch

__all__ = ["SiteCores"]


class SiteCores:
    """Mixin for ``nn.Module`` cells with ``core_list`` and ``sites``."""

    core_list: torch.nn.ParameterList
    sites: tuple

    @property
    def length(self) -> int:
        """Number of positions ``N``."""
        return len(self.sites)

    @property
    def dtype(self) -> torch.dtype:
        return self.core_list[0].dtype

    @property
    def device(self) -> torch.device:
        return self.core_list[0].device

    def core(self, t: int) -> torch.Tensor:
        """The core used at position ``t`` (0-based)."""
        return self.core_list[self.sites[t]]
