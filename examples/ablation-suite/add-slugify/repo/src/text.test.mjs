import assert from "node:assert/strict";
import { test } from "node:test";
import { capitalise } from "./text.mjs";

test("capitalise", () => assert.equal(capitalise("word"), "Word"));
