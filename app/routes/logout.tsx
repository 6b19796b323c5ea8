import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { destroySession } from "~/services/auth/session.server";
import { page } from "~/server/pages.server";

// Logging out changes state, so it is a POST (the navbar's Log out button).
export const action = page(async ({ request }: Route.ActionArgs) => {
  return redirect("/", { headers: { "Set-Cookie": await destroySession(request) } });
});

export const loader = page(async () => {
  return redirect("/");
});
