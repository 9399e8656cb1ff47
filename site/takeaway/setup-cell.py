# Set-up: run this cell first.
#
# This lesson uses packages a plain Python does not have: rankmetrics (the course's metrics),
# cellruntime (the checker behind the exercises' check cells) and, for the charts of some
# lessons, pygal and what it needs. They travel at the end of this cell as wheels. The cell
# unpacks them into a temporary folder and puts that folder first on sys.path: no network, no
# pip, nothing installed. The folder is removed when Python stops.


def _use_course_packages(wheels):
    """Unpack `wheels` ({file name: base64 of the wheel}) into a temporary folder first on sys.path."""
    import atexit
    import base64
    import importlib
    import io
    import re
    import shutil
    import sys
    import tempfile
    import zipfile

    folder = tempfile.mkdtemp(prefix="ranking-metrics-course-")
    atexit.register(shutil.rmtree, folder, True)
    for name, text in wheels.items():
        with zipfile.ZipFile(io.BytesIO(base64.b64decode(text))) as wheel:
            for entry in wheel.namelist():
                if entry.endswith(".dist-info/METADATA"):
                    needs = re.search(r"^Requires-Python: *>= *(\d+)\.(\d+)", wheel.read(entry).decode(), re.M)
                    if needs and sys.version_info[:2] < (int(needs[1]), int(needs[2])):
                        raise RuntimeError(
                            f"{name} needs Python {needs[1]}.{needs[2]} or newer, and this is "
                            f"Python {sys.version.split()[0]}: run this with a newer Python."
                        )
            wheel.extractall(folder)
    sys.path.insert(0, folder)
    importlib.invalidate_caches()
    # Jupyter shows a pygal chart as SVG, as the page does, and not also as PNG: that needs
    # cairosvg and a C library, which a plain kernel does not have (the chart's cell would fail).
    try:
        shell = get_ipython()  # noqa: F821 (Jupyter's; a plain python has none)
    except NameError:
        shell = None
    if shell is not None:
        shell.display_formatter.formatters["image/png"].for_type_by_name(
            "pygal.graph.base", "BaseGraph", lambda chart: None
        )
    # The exercise checks load their private copies of rankmetrics now, before any code of yours
    # runs, as on the page: what your code later changes in rankmetrics does not change a check.
    import cellruntime  # noqa: F401


WHEELS = {}  # filled in by the page that makes the download: {file name: base64 of the wheel}
_use_course_packages(WHEELS)
del _use_course_packages, WHEELS
