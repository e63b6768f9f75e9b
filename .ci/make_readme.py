"""Write README.md from nbs/index.ipynb with nbconvert (quarto, which nbdev_readme needs, is not available).

Usage: python .ci/make_readme.py          # regenerate README.md
       python .ci/make_readme.py --check  # exit 1 if README.md is not what the notebook gives
"""
import argparse
import copy
import re
import sys
from pathlib import Path

import nbformat
from nbconvert import MarkdownExporter

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK, README = ROOT / 'nbs' / 'index.ipynb', ROOT / 'README.md'
FIGURES = 'nbs/readme_files'          # the README's figures, written from the notebook's outputs
DIRECTIVE = re.compile(r'^\s*#\s*\|\s*(\S+)')
END = '<!-- README ends here'             # a markdown cell starting so ends the README; the index goes on
HEADER = '<!-- Generated from nbs/index.ipynb by .ci/make_readme.py: edit the notebook, not this file. -->\n\n'


def _directives(source):
    "The nbdev directives (`#| name`) at the top of a cell's source."
    names = []
    for line in source.splitlines():
        match = DIRECTIVE.match(line)
        if not match: break
        names.append(match.group(1).rstrip(':'))
    return names


def readme_text(notebook=NOTEBOOK):
    "The README as Markdown and its figures {path: bytes}: hidden cells and nbdev directives dropped, outputs kept."
    nb = copy.deepcopy(nbformat.read(notebook, as_version=4))
    cells = []
    for cell in nb.cells:
        if cell.cell_type == 'markdown' and cell.source.startswith(END): break   # the rest is in the index only
        names = _directives(cell.source)
        if 'hide' in names or 'nbdev_export(' in cell.source: continue
        if cell.cell_type == 'code':
            cell.source = '\n'.join(l for l in cell.source.splitlines() if not DIRECTIVE.match(l)).strip('\n')
        cells.append(cell)
    nb.cells = cells
    nb.metadata['language_info'] = {'name': 'python'}   # fenced code blocks say python
    body, resources = MarkdownExporter(exclude_raw=True).from_notebook_node(
        nb, resources={'output_files_dir': FIGURES, 'unique_key': 'readme'})
    body = re.sub(r'\n{3,}', '\n\n', body).strip() + '\n'
    return HEADER + body, dict(resources.get('outputs', {}))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--check', action='store_true', help='fail if README.md is stale instead of writing it')
    args = parser.parse_args(argv)
    text, figures = readme_text()
    folder = ROOT / FIGURES
    on_disk = {str(p.relative_to(ROOT)): p.read_bytes() for p in folder.glob('*')} if folder.exists() else {}
    if args.check:
        if not README.exists() or README.read_text(encoding='utf-8') != text or on_disk != figures:
            print(f'README.md or {FIGURES}/ is stale: run `python .ci/make_readme.py` and commit the result.', file=sys.stderr)
            return 1
        print('README.md is current.')
        return 0
    for name in set(on_disk) - set(figures): (ROOT / name).unlink()
    for name, data in figures.items():
        (ROOT / name).parent.mkdir(parents=True, exist_ok=True)
        (ROOT / name).write_bytes(data)
    README.write_text(text, encoding='utf-8')
    print(f'wrote {README.relative_to(ROOT)} and {len(figures)} figure(s) in {FIGURES}/')
    return 0


if __name__ == '__main__':
    sys.exit(main())
