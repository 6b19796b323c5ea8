import { CommentFeedQuerySchema, NewCommentSchema } from "~/lib/comment-schemas";
import { linkHeader } from "~/lib/paging";
import { apiRoute } from "~/server/api.server";
import { createComment, listComments } from "~/services/ratings/comments.server";

// GET /api/comments?page: every comment, newest first, each with its User and
// Photo; the other pages in the Link header.
// POST /api/comments {PhotoId, body}: a member's new comment (201).
const resource = apiRoute({
  methods: ({ member }) => ({
    GET: member({ query: CommentFeedQuerySchema }, async ({ member, query, url }) => {
      const result = await listComments(member, query);
      return Response.json(result.comments, {
        headers: { Link: linkHeader(url, result.page, result.pageCount), "X-Total-Count": String(result.total) },
      });
    }),
    POST: member({ body: NewCommentSchema }, async ({ member, body }) =>
      Response.json(await createComment(member, body), { status: 201 }),
    ),
  }),
});

export const loader = resource.loader;
export const action = resource.action;
