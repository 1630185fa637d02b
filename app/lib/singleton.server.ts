// The server bundle and the Remix build each hold their own copy of app
// modules; a value kept on globalThis is shared by both (and survives dev
// reloads), so there is one database connection per process.
export function singleton<T>(name: string, create: () => T): T {
  const store = globalThis as unknown as { __singletons?: Map<string, unknown> };
  store.__singletons ??= new Map();
  if (!store.__singletons.has(name)) store.__singletons.set(name, create());
  return store.__singletons.get(name) as T;
}

/** Removes the value and hands it back, so its owner can close it. */
export function forgetSingleton<T>(name: string): T | undefined {
  const store = globalThis as unknown as { __singletons?: Map<string, unknown> };
  const value = store.__singletons?.get(name) as T | undefined;
  store.__singletons?.delete(name);
  return value;
}
