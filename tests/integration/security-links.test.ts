// Links from BASE_URL, not from the request (docs/security.md):
// every absolute URL the site writes (the API's paging links, the direct upload's
// target, the e-mailed reset and invite links, the calendar feeds) names the
// site's own origin, whatever Host a client sends and whatever X-Forwarded-Host
// it adds without a proxy TRUST_PROXY names. A trusted proxy's forwarded host
// names the links of the answer it forwards, never an e-mail's.
import { describe, expect, it } from "vitest";
import { calendarFeedUrl } from "~/services/meetings/calendar.server";
import { useMailCatcher } from "../support/club-mail";
import { rawRequest, useHttpApp, type RawResponse } from "../support/http-app";
import { linksIn } from "../support/mail";
import { hoursFromNow, insertMeeting } from "../support/meetings";
import { cookieFor, makeMember } from "../support/members";

const mail = useMailCatcher();
const site = useHttpApp();

/** BASE_URL in the tests (tests/support/vitest-setup.ts). */
const OWN = "http://club.test";

type Send = { method?: string; headers?: Record<string, string>; cookie?: string; json?: unknown };

function send(base: string, path: string, { method = "GET", headers = {}, cookie, json }: Send = {}) {
  const body = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
  return rawRequest(`${base}${path}`, {
    method,
    headers: {
      ...headers,
      ...(cookie ? { Cookie: cookie } : {}),
      ...(body ? { "Content-Type": "application/json" } : {}),
    },
    body,
    declaredLength: body?.length,
  });
}

/** The URLs of a Link header. */
function linkTargets(answer: RawResponse): string[] {
  const header = answer.headers.link;
  expect(typeof header).toBe("string");
  return [...(header as string).matchAll(/<([^>]+)>/g)].map((match) => match[1]!);
}

/** Every absolute URL in an iCalendar text (its long lines unfolded first). */
function calendarUrls(text: string): string[] {
  return text.replace(/\r\n[ \t]/g, "").match(/https?:\/\/[^\s\\;,]+/g) ?? [];
}

async function mailedLinks(email: string, since: number, kind: string) {
  const links = linksIn(await mail.waitForMail(email, { since })).filter((link) => link.includes(kind));
  expect(links.length).toBeGreaterThan(0);
  return links;
}

const forgeries: [string, Record<string, string>][] = [
  ["a forged Host", { Host: "evil.example" }],
  [
    "X-Forwarded-Host from a client no TRUST_PROXY names",
    { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" },
  ],
];

describe.each(forgeries)("with %s, the site's own origin names", (_, forged) => {
  it("every paging link of /api/photos, /api/comments and /api/meetings", async () => {
    const cookie = await cookieFor((await makeMember()).id);
    for (const path of ["/api/photos", "/api/photos?sort=takenAt", "/api/comments", "/api/meetings"]) {
      const answer = await send(site.url, path, { headers: forged, cookie });
      expect([path, answer.status]).toEqual([path, 200]);
      const targets = linkTargets(answer);
      expect(targets.length).toBeGreaterThan(0);
      for (const target of targets) {
        expect([new URL(target).origin, new URL(target).pathname]).toEqual([OWN, path.split("?")[0]]);
      }
    }
  });

  it("the direct upload's target", async () => {
    const cookie = await cookieFor((await makeMember()).id);
    const blob = { filename: "street.jpg", content_type: "image/jpeg", byte_size: 1000 };
    const answer = await send(site.url, "/api/assets", { method: "POST", headers: forged, cookie, json: { blob } });
    expect(answer.status).toBe(201);
    const url = (JSON.parse(answer.body) as { direct_upload: { url: string } }).direct_upload.url;
    expect(new URL(url).origin).toBe(OWN);
    expect(new URL(url).pathname).toMatch(/^\/uploads\/./);
  });

  it("the e-mailed reset and invite links", async () => {
    const member = await makeMember();
    let since = mail.messages.length;
    const reset = await send(site.url, "/api/passwords", {
      method: "POST",
      headers: forged,
      json: { email: member.email },
    });
    expect(reset.status).toBe(200);
    for (const link of await mailedLinks(member.email, since, "/passwords/reset/"))
      expect(new URL(link).origin).toBe(OWN);

    const admin = await makeMember({ isAdmin: true });
    const email = `invited-${crypto.randomUUID()}@example.com`;
    since = mail.messages.length;
    const invite = await send(site.url, "/api/invites", {
      method: "POST",
      headers: forged,
      cookie: await cookieFor(admin.id),
      json: { firstName: "Garry", lastName: "Winogrand", email },
    });
    expect(invite.status).toBe(201);
    for (const link of await mailedLinks(email, since, "/invites/")) expect(new URL(link).origin).toBe(OWN);
  });

  it("every address in a member's calendar feed and in a meeting's calendar file", async () => {
    const member = await makeMember();
    const meeting = await insertMeeting({ startsAt: hoursFromNow(48), topic: "Shadows" });
    const feed = await send(site.url, new URL(await calendarFeedUrl(member)).pathname, { headers: forged });
    const file = await send(site.url, `/meetings/${meeting.id}/calendar.ics`, {
      headers: forged,
      cookie: await cookieFor(member.id),
    });
    for (const answer of [feed, file]) {
      expect(answer.status).toBe(200);
      expect(answer.body).not.toContain("evil.example");
      const urls = calendarUrls(answer.body);
      expect(urls).toContain(`${OWN}/meetings/${meeting.id}`);
      for (const url of urls) expect(new URL(url).origin).toBe(OWN);
    }
  });
});

describe("behind a proxy TRUST_PROXY names", () => {
  it("its forwarded host names the links of the answer it forwards, never an e-mail's; a Host alone never does", async () => {
    const proxied = await site.serve({ TRUST_PROXY: "loopback" });
    try {
      const forwarded = { "X-Forwarded-Host": "club.example.org", "X-Forwarded-Proto": "https" };
      const paged = await send(proxied.url, "/api/photos", { headers: forwarded });
      expect(linkTargets(paged)[0]).toBe("https://club.example.org/api/photos?page=1");
      const hostOnly = await send(proxied.url, "/api/photos", { headers: { Host: "evil.example" } });
      expect(linkTargets(hostOnly)[0]).toBe(`${OWN}/api/photos?page=1`);

      const member = await makeMember();
      const since = mail.messages.length;
      const reset = await send(proxied.url, "/api/passwords", {
        method: "POST",
        headers: { ...forwarded, "X-Forwarded-Host": "evil.example" },
        json: { email: member.email },
      });
      expect(reset.status).toBe(200);
      for (const link of await mailedLinks(member.email, since, "/passwords/reset/")) {
        expect(new URL(link).origin).toBe(OWN);
      }
    } finally {
      await proxied.close();
    }
  });
});
