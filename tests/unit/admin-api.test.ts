import { describe, expect, it, vi } from 'vitest';
import { downloadCsv, fetchPage, fetchSummary, fileNameOf, retryForward, updateLead } from '../../src/features/admin/adminApi';
import { ApiError } from '../../src/lib/http';
import { noteChanged } from '../../src/domain/admin';
import { errorEnvelope } from '../../src/domain/wire';
import { deliveredContact, failedContact, inboxSummary, paidOrder } from '../fixtures/inbox';

type FetchMock = typeof fetch & ReturnType<typeof vi.fn>;
const answer = (status: number, body: BodyInit, headers: Record<string, string> = { 'Content-Type': 'application/json' }) =>
  vi.fn(async () => new Response(body, { status, headers })) as unknown as FetchMock;
const json = (status: number, value: unknown) => answer(status, JSON.stringify(value));
const callOf = (fetchImpl: FetchMock) => {
  const [url, init] = fetchImpl.mock.calls[0]! as [string, RequestInit];
  return { url, init, headers: init.headers as Record<string, string> };
};

describe('admin API client', () => {
  it('reads the summary with the ID token as Bearer', async () => {
    const fetchImpl = json(200, inboxSummary);
    await expect(fetchSummary({ token: 'id-token', fetchImpl })).resolves.toEqual(inboxSummary);
    const { url, headers } = callOf(fetchImpl);
    expect(url).toBe('/api/admin/summary');
    expect(headers.Authorization).toBe('Bearer id-token');
  });

  it('asks for a page with the search and cursor, leaving out what is empty', async () => {
    const page = { items: [failedContact, deliveredContact], nextCursor: 'abc_123' };
    const fetchImpl = json(200, page);
    await expect(fetchPage('contact', { q: 'asha rao', cursor: 'abc_123', limit: 25 }, { token: 't', fetchImpl })).resolves.toEqual(page);
    expect(callOf(fetchImpl).url).toBe('/api/admin/contact?q=asha+rao&cursor=abc_123&limit=25');

    const first = json(200, { items: [paidOrder], nextCursor: null });
    await fetchPage('orders', { q: '', cursor: null }, { token: 't', fetchImpl: first });
    expect(callOf(first).url).toBe('/api/admin/orders');
  });

  it('refuses a page whose rows are not the tab’s rows', async () => {
    const fetchImpl = json(200, { items: [paidOrder], nextCursor: null });
    const error = await fetchPage('contact', {}, { token: 't', fetchImpl }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('invalid_response');
  });

  it('keeps 401 and 403 (not_staff) as ApiErrors with their status, which the machine tells apart', async () => {
    const signedOut = json(401, errorEnvelope('unauthorized', 'Sign in to continue.'));
    await expect(fetchSummary({ token: 't', fetchImpl: signedOut })).rejects.toMatchObject({
      status: 401,
      message: 'Sign in to continue.',
    });
    const notStaff = json(403, errorEnvelope('not_staff', 'This page is for GrowthPath staff.'));
    await expect(fetchSummary({ token: 't', fetchImpl: notStaff })).rejects.toMatchObject({ status: 403, code: 'not_staff' });
  });

  it('patches a lead with the update and reads the updated row', async () => {
    const updated = { ...failedContact, status: 'contacted', staffNote: 'Called.' };
    const fetchImpl = json(200, updated);
    await expect(updateLead('contact', 'c/1', { status: 'contacted', staffNote: 'Called.' }, { token: 't', fetchImpl })).resolves.toEqual(
      updated,
    );
    const { url, init } = callOf(fetchImpl);
    expect(url).toBe('/api/admin/leads/contact/c%2F1');
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(init.body as string)).toEqual({ status: 'contacted', staffNote: 'Called.' });
  });

  it('a note another member of staff changed meanwhile rejects with the lead as it now is, checked like any row', async () => {
    const theirs = { ...failedContact, staffNote: 'Priya: callback on Friday.' };
    const refused = json(409, errorEnvelope(noteChanged.code, noteChanged.message, { current: theirs }));
    const update = { staffNote: 'Sent the proposal.', staffNoteBefore: '' };
    const error = (await updateLead('contact', 'c1', update, { token: 't', fetchImpl: refused }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: noteChanged.code, message: noteChanged.message, current: theirs });
    // A lead the client cannot read is dropped: the refusal stays, without a row to show, and asks for a reload.
    const garbled = json(409, errorEnvelope(noteChanged.code, noteChanged.message, { current: { id: 1 } }));
    const plain = (await updateLead('contact', 'c1', update, { token: 't', fetchImpl: garbled }).catch((e: unknown) => e)) as ApiError;
    expect(plain).toMatchObject({ status: 409, code: noteChanged.code, message: noteChanged.messageWithoutLead, current: undefined });
  });

  it('retries a forward with POST and reads the contact row; a 409 is an ApiError', async () => {
    const fetchImpl = json(200, deliveredContact);
    await expect(retryForward('c1', { token: 't', fetchImpl })).resolves.toEqual(deliveredContact);
    expect(callOf(fetchImpl).url).toBe('/api/admin/contact/c1/retry-forward');
    expect(callOf(fetchImpl).init.method).toBe('POST');
    const conflict = json(409, errorEnvelope('not_retryable', 'This message is not waiting to be forwarded.'));
    await expect(retryForward('c1', { token: 't', fetchImpl: conflict })).rejects.toMatchObject({ status: 409 });
  });

  it('downloads the CSV with the token and saves it under the server’s file name', async () => {
    const csv = 'Received,Name\r\n2025-03-03,Asha Rao\r\n';
    const fetchImpl = answer(200, csv, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="contact-2025-03-04.csv"',
      'X-Export-Truncated': 'true',
    });
    const save = vi.fn();
    await expect(downloadCsv('contact', 'asha', { token: 't', fetchImpl, save })).resolves.toEqual({
      fileName: 'contact-2025-03-04.csv',
      truncated: true,
    });
    const { url, headers } = callOf(fetchImpl);
    expect(url).toBe('/api/admin/contact/export.csv?q=asha');
    expect(headers).toMatchObject({ Authorization: 'Bearer t', Accept: 'text/csv' });
    const [blob, name] = save.mock.calls[0]! as [Blob, string];
    expect(name).toBe('contact-2025-03-04.csv');
    expect(await blob.text()).toBe(csv);
  });

  it('a refused export saves nothing', async () => {
    const save = vi.fn();
    const fetchImpl = json(403, errorEnvelope('not_staff', 'This page is for GrowthPath staff.'));
    await expect(downloadCsv('orders', '', { token: 't', fetchImpl, save })).rejects.toMatchObject({ status: 403 });
    expect(save).not.toHaveBeenCalled();
  });

  it('takes the file name from Content-Disposition, never a path', () => {
    expect(fileNameOf('attachment; filename="orders.csv"', 'x.csv')).toBe('orders.csv');
    expect(fileNameOf("attachment; filename*=UTF-8''chat%20leads.csv", 'x.csv')).toBe('chat leads.csv');
    expect(fileNameOf('attachment; filename=quiz.csv', 'x.csv')).toBe('quiz.csv');
    expect(fileNameOf('attachment; filename="../../etc/passwd"', 'x.csv')).toBe('x.csv');
    expect(fileNameOf(null, 'contact.csv')).toBe('contact.csv');
  });
});
