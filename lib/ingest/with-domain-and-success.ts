import { inferDomain } from "@/lib/learn/domain";
import { computeFeatures } from "@/lib/learn/features";
import { heuristicSuccess } from "@/lib/learn/success";
import type { Trajectory } from "@/lib/trajectory";

/** The last step of every agent's parser: the trajectory with its domain (from its tools, files and `cwd`) and its heuristic success. */
export function withDomainAndSuccess(base: Omit<Trajectory, "domain" | "success">, cwd: string | null): Trajectory {
  const withDomain = { ...base, domain: inferDomain(base, cwd) };
  return { ...withDomain, success: heuristicSuccess(withDomain, computeFeatures(withDomain)) };
}
