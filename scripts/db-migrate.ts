// npm run db:migrate: applies db/migrations to the configured database.
// (The server also applies them at start.)
import { connect } from "@db/client.server";
import { DatabaseInUseError } from "@db/data-dir-lock.server";
import { EnvError, parseEnv } from "~/env.server";

try {
  const env = parseEnv(process.env);
  const handle = await connect({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await handle.migrate();
    console.log(`Migrations applied (${handle.kind}).`);
  } finally {
    await handle.close();
  }
} catch (error) {
  if (error instanceof EnvError || error instanceof DatabaseInUseError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
