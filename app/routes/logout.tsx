import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { destroySession } from "~/services/auth/session.server";

// Logging out changes state, so it is a POST (the navbar's Log out button).
export async function action({ request }: Route.ActionArgs) {
  return redirect("/", { headers: { "Set-Cookie": await destroySession(request) } });
}

export function loader() {
  return redirect("/");
}
