"""The records a lesson file loads into (lessonformat.py fills them; lessons/README.md is the format).

Loading completes every record: a quiz's question and options come from its YAML, and an
exercise cell holds its hints (a first and a second), solution and own check. validate.py only
checks them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from markdown_it.token import Token

from .problems import Problem

ATTACHMENT_KINDS = ("hint", "solution")
OUTPUT_KIND = "output"  # what the static block just above it prints under CPython
PREDICT_KIND = "predict"  # a question asked before a cell's (or a playground's) output shows
CHECK_KIND = "check"  # an exercise's own check: cases to compare with its solution

#: The `check=` value of an exercise checked by its lesson's own ```check block.
OWN_CHECK = "lesson"

#: The module a check may import by name (`from common import …`): what the course's checks
#: share, in a file relative to the lessons' folder. The build ships it inside each check that
#: imports it.
SHARED_CHECK_MODULE = "common"
SHARED_CHECK_FILE = "checks/common.py"

#: An exercise's hints, in the order its ```hint blocks stand in the file: the first asks a
#: question that points at the idea, the second (shown on a second request) gives the key step.
MAX_HINTS = 2


@dataclass
class CodeCell:
    """A fenced ```python block: a runnable cell (or a static snippet)."""

    line: int  # 1-based line of the opening fence
    code: str
    options: dict[str, str | bool]
    number: int = 0  # position among the page's visible runnable cells, set by number_cells()
    hints: "list[Attachment]" = field(default_factory=list)  # linked when the lesson loads, in file order
    solution: "Attachment | None" = None
    own_check: "DeclaredCheck | None" = None  # the lesson's ```check for=ID block (check=lesson)
    other_functions: tuple[str, ...] = ()  # what the course's other exercises' own checks compare
    shown_output: "ShownOutput | None" = None  # the ```output block right after it, if any

    @property
    def id(self) -> str | None:
        value = self.options.get("id")
        return value if isinstance(value, str) else None

    @property
    def hint(self) -> "Attachment | None":
        """An exercise's first hint: a question that points the learner at the idea."""
        return self.hints[0] if self.hints else None

    @property
    def second_hint(self) -> "Attachment | None":
        """An exercise's second hint, shown on a second request: the formula or the key step."""
        return self.hints[1] if len(self.hints) > 1 else None

    @property
    def label(self) -> str | None:
        value = self.options.get("label")
        return value if isinstance(value, str) else None

    @property
    def check(self) -> str | None:
        """The `check=` option when this cell is an exercise: OWN_CHECK, the check the lesson
        declares itself (any other value is an unknown check: validate.py reports it)."""
        value = self.options.get("check")
        return value if isinstance(value, str) else None

    @property
    def check_name(self) -> str | None:
        """What the page (and a download) passes to the checker: the declared check's text
        (cellruntime.checks.declared_check_name), or the unknown `check=` value itself."""
        if self.check != OWN_CHECK:
            return self.check
        if self.own_check is None or self.solution is None:
            return None
        from cellruntime.checks import declared_check_name  # only lesson-declared checks need it

        return declared_check_name(
            self.own_check.function or "",
            self.solution.content,
            self.own_check.code,
            self.other_functions,
            self.own_check.modules,
        )

    @property
    def hidden(self) -> bool:
        return self.options.get("hidden") is True

    @property
    def readonly(self) -> bool:
        return self.options.get("readonly") is True

    @property
    def static(self) -> bool:
        return self.options.get("static") is True

    @property
    def cpython(self) -> list[str]:
        """Libraries a static block needs (`cpython=scikit-learn,ranx`): the tests run it under
        CPython with them and compare what it prints with its shown output."""
        value = self.options.get("cpython")
        return [name.strip() for name in value.split(",") if name.strip()] if isinstance(value, str) else []

    @property
    def accessible_name(self) -> str:
        name = f"Code cell {self.number}"
        return f"{name}: {self.label}" if self.label else name


@dataclass
class Attachment:
    """A ```hint or ```solution block that belongs to the exercise cell named by `for=`."""

    kind: str  # "hint" (Markdown) or "solution" (Python)
    line: int
    options: dict[str, str | bool]
    content: str

    @property
    def target(self) -> str | None:
        value = self.options.get("for")
        return value if isinstance(value, str) else None


