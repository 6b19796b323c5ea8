import { apiRoute } from "~/server/api.server";
import { listTemplates } from "~/services/meetings/templates.server";

// GET /api/meetings/templates: the recurring meetings, each with the start of its next meeting.
const resource = apiRoute({
  methods: ({ member }) => ({
    GET: member(({ member }) => listTemplates(member)),
  }),
});

export const loader = resource.loader;
export const action = resource.action;
