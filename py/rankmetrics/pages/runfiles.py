"""Reading run and qrels files as trec_eval does, chunk by chunk, naming every malformed line.

Formats (detected from the first line that is not blank):

    TREC run    qid Q0 docid rank score tag     whitespace-separated, 6 columns
    TREC qrels  qid iter docid grade            whitespace-separated, 4 columns
    CSV / TSV   a header line naming the columns (case-insensitive), see HEADER_NAMES:
                query/qid/topic/user; doc/docid/item; score; rank; grade/relevance/label;
                separated by tabs (TSV), commas (CSV) or semicolons ("CSV (semicolons)", as
                spreadsheets in comma-decimal languages write it; there a number may have a
                decimal comma, 3,41, but no thousands separator)

The second column of a TREC run ("Q0", "0" or anything) and of a TREC qrels (the iteration) is
ignored, as trec_eval ignores it; so are the rank and tag columns of a run. A run line with columns
after the tag is scored as trec_eval scores it (get_trec_results.c skips them), and named as an
"extra columns" problem: a TREC run line has 6. Lines starting with "#" are comments and blank
lines carry nothing; both are skipped, as trec_eval skips them in runs.

A run is ordered as trec_eval orders it (form_res_rels.c, comp_sim_docno): by score descending,
ties broken by document id descending in strcmp order. trec_eval keeps a score as a C float
(trec_format.h: ``float sim``), so scores equal in single precision tie: we round them the same
way. With ``use_rank=True`` the rank column orders the list instead (ascending, ties again by
document id descending); a CSV/TSV run with a rank column and no score column is ranked by rank.

Every line that cannot be read is a Problem naming the file and line, what is wrong and what to
change; the line is left out and counted in problem_counts (never silently dropped). The first
MAX_PROBLEMS problems are kept in full, and the first EXAMPLES_PER_KIND of every kind.

A negative grade in a qrels file (the TREC Web track grades spam -2) is read as judged and not
relevant: grade 0, so it gives no gain in any measure, as trec_eval gives it none. The count of
such lines is one note of the Qrels, not a problem per line.

>>> run = read_run_text("q1 Q0 d1 1 2.5 bm25\\nq1 Q0 d2 2 2.5 bm25\\nq1 0 d3 3 9 bm25\\n", "run.txt")
>>> run.format, run.rankings
('TREC run', {'q1': ['d3', 'd2', 'd1']})
"""

import csv
import math
from array import array
from dataclasses import dataclass, field
from itertools import groupby
from operator import itemgetter

# The first problems kept in full; past it they are only counted by kind, with a few examples.
MAX_PROBLEMS = 100
EXAMPLES_PER_KIND = 3

# Column role -> the header names that give it (compared lowercased, spaces trimmed).
HEADER_NAMES = {
    "query": ("query", "qid", "topic", "user"),
    "doc": ("doc", "docid", "item"),
    "score": ("score",),
    "rank": ("rank",),
    "grade": ("grade", "relevance", "label"),
}
_ROLE_OF_NAME = {name: role for role, names in HEADER_NAMES.items() for name in names}

_second = itemgetter(1)  # the document id of a (key, docid) pair

TREC_RUN_COLUMNS = 6  # qid Q0 docid rank score tag
TREC_QRELS_COLUMNS = 4  # qid iter docid grade

