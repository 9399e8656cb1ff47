"""The teacher's answer key (build.py --answer-key DIR, lessonbuild/answer_key.py): a page per
lesson of the real course with every solution, hint and right answer taken from the lesson
source, an index whose links resolve, no script and nothing from another host; and a DIR it
cannot use refused with a clear message, an earlier key left as it was."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

import lxml.html
import pytest

import build
from lessonbuild.answer_key import MARKER, AnswerKeyError, write_answer_key
from lessonbuild.lessonformat import load_course

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"
CSS_URL = re.compile(r"url\(\s*['\"]?([^'\")]*)")


@pytest.fixture(scope="module")
def course():
    return load_course(LESSONS)


@pytest.fixture(scope="module")
def key(tmp_path_factory, node) -> Path:
    """The answer key of the real course, written by build.py into a folder that did not exist."""
    folder = tmp_path_factory.mktemp("answer-key") / "teachers" / "key"
    assert build.main(["--answer-key", str(folder), "--out", str(folder.parent / "dist")]) == 0
    assert not (folder.parent / "dist").exists(), "--answer-key alone builds no site"
    return folder


def page(key: Path, name: str):
    return lxml.html.fromstring((key / name).read_text(encoding="utf-8"))


def text(element) -> str:
    return " ".join(element.text_content().split())


def snapshot(folder: Path) -> dict[str, bytes]:
    return {path.relative_to(folder).as_posix(): path.read_bytes() for path in folder.rglob("*") if path.is_file()}


def test_every_lesson_has_its_page_and_the_index_links_to_each_in_course_order(key, course):
    links = page(key, "index.html").xpath("//main//a/@href")
    assert links == [f"{lesson.slug}.html" for lesson in course.lessons]
    for lesson in course.lessons:
        assert text(page(key, f"{lesson.slug}.html").xpath("//h1")[0]) == lesson.title


def test_every_link_resolves_and_no_page_has_a_script_or_anything_from_another_host(key):
    pages = sorted(key.glob("*.html"))
    assert len(pages) > 1
    for path in pages:
        html = path.read_text(encoding="utf-8")
        assert "<script" not in html.lower(), f"{path.name} has a script"
        document = lxml.html.fromstring(html)
        assert not document.xpath("//script | //iframe | //object | //embed")
        for element, reference in ((ref.getparent(), ref) for ref in document.xpath("//@href | //@src")):
            parts = urlsplit(reference)
            if reference.startswith("data:") or (not parts.path and parts.fragment):
                continue
            loaded = element.tag != "a"  # a stylesheet, an image: what the page loads by itself
            if loaded or not (parts.scheme or parts.netloc):
                assert not parts.scheme and not parts.netloc, f"{path.name} loads {reference} from another host"
                assert (key / parts.path).is_file(), f"{path.name} refers to {reference}, which is not in the key"
        for style in document.xpath("//style/text()"):
            assert all(url.startswith("data:") for url in CSS_URL.findall(style)), f"{path.name}: a font from a file"
    for css in key.glob("assets/*.css"):
        for url in CSS_URL.findall(css.read_text(encoding="utf-8")):
            assert url.startswith("data:") or (css.parent / url).is_file(), f"{css.name}: {url}"


def test_every_quiz_and_prediction_marks_its_right_options_and_no_wrong_one(key, course):
    seen = 0
    for lesson in course.lessons:
        document = page(key, f"{lesson.slug}.html")
        for quiz in lesson.quizzes + lesson.predictions:
            kind = "quiz" if quiz in lesson.quizzes else "prediction"
            (section,) = document.xpath(f"//section[@data-key-{kind}='{quiz.id}']")
            options = section.xpath(".//li[@data-option]")
            assert len(options) == len(quiz.choices), f"{lesson.slug}/{quiz.id}"
            for option, choice in zip(options, quiz.choices):
                mark = text(option.xpath(".//*[@class='key-mark']")[0])
                expected = ("true", "Correct") if choice.correct else ("false", "Wrong")
                assert (option.get("data-correct"), mark) == expected, f"{lesson.slug}/{quiz.id}: {choice.answer}"
                assert text(option.xpath(".//*[@class='key-explanation']")[0]), "every option is explained"
            assert text(section).count("Correct") == len(quiz.correct_indexes)
            seen += 1
    assert seen == sum(len(lesson.quizzes) + len(lesson.predictions) for lesson in course.lessons) > 0


def test_every_exercise_shows_its_solution_code_highlighted_and_its_hints(key, course):
    exercises = 0
    for lesson in course.lessons:
        document = page(key, f"{lesson.slug}.html")
        for cell in (cell for cell in lesson.cells if cell.check):
            (section,) = document.xpath(f"//section[@data-key-exercise='{cell.id}']")
            # the solution's code (the task's starting code comes before it)
            (code,) = section.xpath(".//pre[contains(@class, 'static-code')][not(ancestor::*[@data-key-task])]/code")
            assert code.text_content().rstrip("\n") == cell.solution.content, f"{lesson.slug}/{cell.id}"
            assert code.xpath(".//span[@class='k']"), "the code is highlighted as the lessons' static code is"
            hints = section.xpath(".//*[@class='key-hint']")
            assert len(hints) == len(cell.hints) == 2, f"{lesson.slug}/{cell.id}"
            assert [text(hint.xpath("h4")[0]) for hint in hints] == ["Hint", "Second hint"]
            exercises += 1
    assert exercises > 0


def test_every_exercise_says_what_it_asks_before_its_solution(key, course):
    for lesson in course.lessons:
        document = page(key, f"{lesson.slug}.html")
        for cell in (cell for cell in lesson.cells if cell.check):
            (section,) = document.xpath(f"//section[@data-key-exercise='{cell.id}']")
            (task,) = section.xpath(".//*[@data-key-task]")
            start, solution = section.xpath(".//pre[contains(@class, 'static-code')]/code")
            assert start in task.iterdescendants(), f"{lesson.slug}/{cell.id}: the starting code is not in the task"
            assert start.text_content().rstrip("\n") == cell.code.rstrip("\n"), f"{lesson.slug}/{cell.id}"
            assert solution.text_content().rstrip("\n") == cell.solution.content
            said = text(task).removeprefix("The task").replace(text(start), "")
            assert len(said.replace("Starting code:", "").strip()) > 40, f"{lesson.slug}/{cell.id}: no task in words"
    (task,) = page(key, "precision-recall.html").xpath(
        "//section[@data-key-exercise='write-recall']//*[@data-key-task]"
    )
    assert "Now write recall_at_k yourself, without looking back at the cell above." in text(task)


def test_a_file_in_the_way_fails_with_a_clear_message_and_leaves_an_earlier_key_intact(
    tmp_path, make_lessons, good_lesson, node, capsys
):
    lessons = make_lessons({"sample": good_lesson})
    folder = tmp_path / "key"
    write_answer_key(lessons, folder)
    before = snapshot(folder)
    in_the_way = folder / "index.html"
    for target in (in_the_way, in_the_way / "key"):
        capsys.readouterr()
        assert build.main(["--lessons", str(lessons), "--answer-key", str(target), "--out", str(tmp_path / "d")]) == 1
        message = capsys.readouterr().err
        assert "No answer key was written" in message and f"{in_the_way} is a file" in message
    assert snapshot(folder) == before
    assert sorted(path.name for path in tmp_path.iterdir()) == ["key", "lessons"], "nothing else made"


def test_a_write_that_fails_midway_leaves_the_earlier_key_whole(tmp_path, make_lessons, good_lesson, node, monkeypatch):
    lessons = make_lessons({"sample": good_lesson})
    folder = tmp_path / "key"
    write_answer_key(lessons, folder)
    before = snapshot(folder)
    write_text = Path.write_text

    def disk_full(path, *args, **kwargs):
        if path.name == "sample.html":
            raise OSError(28, "No space left on device")
        return write_text(path, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", disk_full)
    with pytest.raises(AnswerKeyError, match="No space left on device"):
        write_answer_key(lessons, folder)
    monkeypatch.undo()
    assert snapshot(folder) == before
    assert sorted(path.name for path in tmp_path.iterdir()) == ["key", "lessons"], "the fresh folder is removed"


def test_a_new_key_replaces_an_earlier_one_whole(tmp_path, make_lessons, good_lesson, node):
    lessons = make_lessons({"sample": good_lesson})
    folder = tmp_path / "key"
    write_answer_key(lessons, folder)
    (folder / "left-over.html").write_text("from an earlier course", encoding="utf-8")
    write_answer_key(lessons, folder)
    assert not (folder / "left-over.html").exists()
    assert (folder / "sample.html").is_file() and (folder / MARKER).is_file()
    assert sorted(path.name for path in tmp_path.iterdir()) == ["key", "lessons"]


def test_a_folder_that_is_not_a_key_or_is_inside_the_site_is_refused(tmp_path, make_lessons, good_lesson):
    lessons = make_lessons({"sample": good_lesson})
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "plan.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(AnswerKeyError, match="is not an earlier answer key"):
        write_answer_key(lessons, notes)
    assert snapshot(notes) == {"plan.txt": b"mine"}
    with pytest.raises(AnswerKeyError, match="learners would find the answers"):
        write_answer_key(lessons, tmp_path / "dist" / "key", site_dir=tmp_path / "dist")
    assert not (tmp_path / "dist").exists()


def test_a_lesson_the_build_rejects_writes_no_key(tmp_path, make_lessons, good_lesson, capsys):
    lessons = make_lessons({"sample": good_lesson.replace("correct: true", "correct: false")})
    assert build.main(["--lessons", str(lessons), "--answer-key", str(tmp_path / "key")]) == 1
    assert "sample.md:" in capsys.readouterr().err
    assert not (tmp_path / "key").exists()


def test_the_index_says_what_each_lesson_s_key_holds_in_words(key):
    items = {item.xpath("a/@href")[0]: text(item.xpath("p")[0]) for item in page(key, "index.html").xpath("//main//li")}
    assert items["why-position-matters.html"] == "1 exercise, 1 quiz, 1 prediction"
    assert items["average-precision.html"] == "2 exercises, 1 quiz, 1 prediction"
    assert items["effect-size-and-power.html"] == "1 exercise, 1 quiz, 2 predictions"
    assert items["recap.html"] == "1 quiz"  # no exercise and no prediction
