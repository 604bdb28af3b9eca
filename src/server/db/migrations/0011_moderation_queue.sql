-- The administrator's moderation list, pending organisations first and then the newest, is read on
-- indexes of its own, one per table: a page walks both in that order and merges them. Before, the
-- foundations and schools were joined to their accounts and all 7,000 sorted for a page of twenty
-- (25 ms on PGlite).
CREATE INDEX "foundations_moderation_queue_idx" ON "foundations" USING btree (("moderation_status" = 'pending') DESC,"created_at" DESC,"user_id" DESC);--> statement-breakpoint
CREATE INDEX "schools_moderation_queue_idx" ON "schools" USING btree (("moderation_status" = 'pending') DESC,"created_at" DESC,"user_id" DESC);
