import { expect, test } from "@playwright/test";
import { request as httpRequest } from "node:http";
import { Socket } from "node:net";
import { PROCESSORS } from "../../app/models/payments/provider";
import { ROUTES, samplePath } from "../route-list";
import { ownClientAddress } from "./fixtures";

// The malformed requests an outside probe sends, to every route the app has
// (read from app/routes.ts, so a new route is probed without editing this file),
// anonymous and signed in. No answer may be a 5xx: a malformed request is the
// sender's fault and gets a 4xx with a message (server/request-screen.ts).

// The suite's server, on the port playwright.config.ts chose.
const PORT = Number(process.env.E2E_PORT);

/** Sample values for a route's parameters: ordinary, out of every column's range, emoji, negative. */
const PARAM_VALUES = ["1", "99999999999999999999", "%F0%9F%98%80", "-1"];
/** Field names the shop's forms and API calls read. */
const FIELDS = [
  "email", "password", "current_password", "new_password", "first_name", "last_name", "phone", "newsletter", "redirectTo", "token",
  "id", "address_id", "country_id", "first_address", "second_address", "city", "zip", "company", "is_default", "currency_id",
  "product_layout", "language", "locale", "intent", "q", "query", "page", "per_page", "sort", "price_min", "price_max", "category_id", "flag", "quantity", "amount", "status",
];
const HUGE = ["99999999999999999999", "40000", "1e20", "-1e20", "NaN", "1.5"];

/** A route's URL paths, one per sample parameter value, each without and with a language. */
function pathsOf(pattern: string): string[] {
  const dynamic = pattern.split("/").some((segment) => segment === "*" || (segment.startsWith(":") && segment !== ":locale?"));
  const values = dynamic ? PARAM_VALUES : ["1"];
  const inLayout = pattern.startsWith("/:locale?");
  return values.flatMap((value) => (inLayout ? [samplePath(pattern, value), samplePath(pattern, value, "en")] : [samplePath(pattern, value)]));
}

const PATHS = [...new Set(ROUTES.flatMap((route) => pathsOf(route.pattern)))];

type Sent = { method: string; path: string; status: number };

/** One request with node's own client, so any method and body can be sent as is. */
function send(method: string, path: string, { body, headers = {} }: { body?: string | Buffer; headers?: Record<string, string> } = {}): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: PORT, method, path, headers: { host: `localhost:${PORT}`, ...headers } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ method, path, status: res.statusCode ?? 0 }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** One request's status and its body as text. */
function textOf(method: string, path: string, { body, headers = {} }: { body?: string; headers?: Record<string, string> } = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: PORT, method, path, headers: { host: `localhost:${PORT}`, ...headers } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** A request written byte for byte, for Host headers node's client would refuse to send. */
function sendRaw(lines: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    let answer = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk) => {
      answer += chunk;
      if (answer.includes("\r\n")) {
        socket.destroy();
        resolve(Number(answer.split(" ")[1]));
      }
    });
    socket.on("error", reject);
    socket.connect(PORT, "127.0.0.1", () => socket.write(`${lines.join("\r\n")}\r\n\r\n`));
  });
}

function form(fields: Record<string, string>) {
  return new URLSearchParams(fields).toString();
}

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const JSON_TYPE = { "content-type": "application/json" };

