/**
 * Browser side effects that islands trigger but tests must observe instead of performing
 * (a happy-dom window cannot really reload). Tests replace the functions on this object.
 */
export const browserActions = {
  reload(): void {
    globalThis.location.reload();
  },
  /** Goes to another page of the site, e.g. after signing in. */
  navigate(url: string): void {
    globalThis.location.assign(url);
  },
};
