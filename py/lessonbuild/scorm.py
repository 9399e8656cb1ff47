"""A SCORM package of the built course, for a learning management system (Moodle, Canvas...).

The zip holds the built site (handout.site_files: whole files, no precompressed copies) but its
service worker, every page marked so it registers none, and `imsmanifest.xml` at its root, written for SCORM 1.2 or SCORM 2004 4th Edition:

- SCORM 1.2: the Content Aggregation Model (CAM) book, section 2.3 "Content Packaging", which
  profiles IMS Content Packaging 1.1.2 (namespace imscp_rootv1p1p2) with the ADL extension
  `adlcp:scormtype` (namespace adlcp_rootv1p2) on each resource.
- SCORM 2004 4th Edition: the CAM book, section 3 "Content Packaging", which profiles IMS Content
  Packaging 1.1.4 (namespace imscp_v1p1) with the ADL extension `adlcp:scormType` (namespace
  adlcp_v1p3); the `<schemaversion>` is "2004 4th Edition".

One organization lists the lessons in course order (lessons/index.yml), one `<item>` each, and
each item launches its own SCO resource: the lesson's page. One SCO per lesson rather than one
for the whole course, because then the learning management system shows the lessons as its
table of contents, a learner opens any lesson from there (or from the course's own links), and
each lesson can report its own completion. The rest of the site (scripts, styles, Python,
Pyodide, the other pages) is one shared asset resource that every lesson depends on, so the
manifest lists every file of the package.

Only in the package, each lesson page also loads assets/scorm.js (site/js/pages/scorm.js), first
in its <head> and told the lesson's slug and pass mark: it finds the LMS's API, reports the
lesson's status, score and session time, and keeps the learner's work in suspend_data for the
next launch (the SCORM Run-Time Environment (RTE) book of each version).
"""

from __future__ import annotations

import html
import re
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree

from .assets import JS, esbuild
from .handout import add_entry, site_files
from .offline import PRECACHE_SIZE
from .lessonformat import load_course
from .render import SITE_TITLE

MANIFEST = "imsmanifest.xml"
SHARED = "course-files"  # the identifier of the shared asset resource
LMS_SCRIPT = "assets/scorm.js"
HEAD_START = b'<meta charset="utf-8">'  # the LMS script goes right after it, before any other
XSI = "http://www.w3.org/2001/XMLSchema-instance"
IMSSS, IMSSS_XSD = "http://www.imsglobal.org/xsd/imsss", "imsss_v1p0.xsd"  # SCORM 2004 sequencing
# The service worker and its download size stay out: a service worker in a package would control,
# and cache, a path of the LMS's own site (every page is marked so it registers none).
NOT_PACKAGED = frozenset({"sw.js", PRECACHE_SIZE})
HTML_START = re.compile(rb"<html\b")


@dataclass(frozen=True)
class Edition:
    """What a manifest of one SCORM version spells differently."""

    content_packaging: str  # the IMS CP namespace
    content_packaging_xsd: str
    adl: str  # the ADL CP extension namespace
    adl_xsd: str
    scorm_type: str  # the name of the attribute that says "sco" or "asset"
    schema_version: str  # <metadata><schemaversion>


EDITIONS = {
    "1.2": Edition(
        "http://www.imsproject.org/xsd/imscp_rootv1p1p2",
        "imscp_rootv1p1p2.xsd",
        "http://www.adlnet.org/xsd/adlcp_rootv1p2",
        "adlcp_rootv1p2.xsd",
        "scormtype",
        "1.2",
    ),
    "2004": Edition(
        "http://www.imsglobal.org/xsd/imscp_v1p1",
        "imscp_v1p1.xsd",
        "http://www.adlnet.org/xsd/adlcp_v1p3",
        "adlcp_v1p3.xsd",
        "scormType",
        "2004 4th Edition",
    ),
}
VERSIONS = tuple(EDITIONS)


