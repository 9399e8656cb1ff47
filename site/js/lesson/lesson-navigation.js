// Opening another lesson of the course in this document, so Python stays booted: a new page
// boots it again (0.4–0.6 s here even from the kept snapshot, against about 0.1 s for this).
// The page keeps its worker, resets Python's namespace, and swaps in the new lesson's content,
// fetched as the same HTML a full load would get. Links, Back and Forward all work as before,
// through the Navigation API. The address changes only once the lesson is fetched (a
// precommitHandler), so a page this cannot serve loads whole, with the history as without this:
// a page that is not a lesson, one of a newer build of the course, one that needs another
// Python, a fetch that fails. Browsers without precommit handlers load every page whole.
// A lesson that needs more packages than the last one gets them added (PythonRuntime.useSettings).
import { hasPrecommitHandlers } from "../runtime/capabilities.js";

/**
 * @param {object} options
 * @param {() => object} options.currentRuntime  the `runtime` JSON of the lesson on the page
 * @param {(page: Document, lesson: object) => void} options.swap  put the fetched page's lesson
 *   (its parsed document and its #lesson-data JSON) in place of the current one
 */
export function openLessonsInPlace({ currentRuntime, swap }) {
  if (!hasPrecommitHandlers() || location.protocol === "file:") return; // every page loads whole
  const navigation = globalThis.navigation;
  let loadWhole = null; // an address that must load as a page of its own
  let opening = null; // {href, lesson: Promise}: the lesson being fetched, shared by repeated clicks
  navigation.addEventListener("navigate", (event) => {
    const url = new URL(event.destination.url);
    if (
      url.href === loadWhole ||
      !event.canIntercept ||
      event.hashChange ||
      event.downloadRequest !== null ||
      event.formData ||
      event.navigationType === "reload" ||
      !isOtherLesson(url)
    )
      return;
    // A second click on the same link, while the first still fetches, waits for the same lesson.
    if (opening?.href !== url.href) {
      opening = { href: url.href, lesson: fetchLesson(url).catch(() => null) };
    }
    const mine = opening;
    const usable = async () => {
      const fetched = await mine.lesson;
      return fetched && sameBuild(fetched.page, document) && samePython(fetched.lesson.runtime, currentRuntime())
        ? fetched
        : null;
    };
    const swapIn = (fetched) => {
      if (opening === mine) opening = null;
      try {
        swap(fetched.page, fetched.lesson);
      } catch (error) {
        console.error("opening the lesson in place failed; loading it as a page:", error);
        location.reload(); // the address is the lesson's by now
      }
    };
    if (event.navigationType === "traverse") {
      // Back or Forward between this page's own entries: they must be served here (the page
      // they name is this document), so one that cannot be loads whole where it lands.
      event.intercept({
        focusReset: "manual", // the new lesson's heading gets the focus (swap)
        async handler() {
          const fetched = await usable();
          if (event.signal.aborted) return; // another move came meanwhile: it wins
          if (fetched) swapIn(fetched);
          else location.reload();
        },
      });
      return;
    }
    let fetched = null;
    event.intercept({
      focusReset: "manual",
      async precommitHandler() {
        fetched = await usable();
        event.signal.throwIfAborted(); // another move came meanwhile: it wins
        if (fetched) return;
        // A new navigation cancels this one before its address is committed.
        if (opening === mine) opening = null;
        loadWhole = url.href;
        if (event.navigationType === "replace") location.replace(url.href);
        else location.assign(url.href);
        throw new DOMException("this page loads whole", "AbortError");
      },
      handler() {
        if (fetched && !event.signal.aborted) swapIn(fetched);
      },
    });
  });
}

/**
 * Whether `url` is another page of this course's folder that may be a lesson (the course index
 * is not).
 * @param {URL} url  where the navigation goes
 * @param {{origin: string, pathname: string, href: string, search: string}} [here]  this page's
 *   address (default: `location`)
 * @returns {boolean}
 */
export function isOtherLesson(url, here = location) {
  return (
    url.origin === here.origin &&
    url.pathname !== here.pathname &&
    url.pathname.endsWith(".html") &&
    !url.pathname.endsWith("/index.html") &&
    new URL(".", url).pathname === new URL(".", here.href).pathname &&
    url.search === here.search
  ); // e.g. ?embed stays the same
}

/** The page at `url`, parsed, and its lesson JSON; null when it is not a lesson page. */
async function fetchLesson(url) {
  const response = await fetch(url);
  if (!response.ok) return null;
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  const data = page.getElementById("lesson-data");
  if (!data || !page.querySelector("main")) return null;
  return { page, lesson: JSON.parse(data.textContent) };
}

/** Whether two pages (Documents) load the same scripts and styles (their addresses carry a hash
 *  of their content): a page of a newer build of the course needs its own, so it loads whole. */
export function sameBuild(a, b) {
  const assets = (page) =>
    [...page.querySelectorAll("script[src], link[rel='stylesheet']")]
      .map((element) => element.getAttribute("src") ?? element.getAttribute("href"))
      .sort()
      .join(" ");
  return assets(a) === assets(b);
}

/** Whether two lessons' `runtime` JSON ask for the same Python (Pyodide, snapshot, standard
 *  library, time limit); their wheels and packages may differ, since those are added in place. */
export function samePython(a, b) {
  const python = ({ wheels, packages, ...rest }) => JSON.stringify(rest);
  return python(a) === python(b);
}
