"""Run every notebook's cells as the test suite, with nbdev's own `test_nb`, and count honestly.

Usage: python .ci/test_notebooks.py [--slow] [--workers N] [NOTEBOOK ...]

Cells flagged with a `tst_flags` directive (`#| slow`) are skipped unless `--slow` is given or the
environment variable CI is `true` (so CI always runs them). Each notebook runs in its own Python process.
Ends with the line `N passed, N failed`, counted per notebook; exits 1 if any notebook failed or if no
notebook was found.
"""
import argparse
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# One BLAS thread per notebook (unless set): the workers already use the cores, and a multi-threaded BLAS
# competing with another process can be a hundred times slower.
BLAS_THREADS = ('OPENBLAS_NUM_THREADS', 'OMP_NUM_THREADS', 'MKL_NUM_THREADS')


def run_one(path, skip_flags):
    "Test one notebook in this process with nbdev's `test_nb`; True if every cell ran."
    os.environ.setdefault('MPLBACKEND', 'Agg')
    from nbdev.test import test_nb
    ok, _ = test_nb(Path(path), skip_flags=skip_flags, basepath=str(ROOT))
    return bool(ok)


def _spawn(path, skip_flags):
    "Test one notebook in a fresh interpreter; its errors go to our stderr."
    start = time.time()
    command = [sys.executable, __file__, '--one', str(path), '--skip', ','.join(skip_flags)]
    threads = {name: os.environ.get(name, '1') for name in BLAS_THREADS}     # notebooks run side by side
    result = subprocess.run(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env={**os.environ, **threads})
    return path, result.returncode == 0, time.time() - start, result.stdout


def notebooks(names=()):
    "The notebooks to test: those named, or every notebook under nbs/ (not checkpoints or hidden folders)."
    if names: return [Path(n).resolve() for n in names]
    return sorted(p for p in (ROOT / 'nbs').rglob('*.ipynb')
                  if not any(part.startswith(('.', '_')) for part in p.relative_to(ROOT / 'nbs').parts))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('notebooks', nargs='*', help='notebooks to test (default: all under nbs/)')
    parser.add_argument('--slow', action='store_true', help='also run cells flagged slow (default when CI=true)')
    parser.add_argument('--workers', type=int, default=min(2, os.cpu_count() or 1), help='notebooks at once')
    parser.add_argument('--one', help=argparse.SUPPRESS)
    parser.add_argument('--skip', default='', help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one: return 0 if run_one(args.one, [f for f in args.skip.split(',') if f]) else 1
    from nbdev.config import get_config
    flags = get_config(path=ROOT).tst_flags.split()
    run_slow = args.slow or os.environ.get('CI', '').lower() == 'true'
    skip_flags = [] if run_slow else flags
    files = notebooks(args.notebooks)
    if not files:
        print('No notebook found under nbs/: nothing was tested.', file=sys.stderr)
        print('0 passed, 0 failed')
        return 1
    print(f'Testing {len(files)} notebooks ({"with" if run_slow else "without"} cells flagged {", ".join(flags)})',
          flush=True)
    start, results = time.time(), []
    with ThreadPoolExecutor(max_workers=max(1, args.workers)) as pool:
        for path, ok, seconds, output in pool.map(lambda f: _spawn(f, skip_flags), files):
            results.append(ok)
            if not ok: print(output, file=sys.stderr, flush=True)
            name = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
            print(f'{"PASS" if ok else "FAIL"} {name} ({seconds:.1f} s)', flush=True)
    passed = sum(results)
    print(f'total time {time.time() - start:.1f} s')
    print(f'{passed} passed, {len(results) - passed} failed')
    return 0 if passed == len(results) else 1


if __name__ == '__main__':
    sys.exit(main())
