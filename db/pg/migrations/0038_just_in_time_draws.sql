-- Notes at tool calls measured like rules (docs/just-in-time.md): each note due is recorded with what became of it —
-- given, drawn out by the item's own draw in a guidance-arm session, or not given to a holdout session.
ALTER TABLE "tool_call_notes" ADD COLUMN "delivery" text DEFAULT 'given' NOT NULL;