import type { useFetcher } from "react-router";
import { afterEach, describe, expect, expectTypeOf, it } from "vitest";
import { logTo } from "~/base/logger.server";
import { ForbiddenError, NotFoundError } from "~/services/errors.server";
import type { PhotoFormReply } from "~/lib/photo-form-replies";
import { COMMENT_FAILED_MESSAGE, commentRefusal, type photoFormAction } from "./photo-forms.server";

type Answer = { data: unknown; init: ResponseInit | null };

afterEach(() => logTo(undefined, "warn"));

describe("commentRefusal", () => {
  it("answers a service's refusal with its message and status", () => {
    expect(
      commentRefusal(new ForbiddenError("You may only edit your own comments.")) as unknown as Answer,
    ).toMatchObject({ data: { error: "You may only edit your own comments." }, init: { status: 403 } });
    expect(commentRefusal(new NotFoundError("Comment not found.")) as unknown as Answer).toMatchObject({
      data: { error: "Comment not found." },
      init: { status: 404 },
    });
  });

  it("answers a failure nobody foresaw with a 500 for the modal, keeping its details in the log only", () => {
    const lines: string[] = [];
    logTo({ write: (line) => void lines.push(line) }, "error");
    const failure = new Error('relation "comments" is on fire');
    const answer = commentRefusal(failure) as unknown as Answer;
    expect(answer).toMatchObject({ data: { error: COMMENT_FAILED_MESSAGE }, init: { status: 500 } });
    expect(JSON.stringify(answer.data)).not.toContain("fire");
    // In the site's log (with the request's id when there is one), not on the console.
    expect(lines.map((line) => JSON.parse(line))).toContainEqual(
      expect.objectContaining({
        msg: "A comment could not be saved",
        err: expect.objectContaining({ message: 'relation "comments" is on fire' }),
      }),
    );
  });
});

describe("the answers the screens read", () => {
  it("are what the action answers (tsc checks this file)", () => {
    type Answered = NonNullable<ReturnType<typeof useFetcher<typeof photoFormAction>>["data"]>;
    expectTypeOf<Answered>().toExtend<PhotoFormReply>();
  });
});
