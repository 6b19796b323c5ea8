// Route guards (spec section 2), used by every loader and action that needs
// them. Pages are redirected; /api calls get JSON 401/403.
import { redirect } from "react-router";
import type { Member } from "~/services/auth/session.server";
import { isApiRequest, jsonError } from "~/server/http.server";
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

/** The logged-in member, or: a page goes to /login (remembering where it was), the API answers 401. */
export async function requireMember(request: Request): Promise<Member> {
  const member = await currentMember(request);
  if (member) return member;
  throw isApiRequest(request) ? jsonError(401, "Please log in.") : loginRedirect(request);
}

/** An admin, or: a visitor is treated as in requireMember, a member goes to / (the API answers 403). */
export async function requireAdmin(request: Request): Promise<Member> {
  const member = await requireMember(request);
  if (member.isAdmin) return member;
  throw isApiRequest(request) ? jsonError(403, "Only admins may do that.") : redirect("/");
}

/** Pages only for visitors (log in, sign up): a logged-in member is sent on at once. */
export async function requireVisitor(request: Request, to = "/") {
  if (await currentMember(request)) throw redirect(to);
}
