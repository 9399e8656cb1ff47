"""rankmetrics.pages.runfiles: format detection, trec_eval's order, every kind of problem, and chunking."""

import random
import tracemalloc

import pytest

from rankmetrics.pages.runfiles import (
    EXAMPLES_PER_KIND,
    MAX_PROBLEMS,
    NotGrouped,
    Problem,
    QrelsReader,
    RunReader,
    read_qrels_text,
    read_run_text,
    trec_eval_order,
)

RUN = """\
q1 Q0 d1 1 2.5 bm25
q1 Q0 d2 2 2.5 bm25
q1 0 d3 3 9 bm25
q2 iter d7 1 -1 bm25
q2 Q0 d8 2 0.5 bm25
"""

QRELS = """\
q1 0 d1 1
q1 0 d3 0
q2 0 d8 2
"""


def read_run_in_chunks(text, sizes, **options):
    """Feed `text` cut into pieces of the given sizes (cycled); return (queries, reader)."""
    reader = RunReader("run.txt", **options)
    queries, start, index = [], 0, 0
    while start < len(text):
        size = sizes[index % len(sizes)]
        queries += reader.feed(text[start : start + size])
        start += size
        index += 1
    queries += reader.finish()
    return queries, reader


def kinds(problems):
    return [(problem.line, problem.kind) for problem in problems]


# Format detection and trec_eval's order.


def test_trec_run_is_ordered_by_score_then_docid_descending():
    run = read_run_text(RUN, "run.txt")
    assert run.format == "TREC run"
    # d1 and d2 tie at 2.5: the larger id, d2, comes first; the rank column is ignored.
    assert run.rankings == {"q1": ["d3", "d2", "d1"], "q2": ["d8", "d7"]}
    assert run.problems == [] and run.problem_counts == {} and run.lines == 5


def test_second_column_may_be_anything():
    for column in ("Q0", "0", "iter", "x"):
        assert read_run_text(f"q1 {column} d1 1 1 r\n").rankings == {"q1": ["d1"]}


def test_use_rank_orders_by_the_rank_column():
    run = read_run_text(RUN, "run.txt", use_rank=True)
    assert run.rankings == {"q1": ["d1", "d2", "d3"], "q2": ["d7", "d8"]}


def test_ties_use_strcmp_order_of_ids():
    # strcmp: "d10" > "d1" and "d2" > "d10"; upper case sorts before lower case.
    ids = ["d1", "d10", "d2", "D3"]
    assert trec_eval_order(ids, [1.0] * 4) == ["d2", "d10", "d1", "D3"]


def test_scores_are_compared_in_single_precision():
    # 1 + 1e-9 is 1.0 as a C float: a tie, won by the larger id.
    assert trec_eval_order(["b", "a"], [1.0, 1.0 + 1e-9]) == ["b", "a"]
    assert trec_eval_order(["b", "a"], [1.0, 1.0 + 1e-6]) == ["a", "b"]


def test_tabs_extra_columns_comments_blank_lines_crlf_and_bom():
    text = "\ufeff# a comment\r\n\r\nq1\tQ0\td1\t1\t1\trun\textra words\r\n  \nq1 Q0 d2 2 2 run\r\n"
    run = read_run_text(text)
    assert run.format == "TREC run"
    assert run.rankings == {"q1": ["d2", "d1"]}  # the line with extra columns is scored, as trec_eval does
    assert kinds(run.problems) == [(3, "extra columns")] and run.lines == 5


@pytest.mark.parametrize("grouped", [True, False])
def test_a_seven_column_run_line_is_named_and_scored_as_trec_eval_scores_it(grouped):
    text = "q1 Q0 d1 1 3 r\nq1 Q0 d2 2 2 r extra\nq2 Q0 d4 1 1.0 r\n"
    reader = RunReader("seven.txt", grouped=grouped)
    rankings = dict(reader.feed(text) + reader.finish())
    assert rankings == {"q1": ["d1", "d2"], "q2": ["d4"]}
    assert kinds(reader.problems) == [(2, "extra columns")]
    message = reader.problems[0].message
    assert "7 columns" in message and "has 6" in message and "scored" in message