/** Every malformed request for one path. */
function probes(path: string, headers: Record<string, string>): Array<() => Promise<Sent>> {
  const withNul = Object.fromEntries(FIELDS.map((name) => [name, "a\0b"]));
  const list: Array<() => Promise<Sent>> = [
    () => send("GET", `${path}?${form({ page: "1e20", price_min: "1e20", price_max: "1e20", id: HUGE[0]!, country_id: "40000", sort: "\u{1F600}" })}`, { headers }),
    () => send("GET", `${path}?f.current_price.gte=1e20&f.current_price.lte=-1e20&f.discount_percentage.gte=1e20&f.manufacturer=${HUGE[0]}`, { headers }),
    () => send("GET", `${path}?q=a%00b`, { headers }),
    () => send("POST", path, { body: '{"email":"a@b.c"}', headers: { ...headers, ...JSON_TYPE } }),
    () => send("POST", path, { body: "just text", headers: { ...headers, "content-type": "text/plain" } }),
    () => send("POST", path, { body: "<?xml version='1.0'?><a/>", headers: { ...headers, "content-type": "application/xml" } }),
    () => send("POST", path, { body: "x", headers: { ...headers, "content-type": "multipart/form-data" } }),
    () => send("POST", path, { body: "not multipart", headers: { ...headers, "content-type": "multipart/form-data; boundary=zz" } }),
    () => send("POST", path, { body: "", headers }),
    () => send("POST", path, { body: form(withNul), headers: { ...headers, ...FORM } }),
    () => send("POST", path, { body: JSON.stringify(withNul), headers: { ...headers, ...JSON_TYPE } }),
    () => send("POST", path, { body: "{not json", headers: { ...headers, ...JSON_TYPE } }),
    () => send("POST", path, { body: "%zz=%", headers: { ...headers, ...FORM } }),
    () => send("POST", path, { body: form({ name__confirm: "", from__confirm: "not-a-timestamp", email: "a@b.c", password: "whatever-1234" }), headers: { ...headers, ...FORM } }),
    () => send("PUT", path, { headers }),
    () => send("PATCH", path, { headers }),
    () => send("DELETE", path, { headers }),
    () => send("TRACE", path, { headers }),
    () => send("OPTIONS", path, { headers }),
  ];
  for (const value of HUGE) {
    const fields = Object.fromEntries(FIELDS.map((name) => [name, value]));
    list.push(() => send("POST", path, { body: form(fields), headers: { ...headers, ...FORM } }));
    list.push(() => send("POST", path, { body: JSON.stringify(Object.fromEntries(FIELDS.map((name) => [name, Number(value)]))), headers: { ...headers, ...JSON_TYPE } }));
    list.push(() => send("POST", path, { body: JSON.stringify(fields), headers: { ...headers, ...JSON_TYPE } }));
  }
  return list;
}

/** Runs the probes a few at a time and returns every 5xx. */
async function faults(all: Array<() => Promise<Sent>>) {
  const found: Sent[] = [];
  for (let i = 0; i < all.length; i += 8) {
    for (const sent of await Promise.all(all.slice(i, i + 8).map((probe) => probe()))) if (sent.status >= 500) found.push(sent);
  }
  return found;
}

