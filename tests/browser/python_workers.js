// Run before a page's scripts (an init script): keeps what a Stop that did not end a cell needs
// to say why. For each Python worker the page starts: the interrupt buffer its boot message
// handed it (site/js/runtime/worker-start.js; Python sets it back to 0 when it takes the
// interrupt), and the type and time (performance.now()) of the last messages it sent.
window.pythonWorkers = [];
const NativeWorker = window.Worker;
window.Worker = class extends NativeWorker {
  constructor(...args) {
    super(...args);
    const record = { interruptBuffer: null, messages: [] };
    window.pythonWorkers.push(record);
    this.addEventListener("message", ({ data }) => {
      record.messages.push([data?.type, Math.round(performance.now())]);
      if (record.messages.length > 20) record.messages.shift();
    });
    const postMessage = this.postMessage;
    this.postMessage = (message, ...rest) => {
      if (message?.type === "boot") record.interruptBuffer = message.interruptBuffer;
      return postMessage.call(this, message, ...rest);
    };
  }
};
