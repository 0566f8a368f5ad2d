/** The caller's environment plus the store's start-time defaults (MALLOC_ARENA_MAX=2 unless set). */
export function serverEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
