DROP INDEX "mission_scan_appointment_idx";--> statement-breakpoint
CREATE INDEX "mission_name_sort_idx" ON "mission" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "mission_delivery_date_sort_idx" ON "mission" USING btree ("delivery_date","id");--> statement-breakpoint
CREATE INDEX "mission_scan_appointment_idx" ON "mission" USING btree ("scan_appointment","id");