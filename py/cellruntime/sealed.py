"""The check runtime: private copies of the exercise checks and of what they compare against.

A check runs the learner's function beside a reference (``rankmetrics.recall_at_k``) and judges
with the standard library (``math.isclose``, ``random.Random``, ``sorted``, ``copy.deepcopy``).
Learner code runs in the same Python, and the page keeps that Python when the learner moves to
the next lesson, so anything it changes outlives the lesson: ``rankmetrics.recall_at_k = mine``,
``rankmetrics.ndcg.dcg_at_k = mine``, ``math.isclose = lambda *a, **k: True``,
``builtins.abs = ...``, ``random.Random.randint = ...``, ``del sys.modules["rankmetrics"]``, or
``importlib.reload(rankmetrics)`` with another rankmetrics first on ``sys.path``.

So when cellruntime is imported (the page's worker does it at boot, a downloaded notebook in
its first cell: before any learner code) :func:`load_check_runtime` loads its own copies of
``cellruntime.checks`` and of every module of ``rankmetrics``, from their files:

- none is in ``sys.modules``, so no ``import`` of the learner's reaches them;
- their builtins are a copy of the builtins as they are now;
- the standard-library modules they import are copies of those modules' namespaces as they are
  now (rebinding ``math.isclose`` later does not reach them, and a C function cannot be changed
  in place), except ``random`` and ``copy``, whose classes and tables could be changed in
  place: those are loaded from their files too. Their ``importlib.import_module``, like their
  ``import`` statements, gives the private copies.

An exercise's check code, which comes from its lesson (its cases, reference and known wrong
versions: ``checks.declared_checker``), runs with the private builtins too, so its imports
(``import math``, ``REFERENCE = "rankmetrics.recall_at_k"``) give the private copies.

What stays reachable: every object in the process, to code written to look for it (the garbage
collector lists them all), and objects the copies share with the standard library, such as a
class of a module copied by namespace. The copies stop learner code that changes what it can
name, not code that hunts for the checker.
"""

from __future__ import annotations

import builtins
import importlib
import importlib.machinery
import importlib.util
import pkgutil
import sys
import types

#: Packages whose modules the check runtime loads from their files, privately.
PRIVATE_PACKAGES = ("cellruntime", "rankmetrics")

#: Standard-library modules it loads from their files too: they hold classes and tables a
#: learner could change in place (``random.Random.randint = ...``).
PRIVATE_STANDARD_MODULES = ("random", "copy")

#: The module the check runtime is, and the package it compares against: loaded whole at once,
#: since the checks import rankmetrics only when a check runs.
CHECKS_MODULE = "cellruntime.checks"
REFERENCE_PACKAGE = "rankmetrics"


class PrivateModules:
    """Modules loaded for the check runtime alone, with their own builtins and imports.

    Every ``import`` in them goes through :meth:`import_module` (their ``__import__``): a module
    of :data:`PRIVATE_PACKAGES` or :data:`PRIVATE_STANDARD_MODULES` is the private copy, loaded
    from its file the first time; any other module is a copy of its namespace, taken the first
    time. Load them all before learner code runs (:func:`load_check_runtime` does).
    """

    def __init__(self) -> None:
        self._builtins = dict(builtins.__dict__)
        self._builtins["__import__"] = self.import_module
        self._modules: dict[str, types.ModuleType] = {}
        # Bound now: what learner code rebinds later does not change how modules are found.
        self._find_spec = importlib.util.find_spec
        self._find_in_path = importlib.machinery.PathFinder.find_spec
        self._module_from_spec = importlib.util.module_from_spec
        self._resolve_name = importlib.util.resolve_name
        self._real_import = builtins.__import__
        self._modules_at_start = dict(sys.modules)
        #: {name: (file, code object)} of the modules loaded here whose public twin is not
        #: imported yet.
        self.compiled: dict[str, tuple[str, types.CodeType]] = {}

    def module(self, name: str) -> types.ModuleType:
        """The private copy of module ``name`` (loaded now if it is not yet)."""
        found = self._modules.get(name)
        return found if found is not None else self._load(name)

    def load_package(self, name: str) -> types.ModuleType:
        """Load package ``name`` and every module in it (a private package imports some of its
        modules only when called)."""
        package = self.module(name)
        self._load_submodules(package)
        return package

    def import_module(self, name, globals=None, locals=None, fromlist=(), level=0):
        """``__import__`` of the private modules."""
        if level == 0 and fromlist:
            found = self._modules.get(name)
            if found is not None:  # a module loaded at boot: no builtin is called
                return found
        absolute = self._resolve_name("." * level + name, globals["__package__"]) if level else name
        module = self.module(absolute)
        if not fromlist:
            return self.module(absolute.partition(".")[0]) if level == 0 else module
        if hasattr(module, "__path__"):  # `from package import submodule`
            for item in fromlist:
                if item == "*" or hasattr(module, item):
                    continue
                if self._is_private(absolute):
                    self.module(f"{absolute}.{item}")
                else:
                    self._real_import(f"{absolute}.{item}")
                    setattr(module, item, self.module(f"{absolute}.{item}"))
        return module

    # --- loading --------------------------------------------------------------------

    @staticmethod
    def _is_private(name: str) -> bool:
        return name.partition(".")[0] in PRIVATE_PACKAGES or name in PRIVATE_STANDARD_MODULES

    def _load(self, name: str) -> types.ModuleType:
        if not self._is_private(name):
            return self._namespace_copy(name)
        parent_name, _, child = name.rpartition(".")
        if parent_name:
            parent = self._modules.get(parent_name)
            if parent is None:  # a subpackage runs its __init__, as `import` runs it
                parent = self.module(parent_name) if "." in parent_name else self._package_without_its_init(parent_name)
            spec = self._find_in_path(name, parent.__path__)
        else:
            parent = None
            spec = self._find_spec(name)
        if spec is None or spec.loader is None:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        module = self._module_from_spec(spec)
        module.__dict__["__builtins__"] = self._builtins
        self._modules[name] = module  # before it runs: its own imports may come back to it
        # While it runs (at boot, before any learner code), sys.modules holds it under its name
        # too: the standard library looks a class's module up there (dataclasses does, to read
        # string annotations). The public module, if any, is put back right after.
        public = sys.modules.get(name)
        sys.modules[name] = module
        try:
            code = spec.loader.get_code(name)
            if public is None and spec.origin:
                self.compiled[name] = (spec.origin, code)
            exec(code, module.__dict__)
        except BaseException:
            del self._modules[name]
            raise
        finally:
            if public is None:
                del sys.modules[name]
            else:
                sys.modules[name] = public
        if parent is not None:
            setattr(parent, child, module)
        return module

    def _package_without_its_init(self, name: str) -> types.ModuleType:
        """Top-level package ``name`` as a bare module with its ``__path__``: cellruntime's
        ``__init__`` imports the session, which is no part of a check."""
        spec = self._find_spec(name)
        if spec is None or spec.submodule_search_locations is None:
            raise ModuleNotFoundError(f"No package named {name!r}", name=name)
        package = types.ModuleType(name)
        package.__path__ = list(spec.submodule_search_locations)
        package.__package__ = name
        self._modules[name] = package
        return package

    def _load_submodules(self, package: types.ModuleType) -> None:
        for info in pkgutil.iter_modules(package.__path__, f"{package.__name__}."):
            module = self.module(info.name)
            if info.ispkg:
                self._load_submodules(module)

    def _namespace_copy(self, name: str) -> types.ModuleType:
        """A module object holding what module ``name``'s namespace holds now."""
        real = self._modules_at_start.get(name)
        if real is None:
            self._real_import(name)
            real = sys.modules[name]
        copy = types.ModuleType(name)
        copy.__dict__.update(real.__dict__)
        if name == "importlib":  # importlib.import_module in the private modules: the private one
            copy.import_module = self._import_by_name
        self._modules[name] = copy
        return copy

    def _import_by_name(self, name: str, package: str | None = None) -> types.ModuleType:
        """``importlib.import_module`` of the private modules."""
        return self.module(self._resolve_name(name, package) if name.startswith(".") else name)


