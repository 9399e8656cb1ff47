"""The build's own modules: lesson format, validation, rendering, assets, output, serving.

`build.py` at the project root reads these as a recipe: load → validate → render →
collect assets → write.
"""
