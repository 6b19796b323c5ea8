import { useId } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormErrors } from "../forms/fields";
import { ConfirmForm } from "../confirm-form";
import { useHydrated } from "../use-hydrated";

export const DELETE_MEETING_QUESTION = "Are you sure you wish to delete this meeting? This cannot be undone.";

function DeleteForm({ children }: { children: React.ReactNode }) {
  const navigation = useNavigation();
  return (
    <Form method="post" className="form-actions">
      <input type="hidden" name="intent" value="delete" />
      <button type="submit" className="button danger" disabled={navigation.state === "submitting"}>
        Delete Meeting
      </button>
      {children}
    </Form>
  );
}

/**
 * Deleting a meeting from its edit page, asked first. A meeting with
 * submissions cannot be deleted, and says why instead of offering it.
 * With JavaScript the site's dialog asks (ConfirmForm); without, 'Delete
 * Meeting' opens the question as a step of the page (?delete) that posts a plain form.
 */
export function DeleteMeeting({
  refusal,
  confirming,
  cancelTo,
  error,
}: {
  /** Why it cannot be deleted (it has submissions); null when it can. */
  refusal: string | null;
  /** The page was opened as the question (?delete). */
  confirming: boolean;
  cancelTo: string;
  /** The server's answer to a delete it refused. */
  error: string | null;
}) {
  const hydrated = useHydrated();
  const questionId = useId();

  return (
    <section className="danger-zone" aria-labelledby="delete-meeting">
      <h2 id="delete-meeting">Delete Meeting</h2>
      <FormErrors errors={error ? [error] : undefined} />
      {refusal ? (
        <p className="muted">{refusal}</p>
      ) : confirming ? (
        <div role="group" aria-labelledby={questionId} className="stack">
          <p id={questionId}>{DELETE_MEETING_QUESTION}</p>
          <DeleteForm>
            <Link to={cancelTo} className="button">
              Cancel
            </Link>
          </DeleteForm>
        </div>
      ) : hydrated ? (
        <>
          <p className="muted">Nobody has submitted photos to this meeting yet, so it may be deleted.</p>
          <ConfirmForm
            intent="delete"
            formClassName="form-actions"
            className="button danger"
            question={DELETE_MEETING_QUESTION}
          >
            Delete Meeting
          </ConfirmForm>
        </>
      ) : (
        <>
          <p className="muted">Nobody has submitted photos to this meeting yet, so it may be deleted.</p>
          <p>
            <Link to="?delete#delete-meeting" className="button danger">
              Delete Meeting
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
