// A double click on a link that opens a lesson in place: its first click opens the lesson, and
// when the lesson is in place before the second click ends, that click lands on the new lesson
// (on a button, a quiz option, or text that takes the focus from the lesson's heading). As when
// a page loads whole, the rest of that click goes nowhere. The browser counts the clicks of one
// multi-click in `detail`; a new click (detail 1) ends the dropping.

const TYPES = ["mousedown", "mouseup", "click", "dblclick"];
const CAPTURE = { capture: true };
let stopLast = () => {};

/**
 * Drop the mouse events of the multi-click under way (those with `detail` ≥ 2), until a new
 * click starts (a call replaces the last one's listeners).
 * @param {EventTarget} [target]  where to listen, in the capture phase (default: window)
 * @returns {() => void}  stops dropping
 */
export function dropRestOfClick(target = globalThis) {
  stopLast();
  const drop = (event) => {
    if (event.detail >= 2) {
      event.preventDefault(); // no focus moved, no text selected
      event.stopImmediatePropagation();
    } else if (event.type === "mousedown") {
      stop();
    }
  };
  const stop = () => {
    for (const type of TYPES) target.removeEventListener(type, drop, CAPTURE);
  };
  for (const type of TYPES) target.addEventListener(type, drop, CAPTURE);
  stopLast = stop;
  return stop;
}
