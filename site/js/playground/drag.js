// Pointer and touch drag of a ranked item by its handle (Pointer Events). The dragged item
// follows the pointer with a transform and the others slide aside (transforms too) to show the
// gap it would land in; nothing changes size, so nothing outside the list moves. Over "Not
// retrieved" the item is back in its own slot, marked as leaving, and the others in theirs: no
// row is drawn over another. The move is made on release; a release on "Not retrieved" drops
// the item; Escape calls the drag off.

import { ownPxPerPagePx } from "./zoom.js";

/** Index (0-based) an item dragged so that its middle is at `y` lands at, given the items'
 *  rectangles top to bottom (the dragged one among them, at `from`, where it started). Pure. */
export function dropIndex(rects, from, y) {
  // Its new index is how many of the other items have their middle above its own.
  return rects.filter((rect, position) => position !== from && y > rect.top + rect.height / 2).length;
}

/** How far (px) each item shifts while the item at `from` is dragged to land at `target`: the
 *  items between move over by one slot (`step`), opening a gap where it will land. Pure. */
export function gapShifts(count, from, target, step) {
  return Array.from({ length: count }, (_, position) => {
    if (position === from || target === null) return 0;
    if (from < position && position <= target) return -step;
    if (target <= position && position < from) return step;
    return 0;
  });
}

/**
 * Start dragging the ranked item under `event` (a pointerdown on its handle). While it moves,
 * the other items slide aside to leave a gap where it will land; over the "Not retrieved" zone
 * the zone is marked instead, and a release there drops the item from the ranking. Escape
 * puts everything back and makes no change.
 * @param {PointerEvent} event
 * @param {{list: HTMLElement, dropZone: HTMLElement|null}} where  the ranked list, and the
 *   element a release on drops the item (the "Not retrieved" column)
 * @param {{onMove: (item: string, index: number) => void, onDrop: (item: string) => void}} on
 *   onMove: the item's id and its new index when it lands somewhere else in the list; onDrop:
 *   the item was released over the drop zone
 */
export function startDrag(event, { list, dropZone }, { onMove, onDrop }) {
  const element = event.target.closest("[data-item]");
  if (!element || event.button !== 0) return;
  event.preventDefault();
  const items = [...list.querySelectorAll(":scope > [data-item]")];
  const from = items.indexOf(element);
  const rects = items.map((item) => item.getBoundingClientRect());
  // One slot: the distance between two rows' tops (the item's height and its margin).
  const step = rects.length > 1 ? rects[1].top - rects[0].top : rects[0].height;
  // The row follows the pointer's movement and lands by where its middle is; its transform is
  // in its own px, which a zoom makes differ from the page's (zoom.js).
  const toOwn = ownPxPerPagePx(list);
  const startY = event.clientY;
  const middle = rects[from].top + rects[from].height / 2;
  const root = list.getRootNode();
  const handle = event.target;
  let target = from; // null: over the drop zone
  handle.setPointerCapture?.(event.pointerId);
  element.dataset.dragging = "true";
  list.dataset.dragging = "true";

  const show = () => {
    const shifts = gapShifts(items.length, from, target, step);
    items.forEach((item, position) => {
      if (position !== from) item.style.transform = shifts[position] ? `translateY(${shifts[position] * toOwn}px)` : "";
    });
    if (dropZone) dropZone.toggleAttribute("data-drop-target", target === null);
  };
  const move = (moveEvent) => {
    const top = rects[0].top;
    const bottom = rects.at(-1).bottom;
    const moved = moveEvent.clientY - startY;
    const dy = Math.max(top - rects[from].top, Math.min(bottom - rects[from].bottom, moved));
    // Over the zone: whatever the pointer is over there, under the held row.
    const overZone =
      dropZone && root.elementsFromPoint(moveEvent.clientX, moveEvent.clientY).some((hit) => dropZone.contains(hit));
    target = overZone ? null : dropIndex(rects, from, middle + moved);
    // Over the drop zone the pointer has left the list: the item waits in its own slot, marked
    // as leaving, rather than stay held over another row.
    element.style.transform = target === null ? "" : `translateY(${dy * toOwn}px)`;
    element.toggleAttribute("data-leaving", target === null);
    show();
  };
  const finish = (commit) => {
    handle.removeEventListener("pointermove", move);
    handle.removeEventListener("pointerup", end);
    handle.removeEventListener("pointercancel", end);
    document.removeEventListener("keydown", key, true);
    if (handle.hasPointerCapture?.(event.pointerId)) handle.releasePointerCapture(event.pointerId);
    for (const item of items) item.style.transform = "";
    delete element.dataset.dragging;
    element.removeAttribute("data-leaving");
    delete list.dataset.dragging;
    dropZone?.removeAttribute("data-drop-target");
    if (!commit) return;
    if (target === null) onDrop(element.dataset.item);
    else if (target !== from) onMove(element.dataset.item, target);
  };
  const end = (endEvent) => finish(endEvent.type === "pointerup");
  const key = (keyEvent) => {
    if (keyEvent.key !== "Escape") return;
    keyEvent.preventDefault();
    keyEvent.stopPropagation();
    finish(false); // Escape: the drag is called off, the list stays as it was
  };
  handle.addEventListener("pointermove", move);
  handle.addEventListener("pointerup", end);
  handle.addEventListener("pointercancel", end);
  document.addEventListener("keydown", key, true);
}
