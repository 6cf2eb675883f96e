import "server-only";
import { modelTokens } from "@/db/queries/overview";
import type { Cost } from "@/lib/cost/cost";
import { PRICE_TABLE, pricedBy, pricedTotal } from "@/lib/cost/priced";
import type { Db } from "@/db/client";

export interface ProjectCost extends Cost {
  byAgent: Record<string, Cost>;
  byModel: Record<string, Cost>;
  prices: typeof PRICE_TABLE;
}

/** A project's cost over all its sessions, in all, per agent and per model, with the price table it comes from. */
export async function projectCost(db: Db, projectId: number): Promise<ProjectCost> {
  const rows = await modelTokens(db, { readable: "all", projectId });
  return {
    ...pricedTotal(rows),
    byAgent: Object.fromEntries(pricedBy(rows, (r) => r.agent)),
    byModel: Object.fromEntries(pricedBy(rows, (r) => r.model)),
    prices: PRICE_TABLE,
  };
}
