import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every table of the server, one section per component. A later issue adds its section here and runs
 * `npx drizzle-kit generate` to write the next migration into server/db/migrations/.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

// ---- contact (issue #3) ----------------------------------------------------------------------------------

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** null when the sender gave none. */
    phone: text('phone'),
    message: text('message').notNull(),
    /** Keyed hash of the sender's IP (IP_HASH_SECRET), for spotting abuse without storing the address. */
    sourceIpHash: text('source_ip_hash'),
    createdAt: createdAt(),
  },
  (table) => [index('contact_messages_created_at_idx').on(table.createdAt)],
);

// ---- outbox: side effects committed with the data that caused them, delivered later with retries ----------

export const outbox = pgTable(
  'outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // The worker only ever looks for undelivered rows that are due.
  (table) => [index('outbox_pending_idx').on(table.nextAttemptAt).where(sql`${table.deliveredAt} is null`)],
);

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;
