import { inferDomain } from "@/lib/learn/domain";
import { computeFeatures } from "@/lib/learn/features";
import { heuristicSuccess } from "@/lib/learn/success";
import type { Session } from "@/lib/session";

/** The last step of every agent's parser: the session with its domain (from its tools, files and `cwd`) and its heuristic success. */
export function withDomainAndSuccess(base: Omit<Session, "domain" | "success">, cwd: string | null): Session {
  const withDomain = { ...base, domain: inferDomain(base, cwd) };
  return { ...withDomain, success: heuristicSuccess(withDomain, computeFeatures(withDomain)) };
}
