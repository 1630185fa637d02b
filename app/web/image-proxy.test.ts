import { describe, expect, it } from "vitest";
import { BREAKPOINTS, IMAGE_DEFAULTS, imageSizes, imageUrl, presetImageUrl, presetWidths, resolveImage, srcSet } from "~/lib/image";
import { ImageError, isAllowedImageHost, parseImageQuery, parseImageRequest } from "./image-proxy.server";

const SRC = "/media/demo/x-1.svg";

/** A query for the card preset at its own width, with `params` on top. */
function query(params: Record<string, string>) {
  return new URLSearchParams({ src: SRC, p: "card", w: "400", ...params });
}

function refusal(params: URLSearchParams) {
  try {
    parseImageQuery(params);
  } catch (error) {
    if (error instanceof ImageError) return error;
    throw error;
  }
  throw new Error("the query was accepted");
}

describe("image URLs", () => {
  it("name a local picture's preset, width and second density in a short path", () => {
    expect(imageUrl(SRC, { preset: "card", density: 2 })).toBe("/img/card/400x2/media/demo/x-1.svg");
    expect(imageUrl(SRC, { preset: "card" })).toBe("/img/card/400/media/demo/x-1.svg");
    // Kept once made: the same address, for each card that shows the picture.
    expect(presetImageUrl(SRC, "card")).toBe("/img/card/400/media/demo/x-1.svg");
    expect(presetImageUrl(SRC, "thumbnail")).toBe("/img/thumbnail/96/media/demo/x-1.svg");
    expect(imageUrl("/media/a b?.png", { preset: "card", width: 320 })).toBe("/img/card/320/media/a%20b%3F.png");
  });

  it("keep the query for a remote picture or an option past the preset's", () => {
    expect(imageUrl("https://cdn.example.com/x.png", { preset: "card" })).toBe("/img?src=https%3A%2F%2Fcdn.example.com%2Fx.png&p=card&w=400");
    expect(imageUrl(SRC, { preset: "card", format: "png" })).toBe("/img?src=%2Fmedia%2Fdemo%2Fx-1.svg&p=card&w=400&f=png");
  });

  it("carry every explicit option, a background without its #", () => {
    const url = new URL(
      imageUrl("https://cdn.example.com/a b.png", { width: 300, height: 200, fit: "cover", format: "jpeg", quality: 60, background: "#ffcc00" }),
      "http://localhost",
    );
    expect(url.pathname).toBe("/img");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      src: "https://cdn.example.com/a b.png",
      w: "300",
      h: "200",
      fit: "cover",
      f: "jpeg",
      q: "60",
      bg: "ffcc00",
    });
  });

  it("leave the source alone with the 'none' provider", () => {
    expect(imageUrl("/logo.svg", { provider: "none" })).toBe("/logo.svg");
  });

  it("throw on an unknown preset or provider (spec 8)", () => {
    expect(() => imageUrl(SRC, { preset: "poster" })).toThrow(/Unknown image preset: poster/);
    expect(() => imageUrl(SRC, { provider: "cloudinary" })).toThrow(/Unknown image provider: cloudinary/);
    expect(() => srcSet(SRC, "poster")).toThrow(/Unknown image preset/);
    expect(() => resolveImage({ preset: "toString" })).toThrow(/Unknown image preset/);
  });
});

describe("what the proxy renders", () => {
  it("falls back to the spec's defaults: webp, quality 75, height 800", () => {
    expect(IMAGE_DEFAULTS).toMatchObject({ format: "webp", quality: 75, height: 800 });
    expect(resolveImage({})).toEqual({ width: undefined, height: 800, fit: "inside", format: "webp", quality: 75, background: undefined });
  });

  it("takes the preset's box and doubles it for density 2", () => {
    expect(resolveImage({ preset: "card" })).toMatchObject({ width: 400, height: 400, fit: "contain", background: "#ffffff" });
    expect(resolveImage({ preset: "card", density: 2 })).toMatchObject({ width: 800, height: 800 });
    expect(resolveImage({ preset: "blog", density: 2 })).toMatchObject({ width: 960, height: 540, fit: "cover" });
  });

  it("keeps a fixed box's shape at other widths, and a bound's height unless the copy is wider", () => {
    expect(resolveImage({ preset: "blog", width: 320 })).toMatchObject({ width: 320, height: 180 });
    expect(resolveImage({ preset: "gallery", width: 640 })).toMatchObject({ width: 640, height: 800, fit: "inside" });
    expect(resolveImage({ preset: "gallery", width: 2048 })).toMatchObject({ width: 2048, height: 1600 });
  });

  it("lets explicit options beat the preset", () => {
    expect(resolveImage({ preset: "card", fit: "cover", format: "avif", quality: 40, background: "#000000" })).toMatchObject({
      fit: "cover",
      format: "avif",
      quality: 40,
      background: "#000000",
    });
  });
});

