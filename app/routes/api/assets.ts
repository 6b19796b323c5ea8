import { BlobSchema } from "~/lib/upload-schemas";
import { apiRoute } from "~/server/api.server";
import { announceUpload } from "~/services/uploads/assets.server";

// POST /api/assets {blob:{filename, content_type, byte_size}} -> signed_id, direct_upload {url, headers} (201).
const resource = apiRoute({
  methods: ({ member }) => ({
    POST: member({ body: BlobSchema }, async ({ member, body, url }) =>
      Response.json(await announceUpload(member.id, body, url.origin), { status: 201 }),
    ),
  }),
});

export const loader = resource.loader;
export const action = resource.action;
