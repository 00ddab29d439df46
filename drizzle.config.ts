import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema and committed; the server applies them on start
// (PGlite and PostgreSQL run the very same SQL files).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
});
