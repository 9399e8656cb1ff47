// Browser storage for modules under Node: `localStorage` and `sessionStorage` as in a page (a
// Map behind the Storage methods), and `window` as the global object. Imported before
// site/js/shared/storage.js, which reads them once, when it is first imported.

/** A Storage (getItem, setItem, removeItem, clear, key, length) kept in a Map. */
export class FakeStorage {
  #items = new Map();

  get length() {
    return this.#items.size;
  }

  getItem(key) {
    return this.#items.has(key) ? this.#items.get(key) : null;
  }

  setItem(key, value) {
    this.#items.set(key, String(value));
  }

  removeItem(key) {
    this.#items.delete(key);
  }

  clear() {
    this.#items.clear();
  }

  key(index) {
    return [...this.#items.keys()][index] ?? null;
  }

  keys() {
    return [...this.#items.keys()];
  }
}

globalThis.window ??= globalThis;
globalThis.localStorage = new FakeStorage();
globalThis.sessionStorage = new FakeStorage();
