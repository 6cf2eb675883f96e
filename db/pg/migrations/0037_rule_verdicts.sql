-- Each rule tested by randomisation (docs/statistics.md#each-rule-tested-by-randomisation): a delivery keeps the rules
-- its factorial draw left out, so each rule's told and not-told sessions sum in SQL when guidance is built; a rule's
-- row of a generation keeps its randomised verdict, which the cross-project policy reads.
ALTER TABLE "guidance_deliveries" ADD COLUMN "left_out" text;--> statement-breakpoint
ALTER TABLE "rule_history" ADD COLUMN "tested" text;
