import { describe } from 'vitest';

/**
 * Which database the server tests run on. The scripts that start a PostgreSQL server (`npm run test:server:pg`,
 * through scripts/with-postgres.sh) name it in TEST_DATABASE_URL; the others (`npm run test:unit`,
 * `npm run test:server`) run on PGlite, the product's default database, and that is their choice, not a fault.
 */
export const testPostgresUrl = process.env.TEST_DATABASE_URL || undefined;

/**
 * Cases that only mean something on a PostgreSQL server (its pool, its going away, row locks between connections).
 * On PGlite they are reported as skipped under a title that says where they run; a PostgreSQL server that is named
 * but does not answer fails the file instead (openTestDatabase in ./support.ts).
 */
export function describeOnPostgres(title: string, body: () => void): void {
  describe.skipIf(!testPostgresUrl)(`${title} (PostgreSQL only: npm run test:server:pg)`, body);
}
