// The command-line reading every admin command shares.

export type AdminOutput = { out: (line: string) => void; err: (line: string) => void };

/** A command line that cannot be run as written: exit code 2. */
export class UsageError extends Error {}

/**
 * Reads "--name value" and "--name=value" for the options a command accepts,
 * each value in the order given; only the names in `repeatable` may come
 * more than once (--line, --photo).
 */
export function readRepeatedOptions(args: string[], names: readonly string[], repeatable: readonly string[] = []) {
  const values: Record<string, string[]> = {};
  for (let i = 0; i < args.length; i++) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(args[i]!);
    if (!match || !names.includes(match[1]!)) throw new UsageError(`unknown argument "${args[i]}"`);
    const name = match[1]!;
    const value = match[2] ?? args[++i];
    if (value === undefined || value.trim() === "" || (match[2] === undefined && value.startsWith("--"))) {
      throw new UsageError(`--${name} needs a value`);
    }
    if (name in values && !repeatable.includes(name)) throw new UsageError(`--${name} is given twice`);
    (values[name] ??= []).push(value);
  }
  return values;
}

/** The first value of each option read by readRepeatedOptions. */
export function firstValues(values: Record<string, string[]>) {
  return Object.fromEntries(Object.entries(values).map(([name, [value]]) => [name, value!])) as Record<string, string>;
}

/** Reads "--name value" and "--name=value" for the options a command accepts, each at most once. */
export function readOptions(args: string[], names: readonly string[]) {
  return firstValues(readRepeatedOptions(args, names));
}
