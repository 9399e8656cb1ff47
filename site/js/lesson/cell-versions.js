// A cell's edited code as two tabs see it. Every tab saves its edits under the same key, so
// without care the last save wins and the other tab's edit is gone after a reload. The saved
// record keeps the two latest versions from different tabs:
//   {code, base, tab, other?: {code, base, tab}}
// `tab` names the tab that saved a version (tabId: it survives a reload of that tab), `base` is
// the hash of the lesson code it was edited from. After a reload each tab shows its own version
// and offers the other one; a new tab shows the latest and offers the earlier, and its edits
// take the place of the version it showed (so a learner back in a new session, with no other
// tab, never finds their own old edit offered as "another tab's").
import { load, save, tabId } from "../shared/storage.js";

const isVersion = (value) => typeof value?.code === "string";

/**
 * The versions of `cell`'s code to show and to offer.
 * @param {string} slug  the lesson
 * @param {{id: string, code: string}} cell  the lesson's cell (its original code)
 * @returns {{shown: {code: string, base: string, tab: string | undefined, mine: boolean} | null,
 *            other: {code: string, base: string} | null}}
 *   `shown`: the edit to show (null: the lesson's own code); `mine`: this tab saved it; `tab`:
 *   the tab that did (undefined for edits saved before tabs were told apart).
 *   `other`: a different edit saved by another tab, to offer beside it (null: none).
 */
export function cellVersions(slug, cell) {
  const record = load(slug, "cell", cell.id);
  if (!isVersion(record)) return { shown: null, other: null };
  const versions = [record, record.other].filter(isVersion); // newest first
  const chosen = versions.find((version) => version.tab === tabId) ?? versions[0];
  const other = versions.find(
    (version) => version !== chosen && version.code !== chosen.code && version.code !== cell.code,
  );
  return {
    shown:
      chosen.code === cell.code
        ? null
        : { code: chosen.code, base: chosen.base, tab: chosen.tab, mine: chosen.tab === tabId },
    other: other ? { code: other.code, base: other.base } : null,
  };
}

/**
 * Save `code` as this tab's version of `cell`, keeping the latest version another tab saved.
 * The lesson's own code with no other version removes the record.
 * @param {string} slug
 * @param {{id: string, code: string, hash: string}} cell
 * @param {string} code
 * @param {{tab: string | undefined, code: string} | null} [replaces]  another tab's version this
 *   tab showed and is editing on from (cellVersions' `shown` when not `mine`): not kept.
 * @returns {boolean} whether it was kept (see storage.save)
 */
export function saveCellCode(slug, cell, code, replaces = null) {
  const record = load(slug, "cell", cell.id);
  // Kept even when it equals `code` (the learner took the other tab's version): an undo in this
  // tab must not leave it as this tab's alone.
  const other = [record, record?.other].find(
    (version) =>
      isVersion(version) &&
      version.tab !== tabId &&
      version.code !== cell.code &&
      !(replaces && version.tab === replaces.tab && version.code === replaces.code),
  );
  if (code === cell.code && !other) return save(slug, "cell", cell.id, null);
  return save(slug, "cell", cell.id, {
    code,
    base: cell.hash,
    tab: tabId,
    ...(other ? { other: { code: other.code, base: other.base, tab: other.tab } } : {}),
  });
}

/**
 * The version another tab just saved, from the record a storage event carries; null when it is
 * this tab's own or not a version.
 * @param {object | null} record  the new value of the cell's key
 * @returns {{code: string} | null}
 */
export function otherTabVersion(record) {
  return isVersion(record) && record.tab !== tabId ? { code: record.code } : null;
}
