// Run before a page's scripts (an init script): keeps the interrupt buffer each Python worker
// of the page was handed in its boot message (site/js/runtime/worker-start.js), newest last,
// so a Stop that did not end a cell can say whether Python took the interrupt: Python sets
// the buffer back to 0 when it does.
window.interruptBuffers = [];
const postMessage = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (message, ...rest) {
  if (message?.type === "boot" && message.interruptBuffer) window.interruptBuffers.push(message.interruptBuffer);
  return postMessage.call(this, message, ...rest);
};
