CREATE TYPE "public"."measurement_kind" AS ENUM('distance', 'height', 'area', 'annotation', 'slice', 'clip-box');--> statement-breakpoint
CREATE TABLE "measurement" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "measurement_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"mission_id" bigint NOT NULL,
	"kind" "measurement_kind" NOT NULL,
	"name" text NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"points" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "measurement_name_not_blank" CHECK (btrim("measurement"."name") <> ''),
	CONSTRAINT "measurement_points_array" CHECK (jsonb_typeof("measurement"."points") = 'array'),
	CONSTRAINT "measurement_data_object" CHECK (jsonb_typeof("measurement"."data") = 'object')
);
--> statement-breakpoint
ALTER TABLE "measurement" ADD CONSTRAINT "measurement_mission_id_mission_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."mission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "measurement_mission_idx" ON "measurement" USING btree ("mission_id","id");