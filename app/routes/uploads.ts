import { apiRoute } from "~/server/api.server";
import { textParam } from "~/services/id-params.server";
import { receiveLocalUpload } from "~/services/uploads/local-uploads.server";

// PUT /uploads/:token: the app's own signed, expiring upload endpoint, used in
// place of a presigned MinIO PUT when storage is the local disk. The token is
// the capability, as a presigned URL's signature is, so anyone holding it may
// send the bytes; the body is streamed by the service, not read as JSON.
const resource = apiRoute({
  params: { token: textParam() },
  methods: ({ anyone }) => ({
    PUT: anyone(async ({ request, params }) => {
      await receiveLocalUpload(params.token, request.body);
      return new Response(null, { status: 200 });
    }),
  }),
});

export const loader = resource.loader;
export const action = resource.action;
