import { useEffect, useState } from "react";

function format(iso: string, dateOnly: boolean, timeZone?: string) {
  const options: Intl.DateTimeFormatOptions = dateOnly
    ? { dateStyle: "medium", timeZone }
    : { dateStyle: "medium", timeStyle: "short", timeZone };
  const text = new Intl.DateTimeFormat("en-US", options).format(new Date(iso));
  return timeZone && !dateOnly ? `${text} UTC` : text;
}

/**
 * A date (and time) in the reader's own time zone. The server does not know it,
 * so it renders UTC and the browser swaps in local time once it runs.
 */
export function LocalTime({ iso, dateOnly = false }: { iso: string; dateOnly?: boolean }) {
  const [text, setText] = useState(() => format(iso, dateOnly, "UTC"));
  useEffect(() => setText(format(iso, dateOnly)), [iso, dateOnly]);
  return <time dateTime={iso}>{text}</time>;
}
