"""Teaching: ``tnverify tour`` (:mod:`.tour`, a terminal walk-through) and the tensor-network
diagrams of the tutorial (:mod:`.diagrams`).  Nothing is imported eagerly."""
