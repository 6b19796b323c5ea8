// What every operator command (npm run user:create, backup, restore) does the
// same way: stop with one clear line, and read the site's settings. Commands
// print with console, not the site's log: what they print is their answer to the
// operator at the terminal (eslint's no-console covers server code only).
import { connect, type DatabaseHandle } from "@db/client.server";
import { EnvError, parseEnv, type Env } from "~/env.server";

/** Prints `message` and exits 1: a command's refusal is one clear line, never a stack. */
export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/**
 * The club's database for a command that reads or writes whole tables (backup,
 * restore): without the pages' statement limit, which such a statement may pass.
 */
export function connectForWholeTables(env: Env, options: { exclusive?: boolean } = {}): Promise<DatabaseHandle> {
  return connect({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    // The embedded server: joined while the site runs, unless the command needs the site stopped.
    exclusive: options.exclusive,
    connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    queryTimeoutMs: 0,
  });
}

/** The site's settings from the environment, as the server reads them; bad ones stop the command. */
export function commandEnv(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) fail(error.message);
    throw error;
  }
}
