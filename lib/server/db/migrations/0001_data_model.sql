CREATE TYPE "public"."notification_channel" AS ENUM('global', 'auth');--> statement-breakpoint
CREATE TYPE "public"."notification_state" AS ENUM('active', 'dismissed');--> statement-breakpoint
CREATE TYPE "public"."notification_type" AS ENUM('error', 'info', 'success', 'warning');--> statement-breakpoint
CREATE TYPE "public"."job_state" AS ENUM('queued', 'running', 'succeeded', 'failed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."company_type" AS ENUM('customer', 'partner', 'internal');--> statement-breakpoint
CREATE TYPE "public"."customer_account_type" AS ENUM('business', 'private', 'public_sector');--> statement-breakpoint
CREATE TYPE "public"."additional_product" AS ENUM('stosim', 'facade_colour_design', 'thermal_insulation_plan');--> statement-breakpoint
CREATE TYPE "public"."backup_state" AS ENUM('none', 'pending', 'running', 'done', 'failed');--> statement-breakpoint
CREATE TYPE "public"."cloud_sync_state" AS ENUM('unsynced', 'syncing', 'synced', 'unsyncing', 'failed');--> statement-breakpoint
CREATE TYPE "public"."mission_priority" AS ENUM('low', 'normal', 'high', 'urgent');--> statement-breakpoint
CREATE TYPE "public"."mission_product" AS ENUM('pointcloud', 'cad', 'floor_plan', 'facade');--> statement-breakpoint
CREATE TYPE "public"."mission_status" AS ENUM('created', 'in_progress', 'uploaded', 'delivered');--> statement-breakpoint
CREATE TYPE "public"."pipeline_status" AS ENUM('not_started', 'queued', 'processing', 'paused', 'failed', 'completed');--> statement-breakpoint
CREATE TYPE "public"."project_step" AS ENUM('create', 'create_quote', 'track_offer', 'order_confirm', 'scan_appointment', 'confirm_delivery_date', 'scan', 'scans_uploaded', 'data', 'pointcloud', 'quality_check', 'calculate', 'deliver', 'check_payment', 'invoice', 'inform_customer', 'finished');--> statement-breakpoint
CREATE TYPE "public"."building_type" AS ENUM('building', 'area');--> statement-breakpoint
CREATE TYPE "public"."dataset_status" AS ENUM('available', 'checked', 'corrected', 'error', 'imported', 'processed', 'processing', 'slamed', 'superframe_ready', 'unknown', 'uploading');--> statement-breakpoint
CREATE TYPE "public"."dataset_type" AS ENUM('flight', 'indoor', 'internal', 'mixed', 'outdoor', 'unknown');--> statement-breakpoint
CREATE TYPE "public"."tour_status" AS ENUM('published', 'not_published', 'error');--> statement-breakpoint
CREATE TABLE "maintenance_notice" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "maintenance_notice_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"text" jsonb NOT NULL,
	"show_from" timestamp with time zone DEFAULT now() NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "maintenance_window_ordered" CHECK ("maintenance_notice"."end_time" > "maintenance_notice"."start_time" and "maintenance_notice"."show_from" <= "maintenance_notice"."start_time")
);
--> statement-breakpoint
CREATE TABLE "notification" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"text" jsonb NOT NULL,
	"state" "notification_state" DEFAULT 'active' NOT NULL,
	"type" "notification_type" DEFAULT 'info' NOT NULL,
	"channels" "notification_channel"[] DEFAULT '{global}'::notification_channel[] NOT NULL,
	"duration" integer,
	"recipient_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job" (
	"id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"state" "job_state" DEFAULT 'queued' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"error" text,
	"result" jsonb,
	"input" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"mission_id" bigint,
	"created_by" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 1 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "job_progress_range" CHECK ("job"."progress" between 0 and 100),
	CONSTRAINT "job_attempts_range" CHECK ("job"."attempts" >= 0 and "job"."max_attempts" >= 1)
);
--> statement-breakpoint
CREATE TABLE "company" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "company_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"type" "company_type" DEFAULT 'customer' NOT NULL,
	"contact_first_name" text,
	"contact_last_name" text,
	"contact_email" text,
	"phone" text,
	"accounting_email" text,
	"street_and_number" text,
	"town" text,
	"zip" text,
	"country" text DEFAULT 'DE' NOT NULL,
	"is_provider" boolean DEFAULT false NOT NULL,
	"is_materials_partner" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "company_name_not_blank" CHECK (btrim("company"."name") <> ''),
	CONSTRAINT "company_country_iso" CHECK ("company"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "company_provider_is_internal" CHECK (not "company"."is_provider" or "company"."type" = 'internal')
);
--> statement-breakpoint
CREATE TABLE "customer" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"customer_number" integer NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"company_id" bigint NOT NULL,
	"account_type" "customer_account_type" DEFAULT 'business' NOT NULL,
	"parent_id" bigint,
	"contact_first_name" text,
	"contact_last_name" text,
	"contact_email" text,
	"phone" text,
	"street_and_number" text,
	"town" text,
	"zip" text,
	"country" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "customer_number_positive" CHECK ("customer"."customer_number" > 0),
	CONSTRAINT "customer_not_own_parent" CHECK ("customer"."parent_id" <> "customer"."id"),
	CONSTRAINT "customer_name_not_blank" CHECK (btrim("customer"."name") <> '')
);
--> statement-breakpoint
CREATE TABLE "app_user" (
	"identity_id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"display_name" text NOT NULL,
	"company_id" bigint,
	"customer_id" bigint,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mission" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mission_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"company_id" bigint NOT NULL,
	"customer_id" bigint,
	"sub_customer_id" bigint,
	"internal_reference" text,
	"customer_reference" text,
	"order_confirmation_number" text,
	"owner_id" uuid,
	"assignee_id" uuid,
	"priority" "mission_priority" DEFAULT 'normal' NOT NULL,
	"status" "mission_status" DEFAULT 'created' NOT NULL,
	"pipeline_status" "pipeline_status" DEFAULT 'not_started' NOT NULL,
	"step" "project_step" DEFAULT 'create' NOT NULL,
	"ready" boolean DEFAULT false NOT NULL,
	"approved" boolean DEFAULT false NOT NULL,
	"cloud_online" boolean DEFAULT false NOT NULL,
	"address" text,
	"latitude" double precision,
	"longitude" double precision,
	"products" "mission_product"[] NOT NULL,
	"additional_products" "additional_product"[] DEFAULT '{}'::additional_product[] NOT NULL,
	"scan_appointment" timestamp with time zone,
	"start_from_office" timestamp with time zone,
	"created_by" uuid,
	"delivered_on" timestamp with time zone,
	"delivery_date" date,
	"pcl_delivery_date" date,
	"cad_delivery_date" date,
	"external_delivery_date" date,
	"external_mission_status" text,
	"external_order_reference" text,
	"description" text,
	"pcl_team_description" text,
	"scan_operator_notes" text,
	"blurring_instructions" text,
	"closed" boolean DEFAULT false NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"on_hold" boolean DEFAULT false NOT NULL,
	"backup_state" "backup_state" DEFAULT 'none' NOT NULL,
	"backed_up_at" timestamp with time zone,
	"cloud_sync_state" "cloud_sync_state" DEFAULT 'unsynced' NOT NULL,
	"cloud_synced_at" timestamp with time zone,
	"search_text" text GENERATED ALWAYS AS (lower(id::text || ' ' || name || ' ' || coalesce(internal_reference, '') || ' ' || coalesce(customer_reference, '') || ' ' || coalesce(order_confirmation_number, '') || ' ' || coalesce(external_order_reference, '') || ' ' || coalesce(address, ''))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "mission_name_min_length" CHECK (char_length(btrim("mission"."name")) >= 5),
	CONSTRAINT "mission_products_not_empty" CHECK (cardinality("mission"."products") >= 1),
	CONSTRAINT "mission_latitude_range" CHECK ("mission"."latitude" between -90 and 90),
	CONSTRAINT "mission_longitude_range" CHECK ("mission"."longitude" between -180 and 180),
	CONSTRAINT "mission_sub_customer_needs_customer" CHECK ("mission"."sub_customer_id" is null or "mission"."customer_id" is not null),
	CONSTRAINT "mission_scan_after_office" CHECK ("mission"."scan_appointment" > "mission"."start_from_office"),
	CONSTRAINT "mission_external_after_pcl" CHECK ("mission"."external_delivery_date" > "mission"."pcl_delivery_date"),
	CONSTRAINT "mission_external_after_cad" CHECK ("mission"."external_delivery_date" > "mission"."cad_delivery_date"),
	CONSTRAINT "mission_blurring_not_empty" CHECK (btrim("mission"."blurring_instructions") <> ''),
	CONSTRAINT "mission_description_bytes" CHECK (octet_length("mission"."description") <= 5000),
	CONSTRAINT "mission_pcl_team_description_bytes" CHECK (octet_length("mission"."pcl_team_description") <= 5000),
	CONSTRAINT "mission_scan_operator_notes_bytes" CHECK (octet_length("mission"."scan_operator_notes") <= 2000),
	CONSTRAINT "mission_blurring_bytes" CHECK (octet_length("mission"."blurring_instructions") <= 2000),
	CONSTRAINT "mission_external_order_reference_bytes" CHECK (octet_length("mission"."external_order_reference") <= 100)
);
--> statement-breakpoint
CREATE TABLE "mission_share" (
	"mission_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"shared_by" uuid,
	"shared_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mission_share_mission_id_customer_id_pk" PRIMARY KEY("mission_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "mission_tag" (
	"mission_id" bigint NOT NULL,
	"tag_id" bigint NOT NULL,
	CONSTRAINT "mission_tag_mission_id_tag_id_pk" PRIMARY KEY("mission_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "table_preset" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "table_preset_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"columns" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "table_preset_name_not_blank" CHECK (btrim("table_preset"."name") <> ''),
	CONSTRAINT "table_preset_columns_not_empty" CHECK (cardinality("table_preset"."columns") >= 1)
);
--> statement-breakpoint
CREATE TABLE "tag" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tag_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"color" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "tag_name_not_blank" CHECK (btrim("tag"."name") <> ''),
	CONSTRAINT "tag_color_hex" CHECK ("tag"."color" ~ '^#[0-9a-f]{6}$')
);
--> statement-breakpoint
CREATE TABLE "building" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "building_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"mission_id" bigint NOT NULL,
	"name" text NOT NULL,
	"type" "building_type" DEFAULT 'building' NOT NULL,
	"footprint" jsonb NOT NULL,
	"ground_area" double precision NOT NULL,
	"facade_area" double precision NOT NULL,
	"perimeter" double precision NOT NULL,
	"levels" integer DEFAULT 1 NOT NULL,
	"storey_height" double precision DEFAULT 3 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "building_levels_min" CHECK ("building"."levels" >= 1),
	CONSTRAINT "building_storey_height_positive" CHECK ("building"."storey_height" > 0),
	CONSTRAINT "building_measures_non_negative" CHECK ("building"."ground_area" >= 0 and "building"."facade_area" >= 0 and "building"."perimeter" >= 0),
	CONSTRAINT "building_footprint_polygon" CHECK ("building"."footprint"->>'type' = 'Polygon' and jsonb_typeof("building"."footprint"->'coordinates') = 'array'),
	CONSTRAINT "building_name_not_blank" CHECK (btrim("building"."name") <> '')
);
--> statement-breakpoint
CREATE TABLE "dataset" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dataset_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"dataset_id" text NOT NULL,
	"mission_id" bigint NOT NULL,
	"type" "dataset_type" DEFAULT 'unknown' NOT NULL,
	"status" "dataset_status" DEFAULT 'uploading' NOT NULL,
	"last_seen_at" timestamp with time zone,
	"progress" real DEFAULT 0 NOT NULL,
	"storage_key" text,
	"size_bytes" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "dataset_progress_range" CHECK ("dataset"."progress" between 0 and 100),
	CONSTRAINT "dataset_size_non_negative" CHECK ("dataset"."size_bytes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tour" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tour_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"mission_id" bigint NOT NULL,
	"name" text NOT NULL,
	"status" "tour_status" DEFAULT 'not_published' NOT NULL,
	"export_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "tour_name_not_blank" CHECK (btrim("tour"."name") <> '')
);
--> statement-breakpoint
CREATE TABLE "tour_image" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tour_image_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tour_id" bigint NOT NULL,
	"name" text NOT NULL,
	"storage_key" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"floor_label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "panelizer_project" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "panelizer_project_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"mission_id" bigint NOT NULL,
	"name" text NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"document" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"export_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "panelizer_project_name_not_blank" CHECK (btrim("panelizer_project"."name") <> '')
);
--> statement-breakpoint
CREATE TABLE "audit_event" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"mission_id" bigint,
	"diff" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"request_id" text
);
--> statement-breakpoint
ALTER TABLE "customer" ADD CONSTRAINT "customer_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer" ADD CONSTRAINT "customer_parent_id_customer_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."customer"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission" ADD CONSTRAINT "mission_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission" ADD CONSTRAINT "mission_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission" ADD CONSTRAINT "mission_sub_customer_id_customer_id_fk" FOREIGN KEY ("sub_customer_id") REFERENCES "public"."customer"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_share" ADD CONSTRAINT "mission_share_mission_id_mission_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."mission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_share" ADD CONSTRAINT "mission_share_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_tag" ADD CONSTRAINT "mission_tag_mission_id_mission_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."mission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_tag" ADD CONSTRAINT "mission_tag_tag_id_tag_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tag"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building" ADD CONSTRAINT "building_mission_id_mission_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."mission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dataset" ADD CONSTRAINT "dataset_mission_id_mission_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."mission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour" ADD CONSTRAINT "tour_mission_id_mission_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."mission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_image" ADD CONSTRAINT "tour_image_tour_id_tour_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tour"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "panelizer_project" ADD CONSTRAINT "panelizer_project_mission_id_mission_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."mission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maintenance_notice_window_idx" ON "maintenance_notice" USING btree ("end_time","show_from");--> statement-breakpoint
CREATE INDEX "notification_recipient_state_idx" ON "notification" USING btree ("recipient_id","state","created_at");--> statement-breakpoint
CREATE INDEX "job_mission_created_idx" ON "job" USING btree ("mission_id","created_at","id");--> statement-breakpoint
CREATE INDEX "job_created_by_created_idx" ON "job" USING btree ("created_by","created_at","id");--> statement-breakpoint
CREATE INDEX "job_state_finished_idx" ON "job" USING btree ("state","finished_at");--> statement-breakpoint
CREATE UNIQUE INDEX "company_name_key" ON "company" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "company_provider_key" ON "company" USING btree ("is_provider") WHERE "company"."is_provider";--> statement-breakpoint
CREATE UNIQUE INDEX "customer_number_key" ON "customer" USING btree ("customer_number");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_uuid_key" ON "customer" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "customer_company_idx" ON "customer" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "customer_parent_idx" ON "customer" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_email_key" ON "app_user" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "app_user_company_idx" ON "app_user" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "app_user_customer_idx" ON "app_user" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "mission_created_idx" ON "mission" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "mission_company_created_idx" ON "mission" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "mission_customer_created_idx" ON "mission" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "mission_sub_customer_idx" ON "mission" USING btree ("sub_customer_id");--> statement-breakpoint
CREATE INDEX "mission_assignee_created_idx" ON "mission" USING btree ("assignee_id","created_at","id");--> statement-breakpoint
CREATE INDEX "mission_owner_idx" ON "mission" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "mission_status_created_idx" ON "mission" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "mission_step_created_idx" ON "mission" USING btree ("step","created_at","id");--> statement-breakpoint
CREATE INDEX "mission_priority_created_idx" ON "mission" USING btree ("priority","created_at","id");--> statement-breakpoint
CREATE INDEX "mission_scan_appointment_idx" ON "mission" USING btree ("scan_appointment");--> statement-breakpoint
CREATE INDEX "mission_search_trgm_idx" ON "mission" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "mission_location_idx" ON "mission" USING gist (point("longitude", "latitude"));--> statement-breakpoint
CREATE INDEX "mission_share_customer_idx" ON "mission_share" USING btree ("customer_id","mission_id");--> statement-breakpoint
CREATE INDEX "mission_tag_tag_idx" ON "mission_tag" USING btree ("tag_id","mission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "table_preset_owner_name_key" ON "table_preset" USING btree ("owner_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "tag_name_key" ON "tag" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "building_mission_idx" ON "building" USING btree ("mission_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "dataset_dataset_id_key" ON "dataset" USING btree ("dataset_id");--> statement-breakpoint
CREATE INDEX "dataset_mission_idx" ON "dataset" USING btree ("mission_id","created_at");--> statement-breakpoint
CREATE INDEX "dataset_status_idx" ON "dataset" USING btree ("status");--> statement-breakpoint
CREATE INDEX "tour_mission_idx" ON "tour" USING btree ("mission_id");--> statement-breakpoint
CREATE INDEX "tour_image_tour_idx" ON "tour_image" USING btree ("tour_id","position");--> statement-breakpoint
CREATE INDEX "panelizer_project_mission_idx" ON "panelizer_project" USING btree ("mission_id");--> statement-breakpoint
CREATE INDEX "audit_event_entity_idx" ON "audit_event" USING btree ("entity","entity_id","at");--> statement-breakpoint
CREATE INDEX "audit_event_mission_idx" ON "audit_event" USING btree ("mission_id","at");--> statement-breakpoint
CREATE INDEX "audit_event_actor_idx" ON "audit_event" USING btree ("actor_id","at");