"""PyTorch cells, one module per model family (imported on demand; torch is not
imported by ``import tnverify``)."""
