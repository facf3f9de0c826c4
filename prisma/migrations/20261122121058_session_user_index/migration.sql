-- CreateIndex
CREATE INDEX "Session_userId_idx" ON "Session"("userId");

