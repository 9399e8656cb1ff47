"""The ```playground block: a rank playground's list, grades and settings (lessons/README.md).

Reading fills a Playground record from the block's YAML and reports every mistake with the line
it is on and what to change, so the build stops before anything is written. The page's script
(site/js/playground/) reads `playground_config`, which the page embeds as JSON, and asks the
worker for the readouts (rankmetrics.pages.playground).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field

import yaml

from rankmetrics.pages.playground import METRIC_NAMES

PLAYGROUND_KIND = "playground"
MAX_ITEMS = 30  # a list holds at most this many items, retrieved and not (ui-contract.md)
MAX_GRADE = 3  # the default top grade: grades run 0..max_grade
MAX_GRADE_LIMIT = 10  # the largest max_grade a block may ask for
DEFAULT_K = 5  # k defaults to min(len(items), DEFAULT_K)
GAINS = ("exponential", "linear")  # as rankmetrics; the first is the default
DEFAULT_THRESHOLD = 1
ITEM_ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,19}$")
KEYS = ("title", "items", "unretrieved", "k", "gain", "threshold", "max_grade", "readouts")


@dataclass
class Playground:
    """A fenced ```playground id=ID block. `options` are the fence's; the other fields are filled
    from the YAML body when the lesson loads (fill_playground)."""

    line: int  # 1-based line of the opening fence
    options: dict[str, str | bool]
    content: str
    title: str = ""
    items: list[tuple[str, int]] = field(default_factory=list)  # (id, grade), in rank order
    unretrieved: list[tuple[str, int]] = field(default_factory=list)
    k: int = 1
    gain: str = GAINS[0]
    threshold: int = DEFAULT_THRESHOLD
    max_grade: int = MAX_GRADE
    readouts: list[str] = field(default_factory=lambda: list(METRIC_NAMES))
    prediction: str | None = None  # the id of the ```predict block that asks first, if any

    @property
    def id(self) -> str | None:
        value = self.options.get("id")
        return value if isinstance(value, str) else None


def playground_config(playground: Playground) -> dict:
    """The JSON the page's script starts from (shape in lessons/README.md, "Rank playground")."""
    return {
        "id": playground.id,
        "title": playground.title,
        "items": [{"id": item, "grade": grade} for item, grade in playground.items],
        "unretrieved": [{"id": item, "grade": grade} for item, grade in playground.unretrieved],
        "k": playground.k,
        "gain": playground.gain,
        "threshold": playground.threshold,
        "max_grade": playground.max_grade,
        "readouts": list(playground.readouts),
        "max_items": MAX_ITEMS,
        "prediction": playground.prediction,
    }


def playground_markdown(playground: Playground) -> str:
    """The playground in a notebook download: its list and settings in words (no page script)."""
    ranked = ", ".join(f"{item} (grade {grade})" for item, grade in playground.items)
    lines = [
        f"**Rank playground: {playground.title}** (interactive on the lesson page).",
        "",
        f"Ranked list, best first: {ranked}.",
    ]
    if playground.unretrieved:
        lines.append(
            "Judged but not retrieved: "
            + ", ".join(f"{item} (grade {grade})" for item, grade in playground.unretrieved)
            + "."
        )
    lines.append(f"k = {playground.k}, {playground.gain} gain, relevant at grade {playground.threshold} or more.")
    return "\n".join(lines)


