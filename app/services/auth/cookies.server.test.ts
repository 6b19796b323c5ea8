import { describe, expect, it } from "vitest";
import { clubCookie } from "./cookies.server";

const secret = "s".repeat(40);

describe("clubCookie", () => {
  it("is httpOnly, SameSite=Lax and Secure in production", async () => {
    const cookie = clubCookie("__session", 60, () => ({ NODE_ENV: "production", SESSION_SECRET: secret }));
    const header = await cookie().serialize("abc");
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Secure/);
    expect(header).toMatch(/Max-Age=60/);
  });

  it("is not Secure outside production, so http://localhost works", async () => {
    const cookie = clubCookie("__session", 60, () => ({ NODE_ENV: "development", SESSION_SECRET: secret }));
    expect(await cookie().serialize("abc")).not.toMatch(/Secure/);
  });

  it("refuses a value signed with another secret", async () => {
    const ours = clubCookie("__session", 60, () => ({ NODE_ENV: "development", SESSION_SECRET: secret }));
    const theirs = clubCookie("__session", 60, () => ({ NODE_ENV: "development", SESSION_SECRET: "t".repeat(40) }));
    const forged = (await theirs().serialize("abc")).split(";")[0]!;
    expect(await ours().parse(forged)).toBeNull();
    expect(await ours().parse((await ours().serialize("abc")).split(";")[0]!)).toBe("abc");
  });
});
