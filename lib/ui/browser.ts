/**
 * Browser side effects that islands trigger but tests must observe instead of performing
 * (a happy-dom window cannot really reload). Tests replace the functions on this object.
 */
export const browserActions = {
  reload(): void {
    globalThis.location.reload();
  },
  /** Leaves the page for `url` (same origin), e.g. `/login` after signing out. */
  go(url: string): void {
    globalThis.location.assign(url);
  },
};
