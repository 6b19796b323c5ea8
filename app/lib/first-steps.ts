// An admin's first steps on the home page, as the server sends them.

export type FirstSteps = {
  /** Whether a meeting has been scheduled (that step is then done). */
  meetingScheduled: boolean;
};
