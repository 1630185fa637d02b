// The contact form's limits, shared by its schema (contact-form.ts), the
// page's form and the database's checks (migration 0031). Safe in the
// browser.

export const CONTACT_NAME_MAX = 100;
export const CONTACT_SUBJECT_MAX = 150;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;

/** Messages per client address and minute, counted as the claim form counts its posts. */
export const CONTACT_ATTEMPTS_PER_MINUTE = 5;
/**
 * Messages per sender's email address and minute: the confirmation goes to
 * the address typed, so one address cannot be flooded from many machines.
 */
export const CONTACT_MESSAGES_PER_EMAIL_PER_MINUTE = 3;

export const CONTACT_FIELDS = ["name", "email", "subject", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
