CREATE TABLE "app_role" (
	"name" text PRIMARY KEY NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"user_level" integer NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "app_role_name_format" CHECK ("app_role"."name" ~ '^[a-z][a-z0-9_-]{1,39}$'),
	CONSTRAINT "app_role_user_level_range" CHECK ("app_role"."user_level" between 0 and 100)
);
