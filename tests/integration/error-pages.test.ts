// Error pages keep the site around them: an unknown address,
// a refusal and an id that can name nothing answer with their real status and
// status text, inside the site's shell: the navbar in the asker's state, the
// site title in the document title and the footer, a friendly message and a way
// home. On /api the same answers are JSON. Nothing of this is ever a 500.
import { describe, expect, it } from "vitest";
import { env } from "~/env.server";
import { cookieFor, makeMember } from "../support/members";
import { insertPhoto } from "../support/photos";
import { insertMeeting } from "../support/meetings";
import { useHttpApp } from "../support/http-app";

const site = useHttpApp();

const TOO_LARGE = "99999999999"; // past PostgreSQL's integer
const NOT_IDS = [TOO_LARGE, "2147483648", "abc", "-1", "0", "1e3", "01", "1.5"];

async function get(path: string, cookie?: string) {
  const response = await fetch(`${site.url}${path}`, {
    headers: cookie ? { Cookie: cookie } : {},
    redirect: "manual",
  });
  return { status: response.status, statusText: response.statusText, body: await response.text(), response };
}

/** The parts of the shell every page has: the navbar, the footer and the document title. */
function expectShell(html: string, title: string) {
  const siteTitle = env().SITE_TITLE;
  expect(html).toContain(`<title>${title} - ${siteTitle}</title>`);
  expect(html).toMatch(/<nav[^>]*aria-label="Main"/);
  expect(html).toMatch(new RegExp(`<footer[^>]*>[^<]*©[^<]*${new Date().getFullYear()}[^<]*${siteTitle}`));
  expect(html).toContain('href="/"');
  expect(html).not.toContain("Unexpected Application Error");
  expect(html).not.toContain("Internal Server Error");
}

async function expectNotFoundPage(path: string, cookie?: string) {
  const answer = await get(path, cookie);
  expect(answer.status, path).toBe(404);
  expect(answer.statusText, path).toBe("Not Found");
  expectShell(answer.body, "Not found");
  expect(answer.body).toContain("Back to the home page");
  return answer.body;
}

async function memberCookie(options: { isAdmin?: boolean; firstName?: string } = {}) {
  const member = await makeMember(options);
  return { member, cookie: await cookieFor(member.id) };
}

describe("an unknown address", () => {
  it("is a 404 'Not found' in the shell, with the visitor's navbar", async () => {
    const html = await expectNotFoundPage("/no/such/page");
    expect(html).toContain('href="/login"');
    expect(html).toContain("There is nothing at this address.");
  });

  it("keeps the logged-in member's navbar", async () => {
    const { cookie } = await memberCookie({ firstName: "Nadia" });
    const html = await expectNotFoundPage("/nothing-here", cookie);
    expect(html).toMatch(/Hi, (<!-- -->)?Nadia/);
    expect(html).toContain('href="/meetings"');
    expect(html).not.toContain('href="/login"');
  });

  it("answers JSON on /api", async () => {
    const answer = await get("/api/no/such/thing");
    expect(answer.status).toBe(404);
    expect(answer.statusText).toBe("Not Found");
    expect(answer.response.headers.get("content-type")).toMatch(/application\/json/);
    expect(JSON.parse(answer.body)).toEqual({ message: "Not Found" });
  });
});

describe("a refusal", () => {
  it("is a 403 that says the member is not allowed, in the shell", async () => {
    const { cookie } = await memberCookie({ firstName: "Otto" });
    const { member: other } = await memberCookie();
    const answer = await get(`/members/${other.username}/edit`, cookie);
    expect(answer.status).toBe(403);
    expect(answer.statusText).toBe("Forbidden");
    expectShell(answer.body, "Not allowed");
    expect(answer.body).toContain("You may only edit your own profile.");
    expect(answer.body).toMatch(/Hi, (<!-- -->)?Otto/);
  });
});

