import type { Route } from "./+types/assets";
import { apiHandler, jsonError, readJson } from "~/server/http.server";
import { announceUpload } from "~/services/uploads/assets.server";
import { requireMember } from "~/server/guards.server";

// POST /api/assets {blob:{filename, content_type, byte_size}} -> signed_id, direct_upload {url, headers}.
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method Not Allowed");
  const member = await requireMember(request);
  return apiHandler(async () => {
    const upload = await announceUpload(member.id, await readJson(request), new URL(request.url).origin);
    return Response.json(upload, { status: 201 });
  });
}

export const loader = () => jsonError(405, "Method Not Allowed");
