import { apiRoute, type ApiRoute } from "@/lib/http/openapi";
import * as accountPassword from "../account/password/route";
import * as audit from "../audit/route";
import * as backup from "../backup/route";
import * as health from "../health/route";
import * as hooksClaudeCode from "../hooks/claude-code/route";
import * as ingest from "../ingest/route";
import * as mcp from "../mcp/route";
import * as memoriesId from "../memories/[id]/route";
import * as memories from "../memories/route";
import * as projectsSlugAblationsIdReport from "../projects/[slug]/ablations/[id]/report/route";
import * as projectsSlugAblationsId from "../projects/[slug]/ablations/[id]/route";
import * as projectsSlugAblationsIdRuns from "../projects/[slug]/ablations/[id]/runs/route";
import * as projectsSlugAblations from "../projects/[slug]/ablations/route";
import * as projectsSlugExperimentReport from "../projects/[slug]/experiment/report/route";
import * as projectsSlugExperimentReset from "../projects/[slug]/experiment/reset/route";
import * as projectsSlugExperiment from "../projects/[slug]/experiment/route";
import * as projectsSlugExperimentSessionsCsv from "../projects/[slug]/experiment/sessions.csv/route";
import * as projectsSlugGuidance from "../projects/[slug]/guidance/route";
import * as projectsSlugGuidanceReview from "../projects/[slug]/guidance/review/route";
import * as projectsSlugGuidanceToolCall from "../projects/[slug]/guidance/tool-call/route";
import * as projectsSlugMembersUserId from "../projects/[slug]/members/[userId]/route";
import * as projectsSlugMembers from "../projects/[slug]/members/route";
import * as projectsSlug from "../projects/[slug]/route";
import * as projectsSlugRulesKeyAdr from "../projects/[slug]/rules/[key]/adr/route";
import * as projectsSlugRules from "../projects/[slug]/rules/route";
import * as projectsSlugScore from "../projects/[slug]/score/route";
import * as projectsSlugSessions from "../projects/[slug]/sessions/route";
import * as projectsSlugSharesSource from "../projects/[slug]/shares/[source]/route";
import * as projectsSlugShares from "../projects/[slug]/shares/route";
import * as projects from "../projects/route";
import * as score from "../score/route";
import * as session from "../session/route";
import * as sessionsIdOutcome from "../sessions/[id]/outcome/route";
import * as sessionsId from "../sessions/[id]/route";
import * as setup from "../setup/route";
import * as sourcesId from "../sources/[id]/route";
import * as sources from "../sources/route";
import * as sync from "../sync/route";
import * as tokensId from "../tokens/[id]/route";
import * as tokens from "../tokens/route";
import * as usersId from "../users/[id]/route";
import * as users from "../users/route";
import * as otlpLogs from "../../../v1/logs/route";
import * as otlpMetrics from "../../../v1/metrics/route";

/**
 * Every /api/v1 route file but openapi.json itself (document.ts adds it), and the OpenTelemetry receiver's /v1 routes
 * (at the paths OTLP exporters post to): adding a route is one import and one line here, and
 * test/integration/openapi.test.ts fails until it is done.
 */
export const API_ROUTES: ApiRoute[] = [
  apiRoute("/api/v1/account/password", accountPassword),
  apiRoute("/api/v1/audit", audit),
  apiRoute("/api/v1/backup", backup),
  apiRoute("/api/v1/health", health),
  apiRoute("/api/v1/hooks/claude-code", hooksClaudeCode),
  apiRoute("/api/v1/ingest", ingest),
  apiRoute("/api/v1/mcp", mcp),
  apiRoute("/api/v1/memories/[id]", memoriesId),
  apiRoute("/api/v1/memories", memories),
  apiRoute("/api/v1/projects/[slug]/ablations", projectsSlugAblations),
  apiRoute("/api/v1/projects/[slug]/ablations/[id]", projectsSlugAblationsId),
  apiRoute("/api/v1/projects/[slug]/ablations/[id]/report", projectsSlugAblationsIdReport),
  apiRoute("/api/v1/projects/[slug]/ablations/[id]/runs", projectsSlugAblationsIdRuns),
  apiRoute("/api/v1/projects/[slug]/experiment/report", projectsSlugExperimentReport),
  apiRoute("/api/v1/projects/[slug]/experiment/reset", projectsSlugExperimentReset),
  apiRoute("/api/v1/projects/[slug]/experiment", projectsSlugExperiment),
  apiRoute("/api/v1/projects/[slug]/experiment/sessions.csv", projectsSlugExperimentSessionsCsv),
  apiRoute("/api/v1/projects/[slug]/guidance", projectsSlugGuidance),
  apiRoute("/api/v1/projects/[slug]/guidance/review", projectsSlugGuidanceReview),
  apiRoute("/api/v1/projects/[slug]/guidance/tool-call", projectsSlugGuidanceToolCall),
  apiRoute("/api/v1/projects/[slug]/members/[userId]", projectsSlugMembersUserId),
  apiRoute("/api/v1/projects/[slug]/members", projectsSlugMembers),
  apiRoute("/api/v1/projects/[slug]", projectsSlug),
  apiRoute("/api/v1/projects/[slug]/rules/[key]/adr", projectsSlugRulesKeyAdr),
  apiRoute("/api/v1/projects/[slug]/rules", projectsSlugRules),
  apiRoute("/api/v1/projects/[slug]/score", projectsSlugScore),
  apiRoute("/api/v1/projects/[slug]/sessions", projectsSlugSessions),
  apiRoute("/api/v1/projects/[slug]/shares/[source]", projectsSlugSharesSource),
  apiRoute("/api/v1/projects/[slug]/shares", projectsSlugShares),
  apiRoute("/api/v1/projects", projects),
  apiRoute("/api/v1/score", score),
  apiRoute("/api/v1/session", session),
  apiRoute("/api/v1/sessions/[id]/outcome", sessionsIdOutcome),
  apiRoute("/api/v1/sessions/[id]", sessionsId),
  apiRoute("/api/v1/setup", setup),
  apiRoute("/api/v1/sources/[id]", sourcesId),
  apiRoute("/api/v1/sources", sources),
  apiRoute("/api/v1/tokens/[id]", tokensId),
  apiRoute("/api/v1/sync", sync),
  apiRoute("/api/v1/tokens", tokens),
  apiRoute("/api/v1/users/[id]", usersId),
  apiRoute("/api/v1/users", users),
  apiRoute("/v1/logs", otlpLogs),
  apiRoute("/v1/metrics", otlpMetrics),
];
