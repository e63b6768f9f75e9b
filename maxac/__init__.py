__version__ = "0.1.0"

from .svd import weight_sums, mutual_information, information_derivatives, capacity, capacity_curve, delta_scale
