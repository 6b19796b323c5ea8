// A spec's own club server, declared once: `useClubServer({ name, members })`
// adds the beforeAll that starts the server (members made with the operator
// command before it starts) and the afterAll that stops it, so each spec does
// not repeat the same hooks. The handle it returns is the server itself once
// beforeAll has run: read it inside tests and hooks, never at the top level.
import { test } from "./fixtures";
import {
  createMembers,
  SERVER_START_TIMEOUT,
  startClubServer,
  type ClubServer,
  type ClubServerOptions,
  type MemberDetails,
} from "./club-server";

export interface UseClubServerOptions extends Omit<ClubServerOptions, "env" | "beforeStart"> {
  /** Written to its database (createMembers) before the server starts. */
  members?: MemberDetails[];
  /**
   * Extra environment for the server; a function runs in the beforeAll, so a
   * mail catcher or s3rver started there can hand over its address.
   */
  env?: Record<string, string> | (() => Promise<Record<string, string>> | Record<string, string>);
  /** Runs after the members are made and before the server starts, with their ids in `members` order. */
  beforeStart?: (databaseUrl: string, memberIds: number[]) => Promise<void>;
}

/** Starts a club server for this spec file's tests and stops it after them; returns the server. */
export function useClubServer(options: UseClubServerOptions): ClubServer {
  const { members = [], env, beforeStart, ...serverOptions } = options;
  let current: ClubServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(SERVER_START_TIMEOUT);
    current = await startClubServer({
      ...serverOptions,
      env: typeof env === "function" ? await env() : env,
      beforeStart: async (databaseUrl) => {
        const ids = members.length > 0 ? await createMembers(databaseUrl, members) : [];
        await beforeStart?.(databaseUrl, ids);
      },
    });
  });

  test.afterAll(async () => {
    await current?.stop();
  });

  return new Proxy({} as ClubServer, {
    get(_, key) {
      if (!current)
        throw new Error(`The club server '${options.name}' is not running (read it inside tests and hooks).`);
      return Reflect.get(current, key);
    },
  });
}
