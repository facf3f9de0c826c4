// How a service calls this agent: a ready curl command with the app's address and a
// placeholder where the key goes (the key itself is only ever shown once, at rotation).
import { CopyButton } from "./copy-button";

export function curlSnippet(appUrl: string, agentId: string): string {
  return [
    `curl -X POST ${appUrl}/api/agents/${agentId}/trigger \\`,
    `  -H "x-secret-key: $PARLEY_SERVICE_KEY" \\`,
    `  -H 'content-type: application/json' \\`,
    `  -d '{"serviceName":"ci","payload":{"build":42,"ok":true}}'`,
  ].join("\n");
}

export function CurlSnippet({ appUrl, agentId }: { appUrl: string; agentId: string }) {
  const text = curlSnippet(appUrl, agentId);
  return (
    <section aria-labelledby="curl" className="rounded-2xl border border-zinc-200 p-4 sm:p-5 dark:border-zinc-800">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="curl" className="font-semibold">
          Call it from a service
        </h2>
        <CopyButton text={text} label="Copy the curl command" />
      </div>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        Set <code>PARLEY_SERVICE_KEY</code> to the key shown when you rotated it. Answers 201 with the run&apos;s id, 401 for a wrong or revoked key, 429 past
        the agent&apos;s limits.
      </p>
      <pre className="mt-3 overflow-x-auto rounded-lg bg-zinc-100 p-3 font-mono text-xs dark:bg-zinc-900">{text}</pre>
    </section>
  );
}
