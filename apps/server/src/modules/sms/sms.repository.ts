import type { SmsMessage } from '@fleet/shared';
import type pg from 'pg';

interface Row { id: string; to_number: string; text: string; provider: string; created_at: Date; sent_at: Date | null; error: string | null }

const toMessage = (r: Row): SmsMessage => ({
  id: Number(r.id), to: r.to_number, text: r.text, provider: r.provider,
  createdAt: r.created_at.toISOString(), sentAt: r.sent_at?.toISOString() ?? null, error: r.error,
});

/** The SMS outbox (sms_outbox): every text message, kept with what became of it. */
export function smsRepository(pool: pg.Pool) {
  return {
    async add(m: { brandId: number; to: string; text: string; provider: string }): Promise<SmsMessage> {
      const { rows } = await pool.query<Row>(
        `INSERT INTO sms_outbox (brand_id, to_number, text, provider) VALUES ($1, $2, $3, $4) RETURNING *`,
        [m.brandId, m.to, m.text, m.provider]);
      return toMessage(rows[0] as Row);
    },
    /** Records the outcome: sent now, or the error. */
    async settle(id: number, error: string | null): Promise<SmsMessage> {
      const { rows } = await pool.query<Row>(
        `UPDATE sms_outbox SET sent_at = CASE WHEN $2::text IS NULL THEN now() END, error = $2 WHERE id = $1 RETURNING *`, [id, error]);
      return toMessage(rows[0] as Row);
    },
    /** A brand's latest messages, newest first. */
    async latest(brandId: number, limit = 50): Promise<SmsMessage[]> {
      const { rows } = await pool.query<Row>(
        `SELECT * FROM sms_outbox WHERE brand_id = $1 ORDER BY id DESC LIMIT $2`, [brandId, limit]);
      return rows.map(toMessage);
    },
  };
}
export type SmsRepository = ReturnType<typeof smsRepository>;
