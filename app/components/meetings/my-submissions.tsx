import { Form, useNavigation } from "react-router";
import { ConfirmButton } from "../confirm-button";
import { SubmissionCaption } from "./submission-caption";

export type MySubmission = {
  id: number;
  position: number;
  photoId: number;
  caption: string | null;
  filename: string;
  thumbUrl: string | null;
};

/** The question before a submission is withdrawn (docs/texts-and-limits.md). */
export const withdrawQuestion = (name: string) =>
  `Are you sure you wish to withdraw ${name} from this meeting? The photo stays in your gallery.`;

/** The photo ids in a new order: `photoId` moved one place earlier (-1) or later (+1). */
function movedOrder(order: number[], photoId: number, by: -1 | 1): number[] {
  const next = [...order];
  const from = next.indexOf(photoId);
  const to = from + by;
  if (from < 0 || to < 0 || to >= next.length) return next;
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/**
 * The member's own submissions to the meeting, by position, each with its
 * caption to write or change in place. While the meeting is upcoming each can
 * move earlier or later, or be withdrawn (the photo stays in their gallery)
 * after the site's question: every button is a small form of its own, so it
 * works with the keyboard and without JavaScript.
 */
export function MySubmissions({ submissions, changeable }: { submissions: MySubmission[]; changeable: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  if (submissions.length === 0) return null;
  const order = submissions.map((submission) => submission.photoId);
  return (
    <section className="my-submissions" aria-labelledby="my-submissions">
      <h2 id="my-submissions">Your photos for this meeting</h2>
      {changeable ? (
        <p className="muted">
          They are shown in this order. You may change it, or withdraw a photo (it stays in your gallery), until the
          meeting. Captions save as you type.
        </p>
      ) : (
        <p className="muted">The meeting has taken place, so their order can no longer change; their captions can.</p>
      )}
      <ol className="my-submission-list">
        {submissions.map((submission, index) => {
          const name = submission.caption || submission.filename;
          return (
            <li key={submission.id} className="my-submission">
              <span className="my-submission-place" aria-hidden="true">
                {index + 1}
              </span>
              {submission.thumbUrl ? <img src={submission.thumbUrl} alt="" /> : <span className="thumb-missing" />}
              <div className="my-submission-text">
                <span className="my-submission-name">{submission.filename}</span>
                <SubmissionCaption
                  photoId={submission.photoId}
                  caption={submission.caption ?? ""}
                  name={submission.filename}
                />
              </div>
              {changeable ? (
                <div className="row-actions">
                  {([-1, 1] as const).map((by) => {
                    const edge = by < 0 ? index === 0 : index === submissions.length - 1;
                    return (
                      <Form method="post" preventScrollReset key={by}>
                        <input type="hidden" name="intent" value="reorder" />
                        {movedOrder(order, submission.photoId, by).map((photoId) => (
                          <input key={photoId} type="hidden" name="photoIds" value={photoId} />
                        ))}
                        <button
                          type="submit"
                          className="button small"
                          disabled={edge || busy}
                          aria-label={`Move ${name} ${by < 0 ? "earlier" : "later"}`}
                        >
                          {by < 0 ? "↑ Earlier" : "↓ Later"}
                        </button>
                      </Form>
                    );
                  })}
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="withdraw" />
                    <input type="hidden" name="submissionId" value={submission.id} />
                    <ConfirmButton
                      className="button small danger"
                      title="Withdraw photo"
                      question={withdrawQuestion(name)}
                      disabled={busy}
                      aria-label={`Withdraw ${name}`}
                    >
                      Withdraw
                    </ConfirmButton>
                  </Form>
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
