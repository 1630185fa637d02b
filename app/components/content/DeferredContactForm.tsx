import { useLocation } from "@remix-run/react";
import { deferred } from "../Deferred";
import type { ContactFormProps } from "./ContactForm";

// The contacts page is a shop page within the first-load budget (decision
// 013), so the form's code (conform and valibot) is not in its first
// scripts (components/Deferred.tsx says how it still hydrates with the page).

const CONTACT_FORM_ATTRIBUTE = "data-contact-form";

const ContactForm = deferred(() => import("./ContactForm").then((module) => module.ContactForm), CONTACT_FORM_ATTRIBUTE);

export function DeferredContactForm(props: ContactFormProps) {
  // A new visit (the redirect after a message sent) starts from an empty form.
  const { key } = useLocation();
  return (
    <div {...{ [CONTACT_FORM_ATTRIBUTE]: "" }}>
      <ContactForm key={key} {...props} />
    </div>
  );
}
