// `--name N` flags for the benches: integers only, each with its default; anything else is an
// error that prints the bench's usage line.

/** Parses `argv` into a copy of `defaults`; a flag may go down to `min[name]` (default 1). */
export function intFlags<T extends Record<string, number>>(argv: string[], defaults: T, usage: string, min: Partial<Record<keyof T, number>> = {}): T {
  const o = { ...defaults };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const key = arg.slice(2) as keyof T;
    if (!arg.startsWith("--") || !(key in o)) throw new Error(`unknown argument ${arg}\n${usage}`);
    const value = Number(argv[++i]);
    const least = min[key] ?? 1;
    if (!Number.isInteger(value) || value < least) throw new Error(`${arg} needs an integer ≥ ${least}\n${usage}`);
    o[key] = value as T[keyof T];
  }
  return o;
}
