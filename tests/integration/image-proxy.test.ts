import { mkdtemp, mkdir, rm, symlink, writeFile } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageUrl, resolveImage, type ImageOptions } from "~/lib/image";
import { ImageError, imageMetadata, inRenderSlot, loadImageSource, renderImage, renderedImage } from "~/web/image-proxy.server";
import { loader } from "~/routes/system/image";

const DEMO = "/media/demo/phone-3.svg";

async function get(pathAndQuery: string, headers: HeadersInit = {}) {
  return loader({ request: new Request(`http://localhost${pathAndQuery}`, { headers }), params: {}, context: {} });
}

async function image(options: ImageOptions, src = DEMO) {
  const response = await get(imageUrl(src, options));
  expect(response.status).toBe(200);
  const body = Buffer.from(await response.arrayBuffer());
  return { response, body, meta: await sharp(body).metadata() };
}

async function refusal(pathAndQuery: string) {
  const response = await get(pathAndQuery);
  return { status: response.status, type: response.headers.get("content-type"), text: await response.text() };
}

const proxied = (src: string) => `/img?${new URLSearchParams({ src, p: "card" })}`;

/** Renders the demo picture directly, for options no page of ours puts in a URL. */
async function rendered(options: ImageOptions) {
  const output = await renderImage(await loadImageSource(DEMO, { allowedHosts: [] }), resolveImage(options));
  return { body: output.body, meta: await sharp(output.body).metadata() };
}

