// Drop-in script for someone else's documentation page: turns marked code blocks into
// runnable, editable Python cells that share one Python worker, with the same UI contract as
// the lesson pages. Each cell lives in a shadow root, so the host page's CSS cannot reach it.
//
//   <script type="module" src="https://COURSE-HOST/assets/embed.js"></script>
//   <pre class="runnable">print("hello")</pre>      (or any element with data-runnable)
//
// A `<div data-playground>` becomes a rank playground (its list from the element's content:
// playground/embed-config.js); its state is kept in the browser, never in the host's address.
//
// Cells run in page order in one namespace, like a lesson. The host page may be on another
// origin and needs no special headers; where the page cannot share memory with Python's worker
// (not cross-origin isolated), Stop restarts Python, and a note above the first cell says so.
import { embedRuntime } from "../shared/build-constants.js";
import { PythonRuntime } from "../runtime/runtime.js";
import { showRuntimeStatus } from "../runtime/status-line.js";
import { CellController } from "../lesson/cells.js";
import { embedReductions, reportLate, showNote } from "../runtime/capability-note.js";
import { configFromElement } from "../playground/embed-config.js";
import { mountPlaygrounds } from "../playground/main.js";
import { followHostScheme, schemeFollows } from "./host-scheme.js";
import { keepOffline } from "./docs-offline.js";
import { sizeFromOwnBase } from "./own-base.js";

const SITE = new URL("../", import.meta.url); // this file is SITE/assets/embed.js
const SELECTOR = ".runnable, [data-runnable]";
const PLAYGROUND_SELECTOR = "[data-playground]";

// A page may show new blocks without loading itself again: a documentation theme that swaps
// its content in place (Material for MkDocs' instant navigation), or one that adds them late.
// Each batch of new blocks is mounted on the one Python; when the blocks mounted before have
// left the page, the new ones are another page's, and Python forgets the old page's variables.
let python = null; // Promise of {runtime, show}: Python, started by the first batch
let page = null; // the page shown now: {status, hosts, cellCount, playgroundCount, batches}

async function main() {
  followHostScheme();
  mountNewBlocks();
  new MutationObserver((records) => {
    if (records.some((record) => [...record.addedNodes].some(holdsBlocks))) mountNewBlocks();
  }).observe(document.documentElement, { childList: true, subtree: true });
}

function holdsBlocks(node) {
  if (node.nodeType !== Node.ELEMENT_NODE) return false;
  const selector = `${SELECTOR}, ${PLAYGROUND_SELECTOR}`;
  return node.matches(selector) || node.querySelector(selector) !== null;
}

/** Mount the blocks and playgrounds that are not cells yet, as one batch: another page's when
 *  the cells mounted before have all left, else more of this page's (numbered on from its
 *  cells, under its status line). */
function mountNewBlocks() {
  const left = page?.hosts.length && !page.hosts.some((host) => host.isConnected) ? page : null;
  if (page === null || left) page = { status: null, hosts: [], cellCount: 0, playgroundCount: 0, batches: [] };
  const here = page;
  const first = here.hosts.length === 0;
  const blocks = [...document.querySelectorAll(SELECTOR)];
  const playgroundHosts = [...document.querySelectorAll(PLAYGROUND_SELECTOR)].map((block, index) =>
    hostPlayground(block, here.playgroundCount + index, first && blocks.length === 0 && index === 0),
  );
  if (blocks.length === 0 && playgroundHosts.length === 0) return;
  const mounted = blocks.map((block, index) => mountCell(block, here.cellCount + index, first && index === 0));
  here.status ??= mounted[0]?.status ?? playgroundHosts[0].status;
  here.hosts.push(...mounted.map(({ section }) => section), ...playgroundHosts.map(({ shadow }) => shadow.host));
  here.cellCount += blocks.length;
  here.playgroundCount += playgroundHosts.length;
  const batch = { cells: null, unmounted: new AbortController() };
  here.batches.push(batch);
  const pressedEarly = keepEarlyRuns(mounted.map(({ section }) => section));
  python ??= startPython();
  python.then(({ runtime, show }) => {
    if (page !== here) return; // another page came first
    show(here.status);
    if (left) leavePage(runtime, left);
    const sections = new Map(mounted.map(({ data, section }) => [data.id, section]));
    const slug = `embed${location.pathname}`;
    batch.cells = new CellController(
      slug,
      mounted.map(({ data }) => data),
      runtime,
      (state, text) => show.set(state, text),
      { findCell: (id) => sections.get(id) ?? null },
    );
    const pressed = pressedEarly();
    for (const cell of batch.cells.cells) if (pressed.has(cell.element)) batch.cells.requestRun(cell);
    for (const { shadow } of playgroundHosts)
      mountPlaygrounds(shadow, { runtime, slug, useFragment: false, signal: batch.unmounted.signal });
    if (blocks.length > 0)
      import("../lesson/editor.js").then(({ createEditor }) => batch.cells.attachEditors(createEditor));
  });
}

/** The cells are on the page before Python's settings have come (a fetch): a Run pressed
 *  meanwhile marks its cell queued, and runs once the cells are wired. Returns a function that
 *  stops listening and gives the sections whose Run was pressed. */
function keepEarlyRuns(sections) {
  const pressed = new Set();
  const listening = new AbortController();
  for (const section of sections) {
    const run = section.querySelector('[data-action="run"]');
    const press = () => {
      pressed.add(section);
      section.dataset.state = "queued";
      run.setAttribute("aria-disabled", "true");
    };
    run.addEventListener("click", press, { signal: listening.signal });
  }
  return () => {
    listening.abort();
    return pressed;
  };
}

/** The page `gone` has left: let go of its cells, stop one still running, and give the next
 *  page's cells fresh variables (as a page load would). */
