import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` runs drizzle-kit, then embeds the SQL for the workers (no fs there).
export default defineConfig({
  dialect: 'turso',
  schema: './workers/apiserver/storage/schema.ts',
  out: './migrations',
});
