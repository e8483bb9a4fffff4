"""The toolkit's own claims (id prefix ``tnverify-``): statements tnverify adds beside the
papers' (its exact Born sampler, the TT-SVD error identity, the augmented bilinear form),
each relying on the papers' claims it names in ``uses``."""
