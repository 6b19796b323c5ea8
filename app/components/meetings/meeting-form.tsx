// The three meeting forms, admins only: a new meeting
// (blank, or the next meeting of a recurring one), a meeting's edit, and a
// recurring meeting's edit. Each posts to its own route's action and shows the
// server's 422 field errors under the fields.
import { type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Link, useNavigation } from "react-router";
import {
  MAX_CALL_DETAILS_LENGTH,
  MAX_CALL_LINK_LENGTH,
  MAX_TOPIC_LENGTH,
  MeetingEditFormSchema,
  NewMeetingSchema,
  TemplateEditFormSchema,
} from "~/lib/meeting-schemas";
import { MEETING_RHYTHMS, rhythmLabel } from "~/lib/meetings";
import { DEFAULT_SCORE_MAX } from "~/lib/competitions";
import type { MemberChoice } from "~/lib/meeting-json";
import type { MeetingDraft, MeetingEditDraft } from "~/lib/meeting-drafts";
import type { MeetingTemplateJson } from "~/lib/meeting-json";
import { ClubForm } from "../forms/club-form";
import { CheckboxField, SelectField, TextAreaField, TextField } from "../forms/fields";
import { useClubForm } from "../forms/use-club-form";
import { asText, DateTimeField, SubmittersField, UploadsField } from "./meeting-fields";
import { CompetitionFields } from "./competition-fields";

type Result = SubmissionResult<string[]> | undefined;

const RHYTHM_OPTIONS = MEETING_RHYTHMS.map((rhythm) => ({ value: rhythm.value, label: rhythm.label }));
const RECURRING_OPTIONS = [{ value: "", label: "No" }, ...RHYTHM_OPTIONS];

const TOPIC_HINT = "The first line is the meeting's title; the lines under it say more.";
const RHYTHM_HINT =
  "Monthly keeps the weekday and its week: a meeting on the 2nd Tuesday is followed by the 2nd Tuesday of the next month " +
  "(after a 5th Tuesday, the next month's last). Monthly, last week: the last Tuesday of each month.";

/** 'Recurring?': Weekly, Biweekly or one of the monthly rhythms (with 'No' when creating a meeting). */
function RhythmField({ meta, withNo }: { meta: FieldMetadata<unknown>; withNo: boolean }) {
  return (
    <SelectField label="Recurring?" meta={asText(meta)} options={withNo ? RECURRING_OPTIONS : RHYTHM_OPTIONS}>
      <p className="field-hint">{RHYTHM_HINT}</p>
    </SelectField>
  );
}

function SubmitRow({ label, cancelTo }: { label: string; cancelTo: string }) {
  const navigation = useNavigation();
  return (
    <div className="form-actions">
      <button type="submit" className="button primary" disabled={navigation.state === "submitting"}>
        {label}
      </button>
      <Link to={cancelTo}>Cancel</Link>
    </div>
  );
}

type MeetingDetails = Pick<
  MeetingTemplateJson,
  "topic" | "callLink" | "callDetails" | "maxUploadsCount" | "allowedUserIds" | "anonymous"
>;

/** What every meeting form starts with for the details a meeting and its series share. */
function detailsDefaults(details: MeetingDetails) {
  return {
    topic: details.topic,
    callLink: details.callLink ?? "",
    callDetails: details.callDetails ?? "",
    maxUploadsCount: details.maxUploadsCount,
    allowedUserIds: details.allowedUserIds ?? [],
    anonymous: details.anonymous,
  };
}

/** A meeting form's competition fields as it starts (the categories' rows take the draft's own). */
function competitionDefaults(draft: MeetingDraft | MeetingEditDraft) {
  return { kind: draft.kind, closesAt: draft.closesAt, scoreMax: String(draft.scoreMax) };
}

type DetailsFieldName = "topic" | "callLink" | "callDetails" | "maxUploadsCount" | "allowedUserIds" | "anonymous";

const ANONYMOUS_HINT =
  "Nobody but each photo's owner sees who submitted it, admins included, until an admin reveals the names on the meeting's page.";

const ANONYMITY_LOCKED_HINT =
  "Members have submitted photos without their names, so the names come out only with Reveal names on the meeting's page.";

/** The fields of every meeting form, in the contract's order, between Date/Time and 'Recurring?'. */
function MeetingDetailsFields({
  fields,
  members,
  anonymityLocked = false,
}: {
  fields: Record<DetailsFieldName, FieldMetadata<unknown>>;
  members: MemberChoice[];
  /** An anonymous meeting with submissions: its anonymity ends only with the reveal. */
  anonymityLocked?: boolean;
}) {
  return (
    <>
      <TextAreaField label="Topic" meta={fields.topic} rows={4} hint={TOPIC_HINT} max={MAX_TOPIC_LENGTH} />
      <TextField label="Call link" meta={asText(fields.callLink)} type="url" max={MAX_CALL_LINK_LENGTH} />
      <TextAreaField label="Call details" meta={fields.callDetails} rows={3} max={MAX_CALL_DETAILS_LENGTH} />
      <UploadsField meta={fields.maxUploadsCount} />
      <SubmittersField meta={fields.allowedUserIds} members={members} />
      <CheckboxField
        label="Anonymous review (names hidden until revealed)"
        meta={fields.anonymous as FieldMetadata<boolean | undefined>}
        hint={anonymityLocked ? ANONYMITY_LOCKED_HINT : ANONYMOUS_HINT}
        lockedOn={anonymityLocked}
      />
    </>
  );
}

