() => {
  // Marks the document as being left (arrived.js then reads nothing of it).
  window.__left = true;
};
