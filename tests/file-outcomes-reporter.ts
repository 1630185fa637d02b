import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

// When the embedded database hangs, the watchdog ends the test process and
// vitest ends the whole run with it: its JSON report is never written. This
// reporter writes one line per test file the moment the file ends, so
// `npm test` knows which files finished and runs only the others again
// (decision 015).

export const FILE_OUTCOMES = path.resolve("reports/vitest-files.jsonl");

export type TestFile = { project: string; file: string };
export type FileOutcome = TestFile & { passed: number; failed: number; skipped: number };

export default class FileOutcomesReporter implements Reporter {
  onInit() {
    mkdirSync(path.dirname(FILE_OUTCOMES), { recursive: true });
  }

  onTestModuleEnd(module: TestModule) {
    const outcome: FileOutcome = { project: module.project.name, file: module.moduleId, passed: 0, failed: 0, skipped: 0 };
    for (const test of module.children.allTests()) {
      const state = test.result().state;
      if (state === "passed") outcome.passed++;
      else if (state === "failed") outcome.failed++;
      else outcome.skipped++;
    }
    // A file that failed outside its tests (an import, a hook) counts as one failure.
    if (module.state() === "failed" && outcome.failed === 0) outcome.failed = 1;
    appendFileSync(FILE_OUTCOMES, JSON.stringify(outcome) + "\n");
  }
}

const key = ({ project, file }: TestFile) => `${project} ${file}`;

/** Each file's outcome from the reporter's lines, the last run of a file counting. */
export function readFileOutcomes(lines = existsSync(FILE_OUTCOMES) ? readFileSync(FILE_OUTCOMES, "utf8") : ""): FileOutcome[] {
  const outcomes = new Map<string, FileOutcome>();
  for (const line of lines.split("\n").filter(Boolean)) {
    const outcome = JSON.parse(line) as FileOutcome;
    outcomes.set(key(outcome), outcome);
  }
  return [...outcomes.values()];
}

/**
 * After a run that was cut: the files to run again, those of `all` that
 * never ended; none when a file that ended had a failing test, which is
 * never run again.
 */
export function filesToRunAgain(all: TestFile[], outcomes: FileOutcome[]): { failed: true } | { failed: false; files: TestFile[] } {
  if (outcomes.some((outcome) => outcome.failed > 0)) return { failed: true };
  const ended = new Set(outcomes.map(key));
  return { failed: false, files: all.filter((file) => !ended.has(key(file))) };
}
