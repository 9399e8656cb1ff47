() => {
  // An init script (data_saver.py): the browser asks the page to save data.
  Object.defineProperty(navigator.connection, "saveData", { get: () => true, configurable: true });
};