/** /meetings/new: 'Recurring?' only without a recurring meeting; with one, the form is its next meeting. */
export function NewMeetingForm({
  draft,
  members,
  timeZone,
  templateTitle,
  lastResult,
}: {
  draft: MeetingDraft;
  members: MemberChoice[];
  timeZone: string;
  templateTitle: string | null;
  lastResult: Result;
}) {
  const { form, fields, hasFieldErrors } = useClubForm({
    id: "new-meeting",
    schema: NewMeetingSchema,
    lastResult,
    defaultValue: {
      startsAt: draft.startsAt,
      ...detailsDefaults(draft),
      repeats: undefined,
      meetingTemplateId: draft.meetingTemplateId ?? undefined,
      ...competitionDefaults(draft),
    },
  });
  return (
    <ClubForm form={form} hasFieldErrors={hasFieldErrors} className="meeting-form">
      {draft.meetingTemplateId ? (
        <>
          <input type="hidden" name={fields.meetingTemplateId.name} value={draft.meetingTemplateId} />
          <p className="form-note">
            The next meeting of <strong>{templateTitle}</strong>
            {draft.series ? ` (${rhythmLabel(draft.series.repeats)})` : null}. Give the night its own topic; saving it
            makes it the latest meeting of the series.
          </p>
        </>
      ) : null}
      <DateTimeField meta={fields.startsAt} timeZone={timeZone} />
      <MeetingDetailsFields fields={fields} members={members} />
      <CompetitionFields
        fields={fields}
        draft={draft}
        timeZone={timeZone}
        kindLocked={Boolean(draft.meetingTemplateId)}
      />
      {draft.meetingTemplateId ? null : <RhythmField meta={fields.repeats} withNo />}
      <SubmitRow label="Create Meeting" cancelTo="/meetings" />
    </ClubForm>
  );
}

/** /meetings/{id}/edit. */
export function EditMeetingForm({
  draft,
  members,
  timeZone,
  anonymityLocked,
  lastResult,
}: {
  draft: MeetingEditDraft;
  members: MemberChoice[];
  timeZone: string;
  anonymityLocked: boolean;
  lastResult: Result;
}) {
  const { form, fields, hasFieldErrors } = useClubForm({
    id: `edit-meeting-${draft.id}`,
    schema: MeetingEditFormSchema,
    lastResult,
    defaultValue: { startsAt: draft.startsAt, ...detailsDefaults(draft), ...competitionDefaults(draft) },
  });
  return (
    <ClubForm form={form} hasFieldErrors={hasFieldErrors} className="meeting-form">
      <input type="hidden" name="intent" value="save" />
      <DateTimeField meta={fields.startsAt} timeZone={timeZone} />
      <MeetingDetailsFields fields={fields} members={members} anonymityLocked={anonymityLocked} />
      <CompetitionFields fields={fields} draft={draft} timeZone={timeZone} kindLocked={anonymityLocked} />
      <SubmitRow label="Save Meeting" cancelTo={`/meetings/${draft.id}`} />
    </ClubForm>
  );
}

/** /meetings/templates/{id}/edit: no Date/Time; Weekly, Biweekly or Monthly. */
export function TemplateForm({
  template,
  members,
  timeZone,
  lastResult,
}: {
  template: MeetingTemplateJson;
  members: MemberChoice[];
  timeZone: string;
  lastResult: Result;
}) {
  const { form, fields, hasFieldErrors } = useClubForm({
    id: `edit-template-${template.id}`,
    schema: TemplateEditFormSchema,
    lastResult,
    defaultValue: {
      ...detailsDefaults(template),
      repeats: template.repeats,
      kind: template.kind,
      scoreMax: String(template.scoreMax ?? DEFAULT_SCORE_MAX),
      closesDaysBefore: template.closesDaysBefore === null ? "" : String(template.closesDaysBefore),
    },
  });
  return (
    <ClubForm form={form} hasFieldErrors={hasFieldErrors} className="meeting-form">
      <MeetingDetailsFields fields={fields} members={members} />
      <CompetitionFields fields={fields} draft={template} timeZone={timeZone} daysBefore />
      <RhythmField meta={fields.repeats} withNo={false} />
      <SubmitRow label="Save Recurring Meeting" cancelTo="/meetings" />
    </ClubForm>
  );
}
