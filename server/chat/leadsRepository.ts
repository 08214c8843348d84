import { eq, sql } from 'drizzle-orm';
import type { ChatTurn } from '../../src/domain/admin';
import { chatLimits } from '../../src/domain/chat';
import type { Database } from '../db/client';
import { chatLeads, type ChatLeadRow } from '../db/schema';
import type { LeadDetails } from './leadDetails';

/**
 * One lead per conversation (chat_leads, unique on conversation_id). Details arrive over several messages; each
 * update keeps what was already known and takes the newest name or email given (a corrected address); needs are
 * kept side by side.
 */
const needLimit = 2000;

export async function saveChatLead(db: Database, conversationId: string, details: LeadDetails): Promise<ChatLeadRow> {
  const values = { name: details.name ?? null, email: details.email ?? null, need: details.need ?? null };
  const [row] = await db
    .insert(chatLeads)
    .values({ conversationId, ...values })
    .onConflictDoUpdate({
      target: chatLeads.conversationId,
      set: {
        name: sql`coalesce(excluded.name, ${chatLeads.name})`,
        email: sql`coalesce(excluded.email, ${chatLeads.email})`,
        // Needs add up ("a website" ... "and Google ads too"); a repeat of one already noted is not added twice.
        need: sql`case
          when excluded.need is null then ${chatLeads.need}
          when ${chatLeads.need} is null then excluded.need
          when position(excluded.need in ${chatLeads.need}) > 0 then ${chatLeads.need}
          else left(${chatLeads.need} || ' | ' || excluded.need, ${needLimit})
        end`,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  if (!row) throw new Error('chat lead upsert returned no row');
  return row;
}

export async function findChatLead(db: Database, conversationId: string): Promise<ChatLeadRow | undefined> {
  const [row] = await db.select().from(chatLeads).where(eq(chatLeads.conversationId, conversationId)).limit(1);
  return row;
}

/** Turns a lead's transcript keeps: the newest ones, each as long as a history message may be. */
export const transcriptLimits = { turns: 200 } as const;

/**
 * Adds turns to the lead's transcript, keeping the newest `transcriptLimits.turns`. `initial` is what an empty
 * transcript starts with instead (the conversation so far, on the turn that first finds the lead); later turns
 * append `turns` only, since the earlier ones are stored already.
 */
export async function appendTranscript(
  db: Database,
  leadId: string,
  { initial, turns }: { initial: readonly ChatTurn[]; turns: readonly ChatTurn[] },
): Promise<void> {
  const cut = (list: readonly ChatTurn[]) =>
    JSON.stringify(list.map(({ role, text }) => ({ role, text: text.slice(0, chatLimits.historyText) })));
  const combined = sql`(case when jsonb_array_length(${chatLeads.transcript}) = 0 then ${cut(initial)}::jsonb
    else ${chatLeads.transcript} || ${cut(turns)}::jsonb end)`;
  await db
    .update(chatLeads)
    .set({
      transcript: sql`(select coalesce(jsonb_agg(turn order by n), '[]'::jsonb)
        from jsonb_array_elements(${combined}) with ordinality as turns(turn, n)
        where n > jsonb_array_length(${combined}) - ${transcriptLimits.turns})`,
    })
    .where(eq(chatLeads.id, leadId));
}
