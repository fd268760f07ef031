CREATE TABLE "rendered_slice" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rendered_slice_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"mission_id" bigint NOT NULL,
	"measurement_id" bigint,
	"name" text NOT NULL,
	"scale" integer NOT NULL,
	"dpi" integer NOT NULL,
	"width_px" integer NOT NULL,
	"height_px" integer NOT NULL,
	"storage_key" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rendered_slice_name_not_blank" CHECK (btrim("rendered_slice"."name") <> ''),
	CONSTRAINT "rendered_slice_positive" CHECK ("rendered_slice"."scale" > 0 AND "rendered_slice"."dpi" > 0 AND "rendered_slice"."width_px" > 0 AND "rendered_slice"."height_px" > 0)
);
--> statement-breakpoint
ALTER TABLE "rendered_slice" ADD CONSTRAINT "rendered_slice_mission_id_mission_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."mission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rendered_slice" ADD CONSTRAINT "rendered_slice_measurement_id_measurement_id_fk" FOREIGN KEY ("measurement_id") REFERENCES "public"."measurement"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rendered_slice_mission_idx" ON "rendered_slice" USING btree ("mission_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "rendered_slice_storage_key" ON "rendered_slice" USING btree ("storage_key");