// Words typed into a field are never lost (private notes, the upload page's
// captions): saved a moment after typing stops, at once when the field loses
// focus, before the page navigates (leave-guard.tsx holds the navigation until
// the save is in) and as the page is hidden or closed (a request that outlives
// it); where they cannot be saved, leaving asks first. The bookkeeping is
// TypedDraft's (typed-drafts.ts); this hook gives a field one draft per `key`.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { TypedDraft, type DraftState } from "./typed-drafts";

export type { DraftState };

export function useSavedAsTyped<K, T>({
  key,
  send,
  delayMs,
  canOutlivePage,
}: {
  /** What the words belong to (a photo's id): another key starts another draft, the last one saved first. */
  key: K;
  /** Saves `value` for `key`; rejects when it is not saved. `leaving`: use a request that outlives the page. */
  send: (key: K, value: T, leaving: boolean) => Promise<void>;
  /** How long after the last keystroke the value is saved. */
  delayMs: number;
  /** Whether the value can go with a request that outlives the page (keepalive's size limit, validity). */
  canOutlivePage?: (value: T) => boolean;
}) {
  const [state, setState] = useState<DraftState>("idle");
  // The latest functions, read when a save goes (each render brings new ones).
  const latest = useRef({ send, canOutlivePage });
  useLayoutEffect(() => {
    latest.current = { send, canOutlivePage };
  });
  const draft = useRef<TypedDraft<T> | null>(null);

  useEffect(() => {
    const current: TypedDraft<T> = new TypedDraft<T>({
      delayMs,
      send: (value, leaving) => latest.current.send(key, value, leaving),
      canOutlivePage: (value) => latest.current.canOutlivePage?.(value) ?? true,
      onState: (next) => {
        if (draft.current === current) setState(next);
      },
    });
    draft.current = current;
    setState("idle");
    return () => {
      draft.current = null;
      // Another key (the next photo) or the field gone: the words typed still go.
      current.retire();
    };
  }, [key, delayMs]);

  /** Call with the field's value on every change. */
  const typed = useCallback((value: T) => draft.current?.typed(value), []);
  /** Saves at once (the field lost focus). */
  const flush = useCallback(() => void draft.current?.flush(), []);
  return { state, typed, flush };
}
