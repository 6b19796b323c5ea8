import type { Route } from "./+types/auth.logout";
import { destroySession } from "~/services/auth/session.server";

// GET /api/auth/logout: ends the session; 204 either way.
export async function loader({ request }: Route.LoaderArgs) {
  return new Response(null, { status: 204, headers: { "Set-Cookie": await destroySession(request) } });
}
