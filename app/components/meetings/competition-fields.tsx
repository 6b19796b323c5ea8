// A meeting form's competition fields: the kind of meeting, and for a
// competition when entries close, the score out of, and its categories (each
// with how many entries a member may make). Without JavaScript every field
// shows and a critique night's blanks are ignored; with it, they show only
// for a competition.
import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { timeZoneLabel } from "~/lib/club-time";
import {
  MAX_CATEGORIES,
  MAX_CLOSES_DAYS_BEFORE,
  SCORE_MAXES,
  type CategoryJson,
  type MeetingKind,
} from "~/lib/competitions";
import { Field, invalid } from "../forms/fields";
import { useHydrated } from "../use-hydrated";
import { asText } from "./meeting-fields";

const KIND_OPTIONS = [
  { value: "critique", label: "Critique night" },
  { value: "competition", label: "Competition (an outside judge scores the entries)" },
];

/** Rows shown for categories: the competition's own, then blank ones up to a few more. */
const BLANK_ROWS = 3;

type Draft = { kind: MeetingKind; categories: Array<Omit<CategoryJson, "id"> & { id?: number }> };

/** When entries close: a date (a meeting's closesAt), or days before each meeting (a recurring one's closesDaysBefore). */
function DeadlineField({
  meta,
  daysBefore,
  timeZone,
}: {
  meta: FieldMetadata<unknown>;
  daysBefore: boolean;
  timeZone: string;
}) {
  if (daysBefore) {
    return (
      <Field label="Entries close (days before each meeting)" meta={meta} hint="0 closes them as the meeting starts.">
        <input
          {...getInputProps(asText(meta), { type: "number", ariaAttributes: true })}
          key={meta.key}
          inputMode="numeric"
          min={0}
          max={MAX_CLOSES_DAYS_BEFORE}
          step={1}
          className={invalid(meta)}
        />
      </Field>
    );
  }
  return (
    <Field label="Entries close" meta={meta} hint={`On the club's clock (${timeZoneLabel(timeZone)}).`}>
      <input
        {...getInputProps(asText(meta), { type: "datetime-local", ariaAttributes: true })}
        key={meta.key}
        className={invalid(meta)}
      />
    </Field>
  );
}

export function CompetitionFields({
  fields,
  draft,
  timeZone,
  kindLocked = false,
  daysBefore = false,
}: {
  /** Conform's fields: a meeting form's have closesAt, a recurring meeting's closesDaysBefore (see daysBefore). */
  fields: Record<"kind" | "scoreMax" | "categories", FieldMetadata<unknown>> &
    Partial<Record<"closesAt" | "closesDaysBefore", FieldMetadata<unknown>>>;
  draft: Draft;
  timeZone: string;
  /** A meeting with submissions stays the kind it is. */
  kindLocked?: boolean;
  /** A recurring meeting's entries close a number of days before each meeting (closesDaysBefore), not at a date. */
  daysBefore?: boolean;
}) {
  const hydrated = useHydrated();
  const [kind, setKind] = useState<MeetingKind>(draft.kind);
  const shown = !hydrated || kind === "competition";
  // After a refused save, the rows as they were sent (Conform's initial value), else the meeting's own.
  const sent = fields.categories.initialValue;
  const categories: Draft["categories"] = Array.isArray(sent)
    ? sent.map((row) => {
        const fields = (row ?? {}) as Record<string, string | undefined>;
        return {
          id: Number(fields.id) || undefined,
          name: fields.name ?? "",
          maxEntries: Number(fields.maxEntries) || 0,
        };
      })
    : draft.categories;
  const rows = Math.min(MAX_CATEGORIES, categories.length + BLANK_ROWS);
  const categoriesErrors = Object.values(fields.categories.allErrors ?? {}).flat();
  return (
    <>
      <Field label="Kind of meeting" meta={fields.kind}>
        <select
          {...getSelectProps(asText(fields.kind), { ariaAttributes: true })}
          key={fields.kind.key}
          className={invalid(fields.kind)}
          disabled={kindLocked}
          onChange={(event) => setKind(event.target.value as MeetingKind)}
        >
          {KIND_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </Field>
      {kindLocked ? <input type="hidden" name={fields.kind.name} value={draft.kind} /> : null}
      {shown ? (
        <fieldset className="competition-fields">
          <legend>Competition</legend>
          <p className="field-hint">
            A competition is judged without names; they are shown when its results are published.
            {hydrated ? null : " Leave these blank for a critique night."}
          </p>
          <DeadlineField
            meta={(daysBefore ? fields.closesDaysBefore : fields.closesAt)!}
            daysBefore={daysBefore}
            timeZone={timeZone}
          />
          <Field label="Score out of" meta={fields.scoreMax}>
            <select
              {...getSelectProps(asText(fields.scoreMax), { ariaAttributes: true })}
              key={fields.scoreMax.key}
              className={invalid(fields.scoreMax)}
            >
              {SCORE_MAXES.map((max) => (
                <option key={max} value={String(max)}>
                  {max}
                </option>
              ))}
            </select>
          </Field>
          <table className="category-rows">
            <caption>Categories</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Entries per member</th>
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: rows }, (_, index) => {
                const category = categories[index];
                const name = `${fields.categories.name}[${index}]`;
                return (
                  <tr key={index}>
                    <td>
                      {category?.id ? <input type="hidden" name={`${name}.id`} value={category.id} /> : null}
                      <input
                        name={`${name}.name`}
                        defaultValue={category?.name ?? ""}
                        aria-label={`Category ${index + 1} name`}
                        maxLength={60}
                        placeholder={index === 0 ? "Colour" : index === 1 ? "Mono" : ""}
                      />
                    </td>
                    <td>
                      <input
                        name={`${name}.maxEntries`}
                        type="number"
                        inputMode="numeric"
                        min={1}
                        max={100}
                        defaultValue={category?.maxEntries || ""}
                        placeholder="1"
                        aria-label={`Category ${index + 1} entries per member`}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {categoriesErrors.length > 0 ? (
            <ul className="field-errors" role="alert">
              {[...new Set(categoriesErrors)].map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          ) : null}
        </fieldset>
      ) : null}
    </>
  );
}
