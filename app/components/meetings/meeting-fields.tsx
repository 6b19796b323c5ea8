// The fields of the meeting forms (new, edit, recurring), beside the house's
// field components: the start on the club's clock, the upload allowance, and
// who may submit (everyone, or the members ticked).
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { timeZoneLabel } from "~/lib/club-time";
import type { MemberChoice } from "~/lib/meeting-json";
import { Field, FieldErrors, hintId, invalid } from "../forms/fields";
import { useHydrated } from "../use-hydrated";

/** The forms' inputs only ever send text; the schemas also read the API's JSON. */
export const asText = (meta: FieldMetadata<unknown>) => meta as FieldMetadata<string | undefined>;

/**
 * Date/Time: a datetime-local input holding the time on the club's clock
 * ('2026-03-10T19:00'), whatever zone the admin's computer is in; the server
 * reads it in CLUB_TIME_ZONE.
 */
export function DateTimeField({ meta, timeZone }: { meta: FieldMetadata<unknown>; timeZone: string }) {
  return (
    <Field label="Date/Time" meta={meta} hint={`On the club's clock (${timeZoneLabel(timeZone)}).`}>
      <input
        {...getInputProps(asText(meta), { type: "datetime-local", ariaAttributes: true })}
        key={meta.key}
        aria-describedby={[hintId(meta), meta.errors?.length ? meta.errorId : null].filter(Boolean).join(" ")}
        className={invalid(meta)}
      />
    </Field>
  );
}

export function UploadsField({ meta }: { meta: FieldMetadata<unknown> }) {
  return (
    <Field label="Max uploads per member" meta={meta}>
      <input
        {...getInputProps(asText(meta), { type: "number", ariaAttributes: true })}
        key={meta.key}
        inputMode="numeric"
        step={1}
        className={["uploads-input", invalid(meta)].filter(Boolean).join(" ")}
      />
    </Field>
  );
}

/** The ids a field starts with: what the server sent back after a refusal, or the saved list. */
function initialIds(meta: FieldMetadata<unknown>): Set<string> {
  const value = meta.initialValue;
  const list = Array.isArray(value) ? value : typeof value === "string" && value ? [value] : [];
  return new Set(list.map(String));
}

const SUBMITTER_CHOICES = [
  { value: "everyone", label: "Everyone" },
  { value: "chosen", label: "Only the members ticked" },
] as const;

/**
 * Who may submit: everyone, or only the members ticked (allowedUserIds). With
 * 'Everyone' the list is hidden and its boxes disabled, so none is sent; a page
 * without JavaScript shows both and sends `submitters`, and the action drops
 * the ticks when it says everyone (everyoneMayMeanNobodyTicked).
 */
export function SubmittersField({ meta, members }: { meta: FieldMetadata<unknown>; members: MemberChoice[] }) {
  const ticked = initialIds(meta);
  const [who, setWho] = useState<(typeof SUBMITTER_CHOICES)[number]["value"]>(ticked.size > 0 ? "chosen" : "everyone");
  const hydrated = useHydrated();
  const listHidden = hydrated && who === "everyone";
  const legendId = `${meta.id}-legend`;
  return (
    <fieldset className="field submitters" aria-labelledby={legendId}>
      <legend id={legendId} className="field-label">
        Who may submit
      </legend>
      <div className="submitters-choice" key={meta.key}>
        {SUBMITTER_CHOICES.map((choice) => (
          <label key={choice.value}>
            <input
              type="radio"
              name="submitters"
              value={choice.value}
              defaultChecked={who === choice.value}
              onChange={() => setWho(choice.value)}
            />
            {choice.label}
          </label>
        ))}
      </div>
      <ul
        className="member-checklist"
        aria-label="Members who may submit"
        hidden={listHidden}
        aria-describedby={meta.errors?.length ? meta.errorId : undefined}
        key={`${meta.key}-list`}
      >
        {members.map((member) => (
          <li key={member.id}>
            <label>
              <input
                type="checkbox"
                name={meta.name}
                value={member.id}
                defaultChecked={ticked.has(String(member.id))}
                disabled={listHidden}
              />
              {member.firstName} {member.lastName}
            </label>
          </li>
        ))}
      </ul>
      {listHidden ? null : <p className="field-hint">With nobody ticked, everyone may submit.</p>}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}
