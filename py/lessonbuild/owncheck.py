"""Build-time rules for an exercise's own check (```check for=ID function=NAME, lessons/README.md).

The build does not run lesson code: it reads the check's and the solution's syntax. The lesson
tests (tests/lessons/test_lesson_content.py) run every solution against its check.
"""

from __future__ import annotations

import ast

from cellruntime.checks import DECLARED_CASES, DECLARED_RANDOM_CASE

from .records import CHECK_KIND, CodeCell


def check_own_check(cell: CodeCell, report, report_in) -> None:
    """Report, with file and line, what keeps exercise `cell` (check=lesson) from being checked:
    no ```check block, no function= name, check code that does not compile or defines no cases,
    a solution that does not define the function compared. `report(line, message, fix)` names
    the lesson; `report_in(path, line, message, fix)` another file (a check's file=)."""
    declared = cell.own_check
    if declared is None:
        report(
            cell.line,
            f"Exercise '{cell.id}' has check=lesson but no check of its own.",
            f"Add a ```{CHECK_KIND} for={cell.id} function=NAME block defining "
            f"{DECLARED_CASES}() and/or {DECLARED_RANDOM_CASE}(rng) (see lessons/README.md).",
        )
        return
    function = declared.function
    if function is None or not function.isidentifier():
        shown = f"'{function}' is not a Python name" if function else "it names no function"
        report(
            declared.line,
            f"This check cannot compare a function: {shown}.",
            f"Write function=NAME after ```{CHECK_KIND}, with the name of the function the exercise asks for.",
        )
        function = None
    if declared.file is not None and declared.source is None:
        return  # lessonformat reported the missing file
    if declared.source is not None:
        source = declared.source
        tree = _parse(declared.code, 0, lambda *problem: report_in(source, *problem))
    else:
        tree = _parse(declared.code, declared.line, report)
    for name, module_file in declared.module_files.items():  # the shared module, shipped with the check
        _parse(declared.modules[name], 0, lambda *problem, path=module_file: report_in(path, *problem))
    if tree is not None and not ({DECLARED_CASES, DECLARED_RANDOM_CASE} & _top_level_functions(tree)):
        report(
            declared.line,
            f"This check defines neither {DECLARED_CASES}() nor {DECLARED_RANDOM_CASE}(rng).",
            f"Define 'def {DECLARED_CASES}():' returning a list of argument tuples, "
            f"and/or 'def {DECLARED_RANDOM_CASE}(rng):' returning one tuple made with rng.",
        )
    solution = cell.solution
    if function and solution is not None:
        tree = _parse(solution.content, solution.line, lambda *problem: None)  # validate reports syntax
        if tree is not None and function not in _top_level_functions(tree):
            report(
                solution.line,
                f"The solution of '{cell.id}' defines no function {function}, "
                f"which its check compares (line {declared.line}).",
                f"Write 'def {function}(…):' in the solution, or change function= on the ```{CHECK_KIND} line.",
            )


def _parse(code: str, fence_line: int, report) -> ast.Module | None:
    try:
        return ast.parse(code)
    except SyntaxError as error:
        report(fence_line + (error.lineno or 1), f"This code does not compile: {error.msg}.", "Fix the Python syntax.")
        return None


def _top_level_functions(tree: ast.Module) -> set[str]:
    return {node.name for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}
