"""The outline a lesson page turns into a Jupyter notebook or a .py file for the learner.

The page has no Markdown parser, so the build cuts the lesson's source into Markdown segments
and code cells (by id: the page fills in the learner's current code). Quizzes become a short
Markdown list; hints and solutions stay on the page.
"""

from __future__ import annotations

from .lessonformat import Attachment, CodeCell, Lesson, Quiz, ShownOutput


def notebook_outline(lesson: Lesson) -> list[dict]:
    """[{"markdown": text} | {"cell": id}, …] in page order, starting with the title."""
    lines = lesson.path.read_text(encoding="utf-8").splitlines()
    outline: list[dict] = [{"markdown": f"# {lesson.title}\n\n{lesson.summary}"}]
    prose: list[str] = []
    position = 0
    for token in lesson.tokens:
        if token.type == "front_matter":
            position = token.map[1]
            continue
        if token.type != "fence" or not token.map:
            continue
        block = token.meta.get("block")
        if block is None or isinstance(block, ShownOutput) or (isinstance(block, CodeCell) and block.static):
            continue  # plain and static code blocks, and their shown output, stay in the Markdown
        prose += lines[position:token.map[0]]
        position = token.map[1]
        if isinstance(block, CodeCell):
            _flush(prose, outline)
            outline.append({"cell": block.id})
        elif isinstance(block, Quiz):
            prose += ["", f"**Check yourself:** {block.question}", ""]
            prose += [f"- {option.answer}" for option in block.choices]
        elif isinstance(block, Attachment):
            pass  # hints and solutions are part of the page's exercise
    prose += lines[position:]
    _flush(prose, outline)
    return outline


def _flush(prose: list[str], outline: list[dict]) -> None:
    text = "\n".join(prose).strip()
    if text:
        outline.append({"markdown": text})
    prose.clear()
