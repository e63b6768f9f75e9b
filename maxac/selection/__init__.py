"""Selection: noise level, predicted replicate, whitening, degenerate directions, `select_rank`, confidence and the baselines."""
