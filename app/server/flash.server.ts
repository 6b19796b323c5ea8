// One-time messages after a redirect ('Invite sent!'). The client also passes
// flashes through navigation state; this carries them across server redirects.
import { redirect } from "react-router";
import { clubCookie } from "~/services/auth/cookies.server";

const flashCookie = clubCookie("__flash", 60);

export async function redirectWithFlash(to: string, message: string, init?: { headers?: HeadersInit }) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await flashCookie().serialize(message));
  return redirect(to, { headers });
}

/** The pending flash message, and the Set-Cookie header that consumes it. */
export async function takeFlash(request: Request): Promise<{ message: string | null; setCookie: string | null }> {
  const message = await flashCookie().parse(request.headers.get("Cookie"));
  if (typeof message !== "string" || !message) return { message: null, setCookie: null };
  return { message, setCookie: await flashCookie().serialize("", { maxAge: 0 }) };
}
