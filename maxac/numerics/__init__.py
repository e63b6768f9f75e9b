"""Numerics: argument checks and messages, the certified truncated SVD, object orders and the maximiser that the theory rests on."""
