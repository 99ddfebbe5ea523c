/**
 * A matchMedia for jsdom (which has none) that evaluates min/max width and height queries
 * against a settable viewport, so compact-navigation and breakpoint rules can be tested.
 */
let viewport = { width: 1280, height: 900 };
const listeners = new Set<() => void>();

function matches(query: string): boolean {
  const conditions = [...query.matchAll(/\((min|max)-(width|height)\s*:\s*([\d.]+)px\)/g)];
  if (conditions.length === 0) return false;
  return conditions.every(([, kind, dim, value]) => {
    const actual = dim === 'width' ? viewport.width : viewport.height;
    return kind === 'min' ? actual >= Number(value) : actual <= Number(value);
  });
}

/** Sets the simulated viewport and notifies media query listeners. */
export function setViewport(next: { width?: number; height?: number }): void {
  viewport = { ...viewport, ...next };
  listeners.forEach((l) => l());
}

/** Installs the matchMedia mock on window. */
export function installMatchMedia(): void {
  window.matchMedia = (query: string): MediaQueryList => {
    const own = new Set<(e: MediaQueryListEvent) => void>();
    const mql = {
      get matches() {
        return matches(query);
      },
      media: query,
      onchange: null,
      addListener: (l: (e: MediaQueryListEvent) => void) => mql.addEventListener('change', l),
      removeListener: (l: (e: MediaQueryListEvent) => void) => mql.removeEventListener('change', l),
      addEventListener: (_type: string, l: (e: MediaQueryListEvent) => void) => {
        const wrapped = () => l({ matches: matches(query), media: query } as MediaQueryListEvent);
        own.add(l);
        listeners.add(wrapped);
        (l as unknown as { __wrapped: () => void }).__wrapped = wrapped;
      },
      removeEventListener: (_type: string, l: (e: MediaQueryListEvent) => void) => {
        own.delete(l);
        listeners.delete((l as unknown as { __wrapped: () => void }).__wrapped);
      },
      dispatchEvent: () => true,
    };
    return mql as unknown as MediaQueryList;
  };
}

/** Restores the default desktop viewport (1280×900). */
export function resetViewport(): void {
  viewport = { width: 1280, height: 900 };
}