def test_trec_qrels():
    qrels = read_qrels_text(QRELS, "qrels.txt")
    assert qrels.format == "TREC qrels"
    assert qrels.judgments == {"q1": {"d1": 1, "d3": 0}, "q2": {"d8": 2}}
    assert qrels.lines == 3 and qrels.problems == []


def test_qrels_grades_may_be_fractional():
    assert read_qrels_text("q1 0 d1 0.5\n").judgments == {"q1": {"d1": 0.5}}


@pytest.mark.parametrize("separator, name", [(",", "CSV"), ("\t", "TSV"), (";", "CSV (semicolons)")])
def test_csv_and_tsv_need_a_header_in_any_case_and_order(separator, name):
    lines = [["Score", "DOCID", "qid"], ["0.5", "a", "q1"], ["0.9", "b", "q1"]]
    run = read_run_text("".join(separator.join(line) + "\n" for line in lines), "run")
    assert run.format == name
    assert run.rankings == {"q1": ["b", "a"]}
    qrels_lines = [["user", "item", "relevance"], ["u1", "i1", "1"]]
    qrels = read_qrels_text("".join(separator.join(line) + "\n" for line in qrels_lines))
    assert qrels.format == name and qrels.judgments == {"u1": {"i1": 1}}


def test_every_accepted_header_name():
    for query in ("query", "qid", "topic", "user"):
        for doc in ("doc", "docid", "item"):
            for grade in ("grade", "relevance", "label"):
                qrels = read_qrels_text(f"{query},{doc},{grade}\nq,d,1\n")
                assert qrels.judgments == {"q": {"d": 1}}, (query, doc, grade)


def test_csv_with_quotes():
    run = read_run_text('query,doc,score\n"q 1","d,1",1\n')
    assert run.rankings == {"q 1": ["d,1"]}


def test_csv_run_with_rank_and_no_score_is_ranked_by_rank():
    run = read_run_text("query,doc,rank\nq1,a,2\nq1,b,1\nq1,c,3\n")
    assert run.rankings == {"q1": ["b", "a", "c"]}
    assert run.problems == []


def test_use_rank_without_a_rank_column_ranks_by_score_and_says_so():
    run = read_run_text("query,doc,score\nq1,a,1\nq1,b,2\n", "run.csv", use_rank=True)
    assert run.rankings == {"q1": ["b", "a"]}
    assert kinds(run.problems) == [(1, "header")]


def test_csv_without_a_header_is_a_header_problem():
    run = read_run_text("q1,d1,1\nq1,d2,2\n", "run.csv")
    assert kinds(run.problems) == [(1, "header")]
    assert "header" in run.problems[0].message and "query/qid/topic/user" in run.problems[0].message
    assert run.rankings == {}
    assert run.lines == 2


def test_header_without_a_needed_column():
    qrels = read_qrels_text("query,doc,score\nq1,d1,1\n", "qrels.csv")
    assert kinds(qrels.problems) == [(1, "header")]
    assert "grade" in qrels.problems[0].message
    assert qrels.judgments == {}


# Problems: each names file, line, what is wrong and what to change; the line is left out.


def test_run_problems():
    text = (
        "q1 Q0 d1 1 1.5 r\n"  # 1 fine
        "q1 Q0 d2 1 r\n"  # 2 five columns
        "q1 Q0 d3 1 high r\n"  # 3 not a number
        "q1 Q0 d4 1 nan r\n"  # 4 not finite
        "q1 Q0 d5 1 inf r\n"  # 5 not finite
        "q1 Q0 d1 9 7 r\n"  # 6 d1 again
        "q1 0 d6 1\n"  # 7 a qrels line
    )
    run = read_run_text(text, "mine.run")
    assert kinds(run.problems) == [
        (2, "columns"),
        (3, "score"),
        (4, "score"),
        (5, "score"),
        (6, "duplicate doc"),
        (7, "columns"),
    ]
    assert run.problem_counts == {"columns": 2, "score": 3, "duplicate doc": 1}
    assert run.rankings == {"q1": ["d1"]}  # the first d1 (score 1.5) stays
    assert all(problem.file == "mine.run" for problem in run.problems)
    assert "'high'" in run.problems[1].message
    assert "qrels" in run.problems[5].message  # a hint: 4 columns is a qrels line


