// The learning management system's (LMS) SCORM API, for either version, behind one set of
// methods. The API object is in a parent window: `API` for SCORM 1.2 (RTE book, section 3.3),
// `API_1484_11` for SCORM 2004 4th Edition (RTE book, section 3.1).
import { isoDuration, scorm12Timespan } from "./timespan.js";

const MOST_PARENTS = 7; // frames to climb: more than any LMS nests

// Each version's calls, data model elements (null: the version has none) and limits.
const VERSIONS = {
  1.2: {
    calls: ["LMSInitialize", "LMSGetValue", "LMSSetValue", "LMSCommit", "LMSFinish"],
    completion: "cmi.core.lesson_status", // one element for both: passed/failed/completed/incomplete
    success: null,
    score: "cmi.core.score",
    scaled: false,
    sessionTime: "cmi.core.session_time",
    exit: "cmi.core.exit",
    suspendLimit: 4096, // characters of cmi.suspend_data
    passingScore: ["cmi.student_data.mastery_score", 1], // percent
    timespan: scorm12Timespan,
  },
  2004: {
    calls: ["Initialize", "GetValue", "SetValue", "Commit", "Terminate"],
    completion: "cmi.completion_status",
    success: "cmi.success_status",
    score: "cmi.score",
    scaled: true,
    sessionTime: "cmi.session_time",
    exit: "cmi.exit",
    suspendLimit: 64000,
    passingScore: ["cmi.scaled_passing_score", 100], // -1 to 1
    timespan: isoDuration,
  },
};

/** The LMS's API in `start` or the nearest of its parents (then its opener's), as an Lms, or null. */
export function findLms(start) {
  for (const first of [start, start.opener]) {
    let win = first;
    for (let depth = 0; win && depth <= MOST_PARENTS; depth += 1) {
      try {
        if (win.API_1484_11) return new Lms(win.API_1484_11, "2004");
        if (win.API) return new Lms(win.API, "1.2");
      } catch {
        // a window of another origin: look further up
      }
      if (win.parent === win) break;
      win = win.parent;
    }
  }
  return null;
}

/** One SCORM API, spoken to in the words of its version. */
export class Lms {
  constructor(api, version) {
    this.api = api;
    this.version = version;
    this.spec = VERSIONS[version];
    const [start, get, set, commit, finish] = this.spec.calls;
    this.call = { start, get, set, commit, finish };
  }

  /** Begin the session; returns whether the LMS accepted it. */
  start() {
    return String(this.api[this.call.start]("")) === "true";
  }

  get(element) {
    return String(this.api[this.call.get](element) ?? "");
  }

  set(element, value) {
    this.api[this.call.set](element, String(value));
  }

  commit() {
    this.api[this.call.commit]("");
  }

  finish() {
    this.api[this.call.finish]("");
  }

  /** The passing score the LMS holds for this item, in percent (from the manifest's pass mark,
   *  or set by the teacher in the LMS), or null when it has none. */
  get passMark() {
    const [element, toPercent] = this.spec.passingScore;
    const text = this.get(element).trim();
    const value = text === "" ? Number.NaN : Number(text);
    return Number.isFinite(value) ? value * toPercent : null;
  }

  get suspendData() {
    return this.get("cmi.suspend_data");
  }

  set suspendData(text) {
    this.set("cmi.suspend_data", text);
    this.set(this.spec.exit, "suspend"); // the LMS keeps the data for the next launch
  }

  /** Report the lesson's progress: `completed` (every quiz and exercise has a verdict), `passed`
   *  (true, false or null: the lesson has no pass mark, or is not completed yet) and `score`
   *  (percent, or null: nothing answered yet). A lesson completed or passed before stays so, and
   *  the score the LMS holds never falls (a learner reviewing a lesson keeps their grade). */
  report({ completed, passed, score }) {
    const { completion, success } = this.spec;
    const was = this.get(completion);
    if (success === null) {
      const status = !completed ? "incomplete" : passed === null ? "completed" : passed ? "passed" : "failed";
      const keep = was === "passed" || (status === "incomplete" && (was === "completed" || was === "failed"));
      if (!keep && was !== status) this.set(completion, status);
    } else {
      if (was !== "completed") this.set(completion, completed ? "completed" : "incomplete");
      const succeeded = this.get(success);
      if (passed !== null && succeeded !== "passed") this.set(success, passed ? "passed" : "failed");
    }
    const held = Number.parseFloat(this.get(`${this.spec.score}.raw`));
    if (score !== null && !(held >= score)) {
      this.set(`${this.spec.score}.min`, 0);
      this.set(`${this.spec.score}.max`, 100);
      this.set(`${this.spec.score}.raw`, score);
      if (this.spec.scaled) this.set(`${this.spec.score}.scaled`, score / 100);
    }
    this.commit();
  }

  /** Say how long the learner spent in this session (`milliseconds`). */
  sessionTime(milliseconds) {
    this.set(this.spec.sessionTime, this.spec.timespan(milliseconds));
  }
}
