ALTER TABLE "issued_tickets" ADD COLUMN "table_number" integer;--> statement-breakpoint
ALTER TABLE "issued_tickets" ADD COLUMN "table_seat" integer;--> statement-breakpoint
ALTER TABLE "issued_tickets" ADD COLUMN "table_size" integer;--> statement-breakpoint
ALTER TABLE "issued_tickets" ADD COLUMN "table_one_code" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "table_size" integer;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "table_one_code" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "tables_numbered" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "issued_tickets_table_idx" ON "issued_tickets" USING btree ("ticket_type_id","table_number") WHERE "issued_tickets"."table_number" is not null;