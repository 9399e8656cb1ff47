// Run before a page's own scripts (an init script, or the first script of the page): keeps, for
// each Python worker the page starts, what tests read of it in window.pythonWorkers:
// - `boots`: its {type: "boot", mode, reason, ...} messages (how it booted);
// - `interruptBuffer`: the buffer its boot message handed it (site/js/runtime/worker-start.js;
//   Python sets it back to 0 when it takes the interrupt);
// - `messages`: the type and time (performance.now()) of the last messages it sent, and `sent`:
//   of the last the page sent it, which a Stop that did not end a cell quotes.
(() => {
  window.pythonWorkers = [];
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(...args) {
      super(...args);
      const record = { boots: [], interruptBuffer: null, messages: [], sent: [] };
      window.pythonWorkers.push(record);
      this.addEventListener("message", ({ data }) => {
        if (data?.type === "boot") record.boots.push(data);
        record.messages.push([data?.type, Math.round(performance.now())]);
        if (record.messages.length > 20) record.messages.shift();
      });
      const postMessage = this.postMessage;
      this.postMessage = (message, ...rest) => {
        if (message?.type === "boot") record.interruptBuffer = message.interruptBuffer;
        record.sent.push([message?.type, Math.round(performance.now())]);
        if (record.sent.length > 20) record.sent.shift();
        return postMessage.call(this, message, ...rest);
      };
    }
  };
})();
