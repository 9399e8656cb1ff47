(cell) => {
  // Whether the cell element `cell` has finished running: done, or in error.
  return ["done", "error"].includes(cell.dataset.state);
};
