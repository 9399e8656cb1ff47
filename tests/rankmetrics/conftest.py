"""The helpers of the rankmetrics tests (ranking_strategies.py, vector_check.py), importable by
name from every test here, those of rankmetrics.pages in pages/ too."""

import sys
from pathlib import Path

HERE = str(Path(__file__).parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
