CREATE TABLE "tour_panorama" (
	"image_id" bigint PRIMARY KEY NOT NULL,
	"mission_id" bigint NOT NULL,
	"name" text,
	"sort_order" integer,
	"floor" integer,
	"x" double precision,
	"y" double precision,
	"heading" double precision DEFAULT 0 NOT NULL,
	"in_tours" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "tour_panorama_position_pair" CHECK (("tour_panorama"."x" is null) = ("tour_panorama"."y" is null)),
	CONSTRAINT "tour_panorama_name_not_blank" CHECK ("tour_panorama"."name" is null or btrim("tour_panorama"."name") <> '')
);
--> statement-breakpoint
ALTER TABLE "tour" ADD COLUMN "error_reason" text;--> statement-breakpoint
ALTER TABLE "tour" ADD COLUMN "generation_job_id" uuid;--> statement-breakpoint
ALTER TABLE "tour" ADD COLUMN "output_prefix" text;--> statement-breakpoint
ALTER TABLE "tour" ADD COLUMN "manifest" jsonb;--> statement-breakpoint
ALTER TABLE "tour" ADD COLUMN "generated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tour" ADD COLUMN "public_token" text;--> statement-breakpoint
ALTER TABLE "tour" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tour_panorama" ADD CONSTRAINT "tour_panorama_image_id_mission_image_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."mission_image"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_panorama" ADD CONSTRAINT "tour_panorama_mission_id_mission_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."mission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tour_panorama_mission_idx" ON "tour_panorama" USING btree ("mission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tour_public_token_key" ON "tour" USING btree ("public_token");