-- CreateIndex: each agent's latest completed runs, newest first (a backward scan), for the
-- characters-per-token a model's token estimate learns from. Partial: only completed runs
-- are read, and they are the ones that pile up.
CREATE INDEX "Run_agentId_endedAt_idx" ON "Run"("agentId", "endedAt") WHERE status = 'completed';
