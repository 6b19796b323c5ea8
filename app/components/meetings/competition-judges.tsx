// A competition's outside judge on its edit page (admins): who was invited so
// far, the form that invites one (the private link goes to the judge by e-mail
// only, never to this page), and the download of the entries' originals.
import type { SubmissionResult } from "@conform-to/react";
import { ClubForm } from "../forms/club-form";
import { TextField } from "../forms/fields";
import { SubmitButton } from "../forms/submit-button";
import { useClubForm } from "../forms/use-club-form";
import { formatMeetingDateTime } from "~/lib/club-time";
import { MAX_JUDGE_NAME_LENGTH } from "~/lib/competitions";
import { JudgeInviteSchema, type JudgeJson } from "~/lib/judging";
import "./competition-judges.css";

export const INVITE_JUDGE_INTENT = "invite-judge";

export function CompetitionJudges({
  meetingId,
  judges,
  published,
  timeZone,
  lastResult,
}: {
  meetingId: number;
  judges: JudgeJson[];
  published: boolean;
  timeZone: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  return (
    <section className="competition-judges" aria-labelledby="competition-judge">
      <h2 id="competition-judge">The judge</h2>
      {judges.length ? (
        <ul className="judge-list" aria-label="Judges invited">
          {judges.map((judge) => (
            <li key={judge.id}>
              <strong>{judge.name}</strong> <span className="muted">{judge.email}</span>{" "}
              <span className="muted">
                · invited <time dateTime={judge.createdAt}>{formatMeetingDateTime(judge.createdAt, timeZone)}</time>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No judge has been invited yet.</p>
      )}
      {published ? (
        <p className="muted">The results are published, so the judge&apos;s link has closed.</p>
      ) : (
        // A new judge in the list starts a blank form (the page stays the same after the invitation).
        <InviteJudgeForm key={judges.length} lastResult={lastResult} />
      )}
      <p>
        <a href={`/api/meetings/${meetingId}/originals.zip`} className="button" download>
          Download the originals
        </a>{" "}
        <span className="muted">One zip, a folder per category, each entry by its number and title.</span>
      </p>
    </section>
  );
}

function InviteJudgeForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { form, fields, hasFieldErrors } = useClubForm({ id: "invite-judge", schema: JudgeInviteSchema, lastResult });
  return (
    <ClubForm form={form} hasFieldErrors={hasFieldErrors} className="judge-invite">
      <p className="muted">
        The judge gets an e-mail with a private link that needs no account: the entries by category and number, never a
        name, to score and critique until the results are published.
      </p>
      <input type="hidden" name="intent" value={INVITE_JUDGE_INTENT} />
      <TextField label="Judge's name" meta={fields.name} max={MAX_JUDGE_NAME_LENGTH} autoComplete="off" />
      <TextField label="Judge's email" meta={fields.email} type="email" autoComplete="off" />
      <div className="form-actions">
        <SubmitButton>Invite Judge</SubmitButton>
      </div>
    </ClubForm>
  );
}
