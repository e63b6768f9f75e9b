__version__ = "0.1.0"

from .theory.svd import weight_sums, mutual_information, information_derivatives, capacity, capacity_curve, delta_scale
from .theory.bounded import sampled_mutual_information
from .theory.finite import grid_mutual_information, box_mutual_information
from .selection.select import select_rank
from .selection.result import RankSelection
from .selection.confidence import denoising_confidence, DenoisingConfidence


def __getattr__(name):
    "`maxac.MaxACRank` on first use: the estimator needs scikit-learn, an optional extra that `import maxac` must not load."
    if name == 'MaxACRank':
        from .interfaces.estimator import MaxACRank
        return MaxACRank
    raise AttributeError(f"module 'maxac' has no attribute {name!r}")


def __dir__(): return sorted(list(globals()) + ['MaxACRank'])
