// Opening another lesson of the course in this document, so Python stays booted: a new page
// boots it again (0.4–0.6 s here even from the kept snapshot, against about 0.1 s for this).
// The page keeps its worker, resets Python's namespace, and swaps in the new lesson's content,
// fetched as the same HTML a full load would get. Links, Back and Forward all work as before,
// through the Navigation API; a browser without it loads each page whole, as does any case this
// cannot serve (a run in progress, another Python setup, a page of a newer build of the course,
// a page that is not a lesson, an error).
// A lesson that needs more packages than the last one gets them added (PythonRuntime.useSettings).

/**
 * @param {object} options
 * @param {() => object} options.currentRuntime  the `runtime` JSON of the lesson on the page
 * @param {() => boolean} options.canSwap  false while the page must not swap (a run in progress)
 * @param {(page: Document, lesson: object) => void} options.swap  put the fetched page's lesson
 *   (its parsed document and its #lesson-data JSON) in place of the current one
 */
export function openLessonsInPlace({ currentRuntime, canSwap, swap }) {
  const navigation = globalThis.navigation;
  if (!navigation?.addEventListener || location.protocol === "file:") return;
  let loadWhole = null; // an address that must load as a page of its own
  navigation.addEventListener("navigate", (event) => {
    const url = new URL(event.destination.url);
    if (url.href === loadWhole || !event.canIntercept || event.hashChange || event.downloadRequest !== null
        || event.formData || event.navigationType === "reload" || !isOtherLesson(url) || !canSwap()) return;
    event.intercept({
      focusReset: "manual", // the new lesson's heading gets the focus (swap)
      async handler() {
        const fetched = await fetchLesson(url, event.signal).catch(() => null);
        event.signal.throwIfAborted(); // another navigation came first
        const loadAsPage = () => {
          loadWhole = url.href;
          location.replace(url.href); // the address is already in the history: replace, not add
        };
        if (!fetched || !sameBuild(fetched.page, document) || !samePython(fetched.lesson.runtime, currentRuntime())
            || !canSwap()) return loadAsPage();
        try {
          swap(fetched.page, fetched.lesson);
        } catch (error) {
          console.error("opening the lesson in place failed; loading it as a page:", error);
          loadAsPage();
        }
      },
    });
  });
}

/** Another page of this course's folder that may be a lesson (the course index is not). */
function isOtherLesson(url) {
  return url.origin === location.origin
    && url.pathname !== location.pathname
    && url.pathname.endsWith(".html")
    && !url.pathname.endsWith("/index.html")
    && new URL(".", url).pathname === new URL(".", location.href).pathname
    && url.search === location.search; // e.g. ?embed stays the same
}

/** The page at `url`, parsed, and its lesson JSON; null when it is not a lesson page. */
async function fetchLesson(url, signal) {
  const response = await fetch(url, { signal });
  if (!response.ok) return null;
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  const data = page.getElementById("lesson-data");
  if (!data || !page.querySelector("main")) return null;
  return { page, lesson: JSON.parse(data.textContent) };
}

/** Whether two pages load the same scripts and styles (their addresses carry a hash of their
 *  content): a page of a newer build of the course needs its own, so it loads whole. */
function sameBuild(a, b) {
  const assets = (page) => [...page.querySelectorAll("script[src], link[rel='stylesheet']")]
    .map((element) => element.getAttribute("src") ?? element.getAttribute("href")).sort().join(" ");
  return assets(a) === assets(b);
}

/** Whether two lessons' `runtime` JSON ask for the same Python (Pyodide, snapshot, standard
 *  library, time limit); their wheels and packages may differ, since those are added in place. */
function samePython(a, b) {
  const python = ({ wheels, packages, ...rest }) => JSON.stringify(rest);
  return python(a) === python(b);
}
