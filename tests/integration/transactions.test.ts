// The transaction context (db/client.server.ts): services join their caller's
// transaction through db(), nested transactions join the outer one, and what
// must wait for the commit (events) waits for it.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { afterCommit, db, inTransaction, outsideTransaction, transaction } from "@db/client.server";
import { invites } from "@db/schema";
import { publish, subscribe } from "~/services/events.server";
import { makeMember } from "../support/members";

async function insertInvite(invitedById: number) {
  const id = crypto.randomBytes(16).toString("base64url");
  await db()
    .insert(invites)
    .values({ id, firstName: "Helen", lastName: "Levitt", email: `${id.toLowerCase()}@example.com`, invitedById });
  return id;
}

const exists = async (id: string) => (await db().select().from(invites).where(eq(invites.id, id))).length === 1;

describe("transaction(...)", () => {
  it("makes every db() call inside it, nested ones included, part of one transaction that rolls back as a whole", async () => {
    const admin = await makeMember({ isAdmin: true });
    let outer = "";
    let inner = "";
    await expect(
      transaction(async () => {
        outer = await insertInvite(admin.id);
        await transaction(async () => {
          inner = await insertInvite(admin.id);
        });
        expect(inTransaction()).toBe(true);
        // Inside, the writes are visible; to the pool they are not yet.
        expect(await exists(inner)).toBe(true);
        expect(await outsideTransaction(() => exists(inner))).toBe(false);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(inTransaction()).toBe(false);
    expect(await exists(outer)).toBe(false);
    expect(await exists(inner)).toBe(false);
  });

  it("commits when the work resolves", async () => {
    const admin = await makeMember({ isAdmin: true });
    const id = await transaction(() => insertInvite(admin.id));
    expect(await exists(id)).toBe(true);
  });
});

describe("afterCommit and events", () => {
  it("runs after the outermost commit, never on rollback, and at once outside a transaction", async () => {
    const ran: string[] = [];
    await transaction(async () => {
      await transaction(async () => afterCommit(() => ran.push("inner")));
      afterCommit(() => ran.push("outer"));
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(["inner", "outer"]);

    await transaction(async () => {
      afterCommit(() => ran.push("rolled back"));
      throw new Error("no");
    }).catch(() => {});
    expect(ran).not.toContain("rolled back");

    afterCommit(() => ran.push("now"));
    expect(ran.at(-1)).toBe("now");
  });

  it("publishes a service's event only once its transaction has committed", async () => {
    const heard: number[] = [];
    const stop = subscribe("sessions.ended", ({ userId }) => heard.push(userId));
    try {
      await transaction(async () => {
        publish("sessions.ended", { userId: 41 });
        expect(heard).toEqual([]);
      });
      expect(heard).toEqual([41]);
      await transaction(async () => {
        publish("sessions.ended", { userId: 42 });
        throw new Error("no");
      }).catch(() => {});
      expect(heard).toEqual([41]);
    } finally {
      stop();
    }
  });
});
