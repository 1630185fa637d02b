import { mkdir, rename, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { randomBytes } from "node:crypto";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";

// Outgoing email (docs/decisions/010-accounts-and-email.md). With SMTP_URL
// set, messages go out over SMTP. Without it, each message is written to the
// outbox folder (OUTBOX_DIR, ./data/outbox by default) as a .eml file that
// any mail program opens, beside a .json copy that tests and developers can
// read without parsing MIME.

/** `replyTo`: where an answer goes, e.g. the shopper who wrote through the contact form. */
export type Mail = { to: string; subject: string; text: string; html: string; replyTo?: string };

let transporter: Transporter | undefined;

function transport() {
  const { SMTP_URL } = env();
  transporter ??= SMTP_URL
    ? nodemailer.createTransport(SMTP_URL)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return transporter;
}

export function outboxDir() {
  return resolve(env().OUTBOX_DIR);
}

export async function sendMail(mail: Mail) {
  const info = await transport().sendMail({ from: env().MAIL_FROM, ...mail });
  if (env().SMTP_URL) {
    logger.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, "Sent email");
    return;
  }
  const dir = outboxDir();
  await mkdir(dir, { recursive: true });
  // Sortable by time; the random part keeps two messages in one millisecond apart.
  const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}`;
  // Each file is written under a temporary name and renamed into place, so
  // whoever reads the outbox (a test, a watcher) never sees half a message.
  const writeWhole = async (file: string, content: string | Buffer) => {
    await writeFile(`${file}.part`, content);
    await rename(`${file}.part`, file);
  };
  await writeWhole(join(dir, `${name}.eml`), (info as unknown as { message: Buffer }).message);
  await writeWhole(join(dir, `${name}.json`), JSON.stringify({ ...mail, from: env().MAIL_FROM, sentAt: new Date().toISOString() }, null, 2));
  logger.info({ to: mail.to, subject: mail.subject, file: join(dir, `${name}.eml`) }, "Wrote email to the outbox");
}

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c]!);

/** A plain message of paragraphs and one button-like link, as text and as simple HTML. */
export function simpleMail(to: string, subject: string, paragraphs: string[], action?: { label: string; url: string }): Mail {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : [])].join("\n\n");
  const html = [
    `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    action
      ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>`
      : "",
    `</body></html>`,
  ].join("\n");
  return { to, subject, text, html };
}
