// Classic script placed right after each rank playground's HTML (built as a self-contained
// IIFE): draws the playgrounds above it at once, before the first paint, so the list is there
// to use and nothing moves when the page's module script wires them (playground/main.js).
import { preparePlayground } from "../playground/prepare.js";

(() => {
  let lesson = null;
  try {
    lesson = JSON.parse(document.getElementById("lesson-data")?.textContent ?? "null");
  } catch {
    // no lesson JSON: the module script draws them
  }
  if (!lesson?.slug) return;
  const options = { slug: lesson.slug, useFragment: true, predictions: lesson.predictions ?? {} };
  for (const container of document.querySelectorAll("[data-playground]:not([data-playground-built])")) {
    try {
      preparePlayground(container, options);
    } catch (error) {
      console.warn("a rank playground could not be drawn early:", error);
    }
  }
})();
