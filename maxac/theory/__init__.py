"""Theory: the paper's approximation set coding, the SVD problem and the closed forms of its capacity."""
