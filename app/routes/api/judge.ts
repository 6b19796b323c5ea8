import { apiRoute } from "~/server/api.server";
import { textParam } from "~/services/id-params.server";
import { judgingView } from "~/services/competitions/judging.server";
import { countJudgeRequest, JUDGE_LINK_NOT_FOUND_MESSAGE } from "~/services/competitions/judges.server";

// GET /api/judge/{token}: what the judge's link opens (no account): the competition's entries by
// category, numbered, without names, with the judge's scores so far. 404 for an unknown link, 410
// once the results are published; 429 past the link's throttle.
const resource = apiRoute({
  params: { token: textParam(JUDGE_LINK_NOT_FOUND_MESSAGE) },
  methods: ({ anyone }) => ({
    GET: anyone(async ({ params, clientAddress }) => {
      await countJudgeRequest(clientAddress);
      return judgingView(params.token);
    }),
  }),
});

export const loader = resource.loader;
export const action = resource.action;
