"""tnverify: verify the theory of tensor-network language models by computation."""

__version__ = "0.1.0"
