(name) => {
  // The value the bench's scripts left in window[name].
  return window[name];
};
