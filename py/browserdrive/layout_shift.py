"""The layout shift of a page, measured alike by tests/browser/test_layout_shift.py and
bench/layout_shift.py in Chromium (Layout Instability API)."""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).parent
# An init script: window.layoutShiftWindow, the shifts not caused by input from navigation until
# 4 s after the runtime status first reads "ready", each with the nodes that moved.
RECORDER = (HERE / "layout_shift.js").read_text(encoding="utf-8")
# A page function: the layout shifts while each cell is scrolled to in turn, [{value, sources}].
JUMP_TO_EVERY_CELL = (HERE / "jump_to_every_cell.js").read_text(encoding="utf-8")
