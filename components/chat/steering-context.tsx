"use client";
// What the parts under an agent's message need to steer it (answer its question, stop its run,
// regenerate it, list its steps), given once by the open space instead of through every message.
import { createContext, useContext } from "react";
import type { RunDto } from "@/lib/realtime/dto";
import type { RunStepsDto } from "@/lib/runs/run-steps";

export interface Steering {
  meId: string;
  /** Workspace admin, or owner/admin of the open space: may stop any run here. */
  managesSpace: boolean;
  /** Runs the client knows of (live ones, and ones that ended while it watched). */
  runs: Record<string, RunDto>;
  answerQuestion(messageId: string, option: string): Promise<unknown>;
  stopRun(runId: string): Promise<unknown>;
  regenerate(messageId: string): Promise<unknown>;
  runSteps(messageId: string): Promise<RunStepsDto>;
}

export const SteeringContext = createContext<Steering | null>(null);

export const useSteering = () => useContext(SteeringContext);

/** Whether I may stop this run: the person it works for, the space's owners and admins (the server checks again). */
export const canStop = (s: Steering, run: RunDto) => s.managesSpace || run.triggerEntityId === s.meId;
