// What the page's first hydration waits for besides its own scripts: the
// code of a component the server drew but the route does not bundle, so
// that React takes over the very elements the visitor sees (and may be
// typing in) rather than drawing them again.

const holds: Array<Promise<unknown>> = [];

/** Makes the first hydration wait for `work`; should it fail, the page hydrates all the same. */
export function holdHydration(work: Promise<unknown>) {
  holds.push(work.catch(() => undefined));
}

export const hydrationHolds = () => Promise.all(holds);
