import { eq, sql } from 'drizzle-orm';
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