# Marks each line's end when a chunk is split into words in one go (see _words_of_lines); a chunk
# that holds it is read line by line instead.
_LINE_END = "\x00"
# The characters of a run split into words at once on the fast way (RunReader._read_plain_chunk):
# about 180 KB of words, whatever the chunks fed.
PLAIN_PIECE = 1 << 14


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a file.

    file:    the file's name as given to the reader.
    line:    1-based line number; 0 for the whole file (e.g. "empty file").
    kind:    a short stable id: "columns", "score", "rank", "grade", "duplicate doc",
             "conflicting judgment", "duplicate judgment", "empty file", "header",
             "no shared query", "extra columns" (the one kind whose line is still read).
    message: what is wrong and what to change, one or two sentences; it names neither the
             file nor the line (str() of the Problem puts them in front).

    >>> str(Problem("run.txt", 3, "score", "the score 'x' is not a finite number."))
    "run.txt, line 3: the score 'x' is not a finite number."
    """

    file: str
    line: int
    kind: str
    message: str

    def __str__(self):
        return f"{self.file}{f', line {self.line}' if self.line else ''}: {self.message}"


class NotGrouped(Exception):
    """A query's lines came back after another query's: read again with grouped=False."""


def trec_eval_order(docids, scores):
    """Document ids ordered as trec_eval orders a run: score descending, ties by docid descending.

    Args:
        docids: list of str, each at most once.
        scores: list of float, the same length (finite).

    Returns:
        list of str, best first.

    Scores are compared in single precision (trec_eval stores them as C floats), so 1.0 and
    1.0 + 1e-9 tie; ties go to the larger document id in strcmp order, which for Python str is
    code-point order (the order of their UTF-8 bytes). Source: trec_eval, form_res_rels.c
    (comp_sim_docno) and trec_format.h.

    >>> trec_eval_order(["a", "b", "c"], [1.0, 1.0 + 1e-9, 2.0])
    ['c', 'b', 'a']
    """
    single = array("f", scores)  # rounds to single precision as C does
    return list(map(_second, sorted(zip(single, docids), reverse=True)))


def rank_order(docids, ranks):
    """Document ids ordered by the rank column: rank ascending, ties by docid descending.

    >>> rank_order(["a", "b", "c"], [2, 1, 2])
    ['b', 'c', 'a']
    """
    return list(map(_second, sorted(zip((-r for r in ranks), docids), reverse=True)))


def _columns(count):
    """ "1 column", "7 columns"."""
    return f"{count} column{'' if count == 1 else 's'}"


def _number(text):
    """The text as an int (when it is one) or a finite float; None if it is neither."""
    try:
        return int(text)
    except ValueError:
        pass
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


# A header line's delimiters, in the order they are tried, and the format each names: a
# spreadsheet set to a comma-decimal language writes CSV with semicolons.
_DELIMITED_FORMATS = (("\t", "TSV"), (",", "CSV"), (";", "CSV (semicolons)"))


class _Reader:
    """What both readers share: splitting chunks into lines, the header, the problems."""

    # Set by subclasses: the TREC format's name and column count, the roles a header must name.
    trec_format = ""
    trec_columns = 0
    what = ""  # "run" or "judgments", for messages

    def __init__(self, file):
        self.file = file
        self.format = ""  # known after the first line that is not blank
        self.problems = []
        self.problem_counts = {}
        self._examples = {}  # kind -> problems of that kind kept
        self.lines = 0  # lines read so far (complete lines; the last one at finish())
        self._rest = ""  # the start of a line whose end is in a later chunk
        self._content = False  # a line other than blank or comment was seen
        self._columns = None  # CSV/TSV: role -> column index
        self._header_width = 0
        self._delimiter = None
        self._unreadable = False  # a bad header: nothing after it can be read

    def _problem(self, line, kind, message):
        self.problem_counts[kind] = self.problem_counts.get(kind, 0) + 1
        examples = self._examples.get(kind, 0)
        if len(self.problems) < MAX_PROBLEMS or examples < EXAMPLES_PER_KIND:
            self._examples[kind] = examples + 1
            self.problems.append(Problem(self.file, line, kind, message))

    def _decimal(self, text):
        """A number's text as float() reads it: in a semicolon file, a decimal comma ("3,41", as
        a comma-decimal spreadsheet writes it) becomes a point; any other text is left as it is
        (a thousands separator, "1.234,5", is not guessed, so it stays unreadable)."""
        if self._delimiter == ";" and text.count(",") == 1 and "." not in text:
            return text.replace(",", ".")
        return text

    def _not_a_number(self, text, example):
        """What to write instead of `text`, a number that could not be read."""
        if self._delimiter == ";" and "," in text:
            return (
                f"write a number with one decimal comma and no thousands separator, such as {example.replace('.', ',')}"
            )
        if "," in text:
            return f"write a number with a decimal point, such as {example}"
        return f"write a number such as {example}"

    def _split_lines(self, text, final):
        """Complete lines of this chunk (with the previous chunk's unfinished line in front)."""
        if not self.lines and not self._rest and text.startswith("\ufeff"):
            text = text[1:]  # a byte order mark is not part of the first column
        lines = (self._rest + text).split("\n")
        self._rest = "" if final else lines.pop()
        if final and lines and lines[-1] == "":
            lines.pop()  # the file ended with a newline
        return lines

    def _read_head(self, text, completed):
        """Read the chunk's lines one by one until the first with content, which sets the format
        (so that the rest of the chunk may go the fast way); return the text after them. What
        those lines complete is added to `completed`."""
        start = 0
        while not self._content:
            end = text.find("\n", start)
            if end < 0:
                break
            completed.extend(self._read(self._split_lines(text[start : end + 1], final=False)) or ())
            start = end + 1
        return text[start:] if start else text

    def _words_of_lines(self, text, width):
        """The chunk's complete lines split into words in one go, when each has exactly `width`.

        Returns (words, lines): words holds each line's `width` words then _LINE_END, so word
        j of line i is words[i * (width + 1) + j]; lines is how many complete lines there were.
        Returns None, having changed nothing, when that does not hold for some line (a blank
        line, a comment, another column count) or the chunk has no line end: the caller then
        reads the chunk line by line, which names each problem. Only after the format is known.
        """
        end = text.rfind("\n")
        if end < 0 or _LINE_END in text:
            return None
        body = self._rest + text[: end + 1]
        lines = body.count("\n")
        words = body.replace("\n", " " + _LINE_END + " ").split()
        step = width + 1
        if len(words) != step * lines or words[width::step].count(_LINE_END) != lines:
            return None
        if "#" in body and any(qid.startswith("#") for qid in words[::step]):
            return None  # a comment line with `width` words
        self._rest = text[end + 1 :]
        self.lines += lines
        return words, lines

    def _detect(self, line, number):
        """Set the format from the first line with content; return True if it was a header."""
        for delimiter, name in _DELIMITED_FORMATS:
            if delimiter in line:
                fields = [cell.strip().lower() for cell in next(csv.reader([line], delimiter=delimiter))]
                if sum(cell in _ROLE_OF_NAME for cell in fields) >= 2:
                    self.format = name
                    self._delimiter = delimiter
                    self._read_header(fields, number)
                    return True
        words = line.split()
        self.format = self.trec_format
        if self._trec_width_ok(len(words)):
            return False
        if "," in line or ";" in line or any(word.lower() in _ROLE_OF_NAME for word in words):
            self.format = "CSV" if "," in line else "CSV (semicolons)" if ";" in line else "TSV"
            self._unreadable = True
            self._problem(
                number,
                "header",
                f"the first line is neither a header this page knows nor a {self.trec_format} line "
                f"({self.trec_columns} columns separated by spaces or tabs): a CSV or TSV file needs a "
                f"first line naming its columns, {self._header_help()}.",
            )
            return True
        return False  # a TREC file whose first line has the wrong column count

    def _header_help(self):
        return "; ".join("/".join(HEADER_NAMES[role]) for role in self.needed_roles()) + " (any case)"

    def needed_roles(self):
        raise NotImplementedError

    def _read_header(self, fields, number):
        columns = {}
        for index, name in enumerate(fields):
            role = _ROLE_OF_NAME.get(name)
            if role is not None and role not in columns:
                columns[role] = index
        missing = self._missing_roles(columns)
        if missing:
            self._unreadable = True
            self._problem(
                number,
                "header",
                f"the header names no {' or '.join(missing)} column, so the {self.what} cannot be read: "
                f"name the columns {self._header_help()}.",
            )
            return
        self._columns = columns
        self._header_width = len(fields)

    def _missing_roles(self, columns):
        return [role for role in self.needed_roles() if role not in columns]

    def _data_start(self, lines, before):
        """Index of the chunk's first line to read as data, or None when there is none to read.

        The file's first line with content sets the format (and is skipped if it is a header).
        lines: this chunk's complete lines; before: the number of lines read before them.
        """
        start = 0
        if not self._content:
            for start, line in enumerate(lines):
                words = line.split(None, 1)
                if words and not words[0].startswith("#"):
                    self._content = True
                    if self._detect(line, before + start + 1):
                        start += 1  # the header is no data line
                    break
            else:
                return None
        return None if self._unreadable else start

    def _rows(self, lines, before, start):
        """(line number, fields) for each line with content from lines[start:]."""
        rest = lines[start:] if start else lines
        if self._delimiter is None:
            for number, line in enumerate(rest, before + start + 1):
                fields = line.split()
                if fields and not fields[0].startswith("#"):
                    yield number, fields
            return
        for number, (line, fields) in enumerate(
            zip(rest, csv.reader(rest, delimiter=self._delimiter)), before + start + 1
        ):
            if line.strip() and not line.lstrip().startswith("#"):
                yield number, [cell.strip() for cell in fields]

    def _empty_check(self):
        if not self._content:
            self._problem(
                0,
                "empty file",
                f"the file has no {self.what} line (it is empty, or holds only blank and comment lines): "
                "choose the file again, or another one.",
            )

    def _check_width(self, number, fields):
        """True if the line has the columns it needs; otherwise a "columns" problem."""
        if self._columns is not None:
            if len(fields) == self._header_width:
                return True
            self._problem(
                number,
                "columns",
                f"the line has {_columns(len(fields))} but the header names {self._header_width}: "
                f"give every line one value per header column (separated by {self._delimiter_name()}).",
            )
            return False
        if self._trec_width_ok(len(fields)):
            if len(fields) > self.trec_columns:
                self._problem(number, "extra columns", self._trec_extra_message(len(fields)))
            return True
        self._problem(number, "columns", self._trec_columns_message(len(fields)))
        return False

    def _delimiter_name(self):
        return {"\t": "tabs", ",": "commas", ";": "semicolons"}[self._delimiter]


class QrelsReader(_Reader):
    """Reads a judgments (qrels) file fed in chunks of text.

    Args:
        file: str, the file's name, used in problems.

    feed(text) takes any chunking (a line may span chunks); finish() returns Qrels. A
    judgment is (qid, docid) -> grade, an int when the text is one, else a finite float >= 0.
    A negative grade is read as 0 (judged, not relevant) and counted in below_zero and in the
    Qrels' notes: trec_eval gives it no gain and no relevance either (form_res_rels.c marks it
    RELVALUE_UNJUDGED, "in the pool, not judged", so trec_eval's num_nonrel_judged_ret leaves
    it out), while judged@k counts it as judged, as the TREC Web track's -2 (spam) is an
    assessor's verdict. Problems (the line is left out): wrong column count ("columns"), a
    grade that is not a number ("grade"), the same document judged twice for a query
    with another grade ("conflicting judgment", the first is kept) or the same grade
    ("duplicate judgment"; trec_eval stops on both: form_res_rels.c "duplicate docs"), a bad
    header ("header"), no judgment at all ("empty file").

    Memory: the judgments, about 150 bytes a line (CPython 3.12, short ids).

    >>> reader = QrelsReader("qrels.txt")
    >>> reader.feed("q1 0 d1 2\\nq1 0 d")
    >>> reader.feed("2 0\\nq1 0 d1 1\\n")
    >>> qrels = reader.finish()
    >>> qrels.judgments, qrels.format, qrels.lines
    ({'q1': {'d1': 2, 'd2': 0}}, 'TREC qrels', 3)
    >>> qrels.problems[0].kind, qrels.problems[0].line
    ('conflicting judgment', 3)
    """

    trec_format = "TREC qrels"
    trec_columns = TREC_QRELS_COLUMNS
    what = "judgments"

    def __init__(self, file):
        super().__init__(file)
        self.judgments = {}
        self.below_zero = 0  # judgments with a negative grade, read as grade 0

    def needed_roles(self):
        return ("query", "doc", "grade")

    def _trec_width_ok(self, width):
        return width == TREC_QRELS_COLUMNS

    def _trec_columns_message(self, width):
        hint = " (6 columns is a run line: is this the run file?)" if width == TREC_RUN_COLUMNS else ""
        return (
            f"the line has {_columns(width)}; a TREC qrels line has 4, "
            f"separated by spaces or tabs: qid iter docid grade{hint}."
        )

    def feed(self, text):
        """Read a chunk of text (str); a line may continue in the next chunk."""
        text = self._read_head(text, [])
        if self._content and self._delimiter is None and not self._unreadable:
            for start in range(0, len(text), PLAIN_PIECE):
                if not self._read_plain_chunk(text[start : start + PLAIN_PIECE]):
                    text = text[start:]
                    break
            else:
                return
        self._read(self._split_lines(text, final=False))

    def _read_plain_chunk(self, text):
        """The fast way through a TREC qrels chunk whose lines are all plain: 4 columns, a whole
        grade >= 0, each document judged once per query, each query in one block. Returns True
        when it read the chunk; False, having changed nothing, when a line is not plain: then
        _read names its problem."""
        rest, lines_before = self._rest, self.lines
        split = self._words_of_lines(text, TREC_QRELS_COLUMNS)
        if split is None:
            return False
        words, _ = split
        step = TREC_QRELS_COLUMNS + 1
        qids, docids = words[::step], words[2::step]
        try:
            grades = list(map(int, words[3::step]))
        except ValueError:
            grades = None
        blocks = [(qid, len(list(block))) for qid, block in groupby(qids)]
        plan = []
        below_zero = 0
        if grades and min(grades) < 0:
            below_zero = sum(1 for grade in grades if grade < 0)
            grades = [max(grade, 0) for grade in grades]
        if grades and len({qid for qid, _ in blocks}) == len(blocks):
            start = 0
            for qid, count in blocks:
                stop = start + count
                judged = dict(zip(docids[start:stop], grades[start:stop]))
                earlier = self.judgments.get(qid)
                if len(judged) != count or (earlier is not None and not earlier.keys().isdisjoint(judged)):
                    break  # a document judged twice
                plan.append((qid, judged, earlier))
                start = stop
        if grades is None or len(plan) != len(blocks):
            self._rest, self.lines = rest, lines_before  # undo: _read takes it line by line
            return False
        self.below_zero += below_zero
        for qid, judged, earlier in plan:
            if earlier is None:
                self.judgments[qid] = judged
            else:
                earlier.update(judged)
        return True

    def finish(self):
        """Read what is left and return the Qrels."""
        self._read(self._split_lines("", final=True))
        self._empty_check()
        return Qrels(self.judgments, self.format, self.problems, self.problem_counts, self.lines, self.notes())

    def notes(self):
        """What the reader changed without calling it a problem: a list of str (one sentence each)."""
        count = self.below_zero
        if not count:
            return []
        return [
            f"{count} judgment{'' if count == 1 else 's'} below 0 {'was' if count == 1 else 'were'} read as "
            "judged, not relevant: no gain in any measure, as trec_eval gives none."
        ]

    def _read(self, lines):
        first = self.lines
        self.lines += len(lines)
        start = self._data_start(lines, first)
        if start is None:
            return
        judgments = self.judgments
        for number, fields in self._rows(lines, first, start):
            if not self._check_width(number, fields):
                continue
            if self._columns is None:
                qid, docid, grade_text = fields[0], fields[2], fields[3]
            else:
                c = self._columns
                qid, docid, grade_text = fields[c["query"]], fields[c["doc"]], fields[c["grade"]]
            grade = _number(self._decimal(grade_text))
            if grade is None:
                self._problem(
                    number,
                    "grade",
                    f"the grade {grade_text!r} is not a number: "
                    f"{self._not_a_number(grade_text, '2')}, or a grade such as 0, 1, 2 or 3 (0 = judged not relevant).",
                )
                continue
            if grade < 0:  # judged, not relevant (see the module's docstring)
                self.below_zero += 1
                grade = 0
            grades = judgments.get(qid)
            if grades is None:
                grades = judgments[qid] = {}
            earlier = grades.get(docid)
            if earlier is None:
                grades[docid] = grade
            elif earlier != grade:
                self._problem(
                    number,
                    "conflicting judgment",
                    f"this line judges {docid!r} for query {qid!r} {grade_text}, but an earlier line "
                    f"judged it {earlier}: keep one line per query and document (the first is used).",
                )
            else:
                self._problem(
                    number,
                    "duplicate judgment",
                    f"this line repeats the judgment of {docid!r} for query {qid!r}: "
                    "keep one line per query and document (trec_eval stops on a repeat).",
                )


@dataclass
class Qrels:
    """What QrelsReader.finish() returns.

    judgments:      qid -> {docid: grade}, in the order the file first names them.
    format:         "TREC qrels", "CSV", "CSV (semicolons)" or "TSV" ("" for an empty file).
    problems:       the first MAX_PROBLEMS problems (see Problem).
    problem_counts: kind -> count of all problems, also those past MAX_PROBLEMS.
    lines:          lines read.
    notes:          list of str, what was read in a way worth saying that is no problem (how
                    many negative grades were read as judged, not relevant).
    """

    judgments: dict
    format: str
    problems: list = field(default_factory=list)
    problem_counts: dict = field(default_factory=dict)
    lines: int = 0
    notes: list = field(default_factory=list)


class RunReader(_Reader):
    """Reads a run file fed in chunks of text, and hands over each query's ranking.

    Args:
        file: str, the file's name, used in problems.
        use_rank: False (default, trec_eval) orders each query by score, ignoring the rank
            column; True orders it by the rank column (ascending; ties by docid descending).
        grouped: True (default) expects each query's lines together, as runs are written:
            a query is complete when the next one starts, so memory holds one query's list at
            a time. False buffers the whole run and returns every query at finish().

    feed(text) -> list of (qid, ranking) for the queries this chunk completed, the ranking a
    list of docids best first (see trec_eval_order). finish() returns the rest. Queries come
    in the order the file first names them.

    Raises:
        NotGrouped (from feed or finish, grouped=True only): a query's lines came back after
            another query's; read the file again with grouped=False (trec_eval does not
            require a run to be grouped).

    Problems (the line is left out): wrong column count ("columns"; more than 6 columns in a
    TREC run is "extra columns" instead, and that line is read, as trec_eval reads it), a
    score that is not a finite number ("score"), a rank that is not a number with use_rank ("rank"), a document
    twice in one query ("duplicate doc", the later line is left out; trec_eval stops there:
    form_res_rels.c "duplicate docs"), a bad header ("header"), no line at all ("empty
    file").

    Memory (tracemalloc, CPython 3.12, ids of about 10 characters): grouped, about 200 bytes
    per line of the current query; not grouped, about 200 bytes per line of the whole run
    (its ids and scores), so a 1,000,000-line run needs about 200 MB. Both also hold the chunk
    fed, and the words of PLAIN_PIECE characters of it at a time (a few hundred KB).

    >>> reader = RunReader("run.txt")
    >>> reader.feed("q1 Q0 d1 1 0.5 r\\nq1 Q0 d2 2 0.9 r\\nq2 Q0 d1 1 1 r\\n")
    [('q1', ['d2', 'd1'])]
    >>> reader.finish()
    [('q2', ['d1'])]
    """

    trec_format = "TREC run"
    trec_columns = TREC_RUN_COLUMNS
    what = "run"

    def __init__(self, file, *, use_rank=False, grouped=True):
        super().__init__(file)
        self.use_rank = use_rank
        self.grouped = grouped
        self._queries = {}  # qid -> (docids list, keys list, docid set), the queries not handed over
        self._done = set()  # grouped: queries handed over
        # The query of the last line read: (qid, docids, keys, docid set); qid None at first.
        self._last = (None, [], [], set())
        self._key_role = "rank" if use_rank else "score"

    def needed_roles(self):
        return ("query", "doc", self._key_role)

    def _missing_roles(self, columns):
        missing = [role for role in ("query", "doc") if role not in columns]
        if "score" not in columns and "rank" not in columns:
            missing.append("score")
        elif self._key_role not in columns:
            # A rank and no score: ranked by rank (and the reverse with use_rank).
            self._key_role = "rank" if self._key_role == "score" else "score"
            if self._key_role == "score":
                self._problem(
                    1,
                    "header",
                    "the rank column was asked for but the header names none: the run is ranked by score.",
                )
        return missing

    def _trec_width_ok(self, width):
        return width >= TREC_RUN_COLUMNS

    def _trec_extra_message(self, width):
        return (
            f"the line has {_columns(width)}; a TREC run line has 6, separated by spaces or tabs: qid Q0 docid rank "
            "score tag. The line is scored all the same, its columns after the sixth ignored, as "
            "trec_eval reads it: remove them, or check that the run's tag has no space in it."
        )

    def _trec_columns_message(self, width):
        hint = " (4 columns is a qrels line: is this the judgments file?)" if width == TREC_QRELS_COLUMNS else ""
        return (
            f"the line has {_columns(width)}; a TREC run line has 6, "
            f"separated by spaces or tabs: qid Q0 docid rank score tag{hint}."
        )

    def feed(self, text):
        """Read a chunk of text (str); return the queries it completed (grouped) or []."""
        completed = []
        text = self._read_head(text, completed)
        if self._content and self._delimiter is None and not self._unreadable:
            # Piece by piece, so that a chunk's words never take much memory at once.
            for start in range(0, len(text), PLAIN_PIECE):
                done = self._read_plain_chunk(text[start : start + PLAIN_PIECE])
                if done is None:
                    text = text[start:]
                    break
                completed += done
            else:
                return completed
        return completed + self._read(self._split_lines(text, final=False))

    def _read_plain_chunk(self, text):
        """The fast way through a TREC run chunk whose lines are all plain: 6 columns, a finite
        score (or rank), no document twice in a query, queries in one block each. It splits
        the chunk once and takes each query's block of lines at a time, instead of one line at
        a time (faster in CPython and in Pyodide: docs/performance.md, "Evaluate page"). Returns the completed queries, as _read would, or
        None, having changed nothing, when a line is not plain: then _read names its problem.
        """
        key_index = 4 if self._key_role == "score" else 3
        rest, lines_before = self._rest, self.lines
        split = self._words_of_lines(text, TREC_RUN_COLUMNS)
        if split is None:
            return None
        words, lines = split
        step = TREC_RUN_COLUMNS + 1
        qids, docids = words[::step], words[2::step]
        try:
            keys = list(map(float, words[key_index::step]))
        except ValueError:
            keys = None
        blocks = [(qid, len(list(block))) for qid, block in groupby(qids)]
        plan = []
        # A sum is finite only if every term is (an overflow just takes the slow way).
        if keys is not None and math.isfinite(sum(keys)) and len({qid for qid, _ in blocks}) == len(blocks):
            start = 0
            for qid, count in blocks:
                stop = start + count
                docs = set(docids[start:stop])
                entry = self._last[1:] if qid == self._last[0] else self._queries.get(qid)
                if len(docs) != count or (entry is not None and not entry[2].isdisjoint(docs)):
                    break  # a document twice
                if self.grouped and (entry is None and qid in self._done or entry is not None and plan):
                    break  # a query back after others: NotGrouped, from _read
                plan.append((qid, start, stop, docs, entry))
                start = stop
        if len(plan) != len(blocks) or keys is None:
            self._rest, self.lines = rest, lines_before  # undo: _read takes it line by line
            return None
        completed = []
        for qid, start, stop, docs, entry in plan:
            if entry is None:
                if self.grouped and self._last[0] is not None:
                    completed.append(self._ranked(self._last[0]))
                    self._done.add(self._last[0])
                entry = self._queries[qid] = ([], [], set())
                self._last = (qid, *entry)
            entry[0].extend(docids[start:stop])
            entry[1].extend(keys[start:stop])
            entry[2].update(docs)
            if qid != self._last[0]:
                self._last = (qid, *entry)
        return completed

    def finish(self):
        """Read what is left; return the queries not handed over yet, each (qid, ranking)."""
        completed = self._read(self._split_lines("", final=True))
        self._empty_check()
        completed.extend(self._ranked(qid) for qid in list(self._queries))
        self._queries.clear()
        return completed

    def _ranked(self, qid):
        docids, keys, _ = self._queries.pop(qid)
        if self._key_role == "rank":
            return qid, rank_order(docids, keys)
        return qid, trec_eval_order(docids, keys)

    def _read(self, lines):
        first = self.lines
        self.lines += len(lines)
        completed = []
        start = self._data_start(lines, first)
        if start is None:
            return completed
        if self._delimiter is not None:  # CSV/TSV
            c = self._columns
            query, doc, key = c["query"], c["doc"], c[self._key_role]
            for number, fields in self._rows(lines, first, start):
                if self._check_width(number, fields):
                    self._take(number, fields[query], fields[doc], fields[key], completed)
            return completed
        # TREC run. The common line (same query as the line before, a finite score, a new
        # document) is handled inline; anything else goes through _take. ~1 µs a line.
        key_index = 4 if self._key_role == "score" else 3
        isfinite = math.isfinite
        last_qid, docids, keys, seen = self._last
        rest = lines[start:] if start else lines
        for number, line in enumerate(rest, first + start + 1):
            fields = line.split()
            if len(fields) == TREC_RUN_COLUMNS and fields[0] == last_qid:
                docid = fields[2]
                try:
                    value = float(fields[key_index])
                except ValueError:
                    value = math.nan
                if isfinite(value) and docid not in seen:
                    seen.add(docid)
                    docids.append(docid)
                    keys.append(value)
                    continue
            if not fields or fields[0].startswith("#"):
                continue
            if self._check_width(number, fields):
                self._take(number, fields[0], fields[2], fields[key_index], completed)
                last_qid, docids, keys, seen = self._last
        return completed

    def _take(self, number, qid, docid, key_text, completed):
        """Add one line's document to its query, or record why not; a new query may complete one."""
        try:
            key = float(self._decimal(key_text))
        except ValueError:
            key = math.nan
        if not math.isfinite(key):
            self._problem(
                number,
                self._key_role,
                f"the {self._key_role} {key_text!r} is not a finite number: "
                f"{self._not_a_number(key_text, '12.5')} in the {self._key_role} column.",
            )
            return
        if qid == self._last[0]:
            _, docids, keys, seen = self._last
        else:
            entry = self._queries.get(qid)
            if entry is None:
                if self.grouped:
                    if qid in self._done:
                        raise NotGrouped(
                            f"{self.file}, line {number}: query {qid!r} comes back after other queries' lines; "
                            "read the file again with grouped=False"
                        )
                    if self._last[0] is not None:
                        completed.append(self._ranked(self._last[0]))
                        self._done.add(self._last[0])
                entry = self._queries[qid] = ([], [], set())
            docids, keys, seen = entry
            self._last = (qid, docids, keys, seen)
        if docid in seen:
            self._problem(
                number,
                "duplicate doc",
                f"this line lists {docid!r} a second time for query {qid!r}: a run ranks each "
                "document once per query, so remove one of the lines (trec_eval stops here).",
            )
            return
        seen.add(docid)
        docids.append(docid)
        keys.append(key)


@dataclass
class Run:
    """What read_run_text returns: every query's ranking, and what RunReader found.

    rankings: qid -> list of docids, best first, in the order the file first names the queries.
    format, problems, problem_counts, lines: as RunReader's.
    """

    rankings: dict
    format: str
    problems: list = field(default_factory=list)
    problem_counts: dict = field(default_factory=dict)
    lines: int = 0


def read_qrels_text(text, file="qrels"):
    """Read a whole judgments file given as one str; return Qrels (see QrelsReader).

    >>> read_qrels_text("query,doc,grade\\nq1,d1,1\\n", "qrels.csv").judgments
    {'q1': {'d1': 1}}
    """
    reader = QrelsReader(file)
    reader.feed(text)
    return reader.finish()


def read_run_text(text, file="run", use_rank=False):
    """Read a whole run file given as one str; return a Run (see RunReader). Needs no grouping.

    >>> read_run_text("qid\\tdocid\\trank\\nq1\\td1\\t2\\nq1\\td2\\t1\\n", "run.tsv").rankings
    {'q1': ['d2', 'd1']}
    """
    reader = RunReader(file, use_rank=use_rank, grouped=False)
    reader.feed(text)
    rankings = dict(reader.finish())
    return Run(rankings, reader.format, reader.problems, reader.problem_counts, reader.lines)
