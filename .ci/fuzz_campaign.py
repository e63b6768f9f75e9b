"""The long fuzz campaign of issue 29: every public entry point on many careless, hostile or extreme inputs.

Per case it checks the package's promises: a result or a ValueError with a message (nothing else raised); no warning
from NumPy, SciPy or maxac's internals (maxac's own warnings point at the caller's line); the input unchanged; the same
call twice gives the same result; a power of two, a permutation of the rows, and one of the columns change nothing
(rank, votes, set-aside; the command line: its output with the noise level scaled); no NaN in a returned rank, capacity
or vote. The inputs are drawn from a seeded generator, case by case, so a count can be reproduced exactly:

    python .ci/fuzz_campaign.py --cases 10000 --out nbs/experiments/fuzz_counts.json

41_properties shows the stored counts and runs a short campaign in a slow cell. Failures are printed with the case
number; `--only NAME --first K --cases 1` reruns one.
"""
import argparse, io, json, os, sys, tempfile, time, warnings, contextlib
import numpy as np

os.environ.setdefault('OPENBLAS_NUM_THREADS', '1')
HERE = os.path.abspath(__file__)


def table(rng):
    "A matrix with one of the shapes and pathologies people's data have, and what was done to it."
    n, d = int(rng.choice([2, 4, 8, 20, 50, 120, 300])), int(rng.choice([1, 3, 5, 9, 20, 30, 40]))   # beyond 20: whitened
    kind = str(rng.choice(['low rank', 'noise', 'counts', 'one-hot', 'derived', 'duplicates', 'constant column',
                           'mixed units', 'integers', 'tiny', 'huge', 'nan', 'inf', 'zeros', 'wide']))
    if kind == 'wide': n, d = int(rng.integers(3, 15)), int(rng.integers(20, 80))
    rank = int(rng.integers(0, max(1, min(n, d))))
    X = rng.normal(size=(n, rank)) @ rng.normal(size=(rank, d)) * rng.uniform(0.5, 4) + rng.normal(size=(n, d))
    if kind == 'noise': X = rng.normal(size=(n, d))
    if kind == 'counts': X = rng.poisson(rng.uniform(0.1, 5), size=(n, d)).astype(float)
    if kind == 'one-hot': X = np.eye(d)[rng.integers(0, d, n)]
    if kind == 'derived' and d >= 2: X[:, -1] = X[:, :-1].sum(axis=1)
    if kind == 'duplicates' and n >= 2: X[n // 2:] = X[:n - n // 2]
    if kind == 'constant column': X[:, rng.integers(0, d)] = rng.normal()
    if kind == 'mixed units': X *= 10.0 ** rng.integers(-6, 7, size=d)
    if kind == 'integers': X = np.round(X * 10).astype(int)
    if kind == 'tiny': X *= 10.0 ** rng.uniform(-300, -150)
    if kind == 'huge': X *= 10.0 ** rng.uniform(150, 300)
    if kind == 'nan': X[rng.integers(0, n), rng.integers(0, d)] = np.nan
    if kind == 'inf': X[rng.integers(0, n), rng.integers(0, d)] = np.inf
    if kind == 'zeros': X = np.zeros((n, d))
    layout = str(rng.choice(['C', 'F', 'strided', 'float32', 'list']))
    if layout == 'F': X = np.asfortranarray(X)
    if layout == 'strided': X = np.repeat(X, 2, axis=1)[:, ::2]
    if layout == 'float32' and X.dtype == float and np.nanmax(np.abs(X), initial=0) < 1e38: X = X.astype(np.float32)
    if layout == 'list': X = X.tolist()
    return X, f'{kind}, {layout}'


def summary(result):
    "What a result must keep: rank, votes (and their number) and set-aside of a RankSelection; the fields of other results."
    import maxac
    if isinstance(result, maxac.RankSelection):
        aside = getattr(result, 'set_aside', None)
        counts = None if aside is None else tuple(np.size(getattr(aside, n)) for n in
                                                  ('constant_columns', 'zero_rows', 'duplicate_columns', 'duplicate_rows', 'dependent_columns'))
        return ('selection', result.rank, counts, result.n_votes, np.nan_to_num(result.votes, nan=-1))
    relations = lambda selection: np.size(getattr(getattr(selection, 'set_aside', None), 'dependent_columns', []))
    if hasattr(result, 'n_components_'): return ('estimator', result.n_components_, relations(result.selection_))
    if hasattr(result, 'selected_ranks'):
        return ('confidence', result.selection.rank, len(result.selected_ranks), float(result.probability), relations(result.selection))
    if hasattr(result, 'ranks') and hasattr(result, 'value'): return ('curve', tuple(result.ranks), np.asarray(result.value))
    return ('array', np.ravel(result))


def same(a, b):
    """Whether two summaries agree: exactly, except for estimates and values. Votes and probabilities are Monte Carlo
    estimates: a reordering can reassign the draws of objects whose canonical keys tie up to rounding, so they may move
    by up to 4 of their standard errors, sqrt(p (1 - p) / n) + 1 / n. Capacities and information values are sums in
    another order: relative 1e-6, compared only where s_1 / s_K <= 1e6 (`check`), so that the SVD's errors, a
    rounding of s_1 in each value, stay far below it."""
    if isinstance(a, tuple) and a and a[0] == 'refused' or isinstance(b, tuple) and b and b[0] == 'refused': return a == b
    if a[0] != b[0]: return False
    if a[0] == 'selection':
        if a[:4] != b[:4]: return False
        n = max(a[3], 1)
        p = np.clip(np.maximum(a[4], b[4]), 0, 1)                         # the standard error of either estimate
        return bool(np.all(np.abs(a[4] - b[4]) <= 4 * np.sqrt(p * (1 - p) / n) + 1 / n + 1e-12))
    if a[0] == 'confidence':
        return a[:3] == b[:3] and abs(a[3] - b[3]) <= 4 * np.sqrt(0.25 / a[2]) + 1 / a[2] and a[4] == b[4]
    if a[0] in ('curve', 'array'):
        x, y = (a[2], b[2]) if a[0] == 'curve' else (a[1], b[1])
        if a[0] == 'curve' and a[1] != b[1]: return False
        with np.errstate(invalid='ignore'):                              # inf - inf where both are inf: equal above
            return x.shape == y.shape and bool(np.all((x == y) | (np.abs(x - y) <= 1e-6 * np.maximum(np.abs(x), np.abs(y)))))
    return a == b


def has_nan(result):
    "A NaN where a number must be: a rank, a capacity, a vote, an information value."
    import maxac
    if isinstance(result, maxac.RankSelection):
        return bool(np.any(np.isnan(result.capacities))) or bool(result.n_votes and np.any(np.isnan(result.votes)))
    if hasattr(result, 'value'): return bool(np.any(np.isnan(result.value)))
    if isinstance(result, np.ndarray): return bool(np.any(np.isnan(result)))
    return False


def entry_points():
    "name -> (call(X, rng) -> result, scales): the public entry points, each with the variants a case draws from."
    import maxac, scipy.sparse
    import dask.array as da
    from maxac.interfaces.estimator import MaxACRank
    from maxac.selection.confidence import denoising_confidence

    def select(X, rng):
        how = str(rng.choice(['one', 'pair', 'fission', 'nearest', 'cross_fitted', 'sparse', 'sparse pair', 'dask',
                              'dask pair', 'center', 'model']))
        X = np.asarray(X, dtype=float)
        with np.errstate(over='ignore', invalid='ignore'):               # extreme tables: their spread overflows to inf
            spread = np.nanstd(X)
        X2 = X + rng.normal(size=X.shape) * (spread if np.isfinite(spread) and spread > 0 else 1.0) * 0.3
        options = dict(seed=int(rng.integers(100)), n_splits=3)
        if how in ('fission', 'nearest', 'cross_fitted'): options['pairing'] = how
        if how == 'center': options['center'] = True
        if how == 'model': options['resample'] = 'model'
        if how.startswith('sparse'): X, X2 = scipy.sparse.csr_matrix(X), scipy.sparse.csr_matrix(X2)
        if how.startswith('dask'): X, X2 = da.from_array(X, chunks=(7, -1)), da.from_array(X2, chunks=(7, -1))
        pair = (X, X2) if how.endswith('pair') or how == 'pair' else (X,)
        return how, lambda A: maxac.select_rank(*A, **options), pair

    def estimator(X, rng):
        center = bool(rng.integers(2))
        return 'estimator', lambda A: MaxACRank(center=center).fit(*A), (X,)

    def confidence(X, rng):
        return 'confidence', lambda A: denoising_confidence(*A, n_draws=2, seed=3), (X,)

    def curve(X, rng):
        X = np.asarray(X, dtype=float)
        X2 = X + rng.normal(size=X.shape)
        sigma = None if rng.integers(2) else float(rng.uniform(0.01, 2))
        return 'curve', lambda A: maxac.capacity_curve(*A, min(3, max(1, min(np.shape(A[0])))), sigma=sigma), (X, X2)

    def information(X, rng):
        X = np.asarray(X, dtype=float)
        X2 = X + rng.normal(size=X.shape)
        exponent = rng.uniform(-300, 300, size=3)                          # beta s^2 from 1e-300 to 1e300
        def beta(A):
            top = np.max(np.abs(A[0])) if np.all(np.isfinite(A[0])) else 0.0
            if not top > 0: return 10.0 ** exponent
            return np.exp(np.clip(exponent * np.log(10) - 2 * np.log(top), -700, 700))   # in range, whatever the data
        return 'information', lambda A: maxac.mutual_information(*A, 1, beta(A)), (X, X2)

    return {'select_rank': select, 'MaxACRank': estimator, 'denoising_confidence': confidence,
            'capacity_curve': curve, 'mutual_information': information}


def cli_case(X, rng, folder):
    "The command line on a file holding X: exit code and output, and the same for the file scaled, rows and columns permuted."
    from maxac.interfaces.cli import main
    def run(M):
        path = os.path.join(folder, 'table.csv')
        np.savetxt(path, np.asarray(M, dtype=float), delimiter=',')
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try: code = main(['select', path, '--baselines', 'none', '--bootstrap', '20'])
            except SystemExit as exit: code = exit.code
        return code, out.getvalue(), err.getvalue()
    return run


def check(name, make, X, rng):
    "`(failures, outcome)` of one case: the promises broken (strings), and 'result', 'refused', 'not compared' or 'by design'."
    how, call, args = make(X, rng)
    design = []
    failures, before = [], [np.array(a, copy=True) if not hasattr(a, 'compute') and not hasattr(a, 'tocsr') else
                            (a.compute().copy() if hasattr(a, 'compute') else a.toarray()) for a in args]
    def attempt(A):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter('always')
            try: result = call(A)
            except ValueError as error:
                result = ('refused', str(error))
                if len(str(error)) < 20: failures.append(f'{how}: a terse ValueError: {error!r}')
            except Exception as error:
                failures.append(f'{how}: {type(error).__name__}: {error}'); result = ('crashed', type(error).__name__)
        for w in caught:
            if os.path.abspath(w.filename) != HERE:
                failures.append(f'{how}: a leaked warning from {os.path.basename(w.filename)}: {w.message}')
        return result
    result = attempt(args)
    for a, b in zip(args, before):
        now = a.compute() if hasattr(a, 'compute') else a.toarray() if hasattr(a, 'tocsr') else np.asarray(a)
        if not np.array_equal(np.asarray(now), b, equal_nan=True): failures.append(f'{how}: the input was changed')
    if isinstance(result, tuple): reference = result
    else:
        if has_nan(result): failures.append(f'{how}: NaN in the result')
        reference = summary(result)
    again = attempt(args)
    again = again if isinstance(again, tuple) else summary(again)
    if not (same(again, reference) and (isinstance(again, tuple) or np.array_equal(again[-1], reference[-1]))):
        failures.append(f'{how}: not reproducible')
    if isinstance(result, tuple): return failures, 'refused'             # refused: scaled and permuted are not compared
    dense = [np.asarray(a.compute() if hasattr(a, 'compute') else a.toarray() if hasattr(a, 'tocsr') else a, dtype=float) for a in args]
    rebuild = lambda arrays: [type(a)(b) if hasattr(a, 'tocsr') else
                              __import__('dask.array').array.from_array(b, chunks=(7, -1)) if hasattr(a, 'compute') else b
                              for a, b in zip(args, arrays)]
    if name in ('capacity_curve', 'mutual_information'):                 # values compared only where well conditioned
        values = np.linalg.svd(dense[0], compute_uv=False)
        K = 1 if name == 'mutual_information' else min(3, values.size)
        if not values[K - 1] * 1e6 >= values[0]: return failures, 'not compared'
    top = max(np.max(np.abs(a)) for a in dense)
    k = int(rng.integers(-8, 9)) if not (0 < top < np.inf) else int(np.clip(rng.integers(-600, 601), -1000 - np.log2(top) + 60, 1000 - np.log2(top) - 60))
    rows, columns = rng.permutation(dense[0].shape[0]), rng.permutation(dense[0].shape[1])
    for label, arrays in (('scaled by a power of two', [a * 2.0 ** k for a in dense]), ('rows permuted', [a[rows] for a in dense]),
                          ('columns permuted', [a[:, columns] for a in dense])):
        if name == 'mutual_information' and label != 'rows permuted': continue   # beta is in the data's units
        if name == 'capacity_curve' and label == 'scaled by a power of two': continue   # the width sigma is in data units
        other = attempt(rebuild(arrays))
        other = other if isinstance(other, tuple) else summary(other)
        if same(reference, other): continue
        related = {'selection': lambda r: r[2] and r[2][4], 'estimator': lambda r: r[2], 'confidence': lambda r: r[4]}
        if label == 'columns permuted' and reference[0] in related and related[reference[0]](reference):
            design.append(f'{how}: {label}: {reference} -> {other}')   # the last column of a relation is set aside
        else: failures.append(f'{how}: {label} changed the result: {reference} -> {other}')
    return failures, 'by design' if design and not failures else 'result'


def campaign(cases, only=None, first=0, progress=True):
    "Run the campaign: counts per entry point (cases, results, refusals, not compared, failed) and the failures themselves."
    import maxac
    counts, failures = {}, []
    points = entry_points()
    folder = tempfile.mkdtemp()
    for name in (only or list(points) + ['command line']):
        started, tally = time.time(), dict(cases=0, result=0, refused=0, failed=0)
        for case in range(first, first + cases):
            rng = np.random.default_rng([sum(map(ord, name)), case])         # the case's own stream: reproducible alone
            X, what = table(rng)
            if name == 'command line':
                run = cli_case(X, rng, folder)
                code, out, err = run(X)
                problems = [] if code in (0, 1, 2) else [f'exit code {code}']
                if 'Traceback' in err: problems.append('a traceback')
                lines = err.splitlines()
                if any(not line.startswith('maxac: ') for line in lines) or code != 0 and not lines[-1].startswith('maxac: error: '):
                    problems.append(f'output on stderr other than maxac warnings and one error line: {err[-300:]!r}')
                if code == 0:
                    rows = rng.permutation(np.shape(X)[0])
                    code2, out2, _ = run(np.asarray(X, dtype=float)[rows])
                    pick = lambda text: [line for line in text.splitlines() if line.startswith('rank')]
                    if code2 != 0 or pick(out2) != pick(out): problems.append(f'rows permuted changed the output: {pick(out)} -> {pick(out2)}')
                outcome = 'result' if code == 0 else 'refused'
            else: problems, outcome = check(name, points[name], X, rng)
            tally[outcome] = tally.get(outcome, 0) + 1
            tally['cases'] += 1
            tally['failed'] += bool(problems)
            for problem in problems: failures.append(f'{name} case {case} ({what}): {problem}')
            if problems and progress: print(f'{name} case {case} ({what}): {problems}', flush=True)
        counts[name] = dict(tally, seconds=round(time.time() - started, 1))
        if progress: print(name, counts[name], flush=True)
    return counts, failures


if __name__ == '__main__':
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--cases', type=int, default=10000)
    parser.add_argument('--first', type=int, default=0)
    parser.add_argument('--only', nargs='*', default=None)
    parser.add_argument('--out', default=None)
    options = parser.parse_args()
    import maxac
    counts, failures = campaign(options.cases, options.only, options.first)
    report = dict(cases_per_entry_point=options.cases, first_case=options.first, counts=counts, failures=failures[:200],
                  n_failures=len(failures), maxac_commit=os.popen('git rev-parse --short HEAD').read().strip(),
                  numpy=np.__version__)
    if options.out:
        with open(options.out, 'w') as f: json.dump(report, f, indent=1)
    print(json.dumps({k: v for k, v in report.items() if k != 'failures'}, indent=1))
    sys.exit(1 if failures else 0)
