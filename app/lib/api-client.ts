// The browser's way to call /api: JSON in and out, and any 401 sends the
// person to /login, remembering where they were.

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly body: unknown,
  ) {
    super(
      body && typeof body === "object" && "message" in body && typeof body.message === "string"
        ? body.message
        : `Request failed with status ${status}`,
    );
    this.name = "ApiError";
  }
}

export function loginLocation(current: { pathname: string; search: string }) {
  const from = `${current.pathname}${current.search}`;
  return from === "/" ? "/login" : `/login?${new URLSearchParams({ from })}`;
}

type ApiInit = Omit<RequestInit, "body"> & { json?: unknown; body?: BodyInit };

export async function apiFetch<T = unknown>(
  path: string,
  init: ApiInit = {},
  // Injected in tests; the browser's own in the app.
  browser: { fetch: typeof fetch; location: Pick<Location, "pathname" | "search" | "assign"> } = globalThis.window,
): Promise<T> {
  const { json, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set("Accept", "application/json");
  if (json !== undefined) headers.set("Content-Type", "application/json");
  const response = await browser.fetch(path, {
    ...rest,
    headers,
    credentials: "same-origin",
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  if (response.status === 401) {
    browser.location.assign(loginLocation(browser.location));
    throw new ApiError(401, await response.json().catch(() => null));
  }
  if (response.status === 204) return undefined as T;
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, body);
  return body as T;
}
