"""Run every notebook's cells as the test suite, with nbdev's own `test_nb`, and count honestly.

Usage: python .ci/test_notebooks.py [--slow] [--workers N] [NOTEBOOK ...]

Cells flagged with a `tst_flags` directive (`#| slow`) are skipped unless `--slow` is given or the
environment variable CI is `true` (so CI always runs them). Ends with the line `N passed, N failed`,
counted per notebook; exits 1 if any notebook failed or if no notebook was found.
"""
import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run_one(args):
    path, skip_flags = args
    os.environ.setdefault('MPLBACKEND', 'Agg')
    from nbdev.test import test_nb
    start = time.time()
    try:
        ok, _ = test_nb(path, skip_flags=skip_flags, basepath=str(ROOT))
    except Exception as exc:  # a notebook that cannot even be read counts as failed
        print(f'{path.name}: {exc!r}', file=sys.stderr)
        ok = False
    return path, bool(ok), time.time() - start


def notebooks(names=()):
    "The notebooks to test: those named, or every notebook under nbs/ (not checkpoints or hidden folders)."
    if names: return [Path(n).resolve() for n in names]
    return sorted(p for p in (ROOT / 'nbs').rglob('*.ipynb')
                  if not any(part.startswith(('.', '_')) for part in p.relative_to(ROOT / 'nbs').parts))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('notebooks', nargs='*', help='notebooks to test (default: all under nbs/)')
    parser.add_argument('--slow', action='store_true', help='also run cells flagged slow (default when CI=true)')
    parser.add_argument('--workers', type=int, default=min(2, os.cpu_count() or 1), help='parallel notebooks')
    args = parser.parse_args(argv)
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
    with ProcessPoolExecutor(max_workers=max(1, args.workers)) as pool:
        for path, ok, seconds in pool.map(_run_one, [(f, skip_flags) for f in files]):
            results.append(ok)
            print(f'{"PASS" if ok else "FAIL"} {path.relative_to(ROOT)} ({seconds:.1f} s)', flush=True)
    passed = sum(results)
    print(f'total time {time.time() - start:.1f} s')
    print(f'{passed} passed, {len(results) - passed} failed')
    return 0 if passed == len(results) else 1


if __name__ == '__main__':
    sys.exit(main())
