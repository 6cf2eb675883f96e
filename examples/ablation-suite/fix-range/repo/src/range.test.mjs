import assert from "node:assert/strict";
import { test } from "node:test";
import { range } from "./range.mjs";

test("range(0) is empty", () => assert.deepEqual(range(0), []));
