import type { Route } from "./+types/users";
import { apiHandler } from "~/server/http.server";
import { requireAdmin } from "~/server/guards.server";
import { currentMember } from "~/services/auth/session.server";
import { listMembers, memberJsonFor } from "~/services/members/members.server";

// GET /api/users[?showAll=true]: the directory as the viewer may see it;
// showAll (admins only) includes deactivated members.
export async function loader({ request }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const showAll = ["true", "1"].includes(new URL(request.url).searchParams.get("showAll") ?? "");
    const viewer = showAll ? await requireAdmin(request) : await currentMember(request);
    const members = await listMembers(viewer, { includeDeactivated: showAll });
    return Response.json(members.map((member) => memberJsonFor(viewer, member)));
  });
}
