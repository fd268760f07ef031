-- Storage and cloud synchronisation (issue 15, docs/adr/0013-storage-and-cloud-sync.md): the file
-- inventory of every mission and each mission's cloud operation with its progress.
CREATE TYPE "public"."local_file_state" AS ENUM('ok', 'missing', 'corrupt');--> statement-breakpoint
CREATE TYPE "public"."storage_operation" AS ENUM('sync', 'unsync', 'restore');--> statement-breakpoint
CREATE TABLE "stored_file" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stored_file_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"mission_id" bigint NOT NULL,
	"key" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"local_state" "local_file_state" DEFAULT 'ok' NOT NULL,
	"local_modified_at" timestamp with time zone,
	"local_verified_at" timestamp with time zone,
	"cloud_size" bigint,
	"cloud_sha256" text,
	"cloud_verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_file_size_non_negative" CHECK ("stored_file"."size" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mission_storage" (
	"mission_id" bigint PRIMARY KEY NOT NULL,
	"operation" "storage_operation",
	"job_id" uuid,
	"files_total" integer DEFAULT 0 NOT NULL,
	"files_done" integer DEFAULT 0 NOT NULL,
	"bytes_total" bigint DEFAULT 0 NOT NULL,
	"bytes_done" bigint DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"error" text,
	"last_synced_at" timestamp with time zone,
	"unsynced_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"check_report" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stored_file" ADD CONSTRAINT "stored_file_mission_id_mission_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."mission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_storage" ADD CONSTRAINT "mission_storage_mission_id_mission_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."mission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stored_file_key" ON "stored_file" USING btree ("key");--> statement-breakpoint
CREATE INDEX "stored_file_mission_idx" ON "stored_file" USING btree ("mission_id","key");
