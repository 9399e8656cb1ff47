"""Checks compare against references learner code cannot reach (cellruntime.sealed).

Each case boots a fresh Python as the page's worker does (import cellruntime, make a Session),
runs learner code that tampers with what a check uses, moves to the next lesson as the page does
in place (Session.reset: Python stays), defines an answer there and presses Check. The verdict
must be the one the same answer gets in a Python nobody tampered with.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import rankmetrics
from cellruntime import Session
from cellruntime.sealed import CHECK_RUNTIME, PrivateModules, private_module
from course_checks import CHECK

ROOT = Path(__file__).resolve().parents[2]

LESSON = textwrap.dedent("""
    import json, sys
    from cellruntime import Session
    tamper, answer, name = json.loads(sys.argv[1])
    session = Session()
    ran = session.run(tamper, "tamper", lambda stream, text: None)
    assert ran["ok"], ran["error"]
    session.reset()  # the next lesson, opened in place: Python stays, its names go
    ran = session.run(answer, "answer", lambda stream, text: None)
    assert ran["ok"], ran["error"]
    print(json.dumps(session.check(name, cell_id="answer")))
""")


def check_after(tamper: str, answer: str, name: str = CHECK["recall_at_k"]) -> dict:
    """The verdict on `answer` after `tamper` ran in an earlier lesson of the same Python."""
    done = subprocess.run(
        [sys.executable, "-c", LESSON, json.dumps([textwrap.dedent(tamper), textwrap.dedent(answer), name])],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT / "py")},
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


ALWAYS_ZERO = """
def recall_at_k(ranking, relevant, k):
    return 0.0
"""

# Right on the fixed cases (rankings of at most 5 items), wrong on longer random ones.
RIGHT_ON_SHORT_RANKINGS = """
def recall_at_k(ranking, relevant, k):
    if len(ranking) > 5 or not relevant:
        return 0.0
    return len(set(ranking[:k]) & set(relevant)) / len(relevant)
"""

# Empties the relevant set: a reference that sees the same set then agrees with 0.0.
EMPTIES_ITS_INPUT = """
def recall_at_k(ranking, relevant, k):
    relevant.clear()
    return 0.0
"""

FAKE_PACKAGE = """
import pathlib, sys, tempfile
folder = pathlib.Path(tempfile.mkdtemp()) / "rankmetrics"
folder.mkdir()
(folder / "__init__.py").write_text("def recall_at_k(ranking, relevant, k):\\n    return 0.0\\n")
sys.path.insert(0, str(folder.parent))
"""

TAMPERING = {
    "rebinds the reference": (
        "import rankmetrics\nrankmetrics.recall_at_k = lambda ranking, relevant, k: 0.0",
        ALWAYS_ZERO,
    ),
    "rebinds a helper the reference calls": (
        "import rankmetrics.set_metrics\nrankmetrics.set_metrics.recall_kernel = lambda r, j, k: 0.0",
        ALWAYS_ZERO,
    ),
    "replaces the module in sys.modules": (
        """
        import sys, types
        import rankmetrics
        fake = types.ModuleType("rankmetrics")
        fake.recall_at_k = lambda ranking, relevant, k: 0.0
        del sys.modules["rankmetrics"]
        sys.modules["rankmetrics"] = fake
        """,
        ALWAYS_ZERO,
    ),
    "deletes the module and imports another one": (
        FAKE_PACKAGE
        + """
import sys
for name in [name for name in sys.modules if name.partition(".")[0] == "rankmetrics"]:
    del sys.modules[name]
