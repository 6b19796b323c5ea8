// A fetcher's refusal shown in the error modal: the action answers
// `{ error }` (refusalMessage in app/server/forms.server.ts) with its status,
// and this hook keeps the message until the member closes the modal.
//
//   const fetcher = useFetcher<{ error?: string }>();
//   const [refusal, dismiss] = useFetcherRefusal(fetcher);
//   <ErrorModal title="An error has occurred" message={refusal} onClose={dismiss} />
import { useEffect, useState } from "react";
import type { FetcherWithComponents } from "react-router";

export function useFetcherRefusal(
  fetcher: Pick<FetcherWithComponents<unknown>, "state" | "data">,
  pick: (data: unknown) => string | undefined = defaultPick,
): [string | null, () => void] {
  const [message, setMessage] = useState<string | null>(null);
  const refusal = fetcher.state === "idle" ? pick(fetcher.data) : undefined;
  useEffect(() => {
    // A new answer (even with the same text) shows the modal again.
    if (refusal) setMessage(refusal);
  }, [refusal, fetcher.data]);
  return [message, () => setMessage(null)];
}

function defaultPick(data: unknown): string | undefined {
  if (data && typeof data === "object" && "error" in data && typeof data.error === "string") return data.error;
  return undefined;
}
