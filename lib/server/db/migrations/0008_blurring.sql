CREATE TYPE "public"."detection_state" AS ENUM('queued', 'running', 'done', 'failed');--> statement-breakpoint
CREATE TYPE "public"."image_kind" AS ENUM('panorama', 'photo');--> statement-breakpoint
CREATE TABLE "mission_blurring" (
	"mission_id" bigint PRIMARY KEY NOT NULL,
	"blurred_by" uuid,
	"blurred_at" timestamp with time zone,
	"finished_by" uuid,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "mission_blurring_finish_pair" CHECK (("mission_blurring"."finished_by" is null) = ("mission_blurring"."finished_at" is null)),
	CONSTRAINT "mission_blurring_four_eyes" CHECK ("mission_blurring"."finished_by" is null or "mission_blurring"."blurred_by" is null or "mission_blurring"."finished_by" <> "mission_blurring"."blurred_by")
);
--> statement-breakpoint
CREATE TABLE "mission_image" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mission_image_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"mission_id" bigint NOT NULL,
	"mission_file_id" bigint NOT NULL,
	"kind" "image_kind" NOT NULL,
	"width" integer,
	"height" integer,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"detection" "detection_state" DEFAULT 'queued' NOT NULL,
	"detection_error" text,
	"detector" text,
	"detector_version" text,
	"detected_at" timestamp with time zone,
	"regions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"regions_version" integer DEFAULT 1 NOT NULL,
	"blurred_key" text,
	"thumbnail_key" text,
	"blurred_version" integer,
	"edited_by" uuid,
	"edited_at" timestamp with time zone,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "mission_image_size_positive" CHECK (("mission_image"."width" is null and "mission_image"."height" is null) or ("mission_image"."width" > 0 and "mission_image"."height" > 0)),
	CONSTRAINT "mission_image_approval_pair" CHECK (("mission_image"."approved_by" is null) = ("mission_image"."approved_at" is null))
);
--> statement-breakpoint
ALTER TABLE "mission_blurring" ADD CONSTRAINT "mission_blurring_mission_id_mission_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."mission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_image" ADD CONSTRAINT "mission_image_mission_id_mission_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."mission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_image" ADD CONSTRAINT "mission_image_mission_file_id_mission_file_id_fk" FOREIGN KEY ("mission_file_id") REFERENCES "public"."mission_file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mission_image_file_key" ON "mission_image" USING btree ("mission_file_id");--> statement-breakpoint
CREATE INDEX "mission_image_mission_idx" ON "mission_image" USING btree ("mission_id","id");