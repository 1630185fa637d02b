// How a page's body reaches the socket (server/remix-handler.ts sends every answer through it).

/** A response, with the flush the compression middleware adds to it. */
type Writable = { write(chunk: Uint8Array): unknown; end(): unknown; destroy(error: Error): unknown; flush?: () => void };

/**
 * Writes a page's body, and flushes the compression only when the body
 * pauses (a deferred part still on its way), not after every piece: React
 * hands a page over in pieces of 2 KB, and Remix's own writer flushed after
 * each, which more than halved what gzip saved (a category page: 44 KB
 * sent instead of 23) and compressed each piece on its own.
 */
export async function writeBody(body: ReadableStream<Uint8Array>, res: Writable) {
  const reader = body.getReader();
  try {
    let next = reader.read();
    for (;;) {
      const { done, value } = await next;
      if (done) break;
      res.write(value);
      next = reader.read();
      // A piece already made arrives within this turn of the event loop; a paused one does not.
      const paused = await Promise.race([next.then(() => false), new Promise<boolean>((resolve) => setImmediate(resolve, true))]);
      if (paused) res.flush?.();
    }
    res.end();
  } catch (error) {
    res.destroy(error as Error);
    throw error;
  }
}
