import { describe, expect, it } from "vitest";
import { writeBody } from "./write-body";

/** A response that records what was written and when the compression was flushed. */
function recorder() {
  const events: string[] = [];
  return {
    events,
    write: (chunk: Uint8Array) => events.push(`write ${new TextDecoder().decode(chunk)}`),
    flush: () => events.push("flush"),
    end: () => events.push("end"),
    destroy: (error: Error) => events.push(`destroy ${error.message}`),
  };
}

const bytes = (text: string) => new TextEncoder().encode(text);

describe("writeBody", () => {
  it("compresses the pieces made together as one, and flushes where the page pauses for a deferred part", async () => {
    let later: (value?: unknown) => void = () => {};
    const deferred = new Promise((resolve) => (later = resolve));
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (const piece of ["<html>", "<main>", "</main>"]) controller.enqueue(bytes(piece));
        await deferred;
        controller.enqueue(bytes("<script>deferred</script>"));
        controller.close();
      },
    });
    const res = recorder();
    const written = writeBody(body, res);
    await new Promise((resolve) => setTimeout(resolve, 20));
    later();
    await written;
    expect(res.events).toEqual(["write <html>", "write <main>", "write </main>", "flush", "write <script>deferred</script>", "end"]);
  });

  it("ends a response whose page failed midway without ending it as if whole", async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes("<html>"));
        setTimeout(() => controller.error(new Error("render failed")), 5);
      },
    });
    const res = recorder();
    await expect(writeBody(body, res)).rejects.toThrow("render failed");
    expect(res.events).toEqual(["write <html>", "flush", "destroy render failed"]);
  });
});
