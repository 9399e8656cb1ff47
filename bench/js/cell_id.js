(selector) => {
  // The id (`data-cell`) of the first cell matching `selector`, or null when there is none yet.
  return document.querySelector(selector)?.dataset.cell ?? null;
};
