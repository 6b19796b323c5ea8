// Route guards for pages (docs/product.md, Who may open what): a visitor is redirected to /login,
// a member where admins only go to /. /api routes say who may call them in
// apiRoute (api.server.ts), which answers 401/403 as JSON.
import { redirect } from "react-router";
import type { Member } from "~/lib/member";
import { currentMember } from "~/services/auth/session.server";

/** Where the request was headed, without React Router's data-request suffix. */
export function originalLocation(request: Request) {
  const url = new URL(request.url);
  const pathname = url.pathname.replace(/\.data$/, "").replace(/\/_root$/, "") || "/";
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return `${pathname}${search ? `?${search}` : ""}`;
}

export function loginRedirect(request: Request) {
  const from = originalLocation(request);
  return redirect(from === "/" ? "/login" : `/login?${new URLSearchParams({ from })}`);
}

/** The logged-in member, or the page goes to /login (remembering where it was). */
export async function requireMember(request: Request): Promise<Member> {
  const member = await currentMember(request);
  if (member) return member;
  throw loginRedirect(request);
}

/** An admin, or: a visitor is treated as in requireMember, a member goes to /. */
export async function requireAdmin(request: Request): Promise<Member> {
  const member = await requireMember(request);
  if (member.isAdmin) return member;
  throw redirect("/");
}

/** Pages only for visitors (log in, sign up): a logged-in member is sent on at once. */
export async function requireVisitor(request: Request, to = "/") {
  if (await currentMember(request)) throw redirect(to);
}