describe("GET /img", () => {
  it("renders no more pictures at once than there are cores, and every one in the end", async () => {
    let now = 0;
    let most = 0;
    const work = () =>
      inRenderSlot(async () => {
        most = Math.max(most, ++now);
        await new Promise((resolve) => setTimeout(resolve, 5));
        now--;
        return true;
      });
    const done = await Promise.all(Array.from({ length: 12 }, work));
    expect(done).toHaveLength(12);
    expect(most).toBe(Math.min(12, Math.max(1, availableParallelism())));
  });

  it("renders a demo SVG as a webp of the preset's size, cached for good", async () => {
    const { response, body, meta } = await image({ preset: "card" });
    expect(meta).toMatchObject({ format: "webp", width: 400, height: 400 });
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("etag")).toMatch(/^"[\w-]+"$/);
    expect(response.headers.get("content-length")).toBe(String(body.byteLength));
    expect(response.headers.get("vary")).toBeNull();
  });

  it("doubles the size for density 2", async () => {
    expect((await image({ preset: "card", density: 2 })).meta).toMatchObject({ width: 800, height: 800 });
    expect((await image({ preset: "blog" })).meta).toMatchObject({ width: 480, height: 270 });
    expect((await image({ preset: "blog", density: 2 })).meta).toMatchObject({ width: 960, height: 540 });
  });

  it("keeps the picture's shape within a bound and draws SVGs sharp at any size", async () => {
    expect((await image({ preset: "gallery" })).meta).toMatchObject({ width: 800, height: 800 });
    expect((await image({ preset: "gallery", density: 2 })).meta).toMatchObject({ width: 1600, height: 1600 });
    expect((await rendered({ width: 300 })).meta).toMatchObject({ width: 300, height: 300 });
    // Spec 9: with nothing asked, the height is 800 and the format webp.
    expect((await rendered({})).meta).toMatchObject({ format: "webp", height: 800 });
  });

  it("pads to the box on the preset's background", async () => {
    const { body } = await rendered({ preset: "card", width: 400, height: 200 });
    const { data, info } = await sharp(body).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([400, 200]);
    // The square picture fills the middle; the left edge is padding.
    expect([...data.subarray(0, 3)]).toEqual([255, 255, 255]);
  });

  it("honours the format and the quality asked for", async () => {
    expect((await image({ preset: "card", format: "jpeg" })).response.headers.get("content-type")).toBe("image/jpeg");
    expect((await image({ preset: "card", format: "jpeg" })).meta.format).toBe("jpeg");
    expect((await image({ preset: "thumbnail", format: "png" })).meta).toMatchObject({ format: "png", width: 96, height: 96 });
    expect((await image({ preset: "thumbnail", format: "avif" })).meta).toMatchObject({ format: "heif", compression: "av1" });
    const low = await rendered({ preset: "card", quality: 5 });
    const high = await rendered({ preset: "card", quality: 95 });
    expect(low.body.byteLength).toBeLessThan(high.body.byteLength / 2);
  });

  it("takes the spec's fit, width, height, quality and background in the URL, without a preset too", async () => {
    const url = (params: Record<string, string>) => `/img?${new URLSearchParams({ src: DEMO, ...params })}`;
    const covered = await get(url({ w: "640", h: "320", fit: "cover", f: "jpeg", q: "60" }));
    expect(covered.status).toBe(200);
    expect(await sharp(Buffer.from(await covered.arrayBuffer())).metadata()).toMatchObject({ format: "jpeg", width: 640, height: 320 });

    // Contained in a wide box on the colour asked for: the left edge is the padding.
    const padded = await get(url({ w: "640", h: "320", fit: "contain", bg: "ffcc00", f: "png" }));
    expect(padded.status).toBe(200);
    const { data, info } = await sharp(Buffer.from(await padded.arrayBuffer())).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([640, 320]);
    expect([...data.subarray(0, 3)]).toEqual([255, 204, 0]);

    // The quality asked for is the one encoded: a lower step, fewer bytes.
    const at = async (q: string) => (await get(url({ w: "800", h: "800", q }))).arrayBuffer();
    expect((await at("30")).byteLength).toBeLessThan((await at("100")).byteLength);

    // "inside" keeps the square picture's shape within the box; "fill" stretches it to the box.
    const inside = await get(url({ w: "640", h: "320", fit: "inside" }));
    expect(await sharp(Buffer.from(await inside.arrayBuffer())).metadata()).toMatchObject({ width: 320, height: 320 });
    const filled = await get(url({ w: "640", h: "320", fit: "fill" }));
    expect(await sharp(Buffer.from(await filled.arrayBuffer())).metadata()).toMatchObject({ width: 640, height: 320 });
    expect(covered.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("answers 304 to a browser that already has the same bytes", async () => {
    const { response } = await image({ preset: "thumbnail" });
    const etag = response.headers.get("etag")!;
    const again = await get(imageUrl(DEMO, { preset: "thumbnail" }), { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");
  });

  it.each([
    ["an unknown preset", imageUrl(DEMO).replace("/img?", "/img?p=poster&"), /p must be one of/],
    ["a bad width", `${proxied(DEMO)}&w=99999`, /w must be/],
    ["a width no page asks for", `${proxied(DEMO)}&w=2560`, /w must be one of 320, 400, 640, 768, 800 for card/],
    ["a quality between the steps", `${proxied(DEMO)}&w=400&q=99`, /q must be a multiple of 5 from 30 to 100/],
    ["a background that is not a colour", `${proxied(DEMO)}&w=400&bg=url(x)`, /bg must be a hex colour/],
    ["a height not among the shop's sizes", `${proxied(DEMO)}&w=400&h=2560`, /h must be one of/],
    ["a fit not on the list", `/img?${new URLSearchParams({ src: DEMO, w: "400", fit: "crop" })}`, /fit must be one of cover, contain, fill, inside, outside/],
    ["without a preset, a width not among the shop's sizes", `/img?${new URLSearchParams({ src: DEMO, w: "401" })}`, /w must be one of 48, 96/],
    ["a host not on the allow-list", proxied("https://images.example.com/a.png"), /images\.example\.com are not allowed/],
    ["plain http", proxied("http://images.example.com/a.png"), /https URL/],
    ["a protocol-relative URL", proxied("//images.example.com/a.png"), /https URL/],
    ["a file: URL", proxied("file:///etc/passwd"), /https URL/],
    ["a path outside the image folders", proxied("/etc/passwd"), /under \/media\/ or \/images\//],
    ["a path that climbs out", proxied("/media/../../etc/passwd"), /step out/],
    ["a path that climbs out, encoded", proxied("/media/%2e%2e/%2E%2E/etc/passwd"), /step out/],
    ["a backslash path", proxied("/media/..\\..\\etc\\passwd"), /step out/],
    ["a file that is not an image", proxied("/images/notes.txt"), /not an image file/],
  ])("refuses %s with a plain 400", async (_name, url, message) => {
    const answer = await refusal(url);
    expect(answer.status).toBe(400);
    expect(answer.type).toBe("text/plain; charset=utf-8");
    expect(answer.text).toMatch(message);
    expect(answer.text).not.toMatch(/\n\s+at /);
  });

  it.each([
    ["a demo picture that does not exist", proxied("/media/demo/Phone.svg")],
    ["a file that does not exist", proxied("/images/missing.png")],
  ])("answers 404 for %s", async (_name, url) => {
    const answer = await refusal(url);
    expect(answer.status).toBe(404);
    expect(answer.type).toBe("text/plain; charset=utf-8");
  });
});

describe("sources", () => {
  let dir: string;
  let publicDir: string;
  let png: Buffer;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "image-proxy-"));
    publicDir = path.join(dir, "public");
    await mkdir(path.join(publicDir, "images"), { recursive: true });
    png = await sharp({ create: { width: 60, height: 30, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    await writeFile(path.join(publicDir, "images", "wide.png"), png);
    await writeFile(path.join(dir, "secret.png"), png);
    await symlink(path.join(dir, "secret.png"), path.join(publicDir, "images", "link.png"));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const none = { allowedHosts: [] as string[] };

  it("reads files under public/, and no further", async () => {
    expect(await loadImageSource("/images/wide.png", { ...none, publicDir })).toEqual(png);
    expect(await loadImageSource("/images/wide.png?v=2", { ...none, publicDir })).toEqual(png);
    await expect(loadImageSource("/images/link.png", { ...none, publicDir })).rejects.toMatchObject({ status: 400 });
    await expect(loadImageSource("/images/../../secret.png", { ...none, publicDir })).rejects.toMatchObject({ status: 400 });
  });

  it("keeps recent renders, and forgets a source it could not read", async () => {
    const card = resolveImage({ preset: "card" });
    const solid = (background: string) => sharp({ create: { width: 40, height: 40, channels: 3, background } }).png().toBuffer();
    const file = path.join(publicDir, "images", "kept.png");
    await writeFile(file, await solid("#aa0000"));
    const [first, together] = await Promise.all([renderedImage("/images/kept.png", card, { ...none, publicDir }), renderedImage("/images/kept.png", card, { ...none, publicDir })]);
    expect(together).toBe(first);
    // The file changes under the same URL (which the proxy's URLs promise never happens): the kept render answers.
    await writeFile(file, await solid("#00aa00"));
    expect((await renderedImage("/images/kept.png", card, { ...none, publicDir })).etag).toBe(first.etag);
    expect((await renderedImage("/images/kept.png", resolveImage({ preset: "thumbnail" }), { ...none, publicDir })).etag).not.toBe(first.etag);

    await expect(renderedImage("/images/late.png", card, { ...none, publicDir })).rejects.toMatchObject({ status: 404 });
    await writeFile(path.join(publicDir, "images", "late.png"), await solid("#0000aa"));
    expect((await renderedImage("/images/late.png", card, { ...none, publicDir })).contentType).toBe("image/webp");
  });

  function fakeFetch(responses: Record<string, () => Response>) {
    const asked: string[] = [];
    const impl = (async (input: URL | RequestInfo) => {
      const url = String(input);
      asked.push(url);
      const answer = responses[url];
      return answer ? answer() : new Response("missing", { status: 404 });
    }) as typeof fetch;
    return { impl, asked };
  }

  it("fetches from an allowed host, following redirects that stay on the list", async () => {
    const { impl, asked } = fakeFetch({
      "https://cdn.example.com/a.png": () => new Response(null, { status: 302, headers: { location: "/b.png" } }),
      "https://cdn.example.com/b.png": () => new Response(new Uint8Array(png), { headers: { "content-type": "image/png" } }),
    });
    const body = await loadImageSource("https://cdn.example.com/a.png", { allowedHosts: ["cdn.example.com"], fetch: impl });
    expect(body).toEqual(png);
    expect(asked).toEqual(["https://cdn.example.com/a.png", "https://cdn.example.com/b.png"]);
    const rendered = await renderImage(body, resolveImage({ preset: "thumbnail" }));
    expect([rendered.width, rendered.height]).toEqual([96, 96]);
  });

  it("will not be redirected off the list, nor load failures or oversized files", async () => {
    const options = (responses: Record<string, () => Response>) => ({ allowedHosts: ["cdn.example.com"], fetch: fakeFetch(responses).impl });
    const offList = options({
      "https://cdn.example.com/a.png": () => new Response(null, { status: 301, headers: { location: "https://169.254.169.254/latest" } }),
    });
    await expect(loadImageSource("https://cdn.example.com/a.png", offList)).rejects.toMatchObject({ status: 404 });
    await expect(loadImageSource("https://cdn.example.com/gone.png", options({}))).rejects.toMatchObject({ status: 404 });
    const huge = options({
      "https://cdn.example.com/a.png": () => new Response(new Uint8Array(11 * 1024 * 1024)),
    });
    await expect(loadImageSource("https://cdn.example.com/a.png", huge)).rejects.toThrow(/too large/);
    const failing = { allowedHosts: ["cdn.example.com"], fetch: (async () => Promise.reject(new TypeError("fetch failed"))) as typeof fetch };
    await expect(loadImageSource("https://cdn.example.com/a.png", failing)).rejects.toMatchObject({ status: 404 });
  });

  it("refuses credentials in a remote URL", async () => {
    await expect(loadImageSource("https://user:pw@cdn.example.com/a.png", { allowedHosts: ["cdn.example.com"] })).rejects.toMatchObject({
      status: 400,
    });
  });
});

describe("image metadata", () => {
  it("gives width, height and ratio", async () => {
    const png = await sharp({ create: { width: 300, height: 150, channels: 4, background: "#fff0" } })
      .png()
      .toBuffer();
    expect(await imageMetadata(png)).toEqual({ width: 300, height: 150, ratio: 2 });
  });

  it("is 0 × 0 with ratio 0 for bytes that are not an image (spec 8)", async () => {
    expect(await imageMetadata(Buffer.from("definitely not a picture"))).toEqual({ width: 0, height: 0, ratio: 0 });
    expect(await imageMetadata(new Uint8Array())).toEqual({ width: 0, height: 0, ratio: 0 });
  });

  it("a source that is not an image renders as a 404, not a crash", async () => {
    const error = await renderImage(Buffer.from("garbage"), resolveImage({ preset: "card" })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageError);
    expect(error).toMatchObject({ status: 404 });
  });
});
