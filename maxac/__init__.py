__version__ = "0.1.0"

from .svd import weight_sums, mutual_information, information_derivatives, capacity, capacity_curve, delta_scale
from .bounded import sampled_mutual_information
from .finite import grid_mutual_information, box_mutual_information
from .select import select_rank, RankSelection, MaxACRank
