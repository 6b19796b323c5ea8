// The presenter's screen's loader (/meetings/{id}/present):
// members only (a visitor is sent to log in), 404 for a meeting that does not
// exist, the meeting's photos in the order its page shows them, each with only
// what a shared screen shows; an anonymous meeting names nobody on it until it
// is revealed, the presenting member's own photo included (the screen is what
// the call sees). Over HTTP, the page is drawn without the site's navbar and
// footer, and its 404 inside them.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@db/client.server";
import { meetings } from "@db/schema";
import * as meetingPage from "~/routes/meetings/meeting";
import * as presentPage from "~/routes/meetings/present";
import { useHttpApp } from "../support/http-app";
import { insertMeeting, submitDirectly } from "../support/meetings";
import { cookieFor, makeMember, request } from "../support/members";
import { insertPhoto } from "../support/photos";
import { call } from "../support/routes";

type Slide = { id: number; caption: string | null; largeUrl: string | null; author: string | null };

/** A meeting with three photos by two members; `presenter` submitted one of them. */
async function meetingOfThree(values: Parameters<typeof insertMeeting>[0] = {}) {
  const presenter = await makeMember({ firstName: "Paula" });
  const other = await makeMember({ firstName: "Otto" });
  const meeting = await insertMeeting(values);
  await submitDirectly(meeting.id, await insertPhoto(presenter.id, { caption: "Rain on glass" }), 1);
  await submitDirectly(meeting.id, await insertPhoto(other.id, { caption: "Bus stop" }), 1);
  await submitDirectly(meeting.id, await insertPhoto(other.id), 2);
  return { meeting, presenter, other, cookie: await cookieFor(presenter.id) };
}

const present = (meetingId: number | string, cookie?: string) =>
  call(presentPage.loader, request(`/meetings/${meetingId}/present`, { cookie }), { meetingId: String(meetingId) });

describe("the presenter's screen's loader", () => {
  it("sends a visitor to log in and answers 404 for a meeting that does not exist", async () => {
    const { meeting, cookie } = await meetingOfThree();
    const visitor = await present(meeting.id);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe(
      `/login?from=${encodeURIComponent(`/meetings/${meeting.id}/present`)}`,
    );
    expect((await present("2147483000", cookie)).status).toBe(404);
    expect((await present("x1", cookie)).status).toBe(404);
  });

  it("gives a member the meeting's photos in its page's order, each with its image, caption and author", async () => {
    const { meeting, presenter, other, cookie } = await meetingOfThree();
    const response = await present(meeting.id, cookie);
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.meeting).toEqual({ id: meeting.id });
    expect(data.title).toBe("Night walk");
    const slides: Slide[] = data.slides;
    const pageData = await (
      await call(meetingPage.loader, request(`/meetings/${meeting.id}`, { cookie }), { meetingId: String(meeting.id) })
    ).json();
    expect(slides.map((slide) => slide.id)).toEqual(pageData.photoOrder);
    expect(slides.map((slide) => slide.caption).sort()).toEqual(["Bus stop", "Rain on glass", null].sort());
    const byCaption = (caption: string) => slides.find((slide) => slide.caption === caption)!;
    expect(byCaption("Rain on glass").author).toBe(`Paula ${presenter.lastName}`);
    expect(byCaption("Bus stop").author).toBe(`Otto ${other.lastName}`);
    expect(slides.every((slide) => slide.largeUrl?.startsWith(`/media/photos/${slide.id}/large?v=`))).toBe(true);
    // Nothing else of the photos: no ratings, notes, camera or member ids on a shared screen's data.
    expect(Object.keys(slides[0]!).sort()).toEqual(
      ["author", "caption", "entry", "height", "id", "largeUrl", "thumbUrl", "width"].sort(),
    );
    // A critique night's photo is no competition's entry.
    expect(slides.every((slide) => (slide as { entry?: unknown }).entry === null)).toBe(true);
  });

  it("names nobody in an anonymous meeting until it is revealed, not even the presenting member's own photo", async () => {
    const { meeting, presenter, cookie } = await meetingOfThree({ anonymous: true });
    const hidden: Slide[] = (await (await present(meeting.id, cookie)).json()).slides;
    expect(hidden).toHaveLength(3);
    expect(hidden.map((slide) => slide.author)).toEqual([null, null, null]);
    const body = JSON.stringify(hidden);
    expect(body).not.toContain(presenter.lastName);

    await db().update(meetings).set({ revealedAt: new Date() }).where(eq(meetings.id, meeting.id));
    const revealed: Slide[] = (await (await present(meeting.id, cookie)).json()).slides;
    expect(revealed.find((slide) => slide.caption === "Rain on glass")!.author).toBe(`Paula ${presenter.lastName}`);
    expect(revealed.every((slide) => slide.author !== null)).toBe(true);
  });
});

describe("the night's order through the reveal", () => {
  it("walks an anonymous meeting in the same order before and after the reveal, in either sort", async () => {
    // Four members with two photos each: the order by author and the night's order differ.
    const meeting = await insertMeeting({ anonymous: true });
    const authors = await Promise.all(["Ann", "Bo", "Cy", "Di"].map((firstName) => makeMember({ firstName })));
    for (const author of authors) {
      await submitDirectly(meeting.id, await insertPhoto(author.id), 1);
      await submitDirectly(meeting.id, await insertPhoto(author.id), 2);
    }
    const cookie = await cookieFor(authors[0]!.id);
    const order = async (sortCookie = "") => {
      const data = await (await present(meeting.id, `${cookie}${sortCookie}`)).json();
      return (data.slides as Slide[]).map((slide) => slide.id);
    };
    const pageOrder = async (sortCookie = "") =>
      (
        await (
          await call(meetingPage.loader, request(`/meetings/${meeting.id}`, { cookie: `${cookie}${sortCookie}` }), {
            meetingId: String(meeting.id),
          })
        ).json()
      ).photoOrder as number[];
    const night = await order();
    expect(night).toHaveLength(8);

    await db().update(meetings).set({ revealedAt: new Date() }).where(eq(meetings.id, meeting.id));
    // The screen, the viewer's previous/next and the pace all read this order: the third photo stays '3 / 8'.
    expect(await order()).toEqual(night);
    expect(await order("; sort=alphabetical")).toEqual(night);
    expect(await pageOrder()).toEqual(night);
    expect(await pageOrder("; sort=alphabetical")).toEqual(night);
  });
});

describe("the presenter's screen over HTTP", () => {
  const site = useHttpApp();

  it("is drawn without the site's navbar and footer; its 404 comes in the shell, with the way elsewhere", async () => {
    const { meeting, cookie } = await meetingOfThree();
    const response = await fetch(`${site.url}/meetings/${meeting.id}/present`, { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('class="presenter');
    expect(html).toContain(">1 / 3<");
    expect(html).toMatch(/<title>Presenting Night walk - [^<]+<\/title>/);
    expect(html).not.toContain('class="navbar');
    expect(html).not.toContain("<footer");

    const missing = await fetch(`${site.url}/meetings/2147483000/present`, { headers: { Cookie: cookie } });
    expect(missing.status).toBe(404);
    const notFound = await missing.text();
    expect(notFound).toContain('class="navbar');
    expect(notFound).toContain("<footer");
  });
});
