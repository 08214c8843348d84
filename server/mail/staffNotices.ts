import { and, asc, count, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { outbox, staffNotices } from '../db/schema';
import type { OutboxHandler } from '../outbox/worker';
import { enqueue } from '../outbox/repository';
import { queueMail } from './queue';
import { renderEmail } from './render';
import type { MailSettings } from './settings';
import { StaffDigest } from './templates/staffEmails';

/**
 * Staff hear of each event once, on their own while few arrive. In a burst (more than STAFF_NOTIFY_PER_MINUTE in a
 * minute, 3 by default) the rest wait for a digest sent at the end of each `digestEveryMs` slot, so 50 leads in a
 * minute are 3 emails and 2 or 3 digests, not 50 emails. Each email or digest also goes to the chat webhook when set.
 */
export const staffBurst = { windowMs: 60_000, digestEveryMs: 30_000, digestGraceMs: 5_000 } as const;

export const staffDigestKind = 'staff.digest';
export const staffWebhookKind = 'staff.webhook';

export interface StaffNotice {
  /** The event, e.g. `quiz:<id>`: staff hear of it once. */
  event: string;
  subject: string;
  /** Where the item is in /admin. */
  link: string;
  /** The notice as an email, rendered. */
  html: string;
  text: string;
}

export interface StaffWebhookPayload extends Record<string, unknown> {
  text: string;
}

/** The digest slot `at` falls in, by its end. */
const slotEnd = (at: Date) => Math.ceil(at.getTime() / staffBurst.digestEveryMs) * staffBurst.digestEveryMs;

/**
 * A digest to come for what is held: one still waiting and not yet started takes it; a digest that has run, or is
 * running now, may have read the held notices before this one committed, so a new one is scheduled.
 */
async function scheduleDigest(tx: Database, at: Date) {
  const [waiting] = await tx
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.kind, staffDigestKind), isNull(outbox.deliveredAt), eq(outbox.attempts, 0)))
    .limit(1);
  if (!waiting) await enqueue(tx, staffDigestKind, { slot: String(slotEnd(at)) }, { at: new Date(slotEnd(at) + staffBurst.digestGraceMs) });
}

/** Inside the transaction that composes the event's emails. */
export async function notifyStaff(
  tx: Database,
  settings: MailSettings,
  notice: StaffNotice,
  now: Date,
): Promise<'sent' | 'held' | 'repeat' | 'nobody'> {
  if (settings.staff.length === 0 && !settings.webhook) return 'nobody';
  const [recent] = await tx
    .select({ n: count() })
    .from(staffNotices)
    .where(and(eq(staffNotices.held, false), gt(staffNotices.createdAt, new Date(now.getTime() - staffBurst.windowMs))));
  const held = (recent?.n ?? 0) >= settings.staffPerMinute;
  const [row] = await tx
    .insert(staffNotices)
    .values({ event: notice.event, subject: notice.subject, link: notice.link, held, createdAt: now })
    .onConflictDoNothing({ target: staffNotices.event })
    .returning({ id: staffNotices.id });
  if (!row) return 'repeat';
  if (held) {
    await scheduleDigest(tx, now);
    return 'held';
  }
  for (const address of settings.staff) {
    await queueMail(
      tx,
      {
        kind: 'staff.notice',
        dedupeKey: `staff:${notice.event}:${address}`,
        to: address,
        subject: notice.subject,
        html: notice.html,
        text: notice.text,
      },
      settings.mode,
    );
  }
  if (settings.webhook) await enqueue(tx, staffWebhookKind, { text: `${notice.subject}\n${notice.link}` } satisfies StaffWebhookPayload);
  return 'sent';
}

const digestLimit = 200;

/** The outbox's `staff.digest`: every notice held so far, in one email to each staff address. */
export function createStaffDigestHandler({
  db,
  settings,
  now = () => new Date(),
}: {
  db: Database;
  settings: MailSettings;
  now?: () => Date;
}): OutboxHandler {
  return async () => {
    const waiting = await db
      .select()
      .from(staffNotices)
      .where(and(eq(staffNotices.held, true), isNull(staffNotices.digestId)))
      .orderBy(asc(staffNotices.id))
      .limit(digestLimit);
    const first = waiting[0];
    if (!first) return;
    const subject = `${waiting.length} more ${waiting.length === 1 ? 'event' : 'events'} for staff — GrowthPath digest`;
    const email = await renderEmail(StaffDigest({ notices: waiting, burst: settings.staffPerMinute }));
    await db.transaction(async (tx) => {
      const ids = waiting.map((notice) => notice.id);
      const taken = await tx
        .update(staffNotices)
        .set({ digestId: first.id })
        .where(and(inArray(staffNotices.id, ids), isNull(staffNotices.digestId)))
        .returning({ id: staffNotices.id });
      if (taken.length === 0) return; // another server sent this digest
      if (taken.length !== ids.length) throw new Error('another server took part of this digest: composing it again');
      for (const address of settings.staff) {
        await queueMail(
          tx,
          { kind: 'staff.digest', dedupeKey: `staff.digest:${first.id}:${address}`, to: address, subject, ...email },
          settings.mode,
        );
      }
      if (settings.webhook) {
        const lines = waiting.map((notice) => `• ${notice.subject} ${notice.link}`);
        await enqueue(tx, staffWebhookKind, { text: [subject, ...lines].join('\n') } satisfies StaffWebhookPayload);
      }
      // Held while this digest was composed (or past its limit): the next slot's digest takes them.
      const [left] = await tx
        .select({ n: count() })
        .from(staffNotices)
        .where(and(eq(staffNotices.held, true), isNull(staffNotices.digestId)));
      if ((left?.n ?? 0) > 0) await scheduleDigest(tx, new Date(now().getTime() + staffBurst.digestEveryMs));
    });
  };
}
