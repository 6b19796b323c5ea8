// /admin/club's competition form: the entry rules, the season's points and the winners gallery.
// Posts to the page's action with intent=competition-settings, which saves through the club's settings
// service (PATCH /api/club's), so it works without a script.
import { getInputProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { ClubForm } from "~/components/forms/club-form";
import { CheckboxField, Field, invalid } from "~/components/forms/fields";
import { SubmitButton } from "~/components/forms/submit-button";
import { useClubForm } from "~/components/forms/use-club-form";
import { CompetitionSettingsFormSchema, MAX_ENTRY_LONG_EDGE } from "~/lib/club-schemas";
import type { CompetitionSettings } from "~/lib/competitions";
import { MAX_PLACING_POINTS } from "~/lib/results";

export const COMPETITION_SETTINGS_INTENT = "competition-settings";

function NumberField(props: { label: string; meta: FieldMetadata<number | undefined>; max: number; hint?: string }) {
  const { label, meta, max, hint } = props;
  return (
    <Field label={label} meta={meta} hint={hint}>
      <input
        {...getInputProps(meta, { type: "number", ariaAttributes: true })}
        key={meta.key}
        inputMode="numeric"
        min={0}
        max={max}
        step={1}
        className={["points-input", invalid(meta)].filter(Boolean).join(" ")}
      />
    </Field>
  );
}

export function CompetitionSettingsForm({
  settings,
  lastResult,
}: {
  settings: CompetitionSettings & { winnersGallery: boolean };
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { form, fields, hasFieldErrors } = useClubForm({
    id: "competition-settings",
    schema: CompetitionSettingsFormSchema,
    lastResult,
    defaultValue: {
      entryMinLongEdge: settings.entryMinLongEdge,
      entryTitleRequired: settings.entryTitleRequired ? "on" : undefined,
      firstAwardPoints: settings.awardPoints["1st"],
      secondAwardPoints: settings.awardPoints["2nd"],
      thirdAwardPoints: settings.awardPoints["3rd"],
      commendedAwardPoints: settings.awardPoints.HC,
      scoredEntryPoints: settings.scoredEntryPoints,
      winnersGallery: settings.winnersGallery ? "on" : undefined,
    },
  });
  return (
    <section aria-labelledby="competition-settings-heading" className="settings-section">
      <h2 id="competition-settings-heading">Competitions</h2>
      <p>
        A competition&apos;s entries must meet these rules, and the season&apos;s points table of each category gives a
        member these points for each award and for each entry the judge scored.
      </p>
      <ClubForm form={form} hasFieldErrors={hasFieldErrors}>
        <input type="hidden" name="intent" value={COMPETITION_SETTINGS_INTENT} />
        <NumberField
          label="Shortest long edge of an entry (px)"
          meta={fields.entryMinLongEdge}
          max={MAX_ENTRY_LONG_EDGE}
          hint="A projected image's long edge must be at least this; 0 for no limit."
        />
        <CheckboxField label="An entry needs a title" meta={fields.entryTitleRequired} />
        <div className="points-fields">
          <NumberField label="1st" meta={fields.firstAwardPoints} max={MAX_PLACING_POINTS} />
          <NumberField label="2nd" meta={fields.secondAwardPoints} max={MAX_PLACING_POINTS} />
          <NumberField label="3rd" meta={fields.thirdAwardPoints} max={MAX_PLACING_POINTS} />
          <NumberField label="Highly Commended" meta={fields.commendedAwardPoints} max={MAX_PLACING_POINTS} />
          <NumberField label="Each entry scored" meta={fields.scoredEntryPoints} max={MAX_PLACING_POINTS} />
        </div>
        <CheckboxField
          label="Show the winners gallery"
          meta={fields.winnersGallery}
          hint="Anyone, visitors too, sees the awarded photos of published competitions by members whose profile is public, at /winners."
        />
        <div className="form-actions">
          <SubmitButton>Save competition settings</SubmitButton>
        </div>
      </ClubForm>
    </section>
  );
}
