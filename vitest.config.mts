import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@": path.resolve(import.meta.dirname),
  "server-only": path.resolve(import.meta.dirname, "test/server-only-stub.ts"),
};

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", include: ["lib/**/*.test.ts", "app/**/*.test.ts"], environment: "node" },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["test/integration/**/*.test.ts", "db/**/*.test.ts"],
          environment: "node",
          setupFiles: ["test/integration/setup.ts"],
          globalSetup: ["test/integration/build-cli.ts"],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