def fill_playground(playground: Playground, report) -> None:
    """Read the block's YAML into `playground`; call report(line, message, fix) for each mistake.

    Args:
        playground: the record, with `line`, `options` and `content` set.
        report: callable(line: int, message: str, fix: str), one call per problem.
    """
    body_line = playground.line + 1  # YAML line 0 is the file's line after the fence
    if playground.id is None:
        report(playground.line, "This playground has no id.", "Write ```playground id=some-name.")
    for key in playground.options:
        if key != "id":
            report(playground.line, f"Unknown playground option '{key}'.", "Write only id=… after ```playground.")
    try:
        node = yaml.compose(playground.content)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        reason = str(getattr(error, "problem", None) or error).strip()
        report(
            body_line + mark.line if mark else playground.line,
            f"The playground is not valid YAML ({reason}).",
            "Fix the YAML.",
        )
        return
    if not isinstance(node, yaml.MappingNode):
        report(
            playground.line,
            "The playground must be a YAML mapping.",
            "Write 'items:' and a list of '- ID: grade' lines.",
        )
        return
    fields: dict[str, tuple[object, int]] = {}
    meant: set[str] = set()  # the fields an unknown one is a misspelling of
    for key_node, value_node in node.value:
        line = body_line + key_node.start_mark.line
        key = key_node.value
        if key not in KEYS:
            near = difflib.get_close_matches(str(key), KEYS, n=1)
            meant.update(near)
            hint = f"Did you mean '{near[0]}'? " if near else ""
            report(line, f"Unknown playground field '{key}'.", f"{hint}Use only: {', '.join(KEYS)}.")
        elif key in fields:
            report(line, f"Field '{key}' is given twice (first on line {fields[key][1]}).", "Keep one of them.")
        else:
            fields[key] = (value_node, line)

    def value(key: str):
        node_line = fields.get(key)
        return (_construct(node_line[0]), node_line[1]) if node_line else (None, playground.line)

    max_grade, line = value("max_grade")
    if max_grade is not None:
        if _is_int(max_grade) and 1 <= max_grade <= MAX_GRADE_LIMIT:
            playground.max_grade = max_grade
        else:
            report(
                line,
                f"max_grade must be a whole number from 1 to {MAX_GRADE_LIMIT}, not {max_grade!r}.",
                "Write e.g. 'max_grade: 3'.",
            )

    title, line = value("title")
    if title is not None and (not isinstance(title, str) or not title.strip()):
        report(line, "The title must be one line of text.", "Write e.g. 'title: Move d to the top'.")
    playground.title = title.strip() if isinstance(title, str) and title.strip() else (playground.id or "")

    seen: dict[str, int] = {}
    if "items" not in fields:
        if "items" not in meant:  # a misspelt 'items' is reported once, above
            report(
                playground.line,
                "The playground has no items.",
                "Add 'items:' with one '- ID: grade' line per ranked item.",
            )
    else:
        playground.items = _item_list("items", *fields["items"], body_line, playground.max_grade, seen, report)
        # An empty list, not one whose entries were all reported already.
        if isinstance(fields["items"][0], yaml.SequenceNode) and not fields["items"][0].value:
            report(fields["items"][1], "The ranked list is empty.", "Give it at least one '- ID: grade' line.")
    if "unretrieved" in fields:
        playground.unretrieved = _item_list(
            "unretrieved", *fields["unretrieved"], body_line, playground.max_grade, seen, report
        )
    total = len(playground.items) + len(playground.unretrieved)
    if total > MAX_ITEMS:
        report(
            fields["items"][1],
            f"The playground has {total} items; a playground holds at most {MAX_ITEMS}.",
            f"Remove {total - MAX_ITEMS} items from 'items' or 'unretrieved'.",
        )

    k, line = value("k")
    playground.k = max(1, min(len(playground.items), DEFAULT_K))
    if k is not None:
        if _is_int(k) and 1 <= k <= MAX_ITEMS:
            playground.k = k
        else:
            report(line, f"k must be a whole number from 1 to {MAX_ITEMS}, not {k!r}.", "Write e.g. 'k: 3'.")

    gain, line = value("gain")
    if gain is not None:
        if gain in GAINS:
            playground.gain = gain
        else:
            report(line, f"Unknown gain {gain!r}.", f"Write 'gain: {GAINS[0]}' or 'gain: {GAINS[1]}'.")

    threshold, line = value("threshold")
    if threshold is not None:
        if _is_int(threshold) and 1 <= threshold <= playground.max_grade:
            playground.threshold = threshold
        else:
            report(
                line,
                f"threshold must be a whole number from 1 to max_grade ({playground.max_grade}), not {threshold!r}.",
                "Write e.g. 'threshold: 1' (grades at or above it count as relevant).",
            )

    readouts, line = value("readouts")
    if readouts is not None:
        _fill_readouts(playground, readouts, line, report)


def _fill_readouts(playground: Playground, readouts: object, line: int, report) -> None:
    if not isinstance(readouts, list) or not readouts:
        report(
            line, "readouts must be a list of metric names.", f"Write e.g. 'readouts: [{', '.join(METRIC_NAMES[:2])}]'."
        )
        return
    chosen = []
    for name in readouts:
        if name not in METRIC_NAMES:
            report(line, f"Unknown readout {name!r}.", f"Use some of: {', '.join(METRIC_NAMES)}.")
        elif name in chosen:
            report(line, f"Readout '{name}' is listed twice.", "List each metric once.")
        else:
            chosen.append(name)
    playground.readouts = chosen


def _item_list(key, node, line, body_line, max_grade, seen, report) -> list[tuple[str, int]]:
    """Read a list of '- ID: grade' lines; report bad ids, grades and duplicates by line."""
    fix = f"Write '{key}:' then one '- ID: grade' line per item, e.g. '- d1: 2'."
    if not isinstance(node, yaml.SequenceNode):
        report(line, f"'{key}' must be a list of '- ID: grade' lines.", fix)
        return []
    items = []
    for entry in node.value:
        entry_line = body_line + entry.start_mark.line
        if not isinstance(entry, yaml.MappingNode) or len(entry.value) != 1:
            report(entry_line, f"This entry of '{key}' is not one 'ID: grade' pair.", fix)
            continue
        key_node, grade_node = entry.value[0]
        item = key_node.value
        grade = _construct(grade_node)
        if not isinstance(item, str) or not ITEM_ID_PATTERN.match(item):
            report(
                entry_line,
                f"The item id {item!r} is not valid.",
                "Use up to 20 letters, digits, '-', '_' or '.', starting with a letter or digit.",
            )
            continue
        if not _is_int(grade) or not 0 <= grade <= max_grade:
            report(
                entry_line,
                f"The grade of '{item}' must be a whole number from 0 to {max_grade}, not {grade!r}.",
                f"Write e.g. '- {item}: 1' (or raise 'max_grade').",
            )
            continue
        if item in seen:
            report(
                entry_line,
                f"Item '{item}' is listed twice (first on line {seen[item]}).",
                "Give every item its own id.",
            )
            continue
        seen[item] = entry_line
        items.append((item, grade))
    return items


def _construct(node: yaml.Node) -> object:
    """The Python value of a composed YAML node (safe types only)."""
    return yaml.SafeLoader("").construct_object(node, deep=True)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
