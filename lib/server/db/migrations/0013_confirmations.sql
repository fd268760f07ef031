CREATE TABLE "mission_confirmation" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mission_confirmation_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"mission_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"delivery_date" date,
	"recipient" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mission_confirmation_kind" CHECK ("mission_confirmation"."kind" IN ('order', 'delivery_date')),
	CONSTRAINT "mission_confirmation_date_kind" CHECK (("mission_confirmation"."kind" = 'delivery_date') = ("mission_confirmation"."delivery_date" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "mission_confirmation" ADD CONSTRAINT "mission_confirmation_mission_id_mission_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."mission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mission_confirmation_mission_idx" ON "mission_confirmation" USING btree ("mission_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mission_confirmation_token" ON "mission_confirmation" USING btree ("token_hash");