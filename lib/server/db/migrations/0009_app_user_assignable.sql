-- Pickers offer only users who can work on a mission: verified and holding a role (issue 20).
-- The identity service knows both; every signed-in request mirrors them here (current-user.ts),
-- so rows from before this migration become assignable at their user's next visit.
ALTER TABLE "app_user" ADD COLUMN "assignable" boolean DEFAULT false NOT NULL;
