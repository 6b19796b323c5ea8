import { apiRoute } from "~/server/api.server";
import { listTemplates } from "~/services/meetings/templates.server";

// GET /api/meetings/templates: the recurring meetings, each with the start of its next meeting.
export const { loader, action } = apiRoute({
  methods: ({ member }) => ({
    GET: member(({ member }) => listTemplates(member)),
  }),
});
