import { describe, expect, it } from "vitest";
import { outputExcerpt } from "@/lib/ingest/output-excerpt";
import { OUTPUT_LENGTH } from "@/lib/session";

const pytestLog = (tests: number) =>
  [
    "Exit code 1",
    "============================= test session starts ==============================",
    "platform linux -- Python 3.12.3, pytest-8.4.1, pluggy-1.6.0",
    "collected 40 items",
    "",
    ...Array.from({ length: tests }, (_, i) => `tests/test_unit.py::test_case_${i} PASSED`),
    "FAILED tests/test_unit.py::test_tar - AssertionError: assert 'x' == 'y'",
    "========================= 1 failed, 39 passed in 2.78s =========================",
  ].join("\n");

describe("outputExcerpt", () => {
  it("keeps a short output whole, without colour codes, carriage returns or blank lines", () => {
    expect(outputExcerpt("\u001b[32mAll checks passed!\u001b[0m\r\n\r\n")).toBe("All checks passed!");
    expect(outputExcerpt("Exit code 127\n/bin/bash: line 1: pytest: command not found")).toBe(
      "Exit code 127\n/bin/bash: line 1: pytest: command not found",
    );
  });

  it("is null for an output with nothing to read", () => {
    expect(outputExcerpt("")).toBeNull();
    expect(outputExcerpt("\n  \n\u001b[0m")).toBeNull();
  });

  it("keeps the first and last lines of a long output, within OUTPUT_LENGTH, marking the cut", () => {
    for (const tests of [40, 100_000]) {
      const excerpt = outputExcerpt(pytestLog(tests)) as string;
      expect(excerpt.length).toBeLessThanOrEqual(OUTPUT_LENGTH);
      expect(excerpt.startsWith("Exit code 1\n====")).toBe(true);
      expect(excerpt).toContain("\n…\n");
      expect(
        excerpt.endsWith(
          "FAILED tests/test_unit.py::test_tar - AssertionError: assert 'x' == 'y'\n========================= 1 failed, 39 passed in 2.78s =========================",
        ),
      ).toBe(true);
    }
  });

  it("clips a single line too long to keep, at its start and at its end", () => {
    const excerpt = outputExcerpt(`${"a".repeat(5_000)}\n${"b".repeat(5_000)}`) as string;
    expect(excerpt.length).toBeLessThanOrEqual(OUTPUT_LENGTH);
    expect(excerpt).toMatch(/^a+…\n…\n…b+$/);
    expect((outputExcerpt("x".repeat(20_000)) as string).length).toBeLessThanOrEqual(OUTPUT_LENGTH);
  });

  it("keeps the exception a traceback ended on when a warning comes first and the program's output after", () => {
    const output = [
      "/home/me/lib/python3.11/site-packages/transformers/utils/generic.py:260: FutureWarning: `_register_pytree_node` is deprecated.",
      "  torch.utils._pytree._register_pytree_node(",
      "Traceback (most recent call last):",
      '  File "/home/me/app/main.py", line 385, in <module>',
      '    input("Press Enter to continue...")',
      "EOFError: EOF when reading a line",
      ...Array.from({ length: 40 }, (_, i) => `Playing composition ${i} of 40: scale minor, tempo 0.5, timbre organ`),
      "Press Enter to continue...",
    ].join("\n");
    const excerpt = outputExcerpt(output) as string;
    expect(excerpt.length).toBeLessThanOrEqual(OUTPUT_LENGTH);
    expect(excerpt).toContain("\nEOFError: EOF when reading a line\n");
    expect(excerpt.startsWith("/home/me/lib/python3.11")).toBe(true);
    expect(excerpt.endsWith("Press Enter to continue...")).toBe(true);
  });

  it("keeps a coverage table's total row, printed above the rows of every file, between the two ends", () => {
    const output = [
      ...Array.from({ length: 12 }, (_, i) => ` PASS  src/module_${i}.test.ts (1.2 s)`),
      "File                 | % Stmts | % Branch | % Funcs | % Lines | Uncovered Line #s",
      "All files            |   87.41 |    80.12 |   90.55 |   87.41 |",
      ...Array.from(
        { length: 30 },
        (_, i) => ` src/module_${i}.ts      |   87.00 |    80.00 |   90.00 |   87.00 | 12-14,40`,
      ),
      "Test Suites: 12 passed, 12 total",
      "Tests:       96 passed, 96 total",
    ].join("\n");
    const excerpt = outputExcerpt(output) as string;
    expect(excerpt.length).toBeLessThanOrEqual(OUTPUT_LENGTH);
    expect(excerpt).toContain("\nAll files            |   87.41 |    80.12 |   90.55 |   87.41 |\n");
    expect(excerpt.endsWith("Tests:       96 passed, 96 total")).toBe(true);
  });

  it("keeps the commands a long doc documents, which the cut would leave out, as one fenced block", () => {
    const prose = Array.from(
      { length: 30 },
      (_, i) => `${String(i + 10).padStart(6)}→Paragraph ${i} of the guide, which says nothing to run.`,
    );
    const intro = [
      "     1→# Contributing",
      "     2→Thank you for your interest in contributing: this guide explains how changes reach the main branch.",
    ];
    const doc = [
      ...intro,
      "     3→## Setup",
      "     4→```bash",
      "     5→git clone <repository-url>",
      '     6→pip install -e ".[dev]"',
      "     7→ledgerctl --month 3",
      "     8→```",
      ...prose,
    ].join("\n");
    const excerpt = outputExcerpt(doc)!;
    expect(excerpt.length).toBeLessThanOrEqual(OUTPUT_LENGTH);
    expect(excerpt).toContain('\n```\npip install -e ".[dev]"\n```\n');
    expect(excerpt).not.toContain("ledgerctl");
  });
});
