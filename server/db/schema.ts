import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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

// ---- quiz leads (issue #4): every finished quiz, with the plan it recommended ---------------------------------

export const quizSubmissions = pgTable(
  'quiz_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'en' or 'hi': the language the prospect answered in. */
    language: text('language').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    businessName: text('business_name'),
    /** The validated answers, as the quiz schema in src/domain defines them. */
    answers: jsonb('answers').notNull(),
    /** Plan key the report recommended. */
    recommendedPlan: text('recommended_plan').notNull(),
    /** The computed report (services, costs, KPIs), as shown to the prospect. */
    report: jsonb('report').notNull(),
    /** Firebase uid when the prospect was signed in. */
    uid: text('uid'),
    createdAt: createdAt(),
  },
  (table) => [index('quiz_submissions_created_at_idx').on(table.createdAt), index('quiz_submissions_email_idx').on(table.email)],
);

// ---- accounts (issue #5): the profile and the entitlement, which only a verified payment grants -------------

export const userProfiles = pgTable('user_profiles', {
  /** Firebase Auth uid. */
  uid: text('uid').primaryKey(),
  email: text('email').notNull(),
  displayName: text('display_name'),
  businessName: text('business_name'),
  role: text('role'),
  industry: text('industry'),
  quizCompleted: boolean('quiz_completed').notNull().default(false),
  /** The plan chosen at sign-up (`/signin?plan=`): an intention to buy, never an entitlement (DESIGN.md D4). */
  chosenPlan: text('chosen_plan'),
  /** The plan paid for, set only by a verified payment (DESIGN.md D4). */
  purchasedPlan: text('purchased_plan'),
  purchasedAt: timestamp('purchased_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- chat leads (issue #6): what the assistant collected in one conversation --------------------------------

export const chatLeads = pgTable(
  'chat_leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The browser's conversation id: one lead per conversation, updated as details arrive. */
    conversationId: text('conversation_id').notNull(),
    name: text('name'),
    email: text('email'),
    need: text('need'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('chat_leads_conversation_idx').on(table.conversationId)],
);

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;
export type QuizSubmissionRow = typeof quizSubmissions.$inferSelect;
export type UserProfileRow = typeof userProfiles.$inferSelect;
export type ChatLeadRow = typeof chatLeads.$inferSelect;
