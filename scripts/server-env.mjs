// The environment the store's server process starts with: settings that only take effect when a
// process starts, so `npm start` and the bench set them when they spawn it (a service manager
// should too: README, "Running under a service manager").

/**
 * The caller's environment plus `MALLOC_ARENA_MAX=2` unless it sets its own. glibc's malloc gives
 * threads that allocate at once arenas of their own (up to 8 per core) and keeps what is freed
 * in them: after a burst of uploads (libvips decodes on worker threads) a process kept about
 * 100 MB it no longer used, for minutes. Two arenas give it back at once (decision 021).
 * @param {NodeJS.ProcessEnv} env
 * @returns {NodeJS.ProcessEnv}
 */
export function serverEnv(env) {
  return { MALLOC_ARENA_MAX: "2", ...env };
}
