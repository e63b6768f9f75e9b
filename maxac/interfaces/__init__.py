"""Interfaces: the scikit-learn estimator, the command line and the file reader."""
