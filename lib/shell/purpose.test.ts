import { describe, expect, it } from "vitest";
import { parseCommand } from "@/lib/shell/purpose";

const steps = (command: string) =>
  parseCommand(command)?.steps.map((s) => `${s.purpose}: ${s.canonical} | ${s.exact}`) ?? null;

describe("parseCommand", () => {
  it.each([
    ["pytest", "test: pytest | pytest"],
    ["uv run pytest test/x.py -v", "test: uv run pytest | uv run pytest test/x.py -v"],
    ["python -m pytest -q tests/", "test: python -m pytest | python -m pytest -q tests/"],
    ["npm run test:unit -- --run", "test: npm run test:unit | npm run test:unit -- --run"],
    ["cargo test --workspace", "test: cargo test | cargo test --workspace"],
    ["go test ./...", "test: go test | go test ./..."],
    ["npx vitest run lib/x.test.ts", "test: npx vitest | npx vitest run lib/x.test.ts"],
    ["ruff check .", "lint: ruff check | ruff check ."],
    ["npx eslint src --max-warnings 0", "lint: npx eslint | npx eslint src --max-warnings 0"],
    ["make lint", "lint: make lint | make lint"],
    ["npx tsc --noEmit -p .", "typecheck: npx tsc | npx tsc --noEmit -p ."],
    ["mypy src", "typecheck: mypy | mypy src"],
    ["npm run build", "build: npm run build | npm run build"],
    ["pip install -r requirements.txt", "install: pip install | pip install -r requirements.txt"],
    ["uv sync --all-extras", "install: uv sync | uv sync --all-extras"],
    ["python app.py --port 8000", "run: python app.py | python app.py --port 8000"],
    ["./scripts/dev.sh", "run: ./scripts/dev.sh | ./scripts/dev.sh"],
    ['git merge --no-ff feature/x -m "merge"', "vcs: git merge | git merge --no-ff"],
  ])("%s", (command, expected) => {
    expect(steps(command)).toEqual([expected]);
  });

  it.each([
    ["cargo nextest run -E 'test(parse)'", "test: cargo nextest run | cargo nextest run -E 'test(parse)'"],
    ["bun test src/money.test.ts", "test: bun test | bun test src/money.test.ts"],
    ["pnpm -F web test", "test: pnpm test | pnpm -F web test"],
    ["pnpm --filter=web lint", "lint: pnpm lint | pnpm --filter=web lint"],
    ["yarn workspace api test --watch=false", "test: yarn test | yarn workspace api test --watch=false"],
    ["yarn lint", "lint: yarn lint | yarn lint"],
    ["pnpm typecheck", "typecheck: pnpm typecheck | pnpm typecheck"],
    ["bun run build", "build: bun run build | bun run build"],
    ["poetry run pytest -m 'not slow'", "test: poetry run pytest | poetry run pytest -m 'not slow'"],
    ["uv tool run ruff check .", "lint: uv tool run ruff check | uv tool run ruff check ."],
    ["uvx ruff format src", "format: uvx ruff format | uvx ruff format src"],
    ["basedpyright src", "typecheck: basedpyright | basedpyright src"],
    ["ty check", "typecheck: ty check | ty check"],
    ["npx vue-tsc --noEmit", "typecheck: npx vue-tsc | npx vue-tsc --noEmit"],
    ["npx biome check .", "lint: npx biome check | npx biome check ."],
    ["oxlint src", "lint: oxlint | oxlint src"],
    ["golangci-lint run ./...", "lint: golangci-lint run | golangci-lint run ./..."],
    ["dprint fmt", "format: dprint fmt | dprint fmt"],
    ["turbo run build --filter=web", "build: turbo run build | turbo run build --filter=web"],
    ["npx nx run app:build", "build: npx nx run app:build | npx nx run app:build"],
    ["docker build -t api .", "build: docker build | docker build -t api ."],
    ["docker compose up -d --build", "run: docker compose up | docker compose up -d --build"],
    ["vercel --prod", "deploy: vercel | vercel --prod"],
    ["netlify deploy --prod", "deploy: netlify deploy | netlify deploy --prod"],
    ["flyctl deploy", "deploy: flyctl deploy | flyctl deploy"],
    ["npx wrangler deploy", "deploy: npx wrangler deploy | npx wrangler deploy"],
    ["kubectl apply -f k8s/", "deploy: kubectl apply | kubectl apply -f k8s/"],
    ["helm upgrade --install api ./chart", "deploy: helm upgrade | helm upgrade --install api ./chart"],
    ["terraform apply -auto-approve", "deploy: terraform apply | terraform apply -auto-approve"],
    ["npm run deploy", "deploy: npm run deploy | npm run deploy"],
    ["act -j test", "ci: act | act -j test"],
    ["gh workflow run ci.yml", "ci: gh workflow | gh workflow run ci.yml"],
    ["pre-commit run --all-files", "lint: pre-commit run | pre-commit run --all-files"],
    ["make check", "test: make check | make check"],
    ["conda run -n aie311 python app.py", "run: conda run -n aie311 python app.py | conda run -n aie311 python app.py"],
    ["mamba activate geo && pytest", "test: mamba activate geo && pytest | mamba activate geo && pytest"],
    ["./gradlew assemble", "build: ./gradlew assemble | ./gradlew assemble"],
    ["mvn verify", "test: mvn verify | mvn verify"],
  ])("knows the family of %s", (command, expected) => {
    expect(steps(command)).toEqual([expected]);
  });

  it("reads a program the tables do not know as a command to run, and never an every-day utility", () => {
    expect(parseCommand("alembic upgrade head")?.others.map((s) => `${s.purpose}: ${s.canonical}`)).toEqual([
      "run: alembic upgrade",
    ]);
    expect(parseCommand("alembic upgrade head")?.steps).toEqual([]);
    expect(parseCommand("ls -la && grep -rn foo src && sleep 2")?.others).toEqual([]);
    expect(parseCommand("/usr/local/bin/thing --x")?.others).toEqual([]);
  });

  it("keeps the setup steps in the form, and the whole line as the example when it is one step", () => {
    expect(steps("(source .venv/bin/activate && pytest -x)")).toEqual([
      "test: source .venv/bin/activate && pytest | (source .venv/bin/activate && pytest -x)",
    ]);
    expect(steps("cd web && npm test")).toEqual(["test: cd web && npm test | cd web && npm test"]);
    expect(steps("cd /abs/repo && pytest")).toEqual(["test: pytest | cd /abs/repo && pytest"]);
  });

  it("reads every step of a compound command, each with its own example", () => {
    expect(steps("(source .venv/bin/activate && ruff check deep_manifest/ && pytest)")).toEqual([
      "lint: source .venv/bin/activate && ruff check | source .venv/bin/activate && ruff check deep_manifest/",
      "test: source .venv/bin/activate && pytest | source .venv/bin/activate && pytest",
    ]);
  });

  it("does not split inside quotes, reads only the first line, and leaves out what says nothing", () => {
    expect(steps(`git commit -m "fix: a && b; c | d"`)).toEqual(["vcs: git commit | git commit"]);
    expect(steps("git commit -m \"$(cat <<'EOF'\nline && pytest\nEOF\n)\"")).toEqual(["vcs: git commit | git commit"]);
    expect(steps("git status && git log --oneline -5")).toEqual([]);
    expect(steps("ls -la && cat README.md | head")).toEqual([]);
    expect(parseCommand("   ")).toBeNull();
  });

  it("says when a command starts by changing directory", () => {
    expect(parseCommand("cd tests")?.changesDirectory).toBe(true);
    expect(parseCommand("pytest && cd x")?.changesDirectory).toBe(false);
  });
});
