import { describe, expect, it, vi } from "vitest";
import { ApiError, apiFetch, loginLocation } from "./api-client";

function fakeBrowser(response: Response, where = { pathname: "/meetings/3", search: "?page=2" }) {
  return { fetch: vi.fn(async () => response), location: { ...where, assign: vi.fn() } };
}

describe("apiFetch", () => {
  it("sends the browser to /login, remembering where it was, on any 401", async () => {
    const browser = fakeBrowser(Response.json({ message: "Please log in." }, { status: 401 }));
    await expect(apiFetch("/api/meetings/3", {}, browser)).rejects.toMatchObject({ status: 401 });
    expect(browser.location.assign).toHaveBeenCalledWith("/login?from=%2Fmeetings%2F3%3Fpage%3D2");
  });

  it("sends JSON with the Accept header and returns the parsed body", async () => {
    const browser = fakeBrowser(Response.json({ id: 7 }));
    expect(await apiFetch("/api/photos/7/rate", { method: "POST", json: { value: 4 } }, browser)).toEqual({ id: 7 });
    const [, init] = browser.fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).get("Accept")).toBe("application/json");
    expect(new Headers(init.headers).get("Content-Type")).toBe("application/json");
    expect(init.body).toBe('{"value":4}');
    expect(browser.location.assign).not.toHaveBeenCalled();
  });

  it("throws the API's message for other failures, without leaving the page", async () => {
    const browser = fakeBrowser(Response.json({ message: "Only admins may do that." }, { status: 403 }));
    const error = await apiFetch("/api/invites", {}, browser).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe("Only admins may do that.");
    expect(browser.location.assign).not.toHaveBeenCalled();
  });

  it("returns nothing for 204", async () => {
    expect(await apiFetch("/api/users/me", {}, fakeBrowser(new Response(null, { status: 204 })))).toBeUndefined();
  });
});

describe("loginLocation", () => {
  it("omits 'from' for the home page", () => {
    expect(loginLocation({ pathname: "/", search: "" })).toBe("/login");
  });
});
