// An agent's memories are key → value facts injected into every run; these bound each one.
export const MAX_MEMORY_KEY = 100;
export const MAX_MEMORY_VALUE = 2000;