def manifest(
    lessons: list[tuple[str, str]],
    files: list[str],
    version: str = "1.2",
    pass_marks: dict[str, float] | None = None,
) -> bytes:
    """The imsmanifest.xml of the course, UTF-8.

    Args:
        lessons: (slug, title) of each lesson in course order; the page of `slug` is `slug.html`.
        files: every other file of the package (zip paths relative to its root), for the shared
            asset resource.
        version: "1.2" (SCORM 1.2) or "2004" (SCORM 2004 4th Edition).
        pass_marks: {slug: percent} of the lessons that set a pass mark. The LMS is told it as
            the item's mastery score (SCORM 1.2 CAM 2.3.4, `adlcp:masteryscore`, 0-100) or as the
            primary objective's minimum normalized measure, satisfied by measure (SCORM 2004
            Sequencing and Navigation book, `imsss:minNormalizedMeasure`, 0-1): the LMS then
            hands it to the lesson as `cmi.student_data.mastery_score` or `cmi.scaled_passing_score`.
    Raises:
        ValueError: an unknown `version`.
    """
    if version not in EDITIONS:
        raise ValueError(f"SCORM version {version!r}: use one of {', '.join(VERSIONS)}.")
    edition = EDITIONS[version]
    cp, adl = edition.content_packaging, edition.adl

    def element(parent, tag: str, text: str | None = None, **attributes: str) -> ElementTree.Element:
        node = ElementTree.SubElement(parent, tag, attributes)
        node.text = text
        return node

    # Namespaces declared as plain attributes: the manifest's own elements in the default
    # namespace, as the specification's examples write them and every LMS reads them.
    root = ElementTree.Element(
        "manifest",
        {
            "identifier": "ranking-metrics-course",
            "version": "1",
            "xmlns": cp,
            "xmlns:adlcp": adl,
            "xmlns:xsi": XSI,
            "xsi:schemaLocation": f"{cp} {edition.content_packaging_xsd} {adl} {edition.adl_xsd}"
            + (f" {IMSSS} {IMSSS_XSD}" if version == "2004" else ""),
            **({"xmlns:imsss": IMSSS} if version == "2004" else {}),
        },
    )
    metadata = element(root, "metadata")
    element(metadata, "schema", "ADL SCORM")
    element(metadata, "schemaversion", edition.schema_version)
    organizations = element(root, "organizations", default="course")
    organization = element(organizations, "organization", identifier="course")
    element(organization, "title", SITE_TITLE)
    resources = element(root, "resources")
    for slug, title in lessons:
        item = element(organization, "item", identifier=f"item-{slug}", identifierref=f"lesson-{slug}")
        element(item, "title", title)
        mark = (pass_marks or {}).get(slug)
        if mark is not None and version == "1.2":
            element(item, "adlcp:masteryscore", f"{mark:g}")
        elif mark is not None:
            objectives = element(element(item, "imsss:sequencing"), "imsss:objectives")
            primary = element(objectives, "imsss:primaryObjective", objectiveID="pass", satisfiedByMeasure="true")
            element(primary, "imsss:minNormalizedMeasure", f"{mark / 100:g}")
    scorm_type = f"adlcp:{edition.scorm_type}"
    for slug, _ in lessons:
        attributes = {"identifier": f"lesson-{slug}", "type": "webcontent", scorm_type: "sco", "href": f"{slug}.html"}
        resource = element(resources, "resource", **attributes)
        element(resource, "file", href=f"{slug}.html")
        element(resource, "dependency", identifierref=SHARED)
    shared = element(resources, "resource", identifier=SHARED, type="webcontent", **{scorm_type: "asset"})
    for name in files:
        element(shared, "file", href=name)
    ElementTree.indent(root)
    return ElementTree.tostring(root, encoding="utf-8", xml_declaration=True)


def lms_script_tag(slug: str, pass_mark: float | None) -> bytes:
    """The <script> of the LMS script for the lesson `slug`, with its pass mark (a percentage, or
    None: the lesson reports completed, never passed or failed)."""
    mark = "" if pass_mark is None else f' data-pass-mark="{pass_mark:g}"'
    return f'<script src="{LMS_SCRIPT}" data-lesson="{html.escape(slug)}"{mark}></script>'.encode()


LESSON_NAV = re.compile(rb'<nav class="lesson-nav" aria-label="Lessons">.*?</nav>', re.DOTALL)


