/** Page-level navigation the router cannot do (full reloads), kept behind one object so tests can spy on it. */
export const browser = {
  /** Loads `url` as a fresh page, replacing the current history entry. */
  reloadTo(url: string): void {
    window.location.replace(url);
  },
  /** Leaves the app for `url` (e.g. the platform's consent page), keeping history. */
  assign(url: string): void {
    window.location.assign(url);
  },
};
