import { apiRoute } from "~/server/api.server";
import { textParam } from "~/services/id-params.server";
import { countJudgeRequest, judgingByToken, JUDGE_LINK_NOT_FOUND_MESSAGE } from "~/services/competitions/judges.server";
import { originalsResponse } from "~/services/competitions/originals-response.server";

// GET /api/judge/{token}/originals.zip: the judge downloads the entries' originals, streamed.
const resource = apiRoute({
  params: { token: textParam(JUDGE_LINK_NOT_FOUND_MESSAGE) },
  methods: ({ anyone }) => ({
    GET: anyone(async ({ params, clientAddress }) => {
      await countJudgeRequest(clientAddress);
      return originalsResponse((await judgingByToken(params.token)).meeting);
    }),
  }),
});

export const loader = resource.loader;
export const action = resource.action;
