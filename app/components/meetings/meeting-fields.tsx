// The fields of the meeting forms (new, edit, recurring), beside the house's
// field components: the start on the club's clock, the upload allowance, and
// who may submit (everyone, or the members ticked).
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { timeZoneLabel } from "~/lib/club-time";
import type { MemberChoice } from "~/services/meetings/meeting-members.server";
import { FieldErrors } from "../forms/fields";
import { useHydrated } from "../use-hydrated";

/** The forms' inputs only ever send text; the schemas also read the API's JSON. */
export const asText = (meta: FieldMetadata<unknown>) => meta as FieldMetadata<string | undefined>;

/**
 * Date/Time: a datetime-local input holding the time on the club's clock
 * ('2026-03-10T19:00'), whatever zone the admin's computer is in; the server
 * reads it in CLUB_TIME_ZONE.
 */
export function DateTimeField({ meta, timeZone }: { meta: FieldMetadata<unknown>; timeZone: string }) {
  const hintId = `${meta.id}-hint`;
  return (
    <div className="field">
      <label htmlFor={meta.id}>Date/Time</label>
      <input
        {...getInputProps(asText(meta), { type: "datetime-local", ariaAttributes: true })}
        key={meta.key}
        aria-describedby={[hintId, meta.errors?.length ? meta.errorId : null].filter(Boolean).join(" ")}
        className={meta.errors?.length ? "invalid" : undefined}
      />
      <p className="field-hint" id={hintId}>
        On the club's clock ({timeZoneLabel(timeZone)}).
      </p>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function UploadsField({ meta }: { meta: FieldMetadata<unknown> }) {
  return (
    <div className="field">
      <label htmlFor={meta.id}>Max uploads per member</label>
      <input
        {...getInputProps(asText(meta), { type: "number", ariaAttributes: true })}
        key={meta.key}
        inputMode="numeric"
        step={1}
        className={meta.errors?.length ? `uploads-input invalid` : "uploads-input"}
      />
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** The ids a field starts with: what the server sent back after a refusal, or the saved list. */
function initialIds(meta: FieldMetadata<unknown>): Set<string> {
  const value = meta.initialValue;
  const list = Array.isArray(value) ? value : typeof value === "string" && value ? [value] : [];
  return new Set(list.map(String));
}

/**
 * Who may submit: everyone, or only the members ticked (allowedUserIds). With
 * 'Everyone' the list is hidden and its boxes disabled, so none is sent; a page
 * without JavaScript shows both and sends `submitters`, and the action drops
 * the ticks when it says everyone (everyoneMayMeanNobodyTicked).
 */
export function SubmittersField({ meta, members }: { meta: FieldMetadata<unknown>; members: MemberChoice[] }) {
  const ticked = initialIds(meta);
  const [who, setWho] = useState<"everyone" | "chosen">(ticked.size > 0 ? "chosen" : "everyone");
  const hydrated = useHydrated();
  const listHidden = hydrated && who === "everyone";
  const legendId = `${meta.id}-legend`;
  return (
    <fieldset className="field submitters" aria-labelledby={legendId}>
      <legend id={legendId} className="field-label">
        Who may submit
      </legend>
      <div className="submitters-choice" key={meta.key}>
        <label>
          <input
            type="radio"
            name="submitters"
            value="everyone"
            defaultChecked={who === "everyone"}
            onChange={() => setWho("everyone")}
          />
          Everyone
        </label>
        <label>
          <input
            type="radio"
            name="submitters"
            value="chosen"
            defaultChecked={who === "chosen"}
            onChange={() => setWho("chosen")}
          />
          Only the members ticked
        </label>
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