function leavePage(runtime, gone) {
  for (const batch of gone.batches) {
    batch.unmounted.abort();
    batch.cells?.detach();
  }
  if (runtime.busy) runtime.stop();
  runtime.resetSession();
}

/** Fetch the Python settings and start Python; resolves with the runtime and `show`, which
 *  puts the status line in a batch's status element (show.set changes what it says). */
async function startPython() {
  let status = null; // the status element of the batch on the page now
  let last = ["loading", "Python is loading…"];
  let retry = null; // what Retry does: fetch the settings again, or start Python again
  const set = (state, text) => {
    last = [state, text];
    if (status) showRuntimeStatus(status, state, text, () => retry());
  };
  const show = (element) => {
    if (element === status) return;
    status = element;
    // The cells are new on the host's page: their note is too, so it goes in the flow.
    showNote(status, embedReductions());
    set(...last);
  };
  show.set = set;
  show(page.status);
  const settings = await new Promise((resolve) => {
    const load = () => {
      set("loading", "Python is loading…");
      fetchSettings().then(resolve, (error) => {
        retry = load;
        set("error", `Could not load Python: ${error.message}.`);
      });
    };
    load();
  });
  const runtime = new PythonRuntime(settings, set, {
    siteURL: SITE.href,
    onCapability: (name, ok) => reportLate(status, name, !ok, { inFlow: true }),
  });
  retry = () => runtime.start();
  keepOffline(settings.serviceWorker, SITE, runtime.start());
  return { runtime, show };
}

/** The Python settings of the course's pages (embedRuntime: assets/embed-runtime.json). */
async function fetchSettings() {
  const url = new URL(embedRuntime, SITE);
  const response = await fetch(url).catch(() => null);
  if (!response?.ok)
    throw new Error(`the course's ${url.pathname} ${response ? `answered ${response.status}` : "did not answer"}`);
  return response.json();
}

/** Replace `block` with the page's cell number `index` + 1 in a shadow root, with Python's status
 *  line above it when `withStatus`; returns its data, section and status line. */
function mountCell(block, index, withStatus) {
  const code = block.textContent.replace(/\n+$/, "");
  const data = {
    id: `cell-${index + 1}`, // never the block's own id: a theme may set one on some loads only
    code,
    hash: hashOf(code),
    hidden: false,
    readonly: false,
    name: `Code cell ${index + 1}`,
    check: null,
    solution: null,
  };
  const host = document.createElement("div");
  host.className = "ranking-lessons-cell";
  const shadow = host.attachShadow({ mode: "open" });
  const stylesheet = siteStylesheet(shadow);
  const status = element("p", { "data-runtime-status": "idle", role: "status" }, "Python is not running yet.");
  const section = element("section", {
    class: "cell",
    "data-cell": data.id,
    "data-state": "idle",
    "aria-label": data.name,
  });
  const pre = element("pre", { class: "highlight" });
  pre.append(element("code", {}, code));
  const editor = element("div", { class: "cell-editor", "data-editor": "" });
  editor.append(pre);
  const toolbar = element("div", { class: "cell-toolbar" });
  toolbar.append(
    element("button", { type: "button", "data-action": "run", "aria-keyshortcuts": "Shift+Enter" }, "Run"),
    element("button", { type: "button", "data-action": "stop", disabled: "" }, "Stop"),
    element("button", { type: "button", "data-action": "reset" }, "Reset"),
  );
  const output = element("div", {
    class: "cell-output",
    "data-output": "",
    "aria-live": "polite",
    tabindex: "0",
    role: "region",
    "aria-label": `Output of code cell ${index + 1}`,
  });
  section.append(editor, toolbar, output);
  shadow.append(stylesheet, ...(withStatus ? [status] : []), section);
  block.replaceWith(host);
  sizeFromOwnBase(host);
  return { data, section, status };
}

/** Replace the host page's `<div data-playground>` with one in a shadow root, its config read from
 *  the element (embed-config.js); returns the shadow root and its status line (shown
 *  `withStatus`: the page has no cell to show Python's status). */
function hostPlayground(block, index, withStatus) {
  const items = (selector) =>
    [...block.querySelectorAll(selector)].map((item) => ({ id: item.textContent, grade: item.dataset.grade }));
  const config = configFromElement({ ...block.dataset }, items("ol > li"), items("ul > li"), index);
  const host = document.createElement("div");
  host.className = "ranking-lessons-playground";
  const shadow = host.attachShadow({ mode: "open" });
  const stylesheet = siteStylesheet(shadow);
  const status = element("p", { "data-runtime-status": "idle", role: "status" }, "Python is not running yet.");
  const container = element("div", {
    "data-playground": config.id,
    role: "group",
    "aria-label": `Rank playground: ${config.title}`,
    "data-state": "waiting",
  });
  const json = element("script", { type: "application/json", "data-playground-config": "" }, JSON.stringify(config));
  container.append(json);
  shadow.append(stylesheet, ...(withStatus ? [status] : []), container);
  block.replaceWith(host);
  sizeFromOwnBase(host);
  return { shadow, status };
}

/** A link to the site's stylesheet for the shadow root `shadow`, whose colours then follow the
 *  host's scheme (host-scheme.js). Fetched with CORS, as this script and its settings are, so its
 *  rules can be read when the course is on another origin. */
function siteStylesheet(shadow) {
  const link = element("link", {
    rel: "stylesheet",
    href: new URL("assets/site.css", SITE).href,
    crossorigin: "anonymous",
  });
  schemeFollows(shadow, link);
  return link;
}

function element(tag, attributes, text) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A short, stable hash of the original code (keys the learner's saved edits). */
function hashOf(text) {
  let hash = 0x811c9dc5; // FNV-1a
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16);
}

main();