def test_a_message_names_neither_file_nor_line_and_counts_columns_in_english():
    run = read_run_text("q1 Q0 d1 1 1 r\nq1\nq1 Q0 d2 1 x r\n", "mine.run")
    qrels = read_qrels_text("q1 0 d1 1\nq1\nq1 0 d1 2\n", "mine.qrels")
    for problem in run.problems + qrels.problems:
        assert f"line {problem.line}" not in problem.message and "mine." not in problem.message
        assert str(problem).startswith(f"{problem.file}, line {problem.line}: ")
        assert str(problem).count(f"line {problem.line}") == 1
    assert "has 1 column;" in run.problems[0].message and "has 1 column;" in qrels.problems[0].message


def test_qrels_problems():
    text = (
        "q1 0 d1 1\n"  # 1 fine
        "q1 0 d2\n"  # 2 three columns
        "q1 0 d3 yes\n"  # 3 not a number
        "q1 0 d4 -1\n"  # 4 negative: judged, not relevant (no problem)
        "q1 0 d1 2\n"  # 5 conflicts with line 1
        "q1 0 d1 1\n"  # 6 repeats line 1
        "q1 Q0 d5 1 1.0 run\n"  # 7 a run line
    )
    qrels = read_qrels_text(text, "mine.qrels")
    assert kinds(qrels.problems) == [
        (2, "columns"),
        (3, "grade"),
        (5, "conflicting judgment"),
        (6, "duplicate judgment"),
        (7, "columns"),
    ]
    assert qrels.judgments == {"q1": {"d1": 1, "d4": 0}}
    assert "run" in qrels.problems[4].message
    assert qrels.notes == [
        "1 judgment below 0 was read as judged, not relevant: no gain in any measure, as trec_eval gives none."
    ]


def test_a_semicolon_csv_line_with_the_wrong_number_of_cells_says_semicolons():
    run = read_run_text("query;doc;score\nq1;a;1\nq1;b\n")
    assert kinds(run.problems) == [(3, "columns")]
    assert "separated by semicolons" in run.problems[0].message


def test_a_semicolon_file_without_a_header_is_a_header_problem():
    run = read_run_text("q1;d1;1\nq1;d2;2\n", "run.csv")
    assert run.format == "CSV (semicolons)"
    assert kinds(run.problems) == [(1, "header")]


def test_a_semicolon_file_reads_decimal_commas():
    run = read_run_text("query;doc;score\nq1;d7;3,41\nq1;d8;12,5\nq1;d9;-0,5\nq1;d1;7\n", "run.csv")
    assert (run.format, run.problems) == ("CSV (semicolons)", [])
    assert run.rankings == {"q1": ["d8", "d1", "d7", "d9"]}
    qrels = read_qrels_text("query;doc;grade\nq1;d7;1,5\n", "qrels.csv")
    assert (qrels.judgments, qrels.problems) == ({"q1": {"d7": 1.5}}, [])


@pytest.mark.parametrize("score", ["1.234,5", "1,234,5"])
def test_a_thousands_separator_is_not_guessed(score):
    run = read_run_text(f"query;doc;score\nq1;d7;{score}\nq1;d8;1\n", "run.csv")
    assert kinds(run.problems) == [(2, "score")]
    assert "one decimal comma and no thousands separator, such as 12,5" in run.problems[0].message


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ('query,doc,score\nq1,d7,"3,41"\nq1,d8,1\n', "a decimal point, such as 12.5"),
        ("query\tdoc\tscore\nq1\td7\t3,41\nq1\td8\t1\n", "a decimal point, such as 12.5"),
        ("q1 Q0 d7 1 3,41 r\nq1 Q0 d8 2 1 r\n", "a decimal point, such as 12.5"),
    ],
)
def test_a_decimal_comma_outside_a_semicolon_file_stays_a_problem(text, hint):
    run = read_run_text(text, "run.txt")
    assert kinds(run.problems) == [(2 if "doc" in text else 1, "score")]
    assert hint in run.problems[0].message


