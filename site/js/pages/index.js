// The index page: each lesson's progress (quiz answered, exercises passed) from this browser.
import { carryOver, load } from "../shared/storage.js";
import { registerServiceWorker, showOfflineOffer, showOfflineReady, showUpdateBanner } from "../shared/offline.js";

const notes = document.querySelector("[data-page-notes]");
registerServiceWorker(
  showUpdateBanner,
  () => showOfflineReady(notes),
  undefined,
  (save) => showOfflineOffer(notes, save),
);

const lessons = JSON.parse(document.getElementById("course-data").textContent);

// Blocks that moved to another lesson count there, also before that lesson is opened.
for (const { slug, movedFrom } of lessons) carryOver(slug, movedFrom);

for (const { slug, quizzes, exercises } of lessons) {
  const item = document.querySelector(`[data-lesson="${CSS.escape(slug)}"]`);
  const passed = exercises.filter((id) => load(slug, "exercise", id)?.verdict === "correct").length;
  // A saved answer counts only for the quiz as it is now (its hash), as on the lesson page.
  const answered = Object.entries(quizzes).filter(
    ([id, hash]) => load(slug, "quiz", id)?.verdict === "correct" && load(slug, "quiz", id)?.hash === hash,
  ).length;
  if (passed === 0 && answered === 0) continue;
  const progress = document.createElement("p");
  progress.className = "lesson-progress";
  const quizCount = Object.keys(quizzes).length;
  progress.dataset.progress = passed === exercises.length && answered === quizCount ? "complete" : "started";
  const quiz = answered === quizCount ? "quiz answered" : "quiz not answered yet";
  // A recap has a quiz and no exercise: its progress is the quiz alone.
  progress.textContent = exercises.length
    ? `${passed} of ${exercises.length} exercise${exercises.length === 1 ? "" : "s"} passed · ${quiz}`
    : quiz;
  item.append(progress);
}
