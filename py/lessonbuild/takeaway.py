"""What a lesson page needs to turn the lesson into a Jupyter notebook or a .py file.

The page has no Markdown parser, so the build cuts the lesson's source into Markdown segments
and code cells (by id: the page fills in the learner's current code). Quizzes become a short
Markdown list, and a rank playground its list in words; hints and solutions stay on the page; each exercise is followed by a cell that
runs its check (cellruntime.notebook).

A download runs in any Python 3.11+, with no network: its first cell is the set-up cell
(SETUP_CELL), which carries the page's own wheels (rankmetrics, cellruntime, and the lesson's
packages such as pygal) as base64 and unpacks them. The page fills them in when the learner
downloads, from the wheels it already has (offline too: the service worker keeps them), in
place of WHEELS_PLACEHOLDER.
"""

from __future__ import annotations

from .lessonformat import PREDICT_KIND, Attachment, CodeCell, DeclaredCheck, Lesson, Quiz, ShownOutput
from .paths import SITE
from .playground import Playground, playground_markdown

SETUP_CELL = SITE / "takeaway" / "setup-cell.py"
SETUP_CELL_ASSET = "assets/takeaway-setup-cell.py"
#: The text after "WHEELS = " in SETUP_CELL that the page replaces with {file name: base64}.
WHEELS_PLACEHOLDER = "{}  # filled in by the page that makes the download: {file name: base64 of the wheel}"
#: The cell after an exercise: the same cases and checker as the page's Check button.
CHECK_CELL = """\
# Check the exercise above: the same cases and checker as the lesson page's Check button.
from cellruntime.notebook import check
check({name!r}, globals())"""


def setup_cell_asset() -> dict[str, bytes]:
    """{SETUP_CELL_ASSET: the set-up cell's template}. RuntimeError when its placeholder line
    is not there exactly once (the page could not fill in the wheels)."""
    text = SETUP_CELL.read_text(encoding="utf-8")
    if text.count(f"WHEELS = {WHEELS_PLACEHOLDER}\n") != 1:
        raise RuntimeError(f"{SETUP_CELL} must hold the line 'WHEELS = {WHEELS_PLACEHOLDER}' once")
    return {SETUP_CELL_ASSET: text.encode()}


def takeaway_data(setup_cell_url: str, wheels: list[str]) -> dict:
    """What the page needs for a download's set-up cell: the template's URL, the placeholder
    it replaces, and the site's wheels (paths) to carry."""
    return {"setup": setup_cell_url, "placeholder": WHEELS_PLACEHOLDER, "wheels": list(wheels)}


def notebook_outline(lesson: Lesson) -> list[dict]:
    """[{"markdown": text} | {"cell": id} | {"check": id, "code": text}, …] in page order,
    starting with the title; "check" parts follow their exercise ("cell") and hold the code of
    the cell that checks it."""
    lines = lesson.path.read_text(encoding="utf-8").splitlines()
    outline: list[dict] = [{"markdown": f"# {lesson.title}\n\n{lesson.summary}"}]
    prose: list[str] = []
    position = 0
    playground_ids = {playground.id for playground in lesson.playgrounds}
    for token in lesson.tokens:
        if token.type == "front_matter":
            position = token.map[1]
            continue
        if token.type != "fence" or not token.map:
            continue
        block = token.meta.get("block")
        if block is None or isinstance(block, ShownOutput) or (isinstance(block, CodeCell) and block.static):
            continue  # plain and static code blocks, and their shown output, stay in the Markdown
        prose += lines[position : token.map[0]]
        position = token.map[1]
        if isinstance(block, CodeCell):
            _flush(prose, outline)
            outline.append({"cell": block.id})
            if block.check:
                outline.append({"check": block.id, "code": CHECK_CELL.format(name=block.check_name)})
        elif isinstance(block, Playground):
            prose += ["", playground_markdown(block), ""]
        elif isinstance(block, Quiz):
            lead = "Predict, then run the next cell" if block.kind == PREDICT_KIND else "Check yourself"
            if block.guards in playground_ids:
                lead = "Predict, then try it in the rank playground on the lesson page"
            prose += ["", f"**{lead}:** {block.question}", ""]
            prose += [f"- {option.answer}" for option in block.choices]
        elif isinstance(block, (Attachment, DeclaredCheck)):
            pass  # hints, solutions and an exercise's own check are part of the page's exercise
    prose += lines[position:]
    _flush(prose, outline)
    return outline


def _flush(prose: list[str], outline: list[dict]) -> None:
    text = "\n".join(prose).strip()
    if text:
        outline.append({"markdown": text})
    prose.clear()
