-- The order confirmation mails are rendered by a queued job after the order's answer (issue 22);
-- the job marks the order in the transaction that queues the mails, so a retry never mails twice.
-- Orders placed before this migration had their mails sent with them.
ALTER TABLE "orders" ADD COLUMN "confirmation_mailed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "orders" SET "confirmation_mailed_at" = "created_at";
