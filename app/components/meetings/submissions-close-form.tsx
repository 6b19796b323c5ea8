// /admin/club's form for when a meeting's submissions close: hours after it
// starts (its review has ended), so a late upload cannot change a past night's
// results. Posts to the page's action with intent=submissions-close.
import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { ClubForm } from "~/components/forms/club-form";
import { Field, invalid } from "~/components/forms/fields";
import { SubmitButton } from "~/components/forms/submit-button";
import { useClubForm } from "~/components/forms/use-club-form";
import { MAX_SUBMISSIONS_CLOSE_HOURS, SubmissionsCloseFormSchema } from "~/lib/club-schemas";

export const SUBMISSIONS_CLOSE_INTENT = "submissions-close";

export function SubmissionsCloseForm({
  hours,
  lastResult,
}: {
  hours: number;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { form, fields, hasFieldErrors } = useClubForm({
    id: "submissions-close",
    schema: SubmissionsCloseFormSchema,
    lastResult,
    defaultValue: { submissionsCloseHours: hours },
  });
  const meta = fields.submissionsCloseHours;
  return (
    <section aria-labelledby="submissions-close-heading" className="settings-section">
      <h2 id="submissions-close-heading">When submissions close</h2>
      <p>
        Members may upload photos to a meeting, or submit photos they have, until this many hours after it starts: then
        its review has ended, and its results stay as they were that night.
      </p>
      <ClubForm form={form} hasFieldErrors={hasFieldErrors}>
        <input type="hidden" name="intent" value={SUBMISSIONS_CLOSE_INTENT} />
        <Field
          label="Hours after a meeting starts"
          meta={meta}
          hint={`0 closes them as the meeting starts; at most ${MAX_SUBMISSIONS_CLOSE_HOURS} (two weeks).`}
        >
          <input
            {...getInputProps(meta, { type: "number", ariaAttributes: true })}
            key={meta.key}
            inputMode="numeric"
            min={0}
            max={MAX_SUBMISSIONS_CLOSE_HOURS}
            step={1}
            className={["points-input", invalid(meta)].filter(Boolean).join(" ")}
          />
        </Field>
        <div className="form-actions">
          <SubmitButton>Save hours</SubmitButton>
        </div>
      </ClubForm>
    </section>
  );
}
