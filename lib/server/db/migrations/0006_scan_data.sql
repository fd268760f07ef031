CREATE TYPE "public"."conversion_stage" AS ENUM('count', 'distribute', 'index', 'merge', 'done');--> statement-breakpoint
CREATE TYPE "public"."conversion_state" AS ENUM('queued', 'running', 'held', 'succeeded', 'failed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."mission_file_kind" AS ENUM('scan', 'tour-image', 'photo', 'cad');--> statement-breakpoint
CREATE TYPE "public"."upload_purpose" AS ENUM('scan', 'tour-image', 'photo', 'cad');--> statement-breakpoint
CREATE TYPE "public"."upload_state" AS ENUM('uploading', 'finished', 'cancelled', 'failed');--> statement-breakpoint
CREATE TABLE "conversion" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversion_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"mission_id" bigint NOT NULL,
	"dataset_id" bigint,
	"state" "conversion_state" DEFAULT 'queued' NOT NULL,
	"stage" "conversion_stage" DEFAULT 'count' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"chunks_total" integer DEFAULT 0 NOT NULL,
	"chunks_done" integer DEFAULT 0 NOT NULL,
	"inputs" jsonb NOT NULL,
	"source_dataset_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"plan" jsonb,
	"done_chunks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"work_prefix" text NOT NULL,
	"output_prefix" text NOT NULL,
	"point_count" bigint,
	"bounds" jsonb,
	"size_bytes" bigint,
	"error_key" text,
	"error_detail" text,
	"requested_by" uuid,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "conversion_progress_range" CHECK ("conversion"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "mission_file" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mission_file_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"mission_id" bigint NOT NULL,
	"kind" "mission_file_kind" NOT NULL,
	"filename" text NOT NULL,
	"storage_key" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"content_type" text NOT NULL,
	"uploaded_by" uuid,
	"dataset_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "processor" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "processor_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"token_sha256" text NOT NULL,
	"created_by" uuid,
	"last_seen_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "processor_name_not_blank" CHECK (btrim("processor"."name") <> '')
);
--> statement-breakpoint
CREATE TABLE "upload" (
	"id" text PRIMARY KEY NOT NULL,
	"mission_id" bigint NOT NULL,
	"user_id" uuid,
	"processor_id" bigint,
	"purpose" "upload_purpose" NOT NULL,
	"filename" text NOT NULL,
	"size" bigint NOT NULL,
	"offset" bigint DEFAULT 0 NOT NULL,
	"state" "upload_state" DEFAULT 'uploading' NOT NULL,
	"content_kind" text,
	"storage_key" text,
	"sha256" text,
	"dataset_id" bigint,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "upload_offset_range" CHECK ("upload"."offset" between 0 and "upload"."size"),
	CONSTRAINT "upload_has_uploader" CHECK ("upload"."user_id" is not null or "upload"."processor_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "dataset" ADD COLUMN "filename" text;--> statement-breakpoint
ALTER TABLE "dataset" ADD COLUMN "uploaded_by" uuid;--> statement-breakpoint
ALTER TABLE "dataset" ADD COLUMN "format" text;--> statement-breakpoint
ALTER TABLE "dataset" ADD COLUMN "point_format" smallint;--> statement-breakpoint
ALTER TABLE "dataset" ADD COLUMN "point_count" bigint;--> statement-breakpoint
ALTER TABLE "dataset" ADD COLUMN "bounds" jsonb;--> statement-breakpoint
ALTER TABLE "dataset" ADD COLUMN "crs" jsonb;--> statement-breakpoint
ALTER TABLE "dataset" ADD COLUMN "cloud_prefix" text;--> statement-breakpoint
ALTER TABLE "dataset" ADD COLUMN "cloud_bytes" bigint;--> statement-breakpoint
ALTER TABLE "dataset" ADD COLUMN "error_key" text;--> statement-breakpoint
ALTER TABLE "dataset" ADD COLUMN "error_detail" text;--> statement-breakpoint
ALTER TABLE "dataset" ADD COLUMN "progress_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dataset" ADD COLUMN "stalled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dataset" ADD COLUMN "checked_by" uuid;--> statement-breakpoint
ALTER TABLE "dataset" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dataset" ADD COLUMN "processor_id" bigint;--> statement-breakpoint
ALTER TABLE "conversion" ADD CONSTRAINT "conversion_mission_id_mission_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."mission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion" ADD CONSTRAINT "conversion_dataset_id_dataset_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."dataset"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_file" ADD CONSTRAINT "mission_file_mission_id_mission_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."mission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_file" ADD CONSTRAINT "mission_file_dataset_id_dataset_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."dataset"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload" ADD CONSTRAINT "upload_mission_id_mission_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."mission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload" ADD CONSTRAINT "upload_dataset_id_dataset_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."dataset"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversion_mission_idx" ON "conversion" USING btree ("mission_id","created_at");--> statement-breakpoint
CREATE INDEX "conversion_dataset_idx" ON "conversion" USING btree ("dataset_id","created_at");--> statement-breakpoint
CREATE INDEX "conversion_state_idx" ON "conversion" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "mission_file_storage_key" ON "mission_file" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "mission_file_mission_idx" ON "mission_file" USING btree ("mission_id","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "processor_token_key" ON "processor" USING btree ("token_sha256");--> statement-breakpoint
CREATE INDEX "upload_mission_idx" ON "upload" USING btree ("mission_id","created_at");--> statement-breakpoint
CREATE INDEX "upload_state_expires_idx" ON "upload" USING btree ("state","expires_at");