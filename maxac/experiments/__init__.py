"""Experiments: the accuracy, count-accuracy and speed benchmarks. `import maxac` never loads this package."""
