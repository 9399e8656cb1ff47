// The index page: each lesson's progress (quiz answered, exercises passed) from this browser.
import { load } from "./storage.js";
import { registerServiceWorker, showUpdateBanner } from "./offline.js";

registerServiceWorker(showUpdateBanner);

const lessons = JSON.parse(document.getElementById("course-data").textContent);

for (const { slug, quizzes, exercises } of lessons) {
  const item = document.querySelector(`[data-lesson="${CSS.escape(slug)}"]`);
  const passed = exercises.filter((id) => load(slug, "exercise", id)?.verdict === "correct").length;
  const answered = quizzes.filter((id) => load(slug, "quiz", id)?.verdict === "correct").length;
  if (passed === 0 && answered === 0) continue;
  const progress = document.createElement("p");
  progress.className = "lesson-progress";
  progress.dataset.progress = passed === exercises.length && answered === quizzes.length ? "complete" : "started";
  progress.textContent = `${passed} of ${exercises.length} exercise${exercises.length === 1 ? "" : "s"} passed · ` +
    (answered === quizzes.length ? "quiz answered" : "quiz not answered yet");
  item.append(progress);
}
