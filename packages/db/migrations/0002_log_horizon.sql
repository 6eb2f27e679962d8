DROP INDEX "positions_tx_id_idx";--> statement-breakpoint
ALTER TABLE "positions" DROP COLUMN "tx";--> statement-breakpoint
ALTER TABLE "processor_cursors" DROP COLUMN "tx";