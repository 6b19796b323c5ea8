// A judge's typed score and critique, kept in this browser until the server
// has them: a bad connection or a closed laptop loses nothing. Plain functions
// over localStorage (tested on their own); the entry's form reads and writes them.
export type ScoreDraft = { score: string; critique: string };

const keyOf = (token: string, photoId: number) => `club:judge:${token.slice(0, 12)}:${photoId}`;

function storageOf(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readDraft(token: string, photoId: number): ScoreDraft | null {
  const raw = storageOf()?.getItem(keyOf(token, photoId));
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as Partial<ScoreDraft>;
    return typeof draft.score === "string" && typeof draft.critique === "string"
      ? { score: draft.score, critique: draft.critique }
      : null;
  } catch {
    return null;
  }
}

export function keepDraft(token: string, photoId: number, draft: ScoreDraft): void {
  try {
    storageOf()?.setItem(keyOf(token, photoId), JSON.stringify(draft));
  } catch {
    // A full or refused storage: the words stay in the form.
  }
}

export function dropDraft(token: string, photoId: number): void {
  storageOf()?.removeItem(keyOf(token, photoId));
}
