// Which interface to listen on. The demo accounts have published passwords, so while they
// exist an unset HOST means this machine only; an explicit HOST always wins.
export interface ListenHost {
  host: string;
  /** Why an unset HOST became 127.0.0.1: said once at start. */
  warning?: string;
}

export function listenHost({ host, demoAccounts }: { host: string | undefined; demoAccounts: readonly string[] }): ListenHost {
  if (host) return { host };
  if (demoAccounts.length === 0) return { host: "0.0.0.0" };
  return {
    host: "127.0.0.1",
    warning: `demo accounts exist (${demoAccounts.join(", ")}): listening on 127.0.0.1 only; set HOST to override`,
  };
}
