// npm run admin -- redirect add|list|remove: the redirects of spec 2.
import { COMMAND_LINE } from "../app/models/audit/audit.server";
import { fromPathProblem, normalizePath, targetProblem, type RedirectStatus } from "../app/models/redirects/redirect-rules";
import { listRedirects, removeRedirect, saveRedirect } from "../app/models/redirects/redirects.server";
import { readOptions, UsageError, type AdminOutput } from "./admin-options";

export const REDIRECT_USAGE = `  redirect add --from <path> --to <path or URL> [--status 301|302]
                                                   send an old path to a new one: 301 (permanent, the default) or 302 (for now);
                                                   adding a path again replaces its redirect; one that would
                                                   lead back to a path it passed (a loop) is refused
  redirect list                                    every redirect, old path first
  redirect remove --from <path>                    stop redirecting an old path`;

export type RedirectCommand =
  | { command: "redirect"; action: "add"; from: string; to: string; status: RedirectStatus }
  | { command: "redirect"; action: "list" }
  | { command: "redirect"; action: "remove"; from: string };

export function parseRedirectArgs(action: string | undefined, rest: string[]): RedirectCommand {
  if (action === "list") {
    readOptions(rest, []);
    return { command: "redirect", action };
  }
  if (action === "remove") {
    const { from } = readOptions(rest, ["from"]);
    if (!from) throw new UsageError("--from is required");
    return { command: "redirect", action, from: normalizePath(from.trim()) };
  }
  if (action !== "add") throw new UsageError(action ? `unknown redirect command "${action}"` : "say add, list or remove");
  const options = readOptions(rest, ["from", "to", "status"]);
  const from = options.from?.trim();
  const to = options.to?.trim();
  if (!from) throw new UsageError("--from is required");
  if (!to) throw new UsageError("--to is required");
  const problem = fromPathProblem(from) ?? targetProblem(to, from);
  if (problem) throw new UsageError(problem);
  const status = Number(options.status ?? 301);
  if (status !== 301 && status !== 302) throw new UsageError(`--status must be 301 or 302, got "${options.status}"`);
  return { command: "redirect", action, from: normalizePath(from), to, status };
}

export async function runRedirect(parsed: RedirectCommand, output: AdminOutput): Promise<number> {
  if (parsed.action === "list") {
    const rows = await listRedirects();
    if (rows.length === 0) output.out("No redirects.");
    for (const row of rows) output.out(`${row.from_path} -> ${row.to_url} (${row.status})`);
    return 0;
  }
  if (parsed.action === "remove") {
    if ((await removeRedirect(COMMAND_LINE, parsed.from)).ok) {
      output.out(`Removed the redirect of ${parsed.from}.`);
      return 0;
    }
    output.err(`admin: ${parsed.from} has no redirect. Nothing was changed.`);
    return 1;
  }
  const saved = await saveRedirect(COMMAND_LINE, { from: parsed.from, to: parsed.to, status: parsed.status }, { replace: true });
  if (!saved.ok) {
    // The arguments were checked already; what is left is a loop with the redirects stored.
    output.err(`admin: ${saved.error === "loop" ? `that would make a loop: ${saved.chain.join(" -> ")}` : saved.error === "exists" ? `${parsed.from} already redirects to ${saved.to}` : saved.problem}. Nothing was changed.`);
    return 1;
  }
  output.out(`${saved.redirect.from_path} now redirects to ${saved.redirect.to_url} (${saved.redirect.status}).`);
  return 0;
}
