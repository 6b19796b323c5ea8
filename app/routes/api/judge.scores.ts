import { ScoreSchema } from "~/lib/judging";
import { apiRoute } from "~/server/api.server";
import { idParam, textParam } from "~/services/id-params.server";
import { ENTRY_NOT_FOUND_MESSAGE, saveScore } from "~/services/competitions/judging.server";
import { countJudgeRequest, JUDGE_LINK_NOT_FOUND_MESSAGE } from "~/services/competitions/judges.server";

// PUT /api/judge/{token}/scores/{photoId} {score, critique}: the judge scores an entry (1 to the
// competition's score out of) and writes its critique; saving again replaces both.
const resource = apiRoute({
  params: { token: textParam(JUDGE_LINK_NOT_FOUND_MESSAGE), photoId: idParam(ENTRY_NOT_FOUND_MESSAGE) },
  methods: ({ anyone }) => ({
    PUT: anyone({ body: ScoreSchema }, async ({ params, body, clientAddress }) => {
      await countJudgeRequest(clientAddress);
      return saveScore(params.token, params.photoId, body);
    }),
  }),
});

export const loader = resource.loader;
export const action = resource.action;
