// Set-up through the site's own API, for specs whose subject is a screen, not
// how its data got there: logging a browser context in (its cookie jar is the
// context's), and uploading a camera file as a photo the way the drop zone
// does (announce, PUT the bytes where told, claim it as a photo).
import fs from "node:fs";
import path from "node:path";
import { expect, type APIRequestContext, type Browser, type BrowserContext } from "@playwright/test";
import { type MemberDetails } from "./club-server";
import { CAMERA_FIXTURES } from "../../fixtures/camera-files";

/** The real camera files (tests/fixtures/camera). */
export { CAMERA_FIXTURES };

async function ok<T>(response: Awaited<ReturnType<APIRequestContext["get"]>>, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what} answered ${response.status()}: ${await response.text()}`);
  return (await response.json().catch(() => null)) as T;
}

/** Logs the context in (POST /api/auth/login); its pages then carry the member's session. */
export async function logInContext(context: BrowserContext, member: Pick<MemberDetails, "username" | "password">) {
  const response = await context.request.post("/api/auth/login", {
    data: { email: member.username, password: member.password },
  });
  await ok(response, `Logging ${member.username} in`);
}

/** A new browser context on the club at `baseURL`, `width` px wide, logged in as `member`. */
export async function memberContext(
  browser: Browser,
  baseURL: string,
  member: Pick<MemberDetails, "username" | "password">,
  width = 1280,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  await logInContext(context, member);
  return context;
}

/** A JSON call of the API as the context's member; a refusal throws with its answer. */
export async function api<T>(
  context: BrowserContext,
  method: "get" | "post" | "put" | "patch" | "delete",
  path: string,
  data?: unknown,
): Promise<T> {
  return ok<T>(
    await context.request[method](path, data === undefined ? {} : { data }),
    `${method.toUpperCase()} ${path}`,
  );
}

export type UploadedPhoto = { id: number; filename: string; UserId: number };

/** Sends a camera file by the direct upload (announce, then PUT the bytes where told); returns its signed id. */
export async function uploadBytes(context: BrowserContext, file: string): Promise<string> {
  const bytes = fs.readFileSync(path.join(CAMERA_FIXTURES, file));
  const announced = await api<{ signed_id: string; direct_upload: { url: string; headers: Record<string, string> } }>(
    context,
    "post",
    "/api/assets",
    { blob: { filename: file, content_type: "image/jpeg", byte_size: bytes.length } },
  );
  const put = await context.request.put(announced.direct_upload.url, {
    headers: announced.direct_upload.headers,
    data: bytes,
  });
  if (!put.ok()) throw new Error(`Sending ${file} answered ${put.status()}: ${await put.text()}`);
  return announced.signed_id;
}

/**
 * Sends a camera file by the direct upload to the club at `baseURL` (a spec's
 * own server) as the request's member, expecting each answer; returns its signed id.
 */
export async function sendCameraFile(request: APIRequestContext, baseURL: string, file: string): Promise<string> {
  const bytes = fs.readFileSync(path.join(CAMERA_FIXTURES, file));
  const announced = await request.post(`${baseURL}/api/assets`, {
    data: { blob: { filename: file, content_type: "image/jpeg", byte_size: bytes.length } },
  });
  expect(announced.status()).toBe(201);
  const { signed_id, direct_upload } = await announced.json();
  const put = await request.put(direct_upload.url, { headers: direct_upload.headers, data: bytes });
  expect(put.status()).toBe(200);
  return signed_id;
}

/** Uploads a camera file as the context's member; returns the new photo. */
export async function uploadPhoto(context: BrowserContext, file = "Canon_40D.jpg"): Promise<UploadedPhoto> {
  return api<UploadedPhoto>(context, "post", "/api/photos", { filename: file, file: await uploadBytes(context, file) });
}

/** Uploads a camera file for a meeting (a photo and its submission). */
export async function submitToMeeting(context: BrowserContext, meetingId: number, file = "Nikon_D70.jpg") {
  return api<{ id: number; position: number; Photo: UploadedPhoto }>(
    context,
    "post",
    `/api/meetings/${meetingId}/submissions`,
    {
      filename: file,
      file: await uploadBytes(context, file),
    },
  );
}

/** A meeting three days ahead at 7 pm (upcoming, so members may submit to it), made by the request's admin; its id. */
export async function createUpcomingMeeting(
  request: APIRequestContext,
  baseURL: string,
  topic: string,
): Promise<number> {
  const day = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const created = await request.post(`${baseURL}/api/meetings`, { data: { startsAt: `${day}T19:00`, topic } });
  return (await ok<{ id: number }>(created, `Making the meeting '${topic}'`)).id;
}

/** Logs the member in on the club at `baseURL` with a plain fetch (no browser); the session's Cookie header. */
export async function sessionCookie(baseURL: string, member: Pick<MemberDetails, "username" | "password">) {
  const login = await fetch(`${baseURL}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ email: member.username, password: member.password }),
  });
  expect(login.status, `Logging ${member.username} in`).toBe(200);
  return login.headers.get("set-cookie")!.split(";")[0]!;
}