def test_csv_line_with_the_wrong_number_of_cells():
    run = read_run_text("query,doc,score\nq1,a,1\nq1,b\n")
    assert kinds(run.problems) == [(3, "columns")]


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n", "   "])
def test_empty_files(text):
    run = read_run_text(text, "run.txt")
    assert [(p.line, p.kind) for p in run.problems] == [(0, "empty file")]
    qrels = read_qrels_text(text, "qrels.txt")
    assert [(p.line, p.kind) for p in qrels.problems] == [(0, "empty file")]
    assert qrels.judgments == {} and run.rankings == {}


def test_the_first_problems_are_kept_and_all_are_counted_and_each_kind_has_examples():
    last = MAX_PROBLEMS + 52
    text = "q1 Q0 d1 1 1 r\n" + "bad line\n" * (MAX_PROBLEMS + 50) + "q1 Q0 d2 1 x r\n" * 5
    run = read_run_text(text)
    # The first MAX_PROBLEMS, then the first EXAMPLES_PER_KIND of a kind first seen past them.
    assert len(run.problems) == MAX_PROBLEMS + EXAMPLES_PER_KIND
    assert run.problem_counts == {"columns": MAX_PROBLEMS + 50, "score": 5}
    assert run.problems[MAX_PROBLEMS - 1] == Problem("run", MAX_PROBLEMS + 1, "columns", run.problems[0].message)
    assert kinds(run.problems[MAX_PROBLEMS:]) == [(line, "score") for line in range(last, last + EXAMPLES_PER_KIND)]


# Streaming: grouped queries come out as they complete; chunk boundaries change nothing.


def test_grouped_run_hands_over_each_query_when_the_next_starts():
    reader = RunReader("run.txt")
    assert reader.feed("q1 Q0 d1 1 1 r\nq1 Q0 d2 2 2 r\n") == []
    assert reader.feed("q2 Q0 d1 1 1 r\n") == [("q1", ["d2", "d1"])]
    assert reader.finish() == [("q2", ["d1"])]


def test_a_query_that_comes_back_raises_not_grouped():
    text = "q1 Q0 d1 1 1 r\nq2 Q0 d1 1 1 r\nq1 Q0 d2 1 2 r\n"
    reader = RunReader("run.txt")
    with pytest.raises(NotGrouped, match="line 3: query 'q1'"):
        reader.feed(text)
    queries, _ = read_run_in_chunks(text, [7], grouped=False)
    assert queries == [("q1", ["d2", "d1"]), ("q2", ["d1"])]


def test_the_query_of_the_last_chunk_back_after_another_raises_not_grouped():
    reader = RunReader("run.txt")
    assert reader.feed("q1 Q0 d1 1 1 r\n") == []
    with pytest.raises(NotGrouped, match="line 3: query 'q1'"):
        reader.feed("q2 Q0 d1 1 1 r\nq1 Q0 d2 1 2 r\n")


def test_not_grouped_buffers_until_finish():
    reader = RunReader("run.txt", grouped=False)
    assert reader.feed(RUN) == []
    assert dict(reader.finish()) == read_run_text(RUN).rankings


def awkward_run():
    return (
        "\ufeffq1 Q0 d1 1 2.5 bm25\r\n"
        "# comment\n"
        "q1 Q0 d2 2 2.5 bm25\n\n"
        "q1 Q0 d2 3 1 bm25\n"  # duplicate
        "q2 0 é 1 1e3 bm25\n"
        "q2 0 x 1 zz bm25\n"
        "q3 Q0 d9 1 0 bm25"  # no final newline
    )


@pytest.mark.parametrize("grouped", [True, False])
def test_every_split_point_gives_the_same_run(grouped):
    text = awkward_run()
    whole, whole_reader = read_run_in_chunks(text, [len(text)], grouped=grouped)
    assert whole == [("q1", ["d2", "d1"]), ("q2", ["é"]), ("q3", ["d9"])]
    for cut in range(len(text) + 1):
        reader = RunReader("run.txt", grouped=grouped)
        queries = reader.feed(text[:cut]) + reader.feed(text[cut:]) + reader.finish()
        assert queries == whole, cut
        assert reader.problems == whole_reader.problems, cut
        assert reader.lines == whole_reader.lines == 8
    for size in (1, 2, 3, 5):
        assert read_run_in_chunks(text, [size], grouped=grouped)[0] == whole


