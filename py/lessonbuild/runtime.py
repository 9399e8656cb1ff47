"""The `runtime` settings the Python worker boots with: one builder for the pages' lesson JSON
and for assets/embed-runtime.json. ARCHITECTURE.md ("Lesson JSON", its `runtime`) gives the schema."""

from __future__ import annotations

from collections.abc import Iterable

from .paths import PYODIDE_DIR

# The project's own packages, which every page installs (as wheels: wheels.py), with their summaries.
CORE_PACKAGES = {
    "cellruntime": "Runs lesson cells in the page: output capture, tracebacks, displays.",
    "rankmetrics": "Top-k ranking metrics from scratch: precision@k, recall@k, hit-rate, MRR, MAP, NDCG.",
}
# Those a learner imports (ModuleNotFoundError's hint names them).
LEARNER_PACKAGES = ("rankmetrics",)


def runtime_settings(
    wheels: Iterable[str],
    packages: Iterable[str] = LEARNER_PACKAGES,
    snapshot: dict | None = None,
    stdlib: dict | None = None,
    time_limit: float | None = None,
) -> dict:
    """The `runtime` JSON: {"pyodide", "wheels", "packages", "snapshot", "stdlib", "timeLimit"}.

    `wheels`: site paths of the wheels to unpack; `packages`: importable package names;
    `snapshot`: snapshot.runtime_setting(); `stdlib`: stdlib.runtime_setting(); `time_limit`:
    seconds per cell run, or None for no limit.
    """
    return {
        "pyodide": PYODIDE_DIR,
        "wheels": list(wheels),
        "packages": list(packages),
        "snapshot": snapshot,
        "stdlib": stdlib,
        "timeLimit": time_limit,
    }


def lesson_runtime(site: dict, wheels: Iterable[str], packages: Iterable[str], time_limit: float | None) -> dict:
    """A lesson's `runtime`: the site's (runtime_settings()) plus its own package `wheels` and
    `packages`, and its `time_limit` (seconds, or None)."""
    return runtime_settings(
        [*site["wheels"], *wheels],
        [*site["packages"], *packages],
        snapshot=site["snapshot"],
        stdlib=site["stdlib"],
        time_limit=time_limit,
    )
