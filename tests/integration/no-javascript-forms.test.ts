// The photo forms as a browser without JavaScript sees them:
// the server-rendered page alone must carry everything a plain post needs, and
// the answers must make sense without a script: the edit form as a step of the
// address with its returnTo, a refused edit shown in the form, a saved one
// back on the page with the flash, and delete never in one click.
import { describe, expect, it } from "vitest";
import { cookieFor, makeMember } from "../support/members";
import { insertPhoto } from "../support/photos";
import { useHttpApp } from "../support/http-app";

const site = useHttpApp();

async function owner() {
  const member = await makeMember();
  const photo = await insertPhoto(member.id, { caption: "Before" });
  return { member, photo, cookie: await cookieFor(member.id) };
}

const page = async (path: string, cookie: string) =>
  (await fetch(`${site.url}${path}`, { headers: { Cookie: cookie }, redirect: "manual" })).text();

/** The <form> holding the given marker, as the server wrote it. */
function formAround(html: string, marker: string) {
  const at = html.indexOf(marker);
  expect(at, `no ${marker} on the page`).toBeGreaterThan(-1);
  const start = html.lastIndexOf("<form", at);
  return html.slice(start, html.indexOf("</form>", at) + 7);
}

const attribute = (tag: string, name: string) =>
  tag.match(new RegExp(`${name}="([^"]*)"`))?.[1]?.replace(/&amp;/g, "&");

function post(path: string, cookie: string, fields: Record<string, string>) {
  return fetch(`${site.url}${path}`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

describe("the photo edit form without JavaScript", () => {
  it("is a step of the address whose form posts back there with a returnTo", async () => {
    const { photo, cookie } = await owner();
    const detail = await page(`/browse/${photo.id}`, cookie);
    // Edit is a link to the step, not a button only a script could answer.
    expect(detail).toContain(`href="/browse/${photo.id}?editPhoto=${photo.id}"`);

    const step = await page(`/browse/${photo.id}?editPhoto=${photo.id}`, cookie);
    const form = formAround(step, 'name="intent" value="update"');
    expect(attribute(form, "method")).toBe("post");
    expect(attribute(form, "action")).toBe(`/browse/${photo.id}?editPhoto=${photo.id}`);
    expect(form).toContain(`name="returnTo" value="/browse/${photo.id}"`);
  });

  it("shows a refused edit in the form, and a saved one back on the page with 'Photo updated!'", async () => {
    const { photo, cookie } = await owner();
    const action = `/browse/${photo.id}?editPhoto=${photo.id}`;
    const fields = { intent: "update", photoId: String(photo.id), returnTo: `/browse/${photo.id}`, license: "ccby" };

    const refused = await post(action, cookie, { ...fields, caption: "After", acquireLicensePage: "ftp://x.test" });
    expect(refused.status).toBe(422);
    const html = await refused.text();
    expect(html).toContain("Acquire licence page must be a web address (http or https).");
    expect(formAround(html, 'name="intent" value="update"')).toContain('value="After"');

    const saved = await post(action, cookie, { ...fields, caption: "After" });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(`/browse/${photo.id}`);
    expect(saved.headers.get("set-cookie")).toMatch(/__flash=/);
    expect(await page(`/browse/${photo.id}`, cookie)).toContain("After");
  });
});

describe("deleting a photo without JavaScript", () => {
  it("is a link to a question, whose form alone deletes", async () => {
    const { photo, cookie } = await owner();
    const detail = await page(`/browse/${photo.id}`, cookie);
    expect(detail).not.toContain('name="intent" value="delete"');
    expect(detail).toContain(`href="/browse/${photo.id}?deletePhoto=${photo.id}"`);

    const step = await page(`/browse/${photo.id}?deletePhoto=${photo.id}`, cookie);
    expect(step).toContain("Are you sure you wish to delete this photo? This cannot be undone.");
    const form = formAround(step, 'name="intent" value="delete"');
    expect(form).toMatch(/name="returnTo" value="\/browse[^"]*"/);
  });
});

describe("a caption from the upload page's list without JavaScript", () => {
  it("saves the owner's caption and goes back with the flash; refuses another member and a caption too long", async () => {
    const { photo, cookie } = await owner();
    const upload = "/upload";
    const fields = { intent: "caption", photoId: String(photo.id), returnTo: upload };

    const saved = await post(`/browse/${photo.id}`, cookie, { ...fields, caption: "  Harbour at dusk " });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(upload);
    expect(saved.headers.get("set-cookie")).toMatch(/__flash=/);
    const stored = await (await fetch(`${site.url}/api/photos/${photo.id}`, { headers: { Cookie: cookie } })).json();
    expect(stored.caption).toBe("Harbour at dusk");

    // Someone else's photo: refused, the caption unchanged.
    const other = await cookieFor((await makeMember()).id);
    const refused = await post(`/browse/${photo.id}`, other, { ...fields, caption: "Mine now" });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const after = await (await fetch(`${site.url}/api/photos/${photo.id}`, { headers: { Cookie: cookie } })).json();
    expect(after.caption).toBe("Harbour at dusk");

    // Too long: 422 (the row shows the words typed with the reason: tests/e2e/touch-and-captions.spec.ts), unsaved.
    const long = "W".repeat(501);
    const tooLong = await post(`/browse/${photo.id}`, cookie, { ...fields, caption: long });
    expect(tooLong.status).toBe(422);
    const kept = await (await fetch(`${site.url}/api/photos/${photo.id}`, { headers: { Cookie: cookie } })).json();
    expect(kept.caption).toBe("Harbour at dusk");
  });
});
