/** Page-level navigation the router cannot do (full reloads), kept behind one object so tests can spy on it. */
export const browser = {
  /** Loads `url` as a fresh page, replacing the current history entry. */
  reloadTo(url: string): void {
    window.location.replace(url);
  },
};
