// site/js/lesson/takeaway.js: the lesson as a notebook and as a .py file, with the learner's code and
// the set-up cell carrying the site's wheels.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setupCell, toNotebook, toPython } from "../../../../site/js/lesson/takeaway.js";

const LESSON = {
  slug: "ndcg",
  notebook: [
    { markdown: "# NDCG@k" },
    { cell: "c1" },
    { markdown: "Now you.\n\nWrite it." },
    { cell: "write-ndcg" },
    { check: "write-ndcg", code: "assert ndcg_at_k([], {}, 1) == 0.0" },
  ],
};
const CODE = { c1: "from rankmetrics import ndcg_at_k", "write-ndcg": "def ndcg_at_k(r, g, k):\n    return 0.0" };
const codeOf = (id) => CODE[id];
const SETUP = "# set up\nprint('ready')";

test("the notebook has the title, the set-up cell, then the lesson's parts with the learner's code", () => {
  const notebook = toNotebook(LESSON, codeOf, SETUP);
  assert.equal(notebook.nbformat, 4);
  assert.deepEqual(
    notebook.cells.map((cell) => [cell.cell_type, cell.id]),
    [
      ["markdown", "md-0"],
      ["code", "course-packages"],
      ["code", "c1"],
      ["markdown", "md-3"],
      ["code", "write-ndcg"],
      ["code", "check-write-ndcg"],
    ],
  );
  assert.deepEqual(notebook.cells[4].source, ["def ndcg_at_k(r, g, k):\n", "    return 0.0"]);
  assert.deepEqual(notebook.cells[3].source, ["Now you.\n", "\n", "Write it."]);
  for (const cell of notebook.cells.filter((cell) => cell.cell_type === "code")) {
    assert.deepEqual([cell.outputs, cell.execution_count], [[], null]);
  }
});

test("the .py file has prose as comments and each cell after a marker", () => {
  assert.equal(
    toPython(LESSON, codeOf, SETUP),
    `${[
      "# %% [markdown]\n# # NDCG@k",
      `# %% course-packages\n${SETUP}`,
      `# %% c1\n${CODE.c1}`,
      "# %% [markdown]\n# Now you.\n#\n# Write it.",
      `# %% write-ndcg\n${CODE["write-ndcg"]}`,
      "# %% check-write-ndcg\nassert ndcg_at_k([], {}, 1) == 0.0",
    ].join("\n\n")}\n`,
  );
});

/** `fetch` answering from `files` ({address: string | Uint8Array}), 404 for anything else. */
function fakeFetch(files) {
  return async (url) => {
    const body = files[String(url)];
    return body === undefined ? new Response("not found", { status: 404 }) : new Response(body, { status: 200 });
  };
}

test("the set-up cell carries each wheel as base64 in the template's place", async (t) => {
  const wheel = Uint8Array.from([0, 1, 2, 250, 255]);
  t.mock.method(
    globalThis,
    "fetch",
    fakeFetch({
      "https://course.example/assets/setup.py": "WHEELS = __WHEELS__\ninstall(WHEELS)\n\n",
      "https://course.example/wheels/rankmetrics-1.0-py3-none-any.whl": wheel,
    }),
  );
  const takeaway = {
    setup: "assets/setup.py",
    placeholder: "__WHEELS__",
    wheels: ["wheels/rankmetrics-1.0-py3-none-any.whl"],
  };
  const code = await setupCell(takeaway, "https://course.example/ndcg.html");
  const carried = JSON.parse(code.slice("WHEELS = ".length, code.indexOf("\ninstall")));
  assert.deepEqual(Object.keys(carried), ["rankmetrics-1.0-py3-none-any.whl"]);
  assert.deepEqual([...Buffer.from(carried["rankmetrics-1.0-py3-none-any.whl"], "base64")], [...wheel]);
  assert.ok(code.endsWith("install(WHEELS)"), "trailing blank lines dropped");
});

test("a wheel that does not come, or a template with no place for the wheels, is an error", async (t) => {
  const takeaway = { setup: "setup.py", placeholder: "__WHEELS__", wheels: ["a.whl"] };
  t.mock.method(globalThis, "fetch", fakeFetch({ "https://c.example/setup.py": "__WHEELS__" }));
  await assert.rejects(setupCell(takeaway, "https://c.example/"), /a\.whl answered 404/);
  t.mock.restoreAll();
  t.mock.method(
    globalThis,
    "fetch",
    fakeFetch({ "https://c.example/setup.py": "no place", "https://c.example/a.whl": "w" }),
  );
  await assert.rejects(setupCell(takeaway, "https://c.example/"), /no place for the wheels/);
});
