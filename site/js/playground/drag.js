// Pointer and touch drag of a ranked item by its handle (Pointer Events). The dragged item
// follows the pointer with a transform and the place it would land is marked; nothing changes
// size, so nothing outside the list moves. The move is made on release.

/** Index (0-based) an item dragged to `y` lands at, given the items' rectangles top to bottom
 *  (the dragged one among them, at `from`). Pure. */
export function dropIndex(rects, from, y) {
  // Its new index is how many of the other items have their middle above the pointer.
  return rects.filter((rect, position) => position !== from && y > rect.top + rect.height / 2).length;
}

/**
 * Start dragging the ranked item under `event` (a pointerdown on its handle).
 * @param {PointerEvent} event
 * @param {HTMLElement} list  the ranked list
 * @param {(item: string, index: number) => void} onDrop  called with the item's id and its new
 *   index when it lands somewhere else
 */
export function startDrag(event, list, onDrop) {
  const element = event.target.closest("[data-item]");
  if (!element || event.button !== 0) return;
  event.preventDefault();
  const items = [...list.querySelectorAll(":scope > [data-item]")];
  const from = items.indexOf(element);
  const rects = items.map((item) => item.getBoundingClientRect());
  const startY = event.clientY;
  const handle = event.target;
  let target = from;
  handle.setPointerCapture?.(event.pointerId);
  element.dataset.dragging = "true";
  list.dataset.dragging = "true";

  const mark = (index) => {
    for (const item of items) item.removeAttribute("data-drop-before");
    for (const item of items) item.removeAttribute("data-drop-after");
    if (index === from) return;
    if (index < from) items[index].dataset.dropBefore = "true";
    else items[index].dataset.dropAfter = "true";
  };
  const move = (moveEvent) => {
    const top = rects[0].top;
    const bottom = rects.at(-1).bottom;
    const dy = Math.max(top - rects[from].top, Math.min(bottom - rects[from].bottom, moveEvent.clientY - startY));
    element.style.transform = `translateY(${dy}px)`;
    target = dropIndex(rects, from, moveEvent.clientY);
    mark(target);
  };
  const end = (endEvent) => {
    handle.removeEventListener("pointermove", move);
    handle.removeEventListener("pointerup", end);
    handle.removeEventListener("pointercancel", end);
    element.style.transform = "";
    delete element.dataset.dragging;
    delete list.dataset.dragging;
    mark(from);
    if (endEvent.type === "pointerup" && target !== from) onDrop(element.dataset.item, target);
  };
  handle.addEventListener("pointermove", move);
  handle.addEventListener("pointerup", end);
  handle.addEventListener("pointercancel", end);
}
