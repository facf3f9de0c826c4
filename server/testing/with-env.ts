// Runs a test body with some environment variables changed, then puts them back. env()
// caches its parse, so the cache is dropped on the way in and out.
import { resetEnvCache } from "../env";

export async function withEnv<T>(vars: Record<string, string | undefined>, body: () => Promise<T> | T): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(values)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetEnvCache();
  };
  apply(vars);
  try {
    return await body();
  } finally {
    apply(saved);
  }
}
