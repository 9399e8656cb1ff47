"""The small standard library Python starts with: the files of the standard library's zip behind
every module Python holds, compiled. Run inside Pyodide by make-boot-stdlib.mjs once it has
booted Python with the worker's steps; plain CPython runs it too (tests/site/tools/).

The .pyc files are made by the same Python that will read them, so their format always
matches, and are "unchecked hash-based" (PEP 552): nothing about them depends on dates, and no
source is looked for. Their code objects name the source's place in the zip, so once the worker
has put the full zip (with the sources) there, tracebacks show the lines. They are stored, not
deflated: Python then reads them without inflating each one, and the build's Brotli copy of the
whole zip (py/lessonbuild/compress.py) is smaller than a zip of deflated files.
"""

import importlib.util
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc


def names_in_zip(zip_path: str, modules) -> list:
    """The names (sorted) inside the zip at `zip_path` of the files `modules` (module objects)
    were loaded from."""
    files = {getattr(module, "__file__", None) or "" for module in modules}
    return sorted(name[len(zip_path) + 1 :] for name in files if name.startswith(zip_path + "/"))


def write_compiled(zip_path: str, names, out: str) -> None:
    """Write a zip to `out` with the files `names` of the zip at `zip_path`, stored, each `.py`
    compiled to an unchecked hash-based `.pyc` (its name plus "c"), other files as they are.
    Raises KeyError for a name the zip lacks, SyntaxError for a source that does not compile."""
    with zipfile.ZipFile(zip_path) as full, zipfile.ZipFile(out, "w") as boot:
        for name in names:
            info = full.getinfo(name)
            data = full.read(name)
            if name.endswith(".py"):
                code = compile(data, f"{zip_path}/{name}", "exec", dont_inherit=True)
                data = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
                info = zipfile.ZipInfo(name + "c", info.date_time)
            boot.writestr(info, data, compress_type=zipfile.ZIP_STORED)


def write_boot_stdlib(zip_path: str, out: str) -> list:
    """Write the small standard library for what Python holds now to `out` (write_compiled);
    return the names in the zip at `zip_path` it was made from."""
    names = names_in_zip(zip_path, list(sys.modules.values()))
    write_compiled(zip_path, names, out)
    return names
