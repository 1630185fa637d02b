import { Suspense, lazy } from "react";
import { useLocation } from "@remix-run/react";
import { holdHydration } from "~/lib/hydration-holds";
import type { ContactForm, ContactFormProps } from "./ContactForm";

// The contacts page is a shop page within the first-load budget (decision
// 013), so the form's code (conform and valibot) is not in it. It loads on
// the one page that shows the form: by the server at start, and by the
// browser before it hydrates a page whose HTML holds the form, so that the
// form hydrates with the page (DeferredUnpaidOrdersAlert says why a
// Suspense boundary alone would not do). After a navigation it loads lazily.

export const CONTACT_FORM_ATTRIBUTE = "data-contact-form";

let loaded: typeof ContactForm | undefined;

function loadContactForm() {
  return import("./ContactForm").then((module) => {
    loaded = module.ContactForm;
  });
}

if (import.meta.env.SSR) void loadContactForm();
else if (typeof document !== "undefined" && document.querySelector(`[${CONTACT_FORM_ATTRIBUTE}]`)) holdHydration(loadContactForm());

const LazyContactForm = lazy(() => import("./ContactForm").then((module) => ({ default: module.ContactForm })));

export function DeferredContactForm(props: ContactFormProps) {
  // A new visit (the redirect after a message sent) starts from an empty form.
  const { key } = useLocation();
  const Loaded = loaded;
  const marker = { [CONTACT_FORM_ATTRIBUTE]: "" };
  return (
    <div {...marker}>
      {Loaded ? (
        <Loaded key={key} {...props} />
      ) : (
        <Suspense fallback={null}>
          <LazyContactForm key={key} {...props} />
        </Suspense>
      )}
    </div>
  );
}
