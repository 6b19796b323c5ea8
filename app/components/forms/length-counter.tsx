// A field's limit, said before it bites (docs/texts-and-limits.md):
// nothing while the text is well short of the field's most (the schema's
// max in app/lib/*-schemas.ts), then a count as it nears it, then, past it,
// the field's own error in plain words. The text is never cut: the writer
// decides what to take out.
import "./length-counter.css";

/** From this share of the limit on, the count shows. */
export const COUNTER_FROM = 0.9;

const count = (n: number) => n.toLocaleString("en-US");

/** The over-limit error, in plain words: 'A comment can be at most 5,000 characters; this text has 5,001.' */
export function tooLongMessage(noun: string, length: number, max: number): string {
  return `${noun} can be at most ${count(max)} characters; this text has ${count(length)}.`;
}

/** Whether `text` is past `max` (as the server counts: most texts are trimmed first, notes are not). */
export const isTooLong = (text: string, max: number, trimmed = true) => (trimmed ? text.trim() : text).length > max;

/**
 * The count under a field near its limit, or its error past it (or the
 * server's refusal of the field, `error`), in one live region that is always
 * there (so it is read out as it changes, and the field's aria-describedby
 * always names it); empty while the text is well short of the limit. A polite
 * live region, not a `status`: the form's own status (Saving..., Photo added!)
 * stays the one status of its part of the page.
 */
export function LengthCounter({
  id,
  text,
  max,
  noun,
  error,
  countOnly = false,
  trimmed = true,
}: {
  id: string;
  text: string;
  max: number;
  /** What the field holds, as the sentence's subject: 'A comment'. */
  noun: string;
  error?: string | null;
  /** Past the limit, only the count: the field's own error (the schema's, after a submit) already says it. */
  countOnly?: boolean;
  /** Whether the server trims the text before counting it (notes are kept as typed). */
  trimmed?: boolean;
}) {
  const length = (trimmed ? text.trim() : text).length;
  const over = length > max;
  const said = over
    ? countOnly
      ? `${count(length)} / ${count(max)}`
      : tooLongMessage(noun, length, max)
    : error
      ? error
      : length >= max * COUNTER_FROM
        ? `${count(length)} / ${count(max)}`
        : "";
  return (
    <p id={id} aria-live="polite" className={over || error ? "field-limit over" : "field-limit"}>
      {said}
    </p>
  );
}
