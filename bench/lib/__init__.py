"""The benches' library: what several benches share, one job per module.

- `conditions`: the time, command, load and cores a run prints first and last.
- `pagejs`: the JavaScript the benches run in pages (bench/js/*.js), read at run time, and
  calling it.
- `recorder`: the script the benches write into the pages they open, timing their first output.
- `traffic`: what the bench's server sent, per request, and its split into Pyodide's core files
  and the course's own.
- `network`: the slow network of the throttled runs (Chromium's emulation, or the server's link).
- `server`: the course's server for one scenario, counting (and, when asked, throttling) what it
  sends.
- `report`: figures and tables as the benches print them.

Importing `lib` puts the repository's root and `py/` first on `sys.path`, the import roots
pytest's `pythonpath` (pyproject.toml) gives the tests: a bench imports `lib` before `build`,
`lessonbuild` or `browserdrive`.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

sys.path[:0] = [str(folder) for folder in (ROOT, ROOT / "py") if str(folder) not in sys.path]