@dataclass
class DeclaredCheck:
    """A ```check for=ID function=NAME block: Python defining `cases()` and/or `random_case(rng)`,
    the arguments on which the exercise's function is compared with its solution's. With
    `file=PATH` the Python is that file's, beside the lesson (`source`), and the block is empty."""

    line: int
    options: dict[str, str | bool]
    code: str
    source: Path | None = None  # the file= check file, once read
    #: The course's shared check module, when the check imports it: {name: source}, shipped
    #: inside the check (cellruntime.checks.declared_check_name), and {name: file}.
    modules: dict[str, str] = field(default_factory=dict)
    module_files: dict[str, Path] = field(default_factory=dict)

    @property
    def file(self) -> str | None:
        """The `file=` option: the check's Python file, relative to the lesson's folder."""
        value = self.options.get("file")
        return value if isinstance(value, str) else None

    @property
    def target(self) -> str | None:
        value = self.options.get("for")
        return value if isinstance(value, str) else None

    @property
    def function(self) -> str | None:
        """The name of the function compared (the learner's and the solution's)."""
        value = self.options.get("function")
        return value if isinstance(value, str) else None


@dataclass
class ShownOutput:
    """A fenced ```output block: what the code block just above it prints (see CodeCell.cpython)."""

    line: int
    options: dict[str, str | bool]  # none are allowed
    text: str
    follows: CodeCell | None  # the code block right before it, or None when it follows no code block


@dataclass
class QuizOption:
    answer: str
    correct: bool
    explain: str


@dataclass
class Quiz:
    """A fenced ```quiz block: one multiple-choice check; or a ```predict block: the same
    question format, asked before the code cell it names (`for=`) shows its output."""

    line: int
    options: dict[str, str | bool]  # fence-line options (`id`; a prediction also `for`)
    body: object  # the parsed YAML; the fields below are filled from it when the lesson loads
    yaml_failed: bool = False
    kind: str = "quiz"  # or "predict"
    question: str = ""
    choices: list[QuizOption] = field(default_factory=list)
    multiple: bool = False

    @property
    def id(self) -> str | None:
        value = self.options.get("id")
        return value if isinstance(value, str) else None

    @property
    def guards(self) -> str | None:
        """For a prediction: the id of the cell (or playground) whose output waits for the
        learner's answer."""
        value = self.options.get("for")
        return value if isinstance(value, str) else None

    @property
    def correct_indexes(self) -> list[int]:
        return [i for i, option in enumerate(self.choices) if option.correct]


@dataclass
class Lesson:
    slug: str
    path: Path
    front_matter: dict
    front_matter_line: int
    tokens: list[Token]
    cells: list[CodeCell]
    quizzes: list[Quiz]
    attachments: list[Attachment] = field(default_factory=list)
    shown_outputs: list[ShownOutput] = field(default_factory=list)
    predictions: list[Quiz] = field(default_factory=list)  # ```predict blocks (kind "predict")
    own_checks: list[DeclaredCheck] = field(default_factory=list)  # ```check blocks
    playgrounds: list = field(default_factory=list)  # ```playground blocks (playground.Playground)

    @property
    def title(self) -> str:
        return str(self.front_matter.get("title", self.slug))

    @property
    def summary(self) -> str:
        return str(self.front_matter.get("summary", ""))

    @property
    def pass_mark(self) -> float | None:
        """The percentage (0-100] of quiz answers and exercise checks right that passes the lesson
        in a learning management system, or None: the lesson is completed, never passed or failed."""
        value = self.front_matter.get("pass_mark")
        return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None

    @property
    def packages(self) -> list[str]:
        """Extra pure-Python packages the page installs (names from pyodide-packages.toml)."""
        value = self.front_matter.get("packages", [])
        return [name for name in value if isinstance(name, str)] if isinstance(value, list) else []

    @property
    def runnable_cells(self) -> list[CodeCell]:
        return [cell for cell in self.cells if not cell.static]


@dataclass
class Course:
    lessons_dir: Path
    lessons: list[Lesson]
    problems: list[Problem]
    pages: list[Lesson] = field(default_factory=list)  # pages besides the lessons (site/pages/)
