// Writes a cell's output. Text is always text (never parsed as HTML); rich displays (SVG,
// HTML) from Python are sanitised with DOMPurify before they reach the page.
import DOMPurify from "dompurify";
import { streams } from "../shared/build-constants.js";

const MAX_CHARS = 250_000; // a backstop: Python already cuts a run shorter and says so (cellruntime.streams)
// Terminal colour and cursor codes (e.g. "\x1b[31m"), which a page cannot show: dropped.
// biome-ignore lint/suspicious/noControlCharactersInRegex: ESC and BEL are what a terminal code is made of.
const ANSI_CODES = /\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])/g;

/** `text` without terminal colour and cursor codes. */
export function withoutTerminalCodes(text) {
  return text.replace(ANSI_CODES, "");
}

/**
 * How a terminal shows `text` written after what is on screen: "\r" (a progress line, say)
 * starts its line again, so the text after it replaces the line's text; "\r\n" is a newline; a
 * "\r" at the very end waits for the next text to say which it meant.
 * @param {string} text  the text written
 * @param {boolean} carriageReturn  whether the last text written ended in "\r"
 * @returns {{steps: Array<{erase: true} | {append: string}>, carriageReturn: boolean}}  what to
 *   do to the shown text, in order (`erase`: remove its last line's text, up to its last
 *   newline), and whether this text ends in "\r"
 */
export function terminalSteps(text, carriageReturn) {
  const steps = [];
  if (carriageReturn && !text.startsWith("\n")) steps.push({ erase: true });
  text = text.replaceAll("\r\n", "\n");
  const endsInReturn = text.endsWith("\r");
  if (endsInReturn) text = text.slice(0, -1);
  const [first, ...rest] = text.split("\r");
  steps.push({ append: first });
  for (const part of rest) steps.push({ erase: true }, { append: part });
  return { steps, carriageReturn: endsInReturn };
}

/** The note that says how much output was cut (`count` characters). */
export function cutNotice(count) {
  return `Output cut: ${count.toLocaleString("en")} more characters were not shown.`;
}

export class OutputArea {
  constructor(element) {
    this.element = element;
    this.clear();
  }

  clear() {
    this.element.replaceChildren();
    this.pre = null;
    this.lastStream = null;
    this.lastSpan = null;
    this.shown = 0;
    this.cut = 0;
    this.notice = null;
    this.carriageReturn = false; // the last text ended in "\r": the next text decides what it meant
  }

  /** Append streamed text; consecutive text of one stream shares one element. */
  write(stream, text) {
    if (stream === streams.notice) return this.note(text, { top: true }); // the runtime's own note
    if (stream === streams.cut) return this.#cutMark(text);
    const room = MAX_CHARS - this.shown;
    if (room <= 0) return this.#countCut(text.length);
    if (text.length > room) {
      this.#countCut(text.length - room);
      text = text.slice(0, room);
    }
    this.shown += text.length;
    this.#ensurePre();
    if (stream !== this.lastStream) {
      this.lastSpan = document.createElement("span");
      this.lastSpan.dataset.stream = stream;
      this.pre.append(this.lastSpan);
      this.lastStream = stream;
      this.carriageReturn = false;
    }
    this.#appendLikeATerminal(withoutTerminalCodes(text));
  }

  #ensurePre() {
    if (this.pre) return;
    this.pre = document.createElement("pre");
    this.pre.className = "output-text";
    this.element.append(this.pre);
  }

  /** Where Python left cut output out (between its start and its end): a line of its own,
   *  styled as a note, so the jump in the output is plain to see. */
  #cutMark(text) {
    this.#ensurePre();
    const newline = this.#needsNewline() ? "\n" : "";
    const mark = document.createElement("span");
    mark.className = "output-cut";
    mark.dataset.stream = streams.cut;
    mark.textContent = `${newline}${text}\n`;
    this.pre.append(mark);
    this.lastStream = null;
    this.lastSpan = null;
    this.carriageReturn = false;
  }

  /** Append to the last span as a terminal would show it (terminalSteps). */
  #appendLikeATerminal(text) {
    const { steps, carriageReturn } = terminalSteps(text, this.carriageReturn);
    this.carriageReturn = carriageReturn;
    for (const step of steps) {
      if (step.erase) this.#eraseLine();
      else this.lastSpan.append(step.append);
    }
  }

  /** Remove the last line's text from the last span (up to its last newline). */
  #eraseLine() {
    const text = this.lastSpan.textContent;
    const kept = text.slice(0, text.lastIndexOf("\n") + 1);
    if (kept !== text) this.lastSpan.textContent = kept;
  }

  /** Show a final expression's value: sanitised SVG/HTML when offered, else its repr. */
  display(bundle) {
    if (!bundle) return;
    const rich = bundle["image/svg+xml"] ?? bundle["text/html"];
    if (rich) {
      // Sanitised (no script, no handlers, no forms), then shown in its own shadow root inside a
      // box that contains paint: its <style> cannot restyle the page, nor can a fixed-position
      // element escape the box.
      const box = document.createElement("div");
      box.className = "output-rich";
      box.dataset.display = bundle["image/svg+xml"] ? "image/svg+xml" : "text/html"; // which display, for tests
      const profile = bundle["image/svg+xml"] ? { svg: true, svgFilters: true } : { html: true, svg: true };
      const fit = document.createElement("style");
      fit.textContent = "svg, img { max-width: 100%; height: auto; }";
      box.attachShadow({ mode: "open" }).append(
        fit,
        DOMPurify.sanitize(rich, {
          USE_PROFILES: profile,
          RETURN_DOM_FRAGMENT: true,
          FORBID_TAGS: ["form", "input", "button", "textarea", "select"],
        }),
      );
      this.element.append(box);
      this.pre = null;
      this.lastStream = null;
      return;
    }
    this.write("display", this.#needsNewline() ? `\n${bundle["text/plain"]}` : bundle["text/plain"]);
  }

  /** Errors are always shown, even past the output limit. */
  error(text) {
    if (!text) return;
    const pre = document.createElement("pre");
    pre.className = "output-text";
    const span = document.createElement("span");
    span.dataset.stream = streams.stderr;
    span.textContent = text;
    pre.append(span);
    this.element.append(pre);
    this.pre = null;
    this.lastStream = null;
  }

  /** A short note from the page or the runtime (not the learner's output). */
  note(text, { top = false } = {}) {
    const p = document.createElement("p");
    p.className = "output-note";
    p.textContent = text;
    if (top) this.element.prepend(p);
    else this.element.append(p);
    return p;
  }

  #needsNewline() {
    return this.pre !== null && !this.pre.textContent.endsWith("\n") && this.pre.textContent.length > 0;
  }

  #countCut(count) {
    this.cut += count;
    if (!this.notice) {
      this.notice = document.createElement("p");
      this.notice.className = "output-note";
      this.element.prepend(this.notice); // at the top, where the learner sees it
    }
    this.notice.textContent = cutNotice(this.cut);
  }
}
