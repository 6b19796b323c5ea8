// A competition entry's category and title, asked before a photo is entered:
// above the upload queue (each photo added goes in with them) and in 'Choose
// from my photos' (a plain form's fields, so it works without JavaScript).
import { useId } from "react";
import type { CategoryJson } from "~/lib/competitions";

export type EntryChoice = { CategoryId: number; caption: string };

export function EntryFields({
  categories,
  value,
  onChange,
  titleHint,
}: {
  categories: CategoryJson[];
  /** Controlled (the upload queue reads them); without it, plain named fields of the form around them. */
  value?: EntryChoice;
  onChange?: (value: EntryChoice) => void;
  titleHint: string;
}) {
  const id = useId();
  const controlled = value !== undefined && onChange !== undefined;
  return (
    <div className="entry-fields">
      <div className="field">
        <label htmlFor={`${id}-category`}>Category</label>
        <select
          id={`${id}-category`}
          name="CategoryId"
          {...(controlled
            ? {
                value: String(value.CategoryId),
                onChange: (event) => onChange({ ...value, CategoryId: Number(event.target.value) }),
              }
            : {})}
        >
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name} (up to {category.maxEntries} {category.maxEntries === 1 ? "entry" : "entries"})
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-title`}>Title</label>
        <input
          id={`${id}-title`}
          name="caption"
          maxLength={500}
          aria-describedby={`${id}-hint`}
          {...(controlled
            ? { value: value.caption, onChange: (event) => onChange({ ...value, caption: event.target.value }) }
            : {})}
        />
        <p className="field-hint" id={`${id}-hint`}>
          {titleHint}
        </p>
      </div>
    </div>
  );
}
