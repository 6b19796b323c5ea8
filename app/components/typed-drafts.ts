// The bookkeeping of words typed into a field that saves itself (private notes,
// the upload page's captions), kept apart from React so it can be tested alone
// (use-saved-as-typed.ts is the hook, leave-guard.tsx the page's side of it).
//
// A draft saves its latest value a moment after typing stops, and at once when
// asked (the field lost focus, the page is navigating). When the page goes away
// (hidden, closed, left for another site) `leave()` sends what is not saved yet
// in a request that outlives the page (`fetch(..., { keepalive: true })`). It
// asks for a warning before leaving only when it knows the words cannot go: the
// last try failed, or the value cannot be sent so (too large, or not valid).

export type DraftState = "idle" | "saving" | "saved" | "failed";

/**
 * Browsers refuse a keepalive request whose body, with those of the page's
 * others still in flight, passes 64 KiB; a little room is kept for them.
 */
export const KEEPALIVE_BODY_BYTES = 60 * 1024;

/** Whether `json` can go in a request that outlives the page (its body within KEEPALIVE_BODY_BYTES). */
export function fitsKeepalive(json: unknown): boolean {
  return new TextEncoder().encode(JSON.stringify(json)).length <= KEEPALIVE_BODY_BYTES;
}

export type DraftOptions<T> = {
  /**
   * Saves the value; resolves once the server has it, rejects when it does not.
   * `leaving`: the page is going away, so the request must outlive it (keepalive).
   */
  send: (value: T, leaving: boolean) => Promise<void>;
  /** How long after the last keystroke the value is saved. */
  delayMs: number;
  /** Whether the value can be sent as the page goes (small enough for keepalive, valid); yes when left out. */
  canOutlivePage?: (value: T) => boolean;
  /** Told every time what the draft would show changes. */
  onState?: (state: DraftState) => void;
};

/** What the page's leaving asks of every draft, whatever its value. */
interface Draft {
  readonly unsaved: boolean;
  readonly mustWarn: boolean;
  flush(): Promise<boolean>;
  leave(): void;
  abandon(): void;
}

export class TypedDraft<T> implements Draft {
  private value: T | undefined;
  /** Counts the values typed; a save of version n holds everything typed up to n. */
  private typedVersion = 0;
  private savedVersion = 0;
  /** The latest value still has to be sent (typed since the last send, or its send failed). */
  private unsent = false;
  /** The latest version sent by `leave()`, so the page's several leaving events send it once. */
  private leftVersion = 0;
  private failed = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Saves go one after another, so an older value never lands after a newer one. */
  private queue: Promise<void> = Promise.resolve();
  private readonly inFlight = new Set<Promise<void>>();
  private retired = false;

  constructor(private readonly options: DraftOptions<T>) {
    openDrafts.add(this);
  }

  /** What was typed is kept, and saved `delayMs` after the last keystroke. */
  typed(value: T) {
    this.value = value;
    this.typedVersion += 1;
    this.unsent = true;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.options.delayMs);
  }

  /** Typed words the server does not have yet (waiting, on their way, or refused). */
  get unsaved(): boolean {
    return this.savedVersion < this.typedVersion;
  }

  /** Unsaved words that will not go by themselves as the page goes: leaving should ask first. */
  get mustWarn(): boolean {
    if (!this.unsaved) return false;
    if (this.failed) return true;
    const canOutlive = this.options.canOutlivePage;
    return canOutlive !== undefined && this.value !== undefined && !canOutlive(this.value);
  }

  get state(): DraftState {
    if (this.inFlight.size > 0) return "saving";
    if (this.failed && this.unsaved) return "failed";
    return this.savedVersion > 0 && !this.unsaved ? "saved" : "idle";
  }

  /** Saves what is unsaved now; resolves with whether everything typed is then saved. */
  async flush(): Promise<boolean> {
    clearTimeout(this.timer);
    if (this.unsent && this.value !== undefined) {
      const value = this.value;
      const version = this.typedVersion;
      this.unsent = false;
      // By its turn a newer value may have gone as the page was hidden: an older one must not follow it.
      this.queue = this.queue.then(() =>
        version <= this.savedVersion || version < this.leftVersion ? undefined : this.sent(value, version, false),
      );
    }
    // Wait for every save on its way, the leaving ones too, then answer.
    while (this.inFlight.size > 0 || !(await this.queueSettled())) {
      await Promise.allSettled([...this.inFlight]);
    }
    return !this.unsaved;
  }

  /**
   * The page is going (hidden, closed, another site): sends what is unsaved at
   * once, in a request that outlives the page, even if a save of it is on its way
   * (that one the browser may cut off with the page).
   */
  leave() {
    clearTimeout(this.timer);
    if (!this.unsaved || this.value === undefined || this.leftVersion === this.typedVersion) return;
    // Too large or not valid to go with the page: saved as usual, which works if the page is only hidden.
    if (this.options.canOutlivePage && !this.options.canOutlivePage(this.value)) return void this.flush();
    this.leftVersion = this.typedVersion;
    this.unsent = false;
    void this.sent(this.value, this.typedVersion, true);
  }

  /** Forgets what is unsaved (the member chose to leave without it). */
  abandon() {
    clearTimeout(this.timer);
    this.savedVersion = this.typedVersion;
    this.unsent = false;
    this.failed = false;
    this.settle();
  }

  /**
   * The field is gone (another photo, another page): what is unsaved is sent
   * now, and the draft is forgotten once the server has it, or it is abandoned.
   * Until then leaving the page still waits for it, or warns.
   */
  retire() {
    this.retired = true;
    void this.flush().then(() => this.settle());
  }

  private async queueSettled(): Promise<boolean> {
    const queue = this.queue;
    await queue;
    return queue === this.queue;
  }

  private sent(value: T, version: number, leaving: boolean): Promise<void> {
    const attempt = this.options
      .send(value, leaving)
      .then(
        () => {
          this.savedVersion = Math.max(this.savedVersion, version);
          if (version >= this.typedVersion) this.failed = false;
        },
        (error: unknown) => {
          console.error("Saving what was typed failed:", error);
          if (this.savedVersion >= version) return;
          this.failed = true;
          // The next flush (focus leaving, a navigation) tries the latest value again.
          this.unsent = true;
          if (this.leftVersion <= version) this.leftVersion = 0;
        },
      )
      .finally(() => {
        this.inFlight.delete(attempt);
        this.changed();
      });
    this.inFlight.add(attempt);
    this.changed();
    return attempt;
  }

  private changed() {
    this.options.onState?.(this.state);
    this.settle();
  }

  private settle() {
    if (this.retired && !this.unsaved && this.inFlight.size === 0) openDrafts.delete(this);
  }
}

/** Every draft of the page with words in it, for the page's leaving (leave-guard.tsx). */
class OpenDrafts {
  private readonly drafts = new Set<Draft>();

  add(draft: Draft) {
    this.drafts.add(draft);
  }

  delete(draft: Draft) {
    this.drafts.delete(draft);
  }

  get unsaved(): boolean {
    return [...this.drafts].some((draft) => draft.unsaved);
  }

  get mustWarn(): boolean {
    return [...this.drafts].some((draft) => draft.mustWarn);
  }

  /** Saves every draft now; resolves with whether all are then saved. */
  async flush(): Promise<boolean> {
    const results = await Promise.all([...this.drafts].map((draft) => draft.flush()));
    return results.every(Boolean);
  }

  leave() {
    for (const draft of this.drafts) draft.leave();
  }

  abandon() {
    for (const draft of [...this.drafts]) draft.abandon();
  }
}

export const openDrafts = new OpenDrafts();
