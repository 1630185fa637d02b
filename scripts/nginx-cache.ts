// deploy/nginx.conf as shipped, run by Debian's nginx in front of an app
// server on this machine, with only its addresses changed (decision 043):
// the shared cache's browser test (tests/e2e/shared-cache.spec.ts) and the
// bench's rows through the cache both start it here.
import { spawn } from "node:child_process";
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NGINX } from "../tests/e2e/browser";

/** Root's nginx hands its workers to this user; it is run as that user from the start, so no part of it is root. */
const NOBODY = 65534;

/** deploy/nginx.conf listening on `cachePort`, in front of the app on `appPort`, keeping pages under `dir`. */
function deployedConfig(appPort: number, cachePort: number, dir: string) {
  const shipped = readFileSync("deploy/nginx.conf", "utf8");
  const replacements: [RegExp, string][] = [
    [/^(\s*)server 127\.0\.0\.1:3000;$/m, `$1server 127.0.0.1:${appPort};`],
    [/^\s*listen \[::\]:80;\n/m, ""],
    [/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${cachePort};`],
    [/\/var\/cache\/nginx\/storefront/, join(dir, "cache")],
  ];
  return replacements.reduce((config, [pattern, replacement]) => {
    if (!pattern.test(config)) throw new Error(`deploy/nginx.conf has nothing matching ${pattern}`);
    return config.replace(pattern, replacement);
  }, shipped);
}

export type NginxCache = { url: string; stop: () => Promise<void> };

/**
 * Starts the cache and waits until it answers for the app's readiness.
 * `prefix` runs nginx through a command (the bench pins it to a core).
 */
export async function startNginxCache({ appPort, cachePort, prefix = [] }: { appPort: number; cachePort: number; prefix?: string[] }): Promise<NginxCache> {
  if (!NGINX) throw new Error("No nginx: apt-get install -y nginx");
  const dir = mkdtempSync(join(tmpdir(), "storefront-nginx-"));
  for (const sub of ["cache", "temp"]) mkdirSync(join(dir, sub));
  writeFileSync(join(dir, "storefront.conf"), deployedConfig(appPort, cachePort, dir));
  // What Debian's /etc/nginx/nginx.conf gives around its conf.d, with every file under `dir`.
  writeFileSync(
    join(dir, "nginx.conf"),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/temp/body;
  proxy_temp_path ${dir}/temp/proxy;
  fastcgi_temp_path ${dir}/temp/fastcgi;
  uwsgi_temp_path ${dir}/temp/uwsgi;
  scgi_temp_path ${dir}/temp/scgi;
  include ${dir}/storefront.conf;
}
`,
  );
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    chmodSync(dir, 0o755);
    for (const path of [dir, join(dir, "cache"), join(dir, "temp"), join(dir, "storefront.conf"), join(dir, "nginx.conf")]) chownSync(path, NOBODY, NOBODY);
  }
  const command = [...prefix, NGINX, "-p", dir, "-c", join(dir, "nginx.conf"), "-e", join(dir, "error.log")];
  const nginx = spawn(command[0]!, command.slice(1), { stdio: ["ignore", "ignore", "pipe"], ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}) });
  let errors = "";
  nginx.stderr.on("data", (chunk) => (errors += chunk));
  const url = `http://127.0.0.1:${cachePort}`;
  const stop = async () => {
    if (nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx.once("exit", resolve));
      nginx.kill("SIGTERM");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 100; i++) {
    if (nginx.exitCode !== null) break;
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`nginx did not answer on ${cachePort}: ${errors}`);
}
