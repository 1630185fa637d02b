import { hash, verify, type Algorithm } from "@node-rs/argon2";

// OWASP's argon2id recommendation: 19 MiB of memory, 2 passes, 1 lane.
// Algorithm is a const enum, which isolated modules cannot read: 2 is Argon2id.
const OPTIONS = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string) {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string) {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
