import { Suspense, lazy, type ComponentType } from "react";
import { holdHydration } from "~/lib/hydration-holds";

// A component drawn in the page's first HTML (so it shows without
// JavaScript) whose code stays out of the page's first scripts. Drawn from a
// lazy component alone, it would sit in a Suspense boundary, which React
// hydrates after the rest of the page; the first update around it before
// then (the shell's "hydrated" flag turns at once) makes React drop the
// server's elements and draw new ones, so a dialog flickers away and back and
// what the shopper typed or pressed in between is lost. So its code is
// loaded before it is drawn: by the server at start, and by the browser
// before it hydrates a page whose HTML holds `attribute`; then it is drawn
// with no boundary. One that first appears after a navigation loads lazily.

/** The component `load` gives, drawn as the comment above says; its HTML must carry `attribute`. */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>, attribute: string) {
  let loaded: ComponentType<P> | undefined;
  const read = () =>
    load().then((component) => {
      loaded = component;
    });
  if (import.meta.env.SSR) void read();
  else if (typeof document !== "undefined" && document.querySelector(`[${attribute}]`)) holdHydration(read());
  // Typed as taking P and no more: lazy's own type adds a ref these components never take.
  const Lazy = lazy(() => load().then((component) => ({ default: component }))) as unknown as ComponentType<P>;
  return function Deferred(props: P) {
    const Loaded = loaded;
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
