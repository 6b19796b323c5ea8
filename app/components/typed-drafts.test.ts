import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fitsKeepalive, KEEPALIVE_BODY_BYTES, openDrafts, TypedDraft, type DraftOptions } from "./typed-drafts";

type Sent = { value: string; leaving: boolean; answer: (ok: boolean) => void };

/** A draft whose saves wait for the test to answer them. */
function draftWithServer(options: Partial<DraftOptions<string>> = {}) {
  const sent: Sent[] = [];
  const states: string[] = [];
  const draft = new TypedDraft<string>({
    delayMs: 500,
    send: (value, leaving) =>
      new Promise<void>((resolve, reject) =>
        sent.push({ value, leaving, answer: (ok) => (ok ? resolve() : reject(new Error("refused"))) }),
      ),
    onState: (state) => states.push(state),
    ...options,
  });
  return { draft, sent, states };
}

/** Lets the promises settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

/** A draft with `value` typed and its save sent, still unanswered. */
async function draftSaving(value: string) {
  const server = draftWithServer();
  server.draft.typed(value);
  void server.draft.flush();
  await settle();
  return server;
}

/** Nothing more goes however long the page then waits: no timer is left to send it again. */
async function expectNoLaterSave(sent: Sent[]) {
  const count = sent.length;
  await vi.advanceTimersByTimeAsync(1_000);
  expect(sent).toHaveLength(count);
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  openDrafts.abandon();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("TypedDraft", () => {
  it("saves the latest value once typing stops, and says so", async () => {
    const { draft, sent, states } = draftWithServer();
    draft.typed("C");
    await vi.advanceTimersByTimeAsync(400);
    draft.typed("Cr");
    await vi.advanceTimersByTimeAsync(400);
    expect(sent).toEqual([]);
    expect(draft.unsaved).toBe(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(sent.map(({ value, leaving }) => [value, leaving])).toEqual([["Cr", false]]);
    expect(draft.state).toBe("saving");
    sent[0]!.answer(true);
    await settle();
    expect(draft.unsaved).toBe(false);
    expect(states.at(-1)).toBe("saved");
  });

  it("saves at once when flushed, and answers whether everything typed is in", async () => {
    const { draft, sent } = draftWithServer();
    draft.typed("Crop");
    const flushed = draft.flush();
    await settle();
    expect(sent.map(({ value }) => value)).toEqual(["Crop"]);
    sent[0]!.answer(true);
    await expect(flushed).resolves.toBe(true);
    // The timer was cancelled: nothing goes twice.
    await expectNoLaterSave(sent);
  });

  it("sends one save after another, so an older value never lands last", async () => {
    const { draft, sent } = await draftSaving("a");
    draft.typed("ab");
    const flushed = draft.flush();
    await settle();
    // The second waits for the first.
    expect(sent.map(({ value }) => value)).toEqual(["a"]);
    sent[0]!.answer(true);
    await settle();
    expect(sent.map(({ value }) => value)).toEqual(["a", "ab"]);
    expect(draft.unsaved).toBe(true);
    sent[1]!.answer(true);
    await expect(flushed).resolves.toBe(true);
  });

  it("keeps a refused value, warns about it, and tries it again at the next flush", async () => {
    const { draft, sent } = draftWithServer();
    draft.typed("Crop tighter");
    const first = draft.flush();
    await settle();
    sent[0]!.answer(false);
    await expect(first).resolves.toBe(false);
    expect(draft.state).toBe("failed");
    expect(draft.mustWarn).toBe(true);
    expect(openDrafts.mustWarn).toBe(true);
    const second = draft.flush();
    await settle();
    expect(sent.map(({ value }) => value)).toEqual(["Crop tighter", "Crop tighter"]);
    sent[1]!.answer(true);
    await expect(second).resolves.toBe(true);
    expect(draft.mustWarn).toBe(false);
  });

  it("as the page goes, sends what is unsaved at once in a request that outlives it, once", async () => {
    const { draft, sent } = draftWithServer();
    draft.typed("Crop");
    // Not yet waiting for a failure: nothing to warn about, the words can go with the page.
    expect(draft.mustWarn).toBe(false);
    draft.leave();
    // beforeunload, visibilitychange and pagehide all call it.
    draft.leave();
    draft.leave();
    expect(sent.map(({ value, leaving }) => [value, leaving])).toEqual([["Crop", true]]);
    await expectNoLaterSave(sent);
  });

  it("as the page goes, sends again what a save on its way holds (the browser may cut that one off)", async () => {
    const { draft, sent } = await draftSaving("Crop");
    draft.leave();
    expect(sent.map(({ value, leaving }) => [value, leaving])).toEqual([
      ["Crop", false],
      ["Crop", true],
    ]);
  });

  it("never sends an older value after a newer one that went as the page was hidden", async () => {
    const { draft, sent } = draftWithServer();
    draft.typed("a");
    void draft.flush();
    draft.typed("ab");
    void draft.flush();
    await settle();
    draft.typed("abc");
    // Hidden: 'abc' goes at once, while 'ab' still waits its turn behind 'a'.
    draft.leave();
    sent[0]!.answer(true);
    await settle();
    expect(sent.map(({ value }) => value)).toEqual(["a", "abc"]);
    sent[1]!.answer(true);
    await settle();
    expect(sent).toHaveLength(2);
    expect(draft.unsaved).toBe(false);
  });

  it("warns when the value cannot go with the page, and saves it the usual way instead", async () => {
    const { draft, sent } = draftWithServer({ canOutlivePage: (value) => value.length < 10 });
    draft.typed("far too long a note");
    expect(draft.mustWarn).toBe(true);
    draft.leave();
    await settle();
    expect(sent.map(({ value, leaving }) => [value, leaving])).toEqual([["far too long a note", false]]);
  });

  it("once retired, stays among the page's drafts until its words are saved", async () => {
    const { draft, sent } = draftWithServer();
    draft.typed("Crop");
    draft.retire();
    await settle();
    expect(openDrafts.unsaved).toBe(true);
    sent[0]!.answer(true);
    await settle();
    expect(openDrafts.unsaved).toBe(false);
  });

  it("forgets unsaved words when abandoned", async () => {
    const { draft } = draftWithServer();
    draft.typed("Crop");
    openDrafts.abandon();
    expect(draft.unsaved).toBe(false);
    expect(openDrafts.mustWarn).toBe(false);
  });
});

describe("fitsKeepalive", () => {
  it("measures the JSON body in bytes, escapes and all", () => {
    expect(fitsKeepalive({ notes: "a".repeat(KEEPALIVE_BODY_BYTES - 20) })).toBe(true);
    // 20,000 characters of three bytes each.
    expect(fitsKeepalive({ notes: "€".repeat(20_000) })).toBe(true);
    expect(fitsKeepalive({ notes: "€".repeat(21_000) })).toBe(false);
  });
});