def test_every_split_point_gives_the_same_qrels():
    text = "query\tdoc\tgrade\r\nq1\td1\t1\r\nq1\td1\t2\nq2\td2\t3"
    whole = read_qrels_text(text)
    assert whole.judgments == {"q1": {"d1": 1}, "q2": {"d2": 3}} and whole.format == "TSV"
    for cut in range(len(text) + 1):
        reader = QrelsReader("qrels")
        reader.feed(text[:cut])
        reader.feed(text[cut:])
        qrels = reader.finish()
        assert (qrels.judgments, qrels.problems, qrels.lines, qrels.format) == (
            whole.judgments,
            whole.problems,
            whole.lines,
            whole.format,
        ), cut


def test_random_chunking_of_a_larger_run():
    rng = random.Random(5)
    lines = [
        f"q{q} Q0 d{rng.randint(0, 300)} 0 {rng.choice([1, 2, 2.5, rng.random()])} r\n"
        for q in range(40)
        for _ in range(30)
    ]
    text = "".join(lines)
    expected = read_run_text(text, "run.txt")
    for seed in range(5):
        chunk_rng = random.Random(seed)
        sizes = [chunk_rng.randint(1, 200) for _ in range(50)]
        queries, reader = read_run_in_chunks(text, sizes)
        assert dict(queries) == expected.rankings
        assert reader.problems == expected.problems


# Memory: grouped reading holds one query; the docstring's bytes per line are measured here.


def run_text(queries, per_query):
    return "".join(f"q{q:05d} Q0 doc{d:07d} {d} {d * 0.5} run\n" for q in range(queries) for d in range(per_query))


def peak_bytes(text, grouped, chunk=1 << 16):
    reader = RunReader("run.txt", grouped=grouped)
    tracemalloc.start()
    try:
        for start in range(0, len(text), chunk):
            reader.feed(text[start : start + chunk])
        reader.finish()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_memory_per_line_is_within_the_documented_bound():
    text = run_text(200, 100)  # 20,000 lines
    ungrouped = peak_bytes(text, grouped=False)
    assert ungrouped / 20_000 < 250  # RunReader's docstring: about 200 bytes per line
    # Grouped: one query and one chunk, whatever the file's length (4x the queries here).
    grouped = peak_bytes(text, grouped=True)
    assert grouped < ungrouped / 5
    assert peak_bytes(run_text(800, 100), grouped=True) < 1.25 * grouped


# The fast way through plain chunks (RunReader._read_plain_chunk) gives what line by line gives.


@pytest.fixture
def line_by_line(monkeypatch):
    """Readers that take every line one by one (the fast way turned off): the reference."""

    def reading_line_by_line(read, **options):
        with monkeypatch.context() as patch:
            patch.setattr(RunReader, "_read_plain_chunk", lambda self, text: None)
            patch.setattr(QrelsReader, "_read_plain_chunk", lambda self, text: False)
            return read(**options)

    return reading_line_by_line


def lines_read_one_by_one(monkeypatch, reader_class):
    """A list that gets how many lines each call of reader_class._read takes (line by line)."""
    counts = []
    read = reader_class._read

    def counting(self, lines):
        counts.append(len(lines))
        return read(self, lines)

    monkeypatch.setattr(reader_class, "_read", counting)
    return counts


def test_the_first_chunk_goes_the_fast_way_after_its_first_line(monkeypatch):
    text = "# a comment\n\n" + "".join(f"q{q} Q0 d{d} {d} 1.5 r\n" for q in range(50) for d in range(20))
    counts = lines_read_one_by_one(monkeypatch, RunReader)
    reader = RunReader("run.txt")
    queries = reader.feed(text) + reader.finish()
    assert len(queries) == 50 and reader.lines == 1002
    assert sum(counts) == 3  # the comment, the blank line and the first run line


def test_the_first_qrels_chunk_goes_the_fast_way_after_its_first_line(monkeypatch):
    text = "".join(f"q{q} 0 d{d} 1\n" for q in range(50) for d in range(20))
    counts = lines_read_one_by_one(monkeypatch, QrelsReader)
    qrels = read_qrels_text(text, "qrels.txt")
    assert len(qrels.judgments) == 50 and qrels.lines == 1000
    assert sum(counts) == 1


