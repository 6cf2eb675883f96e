import { z } from "zod";
import { holdoutShareSchema } from "@/lib/server/experiment";

/** The experiment's settings: `{ holdoutShare }`, 0 (off) or 0.05–0.5. */
export const experimentSettingsSchema = z.object({ holdoutShare: holdoutShareSchema });
