import { Form, useSubmit } from "react-router";
import { PHOTO_SORTS, type PhotoSort } from "~/lib/photo-sorts";
import "./photos.css";
import "./photo-page.css";

/** The list's sort; choosing one goes back to page 1 in that order. */
export function SortSelector({ sort }: { sort: PhotoSort }) {
  const submit = useSubmit();
  return (
    <Form method="get" className="sort-selector">
      <label htmlFor="photo-sort">Sort</label>
      <select id="photo-sort" name="sort" value={sort} onChange={(event) => submit(event.currentTarget.form)}>
        {PHOTO_SORTS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="button">
          Sort
        </button>
      </noscript>
    </Form>
  );
}