describe("an id that can name nothing", () => {
  it("is a 404 page on every page that reads an id", async () => {
    const { member, cookie } = await memberCookie();
    const { cookie: adminCookie } = await memberCookie({ isAdmin: true });
    const photo = await insertPhoto(member.id);
    const meeting = await insertMeeting();
    for (const id of NOT_IDS) {
      const pages = [
        `/browse/${id}`,
        `/comments/${id}`,
        `/members/${member.username}/all/${id}`,
        `/meetings/${id}`,
        `/meetings/${meeting.id}/${id}`,
        `/meetings/${id}/upload`,
      ];
      for (const path of pages) await expectNotFoundPage(path, cookie);
      for (const path of [`/meetings/${id}/edit`, `/meetings/templates/${id}/edit`, `/admin/members/${id}`])
        await expectNotFoundPage(path, adminCookie);
      const calendar = await get(`/meetings/${id}/calendar.ics`, cookie);
      expect(calendar.status, `calendar ${id}`).toBe(404);
      const media = await get(`/media/photos/${id}/thumb`, cookie);
      expect(media.status, `media ${id}`).toBe(404);
    }
    // The photo itself is still found, so the 404s above are the ids' doing.
    expect((await get(`/browse/${photo.id}`, cookie)).status).toBe(200);
  });

  it("is a 404 page for a template id in the new meeting's query", async () => {
    const { cookie } = await memberCookie({ isAdmin: true });
    for (const id of [TOO_LARGE, "abc", "-1"])
      await expectNotFoundPage(`/meetings/new?meetingTemplateId=${id}`, cookie);
  });

  it("is a JSON 404 on every /api route with an id", async () => {
    const { member, cookie } = await memberCookie();
    for (const id of NOT_IDS) {
      const paths = [
        `/api/photos/${id}`,
        `/api/photos/${id}/rate`,
        `/api/photos/${id}/feature`,
        `/api/photos/features/${id}/2024`,
        `/api/users/${id}`,
        `/api/meetings/${id}`,
        `/api/meetings/${id}/submissions`,
        `/api/meetings/1/submissions/${id}`,
        `/api/meetings/templates/${id}`,
        `/api/comments/${id}`,
      ];
      for (const path of paths) {
        const answer = await get(path, cookie);
        // Routes without GET answer 405 before reading the id; none may answer 500.
        expect([404, 405], `${path}: ${answer.status}`).toContain(answer.status);
        expect(answer.response.headers.get("content-type"), path).toMatch(/application\/json/);
        if (answer.status === 404) expect(answer.statusText).toBe("Not Found");
      }
    }
    const photo = await get(`/api/photos/${TOO_LARGE}`, cookie);
    expect(JSON.parse(photo.body)).toEqual({ message: expect.stringMatching(/not found/i) });
    // A query's id past the database's range is refused as input (422), never a 500.
    const query = await get(`/api/photos?userId=${TOO_LARGE}`, cookie);
    expect(query.status).toBe(422);
    expect((await get(`/api/photos?userId=${member.id}`, cookie)).status).toBe(200);
  });
});

describe("a name or token that names nothing", () => {
  it("is a 404 page (or the page's own words), never a 500, however long or odd", async () => {
    const { cookie } = await memberCookie({ isAdmin: true });
    const odd = ["x".repeat(5000), "%00", "..%2F..%2Fetc", "%F0%9F%93%B7", "a b"];
    for (const value of odd) {
      for (const path of [
        `/members/${value}`,
        `/members/${value}/edit`,
        `/members/${value}/all`,
        `/admin/members/${value}`,
        `/invites/${value}`,
        `/passwords/reset/${value}`,
        `/setup/${value}`,
        `/calendar/${value}.ics`,
        `/media/pictures/${value}/small`,
      ]) {
        let answer = await get(path, cookie);
        // /members/{username} sends members on to the gallery, which then answers.
        const location = answer.response.headers.get("location");
        if (answer.status === 302 && location) answer = await get(location, cookie);
        expect([400, 404, 410], `${path.slice(0, 80)}: ${answer.status}`).toContain(answer.status);
      }
    }
  });
});

describe("a year that is not a plausible year", () => {
  it("is a 404 in a gallery and on the API", async () => {
    const { member, cookie } = await memberCookie();
    for (const year of ["0000", "0999", "1000", "9999", "abcd", "20244"]) {
      await expectNotFoundPage(`/members/${member.username}/${year}`);
      await expectNotFoundPage(`/members/${member.username}/${year}`, cookie);
      const api = await get(`/api/photos/features/${member.id}/${year}`, cookie);
      expect([404, 405], `${year}: ${api.status}`).toContain(api.status);
    }
    const thisYear = new Date().getFullYear();
    expect((await get(`/members/${member.username}/${thisYear}`, cookie)).status).toBe(200);
  });

  it("is refused in an /api query, never a 500", async () => {
    const { member, cookie } = await memberCookie();
    const answer = await get(`/api/photos?userId=${member.id}&year=0000`, cookie);
    expect(answer.status).toBe(422);
  });
});
