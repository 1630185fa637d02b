import { readFile, readdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { expect } from "@playwright/test";

/** Where the test server writes its emails (no SMTP in tests); set in playwright.config.ts. */
export const OUTBOX_DIR = resolve("reports/e2e-outbox");

type Mail = { to: string; subject: string; text: string; html: string };

/** The newest email to an address, waiting for it: the shop sends some after answering. */
export async function lastMailTo(to: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect(async () => {
    const names = (await readdir(OUTBOX_DIR).catch(() => [])).filter((name) => name.endsWith(".json")).sort();
    const mails = await Promise.all(names.map(async (name) => JSON.parse(await readFile(join(OUTBOX_DIR, name), "utf8")) as Mail));
    found = mails.filter((mail) => mail.to === to).at(-1);
    expect(found, `an email to ${to}`).toBeDefined();
  }).toPass({ timeout: 10_000 });
  return found!;
}

/** The path of the first link in an email, to open it on the test server whatever the site's configured address. */
export function linkPath(mail: Mail) {
  const url = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!url) throw new Error(`No link in "${mail.subject}"`);
  return new URL(url).pathname;
}
