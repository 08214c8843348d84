import {
  inboxPageSchema,
  inboxRowSchemas,
  inboxSummarySchema,
  mailMessageSchema,
  subscriptionActionAnswerSchema,
  type AdminTab,
  type InboxPage,
  type InboxRows,
  type InboxSummary,
  type LeadTab,
  type LeadUpdate,
  type MailMessage,
  type SubscriptionAction,
  type SubscriptionActionAnswer,
  noteChanged,
} from '../../domain/admin';
import { z } from 'zod/mini';
import { ApiError, openRequest, requestJson } from '../../lib/http';

/**
 * The browser's side of /api/admin/* (the staff inbox): every call carries the staff member's Firebase ID
 * token and checks the answer with the contract's schemas. Failures are ApiErrors; 401 means the token was refused,
 * 403 (code `not_staff`) a signed-in account without the staff claim.
 */

export interface AdminCallOptions {
  token: string;
  fetchImpl?: typeof fetch;
}

export interface PageRequest {
  q?: string;
  cursor?: string | null;
  limit?: number;
}

function query(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function fetchSummary({ token, fetchImpl }: AdminCallOptions): Promise<InboxSummary> {
  return requestJson('/api/admin/summary', { token, fetchImpl, schema: inboxSummarySchema });
}

export function fetchPage<T extends AdminTab>(
  tab: T,
  { q, cursor, limit }: PageRequest,
  { token, fetchImpl }: AdminCallOptions,
): Promise<InboxPage<T>> {
  const url = `/api/admin/${tab}${query({ q, cursor, limit })}`;
  return requestJson(url, { token, fetchImpl, schema: inboxPageSchema(tab) }) as Promise<InboxPage<T>>;
}

/**
 * Saves a status or note. A note refused because another member of staff changed it meanwhile (409 `note_changed`)
 * rejects with the lead as it now stands in the ApiError's `current`, checked like any row; unreadable, it is dropped
 * and the sentence asks for a reload instead.
 */
export async function updateLead<T extends LeadTab>(
  tab: T,
  id: string,
  update: LeadUpdate,
  { token, fetchImpl }: AdminCallOptions,
): Promise<InboxRows[T]> {
  const schema = inboxRowSchemas[tab] as unknown as z.core.$ZodType<InboxRows[T]>;
  try {
    return await requestJson(`/api/admin/leads/${tab}/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: update,
      token,
      fetchImpl,
      schema,
    });
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== noteChanged.code) throw error;
    const current = z.safeParse(schema, error.current);
    if (!current.success) throw new ApiError(error.status, error.code, noteChanged.messageWithoutLead, { cause: error });
    throw new ApiError(error.status, error.code, error.message, { current: current.data, cause: error });
  }
}

export function retryForward(id: string, { token, fetchImpl }: AdminCallOptions): Promise<InboxRows['contact']> {
  return requestJson(`/api/admin/contact/${encodeURIComponent(id)}/retry-forward`, {
    method: 'POST',
    token,
    fetchImpl,
    schema: inboxRowSchemas.contact,
  });
}

/**
 * An account manager's action on a subscription (pause, resume, plan change, cancel, decline a request). A refusal
 * is an ApiError whose message is the server's sentence: for the gateway's (409 `gateway_refused`), Razorpay's words.
 */
export function actOnSubscription(
  id: string,
  action: SubscriptionAction,
  { token, fetchImpl }: AdminCallOptions,
): Promise<SubscriptionActionAnswer> {
  return requestJson(`/api/admin/subscriptions/${encodeURIComponent(id)}/actions`, {
    method: 'POST',
    body: action,
    token,
    fetchImpl,
    schema: subscriptionActionAnswerSchema,
  });
}

/** One email of Outgoing mail with its rendered HTML and plain text, which a page of the list leaves out. */
export function fetchMailMessage(id: string, { token, fetchImpl }: AdminCallOptions): Promise<MailMessage> {
  return requestJson(`/api/admin/mail/${encodeURIComponent(id)}`, { token, fetchImpl, schema: mailMessageSchema });
}

/** The name in `Content-Disposition: attachment; filename="…"` (or filename*=UTF-8''…), else the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A broken encoding falls through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]+)"|filename\s*=\s*([^;]+)/i.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  // Only a bare file name: a path in the header is not ours to follow.
  return name && !/[\\/]/.test(name) ? name : fallback;
}

export interface CsvDownload {
  fileName: string;
  truncated: boolean;
}

/** How a downloaded Blob reaches the staff member's disk; tests hand in a recorder. */
export type SaveFile = (blob: Blob, fileName: string) => void;

/** A temporary object URL and a clicked <a download>, removed straight after. */
export const saveWithLink: SaveFile = (blob, fileName) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has started the download; a later revoke lets slow browsers read the URL first.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

/** Downloads the tab's CSV export (every row the search matches) with the token, then saves it as a file. */
export async function downloadCsv(
  tab: AdminTab,
  q: string,
  { token, fetchImpl, save = saveWithLink }: AdminCallOptions & { save?: SaveFile },
): Promise<CsvDownload> {
  const response = await openRequest(`/api/admin/${tab}/export.csv${query({ q })}`, { token, fetchImpl, accept: 'text/csv' });
  const blob = await response.blob();
  const fileName = fileNameOf(response.headers.get('Content-Disposition'), `${tab}.csv`);
  save(blob, fileName);
  return { fileName, truncated: response.headers.get('X-Export-Truncated') === 'true' };
}