class CompiledOnce:
    """A meta path finder: the public import of a rankmetrics module runs the code object the
    check runtime compiled for its private copy, instead of compiling the file again (Python in
    the page writes no .pyc files). A code object cannot be changed, so sharing it shares
    nothing learner code could alter. It leaves sys.meta_path once every code object is used.
    """

    def __init__(self, compiled: dict[str, tuple[str, types.CodeType]]) -> None:
        self._compiled = dict(compiled)  # {name: (file, code object)}

    def find_spec(self, name, path=None, target=None):
        if name not in self._compiled:
            return None
        origin, code = self._compiled.pop(name)
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is not None and spec.origin == origin and isinstance(spec.loader, importlib.machinery.SourceFileLoader):
            spec.loader = _Compiled(spec.loader.name, spec.loader.path, code)
        if not self._compiled and self in sys.meta_path:
            sys.meta_path.remove(self)
        return spec


class _Compiled(importlib.machinery.SourceFileLoader):
    """A source file's loader that already has the file's code object."""

    def __init__(self, name: str, path: str, code: types.CodeType) -> None:
        super().__init__(name, path)
        self._code = code

    def get_code(self, fullname):
        code, self._code = self._code, None
        return code if code is not None else super().get_code(fullname)


def load_check_runtime() -> types.ModuleType:
    """The private copy of :mod:`cellruntime.checks`, with rankmetrics loaded for it.

    Call it before any learner code runs; importing cellruntime does (see the module's doc).
    A Python without rankmetrics is not an error here: the checks that compare against it
    then fail when they run, with ``ModuleNotFoundError``.
    """
    global _loaded
    modules = _loaded = PrivateModules()
    for name in PRIVATE_STANDARD_MODULES:
        modules.module(name)
    checks = modules.module(CHECKS_MODULE)
    try:
        modules.load_package(REFERENCE_PACKAGE)
    except ModuleNotFoundError as missing:
        if missing.name != REFERENCE_PACKAGE:
            raise
    shared = {
        name: compiled for name, compiled in modules.compiled.items() if name.partition(".")[0] == REFERENCE_PACKAGE
    }
    if shared:
        sys.meta_path.insert(0, CompiledOnce(shared))
    return checks


_loaded: PrivateModules | None = None  # the modules of the latest load_check_runtime()

#: The checks the page's Check button and a downloaded notebook's check cells run.
CHECK_RUNTIME = load_check_runtime()


def private_module(name: str) -> types.ModuleType:
    """The check runtime's private copy of module ``name`` (a dotted name in
    :data:`PRIVATE_PACKAGES`, e.g. ``"rankmetrics.pages.playground"``), loaded when cellruntime was
    imported: what learner code later rebinds in the public ``rankmetrics`` does not reach it.
    The rank playground's readouts are computed with it (site/js/worker/playground.py).
    Raises ``ModuleNotFoundError`` when there is no such module."""
    return _loaded.module(name)
