import { defineConfig } from 'drizzle-kit';

// Migrations are generated from server/db/schema.ts (`npx drizzle-kit generate`) and applied by the server
// at start-up (server/db/migrate.ts), against PGlite or PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
  dbCredentials: { url: process.env.DATABASE_URL ?? 'postgres://localhost:5432/growth' },
});