describe("srcset and sizes", () => {
  it("name only the denser screen's file for presets shown at a fixed size: the src is the plain screen's", () => {
    expect(presetImageUrl(SRC, "thumbnail")).toBe("/img/thumbnail/96/media/demo/x-1.svg");
    expect(srcSet(SRC, "thumbnail")).toBe("/img/thumbnail/96x2/media/demo/x-1.svg 2x");
    expect(imageSizes("thumbnail")).toBeUndefined();
  });

  it("list breakpoint widths up to twice the preset's width for presets that follow the layout", () => {
    expect(presetWidths("card")).toEqual([BREAKPOINTS.xs, 400, BREAKPOINTS.sm, BREAKPOINTS.md, 800]);
    expect(presetWidths("gallery")).toEqual([320, 640, 768, 1024, 1280, 1536, 2048]);
    expect(srcSet(SRC, "gallery").split(", ")).toHaveLength(7);
    expect(imageSizes("gallery")).toContain("100vw");
  });

  it("give a card, never wider than 320 CSS pixels, a 400-pixel file and a 640-pixel one for a denser screen, and still render the others", () => {
    expect(presetImageUrl(SRC, "card")).toBe("/img/card/400/media/demo/x-1.svg");
    expect(srcSet(SRC, "card")).toBe("/img/card/640/media/demo/x-1.svg 2x");
    expect(imageSizes("card")).toBeUndefined();
    // An address made before names 320, 768 or 800: it still answers.
    for (const width of [320, 768, 800]) {
      expect(parseImageRequest(new URL(`http://shop.test/img/card/${width}/media/demo/x-1.svg`)).image).toMatchObject({ width });
    }
  });

  it("give URLs the proxy accepts", () => {
    for (const preset of ["thumbnail", "category", "suggestion", "card", "gallery", "blog"]) {
      for (const entry of srcSet(SRC, preset).split(", ")) {
        const url = new URL(entry.split(" ")[0]!, "http://localhost");
        expect(parseImageRequest(url).src).toBe(SRC);
      }
    }
  });
});

