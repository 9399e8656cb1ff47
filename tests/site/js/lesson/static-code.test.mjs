// site/js/lesson/static-code.js: the code shown before the editor, one element per line.
import { test } from "node:test";
import assert from "node:assert/strict";
import { indentWidth, setIndent, showStaticCode } from "../../../../site/js/lesson/static-code.js";

test("indentation is counted in columns, a tab as four", () => {
  assert.equal(indentWidth("x = 1"), 0);
  assert.equal(indentWidth("    return x"), 4);
  assert.equal(indentWidth("\tpass"), 4);
  assert.equal(indentWidth("\t  pass"), 6);
  assert.equal(indentWidth("   "), 3);
});

test("each line becomes an element of its own, ending in a newline, with its indent", () => {
  const made = [];
  globalThis.document = {
    createElement: (name) => {
      const properties = {};
      const element = {
        name,
        textContent: "",
        style: {
          setProperty: (key, value) => {
            properties[key] = value;
          },
          removeProperty: (key) => {
            delete properties[key];
          },
        },
        properties,
      };
      made.push(element);
      return element;
    },
  };
  const code = {
    replaceChildren: (...children) => {
      code.children = children;
    },
  };
  try {
    showStaticCode(code, "if x:\n    y = 1");
  } finally {
    delete globalThis.document;
  }
  assert.deepEqual(
    code.children.map((line) => line.textContent),
    ["if x:\n", "    y = 1\n"],
  );
  assert.deepEqual(
    code.children.map((line) => line.properties),
    [{}, { "--indent": "4" }],
  );
  assert.equal(code.children.map((line) => line.textContent).join(""), "if x:\n    y = 1\n");
});

test("a line that loses its indentation loses its hanging indent", () => {
  const properties = {};
  const line = {
    style: {
      setProperty: (key, value) => {
        properties[key] = value;
      },
      removeProperty: (key) => {
        delete properties[key];
      },
    },
  };
  setIndent(line, "    y = 1");
  assert.deepEqual(properties, { "--indent": "4" });
  setIndent(line, "y = 1");
  assert.deepEqual(properties, {});
});
