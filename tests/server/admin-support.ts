import { randomUUID } from 'node:crypto';
import type { Auth } from 'firebase-admin/auth';
import { STAFF_CLAIM } from '../../src/domain/admin';

/** Shared by the admin test files: emulator users with or without the staff claim, and a CSV reader. */

/** A fresh emulator user and an ID token the emulator issued, carrying the staff claim when asked. */
export async function emulatorUser(admin: Auth, emulatorHost: string, { staff }: { staff: boolean }) {
  const email = `staff.${randomUUID()}@example.in`;
  const user = await admin.createUser({ email, password: 'correct-horse' });
  if (staff) await admin.setCustomUserClaims(user.uid, { [STAFF_CLAIM]: true });
  const response = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct-horse', returnSecureToken: true }),
  });
  const json = (await response.json()) as { idToken?: string };
  if (!json.idToken) throw new Error(`emulator refused the sign-in: ${JSON.stringify(json)}`);
  return { uid: user.uid, email, token: json.idToken };
}

/** RFC 4180, as the export writes it: quoted cells may hold commas, quotes (doubled) and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) throw new Error('the CSV does not end with a line break');
  return rows;
}