async function signedInCookie() {
  const email = `fuzz-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const body = JSON.stringify({ email, password: "fuzzing-password-2026", first_name: "Fuzz", last_name: "Probe" });
  return new Promise<string>((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port: PORT, method: "POST", path: "/api/auth/register", headers: { host: `localhost:${PORT}`, ...JSON_TYPE, ...ownClientAddress() } },
      (res) => {
        res.resume();
        const cookie = (res.headers["set-cookie"] ?? []).map((line) => line.split(";")[0]).join("; ");
        res.on("end", () => (res.statusCode === 201 && cookie ? resolve(cookie) : reject(new Error(`register answered ${res.statusCode}`))));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** The honeypot fields of a public form, as its page renders them. */
async function honeypotFields(html: string) {
  return Object.fromEntries([...html.matchAll(/name="(name__confirm|from__confirm)"[^>]*value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

test.describe("redirect targets that lead to another site", () => {
  test.skip(({ isMobile }) => isMobile, "the phone project would send the same bytes again");
  // Browsers drop tabs and line breaks from URLs and read "\\" as "/".
  const EVIL = ["/\t/evil.example", "/\n/evil.example", "/\r\n/evil.example", "/\\evil.example", "//evil.example", "https://evil.example/", "/x\r\nSet-Cookie: a=b"];

  function expectSameSite(location: string | undefined, target: string) {
    expect(location, target).toBeDefined();
    const resolved = new URL(location!, `http://localhost:${PORT}`);
    expect(resolved.origin, `${JSON.stringify(target)} → ${location}`).toBe(`http://localhost:${PORT}`);
    expect(location).not.toMatch(/[\r\n\t]/);
  }

  test("are refused by sign-in, registration, sign-out, preferences and the unpaid-orders alert", async ({ playwright }) => {
    for (const target of EVIL) {
      const request = await playwright.request.newContext({ baseURL: `http://localhost:${PORT}`, extraHTTPHeaders: ownClientAddress() });
      const post = (path: string, form: Record<string, string>) => request.post(path, { form, maxRedirects: 0 });

      const register = await post("/en/register", {
        ...(await honeypotFields(await (await request.get("/en/register")).text())),
        email: `redirect-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
        password: "redirect-password-2026",
        first_name: "Red",
        last_name: "Irect",
        redirectTo: target,
      });
      expect(register.status(), target).toBe(303);
      expectSameSite(register.headers()["location"], target);

      for (const [path, form] of [
        ["/en/preferences", { product_layout: "GRID", redirectTo: target }],
        ["/en/unpaid-orders-alert", { intent: "dismiss", redirectTo: target }],
        ["/en/logout", { redirectTo: target }],
      ] as const) {
        const response = await post(path, form);
        expect(response.status(), `${path} ${target}`).toBeGreaterThanOrEqual(300);
        expect(response.status(), `${path} ${target}`).toBeLessThan(400);
        expectSameSite(response.headers()["location"], target);
      }

      const login = await post("/en/login", {
        ...(await honeypotFields(await (await request.get("/en/login")).text())),
        email: "customer@example.com",
        password: "demo-customer-2026",
        redirectTo: target,
      });
      expect(login.status(), target).toBe(303);
      expectSameSite(login.headers()["location"], target);
      await request.dispose();
    }
  });
});

test.describe("malformed requests", () => {
  test.describe.configure({ timeout: 600_000 });
  test.skip(({ isMobile }) => isMobile, "the phone project would send the same bytes again");

  test("derives the routes it probes from app/routes.ts", () => {
    expect(ROUTES.length).toBeGreaterThan(40);
    expect(PATHS).toContain("/en/login");
    expect(PATHS).toContain("/api/account/add-delivery-address");
    expect(PATHS).toContain("/en/balance-history/99999999999999999999");
  });

  test("no answer to a malformed request is a 5xx, anonymous", async () => {
    const headers = ownClientAddress();
    expect(await faults(PATHS.flatMap((path) => probes(path, headers)))).toEqual([]);
  });

  test("no answer to a malformed request is a 5xx, signed in", async () => {
    const headers = { cookie: await signedInCookie(), ...ownClientAddress() };
    expect(await faults(PATHS.flatMap((path) => probes(path, headers)))).toEqual([]);
  });

  test("a JSON body nested 5,000 or 12,000 levels deep is a 400 on every API call, in the caller's language", async () => {
    const headers = { ...ownClientAddress(), ...JSON_TYPE, "accept-language": "lt" };
    const calls = PATHS.filter((path) => path.startsWith("/api/") && !path.startsWith("/api/payments/webhooks/"));
    expect(calls.length).toBeGreaterThan(30);
    for (const levels of [5_000, 12_000]) {
      const arrays = `${"[".repeat(levels)}${"]".repeat(levels)}`;
      const objects = `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;
      const answers = await Promise.all(calls.flatMap((path) => [send("POST", path, { body: arrays, headers }), send("POST", path, { body: objects, headers })]));
      expect(answers.filter((answer) => answer.status !== 400)).toEqual([]);
    }
    const answer = await fetch(`http://localhost:${PORT}/api/cart/add`, { method: "POST", headers, body: `${"[".repeat(5_000)}${"]".repeat(5_000)}` });
    expect(await answer.json()).toEqual({ status: false, message: "Užklausos duomenys įdėti per giliai." });
  });

  test("a JSON body nested 12,000 levels deep is refused by every processor's webhook, which the screen lets through unread", async () => {
    const body = `{"id":"evt_deep","data":${"[".repeat(12_000)}${"]".repeat(12_000)}}`;
    for (const processor of PROCESSORS) {
      const { status } = await send("POST", `/api/payments/webhooks/${processor}`, { body, headers: { ...ownClientAddress(), ...JSON_TYPE } });
      // 400 from a processor this server has keys for; 404 from one it has none for.
      expect(status, processor).toBeGreaterThanOrEqual(400);
      expect(status, processor).toBeLessThan(500);
    }
  });

  test("a write whose Origin disagrees with its Host is a 403, never Remix's 500, on every page and API call, in the caller's language", async () => {
    const writes = PATHS.filter((path) => !path.startsWith("/api/payments/webhooks/"));
    // Sec-Fetch-Site same-origin let each of these past the shop's check, and Remix's own comparison of Origin and Host then answered 500.
    const disagreeing: Array<Record<string, string>> = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { origin: "" },
      { origin: "not a url" },
      { origin: `http://localhost:${PORT}`, "x-forwarded-host": "evil.example" },
    ];
    const body = form({ email: "a@b.c", password: "whatever-1234", intent: "dismiss" });
    const all = writes.flatMap((path) =>
      disagreeing.map((headers) => () => send("POST", path, { body, headers: { ...ownClientAddress(), ...FORM, "sec-fetch-site": "same-origin", ...headers } })),
    );
    const answers: Sent[] = [];
    for (let i = 0; i < all.length; i += 8) answers.push(...(await Promise.all(all.slice(i, i + 8).map((probe) => probe()))));
    expect(answers.filter((answer) => answer.status !== 403)).toEqual([]);

    const refused = await textOf("POST", "/lt/login", { body, headers: { ...ownClientAddress(), ...FORM, origin: "https://evil.example", "sec-fetch-site": "same-origin" } });
    expect(refused).toEqual({ status: 403, text: "Užklausos iš kitos svetainės čia nieko keisti negali." });
    // The same form from the shop's own page goes on to the form's own answer.
    const own = await send("POST", "/lt/login", { body, headers: { ...ownClientAddress(), ...FORM, origin: `http://localhost:${PORT}`, "sec-fetch-site": "same-origin" } });
    expect(own.status).toBeLessThan(500);
    expect(own.status).not.toBe(403);
  });

  test("an invalid Host is a 400, on pages and API calls alike", async () => {
    for (const host of [`localhost:99999`, "a b", "[::1"]) {
      for (const line of ["GET / HTTP/1.1", "GET /en/login HTTP/1.1", "POST /api/auth/login HTTP/1.1"]) {
        expect(await sendRaw([line, `Host: ${host}`, "Content-Length: 0", "Connection: close"]), `${line} Host: ${host}`).toBe(400);
      }
    }
  });

  test("each kind of malformed request gets its own 4xx", async () => {
    const headers = ownClientAddress();
    expect((await send("TRACE", "/", { headers })).status).toBe(405);
    expect((await send("PUT", "/en/login", { headers })).status).toBe(405);
    expect((await send("POST", "/en/login", { body: '{"a":1}', headers: { ...headers, ...JSON_TYPE } })).status).toBe(415);
    expect((await send("POST", "/en/login", { body: "x", headers: { ...headers, "content-type": "multipart/form-data" } })).status).toBe(400);
    expect((await send("POST", "/api/auth/login", { body: "email=a", headers: { ...headers, ...FORM } })).status).toBe(415);
    expect((await send("GET", "/en/search?q=a%00b", { headers })).status).toBe(400);
    expect((await send("POST", "/api/auth/login", { body: '{"email":"a\\u0000b","password":"x"}', headers: { ...headers, ...JSON_TYPE } })).status).toBe(400);
    expect((await send("GET", "/market/product/%F0%9F%98%80", { headers })).status).toBe(301);
    expect((await send("GET", "/en/search?q=phone&f.current_price.gte=1e20", { headers })).status).toBe(400);
  });

  test("a body over the limit is refused with 413", async () => {
    const headers = ownClientAddress();
    const huge = Buffer.alloc(10 * 1024 * 1024, "a");
    expect((await send("POST", "/api/auth/login", { body: huge, headers: { ...headers, ...JSON_TYPE } })).status).toBe(413);
    expect((await send("POST", "/en/login", { body: Buffer.concat([Buffer.from("email="), huge]), headers: { ...headers, ...FORM } })).status).toBe(413);
  });

  test("a form sent back with its errors carries no more of a field than the field allows", async ({ request }) => {
    const honeypot = await honeypotFields(await (await request.get("/en/register")).text());
    expect(Object.keys(honeypot).sort()).toEqual(["from__confirm", "name__confirm"]);
    const sentBack = async (firstName: string) => {
      const response = await request.post("/en/register", {
        form: { ...honeypot, email: "long@example.com", password: "long-field-password-1", first_name: firstName, last_name: "Probe" },
        headers: { ...ownClientAddress(), accept: "text/html" },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(400);
      // Without its stylesheet, which is the whole sheet when the page took
      // long enough to draw that it was streamed (decision 044), and its own
      // rules otherwise: a busy machine decides which, not the field.
      return (await response.text()).replace(/<style id="shop-styles"[^>]*>[\s\S]*?<\/style>/, "");
    };
    const body = await sentBack("x".repeat(60_000));
    // first_name allows 100 characters: that much may come back, never the 60,000 sent,
    // so the page is no longer than for a name one character over, give or
    // take the half kilobyte of script React adds to a page it streamed
    // (a busy machine, again): the 60,000 coming back in any other form is
    // still caught.
    expect(body).not.toContain("x".repeat(101));
    expect(body.length).toBeLessThan((await sentBack("x".repeat(101))).length + 2_000);
  });
});