describe("the proxy's short addresses", () => {
  it.each([
    ["a size that is not a width", "/img/card/wide/media/demo/x-1.svg", /a short image address is/],
    ["no picture", "/img/card/400/", /a short image address is/],
    ["an unknown preset", "/img/poster/400/media/demo/x-1.svg", /p must be one of/],
    ["a width the preset's srcset does not list", "/img/card/401/media/demo/x-1.svg", /w must be one of 320, 400, 640, 768, 800 for card/],
    ["density 2 at another width", "/img/card/640x2/media/demo/x-1.svg", /dpr 2 is only for card's own width of 400/],
    ["a density the shop does not render", "/img/card/400x3/media/demo/x-1.svg", /dpr must be 1 or 2/],
    ["a broken escape", "/img/card/400/media/%E0%A4%A.png", /not a valid address/],
  ])("refuse %s with 400", (_name, path, message) => {
    let refused: unknown;
    try {
      parseImageRequest(new URL(path, "http://localhost"));
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ImageError);
    expect((refused as ImageError).status).toBe(400);
    expect((refused as ImageError).message).toMatch(message);
  });
});

describe("the proxy's query", () => {
  it("reads what imageUrl writes, in either form", () => {
    const short = new URL(imageUrl(SRC, { preset: "card", density: 2 }), "http://localhost");
    expect(parseImageRequest(short)).toEqual(parseImageQuery(new URLSearchParams({ src: SRC, p: "card", w: "400", dpr: "2" })));
    expect(parseImageRequest(short).image).toEqual({ width: 800, height: 800, fit: "contain", format: "webp", quality: 75, background: "#ffffff" });
    expect(parseImageRequest(new URL("http://localhost/img/card/320/media/a%20b%3F.png")).src).toBe("/media/a b?.png");
    const url = new URL(imageUrl(SRC, { preset: "card", density: 2, format: "png" }), "http://localhost");
    expect(parseImageQuery(url.searchParams)).toEqual({
      src: SRC,
      options: { preset: "card", width: 400, height: undefined, fit: undefined, format: "png", quality: undefined, background: undefined, density: 2 },
      image: { width: 800, height: 800, fit: "contain", format: "png", quality: 75, background: "#ffffff" },
    });
  });

  it.each([
    ["no source", new URLSearchParams({ p: "card", w: "400" }), /src is required/],
    ["a width the preset's srcset does not list", query({ w: "401" }), /w must be one of 320, 400, 640, 768, 800 for card/],
    ["density 2 at another width", query({ w: "640", dpr: "2" }), /dpr 2 is only for card's own width of 400/],
    ["without a preset, a width not among the shop's sizes", new URLSearchParams({ src: SRC, w: "401" }), /w must be one of 48, 96, 192, 270, 320, 384, 400, 480, 540, 640, 768, 800, 960, 1024, 1280, 1536, 1600, 2048$/],
    ["a height not among the shop's sizes", query({ h: "401" }), /h must be one of 48, 96/],
    ["a quality between the steps", query({ q: "77" }), /q must be a multiple of 5 from 30 to 100/],
    ["a quality below the lowest step", query({ q: "25" }), /q must be a multiple of 5 from 30 to 100/],
    ["a size past the limit at density 2", new URLSearchParams({ src: SRC, w: "2048", dpr: "2" }), /larger than 2560 pixels a side/],
    ["a width of 0", query({ w: "0" }), /w must be a whole number from 1 to 2560/],
    ["a width past the limit", query({ w: "2561" }), /w must be/],
    ["a fractional height", query({ h: "10.5" }), /h must be/],
    ["a negative height", query({ h: "-5" }), /h must be/],
    ["quality 0", query({ q: "0" }), /q must be a whole number from 1 to 100/],
    ["quality 101", query({ q: "101" }), /q must be/],
    ["an unknown fit", query({ fit: "stretch" }), /fit must be one of cover, contain, fill, inside, outside/],
    ["an unknown format", query({ f: "gif" }), /f must be one of webp, avif, jpeg, png/],
    ["a colour name", query({ bg: "red" }), /bg must be a hex colour/],
    ["density 3", query({ dpr: "3" }), /dpr must be 1 or 2/],
    ["an unknown preset", query({ p: "poster" }), /p must be one of/],
    ["a preset named after an object property", query({ p: "constructor" }), /p must be one of/],
    ["a repeated parameter", new URLSearchParams(`src=${encodeURIComponent(SRC)}&w=10&w=20`), /w may be given only once/],
  ])("refuses %s with a 400", (_name, params, message) => {
    const error = refusal(params);
    expect(error.status).toBe(400);
    expect(error.message).toMatch(message);
  });

  it("takes the spec's fit, width, height, quality and background besides the format, with or without a preset", () => {
    expect(parseImageQuery(new URLSearchParams({ src: SRC, w: "640", h: "320", fit: "cover", q: "60", bg: "#FFCC00", f: "jpeg" })).image).toEqual({
      width: 640,
      height: 320,
      fit: "cover",
      format: "jpeg",
      quality: 60,
      background: "#ffcc00",
    });
    expect(parseImageQuery(query({ h: "800", fit: "inside", q: "90", bg: "000" })).image).toEqual({ width: 400, height: 800, fit: "inside", format: "webp", quality: 90, background: "#000000" });
    expect(parseImageQuery(new URLSearchParams({ src: "https://cdn.example.com/a.png", h: "540", dpr: "2" })).image).toMatchObject({ width: undefined, height: 1080 });
    // Spec 9's defaults alone: height 800, webp, quality 75.
    expect(parseImageQuery(new URLSearchParams({ src: SRC })).image).toEqual({ width: undefined, height: 800, fit: "inside", format: "webp", quality: 75, background: undefined });
  });

  it("ignores parameters it does not know, such as a cache buster", () => {
    expect(parseImageQuery(query({ v: "3" })).src).toBe(SRC);
  });
});

describe("the remote host allow-list", () => {
  const allowed = ["cdn.example.com", "*.images.example.org", "assets.example.net:8443"];

  it.each([
    ["https://cdn.example.com/a.png", true],
    ["https://CDN.Example.com/a.png", true],
    ["https://cdn.example.com:8443/a.png", false],
    ["https://a.images.example.org/a.png", true],
    ["https://a.b.images.example.org/a.png", true],
    ["https://images.example.org/a.png", false],
    ["https://evilimages.example.org/a.png", false],
    ["https://assets.example.net:8443/a.png", true],
    ["https://assets.example.net/a.png", false],
    ["https://cdn.example.com.evil.test/a.png", false],
  ])("%s allowed: %s", (url, expected) => {
    expect(isAllowedImageHost(new URL(url), allowed)).toBe(expected);
  });

  it("allows nothing when empty", () => {
    expect(isAllowedImageHost(new URL("https://cdn.example.com/a.png"), [])).toBe(false);
  });
});
