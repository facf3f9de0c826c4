// A JSON path into a service payload: `items[3].title`, `$.a.b`, `a["key with dots"]`. Parsed
// by hand because it is this small; a syntax error and a missing step give the same answer so
// the model is told only "no such path".

type Step = string | number;

const STEP = /^(?:\.([A-Za-z_$][\w$-]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\])/;

/** The steps of `path`, or null when it does not parse. */
export function parsePayloadPath(path: string): Step[] | null {
  let rest = path.trim();
  if (rest.startsWith("$")) rest = rest.slice(1);
  else if (rest && !rest.startsWith("[") && !rest.startsWith(".")) rest = `.${rest}`;
  const steps: Step[] = [];
  while (rest) {
    const m = STEP.exec(rest);
    if (!m) return null;
    if (m[1] !== undefined) steps.push(m[1]);
    else if (m[2] !== undefined) steps.push(Number(m[2]));
    else steps.push(JSON.parse(m[3]!) as string);
    rest = rest.slice(m[0].length);
  }
  return steps;
}

/** The value at `steps`, or undefined when a step is missing. Own keys only (never a prototype's). */
export function valueAt(root: unknown, steps: readonly Step[]): unknown {
  let v: unknown = root;
  for (const step of steps) {
    if (typeof step === "number") {
      if (!Array.isArray(v) || step >= v.length) return undefined;
      v = v[step];
    } else {
      if (!v || typeof v !== "object" || Array.isArray(v) || !Object.hasOwn(v, step)) return undefined;
      v = (v as Record<string, unknown>)[step];
    }
  }
  return v;
}
