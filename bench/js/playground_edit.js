async ({ kind, a, b, mark }) => {
  // One edit in the page: `kind` with two random numbers in [0, 1) choosing what and how. Makes a
  // change the state did not already have, waits for the readouts and the next painted frame, and
  // returns the times (ms), or {skipped} when the edit changed nothing.
  const root = document.querySelector("[data-playground]");
  if (root.dataset.state !== "ready") throw new Error(`the playground is ${root.dataset.state}, not ready`);
  const pick = (list, r) => list[Math.floor(r * list.length)];
  const setValue = (control, value) => () => {
    control.value = String(value);
    control.dispatchEvent(new Event("change", { bubbles: true }));
  };
  const other = (values, current, r) =>
    pick(
      values.filter((value) => String(value) !== String(current)),
      r,
    );
  const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const ranked = [...root.querySelectorAll('[aria-label="Ranked list"] [data-item]')];
  let act, target;
  if (kind === "move") {
    const buttons = ranked
      .flatMap((item) => [...item.querySelectorAll('[data-control="up"], [data-control="down"]')])
      .filter((button) => button.getAttribute("aria-disabled") !== "true");
    const button = pick(buttons, a);
    target = button;
    act = () => button.click();
  } else if (kind === "grade") {
    const select = pick([...root.querySelectorAll('[data-item] select[data-control="grade"]')], a);
    target = select;
    act = setValue(
      select,
      other(
        [...select.options].map((option) => option.value),
        select.value,
        b,
      ),
    );
  } else {
    const control = root.querySelector(`#pg-${CSS.escape(root.dataset.playground)}-${kind}`);
    const values =
      kind === "gain"
        ? [...control.options].map((option) => option.value)
        : range(Number(control.min), kind === "k" ? ranked.length : Number(control.max));
    target = control;
    act = setValue(control, other(values, control.value, b));
  }
  // As a learner's: the control has the focus (a click on it, or the keyboard), so each change
  // pays for keeping the focus on it across the redraw. Focused, and laid out, before the clock.
  target.focus();
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  performance.clearMarks(mark);
  // Every frame while the edit is under way: when its callbacks ran, and the frame's own time.
  const frames = [];
  let counting = true;
  const tick = (frameTime) => {
    frames.push({ frameTime, ranAt: performance.now() });
    if (counting) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  let observer;
  const updated = new Promise((resolve) => {
    observer = new MutationObserver(() => {
      if (root.dataset.state === "ready") resolve(performance.now());
    });
    observer.observe(root, { attributes: true, attributeFilter: ["data-state"] });
  });
  const started = performance.now();
  act();
  const handled = performance.now();
  if (root.dataset.state === "ready") {
    observer.disconnect();
    counting = false;
    return JSON.stringify({ skipped: true });
  }
  const readouts = await updated;
  observer.disconnect();
  let shownIn = null; // the time of the frame that shows the readouts
  const painted = await new Promise((resolve) =>
    requestAnimationFrame((frameTime) => {
      shownIn = frameTime;
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      channel.port2.postMessage(null);
    }),
  );
  counting = false;
  const answer = performance.getEntriesByName(mark).at(-1)?.startTime ?? null;
  // Frames begun after the answer came, up to the one that shows the readouts: 1 is "within one frame".
  const framesAfterAnswer =
    answer === null ? null : frames.filter(({ frameTime, ranAt }) => ranAt > answer && frameTime <= shownIn).length;
  return JSON.stringify({
    readouts: readouts - started,
    painted: painted - started,
    handler: handled - started,
    roundTrip: answer === null ? null : answer - handled,
    answerToReadouts: answer === null ? null : readouts - answer,
    answerToPainted: answer === null ? null : painted - answer,
    framesAfterAnswer,
  });
};
