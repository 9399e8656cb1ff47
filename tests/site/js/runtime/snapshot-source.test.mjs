import "../build-constants.mjs";
import assert from "node:assert/strict";
import { test } from "node:test";
import { snapshotPlan } from "../../../../site/js/runtime/snapshot-source.js";

const BASE = "https://course.example/lessons/";
const SETTING = { url: "pyodide/snapshot.bin.gz?v=abc", bytes: 1234, use: "auto" };

test("a site without a snapshot plans none", () => {
  assert.deepEqual(snapshotPlan({ snapshot: null }, BASE, "https://course.example"), {
    use: "off",
    reason: "the site has no snapshot",
  });
});

test("each policy the build knows is kept, with the URL resolved against the page", () => {
  for (const use of JSON.parse(globalThis.BUILD_CONSTANTS).snapshotUses) {
    const plan = snapshotPlan({ snapshot: { ...SETTING, use } }, BASE, "https://course.example");
    assert.deepEqual(plan, {
      use,
      url: "https://course.example/lessons/pyodide/snapshot.bin.gz?v=abc",
      bytes: 1234,
      sameOrigin: true,
    });
  }
});

test("an unknown or missing policy is auto", () => {
  for (const use of ["sometimes", undefined]) {
    assert.equal(snapshotPlan({ snapshot: { ...SETTING, use } }, BASE, "https://course.example").use, "auto");
  }
});

test("cached on another origin is off: the browser will not say what it has cached there", () => {
  const plan = snapshotPlan({ snapshot: { ...SETTING, use: "cached" } }, BASE, "https://host.example");
  assert.deepEqual(plan, { use: "off", reason: "snapshot is on another origin" });
  const auto = snapshotPlan({ snapshot: SETTING }, BASE, "https://host.example");
  assert.equal(auto.use, "auto");
  assert.equal(auto.sameOrigin, false);
});
