// The History tab tells an agent's own changes from an admin's: which run, and for whom.
import { expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { AuditEntryDto } from "@/lib/audit/audit-actions";
import { AuditList } from "./audit-list";

const entry = (over: Partial<AuditEntryDto>): AuditEntryDto => ({
  id: "e1",
  actor: { id: "a1", name: "Planner" },
  agentId: "ag1",
  action: "memory.update",
  subject: 'memory "note"',
  before: { value: "Friday" },
  after: { value: "Monday" },
  createdAt: "2026-11-25T10:00:00.000Z",
  run: null,
  ...over,
});

it("labels a change an agent's run made with the run (linked) and the person it acted for", () => {
  const html = renderToStaticMarkup(
    <AuditList
      agentId="ag1"
      nextBefore={null}
      entries={[entry({ run: { id: "run7", forName: "Ben" } }), entry({ id: "e2", actor: { id: "u1", name: "Ada" }, run: null })]}
    />,
  );
  const [agentLine, adminLine] = html.split("<li").slice(1);
  expect(agentLine).toContain('href="/admin/runs/run7"');
  expect(agentLine).toMatch(/Planner.*its run<\/a> for Ben\).*changed memory/);
  expect(adminLine).not.toContain("its run");
  expect(adminLine).toContain("Ada");
});
