import { describe, expect, it } from "vitest";
import { runReportSchema } from "@/lib/ablation/contract";

describe("runReportSchema", () => {
  const report = (signal: string | null) => ({
    task: "fix-range",
    arm: "none",
    run: 1,
    status: "check_error",
    setup: null,
    agent: null,
    check: { exitCode: null, signal, timedOut: false, durationMs: 10 },
    detail: null,
  });

  it("takes a signal only by its name", () => {
    expect(runReportSchema.safeParse(report("SIGSEGV")).success).toBe(true);
    expect(runReportSchema.safeParse(report(null)).success).toBe(true);
    for (const forged of ["<script>x</script>", "SIGTERM\n# Owned", "SIG`x`", "sigterm"])
      expect(runReportSchema.safeParse(report(forged)).success, forged).toBe(false);
  });
});
