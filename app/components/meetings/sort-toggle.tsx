import { Form } from "react-router";
import { MEETING_SORTS, type MeetingSort } from "~/lib/meeting-order";

/**
 * Random or Alphabetical: each is a button of a small form
 * posted to the meeting page's action, which keeps the choice in the `sort`
 * cookie and comes back to the page, with or without JavaScript. Sent to the
 * address shown (`relative="path"`), so a photo opened in the meeting stays open.
 */
export function SortToggle({ sort }: { sort: MeetingSort }) {
  return (
    <Form method="post" relative="path" preventScrollReset className="sort-toggle">
      <input type="hidden" name="intent" value="sort" />
      <span className="sort-toggle-label" id="meeting-sort-label">
        Order
      </span>
      <div role="group" aria-labelledby="meeting-sort-label" className="segmented">
        {MEETING_SORTS.map((option) => (
          <button
            key={option.value}
            type="submit"
            name="sort"
            value={option.value}
            aria-pressed={option.value === sort}
            className={option.value === sort ? "segment active" : "segment"}
          >
            {option.label}
          </button>
        ))}
      </div>
    </Form>
  );
}
