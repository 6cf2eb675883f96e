import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/** The import pattern that keeps test support out of product code (two blocks below use it). */
const TEST_SUPPORT = {
  group: ["@/test", "@/test/*", "**/test/*"],
  message:
    "Product code does not import test support: move what both need into lib/ (as lib/random.ts), and keep generators in test/factories.",
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // The data layer is asynchronous: a query whose promise nobody awaits is a write that may not happen, or a failure
  // nobody sees. These two rules read the types, so they run on the TypeScript files only.
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
    },
  },
  // The layers CONTRIBUTING.md describes ("Where things go"): pure lib/ code works on plain data (no database, no Next, no HTTP);
  // db/ is storage only (no business rules, so it imports none of the layers above it).
  {
    files: ["lib/**/*.{ts,tsx}"],
    ignores: ["lib/server/**", "lib/http/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/db", "@/db/*", "**/db/*"],
              message: "Pure lib/ code takes plain data: SQL lives in db/, and lib/server calls it.",
            },
            { group: ["next", "next/*"], message: "Pure lib/ code does not depend on Next: routes and pages call it." },
            {
              group: ["@/lib/http/*", "@/lib/server/*"],
              message: "Pure lib/ code does not reach up into lib/http or lib/server.",
            },
          ],
        },
      ],
    },
  },
  // One way to pass the database: every function that uses it takes `db: Db` first, and db/queries never obtains it
  // (getDb() is called where a request, a tool call, a script or a test starts; docs/architecture.md, "Layers").
  {
    files: ["db/queries/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@/db/client",
              importNames: ["getDb"],
              message: "A query takes the database as its first parameter, `db: Db`; its caller obtains it.",
            },
            {
              name: "../client",
              importNames: ["getDb"],
              message: "A query takes the database as its first parameter, `db: Db`; its caller obtains it.",
            },
          ],
          patterns: [
            {
              group: ["@/lib/server/*", "@/lib/http/*", "next", "next/*"],
              message: "db/ is storage only: the rules that use it live in lib/server, which calls it.",
            },
          ],
        },
      ],
    },
  },
  // Test support (test/: factories, generators, fixtures) is not product code: what lib/, app/ and db/ ship imports none
  // of it, while their tests, scripts/ and e2e/ may. (A rule of its own name, so the layer blocks' lists stay theirs.)
  {
    files: ["lib/**/*.{ts,tsx}", "app/**/*.{ts,tsx}", "db/**/*.ts"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [TEST_SUPPORT],
        },
      ],
    },
  },
  // db/ stores what it is given: the business rules (guidance's thresholds, fit and eligibility, classification and
  // memory building, knowledge mining, the experiment's readings, the score's windows) live in these lib/ folders, and lib/server applies
  // them and hands db/ the rows, the thresholds or a function (docs/architecture.md, "Layers"). db/ may name their
  // types. (This block repeats the test-support pattern above: a later block's options replace an earlier one's.)
  {
    files: ["db/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            TEST_SUPPORT,
            {
              group: [
                "@/lib/guidance/*",
                "@/lib/learn/*",
                "@/lib/knowledge/*",
                "@/lib/experiment/*",
                "@/lib/score/*",
                "**/lib/guidance/*",
                "**/lib/learn/*",
                "**/lib/knowledge/*",
                "**/lib/experiment/*",
                "**/lib/score/*",
              ],
              allowTypeImports: true,
              message:
                "db/ decides nothing: lib/server applies the rule and passes db/ the rows, thresholds or function it needs (types may be imported).",
            },
          ],
        },
      ],
    },
  },
  // One seam for each difference between SQLite and PostgreSQL (CONTRIBUTING.md, "A query for both engines"): SQL
  // text that differs is a `statement({ sqlite, postgresql })` pair, control flow that must differ asks
  // `isPostgres(db)` from db/client. Only db/engine, which implements both, reads the executor's dialect.
  {
    files: ["**/*.{ts,tsx,mjs}"],
    ignores: ["db/engine/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[property.name='dialect'][object.property.name='$executor']",
          message:
            "Write a dialect difference as statement({ sqlite, postgresql }) for SQL text, or isPostgres(db) from @/db/client for control flow.",
        },
        {
          selector: "AssignmentPattern[right.type='CallExpression'][right.callee.name='getDb']",
          message:
            "Take the database as the first parameter, `db: Db`, without a default: the caller that starts the work passes getDb().",
        },
        {
          selector: "TSIndexedAccessType[indexType.literal.value='dialect']",
          message:
            "Pass isPostgres(db) (a boolean) rather than the engine's name: differences are statement({ sqlite, postgresql }) or isPostgres(db).",
        },
      ],
    },
  },
  // The dialects' spellings (db/engine/sql-dialect.ts) write both texts of a statement pair and the triggers'
  // migrations; the layers above db/ never pick SQL by engine, and reach the engine through db/client. (Pure lib/
  // imports no db/ at all: the rule above.)
  {
    files: ["app/**/*.{ts,tsx}", "lib/server/**/*.{ts,tsx}", "lib/http/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/db/engine/sql-dialect"],
              message:
                "SQL that differs by engine is a statement({ sqlite, postgresql }) pair in db/queries; control flow asks isPostgres(db) from @/db/client.",
            },
            {
              group: ["@/db/engine/*", "!@/db/engine/statement", "!@/db/engine/sql-dialect"],
              message:
                "Reach the database through @/db/client (isPostgres, transaction, …); db/engine is the data layer's own.",
            },
          ],
        },
      ],
    },
  },
  // Pages and components (app/ outside the route handlers of app/api and app/v1) reach storage only through
  // lib/server: its functions, and the view types it defines or re-exports (CONTRIBUTING.md, "Where things go").
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/api/**", "app/v1/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/db", "@/db/*", "**/db/*"],
              message:
                "Pages and components read and write through lib/server (functions and view types; add a re-export there if one is missing): only lib/server and route handlers import db/.",
            },
          ],
        },
      ],
    },
  },
  // Route handlers too call lib/server, never db/queries or the schema; they may take the database handle from
  // @/db/client to hand to a lib/server function that asks for it.
  {
    files: ["app/api/**/*.ts", "app/v1/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/db/*", "**/db/*", "!@/db/client"],
              message:
                "Route handlers call lib/server (functions and view types; add a re-export there if one is missing), not db/queries or db/schema.",
            },
          ],
        },
      ],
    },
  },
  globalIgnores([
    ".next/**",
    ".next-*/**",
    "node_modules/**",
    "next-env.d.ts",
    "test-results/**",
    "playwright-report/**",
    "data/**",
    ".tmp/**",
    "cli/dist/**",
    "plugins/*/dist/**",
  ]),
]);
