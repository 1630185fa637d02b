/**
 * Runs `round` every `intervalMs`, never two at once, until the returned
 * function is called; that function resolves once a round under way has
 * finished, so the database can be closed behind it. The timer does not
 * keep the process alive.
 */
export function repeatEvery(intervalMs: number, round: () => Promise<unknown>, onError: (err: unknown) => void): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    running ??= round()
      .catch(onError)
      .finally(() => (running = null));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
