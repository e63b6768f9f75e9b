"Issue 32 on a GPU: capacity_curve, svd_problem, select_rank and MaxACRank on CuPy and PyTorch arrays against NumPy; the times of capacity_curve and select_rank on 500000 x 2000 float64 there against the Gram matrix plus its eigenvalues on the same device."
import sys, os, time, traceback
os.environ.setdefault('SCIPY_ARRAY_API', '1')                          # before scipy is imported: scikit-learn's array API dispatch
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, 'site')); sys.path.insert(0, os.path.dirname(os.path.dirname(here)))   # array-api-compat unpacked beside it, if not installed; the repository
import numpy as np, scipy
import cupy, torch, array_api_compat
print('numpy', np.__version__, 'scipy', scipy.__version__, 'cupy', cupy.__version__, 'torch', torch.__version__, 'array-api-compat', array_api_compat.__version__)
print('gpu', torch.cuda.get_device_name(0))
from maxac.theory.svd import capacity_curve
from maxac.theory.problem import svd_problem
from maxac.selection.select import select_rank

rng = np.random.default_rng(0)
N, D = 20000, 300
signal = (rng.normal(size=(N, 10)) * np.linspace(5, 1, 10)) @ rng.normal(size=(10, D))
X1, X2 = signal + rng.normal(size=(N, D)), signal + rng.normal(size=(N, D))
ref, pref = capacity_curve(X1, X2, 20, sigma=0.05), svd_problem(X1, X2, 20)
libs = {'cupy': cupy.asarray, 'torch': lambda a: torch.as_tensor(a, device='cuda')}
for name, conv in libs.items():
    try:
        A, B = conv(X1), conv(X2)
        c, p = capacity_curve(A, B, 20, sigma=0.05), svd_problem(A, B, 20)
        ds = np.abs(p.singular_values - pref.singular_values).max() / pref.singular_values[0]
        print(f'{name}: best rank {c.best_rank} (NumPy {ref.best_rank}), max |C - C_numpy| {np.abs(c.value - ref.value).max():.1e}, '
              f'max |s - s_numpy| / s_1 {ds:.1e}, certificates {p.svd_bound:.1e} and {pref.svd_bound:.1e}, '
              f'max |d - d_numpy| / d {np.max(np.abs(p.delta_sq - pref.delta_sq) / pref.delta_sq):.1e}')
        c32 = capacity_curve(conv(X1.astype(np.float32)), conv(X2.astype(np.float32)), 20, sigma=0.05)
        print(f'{name} float32: best rank {c32.best_rank}, max |C - C_numpy| {np.abs(c32.value - ref.value).max():.1e}')
    except Exception: traceback.print_exc()
    try:
        for options in ({}, dict(center=True)):
            host, there = select_rank(X1, seed=0, **options), select_rank(A, seed=0, **options)
            print(f'{name} select_rank {options}: rank {there.rank} (NumPy {host.rank}), votes equal {np.array_equal(there.votes, host.votes)}, '
                  f'noise level {there.noise_level:.6g} (NumPy {host.noise_level:.6g}), denoising rank {there.denoising_rank} (NumPy {host.denoising_rank})')
        there, host = select_rank(A, B, seed=0), select_rank(X1, X2, seed=0)
        print(f'{name} select_rank pair: rank {there.rank} (NumPy {host.rank}), votes equal {np.array_equal(there.votes, host.votes)}')
        import sklearn
        from maxac.interfaces.estimator import MaxACRank
        with sklearn.config_context(array_api_dispatch=True):
            model = MaxACRank(center=True).fit(A)
            Z = model.transform(A)
        reference = MaxACRank(center=True).fit(X1)
        print(f'{name} MaxACRank: {model.n_components_} components (NumPy {reference.n_components_}), components_ on {array_api_compat.device(model.components_)}, '
              f'transform on {array_api_compat.device(Z)}')
    except Exception: traceback.print_exc()

def timed(f, sync, k=3):
    best = np.inf
    for _ in range(k):
        sync(); t = time.perf_counter(); f(); sync(); best = min(best, time.perf_counter() - t)
    return best

N, D, K = 500000, 2000, 50
cupy.random.seed(0); torch.manual_seed(0)                                # the large matrices, reproducibly
for name in ('cupy', 'torch'):
    try:
        if name == 'cupy':
            sync, gen = cupy.cuda.Device().synchronize, lambda shape: cupy.random.standard_normal(shape, dtype=cupy.float64)
            eigvalsh = cupy.linalg.eigvalsh
        else:
            sync, gen = torch.cuda.synchronize, lambda shape: torch.randn(*shape, device='cuda', dtype=torch.float64)
            eigvalsh = torch.linalg.eigvalsh
        S = (gen((N, 10)) * 3) @ gen((10, D))
        X1 = S + gen((N, D)); X2 = S + gen((N, D)); del S
        capacity_curve(X1[:5000], X2[:5000], K, sigma=1.0)                       # warm-up: kernels and libraries loaded
        gram = timed(lambda: X1.T @ X1, sync)
        gram_values = timed(lambda: eigvalsh(X1.T @ X1), sync)
        curve = timed(lambda: capacity_curve(X1, X2, K, sigma=1.0), sync)
        problem = timed(lambda: svd_problem(X1, X2, K), sync)
        print(f'{name} {N} x {D} float64: Gram {gram:.4f} s, Gram + eigenvalues {gram_values:.4f} s, svd_problem {problem:.4f} s, '
              f'capacity_curve K={K} {curve:.4f} s = {curve / gram_values:.2f} x (Gram + eigenvalues)')
        select_rank(X1[:5000])                                                  # warm-up
        chosen = timed(lambda: select_rank(X1), sync, k=2)
        print(f'{name} {N} x {D} float64: select_rank(X) {chosen:.4f} s = {chosen / gram_values:.2f} x (Gram + eigenvalues)')
        del X1, X2
        if name == 'cupy': cupy.get_default_memory_pool().free_all_blocks()
        else: torch.cuda.empty_cache()
    except Exception: traceback.print_exc()
