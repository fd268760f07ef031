-- A file deleted on purpose (a tour, a slice, an old derivative removed by the app): its cloud
-- copy is removed at the next sync and a restore never brings it back (issue 15).
ALTER TYPE "public"."local_file_state" ADD VALUE 'deleted';--> statement-breakpoint
-- The identity's roles, mirrored at each visit like "assignable": a job reports storage damage to
-- the administrators without asking the identity service.
ALTER TABLE "app_user" ADD COLUMN "roles" text[] DEFAULT '{}'::text[] NOT NULL;
