"""Packaging for maxac, read from settings.ini (nbdev 2 layout, without pkg_resources)."""
from configparser import ConfigParser
from pathlib import Path

import setuptools

here = Path(__file__).parent
config = ConfigParser(delimiters=['='])
config.read(here / 'settings.ini', encoding='utf-8')
cfg = config['DEFAULT']

licenses = {'apache2': 'Apache-2.0'}   # SPDX expression; license classifiers are deprecated
statuses = ['1 - Planning', '2 - Pre-Alpha', '3 - Alpha', '4 - Beta', '5 - Production/Stable',
            '6 - Mature', '7 - Inactive']
requirements = cfg.get('requirements', '').split()
dev_requirements = cfg.get('dev_requirements', '').split()
dask_requirements = cfg.get('dask_requirements', '').split()
sklearn_requirements = cfg.get('sklearn_requirements', '').split()
screenot_requirements = cfg.get('screenot_requirements', '').split()
gpu_requirements = cfg.get('gpu_requirements', '').split()
console_scripts = [s.strip() for s in cfg.get('console_scripts', '').split('\n') if s.strip()]

setuptools.setup(
    name=cfg['lib_name'],
    version=cfg['version'],
    description=cfg['description'],
    long_description=(here / 'README.md').read_text(encoding='utf-8'),
    long_description_content_type='text/markdown',
    author=cfg['author'],
    author_email=cfg['author_email'],
    license=licenses[cfg['license']],
    url=cfg['git_url'],
    keywords=cfg['keywords'],
    classifiers=[
        'Development Status :: ' + statuses[int(cfg['status'])],
        'Intended Audience :: ' + cfg['audience'],
        'Natural Language :: ' + cfg['language'],
        'Programming Language :: Python :: 3',
        'Topic :: Scientific/Engineering :: Mathematics',
    ],
    packages=setuptools.find_packages(include=['maxac', 'maxac.*']),
    include_package_data=True,
    python_requires='>=' + cfg['min_python'],
    install_requires=requirements,
    extras_require={'dev': dev_requirements, 'dask': dask_requirements, 'sklearn': sklearn_requirements,
                    'screenot': screenot_requirements, 'gpu': gpu_requirements},
    entry_points={'console_scripts': console_scripts, 'nbdev': [f"{cfg['lib_path']}={cfg['lib_path']}._modidx:d"]},
    zip_safe=False,
)
