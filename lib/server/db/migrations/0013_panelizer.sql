-- The data model's placeholder panelizer_project (bigint id, a published flag) never held rows: it is replaced whole by the uuid-keyed project and its exports (issue 19).
DROP TABLE "panelizer_project";--> statement-breakpoint
CREATE TABLE "panelizer_project" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mission_id" bigint NOT NULL,
	"dataset_id" bigint,
	"name" text NOT NULL,
	"document" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_export_id" uuid,
	"published_at" timestamp with time zone,
	CONSTRAINT "panelizer_project_name_not_blank" CHECK (btrim("panelizer_project"."name") <> '')
);
--> statement-breakpoint
CREATE TABLE "panelizer_export" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"mission_id" bigint NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"document" jsonb NOT NULL,
	"results" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "panelizer_export_number_positive" CHECK ("panelizer_export"."number" > 0)
);
--> statement-breakpoint
ALTER TABLE "panelizer_project" ADD CONSTRAINT "panelizer_project_mission_id_mission_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."mission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "panelizer_project" ADD CONSTRAINT "panelizer_project_dataset_id_dataset_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."dataset"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "panelizer_export" ADD CONSTRAINT "panelizer_export_project_id_panelizer_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."panelizer_project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "panelizer_export" ADD CONSTRAINT "panelizer_export_mission_id_mission_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."mission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "panelizer_project" ADD CONSTRAINT "panelizer_project_published_export_id_panelizer_export_id_fk" FOREIGN KEY ("published_export_id") REFERENCES "public"."panelizer_export"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "panelizer_project_mission_idx" ON "panelizer_project" USING btree ("mission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "panelizer_export_number_key" ON "panelizer_export" USING btree ("project_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "panelizer_export_one_published_key" ON "panelizer_export" USING btree ("project_id") WHERE "panelizer_export"."published_at" is not null;--> statement-breakpoint
CREATE INDEX "panelizer_export_mission_idx" ON "panelizer_export" USING btree ("mission_id");
