() => {
  // What the page sees of the network: [effectiveType, saveData], or null without the API.
  return navigator.connection && [navigator.connection.effectiveType, navigator.connection.saveData];
};
