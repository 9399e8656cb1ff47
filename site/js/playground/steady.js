// Nothing moves under the pointer: a click on an item's Move up/down
// button moves the item, so its row would leave the pointer and the next click would land on the
// neighbour's button, undoing the first. Sortable-list guides have the control follow the moved
// item: the page scrolls by the row's displacement so the same button stays under the pointer,
// and where the page cannot scroll that far, a second click at the same spot, with the pointer
// still, goes on moving the same item. After Drop and Remove (the rows below close up), the
// second click of a double click is not passed on to the neighbour that slid under the pointer.

const STILL = 3; // px the pointer may drift and still count as not moved (a hand on a mouse)

/** Whether two client points are the same spot (within STILL px on each axis). Pure. */
export const sameSpot = (a, b) => Math.abs(a.x - b.x) <= STILL && Math.abs(a.y - b.y) <= STILL;

/**
 * Scroll the page so `element` is back where it was (`top`: its client top before the change).
 * @param {Element|null} element  the moved row, after the redraw
 * @param {number} top  its getBoundingClientRect().top before the change, in CSS px
 */
export function keepInPlace(element, top) {
  if (!element) return;
  const shift = element.getBoundingClientRect().top - top;
  if (Math.abs(shift) >= 1) window.scrollBy({ top: shift, behavior: "instant" });
}

/**
 * Remember the last pointer click that changed the list, to tell a repeated click at the same
 * still spot from a click on what now lies there.
 * @param {AbortSignal} [signal]  stops listening to the pointer
 * @returns {{clicked(event: MouseEvent, item: string, kind: string): void,
 *   repeat(event: MouseEvent): {item: string, kind: string}|null}}
 *   clicked: a click moved, dropped or removed `item` (`kind`: its control);
 *   repeat: the earlier click `event` repeats (same spot, pointer still since), else null
 */
export function clickMemory(signal) {
  let last = null; // {x, y, item, kind}
  const forget = (event) => {
    if (last && !sameSpot(last, { x: event.clientX, y: event.clientY })) last = null;
  };
  document.addEventListener("pointermove", forget, { signal, passive: true });
  document.addEventListener("pointerdown", forget, { signal, passive: true });
  const fromPointer = (event) => event.detail > 0; // a key's click (Enter, Space) has detail 0
  return {
    clicked(event, item, kind) {
      last = fromPointer(event) ? { x: event.clientX, y: event.clientY, item, kind } : null;
    },
    repeat(event) {
      if (!last || !fromPointer(event) || !sameSpot(last, { x: event.clientX, y: event.clientY })) return null;
      return { item: last.item, kind: last.kind };
    },
  };
}
