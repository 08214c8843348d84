import { eq } from 'drizzle-orm';
import type { ContactMessage } from '../../src/domain/contact';
import type { Database } from '../db/client';
import { contactMessages, type ContactMessageRow } from '../db/schema';

export async function insertContactMessage(db: Database, message: ContactMessage & { sourceIpHash: string | null }): Promise<string> {
  const [row] = await db
    .insert(contactMessages)
    .values({
      name: message.name,
      email: message.email,
      phone: message.phone === '' ? null : message.phone,
      message: message.message,
      sourceIpHash: message.sourceIpHash,
    })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error('contact message insert returned no row');
  return row.id;
}

export async function findContactMessage(db: Database, id: string): Promise<ContactMessageRow | undefined> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
  return row;
}