def marked_page(page: bytes, name: str) -> bytes:
    """A built page (`name`, UTF-8 HTML) with `data-lms-package` on its <html>: offline.js then
    registers no service worker. Raises ValueError when the page has no <html> start tag."""
    if not HTML_START.search(page):
        raise ValueError(f"{name} has no <html> start tag.")
    return HTML_START.sub(b"<html data-lms-package", page, count=1)


def packaged_page(page: bytes, slug: str, pass_mark: float | None, next_title: str | None) -> bytes:
    """A built lesson page as its package holds it.

    The LMS script goes first in the <head>. Inside a learning management system each lesson is
    one item that reports only itself, so there the page never opens another page in its own
    frame: the script (site/js/pages/scorm.js) then shows a line that sends the learner to the
    course's menu in place of the Previous / All lessons / Next bar, and makes every other link
    to a page of the course open in a new tab. Both bars are in the page; opened on its own, with
    no system, the lesson keeps the course's bar and links.

    Args:
        page: the page's HTML (UTF-8) as build.py wrote it.
        slug: the lesson's slug.
        pass_mark: its pass mark (percent), or None.
        next_title: the next lesson's title, or None for the last lesson.
    Raises:
        ValueError: the page lacks the <meta charset> or the lessons bar of site/templates.
    """
    bar = LESSON_NAV.search(page)
    if HEAD_START not in page or not bar:
        raise ValueError(f"{slug}.html is not a lesson page of this build (no charset or lessons bar).")
    page = page.replace(HEAD_START, HEAD_START + lms_script_tag(slug, pass_mark), 1)
    if next_title is None:
        line = "This is the last lesson: use your course's menu to open another."
    else:
        line = f"Use your course's menu for the next lesson: {html.escape(next_title)}."
    menu = f'<nav class="lesson-nav" aria-label="Lessons" data-lms-menu-bar><p data-lms-menu>{line}</p></nav>'
    course_bar = bar.group(0).replace(b"<nav ", b"<nav data-course-bar ", 1)
    return page.replace(bar.group(0), course_bar + menu.encode(), 1)


def write_scorm(dist: Path, lessons_dir: Path, target: Path, version: str = "1.2") -> Path:
    """Zip the site built in `dist` with its imsmanifest.xml into `target`; return `target`.

    Args:
        dist: the built site (build.py's --out).
        lessons_dir: the lessons it was built from (index.yml gives the order, each lesson's
            front matter its title).
        target: the zip to write (its folder is created).
        version: "1.2" or "2004" (see `manifest`).
    Raises:
        ValueError: an unknown `version`, or a lesson whose page is not in `dist` (build first).
        OSError: `dist` cannot be read or `target` written.
        RuntimeError: esbuild fails on the LMS script.
    """
    course = load_course(lessons_dir).lessons
    lessons = [(lesson.slug, lesson.title) for lesson in course]
    missing = [f"{slug}.html" for slug, _ in lessons if not (dist / f"{slug}.html").is_file()]
    if missing:
        raise ValueError(f"{dist} has no {', '.join(missing)}: build the site first.")
    following = [*(lesson.title for lesson in course[1:]), None]
    pages = {f"{lesson.slug}.html": (lesson, title) for lesson, title in zip(course, following, strict=True)}
    others = []
    target.parent.mkdir(parents=True, exist_ok=True)
    script = esbuild({"scorm": JS / "pages" / "scorm.js"}, "--format=iife")[LMS_SCRIPT]
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data, mtime in site_files(dist):
            if name in NOT_PACKAGED:
                continue
            if name.endswith(".html"):
                data = marked_page(data, name)
            if name in pages:
                lesson, next_title = pages[name]
                data = packaged_page(data, lesson.slug, lesson.pass_mark, next_title)
            else:
                others.append(name)
            add_entry(archive, name, data, mtime)
        add_entry(archive, LMS_SCRIPT, script, time.time())
        others.append(LMS_SCRIPT)
        marks = {lesson.slug: lesson.pass_mark for lesson in course if lesson.pass_mark is not None}
        add_entry(archive, MANIFEST, manifest(lessons, others, version, marks), time.time())
    return target
