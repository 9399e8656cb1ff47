() => {
  // Whether the playground's readouts are ready.
  return document.querySelector("[data-playground]")?.dataset.state === "ready";
};
