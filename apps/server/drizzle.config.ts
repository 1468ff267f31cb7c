import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
  // Named by time, not by count: the journal skips 0009, so a counted name would overwrite 0017's snapshot,
  // and two branches adding a migration never pick the same name.
  migrations: { prefix: 'timestamp' },
})
