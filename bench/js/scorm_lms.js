() => {
  // The learning management system of bench/scorm_storage.py: scorm-again's API of the version
  // in the address (?version=1.2 or 2004), and the lesson of ?lesson=SLUG in a frame. When the
  // lesson finishes its session, window.lmsRecord holds what the LMS keeps (its cmi, as JSON
  // text) and <body data-finished> is set.
  const query = new URLSearchParams(location.search);
  const version = query.get("version");
  const api = version === "2004" ? new Scorm2004API({}) : new Scorm12API({});
  window[version === "2004" ? "API_1484_11" : "API"] = api;
  api.on(version === "2004" ? "Terminate" : "LMSFinish", () => {
    window.lmsRecord = JSON.stringify(api.cmi);
    document.body.dataset.finished = "true";
  });
  const frame = document.createElement("iframe");
  frame.title = "Lesson";
  frame.style.width = "100%";
  frame.style.height = "90vh";
  frame.src = `${query.get("lesson")}.html`;
  document.body.append(frame);
};
