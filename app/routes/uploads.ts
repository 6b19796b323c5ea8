import type { Route } from "./+types/uploads";
import { apiHandler, jsonError } from "~/server/http.server";
import { receiveLocalUpload } from "~/services/uploads/assets.server";

// PUT /uploads/:token: the app's own signed, expiring upload endpoint, used in
// place of a presigned MinIO PUT when storage is the local disk. The token is
// the capability, as a presigned URL's signature is.
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "PUT") return jsonError(405, "Method Not Allowed");
  return apiHandler(async () => {
    await receiveLocalUpload(params.token, request.body);
    return new Response(null, { status: 200 });
  });
}

export const loader = () => jsonError(405, "Method Not Allowed");
