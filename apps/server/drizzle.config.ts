import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/db/schema.ts',
    './src/db/schema-platform.ts',
    './src/db/schema-signer.ts',
    './src/db/schema-cap.ts',
    './src/db/schema-crt.ts',
  ],
  out: './drizzle',
});