def plain_run_with_flaws(seed, flaw):
    """A grouped run of 300 queries x 40 plain lines, with one `flaw` line far past the first chunk."""
    rng = random.Random(seed)
    lines = [f"q{q} Q0 d{d} {d} {rng.choice([1, 2, rng.random()])} r\n" for q in range(300) for d in range(40)]
    at = rng.randrange(len(lines) // 2, len(lines) - 50)
    qid = lines[at].split()[0]
    lines.insert(at, flaw.format(qid=qid))
    return "".join(lines)


@pytest.mark.parametrize(
    "flaw",
    [
        "{qid} Q0 d3 3 1.5 r\n",  # the document twice in its query
        "{qid} Q0 dx 1 nan r\n",  # a score that is not finite
        "{qid} Q0 dy 1 high r\n",  # a score that is not a number
        "{qid} Q0 dz 1 0.5\n",  # five columns
        "{qid} Q0 dw 1 0.5 r extra\n",  # seven columns: read, as trec_eval reads them
        "\n",  # a blank line
        "# a comment with six words\n",
        "{qid}\tQ0\tdt\t1\t0.25\tr\r\n",  # tabs and a carriage return
    ],
)
@pytest.mark.parametrize("chunk", [1 << 16, 4096, 333])
def test_plain_chunks_read_as_line_by_line(flaw, chunk, line_by_line):
    text = plain_run_with_flaws(len(flaw), flaw)
    expected = line_by_line(read_run_text, text=text, file="run.txt")
    queries, reader = read_run_in_chunks(text, [chunk])
    assert dict(queries) == expected.rankings
    assert reader.problems == expected.problems
    assert reader.problem_counts == expected.problem_counts
    assert reader.lines == expected.lines


def test_a_query_back_after_others_is_found_on_the_fast_way_too():
    text = "".join(f"q{q} Q0 d{d} {d} 1.0 r\n" for q in range(200) for d in range(30)) + "q5 Q0 dn 1 1.0 r\n"
    with pytest.raises(NotGrouped, match="line 6001"):
        read_run_in_chunks(text, [1 << 16])


def read_qrels_in_chunks(text, size):
    reader = QrelsReader("qrels.txt")
    for start in range(0, len(text), size):
        reader.feed(text[start : start + size])
    return reader.finish()


@pytest.mark.parametrize(
    "flaw",
    [
        "{qid} 0 d3 1\n",  # the document judged again: a duplicate or a conflict
        "{qid} 0 dx 1.5\n",  # a grade that is not whole (read line by line, kept)
        "{qid} 0 dy -1\n",  # a negative grade
        "{qid} 0 dz 1 extra\n",  # five columns
        "\n",  # a blank line
        "# a comment line\n",
        "{qid}\t0\tdt\t2\r\n",  # tabs and a carriage return
    ],
)
@pytest.mark.parametrize("chunk", [1 << 16, 4096, 333])
def test_plain_qrels_chunks_read_as_line_by_line(flaw, chunk, line_by_line):
    rng = random.Random(len(flaw))
    lines = [f"q{q} 0 d{d} {rng.randint(0, 3)}\n" for q in range(400) for d in range(20)]
    at = rng.randrange(len(lines) // 2, len(lines) - 50)
    lines.insert(at, flaw.format(qid=lines[at].split()[0]))
    text = "".join(lines)
    expected = line_by_line(read_qrels_text, text=text, file="qrels.txt")
    qrels = read_qrels_in_chunks(text, chunk)
    assert qrels.judgments == expected.judgments
    assert [list(grades) for grades in qrels.judgments.values()] == [
        list(grades) for grades in expected.judgments.values()
    ]
    assert (qrels.problems, qrels.problem_counts, qrels.lines, qrels.notes) == (
        expected.problems,
        expected.problem_counts,
        expected.lines,
        expected.notes,
    )


def test_qrels_whose_queries_come_back_are_merged_on_the_fast_way_too(line_by_line):
    first = "".join(f"q{q} 0 a{d} 1\n" for q in range(300) for d in range(10))
    again = "".join(f"q{q} 0 b{d} 2\n" for q in range(300) for d in range(10))
    expected = line_by_line(read_qrels_text, text=first + again, file="qrels.txt")
    qrels = read_qrels_in_chunks(first + again, 4096)
    assert qrels.judgments == expected.judgments and qrels.problems == expected.problems == []
