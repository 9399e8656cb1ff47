// What a lesson page says of the learner's progress, read from its verdicts: each quiz's
// (form[data-quiz]) and each exercise's (a cell with a check) latest "correct" or "incorrect".

/** {completed, passed, score} of the lesson in `doc`: completed once every quiz and every
 *  exercise has a verdict (so pass or fail is decided only then);
 *  score, the percent of quizzes and exercises whose verdict is "correct" (null while none has a
 *  verdict); passed, whether a completed lesson's score reaches `passMark` (null without one). */
export function lessonState(doc, passMark) {
  const verdicts = (selector) => [...doc.querySelectorAll(selector)].map((element) => element.dataset.verdict);
  const quizzes = verdicts("form[data-quiz] [data-verdict]");
  const all = [...quizzes, ...verdicts("[data-cell] [data-verdict]")];
  const given = all.filter((verdict) => verdict === "correct" || verdict === "incorrect");
  const right = all.filter((verdict) => verdict === "correct").length;
  const score = given.length ? Math.round((right / all.length) * 10000) / 100 : null;
  const completed = all.length > 0 && given.length === all.length;
  const passed = passMark === null || !completed ? null : score >= passMark;
  return { completed, passed, score };
}
