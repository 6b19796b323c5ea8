// /admin/club's second form: the standings' points for a first, second and
// third place of a night. Posts to the page's action with
// intent=placing-points; the club's name has the page's other form.
import { getInputProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { ClubForm } from "~/components/forms/club-form";
import { Field, invalid } from "~/components/forms/fields";
import { SubmitButton } from "~/components/forms/submit-button";
import { useClubForm } from "~/components/forms/use-club-form";
import { PlacingPointsSchema } from "~/lib/club-schemas";
import { MAX_PLACING_POINTS, type PlacingPoints } from "~/lib/results";

export const PLACING_POINTS_INTENT = "placing-points";

function PointsField({ label, meta }: { label: string; meta: FieldMetadata<number | undefined> }) {
  return (
    <Field label={label} meta={meta}>
      <input
        {...getInputProps(meta, { type: "number", ariaAttributes: true })}
        key={meta.key}
        inputMode="numeric"
        min={0}
        max={MAX_PLACING_POINTS}
        step={1}
        className={["points-input", invalid(meta)].filter(Boolean).join(" ")}
      />
    </Field>
  );
}

export function PlacingPointsForm({
  points,
  lastResult,
}: {
  points: PlacingPoints;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { form, fields, hasFieldErrors } = useClubForm({
    id: "placing-points",
    schema: PlacingPointsSchema,
    lastResult,
    defaultValue: {
      firstPlacePoints: points.first,
      secondPlacePoints: points.second,
      thirdPlacePoints: points.third,
    },
  });
  return (
    <section aria-labelledby="placing-points-heading" className="settings-section">
      <h2 id="placing-points-heading">Placing points</h2>
      <p>
        The season&apos;s standings give each photo in the first three places of a night these points, and sort the
        members by their points, then by their average rating. Photos with the same average and the same number of
        ratings share a place, and each gets the place&apos;s points: two joint firsts score a first&apos;s points each,
        and the next photo is third.
      </p>
      <ClubForm form={form} hasFieldErrors={hasFieldErrors}>
        <input type="hidden" name="intent" value={PLACING_POINTS_INTENT} />
        <div className="points-fields">
          <PointsField label="First place" meta={fields.firstPlacePoints} />
          <PointsField label="Second place" meta={fields.secondPlacePoints} />
          <PointsField label="Third place" meta={fields.thirdPlacePoints} />
        </div>
        <div className="form-actions">
          <SubmitButton>Save points</SubmitButton>
        </div>
      </ClubForm>
    </section>
  );
}
