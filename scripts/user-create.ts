// npm run user:create -- --email E --username U --password P --first-name F --last-name L [--admin]
// Creates a member (the first admin of a new club is made this way) and prints its id.
import { parseArgs } from "node:util";
import { closeDatabase, openDatabase } from "@db/client.server";
import { DatabaseInUseError } from "@db/data-dir-lock.server";
import { NewMemberSchema } from "~/lib/account-schemas";
import { InvalidError } from "~/services/errors.server";
import { createMember } from "~/services/members/members.server";
import { commandEnv, fail } from "./command";

const usage =
  "Usage: npm run user:create -- --email E --username U --password P --first-name F --last-name L [--admin]";

let args;
try {
  args = parseArgs({
    options: {
      email: { type: "string" },
      username: { type: "string" },
      password: { type: "string" },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
      admin: { type: "boolean", default: false },
    },
    strict: true,
  }).values;
} catch (error) {
  fail(`${(error as Error).message}\n${usage}`);
}

const parsed = NewMemberSchema.safeParse({
  email: args.email,
  username: args.username,
  password: args.password,
  confirmPassword: args.password,
  firstName: args["first-name"],
  lastName: args["last-name"],
});
if (!parsed.success) {
  const optionOf: Record<string, string> = { firstName: "--first-name", lastName: "--last-name" };
  fail(
    parsed.error.issues
      .map((issue) => {
        const field = String(issue.path[0]);
        return `${optionOf[field] ?? `--${field}`}: ${issue.message}`;
      })
      .join("\n") + `\n${usage}`,
  );
}

const env = commandEnv();

let handle;
try {
  handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
} catch (error) {
  if (error instanceof DatabaseInUseError) fail(error.message);
  throw error;
}

try {
  await handle.migrate();
  const member = await createMember(parsed.data, { isAdmin: args.admin });
  // A plain string: console.log of a number is coloured when FORCE_COLOR is set, which breaks scripts.
  process.stdout.write(`${member.id}\n`);
} catch (error) {
  if (error instanceof InvalidError) {
    process.exitCode = 1;
    console.error(error.errors.map((e) => `--${e.path}: ${e.message}`).join("\n"));
  } else {
    process.exitCode = 1;
    console.error(`Could not create the member: ${(error as Error).message}`);
  }
} finally {
  await closeDatabase();
}