import rankmetrics
""",
        ALWAYS_ZERO,
    ),
    "reloads the module from another file": (
        FAKE_PACKAGE + "import importlib, rankmetrics\nimportlib.reload(rankmetrics)",
        ALWAYS_ZERO,
    ),
    "rebinds importlib.import_module": (
        """
        import importlib, types
        fake = types.ModuleType("rankmetrics")
        fake.recall_at_k = lambda ranking, relevant, k: 0.0
        importlib.import_module = lambda name, package=None: fake
        """,
        ALWAYS_ZERO,
    ),
    "rebinds math.isclose": ("import math\nmath.isclose = lambda *args, **options: True", ALWAYS_ZERO),
    "rebinds builtins.sorted": (
        "import builtins\nbuiltins.sorted = lambda items, key=None, reverse=False: list(items)",
        ALWAYS_ZERO,
    ),
    "rebinds builtins.abs": ("import builtins\nbuiltins.abs = lambda number: 0", ALWAYS_ZERO),
    "rebinds random.Random": (
        """
        import random
        class Predictable(random.Random):
            def randint(self, a, b):
                return a
        random.Random = Predictable
        """,
        RIGHT_ON_SHORT_RANKINGS,
    ),
    "changes random.Random in place": (
        "import random\nrandom.Random.randint = lambda self, a, b: a",
        RIGHT_ON_SHORT_RANKINGS,
    ),
    "rebinds copy.deepcopy": ("import copy\ncopy.deepcopy = lambda value, memo=None: value", EMPTIES_ITS_INPUT),
    "changes copy's table in place": (
        "import copy\ncopy._deepcopy_dispatch[set] = lambda value, memo: value",
        EMPTIES_ITS_INPUT,
    ),
}


@pytest.mark.parametrize("how", TAMPERING)
def test_learner_code_in_an_earlier_lesson_does_not_change_the_verdict(how):
    tamper, answer = TAMPERING[how]
    untouched = check_after("pass", answer)
    assert untouched["ok"] is False and untouched["total"] > 0  # the answer is wrong
    assert check_after(tamper, answer) == untouched


def test_a_right_answer_still_passes_after_tampering():
    right = "def recall_at_k(ranking, relevant, k):\n    return len(set(ranking[:k]) & set(relevant)) / len(relevant) if relevant else 0.0"
    verdict = check_after(
        TAMPERING["rebinds the reference"][0] + "\nimport math\nmath.isclose = lambda *a, **o: False", right
    )
    assert verdict["ok"] is True, verdict["message"]


def test_the_private_copies_are_not_the_public_modules():
    assert "cellruntime.checks" in sys.modules
    assert CHECK_RUNTIME is not sys.modules["cellruntime.checks"]
    assert all(module is not CHECK_RUNTIME for module in sys.modules.values())
    private = CHECK_RUNTIME.get_checker(CHECK["recall_at_k"]).reference_function()
    assert private is not rankmetrics.recall_at_k
    assert all(vars(module).get("recall_at_k") is not private for module in list(sys.modules.values()))
    assert private(["a", "b", "x"], {"a", "b", "c"}, 2) == rankmetrics.recall_at_k(["a", "b", "x"], {"a", "b", "c"}, 2)
    assert private.__globals__["__builtins__"] is not vars(__import__("builtins"))


def test_private_module_gives_the_copy_loaded_at_import():
    private = private_module("rankmetrics.ndcg")
    assert private is not sys.modules["rankmetrics.ndcg"]
    assert private is private_module("rankmetrics.ndcg")  # loaded once, when cellruntime was imported
    with pytest.raises(ModuleNotFoundError):
        private_module("rankmetrics.no_such_module")


def test_the_public_reference_is_still_named_as_the_reference():
    session = Session()
    assert session.run("from rankmetrics import recall_at_k", "answer", lambda s, t: None)["ok"]
    verdict = session.check(CHECK["recall_at_k"], cell_id="answer")
    assert verdict["ok"] is True
    assert "is rankmetrics.recall_at_k itself" in verdict["message"]


def test_a_python_without_rankmetrics_loads_the_checks(tmp_path):
    # Only cellruntime on the path: loading the check runtime does not fail; a check says why.
    (tmp_path / "cellruntime").symlink_to(ROOT / "py" / "cellruntime")
    code = (
        "from cellruntime.sealed import CHECK_RUNTIME\n"
        f"try:\n    CHECK_RUNTIME.get_checker({CHECK['recall_at_k']!r}).reference_function()\n"
        "except ModuleNotFoundError as error:\n    print(error.name)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "rankmetrics"


def test_relative_and_submodule_imports_resolve_privately():
    modules = PrivateModules()
    package = modules.load_package("rankmetrics")
    assert package.ndcg.ndcg_at_k is package.ndcg_at_k
    assert package.ndcg.prepare is package._inputs.prepare  # `from ._inputs import prepare`
    assert package._inputs is not sys.modules.get("rankmetrics._inputs")
    assert modules.import_module("rankmetrics", fromlist=("ap",)) is package
    assert (
        modules.import_module("collections.abc", fromlist=("Mapping",)).Mapping
        is __import__("collections.abc").abc.Mapping
    )
    private_importlib = modules.import_module("importlib")
    assert private_importlib.import_module("rankmetrics.ap") is package.ap  # however a check imports
    assert private_importlib.import_module(".rr", "rankmetrics") is package.rr
    assert __import__("importlib").import_module("rankmetrics.ap") is sys.modules["rankmetrics.ap"]


def test_a_subpackage_is_loaded_privately_with_its_init():
    modules = PrivateModules()
    package = modules.load_package("rankmetrics")
    pages = package.pages
    assert pages is modules.module("rankmetrics.pages") and pages is not rankmetrics.pages
    assert pages.__file__ == rankmetrics.pages.__file__ and pages.__doc__ == rankmetrics.pages.__doc__
    assert pages.playground is modules.module("rankmetrics.pages.playground")
    assert pages.playground.readouts is not rankmetrics.pages.playground.readouts


def test_the_public_rankmetrics_runs_the_code_compiled_for_the_private_copy():
    code = textwrap.dedent("""
        import sys
        import cellruntime
        from cellruntime.sealed import CHECK_RUNTIME, CompiledOnce
        assert "rankmetrics" not in sys.modules
        import rankmetrics
        private = CHECK_RUNTIME.get_checker(NAME).reference_function()
        assert private is not rankmetrics.recall_at_k
        assert private.__code__ is rankmetrics.recall_at_k.__code__  # compiled once
        assert not any(isinstance(finder, CompiledOnce) for finder in sys.meta_path)  # all used
        rankmetrics.recall_at_k.__code__ = (lambda ranking, relevant, k: 0.0).__code__
        assert private(["a"], {"a"}, 1) == 1.0
        print("ok")
    """).replace("NAME", repr(CHECK["recall_at_k"]))
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT / "py")},
    )
    assert done.stdout == "ok\n", done.stderr
