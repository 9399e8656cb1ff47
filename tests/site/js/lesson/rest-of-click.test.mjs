// site/js/lesson/rest-of-click.js: the rest of a multi-click under way is dropped, a new click is not.
import { test } from "node:test";
import assert from "node:assert/strict";
import { dropRestOfClick } from "../../../../site/js/lesson/rest-of-click.js";

/** A mouse event as the browser dispatches it: `detail` counts the clicks of one multi-click. */
function mouse(type, detail) {
  const event = new Event(type, { cancelable: true });
  Object.defineProperty(event, "detail", { value: detail });
  return event;
}

/** What reaches a listener of the page after the capture-phase one (Node's EventTarget has no
 *  phases: listeners run in the order they were added). */
function page() {
  const target = new EventTarget();
  const seen = [];
  return { target, seen, listen: (type) => target.addEventListener(type, () => seen.push(type)) };
}

test("the second click of a double click reaches nothing and moves no focus", () => {
  const { target, seen, listen } = page();
  dropRestOfClick(target);
  for (const type of ["mousedown", "mouseup", "click", "dblclick"]) listen(type);
  const events = [mouse("mousedown", 2), mouse("mouseup", 2), mouse("click", 2), mouse("dblclick", 2)];
  for (const event of events) target.dispatchEvent(event);
  assert.deepEqual(seen, []);
  assert.ok(events.every((event) => event.defaultPrevented));
});

test("a new click reaches the page, and so does every click after it", () => {
  const { target, seen, listen } = page();
  dropRestOfClick(target);
  listen("mousedown");
  listen("click");
  target.dispatchEvent(mouse("mousedown", 1));
  target.dispatchEvent(mouse("click", 1));
  target.dispatchEvent(mouse("mousedown", 2)); // the new click's own double click
  target.dispatchEvent(mouse("click", 2));
  assert.deepEqual(seen, ["mousedown", "click", "mousedown", "click"]);
});

test("a later call replaces the last one's listeners, so a new click ends all dropping", () => {
  const { target, seen, listen } = page();
  dropRestOfClick(target);
  dropRestOfClick(target);
  listen("click");
  target.dispatchEvent(mouse("mousedown", 1));
  target.dispatchEvent(mouse("click", 2));
  assert.deepEqual(seen, ["click"]);
});
